package web

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// One check for a seat wherever it comes from: a new game's request, an
// uploaded record's tags, a saved game (which is brought within the limits
// and logged, never lost).
func TestSeatsFromAnywherePassOneCheck(t *testing.T) {
	dir := t.TempDir()
	savedAIToMove(t, dir, "7h64", "mcts:iterations=10,threads=64")
	savedAIToMove(t, dir, "b4d5", "mcts:iterations=10,playout=9223372036854775807")
	var l logs
	_, ts := newTestServer(t, Options{DataDir: dir, Logf: l.logf, AITime: 2 * time.Second})
	c := &client{t: t, base: ts.URL}

	rec := func(blue string) string {
		return openRecord("[Game \"Liger\"]\n[Variant \"liger\"]\n[Red \"human\"]\n[Blue \"" + blue + "\"]\n\n1. c3-d4 *\n")
	}
	for _, tc := range []struct {
		what, body string
		code       int
		msg        string
	}{
		{"threads in a request", `{"variant":"liger","seats":["human","mcts:iterations=10,threads=64"]}`, 400, "64 threads; at most 2"},
		{"time in a request", `{"variant":"liger","seats":["human","mcts:time=1m"]}`, 400, "at most 2s"},
		{"threads in a record", rec("mcts:iterations=10,threads=64"), 422, "blue: mcts:iterations=10,threads=64 asks for 64 threads; at most 2"},
		{"a level beyond the AI time", rec("mcts:hard"), 422, "at most 2s"},
		{"an endgame too big", rec("mcts:iterations=10,endgame=1000000"), 422, "endgame"},
		{"no seat at all", rec("mcts:playout=9223372036854775807"), 422, `"mcts:playout=9223372036854775807", is not human or an AI spec`},
	} {
		path := "/api/games"
		if strings.HasPrefix(tc.body, `{"record"`) {
			path = "/api/games/open"
		}
		code, out := c.do("POST", path, tc.body)
		if code != tc.code || !strings.Contains(fmt.Sprint(out["error"]), tc.msg) {
			t.Errorf("%s: %d %v; want %d with %q", tc.what, code, out, tc.code, tc.msg)
		}
	}
	if code, out := c.do("POST", "/api/games/open", rec("mcts:iterations=10,threads=2")); code != 201 {
		t.Errorf("a record within the limits: %d %v", code, out)
	}

	for id, want := range map[string]string{"7h64": "mcts:iterations=10,threads=2", "b4d5": "mcts:medium"} {
		st := c.state(id)
		if seat := st["players"].([]any)[1].(map[string]any)["seat"]; seat != want {
			t.Errorf("saved game %s: blue plays as %v, want %s", id, seat, want)
		}
		if !l.has(id + ".txt") {
			t.Errorf("saved game %s: nothing logged:\n%s", id, l.String())
		}
	}
	// The start page offers only the levels the server allows.
	_, out := c.do("GET", "/api/variants", "")
	if levels := fmt.Sprint(out["levels"]); strings.Contains(levels, "mcts:hard") || !strings.Contains(levels, "mcts:easy") {
		t.Errorf("levels offered with a 2s AI time: %s", levels)
	}
}
