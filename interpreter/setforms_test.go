package interpreter

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// The set forms (setforms.go) and compact moves (compact.go) must list
// exactly the moves the closures list, in the same order, and the random
// playouts' rule-by-rule list (generateSets) the same moves in some order:
// on random games and random stacks of every built-in and example, and on
// random rule files whose conditions are random expressions.

// setsAgree compares the move lists of sets (set forms on) and closures
// (Options.noSets) at p, and returns the error both met, if any.
func setsAgree(t *testing.T, sets, closures *Game, p *board.Position, src string) {
	t.Helper()
	sm, serr := sets.LegalMovesErr(p, nil)
	cm, cerr := closures.LegalMovesErr(p, nil)
	if (serr == nil) != (cerr == nil) || (serr != nil && serr.Error() != cerr.Error()) {
		t.Fatalf("%s: set forms give error %v, closures %v\n%s", sets.FormatPosition(p), serr, cerr, src)
	}
	if !slices.Equal(sm, cm) {
		t.Fatalf("%s:\nset forms give %v\nclosures give  %v\n%s", sets.FormatPosition(p), moveList(sets, sm), moveList(closures, cm), src)
	}
	if !sets.compact || serr != nil || len(sm) == 0 {
		return
	}
	// The playouts' list: the same moves, rule by rule.
	c := sets.ctx(p, int(p.ToMove))
	c.words = sets.scanWords(p)
	c.cbuf = sets.generateSets(c, c.cbuf[:0])
	var got []board.Move
	for _, m := range c.cbuf {
		got = append(got, m.move())
	}
	err := c.err
	sets.release(c)
	if err != nil {
		t.Fatalf("%s: generateSets met %v where LegalMoves met none", sets.FormatPosition(p), err)
	}
	want := append([]board.Move(nil), sm...)
	sortMoves(got)
	sortMoves(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s:\ngenerateSets gives %v\nLegalMoves gives   %v\n%s", sets.FormatPosition(p), moveList(sets, got), moveList(sets, want), src)
	}
}

func sortMoves(ms []board.Move) {
	slices.SortFunc(ms, func(a, b board.Move) int {
		for _, d := range []int{int(a.From) - int(b.From), int(a.To) - int(b.To), int(a.Lift) - int(b.Lift), int(a.Kind) - int(b.Kind), int(a.Rule) - int(b.Rule)} {
			if d != 0 {
				return d
			}
		}
		return 0
	})
}

func moveList(g *Game, ms []board.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, g.MoveString(m)+"/"+g.RuleName(m))
	}
	return out
}

// setFormsUsed counts the move rules of g with each kind of set form.
func setFormsUsed(g *Game) (lift, dest, src, compact int) {
	for _, r := range g.moveRules {
		if r.liftSet != nil || r.liftOwner != 0 || (r.liftAlways != ^uint64(0) && r.sets) {
			lift++
		}
		if r.destSet != nil {
			dest++
		}
		if r.srcHeights != ^uint64(0) {
			src++
		}
	}
	if g.compact {
		compact = 1
	}
	return
}

