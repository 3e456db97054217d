package interpreter_test

import (
	"testing"
)

// BenchmarkCubeEstimate: one cube decision's playouts from the start.
func BenchmarkCubeEstimate(b *testing.B) {
	g := open(b, "backgammon")
	p, _ := g.ParsePosition(bgStart)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Hash++
		g.CubeEstimate(&p, 360)
	}
}
