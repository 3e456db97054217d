package interpreter

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// Word moves (shifts.go) must list the moves the closures list (setsAgree
// compares generateSets, which lists them, with the closures' LegalMoves),
// and a playout's ply must play one of the legal moves and leave the
// position, and its wordView, as Apply and a fresh scan would.

// checkWordPly plays one compactPly at p (c pointing at it, c.words up to
// date) and checks it; it reports whether a move was played.
func checkWordPly(t *testing.T, g *Game, c *Ctx, p *board.Position, rng *rand.Rand, src string) bool {
	t.Helper()
	before := *p
	if c.unhashed {
		before.Recount(g.Board) // the hash left stale by the plies before
		if kept := *p; kept.Hash != before.Hash {
			kept.Hash = before.Hash
			if kept != before {
				t.Fatalf("%s: the counts kept by the plies before differ from a recount", g.FormatPosition(&before))
			}
		}
	}
	legal, lerr := g.LegalMovesErr(&before, nil)
	m, played, err := g.compactPly(c, p, rng)
	if err != nil || lerr != nil {
		if err == nil || lerr == nil || err.Error() != lerr.Error() {
			t.Fatalf("%s: the ply met error %v, LegalMoves %v\n%s", g.FormatPosition(&before), err, lerr, src)
		}
		return false
	}
	if !played {
		if len(legal) > 0 {
			t.Fatalf("%s: the ply played nothing, LegalMoves gives %v\n%s", g.FormatPosition(&before), moveList(g, legal), src)
		}
		return false
	}
	if !slices.Contains(legal, m.move()) {
		t.Fatalf("%s: the ply played %s/%s, not among %v\n%s", g.FormatPosition(&before), g.MoveString(m.move()), g.RuleName(m.move()), moveList(g, legal), src)
	}
	want := before
	g.Apply(&want, m.move())
	got := *p
	if c.unhashed {
		got.Hash = want.Hash // left stale: the rest must be kept as Apply keeps it
	}
	if got != want {
		t.Fatalf("%s: after %s the ply leaves\n%s (hash %x), Apply\n%s (hash %x)\n%s", g.FormatPosition(&before), g.MoveString(m.move()),
			g.FormatPosition(p), p.Hash, g.FormatPosition(&want), want.Hash, src)
	}
	if g.wordMoves && c.words != g.scanWords(p) {
		t.Fatalf("%s: after %s the word view is %+v, a scan gives %+v\n%s", g.FormatPosition(&before), g.MoveString(m.move()), c.words, g.scanWords(p), src)
	}
	return true
}

// wordPlies plays up to n checked plies from p.
func wordPlies(t *testing.T, g *Game, p board.Position, n int, rng *rand.Rand, src string) int {
	t.Helper()
	c := g.ctx(&p, 0)
	defer g.release(c)
	g.startPlayout(c, &p)
	defer g.endPlayout(c, &p)
	for i := 0; i < n; i++ {
		if !checkWordPly(t, g, c, &p, rng, src) {
			return i
		}
	}
	return n
}

// wordFormsUsed counts what of the word forms g uses: rules with shifts,
// with the lifts of taller stacks as sets (talls), games listing every
// move a word at a time (allWords) and played by applyWord (fastApply).
func wordFormsUsed(g *Game) (shifts, talls, all, fast, grid int) {
	for _, r := range g.moveRules {
		for pi := range g.Players {
			if sr := r.step[pi]; sr != nil && sr.shifts != nil {
				shifts++
				if sr.talls {
					talls++
				}
			}
		}
	}
	if g.allWords {
		all = 1
	}
	if g.fastApply {
		fast = 1
	}
	if g.wordMoves && g.layout.bit[1] != 1 {
		grid = 1
	}
	return
}

func TestWordPlayouts(t *testing.T) {
	games := 20
	if os.Getenv("STACKRULES_DEEP") == "1" {
		games = 200
	}
	var shifts, talls, all, fast, grid int
	for _, name := range gameFiles(t) {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if !g.compact {
			continue
		}
		t.Run(name, func(t *testing.T) {
			s, tl, a, f, gr := wordFormsUsed(g)
			shifts, talls, all, fast, grid = shifts+s, talls+tl, all+a, fast+f, grid+gr
			rng := rand.New(rand.NewPCG(29, 3))
			plies := 0
			for i := 0; i < games; i++ {
				plies += wordPlies(t, g, g.Start(), 300, rng, "")
				if g.Board.Neutral() == 0 && !g.hands {
					plies += wordPlies(t, g, randomPosition(rng, g), 20, rng, "")
				}
			}
			// A playout leaves the position whole: its hash too.
			for i := 0; i < games; i++ {
				p := g.Start()
				if _, _, err := g.RandomPlayout(&p, rng, 1+rng.IntN(300), nil); err != nil {
					t.Fatal(err)
				}
				q := p
				q.Recount(g.Board)
				if p != q {
					t.Fatalf("after a playout %s has hash %x, recounted %x", g.FormatPosition(&p), p.Hash, q.Hash)
				}
			}
			t.Logf("%d plies checked", plies)
		})
	}
	t.Logf("%d rules with shifts, %d with the lifts of taller stacks as sets; %d games all words, %d played by applyWord, %d on the grid layout", shifts, talls, all, fast, grid)
	if shifts == 0 || talls == 0 || all < 2 || fast < 2 || grid < 2 {
		t.Errorf("the built-ins exercise too little of the word moves")
	}
}

