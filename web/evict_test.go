package web

import (
	"bufio"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func gameCount(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// A finished game goes FinishedTTL after its last use, an unfinished one
// nobody uses IdleTTL after; with a data folder the record moves to done/,
// which a restart does not load.
func TestFinishedAndIdleGamesAreLetGo(t *testing.T) {
	dir := t.TempDir()
	clk := newClock()
	var l logs
	s, ts := newTestServer(t, Options{DataDir: dir, now: clk.Now, Logf: l.logf})
	c := &client{t: t, base: ts.URL}
	done := c.newGame("liger", []string{"human", "human"}, false)
	if code, out := c.do("POST", "/api/games/"+done+"/resign", "{}"); code != 200 {
		t.Fatalf("resign: %d %v", code, out)
	}
	idle := c.newGame("liger", []string{"human", "human"}, false)
	busy := c.newGame("liger", []string{"human", "human"}, false)

	clk.Add(59 * time.Minute)
	c.state(busy)
	s.sweep()
	if gameCount(s) != 3 {
		t.Fatalf("%d games after 59 minutes; none should go yet", gameCount(s))
	}
	clk.Add(time.Minute)
	s.sweep()
	if code, _ := c.do("GET", "/api/games/"+done, ""); code != 404 {
		t.Fatalf("the finished game an hour after its last use: %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, doneDir, done+".txt")); err != nil {
		t.Fatalf("the finished game's record is not in done/: %v", err)
	}
	if !l.has("game " + done + " let go") {
		t.Errorf("nothing logged:\n%s", l.String())
	}
	clk.Add(7*24*time.Hour - time.Hour - time.Minute)
	s.sweep()
	if gameCount(s) != 2 {
		t.Fatalf("%d games; the idle one is not yet 7 days unused", gameCount(s))
	}
	clk.Add(time.Minute)
	s.sweep()
	if code, _ := c.do("GET", "/api/games/"+idle, ""); code != 404 {
		t.Fatalf("the game unused for 7 days: %d", code)
	}
	if code, _ := c.do("GET", "/api/games/"+busy, ""); code != 200 {
		t.Fatalf("the game used 6 days ago: %d", code)
	}
	s.Close()
	s2, _ := newTestServer(t, Options{DataDir: dir, now: clk.Now})
	if gameCount(s2) != 1 {
		t.Fatalf("a restart loads %d games; only the one still played", gameCount(s2))
	}
}

// A game a page follows is not idle, and a game let go ends its streams.
func TestAWatchedGameIsNotIdle(t *testing.T) {
	clk := newClock()
	s, ts := newTestServer(t, Options{now: clk.Now, IdleTTL: time.Hour})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"human", "human"}, false)
	resp, err := http.Get(ts.URL + "/api/games/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	lines.Scan() // the first event: the stream is open
	clk.Add(2 * time.Hour)
	s.sweep()
	if gameCount(s) != 1 {
		t.Fatal("a game a page follows was let go")
	}
	if code, out := c.do("POST", "/api/games/"+id+"/resign", "{}"); code != 200 {
		t.Fatalf("resign: %d %v", code, out)
	}
	clk.Add(2 * time.Hour)
	s.sweep()
	if gameCount(s) != 0 {
		t.Fatal("a finished game stays because a page is open on it")
	}
	for lines.Scan() {
	}
	// The stream ended (the loop above returned).
}

// On a full server a new game takes the place of the least recently used
// finished game, or of one left alone for an hour; else it is refused.
func TestAFullServerMakesRoom(t *testing.T) {
	clk := newClock()
	s, ts := newTestServer(t, Options{now: clk.Now, MaxGames: 2})
	c := &client{t: t, base: ts.URL}
	a := c.newGame("liger", []string{"human", "human"}, false)
	clk.Add(time.Second)
	b := (&client{t: t, base: ts.URL}).newGame("liger", []string{"human", "human"}, false)
	clk.Add(time.Second)
	if code, out := c.do("POST", "/api/games/"+a+"/resign", "{}"); code != 200 {
		t.Fatalf("resign: %d %v", code, out)
	}
	clk.Add(time.Second)
	third := c.newGame("liger", []string{"human", "human"}, false)
	if code, _ := c.do("GET", "/api/games/"+a, ""); code != 404 {
		t.Fatalf("the finished game should have made room: %d", code)
	}
	code, out := c.do("POST", "/api/games", `{"variant":"liger","seats":["human","human"]}`)
	if code != 503 || !strings.Contains(out["error"].(string), "too many games") {
		t.Fatalf("two games in play, both used just now: %d %v", code, out)
	}
	clk.Add(time.Hour)
	c.state(third)
	c.newGame("liger", []string{"human", "human"}, false)
	if code, _ := c.do("GET", "/api/games/"+b, ""); code != 404 {
		t.Fatalf("the game left alone for an hour should have made room: %d", code)
	}
	if gameCount(s) != 2 {
		t.Fatalf("%d games", gameCount(s))
	}
}

// Saved games that finished, or were left alone, long before a restart do
// not count against the limit after it.
func TestARestartLetsOldGamesGo(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-8 * 24 * time.Hour)
	path := savedAIToMove(t, dir, "0ld0", "random")
	os.Chtimes(path, old, old)
	savedAIToMove(t, dir, "f4e5", "random")
	s, _ := newTestServer(t, Options{DataDir: dir})
	if _, ok := s.game("0ld0"); ok || gameCount(s) != 1 {
		t.Fatalf("a game unused for 8 days was loaded (%d games)", gameCount(s))
	}
	if _, err := os.Stat(filepath.Join(dir, doneDir, "0ld0.txt")); err != nil {
		t.Fatal(err)
	}
}
