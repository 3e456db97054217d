package ai

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestRandomPlayer(t *testing.T) {
	g := tttGame{}
	p := ttt{}
	counts := map[uint8]int{}
	r := NewRandom[ttt, uint8](g, 1)
	for i := 0; i < 900; i++ {
		m, info := r.Choose(context.Background(), &p)
		if info.Legal != 9 || !legal[ttt, uint8](g, &p, m) {
			t.Fatalf("move %d info %+v", m, info)
		}
		counts[m]++
	}
	for m, n := range counts {
		if n < 50 {
			t.Errorf("move %d chosen %d of 900 times", m, n)
		}
	}
	a, _ := NewRandom[ttt, uint8](g, 5).Choose(context.Background(), &p)
	b, _ := NewRandom[ttt, uint8](g, 5).Choose(context.Background(), &p)
	if a != b {
		t.Errorf("same seed, different moves")
	}
	done := tttFrom("XXX|OO.|...")
	if _, info := r.Choose(context.Background(), &done); info.Legal != 0 {
		t.Errorf("finished game: %+v", info)
	}
}

func TestGreedyPlayer(t *testing.T) {
	// with an Evaluator: the long step is better
	g := trackGame{length: 100}
	p := track{}
	m, info := NewGreedy[track, int8](g, 1).Choose(context.Background(), &p)
	if m != 3 || !info.HasValue || info.Value <= 0.5 {
		t.Errorf("greedy on track: %d %+v", m, info)
	}
	// without one: random among the moves (all rated 0.5), but wins at once
	tg := tttGame{}
	q := ttt{}
	seen := map[uint8]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		m, info := NewGreedy[ttt, uint8](tg, seed).Choose(context.Background(), &q)
		seen[m] = true
		if info.HasValue {
			t.Errorf("value without an evaluator: %+v", info)
		}
	}
	if len(seen) < 5 {
		t.Errorf("greedy without evaluator should tie-break at random; saw %v", seen)
	}
	// three players: takes the win
	rg := race3Game{goal: 10}
	r := race3{c: 8, turn: 2}
	if m, info := NewGreedy[race3, int8](rg, 0).Choose(context.Background(), &r); m != 2 || info.Proof != Win {
		t.Errorf("race3 greedy: %d %+v", m, info)
	}
}

func TestNewPlayer(t *testing.T) {
	g := tttGame{}
	p := tttFrom("XX.|OO.|...")
	for _, s := range []string{"random", "greedy", "mcts:iterations=500", "mcts:easy", "mcts:iterations=400,threads=2,parallel=root",
		// a time budget far beyond need: the search ends at the proof, so
		// the test does not depend on the machine's speed or load
		"mcts:time=1m,threads=2"} {
		sp, err := ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		pl := NewPlayer[ttt, uint8](g, sp, 3)
		m, info := pl.Choose(context.Background(), &p)
		if !legal[ttt, uint8](g, &p, m) {
			t.Errorf("%s: illegal %d", s, m)
		}
		if sp.Kind != KindRandom && m != 2 {
			t.Errorf("%s: did not take the win: %d %v", s, m, info)
		}
		if sp.Kind == KindMCTS {
			if info.Proof != Win || !strings.Contains(info.String(), "proven win") {
				t.Errorf("%s: info %v", s, info)
			}
			mp := pl.(*MCTSPlayer[ttt, uint8])
			if mp.Last().Move != m || len(mp.Last().Moves) != 5 {
				t.Errorf("%s: Last() = %+v", s, mp.Last())
			}
		}
		t.Logf("%-45s -> %d (%v)", s, m, info)
	}
}

func TestMCTSPlayerKeepsTree(t *testing.T) {
	g := c4Game{}
	pl := NewMCTSPlayer[c4, uint8](g, Config{Iterations: 1000})
	var spins int
	pl.SetProgress(func(Progress[uint8]) { spins++ })
	p := c4{}
	m, _ := pl.Choose(context.Background(), &p)
	g.Apply(&p, m)
	g.Apply(&p, pl.Last().PV[1])
	pl.Choose(context.Background(), &p)
	if r := pl.Last(); r.Visits <= r.Iterations {
		t.Errorf("tree not kept: %d visits, %d iterations", r.Visits, r.Iterations)
	}
}

func TestInfoString(t *testing.T) {
	for _, c := range []struct {
		i    Info
		want string
	}{
		{Info{}, "no legal moves"},
		{Info{Legal: 1}, "forced"},
		{Info{Legal: 5, Iterations: 5000, Value: 0.623, HasValue: true, Elapsed: 310 * time.Millisecond}, "5000 it, value 0.62, 310ms"},
		{Info{Legal: 5, Iterations: 40, Proof: Win, Value: 1, HasValue: true}, "40 it, proven win"},
	} {
		if got := c.i.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.i, got, c.want)
		}
	}
}
