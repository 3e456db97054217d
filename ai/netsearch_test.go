package ai

import (
	"bytes"
	"context"
	"math"
	"testing"
	"time"
)

// xeval rates the nodes of an xtree from a table (a stand-in for a value
// network).
type xeval map[uint8][]float64

func (e xeval) Evaluate(p *xpos, values []float64) bool {
	v, ok := e[p.at]
	if ok {
		copy(values, v)
	}
	return ok
}

// filterTree: player 0 chooses A (node 1) or B (node 2), each followed by
// a roll of two even outcomes, after which player 1 replies. At one ply A
// looks better (0.7 against 0.6); but after A player 1 has a strong reply
// to either roll (0.2 and 0.3 for player 0: 0.25), after B only weaker ones
// (0.6 and 0.5: 0.55).
func filterTree() (xtree, xeval) {
	d := func(mover int, kids ...int) xnode { return xnode{mover: mover, kids: kids} }
	g := xtree{players: 2, nodes: []xnode{
		0:  d(0, 1, 2),
		1:  {mover: 1, weights: []float64{1, 1}, kids: []int{3, 4}},
		2:  {mover: 1, weights: []float64{1, 1}, kids: []int{5, 6}},
		3:  d(1, 7, 8),
		4:  d(1, 9, 10),
		5:  d(1, 11, 12),
		6:  d(1, 13, 14),
		7:  d(0, 15),
		8:  d(0, 15),
		9:  d(0, 15),
		10: d(0, 15),
		11: d(0, 15),
		12: d(0, 15),
		13: d(0, 15),
		14: d(0, 15),
		15: {returns: []float64{0.5, 0.5}},
	}}
	e := xeval{
		1: {0.7, 0.3}, 2: {0.6, 0.4},
		7: {0.8, 0.2}, 8: {0.2, 0.8}, // player 1 plays 8
		9: {0.3, 0.7}, 10: {0.9, 0.1}, // 9
		11: {0.6, 0.4}, 12: {0.7, 0.3}, // 11
		13: {0.65, 0.35}, 14: {0.5, 0.5}, // 14
	}
	return g, e
}

// With a value network in a game of chance the search is the two-ply
// filter: it plays B, whose replies are weaker, and values each move by the
// expectation over the roll of the opponent's best reply; an iteration is
// one outcome examined. Too small a budget to see both of B's outcomes
// leaves B at its one-ply value, and A is played; nettree=1 keeps the tree.
func TestNetFilterLooksTwoPlies(t *testing.T) {
	g, e := filterTree()
	search := func(cfg Config) Result[uint8] {
		s := NewMCTS[xpos, uint8](g, cfg)
		s.workers[0].value = e
		p := xpos{}
		return s.Search(context.Background(), &p)
	}
	r := search(Config{Iterations: 100})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if r.Move != 1 || math.Abs(r.Value-0.55) > 1e-9 || r.Iterations != 4 {
		t.Errorf("move %d, value %.3f, %d iterations; want B (1), 0.55, 4", r.Move, r.Value, r.Iterations)
	}
	want := map[uint8]float64{0: 0.25, 1: 0.55}
	for _, ms := range r.Moves {
		if math.Abs(ms.Value-want[ms.Move]) > 1e-9 || ms.Visits != 2 {
			t.Errorf("move %d: value %.3f, %d visits; want %.2f, 2", ms.Move, ms.Value, ms.Visits, want[ms.Move])
		}
	}
	// a budget of 3: A (best at one ply) is searched, B is not; A keeps
	// its two-ply value, and only moves searched to two plies are compared
	r = search(Config{Iterations: 3})
	if r.Move != 0 || r.Iterations != 2 {
		t.Errorf("budget 3: move %d, %d iterations; want A (0), 2", r.Move, r.Iterations)
	}
	// a budget of 1: no move searched at two plies, the one-ply best
	r = search(Config{Iterations: 1})
	if r.Move != 0 || r.Iterations != 0 || math.Abs(r.Value-0.7) > 1e-9 {
		t.Errorf("budget 1: move %d, value %.3f, %d iterations; want A (0), 0.7, 0", r.Move, r.Value, r.Iterations)
	}
	// a time budget alone: every move that passes the filter
	if r = search(Config{Time: time.Minute}); r.Move != 1 || r.Iterations != 4 {
		t.Errorf("time budget: move %d, %d iterations; want B (1), 4", r.Move, r.Iterations)
	}
	r = search(Config{Iterations: 100, NetTree: true, NoSolver: true})
	if r.Iterations != 100 {
		t.Errorf("nettree: %d iterations, want the tree's 100", r.Iterations)
	}
	sp, err := ParseSpec("mcts:iterations=10,nettree=1")
	if err != nil || !sp.Config(1).NetTree || sp.String() != "mcts:iterations=10,nettree=1" {
		t.Errorf("nettree=1: %v, %v, %q", err, sp.Config(1).NetTree, sp.String())
	}
}

