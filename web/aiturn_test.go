package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/session"
)

// An AI that panics does not take the server down: the game shows why the
// AI could not move, the server serves on, and the AI is not retried hot.
func TestAIPanicIsTheGamesErrorNotTheServers(t *testing.T) {
	var calls atomic.Int32
	var l logs
	_, ts := newTestServer(t, Options{Logf: l.logf, choose: func(context.Context, *session.Thinker) (board.Move, error) {
		calls.Add(1)
		panic("the search blew up")
	}})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"random", "human"}, false)
	st := c.waitFor(id, "the AI's failure", func(st map[string]any) bool { return lastError(st) != "" && !st["thinking"].(bool) })
	if e := lastError(st); !strings.Contains(e, "the AI could not move") || !strings.Contains(e, "the search blew up") {
		t.Fatalf("last error %q", e)
	}
	if !l.has("panic: the search blew up") {
		t.Errorf("the panic is not logged:\n%s", l.String())
	}
	if code := get(t, ts.URL+"/api/variants"); code != 200 {
		t.Fatalf("the server after the panic: %d", code)
	}
	for range 3 {
		c.state(id)
	}
	if calls.Load() != 1 {
		t.Fatalf("the AI was started %d times; once, then it waits", calls.Load())
	}
}

// savedAIToMove writes a saved Liger game in which the AI (blue) is to move.
func savedAIToMove(t *testing.T, dir, id, blue string) string {
	t.Helper()
	path := filepath.Join(dir, id+".txt")
	rec := "[Game \"Liger\"]\n[Variant \"liger\"]\n[Red \"human\"]\n[Blue \"" + blue + "\"]\n[WebID \"" + id + "\"]\n[WebSeats \",\"]\n\n1. c3-d4 *\n"
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Loading saved games starts no search; the AI's turn starts when the game
// is next used.
func TestLoadingRunsNoSearchUntilTheGameIsUsed(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"aaaa", "bbbb", "cccc"} {
		savedAIToMove(t, dir, id, "random")
	}
	var searches atomic.Int32
	s, ts := newTestServer(t, Options{DataDir: dir, choose: func(ctx context.Context, th *session.Thinker) (board.Move, error) {
		searches.Add(1)
		m, _, err := th.Choose(ctx)
		return m, err
	}})
	for _, id := range []string{"aaaa", "bbbb", "cccc"} {
		lg, ok := s.game(id)
		if !ok {
			t.Fatalf("game %s not loaded", id)
		}
		lg.mu.Lock()
		thinking := lg.thinking
		lg.mu.Unlock()
		if thinking {
			t.Fatalf("game %s searches at load", id)
		}
	}
	c := &client{t: t, base: ts.URL}
	st := c.waitFor("bbbb", "the AI's move", func(st map[string]any) bool { return history(st) == 2 })
	if lastError(st) != "" {
		t.Fatal(lastError(st))
	}
	for _, id := range []string{"aaaa", "cccc"} {
		lg, _ := s.game(id)
		lg.mu.Lock()
		n, thinking := lg.sess.History().Len(), lg.thinking
		lg.mu.Unlock()
		if n != 1 || thinking {
			t.Fatalf("game %s, never looked at, has %d plies (thinking %v)", id, n, thinking)
		}
	}
	if searches.Load() != 1 {
		t.Fatalf("%d searches for one game used", searches.Load())
	}
}
