package web

import (
	"fmt"
	"strings"
	"testing"
)

// A dice game through the web API: the session rolls the dice, so the
// person is offered plays (never rolls) and the AI answers with its own roll.
func TestBackgammonIsPlayedThroughTheAPI(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("backgammon", []string{"human", "random"}, false)
	plies := 0
	for turn := 0; turn < 4; turn++ {
		st := c.waitTurn(id)
		if st["result"].(map[string]any)["over"].(bool) {
			t.Fatalf("a backgammon game over after %d turns", turn)
		}
		legal := legalTexts(st)
		if len(legal) == 0 {
			t.Fatalf("turn %d: no legal play offered: %v", turn, st)
		}
		for _, m := range legal {
			if !strings.Contains(m, "/") && m != "pass" {
				t.Fatalf("turn %d: the person is offered %q, not a play of the dice: %v", turn, m, legal)
			}
		}
		code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, legal[0]))
		if code != 200 {
			t.Fatalf("turn %d: play %q: %d %v", turn, legal[0], code, out)
		}
		plies = len(out["history"].([]any))
	}
	// Each of the person's plays came after a roll, and the AI answered.
	if plies < 7 {
		t.Fatalf("only %d plies (rolls and plays) after four turns", plies)
	}
	// Undo takes the person's play back but keeps the dice.
	before := c.waitTurn(id)
	code, out := c.do("POST", "/api/games/"+id+"/undo", "{}")
	if code != 200 || !out["your_turn"].(bool) {
		t.Fatalf("undo: %d %v", code, out)
	}
	after := len(out["history"].([]any))
	if after >= len(before["history"].([]any)) {
		t.Fatalf("undo took nothing back: %v", out["history"])
	}
	for _, m := range legalTexts(out) {
		if !strings.Contains(m, "/") && m != "pass" {
			t.Fatalf("after undo the person is offered %q: %v", m, legalTexts(out))
		}
	}
}
