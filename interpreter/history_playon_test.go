package interpreter_test

import (
	"strings"
	"testing"
)

// Two kings shuffle in English checkers: the start comes back a third time
// at ply 8. Play refuses the ninth move (the game is drawn) unless PlayOn
// made the draw a claim: then it plays on round the cycle.
func TestHistoryPlayOnPastRepetition(t *testing.T) {
	g := open(t, "english-checkers")
	start, err := g.ParsePosition("b h8:B,b2:W")
	if err != nil {
		t.Fatal(err)
	}
	shuffle := []string{"h8-g7", "b2-c1", "g7-h8", "c1-b2"}
	for _, playOn := range []bool{false, true} {
		h := g.NewHistory(start)
		if playOn {
			h.PlayOn()
		}
		for i := 0; i < 8; i++ {
			p := h.Position()
			m, err := g.ParseMove(&p, shuffle[i%4])
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Play(m); err != nil {
				t.Fatalf("ply %d: %v", i+1, err)
			}
		}
		if o := h.Outcome(); !o.Over || o.Winner != -1 || !strings.Contains(o.Reason, "same position") {
			t.Fatalf("after 8 plies: %+v, want a draw by repetition", o)
		}
		for i := 8; i < 12; i++ {
			p := h.Position()
			m, _ := g.ParseMove(&p, shuffle[i%4])
			err := h.Play(m)
			if !playOn && err == nil {
				t.Fatal("a move after the draw was played")
			}
			if !playOn {
				break
			}
			if err != nil {
				t.Fatalf("PlayOn, ply %d: %v", i+1, err)
			}
		}
		if playOn && h.Len() != 12 {
			t.Errorf("PlayOn: %d plies, want 12", h.Len())
		}
	}
}
