package ai

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

// nimNet is Nim with an Encoder: one unit per count of objects left (up to
// nimMax) and one per player to move.
type nimNet struct{ nimGame }

const nimMax = 12

func (nimNet) Features() int         { return nimMax + 1 + 2 }
func (nimNet) FeatureLayout() string { return "nim-test-v1" }
func (nimNet) Perspective(*nim) int  { return 0 }
func (nimNet) Encode(p *nim, x []float32) {
	clear(x[:nimMax+3])
	x[min(int(p.n), nimMax)] = 1
	x[nimMax+1+int(p.turn)] = 1
}

// nimMover is Nim written from the mover's view (Perspective): the count
// alone, the same for either player to move, the net's first output the
// mover's.
type nimMover struct{ nimGame }

func (nimMover) Features() int         { return nimMax + 1 }
func (nimMover) FeatureLayout() string { return "nim-mover-test-v1" }
func (nimMover) Perspective(p *nim) int {
	return int(p.turn)
}
func (nimMover) Encode(p *nim, x []float32) {
	clear(x[:nimMax+1])
	x[min(int(p.n), nimMax)] = 1
}

// nimEncoder is what the Nim tests train on.
type nimEncoder interface {
	Game[nim, int8]
	Encoder[nim]
}

func trainNim(t *testing.T, games int64, threads int, seed uint64, net *Net) *Net {
	return trainNimOn(t, nimNet{}, games, threads, seed, net)
}

