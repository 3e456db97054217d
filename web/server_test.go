package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// client talks to a test server as one browser does.
type client struct {
	t     *testing.T
	base  string
	token string
}

func newTestServer(t *testing.T, opts Options) (*Server, *httptest.Server) {
	t.Helper()
	return newTestServerWith(t, opts, nil)
}

// newTestServerWith is newTestServer with the HTTP server set up by config
// before it starts.
func newTestServerWith(t *testing.T, opts Options, config func(*http.Server)) (*Server, *httptest.Server) {
	t.Helper()
	if opts.AITime == 0 {
		opts.AITime = 2 * time.Second
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	opts.Addr = ln.Addr().String()
	s, err := New(opts)
	if err != nil {
		ln.Close()
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Listener.Close()
	ts.Listener = ln
	if config != nil {
		config(ts.Config)
	}
	ts.Start()
	t.Cleanup(func() { s.Close(); ts.Close() })
	return s, ts
}

// openRecord is the body that uploads a record.
func openRecord(text string) string {
	b, _ := json.Marshal(map[string]string{"record": text})
	return string(b)
}

func (c *client) do(method, path, body string) (int, map[string]any) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("X-Token", c.token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		c.t.Fatalf("%s %s: answer is not JSON (%v): %q", method, path, err, data)
	}
	return resp.StatusCode, out
}

// newGame starts a game and keeps the creator's token.
func (c *client) newGame(variant string, seats []string, friend bool) string {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"variant": variant, "seats": seats, "friend": friend})
	code, out := c.do("POST", "/api/games", string(body))
	if code != http.StatusCreated {
		c.t.Fatalf("new game: %d %v", code, out)
	}
	c.token = out["token"].(string)
	return out["id"].(string)
}

func (c *client) state(id string) map[string]any {
	c.t.Helper()
	code, out := c.do("GET", "/api/games/"+id, "")
	if code != http.StatusOK {
		c.t.Fatalf("state: %d %v", code, out)
	}
	return out
}

func legalTexts(st map[string]any) []string {
	var out []string
	for _, m := range st["legal"].([]any) {
		out = append(out, m.(map[string]any)["text"].(string))
	}
	return out
}

// waitTurn waits until the viewer may move or the game is over.
func (c *client) waitTurn(id string) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		st := c.state(id)
		if st["your_turn"].(bool) || st["result"].(map[string]any)["over"].(bool) {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.t.Fatal("the AI did not move in 20s")
	return nil
}

func TestVariantsListsBuiltinsWithDescriptions(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	code, out := c.do("GET", "/api/variants", "")
	if code != 200 {
		t.Fatal(code)
	}
	games := out["games"].([]any)
	found := false
	for _, g := range games {
		m := g.(map[string]any)
		if m["key"] == "lasca" {
			found = m["description"] != "" && len(m["players"].([]any)) == 2
		}
	}
	if !found {
		t.Fatalf("lasca with a description and two players not offered: %v", games)
	}
}

func TestBadRequestsAreClear4xx(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	cases := []struct {
		name, method, path, body string
		code                     int
		msg                      string
	}{
		{"bad JSON", "POST", "/api/games", `{"variant":`, 400, "bad JSON"},
		{"unknown field", "POST", "/api/games", `{"variant":"liger","seats":["human","human"],"colour":1}`, 400, "unknown field"},
		{"two values", "POST", "/api/games", `{"variant":"liger","seats":["human","human"]} {}`, 400, "more than one value"},
		{"unknown game", "POST", "/api/games", `{"variant":"chess","seats":["human","human"]}`, 404, "no game \"chess\""},
		{"wrong seats", "POST", "/api/games", `{"variant":"liger","seats":["human"]}`, 400, "give 2 seats"},
		{"bad spec", "POST", "/api/games", `{"variant":"liger","seats":["human","mcts:bogus"]}`, 400, "seat 2"},
		{"too many threads", "POST", "/api/games", `{"variant":"liger","seats":["human","mcts:iterations=10,threads=64"]}`, 400, "threads"},
		{"oversized", "POST", "/api/games", `{"variant":"` + strings.Repeat("x", maxBody) + `"}`, 413, "larger than"},
		{"bad position", "POST", "/api/games", `{"variant":"liger","seats":["human","human"],"position":"r z9:r"}`, 400, "z9"},
		{"no such game", "GET", "/api/games/nope", "", 404, "no game"},
		{"no such game move", "POST", "/api/games/nope/move", `{"move":"c3-d4"}`, 404, "no game"},
		{"not a record", "POST", "/api/games/open", openRecord("hello"), 422, "[Variant]"},
		{"unclosed tag", "POST", "/api/games/open", openRecord("[Variant \"liger\"\n[Oops\n"), 400, "not a game record"},
		{"record not in JSON", "POST", "/api/games/open", "[Variant \"liger\"]\n\n*\n", 400, "bad JSON"},
	}
	for _, tc := range cases {
		code, out := c.do(tc.method, tc.path, tc.body)
		if code != tc.code || !strings.Contains(fmt.Sprint(out["error"]), tc.msg) {
			t.Errorf("%s: got %d %v, want %d with %q", tc.name, code, out, tc.code, tc.msg)
		}
	}
}

