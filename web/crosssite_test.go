package web

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// send makes a request with the headers given and returns the status and
// the body.
func send(t *testing.T, method, url, body string, headers map[string]string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data), resp.Header
}

// A page on another site cannot create or change games: a request that
// changes something must be JSON and come from this server's own pages.
func TestCrossSiteRequestsAreRefused(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	newGame := `{"variant":"liger","seats":["human","human"]}`
	json := "application/json"
	for _, tc := range []struct {
		what    string
		path    string
		body    string
		headers map[string]string
		code    int
		msg     string
	}{
		{"a form's text/plain", "/api/games", newGame, map[string]string{"Content-Type": "text/plain"}, 415, "application/json"},
		{"a form", "/api/games", "variant=liger", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, "JSON"},
		{"no content type", "/api/games", newGame, nil, 415, "JSON"},
		{"a record as text", "/api/games/open", "[Variant \"liger\"]\n\n*\n", map[string]string{"Content-Type": "text/plain"}, 415, "JSON"},
		{"another origin", "/api/games", newGame, map[string]string{"Content-Type": json, "Origin": "http://evil.example"}, 403, "another site"},
		{"a null origin", "/api/games", newGame, map[string]string{"Content-Type": json, "Origin": "null"}, 403, "another site"},
		{"another port", "/api/games", newGame, map[string]string{"Content-Type": json, "Origin": "http://127.0.0.1:1"}, 403, "another site"},
		{"cross-site fetch", "/api/games", newGame, map[string]string{"Content-Type": json, "Sec-Fetch-Site": "cross-site"}, 403, "cross-site"},
		{"same-site fetch", "/api/games", newGame, map[string]string{"Content-Type": json, "Sec-Fetch-Site": "same-site"}, 403, "same-site"},
		{"another referrer", "/api/games", newGame, map[string]string{"Content-Type": json, "Referer": "http://evil.example/page"}, 403, "evil.example"},
		{"its own page", "/api/games", newGame, map[string]string{"Content-Type": json, "Origin": ts.URL, "Sec-Fetch-Site": "same-origin"}, 201, ""},
		{"JSON with a charset", "/api/games", newGame, map[string]string{"Content-Type": "application/json; charset=utf-8", "Referer": ts.URL + "/"}, 201, ""},
		{"curl", "/api/games", newGame, map[string]string{"Content-Type": json}, 201, ""},
	} {
		code, body, _ := send(t, "POST", ts.URL+tc.path, tc.body, tc.headers)
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("%s: %d %s; want %d with %q", tc.what, code, body, tc.code, tc.msg)
		}
	}
}

// A loopback server answers only to its own names: a site whose name was
// pointed at 127.0.0.1 (DNS rebinding) gets nothing, not even the pages.
func TestLoopbackServerAnswersOnlyToItsNames(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	port := ts.URL[strings.LastIndex(ts.URL, ":")+1:]
	for host, want := range map[string]int{
		"127.0.0.1:" + port:              200,
		"localhost:" + port:              200,
		"LocalHost:" + port:              200,
		"[::1]:" + port:                  200,
		"evil.example:" + port:           403,
		"evil.example":                   403,
		"127.0.0.1:1":                    403,
		"127.0.0.1.evil.example:" + port: 403,
	} {
		for _, path := range []string{"/", "/api/variants"} {
			if code, body, _ := send(t, "GET", ts.URL+path, "", map[string]string{"Host": host}); code != want {
				t.Errorf("Host %s, %s: %d %s; want %d", host, path, code, body, want)
			}
		}
	}
	// Named hosts (a proxy passing its Host on) are answered too.
	_, ts2 := newTestServer(t, Options{Hosts: []string{"games.example.org"}})
	if code, body, _ := send(t, "GET", ts2.URL+"/api/variants", "", map[string]string{"Host": "games.example.org"}); code != 200 {
		t.Errorf("a --host name: %d %s", code, body)
	}
}

// Every answer forbids framing and sniffing; the pages may load only their
// own scripts and styles.
func TestEveryAnswerHasTheSecurityHeaders(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, path := range []string{"/", "/g/abc", "/static/game.js", "/api/variants", "/api/games/nope", "/nothing-here"} {
		_, _, h := send(t, "GET", ts.URL+path, "", nil)
		csp := h.Get("Content-Security-Policy")
		if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("%s: headers %v", path, h)
		}
	}
	_, _, h := send(t, "POST", ts.URL+"/api/games", "{}", map[string]string{"Origin": "http://evil.example"})
	if h.Get("X-Frame-Options") != "DENY" {
		t.Errorf("a refusal lacks the headers: %v", h)
	}
}
