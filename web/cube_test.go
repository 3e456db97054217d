package web

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// cubeOfState is the state's cube, nil without one.
func cubeOfState(st map[string]any) map[string]any {
	d, _ := st["dice"].(map[string]any)
	if d == nil {
		return nil
	}
	c, _ := d["cube"].(map[string]any)
	return c
}

// truthy is a JSON value that is true (false when left out).
func truthy(v any) bool { b, _ := v.(bool); return b }

func scoreOf(cube map[string]any) [2]int {
	s := cube["score"].([]any)
	return [2]int{int(s[0].(float64)), int(s[1].(float64))}
}

// A match to 3 with the cube on the web, a person against the AI: the
// person resigns each game (a point to the AI with the cube in the middle)
// and starts the next; the score carries on, the third game is the
// Crawford game, the finished game's pages learn the next game's id, and
// no game follows the match (issue 27).
func TestMatchGamesFollowOnTheWeb(t *testing.T) {
	_, ts := newTestServer(t, Options{cubeRollouts: 6})
	c := &client{t: t, base: ts.URL}
	body, _ := json.Marshal(map[string]any{"variant": "liger", "seats": []string{"human", "greedy"}, "cube": true})
	if code, out := c.do("POST", "/api/games", string(body)); code != http.StatusBadRequest {
		t.Errorf("liger with the cube: %d %v", code, out)
	}
	body, _ = json.Marshal(map[string]any{"variant": "backgammon", "seats": []string{"human", "greedy"}, "match": 3})
	code, out := c.do("POST", "/api/games", string(body))
	if code != http.StatusCreated {
		t.Fatalf("new match: %d %v", code, out)
	}
	c.token = out["token"].(string)
	id := out["id"].(string)
	if code, _ := c.do("POST", "/api/games/"+id+"/next", `{}`); code != http.StatusConflict {
		t.Errorf("next before the game is over: %d", code)
	}
	for game, want := range [][2]int{{0, 0}, {0, 1}, {0, 2}} {
		cube := cubeOfState(c.state(id))
		if cube == nil || scoreOf(cube) != want || cube["length"].(float64) != 3 || cube["value"].(float64) != 1 || cube["owner"].(float64) != -1 {
			t.Fatalf("game %d starts with cube %v, want score %v", game+1, cube, want)
		}
		if crawford := cube["crawford"].(bool); crawford != (game == 2) {
			t.Errorf("game %d: crawford %v", game+1, crawford)
		}
		code, out := c.do("POST", "/api/games/"+id+"/resign", `{}`)
		if code != http.StatusOK {
			t.Fatalf("resign: %d %v", code, out)
		}
		cube = cubeOfState(out)
		if cube["points"].(float64) != 1 || truthy(cube["match_over"]) != (game == 2) {
			t.Fatalf("game %d after resigning: %v", game+1, cube)
		}
		if game == 2 {
			if cube["match_winner"].(float64) != 1 {
				t.Errorf("match winner %v", cube["match_winner"])
			}
			if code, _ := c.do("POST", "/api/games/"+id+"/next", `{}`); code != http.StatusConflict {
				t.Errorf("a next game after the match: %d", code)
			}
			break
		}
		code, out = c.do("POST", "/api/games/"+id+"/next", `{}`)
		if code != http.StatusCreated {
			t.Fatalf("next: %d %v", code, out)
		}
		next := out["id"].(string)
		if code, out := c.do("POST", "/api/games/"+id+"/next", `{}`); code != http.StatusOK || out["id"] != next {
			t.Errorf("next again: %d %v, want %s", code, out, next)
		}
		if got := cubeOfState(c.state(id))["next_id"]; got != next {
			t.Errorf("the finished game's next_id %v, want %s", got, next)
		}
		id = next
	}
}

