package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/stackrules/stackrules/web"
	"github.com/urfave/cli/v2"
)

// serveStarted, when set (by tests), is told the URL once the server listens,
// and serveStop ends it as Ctrl-C would.
var (
	serveStarted func(url string)
	serveStop    chan struct{}
)

// shutdownTimeout bounds how long serve waits, once told to stop, for the
// requests under way and the AI searches; then it exits anyway.
const shutdownTimeout = web.DefaultShutdownTimeout

func serveCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "play in the browser: a board for any rule file, alone, against the AI or with a friend",
		ArgsUsage: "[GAME|FILE...]",
		Description: "Serves the built-in games (and the rule files given), or only the GAMEs given,\n" +
			"at --addr (loopback by default: pass --addr 0.0.0.0:8080 to let other machines in).\n" +
			"On loopback it answers only to localhost, 127.0.0.1 and [::1] (and the --host\n" +
			"names); a request that changes a game must come from its own pages.\n" +
			"\n" +
			"With --data DIR every game is saved there as a record after each move, and a\n" +
			"restarted server resumes them; the folder is locked while the server runs. A\n" +
			"change that cannot be saved (a full disk) is not made, and the request says why.\n" +
			"\n" +
			"Limits: at most --max-games games at once; a finished game is let go\n" +
			"--finished-ttl after it was last used, an unfinished one that nobody uses and\n" +
			"no page watches after --idle-ttl (with --data its record moves to DIR/done,\n" +
			"which a restart does not load). When the server is full, a new game takes the\n" +
			"place of the least recently used game that is finished or left alone for an\n" +
			"hour. A game stops, undecided, at --max-plies plies (a longer record is\n" +
			"refused); its record can be played on with play --resume. An AI thinks at\n" +
			"most --ai-time a move with 2 threads (a seat asking for more is refused; a\n" +
			"saved one is brought within). At most --max-conns connections and\n" +
			"--max-streams pages following games live (past that, pages poll). Stopping\n" +
			"(Ctrl-C, SIGTERM) waits at most 10s for the AI searches.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT`"},
			&cli.StringSliceFlag{Name: "host", Usage: "also answer to the host `NAME` (as the browser sends it, NAME or NAME:PORT: behind a proxy that passes the Host on); repeatable"},
			&cli.BoolFlag{Name: "open", Usage: "open the start page in the default browser"},
			&cli.StringFlag{Name: "data", Usage: "keep the games in `DIR` so they survive a restart"},
			&cli.IntFlag{Name: "max-games", Value: 200, Usage: "at most `N` games at once (1..100000)"},
			&cli.IntFlag{Name: "max-plies", Value: 10000, Usage: "a game stops at `N` plies (100..1000000)"},
			&cli.DurationFlag{Name: "finished-ttl", Value: time.Hour, Usage: "let a finished game go this long after its last use (1m..720h)"},
			&cli.DurationFlag{Name: "idle-ttl", Value: 7 * 24 * time.Hour, Usage: "let an unfinished game go when nobody used it for this long (1m..8760h)"},
			&cli.DurationFlag{Name: "ai-time", Value: 10 * time.Second, Usage: "longest an AI may think over one move (100ms..10m)"},
			&cli.IntFlag{Name: "max-conns", Value: 512, Usage: "at most `N` connections at once (8..100000)"},
			&cli.IntFlag{Name: "max-streams", Value: 256, Usage: "at most `N` pages following games live at once (1..100000)"},
		},
		Action: func(c *cli.Context) error { return runServe(c, s) },
	}
}

// flagRange refuses an int flag outside lo..hi.
func flagRange(c *cli.Context, name string, lo, hi int) error {
	if n := c.Int(name); n < lo || n > hi {
		return usagef("--%s %d: give %d to %d", name, n, lo, hi)
	}
	return nil
}

// durationRange refuses a duration flag outside lo..hi.
func durationRange(c *cli.Context, name string, lo, hi time.Duration) error {
	if d := c.Duration(name); d < lo || d > hi {
		return usagef("--%s %s: give %s to %s", name, d, lo, hi)
	}
	return nil
}

