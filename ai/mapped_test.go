package ai

import (
	"context"
	"testing"
	"time"
)

// MapMoves hands out a player's moves, progress and last result through
// the conversion, and passes nil progress on as nil.
func TestMapMoves(t *testing.T) {
	// the move's column, plus 1000 for each piece on the board where it is
	// played: the expected line's moves are decoded each at its position
	conv := func(p *c4, m uint8) int { return 100 + int(m) + 1000*int(p.n) }
	inner := NewMCTSPlayer[c4, uint8](c4Game{}, Config{Time: 300 * time.Millisecond, ProgressEvery: 5 * time.Millisecond, Seed: 4, EndgamePositions: -1})
	p := MapMoves[c4, int, uint8](inner, c4Game{}, conv)
	var seen []Progress[int]
	ps := p.(interface{ SetProgress(func(Progress[int])) })
	ps.SetProgress(func(pr Progress[int]) { seen = append(seen, pr) })
	var pos c4
	m, info := p.Choose(context.Background(), &pos)
	if info.Err != nil || m < 100 || m > 106 || len(inner.Last().PV) < 2 {
		t.Fatalf("move %d, %+v", m, info)
	}
	if len(seen) == 0 {
		t.Fatal("no progress in 300 ms at every 5 ms")
	}
	for _, pr := range seen {
		if pr.Best < 100 || pr.Best > 106 {
			t.Fatalf("progress names move %d", pr.Best)
		}
	}
	last := p.(interface{ Last() Result[int] }).Last()
	in := inner.Last()
	if last.Move != m || len(last.Moves) != len(in.Moves) || len(last.PV) != len(in.PV) || last.Iterations != in.Iterations {
		t.Fatalf("last %+v, inner %+v", last, in)
	}
	for i, m := range last.PV {
		if m/1000 != i || m%1000 != 100+int(in.PV[i]) {
			t.Fatalf("the expected line %v, inner %v: move %d decoded at the wrong position", last.PV, in.PV, i)
		}
	}
	var root c4
	for i, ms := range last.Moves {
		if ms.Move != conv(&root, in.Moves[i].Move) || ms.Visits != in.Moves[i].Visits {
			t.Fatalf("move stats %d: %+v, inner %+v", i, ms, in.Moves[i])
		}
	}
	ps.SetProgress(nil)
	n := len(seen)
	pos = c4{}
	p.Choose(context.Background(), &pos)
	if len(seen) != n {
		t.Fatal("progress still called after SetProgress(nil)")
	}
}
