package interpreter_test

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/ludo"
	"github.com/stackrules/stackrules/interpreter"
)

// The Ludo rule files against internal/reference/ludo, a generator written
// from the pinned rules alone: the same plays (as the positions they lead
// to) at every position of random games of 2, 3 and 4 players.

// ludoGame opens a Ludo rule file for n players.
func ludoGame(t testing.TB, name string, n int) *interpreter.Game {
	t.Helper()
	g, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.WithPlayers(n); err != nil {
		t.Fatal(err)
	}
	return g
}

// refSteps reads each player's pieces as steps of the pinned page: -1 in
// the base (the track's first square), 0 the start square, ..., 56 the
// winning square (off the track's end).
func refSteps(g *interpreter.Game, p *board.Position) [][4]int {
	b := g.Board
	out := make([][4]int, len(g.Players))
	for i := range g.Players {
		var steps []int
		for s, sq := range g.Track(i) {
			var counts [board.MaxPlayers]int16
			b.Count(p.Cells[sq], &counts)
			for k := 0; k < int(counts[i]); k++ {
				steps = append(steps, s-1)
			}
		}
		for k := 0; k < int(p.Off[i]); k++ {
			steps = append(steps, 56)
		}
		sort.Ints(steps)
		copy(out[i][:], steps)
		for k := len(steps); k < 4; k++ {
			out[i][k] = -99 // a piece missing: never equal to the reference's
		}
	}
	return out
}

func refPosition(t testing.TB, g *interpreter.Game, p *board.Position, rules ludo.Rules) *ludo.Position {
	t.Helper()
	rp, err := ludo.New(len(g.Players), rules, refSteps(g, p), int(p.ToMove))
	if err != nil {
		t.Fatalf("%s: %v", g.FormatPosition(p), err)
	}
	return rp
}

// ludoFeatures counts what the compared plays exercised.
type ludoFeatures map[string]int

// classify counts the clauses a reference play exercises, from its text.
func (f ludoFeatures) classify(text string, roll [2]int) {
	if text == "pass" {
		f["pass"]++
		return
	}
	parts := strings.Fields(text)[1:]
	base := 0
	for _, part := range parts {
		if part == "0*" { // the beginner's start square settled after the extra roll
			f["start square settled"]++
			continue
		}
		from, to, _ := strings.Cut(part, "/")
		if strings.HasSuffix(to, "*") {
			f["capture"]++
			to = strings.TrimSuffix(to, "*")
		}
		t, _ := strconv.Atoi(to)
		if from == "base" {
			base++
			f["enter"]++
			continue
		}
		s, _ := strconv.Atoi(from)
		switch {
		case t < s:
			f["bounce"]++
		case t == 56:
			f["finish"]++
		case t > 50:
			f["home column"]++
		}
		if len(parts) == 1 && roll[1] != 0 && t-s == roll[0]+roll[1] {
			f["sum"]++
		}
	}
	if base == 2 {
		f["double 6"]++
	}
}

func TestLudoAgreesWithReference(t *testing.T) {
	testLudoAgainstReference(t, "ludo", ludo.TwoDice, []string{"enter", "double 6", "sum", "capture", "home column", "bounce", "finish", "pass"})
}

// The beginner level: one die, an extra roll after bringing a piece out,
// captures settled after it (the start square included).
func TestLudoBeginnerAgreesWithReference(t *testing.T) {
	testLudoAgainstReference(t, "ludo-beginner", ludo.Beginner, []string{"enter", "capture", "start square settled", "home column", "bounce", "finish", "pass"})
}

func testLudoAgainstReference(t *testing.T, name string, rules ludo.Rules, features []string) {
	const want = 3000
	f := ludoFeatures{}
	compared := 0
	rng := rand.New(rand.NewPCG(14, 1))
	for game := 0; compared < want || game < 6; game++ {
		n := 2 + game%3
		compared += compareLudoGame(t, name, rules, n, rng, f)
		if t.Failed() {
			return
		}
	}
	t.Logf("%d positions compared; %v", compared, map[string]int(f))
	for _, k := range features {
		if f[k] < 10 {
			t.Errorf("only %d plays with %s among the %d positions compared", f[k], k, compared)
		}
	}
}

// ludoKey is the reference's key of an interpreter position.
func ludoKey(t testing.TB, g *interpreter.Game, p *board.Position, rules ludo.Rules) string {
	k := refPosition(t, g, p, rules).Key()
	if p.Extra {
		k += " extra"
	}
	return k
}

// compareLudoGame plays one random game of n players, comparing the plays
// of every rolled position with the reference's (the reference's position
// kept in step by playing its play to the same position), and returns how
// many positions it compared.
func compareLudoGame(t *testing.T, name string, rules ludo.Rules, n int, rng *rand.Rand, f ludoFeatures) int {
	g := ludoGame(t, name, n)
	p := g.Start()
	ref, err := ludo.Start(n, rules)
	if err != nil {
		t.Fatal(err)
	}
	if k := ludoKey(t, g, &p, rules); k != ref.Key() {
		t.Fatalf("start %s is %s, want %s", g.FormatPosition(&p), k, ref.Key())
	}
	compared := 0
	var buf []board.Move
	for ply := 0; ply < 3000; ply++ {
		if o := g.Result(&p); o.Over {
			if ref.Winner() != o.Winner {
				t.Fatalf("%s: winner %d, the reference's %d", g.FormatPosition(&p), o.Winner, ref.Winner())
			}
			return compared
		}
		if !g.IsChance(&p) {
			t.Fatalf("%s: not a chance node between plays", g.FormatPosition(&p))
		}
		d1, d2 := rng.IntN(6)+1, rng.IntN(6)+1
		g.Apply(&p, g.RollMove(&p, d1, d2))
		roll := [2]int{max(d1, d2), min(d1, d2)}
		if rules == ludo.Beginner {
			ref = ref.WithRoll(d1)
			roll = [2]int{d1, 0}
		} else {
			ref = ref.WithRoll(d1, d2)
		}
		if ref == nil {
			t.Fatalf("the reference refuses roll %v", roll)
		}
		got := map[string]board.Move{}
		buf = g.LegalMoves(&p, buf)
		for _, m := range buf {
			q := p
			g.Apply(&q, m)
			k := ludoKey(t, g, &q, rules)
			if old, dup := got[k]; dup {
				t.Errorf("%s: %s and %s lead to the same position", g.FormatPosition(&p), g.MoveString(old), g.MoveString(m))
			}
			got[k] = m
		}
		wantPlays := map[string]*ludo.Position{}
		for _, pl := range ref.Plays() {
			wantPlays[pl.After.Key()] = pl.After
			f.classify(pl.Text, roll)
			if k := pl.After.Key(); got[k] == (board.Move{}) {
				t.Errorf("%s (%s): the rule file misses %s (to %s)", g.FormatPosition(&p), ref.Key(), pl.Text, k)
			}
		}
		for k, m := range got {
			if wantPlays[k] == nil {
				t.Errorf("%s (%s): the rule file's %s (to %s) is not a play", g.FormatPosition(&p), ref.Key(), g.MoveString(m), k)
			}
		}
		if t.Failed() {
			return compared
		}
		compared++
		m := buf[rng.IntN(len(buf))]
		g.Apply(&p, m)
		ref = wantPlays[ludoKey(t, g, &p, rules)]
	}
	return compared
}