func runServe(c *cli.Context, s *streams) error {
	for _, err := range []error{
		flagRange(c, "max-games", 1, 100000),
		flagRange(c, "max-plies", 100, 1000000),
		flagRange(c, "max-conns", 8, 100000),
		flagRange(c, "max-streams", 1, 100000),
		durationRange(c, "ai-time", 100*time.Millisecond, 10*time.Minute),
		durationRange(c, "finished-ttl", time.Minute, 720*time.Hour),
		durationRange(c, "idle-ttl", time.Minute, 8760*time.Hour),
	} {
		if err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %v", c.String("addr"), err)
	}
	defer ln.Close()
	opts := web.Options{DataDir: c.String("data"), MaxGames: c.Int("max-games"), MaxPlies: c.Int("max-plies"),
		FinishedTTL: c.Duration("finished-ttl"), IdleTTL: c.Duration("idle-ttl"), AITime: c.Duration("ai-time"),
		MaxStreams: c.Int("max-streams"), Addr: ln.Addr().String(), Hosts: c.StringSlice("host"),
		Logf: func(format string, args ...any) { fmt.Fprintf(s.err, "serve: "+format+"\n", args...) }}
	if c.NArg() > 0 {
		opts.Only = c.Args().Slice()
		for _, name := range opts.Only {
			if err := unknownGame(name); err != nil {
				return err
			}
		}
	}
	srv, err := web.New(opts)
	if err != nil {
		return err
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip != nil && !ip.IsLoopback() {
		fmt.Fprintf(s.err, "serve: listening on %s: other machines can reach this server\n", ln.Addr())
		if lan := web.ShareURL(ln.Addr().String()); lan != "" && ip.IsUnspecified() {
			fmt.Fprintf(s.out, "on the local network: %s/ (the page's share links use it)\n", lan)
		}
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(s.out, "stackrules serves at %s (Ctrl-C stops)\n", url)
	hs := httpServer(srv)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(web.LimitListener(ln, c.Int("max-conns"))) }()
	if c.Bool("open") {
		openBrowser(url, s)
	}
	if serveStarted != nil {
		serveStarted(url)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var serveErr error
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			serveErr = err
		}
	case <-sigs:
	case <-serveStop:
	}
	stopServing(hs, srv, s)
	if serveErr != nil {
		return serveErr
	}
	fmt.Fprintln(s.out, "stopped")
	return nil
}

// httpServer is the HTTP server of serve, with timeouts and bounds that
// keep slow or idle clients from holding connections: a request's headers
// within 10s, the whole request within 1m, the answer within 1m (an event
// stream sets deadlines of its own), an idle keep-alive connection for 2m,
// and headers of at most 64 KiB.
func httpServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

// stopServing stops the AI searches and the event streams, lets the
// requests under way finish and waits for the searches, all within
// shutdownTimeout; past it, it says so and stops anyway.
func stopServing(hs *http.Server, srv *web.Server, s *streams) {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	aiDone := make(chan error, 1)
	go func() { aiDone <- srv.Shutdown(ctx) }()
	if err := hs.Shutdown(ctx); err != nil {
		fmt.Fprintf(s.err, "serve: requests still under way after %s are cut off\n", shutdownTimeout)
		hs.Close()
	}
	if err := <-aiDone; err != nil {
		fmt.Fprintf(s.err, "serve: %v\n", err)
	}
}

// openBrowser starts the system's browser on url, saying so if it cannot.
func openBrowser(url string, s *streams) {
	cmd := "xdg-open"
	switch runtime.GOOS {
	case "darwin":
		cmd = "open"
	case "windows":
		cmd = "explorer"
	}
	if err := exec.Command(cmd, url).Start(); err != nil {
		fmt.Fprintf(s.err, "serve: could not open a browser (%v); open %s yourself\n", err, url)
	}
}
