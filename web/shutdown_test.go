package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/session"
)

// Shutdown waits for the AI searches only until its context ends: a search
// that does not stop is reported and left behind, its move never played.
func TestShutdownIsBoundedWhenASearchDoesNotStop(t *testing.T) {
	stuck := make(chan struct{})
	defer close(stuck)
	dir := t.TempDir()
	s, ts := newTestServer(t, Options{DataDir: dir, choose: func(context.Context, *session.Thinker) (board.Move, error) {
		<-stuck // ignores the stop
		return board.Move{}, nil
	}})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"random", "human"}, false)
	c.waitFor(id, "the AI to think", func(st map[string]any) bool { return st["thinking"].(bool) })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Shutdown(ctx) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "did not stop in time") {
			t.Fatalf("Shutdown: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Shutdown waited for a search that does not stop")
	}
	// The folder is unlocked: another server may start on it.
	s2, err := New(Options{DataDir: dir, Only: []string{"liger"}})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
}
