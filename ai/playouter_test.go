package ai

import (
	"context"
	"math/rand/v2"
	"testing"
)

// playoutNim is Nim with its own playouts (Playouter), played move by
// move as the search would, counting what the search asks of it.
type playoutNim struct {
	nimGame
	on    bool
	calls *int
	most  *int // the most plies one call was asked for
	plies *int
}

func (g playoutNim) HasPlayout() bool { return g.on }

func (g playoutNim) Playout(p *nim, rng *rand.Rand, maxPlies int, prefer float64) (int, bool) {
	*g.calls++
	*g.most = max(*g.most, maxPlies)
	var buf []int8
	for n := 0; n < maxPlies; n++ {
		buf = g.LegalMoves(p, buf)
		if len(buf) == 0 {
			*g.plies += n
			return n, true
		}
		g.Apply(p, buf[rng.IntN(len(buf))])
	}
	*g.plies += maxPlies
	return maxPlies, false
}

// The search plays its playouts through a game's Playouter where the game
// has one, at most 64 plies a call (so that it still heeds a stop), and
// finds the same proven win with them.
func TestSearchUsesPlayouter(t *testing.T) {
	calls, most, plies := 0, 0, 0
	g := playoutNim{on: true, calls: &calls, most: &most, plies: &plies}
	// 7 stones: taking 3 leaves a multiple of 4, a win.
	p := nim{n: 7}
	r := NewMCTS[nim, int8](g, Config{Iterations: 3000, Seed: 1, EndgamePositions: -1}).Search(context.Background(), &p)
	if r.Move != 3 || r.Proof != Win {
		t.Fatalf("move %d proof %v, want 3 proven win", r.Move, r.Proof)
	}
	if calls == 0 {
		t.Fatal("the search did not call Playout")
	}
	// A long game: playouts are cut at the cap, 64 plies at a time.
	calls, most, plies = 0, 0, 0
	long := nim{n: 2000}
	r = NewMCTS[nim, int8](g, Config{Iterations: 20, PlayoutCap: 150, Seed: 2, EndgamePositions: -1}).Search(context.Background(), &long)
	if most != 64 || calls < 3*r.Iterations || plies > 150*r.Iterations {
		t.Fatalf("%d iterations: %d calls, at most %d plies a call, %d plies in all; want calls of at most 64 plies up to 150 per playout",
			r.Iterations, calls, most, plies)
	}
	// HasPlayout false: the search plays move by move.
	calls = 0
	g.on = false
	r = NewMCTS[nim, int8](g, Config{Iterations: 3000, Seed: 1, EndgamePositions: -1}).Search(context.Background(), &p)
	if calls != 0 || r.Move != 3 {
		t.Fatalf("without HasPlayout: %d calls, move %d", calls, r.Move)
	}
}