// Liger's steps forward are two shifts on the grid (+7 and +9 for red,
// a1 = 0, b2 = 9), three on the squares' indices (a1, c1, .., b2 = 4:
// +3, +4, +5): the game takes the grid.
func TestWordLayoutShifts(t *testing.T) {
	g, err := Open("liger")
	if err != nil {
		t.Fatal(err)
	}
	if !g.allWords || !g.fastApply {
		t.Fatalf("liger: allWords %v, fastApply %v", g.allWords, g.fastApply)
	}
	var deltas []int
	for _, s := range g.moveRules[0].step[0].shifts {
		deltas = append(deltas, s.delta)
	}
	if !slices.Equal(deltas, []int{7, 9}) {
		t.Errorf("red's forward shifts: %v; want [7 9]", deltas)
	}
	var dense []int
	for _, s := range makeShifts(g.moveRules[0].targets[0], identityLayout(g.Board.NumSquares())) {
		dense = append(dense, s.delta)
	}
	if !slices.Equal(dense, []int{3, 4, 5}) {
		t.Errorf("red's forward shifts on the indices: %v; want [3 4 5]", dense)
	}
	c3, _ := g.Board.ParseSquare("c3")
	d4, _ := g.Board.ParseSquare("d4")
	if b := g.layout.bit[c3]; b != 2+8*2 {
		t.Errorf("c3 is on bit %d; want 18", b)
	}
	if m := g.moveRules[0].step[0].shifts[1].moves[g.layout.bit[d4]]; m != uint16(c3)|uint16(d4)<<8 {
		t.Errorf("the move +9 to d4 is %04x; want c3-d4", m)
	}
}

// With the hash left stale, the start is still told apart: nobody has
// moved there, so the end conditions are not asked.
func TestAtStartUnhashed(t *testing.T) {
	g, err := Open("liger")
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	c := g.ctx(&p, 0)
	defer g.release(c)
	c.unhashed = true
	p.Hash ^= 12345
	if !g.atStartUnhashed(c) {
		t.Errorf("the start with a stale hash is not the start")
	}
	p = g.Start()
	g.Apply(&p, g.LegalMoves(&p, nil)[0])
	p.Hash = g.start.Hash
	if g.atStartUnhashed(c) {
		t.Errorf("%s with the start's hash is the start", g.FormatPosition(&p))
	}
	q := g.Start()
	q.Off[0] = 1
	q.Hash = g.start.Hash
	c.pos = &q
	if g.atStartUnhashed(c) {
		t.Errorf("the start with a piece borne off is the start")
	}
}

