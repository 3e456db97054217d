package web

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
)

// clock is a clock a test moves by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// disk writes records as the server does until it is made to fail: full
// (ENOSPC) or refusing (EACCES).
type disk struct {
	err    atomic.Value // error
	writes atomic.Int32
}

func (d *disk) fail(err error) { d.err.Store(&err) }
func (d *disk) heal()          { var none error; d.err.Store(&none) }

func (d *disk) write(path string, data []byte) error {
	if p, _ := d.err.Load().(*error); p != nil && *p != nil {
		return &fs.PathError{Op: "write", Path: path, Err: *p}
	}
	d.writes.Add(1)
	return interpreter.WriteFileAtomic(path, data)
}

var (
	errFull   = syscall.ENOSPC
	errDenied = syscall.EACCES
)

// gate is an AI that waits for the test before it chooses (with the real
// search, made quick by the test's specs).
type gate struct {
	calls   atomic.Int32
	release chan struct{}
}

func newGate() *gate { return &gate{release: make(chan struct{}, 100)} }

func (g *gate) choose(ctx context.Context, th *session.Thinker) (board.Move, error) {
	g.calls.Add(1)
	<-g.release
	m, _, err := th.Choose(ctx)
	return m, err
}

// waitFor polls the game's state until ok says so (at most 20s).
func (c *client) waitFor(id, what string, ok func(st map[string]any) bool) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		st := c.state(id)
		if ok(st) {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.t.Fatalf("waited 20s for %s", what)
	return nil
}

func history(st map[string]any) int { return len(st["history"].([]any)) }

func lastError(st map[string]any) string {
	e, _ := st["last_error"].(string)
	return e
}

// logs collects what a server logs.
type logs struct {
	mu    sync.Mutex
	lines []string
}

func (l *logs) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logs) has(sub string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		if strings.Contains(line, sub) {
			return true
		}
	}
	return false
}

func (l *logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// get fetches path and returns the status (and closes the body).
func get(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
