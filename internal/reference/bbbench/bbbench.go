// Package bbbench holds what the benchmarks of the hand-written bitboard
// engines (internal/reference/ligerbb, stackersbb) share: the interpreter's
// side of each comparison, done as its own playout benchmark does it
// (interpreter/bench_test.go), and the loops that time both sides and
// report rates and their ratio.
package bbbench

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// PlyCap is the ply cap of a random playout, as in the interpreter's
// playout benchmark and `stackrules bench`.
const PlyCap = 1000

// NewRand is the generator every playout benchmark draws moves from: the
// interpreter's benchmark seeds a PCG with 1, 2.
func NewRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// Open loads a built-in game through the interpreter.
func Open(tb testing.TB, name string) *interpreter.Game {
	tb.Helper()
	g, err := interpreter.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// InterpreterPlayout returns a function that plays one uniformly random
// playout of the built-in game from its start with the interpreter, capped
// at PlyCap plies, and returns the plies played: the loop body of the
// interpreter's BenchmarkPlayout.
func InterpreterPlayout(tb testing.TB, name string) func() int {
	g := Open(tb, name)
	rng := NewRand()
	buf := make([]board.Move, 0, 256)
	start := g.Start()
	p := new(board.Position)
	return func() int {
		*p = start
		var n int
		var err error
		n, buf, err = g.RandomPlayout(p, rng, PlyCap, buf)
		if err != nil {
			tb.Fatal(err)
		}
		return n
	}
}

// InterpreterPerft returns a function that counts perft(depth) from the
// built-in game's start with the interpreter.
func InterpreterPerft(tb testing.TB, name string, depth int) func() int {
	g := Open(tb, name)
	start := g.Start()
	return func() int { return int(g.Perft(&start, depth)) }
}

// Run calls work b.N times and reports the units it returns per second
// (unit is "plies/s" or "nodes/s") and per call.
func Run(b *testing.B, unit string, work func() int) {
	total := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		total += work()
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), unit+"/s")
	b.ReportMetric(float64(total)/float64(b.N), unit+"/op")
}

// Alternate times the hand-written engine and the interpreter call by call,
// one of each per op, so that both see the same load on a shared machine.
// Each call is timed by the CPU time of the benchmark's thread (on Linux;
// the wall clock elsewhere): the time spent waiting for a core on a loaded
// machine is left out. It reports each side's rate per CPU second (unit is
// "plies" or "nodes") and the ratio interpreter/hand-written of the rates.
func Alternate(b *testing.B, unit string, hand, interp func() int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var nHand, nInterp int
	var tHand, tInterp time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := threadCPU()
		nHand += hand()
		t1 := threadCPU()
		nInterp += interp()
		t2 := threadCPU()
		tHand += t1 - t0
		tInterp += t2 - t1
	}
	hs := float64(nHand) / tHand.Seconds()
	is := float64(nInterp) / tInterp.Seconds()
	b.ReportMetric(hs, "hand-"+unit+"/s")
	b.ReportMetric(is, "interp-"+unit+"/s")
	b.ReportMetric(is/hs, "interp/hand")
}
