package ai

import (
	"context"
	"testing"
)

// backupMinimax: a node's value is its children's best for the player to
// move there, read for the node's mover; proven children count as proven.
func TestBackupMinimax(t *testing.T) {
	mk := func(k int) []node[int8] { return make([]node[int8], k+minimaxSpares(k))[:k] }
	root := &node[int8]{}
	top := mk(1) // one child of the root: player 0 moved into it
	top[0].state.Store(newState(0))
	root.kids.Store(&top[0])
	root.nkids = 1
	kids := mk(3) // player 1's replies
	for i := range kids {
		kids[i].move = int8(i)
		kids[i].state.Store(newState(1))
	}
	n := &top[0]
	n.kids.Store(&kids[0])
	n.nkids = 3
	for i, v := range []float64{0.2, 0.7, 0.4} {
		minimaxSlot(kids, i).Store(mmBits(v))
	}
	value := func() float64 {
		v, ok := mmValue(minimaxSlot(root.children(), 0).Load())
		if !ok {
			t.Fatal("no minimax value stored")
		}
		return v
	}
	backupMinimax(root, n)
	if v := value(); v < 0.3-1e-6 || v > 0.3+1e-6 {
		t.Errorf("player 1's best reply is worth 0.7 to it: player 0's value %.4f, want 0.3", v)
	}
	kids[0].setProof(proofWin, 1, 1)
	backupMinimax(root, n)
	if v := value(); v != 0 {
		t.Errorf("player 1 has a proven win: player 0's value %.4f, want 0", v)
	}
	// the slots are the spare nodes' words: the children are untouched
	for i := range kids {
		if kids[i].move != int8(i) || kids[i].mover() != 1 || kids[i].visits.Load() != 0 {
			t.Errorf("child %d changed: move %d, mover %d, visits %d", i, kids[i].move, kids[i].mover(), kids[i].visits.Load())
		}
	}
	// every child has a word of its own
	five := mk(5)
	for i := range 5 {
		minimaxSlot(five, i).Store(uint32(100 + i))
	}
	for i := range 5 {
		if got := minimaxSlot(five, i).Load(); got != uint32(100+i) {
			t.Errorf("child %d of 5: slot holds %d, want %d", i, got, 100+i)
		}
		if five[i].visits.Load() != 0 || five[i].state.Load() != 0 {
			t.Errorf("child %d of 5: writing the slots changed the child", i)
		}
	}
}

// With netminimax= the children of an expanded node hold the minimax of the
// network's ratings below them, and of the results where the tree reaches
// the end. A network that likes 9 objects left for player 0 rates taking 2
// of 11 a win at one ply; one ply deeper player 1 takes 1, 2 or 3 of the 9,
// and the network rates all of those lost for player 0: the move's minimax
// value is the loss, not the one-ply win (and taking 1 or 2 is lost: the
// opponent leaves 8). Taking 3 leaves 8, lost for the opponent, which the
// tree (300 iterations, 11 objects) reaches the end of.
func TestMCTSNetMinimax(t *testing.T) {
	for _, threads := range []int{1, 2} {
		s := NewMCTS[nim, int8](nimNet{}, Config{Iterations: 300, Threads: threads, NoSolver: true, EndgamePositions: -1, Discount: 1, NetMinimax: 0.5, Seed: 7})
		if err := s.SetValue(pointNet(9)); err != nil {
			t.Fatal(err)
		}
		p := nim{n: 11}
		r := s.Search(context.Background(), &p)
		kids := s.trees[0].root.children()
		if len(kids) != 3 {
			t.Fatalf("threads %d: %d children at the root, want 3", threads, len(kids))
		}
		for i := range kids {
			k := &kids[i]
			v, ok := mmValue(minimaxSlot(kids, i).Load())
			if !ok {
				t.Errorf("threads %d: take %d has no minimax value", threads, k.move)
				continue
			}
			if k.kids.Load() == nil {
				t.Errorf("threads %d: take %d was never expanded in %d iterations", threads, k.move, r.Iterations)
				continue
			}
			want := 0.0
			if k.move == 3 {
				want = 1
			}
			if v < want-0.01 || v > want+0.01 {
				t.Errorf("threads %d: take %d (net rating %s) has minimax value %.3f, want %.0f",
					threads, k.move, map[bool]string{true: "0.999", false: "0.001"}[k.move == 2], v, want)
			}
		}
	}
}

// netplayout= and netminimax= without a network to use are an error, from
// CheckSpec and from the player; with the rule file's network (Spec.Network)
// or net=FILE they are not.
func TestNetUseNeedsANetwork(t *testing.T) {
	for _, text := range []string{"mcts:easy,netplayout=3", "mcts:easy,netminimax=0.4"} {
		sp, err := ParseSpec(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := CheckSpec[nim, int8](nimNet{}, sp); err != errNoNetwork {
			t.Errorf("%s without a network: CheckSpec %v", text, err)
		}
		p := nim{n: 11}
		if _, info := NewPlayer[nim, int8](nimNet{}, sp, 1).Choose(context.Background(), &p); info.Err != errNoNetwork {
			t.Errorf("%s without a network: the player says %v", text, info.Err)
		}
		sp.Network = pointNet(8)
		if err := CheckSpec[nim, int8](nimNet{}, sp); err != nil {
			t.Errorf("%s with the rule file's network: CheckSpec %v", text, err)
		}
		if _, info := NewPlayer[nim, int8](nimNet{}, sp, 1).Choose(context.Background(), &p); info.Err != nil {
			t.Errorf("%s with the rule file's network: the player says %v", text, info.Err)
		}
	}
}
