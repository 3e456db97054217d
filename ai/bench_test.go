package ai

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// benchSearch measures iterations per second on Connect Four from the start
// position (a fresh tree each search so the figures do not drift).
func benchSearch(b *testing.B, cfg Config) {
	g := c4Game{}
	cfg.Iterations = 50000
	s := NewMCTS[c4, uint8](g, cfg)
	p := c4{}
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Reset()
		total += s.Search(context.Background(), &p).Iterations
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "iter/s")
	b.ReportMetric(0, "ns/op")
}

func BenchmarkMCTS1Thread(b *testing.B) { benchSearch(b, Config{}) }
func BenchmarkMCTS2ThreadsTree(b *testing.B) {
	benchSearch(b, Config{Threads: 2, Parallel: TreeParallel})
}
func BenchmarkMCTS2ThreadsRoot(b *testing.B) {
	benchSearch(b, Config{Threads: 2, Parallel: RootParallel})
}

func BenchmarkPlayout(b *testing.B) {
	s := NewMCTS[c4, uint8](c4Game{}, Config{Iterations: 1})
	w := s.workers[0]
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		w.pos = c4{}
		w.playout()
	}
}

// TestCompareParallel plays tree- against root-parallel MCTS (and 2 threads
// against 1) on Connect Four, at equal time per move or at an equal
// iteration budget (which is immune to machine load but ignores speed). It is
// a measurement, not a check; run it with
//
//	STACKRULES_AI_COMPARE=200ms,40 go test -run CompareParallel -v ./ai/
//	STACKRULES_AI_COMPARE=5000it,40 go test -run CompareParallel -v ./ai/
//
// (budget per move, games per pairing). Extra pairings compare exploration
// constants when the budget is in iterations.
func TestCompareParallel(t *testing.T) {
	env := os.Getenv("STACKRULES_AI_COMPARE")
	if env == "" {
		t.Skip("set STACKRULES_AI_COMPARE=BUDGET,GAMES to measure")
	}
	per, iters, games := 200*time.Millisecond, 0, 40
	a, b, _ := cut(env)
	if n, err := strconv.Atoi(strings.TrimSuffix(a, "it")); err == nil && strings.HasSuffix(a, "it") {
		iters = n
	} else if d, err := time.ParseDuration(a); err == nil {
		per = d
	}
	if n, err := strconv.Atoi(b); err == nil {
		games = n
	}
	g := c4Game{}
	mk := func(cfg Config) func(uint64) Player[c4, uint8] {
		return func(seed uint64) Player[c4, uint8] {
			c := cfg
			c.Seed = seed
			if iters > 0 {
				c.Iterations = iters
			} else {
				c.Time = per
			}
			return NewMCTSPlayer[c4, uint8](g, c)
		}
	}
	pairs := []struct {
		name string
		a, b Config
	}{
		{"tree2 vs root2", Config{Threads: 2, Parallel: TreeParallel}, Config{Threads: 2, Parallel: RootParallel}},
		{"tree2 vs 1 thread", Config{Threads: 2, Parallel: TreeParallel}, Config{Threads: 1}},
		{"root2 vs 1 thread", Config{Threads: 2, Parallel: RootParallel}, Config{Threads: 1}},
	}
	if iters > 0 {
		pairs = append(pairs, []struct {
			name string
			a, b Config
		}{
			{"c=0.5 vs c=1", Config{Exploration: 0.5}, Config{Exploration: 1}},
			{"c=0.5 vs c=0.3", Config{Exploration: 0.5}, Config{Exploration: 0.3}},
			{"solver vs none", Config{}, Config{NoSolver: true}},
		}...)
	}
	for _, pair := range pairs {
		start := time.Now()
		rec, err := Match[c4, uint8]{Game: g, Start: func(int) c4 { return c4{} }, A: mk(pair.a), B: mk(pair.b), Games: games, Seed: 1}.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-18s %v (%v)", pair.name, rec, time.Since(start).Round(time.Second))
	}
}

func cut(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ',' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// The track race with a 1000-square track: every playout runs to the
// 200-ply cap, so playouts dominate as they will for real games and the
// threads rarely meet at the tree lock.
func benchLong(b *testing.B, cfg Config) {
	g := trackGame{length: 1000}
	cfg.Iterations = 2000
	s := NewMCTS[track, int8](g, cfg)
	p := track{}
	total := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Reset()
		total += s.Search(context.Background(), &p).Iterations
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "iter/s")
	b.ReportMetric(0, "ns/op")
}

func BenchmarkLongPlayouts1Thread(b *testing.B) { benchLong(b, Config{}) }
func BenchmarkLongPlayouts2ThreadsTree(b *testing.B) {
	benchLong(b, Config{Threads: 2, Parallel: TreeParallel})
}
func BenchmarkLongPlayouts2ThreadsRoot(b *testing.B) {
	benchLong(b, Config{Threads: 2, Parallel: RootParallel})
}