func TestSetFormsAgreeWithClosures(t *testing.T) {
	games := 12
	if os.Getenv("STACKRULES_DEEP") == "1" {
		games = 100
	}
	var lift, dest, src, compact int
	for _, name := range append(gameFiles(t), "testdata/tall-columns.yaml") {
		t.Run(name, func(t *testing.T) {
			sets, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			closures, err := Open(name, Options{noSets: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range closures.moveRules {
				if r.sets {
					t.Fatalf("rule %s has set forms with noSets", r.name)
				}
			}
			l, d, s, cp := setFormsUsed(sets)
			lift, dest, src, compact = lift+l, dest+d, src+s, compact+cp
			rng := rand.New(rand.NewPCG(29, 1))
			compared := 0
			for game := 0; game < games; game++ {
				p := sets.Start()
				for ply := 0; ply < 200; ply++ {
					setsAgree(t, sets, closures, &p, "")
					compared++
					moves := sets.LegalMoves(&p, nil)
					if len(moves) == 0 {
						break
					}
					sets.Apply(&p, moves[rng.IntN(len(moves))])
				}
			}
			// Random stacks reach what play seldom does: tall mixed stacks,
			// every height under every rule.
			if sets.dice == nil && !sets.hands && !sets.tall && sets.Board.Neutral() == 0 {
				for i := 0; i < 20*games; i++ {
					p := randomPosition(rng, sets)
					setsAgree(t, sets, closures, &p, "")
					compared++
				}
			}
			t.Logf("%d positions compared", compared)
		})
	}
	t.Logf("rules with set forms: %d lift, %d destination, %d source; %d compact games", lift, dest, src, compact)
	if lift == 0 || dest == 0 || src == 0 || compact < 2 {
		t.Errorf("the built-ins exercise too few set forms: %d lift, %d destination, %d source, %d compact games", lift, dest, src, compact)
	}
}

func TestSetFormsRandomRuleFiles(t *testing.T) {
	files, positions := 200, 20
	if os.Getenv("STACKRULES_DEEP") == "1" {
		files = 4000
	}
	rng := rand.New(rand.NewPCG(29, 2))
	var lift, dest, src, compact, loaded, compared int
	for f := 0; f < files; f++ {
		text := withSetTerms(rng, randomRuleFile(rng, f%2))
		sets, serr := Load("random.yaml", []byte(text))
		closures, cerr := Load("random.yaml", []byte(text), Options{noSets: true})
		if (serr == nil) != (cerr == nil) {
			t.Fatalf("one game loads and the other does not:\n%s\nsets: %v\nclosures: %v", text, serr, cerr)
		}
		if serr != nil {
			continue
		}
		loaded++
		l, d, s, cp := setFormsUsed(sets)
		lift, dest, src, compact = lift+l, dest+d, src+s, compact+cp
		for i := 0; i < positions; i++ {
			p := randomPosition(rng, sets)
			for ply := 0; ply < 3; ply++ {
				setsAgree(t, sets, closures, &p, text)
				compared++
				moves, err := closures.LegalMovesErr(&p, nil)
				if err != nil || len(moves) == 0 {
					break
				}
				closures.Apply(&p, moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("%d of %d files loaded, %d positions compared; rules with set forms: %d lift, %d destination, %d source; %d compact games",
		loaded, files, compared, lift, dest, src, compact)
	if loaded < files/2 || lift == 0 || dest == 0 || src == 0 || compact == 0 {
		t.Errorf("the random files exercise too little: %d loaded, set forms %d lift, %d destination, %d source, %d compact games", loaded, lift, dest, src, compact)
	}
}

// Terms of the shapes that have set forms, for withSetTerms.
var setTerms = [][]string{
	{"height == 1", "height <= 2", "height != 3", "1 < height", "height >= 2"},
	{"lifted == 1", "lifted <= 2", "lifted != 2", "bottom == me", "bottom == opponent", "bottom != me",
		"lifted == 1 || bottom == opponent", "!(bottom == me)", "lifted > 1 && bottom == me", "bottom == none",
		"top == me || lifted == 2", "2 >= lifted", "bottom == blue"},
	{"to_top == opponent", "to_top == me", "to_top == none", "to_top != opponent",
		"to_top == opponent || to_top == none", "me == to_top", "to_top == red"},
}

// withSetTerms puts terms that have set forms in front of some of the move
// rules' conditions of a random rule file (randomRuleFile), and after the
// random condition in others, where they are not written first.
func withSetTerms(rng *rand.Rand, text string) string {
	lines := strings.Split(text, "\n")
	inMoves := false
	for i, l := range lines {
		switch {
		case l == "moves:":
			inMoves = true
		case !strings.HasPrefix(l, " "):
			inMoves = false
		case inMoves && strings.HasPrefix(l, "    when: '") && rng.IntN(4) != 0:
			var terms []string
			for _, level := range setTerms {
				if rng.IntN(3) != 0 {
					terms = append(terms, level[rng.IntN(len(level))])
				}
			}
			if len(terms) == 0 {
				continue
			}
			rng.Shuffle(len(terms), func(a, b int) { terms[a], terms[b] = terms[b], terms[a] })
			cond := strings.TrimSuffix(strings.TrimPrefix(l, "    when: '"), "'")
			set := strings.ReplaceAll(strings.Join(terms, " && "), "'", "''")
			if rng.IntN(4) == 0 {
				lines[i] = "    when: '(" + cond + ") && " + set + "'"
			} else {
				lines[i] = "    when: '" + set + " && (" + cond + ")'"
			}
		}
	}
	return strings.Join(lines, "\n")
}
