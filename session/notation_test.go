package session

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/internal/gametest"
)

// English checkers' squares by number in messages: d4 is 15, e5 18, f6 22,
// h4 13, c3 11; light squares and words stay.
func TestNumericText(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	for in, want := range map[string]string{
		"d4-e5: not a legal move: captures are mandatory, and black can capture: d4xf6": "15-18: not a legal move: captures are mandatory, and black can capture: 15x22",
		"there is no piece on h4":                   "there is no piece on 13",
		"c3xe5xg7 or c3-d4; (d4) d4.":               "11x18x25 or 11-15; (15) 15.",
		"a2 is light; b2x and ax4 and c33 stay":     "a2 is light; b2x and ax4 and c33 stay",
		"mcts:iterations=40 and e5a are no squares": "mcts:iterations=40 and e5a are no squares",
	} {
		if got := NumericText(g.Board, in); got != want {
			t.Errorf("%q:\n got %q\nwant %q", in, got, want)
		}
	}
	liger := gametest.Open(t, "liger")
	if got := NumericText(liger.Board, "c3-d4"); got != "c3-d4" {
		t.Errorf("liger, without numbers: %q", got)
	}
}

// A move typed in numbers is refused in numbers; one typed by name, by name.
func TestIllegalMoveSpeaksAsTyped(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	s, err := New(g, "english-checkers", seats(t, "human", "human"), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"11-15", "22-18"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	_, err = s.Play("15-19")
	if err == nil || !strings.Contains(err.Error(), "15-19") || !strings.Contains(err.Error(), "15x22") || strings.Contains(err.Error(), "d4") {
		t.Errorf("15-19: %v", err)
	}
	_, err = s.Play("d4-c5")
	if err == nil || !strings.Contains(err.Error(), "d4xf6") {
		t.Errorf("d4-c5: %v", err)
	}
}
