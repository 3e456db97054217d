package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// The state a page reads for games with kinds of pieces, spreads, neutral
// pieces and hex boards, from the rule files' data alone.

// startAt starts a game of two humans at a position.
func (c *client) startAt(variant, position string) string {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"variant": variant, "seats": []string{"human", "human"}, "position": position})
	code, out := c.do("POST", "/api/games", string(body))
	if code != http.StatusCreated {
		c.t.Fatalf("new game: %d %v", code, out)
	}
	c.token = out["token"].(string)
	return out["id"].(string)
}

// legalByText maps the legal moves by their text, each as compact JSON.
func legalByText(t *testing.T, st map[string]any) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range st["legal"].([]any) {
		mm := m.(map[string]any)
		out[mm["text"].(string)] = js(mm)
	}
	return out
}

// js writes v as compact JSON, object keys sorted, < and > as they are.
func js(v any) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return strings.TrimSpace(sb.String())
}

func compact(st map[string]any, key string) string { return js(st[key]) }

func TestStateOfKindsSpreadsAndPools(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.startAt("tak", "x5/x5/x5/x5/221,x4 1 3")
	st := c.state(id)

	if got, want := compact(st, "kinds"), `[{"name":"flat","neutral":false,"on_top":false,"shape":"flat"},{"name":"wall","neutral":false,"on_top":true,"shape":"standing"},{"name":"capstone","neutral":false,"on_top":true,"shape":"tall"}]`; got != want {
		t.Errorf("kinds:\n got %s\nwant %s", got, want)
	}
	if got, want := compact(st, "pieces"), `[{"kind":0,"letter":"w","name":"flat","owner":0},{"kind":0,"letter":"b","name":"flat","owner":1},{"kind":1,"letter":"W","name":"wall","owner":0},{"kind":1,"letter":"B","name":"wall","owner":1},{"kind":2,"letter":"C","name":"capstone","owner":0},{"kind":2,"letter":"D","name":"capstone","owner":1}]`; got != want {
		t.Errorf("pieces:\n got %s\nwant %s", got, want)
	}
	players := st["players"].([]any)
	hand := js(players[0].(map[string]any)["hand"])
	if want := `[{"count":20,"kind":"flat","letter":"w"},{"count":1,"kind":"capstone","letter":"C"}]`; hand != want {
		t.Errorf("white's hand: got %s, want %s", hand, want)
	}
	if st["board"].(map[string]any)["hex"].(bool) {
		t.Error("Tak's board is not hex")
	}
	legal := legalByText(t, st)
	for text, want := range map[string]string{
		"c3":      `{"kind":"place","lift":1,"piece":{"kind":0,"letter":"w","name":"flat","owner":0},"text":"c3","to":"c3"}`,
		"Sc3":     `{"kind":"place","lift":1,"piece":{"kind":1,"letter":"W","name":"wall","owner":0},"text":"Sc3","to":"c3"}`,
		"Cc3":     `{"kind":"place","lift":1,"piece":{"kind":2,"letter":"C","name":"capstone","owner":0},"text":"Cc3","to":"c3"}`,
		"3a1>21":  `{"drops":[2,1],"from":"a1","kind":"spread","lift":3,"path":["b1","c1"],"text":"3a1>21","to":"c1"}`,
		"3a1+111": `{"drops":[1,1,1],"from":"a1","kind":"spread","lift":3,"path":["a2","a3","a4"],"text":"3a1+111","to":"a4"}`,
		"2a1+":    `{"from":"a1","kind":"step","lift":2,"text":"2a1+","to":"a2"}`,
	} {
		if legal[text] != want {
			t.Errorf("%s:\n got %s\nwant %s", text, legal[text], want)
		}
	}

	// The first turn places the opponent's flat.
	id = c.startAt("tak", "")
	legal = legalByText(t, c.state(id))
	if want := `{"kind":"place","lift":1,"piece":{"kind":0,"letter":"b","name":"flat","owner":1},"text":"a1","to":"a1"}`; legal["a1"] != want {
		t.Errorf("the first turn's a1:\n got %s\nwant %s", legal["a1"], want)
	}
	// The last move says what it placed, and who placed it.
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"a1"}`); code != 200 {
		t.Fatalf("a1: %d %v", code, out)
	}
	st = c.state(id)
	if got, want := compact(st, "last"), `{"kind":"place","lift":1,"piece":{"kind":0,"letter":"b","name":"flat","owner":1},"text":"a1","to":"a1"}`; got != want {
		t.Errorf("last:\n got %s\nwant %s", got, want)
	}
}

func TestStateOfHexBoardAndNeutralPieces(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("dvonn", []string{"human", "human"}, false)
	st := c.state(id)
	b := st["board"].(map[string]any)
	if !b["hex"].(bool) {
		t.Fatal("DVONN's board is hex")
	}
	squares := b["squares"].([]any)
	if len(squares) != 49 {
		t.Fatalf("%d cells, want 49", len(squares))
	}
	// Each row half a cell right of the one below: the board is symmetric
	// about x = 4, and a cell's six neighbours are one apart.
	at := map[string][2]float64{}
	for _, s := range squares {
		m := s.(map[string]any)
		at[m["name"].(string)] = [2]float64{m["x"].(float64), m["y"].(float64)}
	}
	for name, want := range map[string][2]float64{"a1": {0, 0}, "i1": {8, 0}, "a3": {-1, 2}, "k3": {9, 2}, "b4": {-0.5, 3}, "c5": {0, 4}, "k5": {8, 4}} {
		if at[name] != want {
			t.Errorf("%s at %v, want %v", name, at[name], want)
		}
	}
	for _, n := range []string{"f3", "d3", "f4", "e4", "e2", "d2"} {
		dx, dy := at[n][0]-at["e3"][0], (at[n][1]-at["e3"][1])*math.Sqrt(3)/2
		if d := math.Hypot(dx, dy); math.Abs(d-1) > 1e-9 {
			t.Errorf("e3's neighbour %s is %.3f cells away on the page", n, d)
		}
	}
	if got, want := compact(st, "neutral_hand"), `[{"count":3,"kind":"dvonn","letter":"d"}]`; got != want {
		t.Errorf("neutral hand: got %s, want %s", got, want)
	}
	if got, want := compact(st, "kinds"), `[{"neutral":false,"on_top":false,"shape":"flat"},{"name":"dvonn","neutral":true,"on_top":false,"shape":"flat"}]`; got != want {
		t.Errorf("kinds: got %s, want %s", got, want)
	}
	if got := compact(st, "cells"); got != "[]" {
		t.Errorf("an empty board's cells: %s, want []", got)
	}
	legal := legalByText(t, st)
	if want := `{"kind":"place","lift":1,"piece":{"kind":1,"letter":"d","name":"dvonn","owner":-1},"text":"e3","to":"e3"}`; legal["e3"] != want {
		t.Errorf("e3:\n got %s\nwant %s", legal["e3"], want)
	}
}

// TestMoveAtAVersion refuses a move chosen at an older version of the game,
// as the page's automatic pass is sent.
func TestMoveAtAVersion(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.startAt("dvonn", "w d2:b,e2:b,d3:d,e3:w,f3:b,e4:b,f4:b")
	st := c.state(id)
	if got := legalTexts(st); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("white's moves %v, want pass alone", got)
	}
	v := int64(st["version"].(float64))
	if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":"pass","version":%d}`, v-1)); code != http.StatusConflict {
		t.Fatalf("a pass at an old version: %d %v, want 409", code, out)
	}
	if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":"pass","version":%d}`, v)); code != 200 {
		t.Fatalf("a pass at the current version: %d %v", code, out)
	}
	// The same again: the game has moved on, and black's turn is not passed.
	if code, _ := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":"pass","version":%d}`, v)); code != http.StatusConflict {
		t.Fatalf("a second pass at the same version: %d, want 409", code)
	}
	if h := history(c.state(id)); h != 1 {
		t.Fatalf("%d plies played, want 1", h)
	}
}
