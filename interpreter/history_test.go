package interpreter

import (
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// History keeps a whole position only every checkEvery plies, and reads
// every earlier position back exactly, through undo too.
func TestHistoryIsCompact(t *testing.T) {
	g, err := Open("focus")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	h := g.NewHistory(g.Start())
	want := []board.Position{g.Start()}
	for h.Len() < 1000 {
		if h.Outcome().Over {
			t.Fatalf("the game ended after %d plies", h.Len())
		}
		p := h.Position()
		moves := g.LegalMoves(&p, nil)
		m := moves[rng.IntN(len(moves))]
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
		g.Apply(&p, m)
		want = append(want, p)
	}
	if n := len(h.checkpoints); n != 1000/checkEvery+1 {
		t.Errorf("%d whole positions kept for 1000 plies", n)
	}
	for _, i := range []int{0, 1, 63, 64, 65, 500, 999, 1000} {
		if h.PositionAt(i) != want[i] || h.ToMoveAt(i) != int(want[i].ToMove) {
			t.Errorf("position after %d moves differs", i)
		}
	}
	all := h.Positions()
	for i := range want {
		if all[i] != want[i] {
			t.Fatalf("Positions()[%d] differs", i)
		}
	}
	for h.Len() > 870 {
		h.Undo()
		if h.Position() != want[h.Len()] {
			t.Fatalf("after undo to %d plies the position differs", h.Len())
		}
	}
	if n := len(h.checkpoints); n != 870/checkEvery+1 {
		t.Errorf("%d whole positions kept for 870 plies", n)
	}
	// and it plays on from there
	p := h.Position()
	if err := h.Play(g.LegalMoves(&p, nil)[0]); err != nil {
		t.Fatal(err)
	}
}
