package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A game of four played by three: the start page is told who plays for each
// number, a game with three seats is the game of red, green and yellow, and
// its record says so and opens again as a game of three.
func TestFewerPlayersThanDeclared(t *testing.T) {
	_, ts := newTestServer(t, Options{Only: []string{"../examples/crossing.yaml"}})
	resp, err := http.Get(ts.URL + "/api/variants")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Games []struct {
			Players []string         `json:"players"`
			Lineups map[int][]string `json:"lineups"`
		} `json:"games"`
	}
	err = json.NewDecoder(resp.Body).Decode(&cat)
	resp.Body.Close()
	if err != nil || len(cat.Games) != 1 {
		t.Fatalf("catalog: %v %+v", err, cat)
	}
	if g := cat.Games[0]; len(g.Players) != 4 || strings.Join(g.Lineups[2], " ") != "red yellow" || strings.Join(g.Lineups[3], " ") != "red green yellow" {
		t.Fatalf("catalog entry: %+v", g)
	}
	c := &client{t: t, base: ts.URL}
	id := c.newGame("../examples/crossing.yaml", []string{"human", "human", "human"}, false)
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"c1-c2"}`); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	st := c.state(id)
	if n := len(st["players"].([]any)); n != 3 || st["to_move"].(float64) != 1 {
		t.Fatalf("%d players, %v to move; want 3 and green (1)", n, st["to_move"])
	}
	resp, err = http.Get(ts.URL + "/api/games/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(rec), `[Players "3"]`) {
		t.Fatalf("record:\n%s", rec)
	}
	o := &client{t: t, base: ts.URL}
	code, out := o.do("POST", "/api/games/open", openRecord(string(rec)))
	if code != 201 {
		t.Fatalf("open: %d %v", code, out)
	}
	o.token = out["token"].(string)
	if st := o.state(out["id"].(string)); len(st["players"].([]any)) != 3 || len(st["history"].([]any)) != 1 {
		t.Fatalf("the opened game: %v", st)
	}
	// Five seats is no lineup.
	body := `{"variant":"../examples/crossing.yaml","seats":["human","human","human","human","human"]}`
	if code, out := c.do("POST", "/api/games", body); code != 400 {
		t.Fatalf("five seats: %d %v", code, out)
	}
}
