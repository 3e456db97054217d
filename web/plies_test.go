package web

import (
	"fmt"
	"strings"
	"testing"
)

// A game stops at the server's limit of plies, undecided, and a record
// longer than that is refused before it is replayed.
func TestPliesPerGameAreBounded(t *testing.T) {
	_, ts := newTestServer(t, Options{MaxPlies: 3})
	c := &client{t: t, base: ts.URL}
	long := "[Variant \"liger\"]\n\n" + strings.Repeat("x1-y2 ", 4) + "*\n"
	code, out := c.do("POST", "/api/games/open", openRecord(long))
	if code != 422 || !strings.Contains(fmt.Sprint(out["error"]), "4 plies; this server plays games of at most 3") {
		t.Fatalf("a record longer than the limit: %d %v", code, out)
	}
	id := c.newGame("liger", []string{"human", "human"}, false)
	for _, m := range []string{"c3-d4", "f6-e5", "d4-c5"} {
		if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, m)); code != 200 {
			t.Fatalf("%s: %d %v", m, code, out)
		}
	}
	st := c.state(id)
	res := st["result"].(map[string]any)
	if !res["over"].(bool) || res["winner"].(float64) != -1 || !strings.Contains(res["text"].(string), "limit of 3 plies") || st["your_turn"].(bool) || len(legalTexts(st)) != 0 {
		t.Fatalf("at the limit: %v", st)
	}
	code, out = c.do("POST", "/api/games/"+id+"/move", `{"move":"b6-a5"}`)
	if code != 409 || !strings.Contains(fmt.Sprint(out["error"]), "limit of 3 plies") {
		t.Fatalf("a move past the limit: %d %v", code, out)
	}
	// Against the AI, the AI does not move past it either.
	ai := &client{t: t, base: ts.URL}
	aid := ai.newGame("liger", []string{"human", "random"}, false)
	ai.do("POST", "/api/games/"+aid+"/move", `{"move":"c3-d4"}`)
	st = ai.waitTurn(aid)
	ai.do("POST", "/api/games/"+aid+"/move", fmt.Sprintf(`{"move":%q}`, legalTexts(st)[0]))
	if st := ai.state(aid); history(st) != 3 || st["thinking"].(bool) || !st["result"].(map[string]any)["over"].(bool) {
		t.Fatalf("the AI at the limit: %v", st)
	}
}
