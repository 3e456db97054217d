package interpreter_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// BenchmarkLudoGame plays random games of Ludo, as `stackrules bench ludo`
// does: one op is one whole game of four players.
func BenchmarkLudoGame(b *testing.B) {
	g := ludoGame(b, "ludo", 4)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]board.Move, 0, 256)
	start := g.Start()
	plies := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := start
		var n int
		n, buf, _ = g.RandomPlayout(&p, rng, 1000, buf)
		plies += n
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plays/game")
}

// BenchmarkBackgammonGame plays random games of Backgammon, as `stackrules
// bench backgammon` does: one op is one whole game.
func BenchmarkBackgammonGame(b *testing.B) {
	g := open(b, "backgammon")
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]board.Move, 0, 256)
	start := g.Start()
	plies := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := start
		var n int
		n, buf, _ = g.RandomPlayout(&p, rng, 10000, buf)
		plies += n
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plays/game")
}
