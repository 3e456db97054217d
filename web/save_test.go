package web

import (
	"fmt"
	"strings"
	"testing"
)

// A change that cannot be saved is not made: the request is told why (507
// for a full disk, 500 otherwise) and the game, in memory and after a
// restart, is as the data folder has it.
func TestAChangeThatCannotBeSavedIsNotMade(t *testing.T) {
	dir := t.TempDir()
	var d disk
	s, ts := newTestServer(t, Options{DataDir: dir, writeFile: d.write})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"human", "human"}, false)
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	f := &client{t: t, base: ts.URL}
	fid := f.newGame("liger", []string{"human", "human"}, true)
	before := c.state(id)

	d.fail(errFull)
	for _, tc := range []struct{ what, path, body string }{
		{"a move", "/move", `{"move":"f6-e5"}`},
		{"undo", "/undo", `{}`},
		{"resigning", "/resign", `{}`},
	} {
		code, out := c.do("POST", "/api/games/"+id+tc.path, tc.body)
		if code != 507 || !strings.Contains(fmt.Sprint(out["error"]), "could not be saved") || !strings.Contains(fmt.Sprint(out["error"]), "no space left on device") {
			t.Errorf("%s on a full disk: %d %v", tc.what, code, out)
		}
		if st := c.state(id); st["position"] != before["position"] || history(st) != 1 || st["result"].(map[string]any)["over"].(bool) || st["version"] != before["version"] {
			t.Errorf("%s was made though not saved: %v", tc.what, st)
		}
	}
	friend := &client{t: t, base: ts.URL}
	if code, out := friend.do("POST", "/api/games/"+fid+"/join", "{}"); code != 507 {
		t.Errorf("joining on a full disk: %d %v", code, out)
	}
	if st := f.state(fid); len(st["open_seats"].([]any)) != 1 {
		t.Errorf("the seat was given though not saved: %v", st["open_seats"])
	}
	d.fail(errDenied)
	s.mu.Lock()
	games := len(s.games)
	s.mu.Unlock()
	if code, out := c.do("POST", "/api/games", `{"variant":"liger","seats":["human","human"]}`); code != 500 || !strings.Contains(fmt.Sprint(out["error"]), "permission denied") {
		t.Errorf("a new game that cannot be saved: %d %v", code, out)
	}
	s.mu.Lock()
	after := len(s.games)
	s.mu.Unlock()
	if after != games {
		t.Errorf("a new game that could not be saved is held: %d games, then %d", games, after)
	}

	// What the data folder has is what a restarted server shows.
	d.heal()
	s.Close()
	_, ts2 := newTestServer(t, Options{DataDir: dir})
	c.base = ts2.URL
	if st := c.state(id); st["position"] != before["position"] || history(st) != 1 {
		t.Fatalf("after a restart: %v", st)
	}
}

// An AI's move that cannot be saved is not played either: the game says
// why, and the AI waits (it does not retry hot) until the hold ends.
func TestAnAIMoveThatCannotBeSavedIsNotPlayed(t *testing.T) {
	var d disk
	clk := newClock()
	g := newGate()
	_, ts := newTestServer(t, Options{DataDir: t.TempDir(), writeFile: d.write, now: clk.Now, choose: g.choose})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"human", "mcts:iterations=20"}, false)
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	d.fail(errFull)
	g.release <- struct{}{}
	st := c.waitFor(id, "the AI's failed save", func(st map[string]any) bool { return lastError(st) != "" })
	if e := lastError(st); !strings.Contains(e, "the AI's move was not played") || !strings.Contains(e, "no space left") || history(st) != 1 || st["thinking"].(bool) {
		t.Fatalf("after the AI's move failed to save: %q, %d plies, thinking %v", e, history(st), st["thinking"])
	}
	for range 5 {
		c.state(id)
	}
	if n := g.calls.Load(); n != 1 {
		t.Fatalf("the AI searched %d times; once, then it waits", n)
	}
	// After the hold, the next look at the game starts the AI again.
	d.heal()
	clk.Add(aiRetryDelay)
	g.release <- struct{}{}
	st = c.waitFor(id, "the AI's move", func(st map[string]any) bool { return history(st) == 2 })
	if n := g.calls.Load(); n != 2 {
		t.Fatalf("%d searches", n)
	}
}
