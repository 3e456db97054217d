package interpreter_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Benchmarks per built-in game: random playouts (uniform random moves from
// the start, at most 1000 plies a game) and perft, each with the closure
// compiler and with the VM path, so the gain is a ratio measured in one run:
//
//	go test ./interpreter -run '^$' -bench . -benchmem

func benchGame(b *testing.B, name string, vm bool) *interpreter.Game {
	g, err := interpreter.Open(name, interpreter.Options{VMOnly: vm})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func BenchmarkPlayout(b *testing.B) {
	for _, name := range variants.Names() {
		for _, mode := range []string{"closures", "vm"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				g := benchGame(b, name, mode == "vm")
				rng := rand.New(rand.NewPCG(1, 2))
				buf := make([]board.Move, 0, 256)
				start := g.Start()
				pos := new(board.Position)
				plies, games := 0, 0
				b.ResetTimer()
				// One op is one playout from the start, cut at 1000 plies.
				for i := 0; i < b.N; i++ {
					*pos = start
					var n int
					n, buf, _ = g.RandomPlayout(pos, rng, 1000, buf)
					plies += n
					games++
				}
				b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
				b.ReportMetric(float64(plies)/float64(games), "plies/playout")
			})
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, name := range variants.Names() {
		for _, mode := range []string{"closures", "vm"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				g := benchGame(b, name, mode == "vm")
				start := g.Start()
				depth := 3
				if g.HasDice() {
					depth = 2 // a dice game's third ply is some hundred million plays
				}
				var nodes int64
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					nodes += g.Perft(&start, depth)
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}

// BenchmarkEnglishPerft10 is the deep row of the published English checkers
// table, too slow for the default test run; it fails on a wrong count.
func BenchmarkEnglishPerft10(b *testing.B) {
	g := benchGame(b, "english-checkers", false)
	p := g.Start()
	for i := 0; i < b.N; i++ {
		if n := g.Perft(&p, 10); n != 18391564 {
			b.Fatalf("perft(10) = %d, want 18391564", n)
		}
	}
	b.ReportMetric(18391564*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
