package web

import (
	"strings"
	"testing"
)

// A game played for places shows each player's place once taken, and the
// places at the end.
func TestPlacesShown(t *testing.T) {
	_, ts := newTestServer(t, Options{Only: []string{"../variants/ludo-ranked.yaml"}})
	rec := "[Game \"Ludo for places\"]\n[Variant \"../variants/ludo-ranked.yaml\"]\n" +
		"[Position \"r f8:r,h10:g,j8:y,c4:bbbb place:r0,g0,y0,b0 roll:21\"]\n[Result \"*\"]\n\n1. 55/off *\n"
	c := &client{t: t, base: ts.URL}
	code, out := c.do("POST", "/api/games/open", openRecord(rec))
	if code != 201 {
		t.Fatalf("open: %d %v", code, out)
	}
	c.token = out["token"].(string)
	st := c.state(out["id"].(string))
	players := st["players"].([]any)
	if p := players[0].(map[string]any); p["place"] != "1st" {
		t.Errorf("red after bringing its last piece home: %v", p)
	}
	if p := players[1].(map[string]any); p["place"] != nil {
		t.Errorf("green, still playing: %v", p)
	}
	if st["result"].(map[string]any)["over"] != false {
		t.Errorf("the game is over after 1st place: %v", st["result"])
	}
	rec = strings.Replace(rec, "place:r0,g0,y0,b0", "place:r1,g2,y0,b0", 1)
	rec = strings.Replace(rec, "\"r f8:r,h10:g,j8:y", "\"y j8:y", 1)
	code, out = c.do("POST", "/api/games/open", openRecord(rec))
	if code != 201 {
		t.Fatalf("open: %d %v", code, out)
	}
	c.token = out["token"].(string)
	res := c.state(out["id"].(string))["result"].(map[string]any)
	if res["over"] != true || res["text"] != "red 1st, green 2nd, yellow 3rd, blue 4th: brought all four pieces home" {
		t.Errorf("result %v", res)
	}
}