// A money game with the cube on the web, a person against the AI: the
// person doubles at the first chance and the AI takes (the cube at 2, the
// AI's) or drops (the game over, a point to the person); a watcher may not
// double, the AI's seat may not be acted for, and a game saved with a
// double offered comes back with it after a restart.
func TestCubeOnTheWeb(t *testing.T) {
	dir := t.TempDir()
	s, ts := newTestServer(t, Options{DataDir: dir, cubeRollouts: 6})
	c := &client{t: t, base: ts.URL}
	body, _ := json.Marshal(map[string]any{"variant": "backgammon", "seats": []string{"human", "greedy"}, "cube": true})
	code, out := c.do("POST", "/api/games", string(body))
	if code != http.StatusCreated {
		t.Fatalf("new game: %d %v", code, out)
	}
	c.token = out["token"].(string)
	id := out["id"].(string)
	watcher := &client{t: t, base: ts.URL}
	if code, out := watcher.do("POST", "/api/games/"+id+"/cube", `{"action":"double"}`); code != http.StatusForbidden {
		t.Errorf("a watcher doubles: %d %v", code, out)
	}
	if code, out := c.do("POST", "/api/games/"+id+"/cube", `{"action":"take"}`); code != http.StatusConflict {
		t.Errorf("take with nothing offered: %d %v", code, out)
	}
	if code, out := c.do("POST", "/api/games/"+id+"/cube", `{"action":"redouble"}`); code != http.StatusBadRequest {
		t.Errorf("a made-up action: %d %v", code, out)
	}
	doubled := false
	for step := 0; step < 400 && !doubled; step++ {
		st := c.waitFor(id, "the person's turn", func(st map[string]any) bool {
			return st["result"].(map[string]any)["over"].(bool) || cubeOfState(st)["answer"].(bool) || st["dice"].(map[string]any)["to_roll"].(bool) || st["your_turn"].(bool)
		})
		cube := cubeOfState(st)
		switch {
		case st["result"].(map[string]any)["over"].(bool):
			t.Fatal("the game ended before the person could double")
		case cube["answer"].(bool):
			c.do("POST", "/api/games/"+id+"/cube", `{"action":"take"}`) // the AI doubled first
		case cube["may_double"].(bool):
			doubled = true
			before := cube["value"].(float64)
			code, out := c.do("POST", "/api/games/"+id+"/cube", `{"action":"double"}`)
			if code != http.StatusOK {
				t.Fatalf("double: %d %v", code, out)
			}
			after := cubeOfState(out)
			turns := out["dice"].(map[string]any)["turns"].([]any)
			found := false
			for _, tj := range turns {
				if tj := tj.(map[string]any); tj["play"] == "doubles" && tj["player"].(float64) == 0 {
					found = true
				}
			}
			if !found {
				t.Errorf("the move list does not show the double: %v", turns)
			}
			if out["result"].(map[string]any)["over"].(bool) {
				if after["points"].(float64) != before || out["result"].(map[string]any)["winner"].(float64) != 0 {
					t.Errorf("the AI dropped: %v %v", after, out["result"])
				}
			} else if after["value"].(float64) != 2*before || after["owner"].(float64) != 1 || after["offered"].(bool) {
				t.Errorf("the AI took, but the cube is %v", after)
			}
		case st["dice"].(map[string]any)["to_roll"].(bool):
			if code, out := c.do("POST", "/api/games/"+id+"/roll", `{}`); code != http.StatusOK {
				t.Fatalf("roll: %d %v", code, out)
			}
		default:
			body, _ := json.Marshal(map[string]any{"move": legalTexts(st)[0]})
			if code, out := c.do("POST", "/api/games/"+id+"/move", string(body)); code != http.StatusOK {
				t.Fatalf("move: %d %v", code, out)
			}
		}
	}
	if !doubled {
		t.Fatal("the person never had the chance to double")
	}

	// Two people: a double offered is saved, and after a restart the
	// other answers it.
	body, _ = json.Marshal(map[string]any{"variant": "backgammon", "seats": []string{"human", "human"}, "cube": true})
	code, out = c.do("POST", "/api/games", string(body))
	if code != http.StatusCreated {
		t.Fatalf("new money game: %d %v", code, out)
	}
	c.token = out["token"].(string)
	id = out["id"].(string)
	for step := 0; step < 20; step++ {
		st := c.state(id)
		if cubeOfState(st)["may_double"].(bool) {
			if code, out := c.do("POST", "/api/games/"+id+"/cube", `{"action":"double"}`); code != http.StatusOK {
				t.Fatalf("double: %d %v", code, out)
			}
			break
		}
		if st["dice"].(map[string]any)["to_roll"].(bool) {
			c.do("POST", "/api/games/"+id+"/roll", `{}`)
			continue
		}
		body, _ := json.Marshal(map[string]any{"move": legalTexts(st)[0]})
		c.do("POST", "/api/games/"+id+"/move", string(body))
	}
	if cb := cubeOfState(c.state(id)); !cb["offered"].(bool) || !cb["answer"].(bool) {
		t.Fatalf("no double offered to answer: %v", cb)
	}
	s.Close()
	_, ts2 := newTestServer(t, Options{DataDir: dir, cubeRollouts: 6})
	c.base = ts2.URL
	cb := cubeOfState(c.state(id))
	if cb == nil || !cb["offered"].(bool) || !cb["answer"].(bool) {
		t.Fatalf("after a restart the cube is %v", cb)
	}
	if code, out := c.do("POST", "/api/games/"+id+"/cube", `{"action":"take"}`); code != http.StatusOK || cubeOfState(out)["value"].(float64) != 2 {
		t.Errorf("take after the restart: %d %v", code, out)
	}

	// The record downloaded and opened again: the cube at 2, the person's
	// roll waiting for the Roll button.
	resp, err := http.Get(ts2.URL + "/api/games/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	o := &client{t: t, base: ts2.URL}
	code, out = o.do("POST", "/api/games/open", openRecord(string(rec)))
	if code != http.StatusCreated {
		t.Fatalf("open: %d %v", code, out)
	}
	o.token = out["token"].(string)
	st := o.state(out["id"].(string))
	if cb := cubeOfState(st); cb == nil || cb["value"].(float64) != 2 || cb["offered"].(bool) {
		t.Errorf("the opened record's cube: %v", cb)
	}
	if !st["dice"].(map[string]any)["to_roll"].(bool) {
		t.Errorf("the opened game does not wait for the Roll: %v", st["dice"])
	}
}
