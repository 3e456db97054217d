package interpreter_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/dvonn"
	"github.com/stackrules/stackrules/interpreter"
)

// The interpreter, reading dvonn.yaml, must agree with the independent
// generator in internal/reference/dvonn (written from the pinned rules only,
// sharing no code) on the move lists, the position after every move and the
// results, at every position of random games, and on perft(2) at some of
// them. Both write positions alike ("w a1:w,e3:wdb hand:w23,b23,d3") and
// moves alike (e3, e3-g3, pass). The test asserts that the games met the
// rules that matter: placements of both kinds, the turn kept after the last
// placement, stacks surrounded on six sides, cut-offs and passes.

type dvonnMet struct {
	positions, placeDvonn, place, moves, cutOff, surrounded, pass, over, perft int
}

func TestDVONNDifferential(t *testing.T) {
	g := open(t, "dvonn")
	rng := rand.New(rand.NewPCG(7, 49))
	var met dvonnMet
	start := g.Start()
	for depth := 1; depth <= 3; depth++ {
		if a, b := g.Perft(&start, depth), dvonn.Perft(dvonn.Start(), depth); uint64(a) != b {
			t.Errorf("perft(%d) from the start = %d, reference %d", depth, a, b)
		}
	}
	want := 1000
	if deepTests() {
		want = 20000
	}
	for game := 0; met.positions < want || met.cutOff < 20 || met.surrounded < 20 || met.pass < 5 || game < 8; game++ {
		if game > 400 {
			t.Fatalf("400 games did not meet every rule: %+v", met)
		}
		p := g.Start()
		for {
			moves := compareDVONN(t, g, &p, &met, rng)
			if len(moves) == 0 {
				met.over++
				break
			}
			g.Apply(&p, moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("compared %+v", met)
}

// compareDVONN compares the legal moves at p, and the position and result
// after each, with the reference; it returns the interpreter's moves.
func compareDVONN(t *testing.T, g *interpreter.Game, p *board.Position, met *dvonnMet, rng *rand.Rand) []board.Move {
	t.Helper()
	text := g.FormatPosition(p)
	ref, err := dvonn.Parse(text)
	if err != nil {
		t.Fatalf("the reference cannot read %s: %v", text, err)
	}
	met.positions++
	moves := g.LegalMoves(p, nil)
	refMoves := dvonn.Moves(ref)
	var got, want []string
	for _, m := range moves {
		q := *p
		g.Apply(&q, m)
		got = append(got, g.MoveString(m)+" "+g.FormatPosition(&q))
	}
	for _, m := range refMoves {
		want = append(want, m.Text+" "+m.After)
		for _, f := range dvonn.Features(ref, m) {
			switch f {
			case "placement-dvonn":
				met.placeDvonn++
			case "placement":
				met.place++
			case "move":
				met.moves++
			case "cut-off":
				met.cutOff++
			case "pass":
				met.pass++
			}
		}
	}
	for _, m := range refMoves[:min(1, len(refMoves))] {
		for _, f := range dvonn.Features(ref, m) {
			if f == "surrounded" {
				met.surrounded++
			}
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("at %s:\ninterpreter %d moves: %v\nreference   %d moves: %v", text, len(got), got, len(want), want)
	}
	o := g.Result(p)
	r := dvonn.GetResult(ref)
	if o.Over != r.Over || (o.Over && winnerName(g, o) != r.Winner) {
		t.Fatalf("at %s: result %+v, reference %+v", text, o, r)
	}
	if rng.IntN(50) == 0 {
		met.perft++
		if a, b := g.Perft(p, 2), dvonn.Perft(ref, 2); uint64(a) != b {
			t.Fatalf("perft(2) at %s = %d, reference %d", text, a, b)
		}
	}
	return moves
}

// winnerName is the winner's letter, "" for a draw.
func winnerName(g *interpreter.Game, o interpreter.Outcome) string {
	if o.Winner < 0 {
		return ""
	}
	return string(g.Players[o.Winner].Code)
}
