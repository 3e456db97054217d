package web

import (
	"encoding/json"
	"fmt"
	"net/http"
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

// newDiceGame starts a dice game whose person rolls by the Roll button.
func (c *client) newDiceGame(variant string, seats []string, position string) string {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"variant": variant, "seats": seats, "roll_button": true, "position": position})
	code, out := c.do("POST", "/api/games", string(body))
	if code != http.StatusCreated {
		c.t.Fatalf("new game: %d %v", code, out)
	}
	c.token = out["token"].(string)
	return out["id"].(string)
}

// With the Roll button the dice wait for the person: no play before the
// roll, the roll by the person to move only, and then plays made of one
// piece's moves by one die each, along the tracks the state describes.
func TestRollButton(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newDiceGame("backgammon", []string{"human", "human"}, "w m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb")
	st := c.state(id)
	dice := st["dice"].(map[string]any)
	if !dice["to_roll"].(bool) || len(dice["roll"].([]any)) != 0 || len(legalTexts(st)) != 0 {
		t.Fatalf("the dice should wait for white's roll: %v", dice)
	}
	tracks := st["tracks"].(map[string]any)
	if tracks["layout"] != "backgammon" || len(tracks["paths"].([]any)[0].([]any)) != 25 {
		t.Fatalf("tracks: %v", tracks)
	}
	if pips := dice["pips"].([]any); pips[0].(float64) != 167 || pips[1].(float64) != 167 {
		t.Fatalf("pips at the start: %v", pips)
	}
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"24/18 13/8"}`); code != http.StatusConflict || !strings.Contains(out["error"].(string), "roll") {
		t.Fatalf("a play before the roll: %d %v", code, out)
	}
	watcher := &client{t: t, base: ts.URL}
	if code, _ := watcher.do("POST", "/api/games/"+id+"/roll", "{}"); code != http.StatusForbidden {
		t.Fatalf("a watcher rolled: %d", code)
	}
	code, out := c.do("POST", "/api/games/"+id+"/roll", "{}")
	if code != http.StatusOK {
		t.Fatalf("roll: %d %v", code, out)
	}
	dice = out["dice"].(map[string]any)
	if dice["to_roll"].(bool) || len(dice["roll"].([]any)) != 2 {
		t.Fatalf("after the roll: %v", dice)
	}
	if code, _ := c.do("POST", "/api/games/"+id+"/roll", "{}"); code != http.StatusConflict {
		t.Fatalf("a second roll: %d", code)
	}
	for _, mv := range out["legal"].([]any) {
		m := mv.(map[string]any)
		hops := m["hops"].([]any)
		if m["kind"] != "play" || len(hops) < 2 {
			t.Fatalf("a play of two dice in %d moves: %v", len(hops), m)
		}
		for _, hv := range hops {
			h := hv.(map[string]any)
			if d := h["to_step"].(float64) - h["from_step"].(float64); d < 1 || d > 6 {
				t.Fatalf("%s: a move of %v steps: %v", m["text"], d, h)
			}
		}
	}
	legal := legalTexts(out)
	code, out = c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, legal[0]))
	if code != http.StatusOK {
		t.Fatalf("play: %d %v", code, out)
	}
	turns := out["dice"].(map[string]any)["turns"].([]any)
	if len(turns) != 1 || turns[0].(map[string]any)["play"] != legal[0] || turns[0].(map[string]any)["roll"] == "" {
		t.Fatalf("the move list by turn: %v", turns)
	}
	// Now black is to roll, and white may not.
	if code, _ := c.do("POST", "/api/games/"+id+"/roll", "{}"); code != http.StatusOK {
		t.Fatalf("black's roll (one person holds both seats): %d", code)
	}
}

// A roll that leaves nothing to play is passed for the person, who is told.
func TestRollForcedPass(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	// White on the bar against black's closed home board.
	id := c.newDiceGame("backgammon", []string{"human", "human"}, "w g1:w,h2:bb,i2:bb,j2:bb,k2:bb,l2:bb,m2:bb,a1:bbb,m1:wwwwwwwwwwwwww")
	code, out := c.do("POST", "/api/games/"+id+"/roll", "{}")
	if code != http.StatusOK {
		t.Fatalf("roll: %d %v", code, out)
	}
	dice := out["dice"].(map[string]any)
	if n, _ := dice["notice"].(string); !strings.Contains(n, "white rolled") || !strings.Contains(n, "cannot move") {
		t.Fatalf("notice: %q", n)
	}
	if out["to_move"].(float64) != 1 || !dice["to_roll"].(bool) {
		t.Fatalf("black should be to roll after white's pass: %v", dice)
	}
	if h := out["history"].([]any); len(h) != 2 || h[1] != "pass" {
		t.Fatalf("history: %v", h)
	}
}

// A roll that leaves nothing to play but rolls again (Mensch's three tries
// for a 6 with every piece in the base) is passed for the person, who is
// told to roll again; the page then waits for the same player's roll.
func TestRollForcedPassRollsAgain(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	// A 6 brings a piece out (and rolls again too): try games until a roll
	// is not a 6.
	for try := 0; try < 40; try++ {
		id := c.newDiceGame("mensch", []string{"human", "human", "human", "human"}, "r b2:rrrr,b10:bbbb,j10:gggg,j2:yyyy")
		code, out := c.do("POST", "/api/games/"+id+"/roll", "{}")
		if code != http.StatusOK {
			t.Fatalf("roll: %d %v", code, out)
		}
		dice := out["dice"].(map[string]any)
		if h := out["history"].([]any); len(h) > 0 && h[0] == "6" {
			continue
		}
		if n, _ := dice["notice"].(string); !strings.Contains(n, "red rolled") || !strings.Contains(n, "rolls again") {
			t.Fatalf("notice: %q", n)
		}
		if out["to_move"].(float64) != 0 || !dice["to_roll"].(bool) {
			t.Fatalf("red should roll again after the pass: %v", out)
		}
		return
	}
	t.Fatal("40 rolls of 6 in a row")
}

// Ludo's state marks the squares its hit rules make safe, and draws it from
// its tracks, not as a backgammon board.
func TestLudoTracksInTheState(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	for variant, safe := range map[string]int{"ludo": 0, "ludo-safe-squares": 8} {
		id := c.newDiceGame(variant, []string{"human", "random", "random", "random"}, "")
		tr := c.state(id)["tracks"].(map[string]any)
		if tr["layout"] != "track" || len(tr["paths"].([]any)) != 4 || len(tr["safe"].([]any)) != safe {
			t.Errorf("%s: tracks %v, want 4 paths and %d safe squares", variant, tr, safe)
		}
	}
}
