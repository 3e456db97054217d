package interpreter_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// benchPositions are positions of random games of g (a fixed seed, so every
// build sees the same ones), each with one of its legal moves.
func benchPositions(b *testing.B, g *interpreter.Game, n int) ([]board.Position, []board.Move) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ps []board.Position
	var ms []board.Move
	var buf []board.Move
	for len(ps) < n {
		p := g.Start()
		for ply := 0; ply < 200 && len(ps) < n; ply++ {
			buf = g.LegalMoves(&p, buf)
			if len(buf) == 0 {
				break
			}
			m := buf[rng.IntN(len(buf))]
			ps, ms = append(ps, p), append(ms, m)
			g.Apply(&p, m)
		}
	}
	return ps, ms
}

// BenchmarkLegalMoves and BenchmarkApply time one call on positions of
// random games of each built-in, for comparing builds (one op is one call):
//
//	go test ./interpreter -run '^$' -bench 'LegalMoves|Apply' -benchmem
func BenchmarkLegalMoves(b *testing.B) {
	for _, name := range variants.Names() {
		b.Run(name, func(b *testing.B) {
			g := benchGame(b, name, false)
			ps, _ := benchPositions(b, g, 512)
			b.ReportAllocs()
			b.ResetTimer()
			legalMovesLoop(g, ps, b.N)
		})
	}
}

func BenchmarkApply(b *testing.B) {
	for _, name := range variants.Names() {
		b.Run(name, func(b *testing.B) {
			g := benchGame(b, name, false)
			ps, ms := benchPositions(b, g, 512)
			b.ReportAllocs()
			b.ResetTimer()
			applyLoop(g, ps, ms, b.N)
		})
	}
}

// The timed loops are functions of their own so that callgrind can count
// their instructions alone (--toggle-collect='*applyLoop'), setup left out.

//go:noinline
func legalMovesLoop(g *interpreter.Game, ps []board.Position, n int) {
	buf := make([]board.Move, 0, 256)
	for i := 0; i < n; i++ {
		buf = g.LegalMoves(&ps[i%len(ps)], buf)
	}
}

//go:noinline
func applyLoop(g *interpreter.Game, ps []board.Position, ms []board.Move, n int) {
	var q board.Position
	for i := 0; i < n; i++ {
		j := i % len(ps)
		q = ps[j]
		g.Apply(&q, ms[j])
	}
}
