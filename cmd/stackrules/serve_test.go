package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/web"
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

// Listening on all interfaces, serve prints the address other computers
// on the network use.
func TestServePrintsTheLANAddress(t *testing.T) {
	urls := make(chan string, 1)
	serveStarted = func(url string) { urls <- url }
	serveStop = make(chan struct{})
	defer func() { serveStarted, serveStop = nil, nil }()
	var out, errw bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"stackrules", "serve", "--addr", "0.0.0.0:0", "liger"}, strings.NewReader(""), &out, &errw)
	}()
	<-urls
	close(serveStop)
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	lan := web.LANAddress()
	if lan == "" {
		if strings.Contains(out.String(), "local network") {
			t.Fatalf("no network address here, yet: %q", out.String())
		}
		return
	}
	if !strings.Contains(out.String(), "on the local network: http://"+lan+":") {
		t.Fatalf("output lacks the address %s: %q", lan, out.String())
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
		{[]string{"serve", "--max-plies", "10"}, 2, "--max-plies 10: give 100 to 1000000"},
		{[]string{"serve", "--idle-ttl", "1s"}, 2, "--idle-ttl"},
		{[]string{"serve", "--finished-ttl", "10000h"}, 2, "--finished-ttl"},
		{[]string{"serve", "--max-conns", "1"}, 2, "--max-conns"},
		{[]string{"serve", "--max-streams", "0"}, 2, "--max-streams"},
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

// startServe runs serve with args until the test stops it; it returns the
// URL and a function that stops it and returns its exit code and stderr.
func startServe(t *testing.T, args ...string) (string, func() (int, string)) {
	t.Helper()
	urls := make(chan string, 1)
	serveStarted = func(url string) { urls <- url }
	serveStop = make(chan struct{})
	stop := serveStop
	var out, errw bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(append([]string{"stackrules", "serve", "--addr", "127.0.0.1:0"}, args...), strings.NewReader(""), &out, &errw)
	}()
	var url string
	select {
	case url = <-urls:
	case code := <-done:
		t.Fatalf("serve exited %d: %s", code, errw.String())
	}
	return url, func() (int, string) {
		close(stop)
		code := <-done
		serveStarted, serveStop = nil, nil
		return code, errw.String()
	}
}

// A second server on one --data folder is refused, told who holds it.
func TestServeLocksItsDataFolder(t *testing.T) {
	dir := t.TempDir()
	_, stop := startServe(t, "--data", dir, "liger")
	var out, errw bytes.Buffer
	code := run([]string{"stackrules", "serve", "--addr", "127.0.0.1:0", "--data", dir, "liger"}, strings.NewReader(""), &out, &errw)
	want := fmt.Sprintf("%s is in use by stackrules serve, process %d, since ", dir, os.Getpid())
	if code != 1 || !strings.Contains(errw.String(), want) {
		t.Errorf("a second serve on the folder: exit %d, stderr %q; want 1 with %q", code, errw.String(), want)
	}
	if code, errs := stop(); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// Stopped, the folder is free again.
	_, stop = startServe(t, "--data", dir, "liger")
	stop()
}

// The HTTP server keeps slow and idle clients from holding connections.
func TestServeHasTimeouts(t *testing.T) {
	hs := httpServer(http.NotFoundHandler())
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.WriteTimeout <= 0 || hs.IdleTimeout <= 0 || hs.MaxHeaderBytes <= 0 || hs.MaxHeaderBytes > 1<<20 {
		t.Fatalf("timeouts and limits: %+v", hs)
	}
}