// An end that holds at the start is not asked there, in a word playout
// that asks the ends before the start's test (pureEnds) too: a Liger whose
// player wins while the opponent shows 12 checkers plays its first move,
// and the game ends after it (blue shows 12).
func TestWordPlayoutEndAtStart(t *testing.T) {
	data, err := os.ReadFile("../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	at := strings.Index(string(data), "\nend:")
	if at < 0 {
		t.Fatal("no end: in liger.yaml")
	}
	at += strings.IndexByte(string(data[at+1:]), '\n') + 2 // after the end: line
	text := string(data[:at]) + "  - win: showing(opponent) == 12\n" + string(data[at:])
	g, err := Load("liger-end.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if !g.fastApply || !g.pureEnds {
		t.Fatalf("fastApply %v, pureEnds %v", g.fastApply, g.pureEnds)
	}
	if n := wordPlies(t, g, g.Start(), 5, rand.New(rand.NewPCG(29, 5)), text); n != 1 {
		t.Errorf("%d plies played; want 1", n)
	}
}

func TestWordMovesRandomRuleFiles(t *testing.T) {
	files, positions := 150, 10
	if os.Getenv("STACKRULES_DEEP") == "1" {
		files = 3000
	}
	rng := rand.New(rand.NewPCG(29, 4))
	var shifts, talls, all, fast, grid, loaded, words int
	for f := 0; f < files; f++ {
		text := wordRuleFile(rng)
		sets, serr := Load("random.yaml", []byte(text))
		closures, cerr := Load("random.yaml", []byte(text), Options{noSets: true})
		if (serr == nil) != (cerr == nil) {
			t.Fatalf("one game loads and the other does not:\n%s\nsets: %v\nclosures: %v", text, serr, cerr)
		}
		if serr != nil {
			continue // a direction that leads nowhere on a small board, say
		}
		loaded++
		s, tl, a, fa, gr := wordFormsUsed(sets)
		shifts, talls, all, fast, grid = shifts+s, talls+tl, all+a, fast+fa, grid+gr
		if sets.wordMoves {
			words++
		}
		for i := 0; i < positions; i++ {
			p := randomPosition(rng, sets)
			if i == 0 {
				p = sets.Start()
			}
			setsAgree(t, sets, closures, &p, text)
			wordPlies(t, sets, p, 10, rng, text)
			q := p
			for ply := 0; ply < 4; ply++ {
				moves, err := closures.LegalMovesErr(&q, nil)
				if err != nil || len(moves) == 0 {
					break
				}
				closures.Apply(&q, moves[rng.IntN(len(moves))])
				setsAgree(t, sets, closures, &q, text)
			}
		}
	}
	t.Logf("%d files loaded, %d word games; %d rules with shifts, %d with the lifts of taller stacks as sets; %d games all words, %d played by applyWord, %d on the grid layout",
		loaded, words, shifts, talls, all, fast, grid)
	if loaded < files/2 || words < loaded/2 || shifts == 0 || talls == 0 || all == 0 || fast == 0 || grid == 0 {
		t.Errorf("the random files exercise too little of the word moves")
	}
}

// simpleLifts are lift terms of the shape the word forms read inline.
var simpleLifts = []string{"lifted == 1", "lifted <= 2", "lifted != 2", "bottom == me", "bottom == opponent",
	"lifted == 1 || bottom == opponent", "2 >= lifted", "lifted >= 2 || bottom == me"}

// wordRuleFile is a random rule file of the shape word moves serve: a
// board of at most 64 squares, step rules whose conditions are made of the
// terms with set forms (and some without), bear-offs, no captures.
func wordRuleFile(rng *rand.Rand) string {
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	var sb strings.Builder
	clean := rng.IntN(2) == 0
	w, h := 3+rng.IntN(6), 3+rng.IntN(6)
	if rng.IntN(4) == 0 {
		w, h = 8, 8
	}
	squares := pick("all", "dark", "light")
	fmt.Fprintf(&sb, "name: random words\nboard: {width: %d, height: %d, squares: %s}\n", w, h, squares)
	sb.WriteString("players:\n  red: {code: r, home: bottom}\n  blue: {code: b, home: top}\n")
	rows := max(1, h/3)
	fmt.Fprintf(&sb, "setup:\n  red: rows 1-%d\n  blue: rows %d-%d\n", rows, h-rows+1, h)
	dirs := []string{"n", "s", "e", "w", "ne", "nw", "se", "sw", "forward", "backward", "sideways", "orthogonal", "diagonal", "any"}
	if squares != "all" {
		dirs = []string{"ne", "nw", "se", "sw", "forward", "backward", "diagonal"}
	}
	sb.WriteString("moves:\n")
	for i := 0; i < 1+rng.IntN(3); i++ {
		fmt.Fprintf(&sb, "  m%d:\n    directions: [%s, %s]\n", i, pick(dirs...), pick(dirs...))
		if rng.IntN(4) != 0 {
			fmt.Fprintf(&sb, "    lift: %s\n", pick("1", "2", "1-2", "2-3", "1-3", "any", "all"))
		}
		var terms []string
		if clean {
			// Only terms every word form reads: a height, one lift term
			// of the simple shape, a destination.
			for _, set := range [][]string{setTerms[0], simpleLifts, setTerms[2]} {
				if rng.IntN(2) == 0 {
					terms = append(terms, set[rng.IntN(len(set))])
				}
			}
		} else {
			for level, set := range setTerms {
				if rng.IntN(2) == 0 {
					terms = append(terms, set[rng.IntN(len(set))])
				}
				if level == 0 && rng.IntN(4) == 0 {
					terms = append(terms, pick("showing(me) < showing(opponent)", "checkers(me) > 2", "showing(opponent) >= 2"))
				}
			}
			if rng.IntN(8) == 0 {
				terms = append(terms, pick("row < farthest", "to_height <= 2", "height + lifted <= 4", "top == me"))
			}
			if rng.IntN(3) == 0 {
				terms = append(terms, "lifted == 1 || bottom == opponent")
			}
		}
		if len(terms) > 0 {
			rng.Shuffle(len(terms), func(a, b int) { terms[a], terms[b] = terms[b], terms[a] })
			for j, term := range terms {
				if clean && strings.Contains(term, "||") {
					terms[j] = "(" + term + ")"
				}
			}
			fmt.Fprintf(&sb, "    when: '%s'\n", strings.ReplaceAll(strings.Join(terms, " && "), "'", "''"))
		}
	}
	if rng.IntN(4) != 0 {
		sb.WriteString("bear_off:\n")
		fmt.Fprintf(&sb, "  off:\n    when: %s\n", pick("row == farthest", "row >= farthest - 1", "height == 1 && row == farthest", "showing(me) > 1"))
		if rng.IntN(3) == 0 {
			sb.WriteString("  off2:\n    when: row == 1\n")
		}
	}
	sb.WriteString("end:\n  - win: checkers(me) == 0\n")
	if rng.IntN(2) == 0 {
		sb.WriteString("  - loss: showing(opponent) == 0\n")
	}
	fmt.Fprintf(&sb, "no_moves: %s\n", pick("lose", "pass", "draw"))
	return sb.String()
}
