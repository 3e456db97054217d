package interpreter_test

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/morris"
	"github.com/stackrules/stackrules/interpreter"
)

// The interpreter, reading nine-mens-morris.yaml, must agree with the
// independent reference generator in internal/reference/morris (written
// from the pinned rules only, sharing no code) on move lists, the position
// after each move, results and perft(3), over positions from random games.
// The test also asserts that the positions met every kind of move the rules
// have: placements, slides, flights and removals, including the removal of a
// piece in a mill when every opposing piece is in one.

func TestMorrisDifferential(t *testing.T) {
	g := open(t, "nine-mens-morris")
	rng := rand.New(rand.NewPCG(12, 9))
	var met struct{ place, slide, fly, removal, fromMill, perft int }
	positions := 0
	for game := 0; positions < 2000 || game < 20; game++ {
		p := g.Start()
		for ply := 0; ply < 300; ply++ {
			text := g.FormatPosition(&p)
			ref, err := morris.Parse(text)
			if err != nil {
				t.Fatalf("reference cannot parse %q: %v", text, err)
			}
			if ref.String() != text {
				t.Fatalf("position strings differ: interpreter %q, reference %q", text, ref.String())
			}
			positions++
			got := morrisMoves(g, &p)
			want := ref.Moves()
			if !sameMorrisMoves(got, want) {
				t.Fatalf("at %s:\n interpreter %v\n reference   %v", text, got, want)
			}
			wantResult := ref.Result()
			gotResult := ""
			if o := g.Result(&p); o.Over {
				if o.Winner < 0 {
					t.Fatalf("at %s: interpreter says draw", text)
				}
				gotResult = string(g.Players[o.Winner].Code)
			}
			if gotResult != wantResult {
				t.Fatalf("at %s: result %q, reference %q", text, gotResult, wantResult)
			}
			if positions%40 == 0 {
				met.perft++
				if a, b := g.Perft(&p, 3), morris.Perft(ref, 3); a != b {
					t.Fatalf("at %s: perft(3) = %d, reference %d", text, a, b)
				}
			}
			moves := g.LegalMoves(&p, nil)
			if len(moves) == 0 {
				break
			}
			classifyMorris(g, &p, moves, &met.place, &met.slide, &met.fly, &met.removal, &met.fromMill)
			// Prefer removals half the time, so games reach the moving and
			// flying phases with few pieces.
			m := moves[rng.IntN(len(moves))]
			if game%2 == 0 {
				for _, c := range moves {
					if c.Removed > 0 && rng.IntN(2) == 0 {
						m = c
						break
					}
				}
			}
			g.Apply(&p, m)
		}
	}
	t.Logf("%d positions; moves met: %d placements, %d slides, %d flights, %d removals (%d of a piece in a mill); perft(3) at %d positions",
		positions, met.place, met.slide, met.fly, met.removal, met.fromMill, met.perft)
	if positions < 2000 || met.place == 0 || met.slide == 0 || met.fly == 0 || met.removal == 0 || met.fromMill == 0 || met.perft < 40 {
		t.Errorf("the random games did not meet every case: %+v", met)
	}
}

type morrisMove struct{ text, after string }

func morrisMoves(g *interpreter.Game, p *board.Position) []morrisMove {
	var out []morrisMove
	for _, m := range g.LegalMoves(p, nil) {
		q := *p
		g.Apply(&q, m)
		out = append(out, morrisMove{g.MoveString(m), g.FormatPosition(&q)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

func sameMorrisMoves(got []morrisMove, want []morris.Move) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].text != want[i].Text || got[i].after != want[i].After {
			return false
		}
	}
	return true
}

// classifyMorris counts the kinds of the legal moves at p. A removal of a
// piece in a complete line of its owner's pieces is the all-in-mills case.
func classifyMorris(g *interpreter.Game, p *board.Position, moves []board.Move, place, slide, fly, removal, fromMill *int) {
	b := g.Board
	me := int(p.ToMove)
	inMill := func(sq board.Square) bool {
		owner := b.TopOwner(p.Cells[sq])
		for _, li := range b.LinesThrough(sq) {
			full := true
			for _, q := range b.Lines()[li] {
				full = full && b.TopOwner(p.Cells[q]) == owner
			}
			if full {
				return true
			}
		}
		return false
	}
	for _, m := range moves {
		switch {
		case m.Kind == board.Place:
			*place++
		case p.OnBoard[me] == 3 && p.Hand[me] == 0:
			*fly++
		default:
			*slide++
		}
		if m.Removed > 0 {
			*removal++
			if inMill(m.Via[0]) {
				*fromMill++
			}
		}
	}
}
