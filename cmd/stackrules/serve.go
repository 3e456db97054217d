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

func serveCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "play in the browser: a board for any rule file, alone, against the AI or with a friend",
		ArgsUsage: "[GAME|FILE...]",
		Description: "Serves the built-in games (and the rule files given), or only the GAMEs given,\n" +
			"at --addr (loopback by default: pass --addr 0.0.0.0:8080 to let other machines in).\n" +
			"With --data DIR every game is saved there as a record after each move, and a\n" +
			"restarted server resumes them.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT`"},
			&cli.BoolFlag{Name: "open", Usage: "open the start page in the default browser"},
			&cli.StringFlag{Name: "data", Usage: "keep the games in `DIR` so they survive a restart"},
			&cli.IntFlag{Name: "max-games", Value: 200, Usage: "at most `N` games at once (1..100000)"},
			&cli.DurationFlag{Name: "ai-time", Value: 10 * time.Second, Usage: "longest an AI may think over one move (100ms..10m)"},
		},
		Action: func(c *cli.Context) error { return runServe(c, s) },
	}
}

func runServe(c *cli.Context, s *streams) error {
	if n := c.Int("max-games"); n < 1 || n > 100000 {
		return usagef("--max-games %d: give 1 to 100000", n)
	}
	if d := c.Duration("ai-time"); d < 100*time.Millisecond || d > 10*time.Minute {
		return usagef("--ai-time %s: give 100ms to 10m", d)
	}
	opts := web.Options{DataDir: c.String("data"), MaxGames: c.Int("max-games"), AITime: c.Duration("ai-time"),
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
	defer srv.Close()
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %v", c.String("addr"), err)
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip != nil && !ip.IsLoopback() {
		fmt.Fprintf(s.err, "serve: listening on %s: other machines can reach this server\n", ln.Addr())
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(s.out, "stackrules serves at %s (Ctrl-C stops)\n", url)
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	if c.Bool("open") {
		openBrowser(url, s)
	}
	if serveStarted != nil {
		serveStarted(url)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-sigs:
	case <-serveStop:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	srv.Close()
	hs.Shutdown(ctx)
	fmt.Fprintln(s.out, "stopped")
	return nil
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