// A net of K kinds: its returns are 0.5 + 0.5/K·(E[own points] − E[the
// other's]), a finished game's targets mark the winner's first k outputs,
// and the kinds survive the file and size the outputs it accepts.
func TestNetKinds(t *testing.T) {
	n := NewNet(3, 2, 6, "kinds-test", 1)
	n.Kinds = 3
	values := make([]float64, 2)
	n.Returns([]float32{0.6, 0.2, 0.1, 0.3, 0.1, 0}, values)
	if math.Abs(values[0]-(0.5+0.5/3*0.5)) > 1e-6 || math.Abs(values[1]-(0.5-0.5/3*0.5)) > 1e-6 {
		t.Errorf("returns %.4f, want 0.5833 and 0.4167", values)
	}
	target := make([]float32, 6)
	for _, c := range []struct {
		returns []float32
		want    [6]float32
	}{
		{[]float32{0.5 + 0.5*2/3, 0.5 - 0.5*2/3}, [6]float32{1, 1, 0, 0, 0, 0}}, // player 0 wins 2
		{[]float32{0, 1}, [6]float32{0, 0, 0, 1, 1, 1}},                         // player 1 wins 3
		{[]float32{0.5, 0.5}, [6]float32{}},                                     // a draw
	} {
		n.outcomeTargets(c.returns, target)
		if [6]float32(target) != c.want {
			t.Errorf("returns %v: targets %v, want %v", c.returns, target, c.want)
		}
	}
	var buf bytes.Buffer
	if _, err := n.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	m, err := ReadNet(bytes.NewReader(buf.Bytes()), "k.net")
	if err != nil {
		t.Fatal(err)
	}
	if m.Kinds != 3 || m.Check("kinds-test", 3, 2) != nil || m.Check("kinds-test", 3, 3) == nil {
		t.Errorf("read back: %d kinds; check for 2 players: %v; for 3: %v", m.Kinds, m.Check("kinds-test", 3, 2), m.Check("kinds-test", 3, 3))
	}
	bad := bytes.Replace(buf.Bytes(), []byte("kinds: 3"), []byte("kinds: 4"), 1)
	if _, err := ReadNet(bytes.NewReader(bad), "k.net"); err == nil {
		t.Error("6 outputs of 4 kinds were accepted")
	}
}

// nimPoints is Nim where player 0's wins are worth 2 points and player 1's
// 1, out of 2 (ResultKinds): a net of kinds learns both the winner and the
// points.
type nimPoints struct{ nimNet }

func (nimPoints) ResultKinds() int { return 2 }
func (nimPoints) Result(p *nim, r []float64) bool {
	if p.n > 0 {
		return false
	}
	winner := 1 - int(p.turn) // took the last object
	share := 0.5
	if winner == 1 {
		share = 0.25
	}
	r[winner], r[1-winner] = 0.5+share, 0.5-share
	return true
}

func TestTrainLearnsPoints(t *testing.T) {
	g := nimPoints{}
	net := NewNet(g.Features(), 16, 4, g.FeatureLayout(), 1)
	net.Kinds = 2
	_, err := Train[nim, int8](context.Background(), g, func(k int64) nim { return nim{n: int16(1 + k%nimMax), turn: int8(k / nimMax % 2)} }, net,
		TrainConfig{Games: 20000, Seed: 1, Explore: 0.1, CheckGames: -1, Rate: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewNetEval[nim](net, g, 2)
	if err != nil {
		t.Fatal(err)
	}
	values := make([]float64, 2)
	// the winner with best play: the mover where n is not a multiple of 4
	for n := int16(5); n <= nimMax; n++ {
		for turn := int8(0); turn < 2; turn++ {
			p := nim{n: n, turn: turn}
			e.Evaluate(&p, values)
			winner := int(turn)
			if n%4 == 0 {
				winner = 1 - winner
			}
			want := map[int]float64{0: 1, 1: 0.25}[winner] // player 0's return
			if math.Abs(values[0]-want) > 0.15 {
				t.Errorf("n=%d, player %d to move: player 0's value %.2f, want about %.2f", n, turn, values[0], want)
			}
		}
	}
}

// The random moves that begin a game (RandomStart) are not learned from:
// with more of them than a game of Nim lasts nothing is learned, and a few
// change the games learned.
func TestTrainRandomStart(t *testing.T) {
	run := func(randomStart int) *Net {
		g := nimNet{}
		net := NewNet(g.Features(), 8, 2, g.FeatureLayout(), 5)
		_, err := Train[nim, int8](context.Background(), g, func(k int64) nim { return nim{n: nimMax} }, net,
			TrainConfig{Games: 20, Seed: 5, CheckGames: -1, RandomStart: randomStart})
		if err != nil {
			t.Fatal(err)
		}
		return net
	}
	untrained := NewNet(nimNet{}.Features(), 8, 2, nimNet{}.FeatureLayout(), 5)
	untrained.Games = 20 // counted, though nothing was learned
	if !sameWeights(run(1_000_000), untrained) {
		t.Error("positions of the random moves were learned from")
	}
	if run(0).Games != 20 || sameWeights(run(0), untrained) || sameWeights(run(0), run(4)) {
		t.Error("a few random moves first changed nothing")
	}
}
