package main

import (
	"testing"

	"github.com/stackrules/stackrules/board"
)

// In the middle of a turn typed a checker at a time, the hint is the rest
// of the best play that begins with the checkers moved so far: the
// search's own choice when it is one of them, else the best ranked that is.
func TestPartialHint(t *testing.T) {
	g := mustGame(t, "backgammon")
	p := mustPosition(t, g, "w m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:62")
	ss := &terminalGame{g: g, h: g.NewHistory(p)}
	ss.turn = diceTurn{at: ss.h.Len(), steps: []string{"24/18"}}
	play := func(text string) board.Move {
		m, err := g.ParseMove(&p, text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	notStarted, started, other := play("13/7 13/11"), play("24/18 13/11"), play("24/16")
	best, rest, ok := ss.partialHint(&p, notStarted, []board.Move{notStarted, started, other})
	if !ok || best != started || rest != "13/11" {
		t.Errorf("hint after 24/18: %s, rest %q (%v); want 24/18 13/11, rest 13/11", g.MoveString(best), rest, ok)
	}
	best, rest, ok = ss.partialHint(&p, other, nil)
	if !ok || best != other || rest != "18/16" {
		t.Errorf("hint after 24/18 when the search likes 24/16: %s, rest %q (%v); want 24/16, rest 18/16", g.MoveString(best), rest, ok)
	}
	// the board mid-turn: the checker on 18, the 2 left to play
	q, left, ok := ss.partial()
	if !ok || len(left) != 1 || left[0] != 2 {
		t.Fatalf("partial: %v %v", left, ok)
	}
	f2, _ := g.Board.ParseSquare("f2")
	m2, _ := g.Board.ParseSquare("m2")
	if q.Cells[f2].Height() != 1 || q.Cells[m2].Height() != 1 {
		t.Errorf("mid-turn position %s: want one checker left on white's 24 (m2) and one on its 18 (f2)", g.FormatPosition(&q))
	}
}
