package stackersbb

import (
	"testing"

	"github.com/stackrules/stackrules/internal/reference/bbbench"
)

// The hand-written engine against the interpreter running
// variants/stackers.yaml: random playouts from the start (uniform moves,
// at most 1000 plies, PCG seeded 1, 2, as interpreter/bench_test.go) and
// perft(4) from the start.
//
//	go test ./internal/reference/stackersbb -run '^$' -bench . -count 5
//
// The Alternating benchmarks time one call of each side per op, so the
// ratio they report (interp/hand) is measured under the same load.

const perftDepth = 4

func handPlayout() func() int {
	rng := bbbench.NewRand()
	var ms MoveList
	start := Start()
	var p Position
	return func() int {
		p = start
		return Playout(&p, rng, bbbench.PlyCap, &ms)
	}
}

func handPerft() func() int {
	start := Start()
	return func() int { return int(Perft(&start, perftDepth)) }
}

func BenchmarkPlayoutHandwritten(b *testing.B) {
	bbbench.Run(b, "plies", handPlayout())
}

func BenchmarkPlayoutInterpreter(b *testing.B) {
	bbbench.Run(b, "plies", bbbench.InterpreterPlayout(b, "stackers"))
}

func BenchmarkPlayoutAlternating(b *testing.B) {
	bbbench.Alternate(b, "plies", handPlayout(), bbbench.InterpreterPlayout(b, "stackers"))
}

func BenchmarkPerftHandwritten(b *testing.B) {
	bbbench.Run(b, "nodes", handPerft())
}

func BenchmarkPerftInterpreter(b *testing.B) {
	bbbench.Run(b, "nodes", bbbench.InterpreterPerft(b, "stackers", perftDepth))
}

func BenchmarkPerftAlternating(b *testing.B) {
	bbbench.Alternate(b, "nodes", handPerft(), bbbench.InterpreterPerft(b, "stackers", perftDepth))
}
