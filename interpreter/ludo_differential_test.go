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
			f["capture"]++
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
	const want = 3000
	f := ludoFeatures{}
	compared := 0
	rng := rand.New(rand.NewPCG(14, 1))
	for game := 0; compared < want || game < 6; game++ {
		n := 2 + game%3
		compared += compareLudoGame(t, "ludo", ludo.TwoDice, n, rng, f)
		if t.Failed() {
			return
		}
	}
	t.Logf("%d positions compared; %v", compared, map[string]int(f))
	for _, k := range []string{"enter", "double 6", "sum", "capture", "home column", "bounce", "finish", "pass"} {
		if f[k] < 10 {
			t.Errorf("only %d plays with %s among the %d positions compared", f[k], k, compared)
		}
	}
}

// compareLudoGame plays one random game of n players, comparing the plays
// of every rolled position with the reference's, and returns how many
// positions it compared.
func compareLudoGame(t *testing.T, name string, rules ludo.Rules, n int, rng *rand.Rand, f ludoFeatures) int {
	g := ludoGame(t, name, n)
	p := g.Start()
	compared := 0
	var buf []board.Move
	for ply := 0; ply < 2000; ply++ {
		if o := g.Result(&p); o.Over {
			return compared
		}
		if g.IsChance(&p) {
			d1, d2 := rng.IntN(6)+1, rng.IntN(6)+1
			rp := refPosition(t, g, &p, rules)
			g.Apply(&p, g.RollMove(&p, d1, d2))
			if rules == ludo.Beginner {
				d2 = 0
			}
			var ref *ludo.Position
			if rules == ludo.Beginner {
				ref = rp.WithRoll(d1)
			} else {
				ref = rp.WithRoll(d1, d2)
			}
			if ref == nil {
				t.Fatalf("the reference refuses roll %d%d at %s", d1, d2, rp.Key())
			}
			roll := [2]int{max(d1, d2), min(d1, d2)}
			got := map[string]string{}
			buf = g.LegalMoves(&p, buf)
			for _, m := range buf {
				q := p
				g.Apply(&q, m)
				k := refPosition(t, g, &q, rules).Key()
				if old, dup := got[k]; dup {
					t.Errorf("%s roll %v: %s and %s lead to the same position", g.FormatPosition(&p), roll, old, g.MoveString(m))
				}
				got[k] = g.MoveString(m)
			}
			wantPlays := map[string]string{}
			for _, pl := range ref.Plays() {
				wantPlays[pl.After.Key()] = pl.Text
				f.classify(pl.Text, roll)
			}
			for k, text := range wantPlays {
				if _, ok := got[k]; !ok {
					t.Errorf("%s roll %v (%s): the rule file misses %s (to %s)", g.FormatPosition(&p), roll, ref.Key(), text, k)
				}
			}
			for k, text := range got {
				if _, ok := wantPlays[k]; !ok {
					t.Errorf("%s roll %v (%s): the rule file's %s (to %s) is not a play", g.FormatPosition(&p), roll, ref.Key(), text, k)
				}
			}
			if t.Failed() {
				return compared
			}
			compared++
			m := buf[rng.IntN(len(buf))]
			g.Apply(&p, m)
			continue
		}
		buf = g.LegalMoves(&p, buf)
		if len(buf) == 0 {
			t.Fatalf("%s: no move and not over", g.FormatPosition(&p))
		}
		g.Apply(&p, buf[rng.IntN(len(buf))])
	}
	return compared
}