func TestMovesTurnsAndIllegalAttempts(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	red := &client{t: t, base: ts.URL}
	id := red.newGame("liger", []string{"human", "human"}, true)
	blue := &client{t: t, base: ts.URL}
	watcher := &client{t: t, base: ts.URL}

	st := red.state(id)
	if !st["your_turn"].(bool) || len(legalTexts(st)) != 21 {
		t.Fatalf("red should have Liger's 21 opening moves: %v", legalTexts(st))
	}
	if ws := watcher.state(id); len(legalTexts(ws)) != 0 || ws["your_turn"].(bool) {
		t.Fatal("a spectator must not be offered moves")
	}
	// Blue joins through the share link; a third person only watches.
	code, out := blue.do("POST", "/api/games/"+id+"/join", "{}")
	if code != 200 {
		t.Fatalf("join: %d %v", code, out)
	}
	blue.token = out["token"].(string)
	if code, out := watcher.do("POST", "/api/games/"+id+"/join", "{}"); code != 409 || !strings.Contains(out["error"].(string), "taken") {
		t.Fatalf("a third join: %d %v", code, out)
	}
	if code, _ := blue.do("POST", "/api/games/"+id+"/move", `{"move":"f6-e5"}`); code != 409 {
		t.Fatalf("blue moved out of turn: %d", code)
	}
	if code, _ := watcher.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`); code != 403 {
		t.Fatalf("a spectator moved: %d", code)
	}
	// An illegal move says why, and changes nothing.
	before := red.state(id)["position"]
	code, out = red.do("POST", "/api/games/"+id+"/move", `{"move":"c3-b2"}`)
	if code != 422 || !strings.Contains(out["explain"].(string), "not legal") {
		t.Fatalf("illegal move: %d %v", code, out)
	}
	if red.state(id)["position"] != before {
		t.Fatal("an illegal move changed the game")
	}
	code, out = red.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`)
	if code != 200 || out["history"].([]any)[0] != "c3-d4" {
		t.Fatalf("legal move: %d %v", code, out)
	}
	if st := blue.state(id); !st["your_turn"].(bool) || st["last"].(map[string]any)["to"] != "d4" {
		t.Fatalf("blue should be to move after c3-d4 with it shown as the last move: %v", st)
	}
	// Two people: undo is refused, resignation ends the game.
	if code, _ := blue.do("POST", "/api/games/"+id+"/undo", "{}"); code != 409 {
		t.Fatalf("undo between two people: %d", code)
	}
	code, out = blue.do("POST", "/api/games/"+id+"/resign", "{}")
	res := out["result"].(map[string]any)
	if code != 200 || !res["over"].(bool) || res["text"] != "red wins: blue resigned" {
		t.Fatalf("resign: %d %v", code, out)
	}
	if code, _ := red.do("POST", "/api/games/"+id+"/move", `{"move":"a3-b4"}`); code != 409 {
		t.Fatalf("moved after the end: %d", code)
	}
}

func TestAIRepliesAndUndoReturnsToTheHuman(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("lasca", []string{"human", "random"}, false)
	st := c.waitTurn(id)
	first := legalTexts(st)[0]
	if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, first)); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	st = c.waitTurn(id)
	if n := len(st["history"].([]any)); n != 2 {
		t.Fatalf("the AI should have answered: %d moves", n)
	}
	code, out := c.do("POST", "/api/games/"+id+"/undo", "{}")
	if code != 200 || len(out["history"].([]any)) != 0 || !out["your_turn"].(bool) {
		t.Fatalf("undo should take back both moves to the human's turn: %d %v", code, out)
	}
}

func TestAIMovesFirstWhenItHasTheFirstSeat(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("stackers", []string{"mcts:iterations=50", "human"}, false)
	st := c.waitTurn(id)
	if len(st["history"].([]any)) != 1 || st["to_move"].(float64) != 1 {
		t.Fatalf("the AI should have opened: %v", st["history"])
	}
}

