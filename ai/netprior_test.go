package ai

import (
	"context"
	"testing"
)

// pointNet is a net for nimNet whose outputs say player 0 wins (0.999)
// where `count` objects are left and loses elsewhere (0.001).
func pointNet(count int) *Net {
	g := nimNet{}
	net := NewNet(g.Features(), 1, 2, g.FeatureLayout(), 1)
	clear(net.W1)
	net.W1[count] = 20 // hidden unit 0: about 1 at that count, else 0
	net.B1[0] = -10
	net.W2[0], net.W2[1] = 14, -14
	net.B2[0], net.B2[1] = -7, 7
	return net
}

// With netprior= every new node starts with the network's value: a prior
// strong enough outweighs a few iterations, so the search plays the move the
// network likes, right or wrong.
func TestMCTSNetPrior(t *testing.T) {
	for _, c := range []struct {
		count int  // where the net says player 0 wins
		take  int8 // so the move the prior picks from 11
	}{{9, 2}, {8, 3}, {10, 1}} {
		s := NewMCTS[nim, int8](nimNet{}, Config{Iterations: 30, NoSolver: true, EndgamePositions: -1, Discount: 1, NetMix: 1, NetPrior: 1000})
		if err := s.SetValue(pointNet(c.count)); err != nil {
			t.Fatal(err)
		}
		p := nim{n: 11}
		r := s.Search(context.Background(), &p)
		if r.Move != c.take {
			t.Errorf("a net that likes %d left: took %d, want %d", c.count, r.Move, c.take)
		}
		for _, m := range r.Moves {
			if m.Visits < 1000 {
				t.Errorf("a net that likes %d left: move %d has %d visits, fewer than its prior's 1000", c.count, m.Move, m.Visits)
			}
			want := 0.001
			if m.Move == c.take {
				want = 0.999
			}
			if m.Value < want-0.03 || m.Value > want+0.03 {
				t.Errorf("a net that likes %d left: move %d is worth %.3f, want about the prior's %.3f", c.count, m.Move, m.Value, want)
			}
		}
	}
}

// netmix= mixes the network's value of a leaf with a random playout's:
// the root's value lies between the network's alone and the playouts'.
func TestMCTSNetMix(t *testing.T) {
	net := NewNet(nimNet{}.Features(), 4, 2, nimNet{}.FeatureLayout(), 1)
	clear(net.W1)
	clear(net.W2)
	net.B2[0], net.B2[1] = 5, -5 // player 0: 0.993 everywhere
	value := func(mix float64) float64 {
		s := NewMCTS[nim, int8](nimNet{}, Config{Iterations: 400, NoSolver: true, EndgamePositions: -1, Discount: 1, NetMix: mix, Seed: 3})
		if err := s.SetValue(net); err != nil {
			t.Fatal(err)
		}
		p := nim{n: 12} // lost for player 0 with best play
		return s.Search(context.Background(), &p).Value
	}
	netAlone, playouts, half := value(0), value(1), value(0.5)
	// (the tree reaches the end of the game, where the results count)
	if netAlone < 0.85 {
		t.Errorf("the network alone: %.3f, want near 0.993", netAlone)
	}
	if playouts > 0.7 {
		t.Errorf("the playouts alone: %.3f, want far below the network's", playouts)
	}
	if mid := (netAlone + playouts) / 2; half < mid-0.12 || half > mid+0.12 {
		t.Errorf("half and half: %.3f, want about %.3f (network %.3f, playouts %.3f)", half, mid, netAlone, playouts)
	}
}

// nimNoDice is Nim with the methods of Chance that never rolls, and says so
// (ChanceKnower), as an adapter for every rule file does for a game without
// dice: with a network, the search is the tree, not the dice games' filter.
type nimNoDice struct {
	nimNet
	has bool
}

func (nimNoDice) IsChance(*nim) bool                     { return false }
func (nimNoDice) Outcomes(_ *nim, b []float64) []float64 { return b[:0] }
func (nimNoDice) Resolve(*nim, int)                      {}
func (g nimNoDice) HasChance() bool                      { return g.has }

func TestNoChanceSearchesTheTree(t *testing.T) {
	for _, has := range []bool{false, true} {
		s := NewMCTS[nim, int8](nimNoDice{has: has}, Config{Iterations: 200, EndgamePositions: -1})
		if err := s.SetValue(pointNet(8)); err != nil {
			t.Fatal(err)
		}
		p := nim{n: 11}
		r := s.Search(context.Background(), &p)
		if tree := r.Nodes > 0; tree != !has {
			t.Errorf("HasChance %v: %d nodes (the tree: %v)", has, r.Nodes, tree)
		}
		if r.Move != 3 {
			t.Errorf("HasChance %v: took %d, want 3", has, r.Move)
		}
	}
	if c := chanceOf[nim, int8](nimNoDice{}); c != nil {
		t.Error("chanceOf a game that says it has no chance is not nil")
	}
}

// nimTakeThree is Nim whose playout policy prefers taking three.
type nimTakeThree struct{ nimNet }

func (nimTakeThree) Prefer(_ *nim, m int8) bool { return m == 3 }

// Self-play's exploring moves are drawn as playouts draw them: among the
// moves the game's playout policy prefers, DefaultPreferProb of the time.
func TestSelfPlayExploresAsPlayouts(t *testing.T) {
	share := func(g Game[nim, int8]) float64 {
		sp, err := newSelfPlayer(g, pointNet(8), 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		threes := 0
		const n = 3000
		for range n {
			p := nim{n: 11}
			if sp.choose(&p, []int8{1, 2, 3}) == 3 {
				threes++
			}
		}
		return float64(threes) / n
	}
	want := DefaultPreferProb + (1-DefaultPreferProb)/3
	if got := share(nimTakeThree{}); got < want-0.04 || got > want+0.04 {
		t.Errorf("with a policy: took three %.3f of the time, want about %.3f", got, want)
	}
	if got := share(nimNet{}); got < 1.0/3-0.04 || got > 1.0/3+0.04 {
		t.Errorf("without one: took three %.3f of the time, want about 1/3", got)
	}
}
