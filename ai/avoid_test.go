package ai

import (
	"context"
	"testing"
)

// tttAvoid is tic-tac-toe whose designer tells X (player 0) to avoid the
// squares in avoid.
type tttAvoid struct {
	tttGame
	avoid map[uint8]bool
}

func (g tttAvoid) Avoid(p *ttt, m uint8) bool { return p.turn == 0 && g.avoid[m] }

// The tree leaves avoided moves out, so the search never plays one while
// another move is legal; with avoid=0 (Config.NoAvoid) it sees them again.
func TestAvoidedMovesStayOutOfTheTree(t *testing.T) {
	g := tttAvoid{avoid: map[uint8]bool{4: true, 0: true}}
	p := tttFrom("...|...|...")
	for seed := uint64(0); seed < 5; seed++ {
		r := NewMCTS[ttt, uint8](g, Config{Iterations: 2000, Seed: seed}).Search(context.Background(), &p)
		if r.Move == 4 || r.Move == 0 {
			t.Fatalf("seed %d: played avoided square %d", seed, r.Move)
		}
		if len(r.Moves) != 7 {
			t.Errorf("seed %d: %d root moves, want the 7 not avoided: %+v", seed, len(r.Moves), r.Moves)
		}
		for _, ms := range r.Moves {
			if ms.Move == 4 || ms.Move == 0 {
				t.Errorf("seed %d: avoided square %d in the root's moves", seed, ms.Move)
			}
		}
	}
	r := NewMCTS[ttt, uint8](g, Config{Iterations: 2000, NoAvoid: true}).Search(context.Background(), &p)
	if len(r.Moves) != 9 {
		t.Errorf("NoAvoid: %d root moves, want 9", len(r.Moves))
	}
	// every move avoided: all stay, and the search still moves
	all := tttAvoid{avoid: map[uint8]bool{0: true, 1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true}}
	r = NewMCTS[ttt, uint8](all, Config{Iterations: 500}).Search(context.Background(), &p)
	if len(r.Moves) != 9 {
		t.Errorf("every move avoided: %d root moves, want 9", len(r.Moves))
	}
}

// X must block at 5. With 5 avoided every move left in the tree loses, but
// the avoided block draws: the search must not call the position lost, and
// without the hint it blocks.
func TestAvoidedMoveKeepsTheRootUnproven(t *testing.T) {
	p := tttFrom("X..|OO.|..X")
	g := tttAvoid{avoid: map[uint8]bool{5: true}}
	for seed := uint64(0); seed < 5; seed++ {
		r := NewMCTS[ttt, uint8](g, Config{Iterations: 3000, Seed: seed, EndgamePositions: -1}).Search(context.Background(), &p)
		if r.Proof == Loss {
			t.Fatalf("seed %d: proven lost with the saving move avoided: %+v", seed, r.Moves)
		}
		if r.Move == 5 {
			t.Fatalf("seed %d: played the avoided move", seed)
		}
		lost := 0
		for _, ms := range r.Moves {
			if ms.Proof == Loss {
				lost++
			}
		}
		if lost != len(r.Moves) {
			t.Errorf("seed %d: %d of %d kept moves proven lost, want all", seed, lost, len(r.Moves))
		}
	}
	r := NewMCTS[ttt, uint8](g, Config{Iterations: 3000, NoAvoid: true, EndgamePositions: -1}).Search(context.Background(), &p)
	if r.Move != 5 || r.Proof == Loss {
		t.Errorf("NoAvoid: move %d proof %v, want the block at 5, unproven", r.Move, r.Proof)
	}
}
