package web

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// stream opens a game's event stream and returns the next data line's
// reader; the stream closes with the test.
func stream(t *testing.T, url, id string) (func() (string, bool), *http.Response) {
	t.Helper()
	resp, err := http.Get(url + "/api/games/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	lines := bufio.NewScanner(resp.Body)
	return func() (string, bool) {
		for lines.Scan() {
			if v, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				return v, true
			}
		}
		return "", false
	}, resp
}

// Event streams are bounded per game and in all; past the bound a page is
// told (503, JSON) to poll instead.
func TestEventStreamsAreBounded(t *testing.T) {
	_, ts := newTestServer(t, Options{MaxStreams: 2, MaxGameStreams: 1})
	c := &client{t: t, base: ts.URL}
	a := c.newGame("liger", []string{"human", "human"}, false)
	b := c.newGame("liger", []string{"human", "human"}, false)
	cc := c.newGame("liger", []string{"human", "human"}, false)
	next, _ := stream(t, ts.URL, a)
	if _, ok := next(); !ok {
		t.Fatal("the first stream ended")
	}
	for _, tc := range []struct {
		id, msg string
	}{{a, "pages follow this game live already"}, {b, ""}, {cc, "follows 2 games live already"}} {
		resp, err := http.Get(ts.URL + "/api/games/" + tc.id + "/events")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if tc.msg == "" {
			if resp.StatusCode != 200 {
				t.Fatalf("a stream within the bounds: %d", resp.StatusCode)
			}
			continue
		}
		buf := make([]byte, 1000)
		n, _ := resp.Body.Read(buf)
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(buf[:n]), tc.msg) {
			t.Errorf("a stream past the bound: %d %s; want 503 with %q", resp.StatusCode, buf[:n], tc.msg)
		}
	}
}

// An event stream outlives the server's read and write timeouts: it sets
// a deadline for each write instead.
func TestEventStreamOutlivesTheTimeouts(t *testing.T) {
	_, ts := newTestServerWith(t, Options{}, func(hs *http.Server) {
		hs.ReadTimeout = 200 * time.Millisecond
		hs.WriteTimeout = 200 * time.Millisecond
	})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("liger", []string{"human", "human"}, false)
	next, _ := stream(t, ts.URL, id)
	v0, ok := next()
	if !ok {
		t.Fatal("no first event")
	}
	time.Sleep(500 * time.Millisecond) // past both timeouts
	if code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"c3-d4"}`); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	if v1, ok := next(); !ok || v1 == v0 {
		t.Fatalf("after the timeouts the stream gave %q, %v", v1, ok)
	}
}

// LimitListener holds a connection past the bound until one closes.
func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := LimitListener(inner, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	var dialed []net.Conn
	for range 3 {
		d, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		dialed = append(dialed, d)
	}
	first, second := <-accepted, <-accepted
	select {
	case c := <-accepted:
		t.Fatalf("a third connection was accepted while two are open: %v", c.RemoteAddr())
	case <-time.After(100 * time.Millisecond):
	}
	first.Close()
	first.Close() // twice frees one place only
	select {
	case third := <-accepted:
		third.Close()
	case <-time.After(20 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
	second.Close()
	ln.Close()
	for range accepted {
	}
}