func trainNimOn(t *testing.T, g nimEncoder, games int64, threads int, seed uint64, net *Net) *Net {
	t.Helper()
	if net == nil {
		net = NewNet(g.Features(), 16, 2, g.FeatureLayout(), seed)
	}
	_, err := Train[nim, int8](context.Background(), g, func(k int64) nim { return nim{n: int16(1 + k%nimMax), turn: int8(k / nimMax % 2)} }, net,
		TrainConfig{Games: games, Threads: threads, Seed: seed, Explore: 0.1, CheckGames: -1, Rate: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// Self-play learns Nim's known values (games start from every count, either
// player to move): with n objects left the player to
// move wins exactly when n is not a multiple of 4 (take n mod 4).
func TestTrainLearnsNim(t *testing.T) {
	testTrainLearnsNim(t, nimNet{})
}

// The same from the mover's view: what is learned from one player's
// positions holds for the other's.
func TestTrainLearnsNimFromTheMoversView(t *testing.T) {
	testTrainLearnsNim(t, nimMover{})
}

func testTrainLearnsNim(t *testing.T, g nimEncoder) {
	net := trainNimOn(t, g, 20000, 1, 1, nil)
	e, err := NewNetEval[nim](net, g, 2)
	if err != nil {
		t.Fatal(err)
	}
	values := make([]float64, 2)
	for n := int16(1); n <= nimMax; n++ {
		for turn := int8(0); turn < 2; turn++ {
			p := nim{n: n, turn: turn}
			e.Evaluate(&p, values)
			v := values[turn]
			if won := n%4 != 0; won != (v > 0.5) {
				t.Errorf("n=%d, player %d to move: value %.2f, but the mover %s", n, turn, v, map[bool]string{true: "wins", false: "loses"}[won])
			}
		}
	}
	// and the net's player plays the winning move wherever there is one
	sp, err := newSelfPlayer[nim, int8](g, net, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for n := int16(1); n <= nimMax; n++ {
		if n%4 == 0 {
			continue
		}
		p := nim{n: n}
		if m, _ := sp.Choose(context.Background(), &p); int16(m) != n%4 {
			t.Errorf("n=%d: took %d, want %d", n, m, n%4)
		}
	}
}

// A seed and thread count make a run reproducible, and a run stopped and
// resumed learns exactly what one run of as many games does.
func TestTrainReproducibleAndResumable(t *testing.T) {
	a := trainNim(t, 300, 2, 7, nil)
	b := trainNim(t, 300, 2, 7, nil)
	if !sameWeights(a, b) {
		t.Error("two runs with the same seed and threads differ")
	}
	c := trainNim(t, 120, 2, 7, nil)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	c2, err := ReadNet(&buf, "resume")
	if err != nil {
		t.Fatal(err)
	}
	if c2.Games != 120 {
		t.Fatalf("the saved net has learned %d games, want 120", c2.Games)
	}
	c2 = trainNim(t, 300, 2, c2.Seed, c2)
	if !sameWeights(a, c2) {
		t.Error("a run resumed after 120 games differs from one run of 300")
	}
	d := trainNim(t, 300, 2, 8, nil)
	if sameWeights(a, d) {
		t.Error("another seed learned the same weights")
	}
}

func sameWeights(a, b *Net) bool {
	return a.Games == b.Games && slicesEqual(a.W1, b.W1) && slicesEqual(a.B1, b.B1) && slicesEqual(a.W2, b.W2) && slicesEqual(a.B2, b.B2)
}

func slicesEqual(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The weights file round-trips exactly, refuses other rules with a clear
// error, and refuses a damaged file without panicking.
func TestNetFileFormat(t *testing.T) {
	n := NewNet(15, 4, 2, "nim-test-v1", 3)
	n.Game, n.Games, n.Training = "Nim", 42, "--rate 0.1 --random-start 3"
	var buf bytes.Buffer
	if _, err := n.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	m, err := ReadNet(bytes.NewReader(data), "n.net")
	if err != nil {
		t.Fatal(err)
	}
	if !sameWeights(n, m) || m.Layout != n.Layout || m.Game != "Nim" || m.Seed != 3 || m.Training != n.Training {
		t.Errorf("round trip changed the net: %+v", m)
	}
	if err := m.Check("other-rules", 15, 2); !errors.Is(err, ErrNetLayout) || !strings.Contains(err.Error(), "nim-test-v1") || !strings.Contains(err.Error(), "other-rules") {
		t.Errorf("a net for other rules: got %v, want ErrNetLayout naming both layouts", err)
	}
	if err := m.Check("nim-test-v1", 16, 2); err == nil {
		t.Error("a net with the wrong number of inputs was accepted")
	}
	bad := map[string][]byte{
		"empty":     nil,
		"not a net": []byte("hello\n"),
		"cut short": data[:len(data)-3],
		"too long":  append(append([]byte(nil), data...), 0),
		"no layout": bytes.Replace(data, []byte("layout: "), []byte("layouts: "), 1),
		"bad count": bytes.Replace(data, []byte("hidden: 4"), []byte("hidden: x"), 1),
	}
	for name, b := range bad {
		if _, err := ReadNet(bytes.NewReader(b), "n.net"); err == nil || !strings.Contains(err.Error(), "n.net") {
			t.Errorf("%s: got %v, want an error naming the file", name, err)
		}
	}
}

// Evaluation allocates nothing.
func TestNetEvalAllocatesNothing(t *testing.T) {
	net := NewNet(nimNet{}.Features(), 16, 2, "nim-test-v1", 1)
	e, err := NewNetEval[nim](net, nimNet{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	p := nim{n: 7}
	values := make([]float64, 2)
	if a := testing.AllocsPerRun(100, func() { e.Evaluate(&p, values) }); a != 0 {
		t.Errorf("Evaluate allocates %g times", a)
	}
}

func BenchmarkNetForward(b *testing.B) {
	// TD-Gammon's size: about 200 inputs, a tenth of them set, 40 hidden units
	net := NewNet(200, 40, 2, "bench", 1)
	x := make([]float32, 200)
	for i := 0; i < 200; i += 10 {
		x[i] = 1
	}
	h, out := make([]float32, 40), make([]float32, 2)
	b.ReportAllocs()
	for b.Loop() {
		net.Forward(x, h, out)
	}
}

// The players of net:FILE and mcts:...,net=FILE play Nim's winning moves
// with a trained net, and a net for other rules is refused when the player
// is made (CheckSpec) and when it is asked to move.
func TestNetPlayers(t *testing.T) {
	net := trainNim(t, 20000, 1, 1, nil)
	path := t.TempDir() + "/Nim.net"
	if err := net.Save(path); err != nil {
		t.Fatal(err)
	}
	g := nimNet{}
	for _, spec := range []string{"net:" + path, "mcts:iterations=200,net=" + path, "mcts:iterations=200,net=" + path + ",netplayout=2"} {
		sp, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSpec[nim, int8](g, sp); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		pl := NewPlayer[nim, int8](g, sp, 1)
		for n := int16(5); n <= nimMax; n++ {
			if n%4 == 0 {
				continue
			}
			p := nim{n: n}
			m, info := pl.Choose(context.Background(), &p)
			if info.Err != nil {
				t.Fatalf("%s: %v", spec, info.Err)
			}
			if int16(m) != n%4 {
				t.Errorf("%s, n=%d: took %d, want %d", spec, n, m, n%4)
			}
		}
	}
	other := NewNet(nimNet{}.Features(), 4, 2, "other-rules", 1)
	otherPath := t.TempDir() + "/other.net"
	if err := other.Save(otherPath); err != nil {
		t.Fatal(err)
	}
	sp, _ := ParseSpec("mcts:easy,net=" + otherPath)
	if err := CheckSpec[nim, int8](g, sp); !errors.Is(err, ErrNetLayout) {
		t.Errorf("a net for other rules: CheckSpec says %v", err)
	}
	p := nim{n: 5}
	if _, info := NewPlayer[nim, int8](g, sp, 1).Choose(context.Background(), &p); !errors.Is(info.Err, ErrNetLayout) {
		t.Errorf("a net for other rules: the player says %v", info.Err)
	}
}

// With a network the search's leaves are rated by it, not played out: a net
// that says player 0 wins everywhere makes the root's value that.
func TestMCTSLeavesRatedByNet(t *testing.T) {
	net := NewNet(nimNet{}.Features(), 4, 2, nimNet{}.FeatureLayout(), 1)
	clear(net.W1)
	clear(net.W2)
	net.B2[0], net.B2[1] = 5, -5 // player 0: 0.993, player 1: 0.007
	for _, playout := range []int{0, 1} {
		s := NewMCTS[nim, int8](nimNet{}, Config{Iterations: 30, NoSolver: true, EndgamePositions: -1, Discount: 1, NetPlayout: playout})
		if err := s.SetValue(net); err != nil {
			t.Fatal(err)
		}
		p := nim{n: 12}
		r := s.Search(context.Background(), &p)
		if r.Value < 0.95 {
			t.Errorf("netplayout=%d: root value %.3f, want the net's 0.993", playout, r.Value)
		}
		// and without the net, random playouts of a lost position say otherwise
		s = NewMCTS[nim, int8](nimNet{}, Config{Iterations: 30, NoSolver: true, EndgamePositions: -1, Discount: 1})
		if r := s.Search(context.Background(), &p); r.Value > 0.9 {
			t.Errorf("without a net: root value %.3f", r.Value)
		}
	}
}

// The learning rate drops to a fifth after AnnealAfter games: two runs
// that differ only in when agree up to the earlier point and not after.
func TestTrainAnneals(t *testing.T) {
	run := func(games, anneal int64) *Net {
		g := nimNet{}
		net := NewNet(g.Features(), 8, 2, g.FeatureLayout(), 5)
		_, err := Train[nim, int8](context.Background(), g, func(k int64) nim { return nim{n: int16(1 + k%nimMax)} }, net,
			TrainConfig{Games: games, Seed: 5, CheckGames: -1, AnnealAfter: anneal})
		if err != nil {
			t.Fatal(err)
		}
		return net
	}
	if !sameWeights(run(50, 50), run(50, -1)) {
		t.Error("annealing changed the first 50 games")
	}
	if sameWeights(run(100, 50), run(100, -1)) {
		t.Error("annealing after 50 games changed nothing by 100")
	}
}

// The table sigmoid is the logistic function to within 4e-6 everywhere,
// and 0 and 1 far out.
func TestSigmoidTable(t *testing.T) {
	worst, at := 0.0, float32(0)
	for z := float32(-40); z <= 40; z += 0.000731 {
		d := math.Abs(float64(sigmoid(z)) - 1/(1+math.Exp(-float64(z))))
		if d > worst {
			worst, at = d, z
		}
	}
	if worst > 4e-6 {
		t.Errorf("sigmoid is off by %g at %g", worst, at)
	}
	if sigmoid(-21) != 0 || sigmoid(21) != 1 || sigmoid(0) != 0.5 {
		t.Errorf("sigmoid(-21, 0, 21) = %g, %g, %g; want 0, 0.5, 1", sigmoid(-21), sigmoid(0), sigmoid(21))
	}
	if v := sigmoid(float32(math.NaN())); !math.IsNaN(float64(v)) {
		t.Errorf("sigmoid(NaN) = %g", v)
	}
}