func TestRecordDownloadAndOpen(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("english-checkers", []string{"human", "human"}, false)
	for _, m := range []string{"c3-d4", "f6-e5"} {
		if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, m)); code != 200 {
			t.Fatalf("%s: %d %v", m, code, out)
		}
	}
	resp, err := http.Get(ts.URL + "/api/games/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(rec), "1. c3-d4 f6-e5") || strings.Contains(string(rec), "WebSeats") {
		t.Fatalf("record:\n%s", rec)
	}
	if !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatal("the record is not offered as a download")
	}
	o := &client{t: t, base: ts.URL}
	code, out := o.do("POST", "/api/games/open", openRecord(string(rec)))
	if code != 201 {
		t.Fatalf("open: %d %v", code, out)
	}
	o.token = out["token"].(string)
	st := o.state(out["id"].(string))
	if len(st["history"].([]any)) != 2 || !st["your_turn"].(bool) {
		t.Fatalf("the opened game should continue after two moves: %v", st)
	}
	bad := strings.Replace(string(rec), "f6-e5", "f6-a1", 1)
	if code, out := o.do("POST", "/api/games/open", openRecord(bad)); code != 422 || !strings.Contains(out["error"].(string), "f6-a1") {
		t.Fatalf("a record with an illegal move: %d %v", code, out)
	}
}

func TestGamesSurviveARestartWithData(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTestServer(t, Options{DataDir: dir})
	c := &client{t: t, base: ts1.URL}
	id := c.newGame("liger", []string{"human", "human"}, false)
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	s1.Close()
	ts1.Close()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 {
		t.Fatalf("want exactly the record in the data folder (no temporary files): %v", files)
	}
	s2, ts2 := newTestServer(t, Options{DataDir: dir})
	c.base = ts2.URL
	st := c.state(id)
	if len(st["history"].([]any)) != 1 || !st["your_turn"].(bool) {
		t.Fatalf("after a restart the game and the seat should be back: %v", st)
	}
	// A broken file in the data folder is skipped, not fatal.
	s2.Close()
	os.WriteFile(filepath.Join(dir, "junk.txt"), []byte("[Variant \"nope\"]\n\n*\n"), 0o644)
	s3, err := New(Options{DataDir: dir})
	if err != nil {
		t.Fatalf("a bad saved game stopped the server: %v", err)
	}
	s3.Close()
}

func TestGameLimit(t *testing.T) {
	_, ts := newTestServer(t, Options{MaxGames: 1})
	c := &client{t: t, base: ts.URL}
	c.newGame("liger", []string{"human", "human"}, false)
	code, out := c.do("POST", "/api/games", `{"variant":"liger","seats":["human","human"]}`)
	if code != 503 || !strings.Contains(out["error"].(string), "too many games") {
		t.Fatalf("past the limit: %d %v", code, out)
	}
}

func TestEventsStreamAVersionPerChange(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"human", "human"}, false)
	resp, err := http.Get(ts.URL + "/api/games/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := bufio.NewScanner(resp.Body)
	next := func() string {
		for lines.Scan() {
			if v, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				return v
			}
		}
		t.Fatal("the stream ended")
		return ""
	}
	v0 := next()
	if code, _ := c.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`); code != 200 {
		t.Fatal(code)
	}
	if v1 := next(); v1 == v0 {
		t.Fatalf("no new version after a move: %s", v1)
	}
}

// TestManyGamesAtOnce plays several games against the AI concurrently; run
// with -race it checks the locking.
func TestManyGamesAtOnce(t *testing.T) {
	_, ts := newTestServer(t, Options{DataDir: t.TempDir()})
	var wg sync.WaitGroup
	for i, variant := range []string{"liger", "lasca", "english-checkers", "stackers"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &client{t: t, base: ts.URL}
			id := c.newGame(variant, []string{"human", "random"}, false)
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for ply := 0; ply < 12; ply++ {
				st := c.waitTurn(id)
				if st["result"].(map[string]any)["over"].(bool) {
					return
				}
				moves := legalTexts(st)
				m := moves[rng.IntN(len(moves))]
				if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, m)); code != 200 {
					t.Errorf("%s %s: %d %v", variant, m, code, out)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestPagesAreServed(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for path, want := range map[string]string{"/": "start.js", "/g/abc": "game.js", "/static/game.js": "EventSource", "/static/style.css": ".sq.play"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, want %q in it", path, resp.StatusCode, want)
		}
	}
}
