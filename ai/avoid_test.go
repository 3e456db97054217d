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
// the avoided block draws: the search must not call the position lost,
// and once every kept move is proven lost it looks at the avoided one too
// and blocks.
func TestAvoidedMoveIsTheLastHope(t *testing.T) {
	p := tttFrom("X..|OO.|..X")
	g := tttAvoid{avoid: map[uint8]bool{5: true}}
	for seed := uint64(0); seed < 5; seed++ {
		r := NewMCTS[ttt, uint8](g, Config{Iterations: 3000, Seed: seed, EndgamePositions: -1}).Search(context.Background(), &p)
		if r.Proof == Loss || r.Move != 5 {
			t.Fatalf("seed %d: move %d proof %v, want the avoided block at 5, unproven: %+v", seed, r.Move, r.Proof, r.Moves)
		}
		if len(r.Moves) != 5 || r.Legal != 5 {
			t.Errorf("seed %d: %d root moves of %d legal, want all 5 once the kept ones are lost", seed, len(r.Moves), r.Legal)
		}
	}
	r := NewMCTS[ttt, uint8](g, Config{Iterations: 3000, NoAvoid: true, EndgamePositions: -1}).Search(context.Background(), &p)
	if r.Move != 5 || r.Proof == Loss {
		t.Errorf("NoAvoid: move %d proof %v, want the block at 5, unproven", r.Move, r.Proof)
	}
}

// A node below the root that leaves out its one saving move is never
// proven lost. O to move plays 4 and threatens 5; X's only reply that does
// not lose is 5, which X avoids. Were X's node proven lost from the moves
// it kept, O's 4 would be a proven win; it is not one.
func TestPrunedNodeIsNotProvenLost(t *testing.T) {
	p := tttFrom("X..|O..|..X")
	p.turn = 1
	g := tttAvoid{avoid: map[uint8]bool{5: true}}
	for _, noAvoid := range []bool{true, false} {
		r := NewMCTS[ttt, uint8](g, Config{Iterations: 4000, NoAvoid: noAvoid, EndgamePositions: -1}).Search(context.Background(), &p)
		for _, ms := range r.Moves {
			if ms.Move == 4 && ms.Proof == Win {
				t.Errorf("NoAvoid %v: O's 4 proven a win: %+v", noAvoid, r.Moves)
			}
		}
		if r.Proof == Win {
			t.Errorf("NoAvoid %v: O proven to win with %d: %+v", noAvoid, r.Move, r.Moves)
		}
	}
}
