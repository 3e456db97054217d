package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestServeStartsServesAndStops(t *testing.T) {
	urls := make(chan string, 1)
	serveStarted = func(url string) { urls <- url }
	serveStop = make(chan struct{})
	defer func() { serveStarted, serveStop = nil, nil }()
	var out, errw bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"stackrules", "serve", "--addr", "127.0.0.1:0", "liger", "lasca"}, strings.NewReader(""), &out, &errw)
	}()
	url := <-urls
	resp, err := http.Get(url + "api/variants")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"key":"lasca"`) || strings.Contains(string(body), `"key":"stackers"`) {
		t.Fatalf("serve liger lasca should offer just those two: %s", body)
	}
	close(serveStop)
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	if !strings.Contains(out.String(), "stackrules serves at http://127.0.0.1:") {
		t.Fatalf("output: %q", out.String())
	}
}

func TestServeRefusesBadFlagsAndGames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--max-games", "0"}, 2, "--max-games"},
		{[]string{"serve", "--ai-time", "1ms"}, 2, "--ai-time"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "no-such-game"}, 1, "no-such-game"},
		{[]string{"serve", "--addr", "256.0.0.1:80"}, 1, "cannot listen"},
	} {
		var out, errw bytes.Buffer
		code := run(append([]string{"stackrules"}, tc.args...), strings.NewReader(""), &out, &errw)
		if code != tc.code || !strings.Contains(errw.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d with %q", tc.args, code, errw.String(), tc.code, tc.msg)
		}
	}
}
