package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// Nine Men's Morris and its family: perft from the pinned table, the draw
// rules in play, and the pieces-in-hand bookkeeping.

func TestMorrisPerft(t *testing.T) {
	// morris-and-dice.md: each removal choice is a move.
	want := []int64{24, 552, 12144, 255024, 5140800, 99274176, 1873562112}
	depth := 6
	if deepTests() {
		depth = 7
	}
	g := open(t, "nine-mens-morris")
	p := g.Start()
	for d := 1; d <= depth; d++ {
		if got := g.Perft(&p, d); got != want[d-1] {
			t.Errorf("nine-mens-morris perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}

// A position seen three times with the same pieces in hand is a draw; the
// same cells with other hands are another position.
func TestMorrisRepetitionNeedsSameHands(t *testing.T) {
	g := open(t, "nine-mens-morris")
	a, err := g.ParsePosition("r a1:r,d2:b hand:r7,b8")
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.ParsePosition("r a1:r,d2:b hand:r6,b8")
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash == b.Hash || a == b {
		t.Fatalf("positions with other hands are equal")
	}
	if got := g.FormatPosition(&a); got != "r a1:r,d2:b hand:r7,b8" {
		t.Errorf("FormatPosition = %q", got)
	}
	if _, err := g.ParsePosition("r a1:r hand:r9,b9"); err == nil || !strings.Contains(err.Error(), "more than the 9") {
		t.Errorf("ten red pieces: %v", err)
	}
}

// 100 plies in a row without a removal, once both hands are empty, draw.
// The walk avoids repeating positions and removals, so only this rule can end it.
func TestMorrisQuietPliesDraw(t *testing.T) {
	g := open(t, "nine-mens-morris")
	p, err := g.ParsePosition("r a1:r,g1:r,b4:r,e5:r,d7:b,g7:b,c3:b,f2:b")
	if err != nil {
		t.Fatal(err)
	}
	h := g.NewHistory(p)
	seen := map[board.Position]bool{p: true}
	for ply := 0; ply < 100; ply++ {
		if o := h.Outcome(); o.Over {
			t.Fatalf("over after %d plies: %s", ply, o.Reason)
		}
		cur := h.Position()
		var chosen *board.Move
		for _, m := range g.LegalMoves(&cur, nil) {
			q := cur
			g.Apply(&q, m)
			if m.Removed == 0 && !seen[q] {
				chosen = &m
				seen[q] = true
				break
			}
		}
		if chosen == nil {
			t.Fatalf("no fresh quiet move at ply %d (%s)", ply, g.FormatPosition(&cur))
		}
		if err := h.Play(*chosen); err != nil {
			t.Fatal(err)
		}
	}
	if o := h.Outcome(); !o.Over || o.Winner != -1 || !strings.Contains(o.Reason, "100 plies") {
		t.Errorf("after 100 quiet plies: %+v", o)
	}
}

// After the 18 placements both hands are empty and the hand field is no
// longer written; placements are progress, so the quiet count starts there.
func TestMorrisHandsEmpty(t *testing.T) {
	g := open(t, "nine-mens-morris")
	h := g.NewHistory(g.Start())
	for ply := 0; ply < 18; ply++ {
		cur := h.Position()
		moves := g.LegalMoves(&cur, nil)
		if len(moves) == 0 || moves[0].Kind != board.Place {
			t.Fatalf("ply %d: %d moves, first %+v", ply, len(moves), moves)
		}
		if err := h.Play(moves[len(moves)/2]); err != nil {
			t.Fatal(err)
		}
	}
	cur := h.Position()
	if cur.Hand != [board.MaxPlayers]int16{} {
		t.Fatalf("hands after 18 placements: %v (%s)", cur.Hand, g.FormatPosition(&cur))
	}
	if strings.Contains(g.FormatPosition(&cur), "hand") {
		t.Errorf("empty hands are written: %s", g.FormatPosition(&cur))
	}
	for _, m := range g.LegalMoves(&cur, nil) {
		if m.Kind == board.Place {
			t.Errorf("a placement with empty hands: %s", g.MoveString(m))
		}
	}
}

var _ = interpreter.Options{}
