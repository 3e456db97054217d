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

// The cube is no part of the play a value network learns: backgammon's
// network, trained before the rule file had cube:, still fits it.
func TestCubeKeepsTheNetwork(t *testing.T) {
	g := open(t, "backgammon")
	if g.Cube() == nil {
		t.Fatal("backgammon has no cube")
	}
	if _, err := g.Network(); err != nil {
		t.Errorf("backgammon's network: %v", err)
	}
}
