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

// A match's games follow with the score carried on and the Crawford rule:
// the game after a player first comes within a point is the Crawford game,
// the games after it are not, and a win reaching the length ends the match.
func TestCubeNextGame(t *testing.T) {
	r := open(t, "backgammon").Cube()
	cs := r.NewCube(5, [2]int{}, false)
	steps := []struct {
		winner, points int
		score          [2]int
		crawford, over bool
	}{
		{0, 2, [2]int{2, 0}, false, false},
		{1, 1, [2]int{2, 1}, false, false},
		{0, 2, [2]int{4, 1}, true, false},  // white a point away: the Crawford game
		{1, 2, [2]int{4, 3}, false, false}, // after it, doubling again
		{1, 1, [2]int{4, 4}, false, false}, // both a point away: no Crawford game again
		{0, 1, [2]int{}, false, true},
	}
	for i, s := range steps {
		next, over := r.NextGame(cs, s.winner, s.points)
		if over != s.over || (!over && (next.Score != s.score || next.Crawford != s.crawford || next.Length != 5 || next.Value != 1 || next.Owner != -1)) {
			t.Fatalf("step %d: next %+v over %v; want score %v crawford %v over %v", i, next, over, s.score, s.crawford, s.over)
		}
		cs = next
	}
}
