package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// These tests run the built binary on a real terminal: a private tmux server,
// keys sent with send-keys, the screen read with capture-pane. They skip when
// tmux is not installed (Debian: apt-get install tmux) and under -short.

type tmuxTerm struct {
	t       *testing.T
	tmux    string
	sock    string
	session string
}

// startTmux builds the command and starts `stackrules ARGS` in a detached
// 100×50 tmux session in dir. The pane stays after the program ends, with
// its exit status printed as EXIT=N.
func startTmux(t *testing.T, dir string, args ...string) *tmuxTerm {
	t.Helper()
	if testing.Short() {
		t.Skip("drives the built binary in a terminal; not with -short")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed (Debian: apt-get install tmux)")
	}
	bin := filepath.Join(t.TempDir(), "stackrules")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tt := &tmuxTerm{t: t, tmux: tmux, sock: filepath.Join(t.TempDir(), "tmux.sock"), session: "stackrules"}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	shell := fmt.Sprintf("cd '%s' && '%s' %s; echo EXIT=$?; sleep 600", dir, bin, strings.Join(quoted, " "))
	tt.run("-f", "/dev/null", "new-session", "-d", "-s", tt.session, "-x", "100", "-y", "50", shell)
	t.Cleanup(func() { exec.Command(tt.tmux, "-S", tt.sock, "kill-server").Run() })
	return tt
}

func (tt *tmuxTerm) run(args ...string) string {
	tt.t.Helper()
	cmd := exec.Command(tt.tmux, append([]string{"-S", tt.sock}, args...)...)
	// A terminal the program will colour, whatever the environment running
	// the tests says.
	env := []string{"TERM=xterm-256color"}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "TERM=") && !strings.HasPrefix(e, "NO_COLOR=") && !strings.HasPrefix(e, "TMUX=") {
			env = append(env, e)
		}
	}
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		tt.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// screen is the pane with its scrollback, escapes removed.
func (tt *tmuxTerm) screen() string {
	return tt.run("capture-pane", "-p", "-J", "-S", "-500", "-t", tt.session)
}

// keys types text (send-keys -l, literally) and then Enter.
func (tt *tmuxTerm) keys(text string) {
	tt.run("send-keys", "-t", tt.session, "-l", text)
	tt.run("send-keys", "-t", tt.session, "Enter")
}

// waitFor waits until the screen shows text n times.
func (tt *tmuxTerm) waitFor(text string, n int) string {
	tt.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		s := tt.screen()
		if strings.Count(s, text) >= n {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("the screen never showed %q (%d times):\n%s", text, n, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A few moves against a fast AI at a real terminal: the board, the AI's
// replies, Ctrl-C at the prompt asking first, and the record saved.
func TestTerminalPlayAgainstTheAI(t *testing.T) {
	dir := t.TempDir()
	tt := startTmux(t, dir, "play", "--blue", "mcts:iterations=200", "--seed", "1", "--record", "game.txt")
	s := tt.waitFor("1. red> ", 1)
	for _, want := range []string{
		"     a    b    c    d    e    f    g    h",
		"  ┌────────────────────────────────────────┐",
		"8 │       b         b         b         b  │ 8",
		"1 │  r         r         r         r       │ 1",
		"red to move", "mcts:iterations=200",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the first screen does not show %q:\n%s", want, s)
		}
	}
	tt.keys("c3-d4")
	s = tt.waitFor("2. red> ", 1)
	if !strings.Contains(s, "blue plays 1... ") || !strings.Contains(s, "Last move: 1... ") {
		t.Errorf("the AI's reply is not on the screen:\n%s", s)
	}
	tt.keys("a3-b4") // legal whatever blue replied: blue cannot reach b4 in one move
	tt.waitFor("3. red> ", 1)
	tt.keys("nonsense")
	tt.waitFor(`"nonsense" is not a move or a command`, 1)
	tt.run("send-keys", "-t", tt.session, "C-c")
	tt.waitFor("Leave the game? It will be saved. (y/n) ", 1)
	tt.keys("n")
	tt.waitFor("3. red> ", 3)
	tt.run("send-keys", "-t", tt.session, "C-c")
	tt.waitFor("Leave the game? It will be saved. (y/n) ", 2)
	tt.keys("y")
	s = tt.waitFor("EXIT=0", 1)
	if !strings.Contains(s, "Game saved to game.txt") {
		t.Errorf("leaving did not say where the record is:\n%s", s)
	}
	rec := readRecordFile(t, filepath.Join(dir, "game.txt"))
	if len(rec.Moves) != 4 || rec.Moves[0].Text != "c3-d4" || rec.Moves[2].Text != "a3-b4" {
		t.Errorf("record moves %v", rec.Moves)
	}
}

// Ctrl-C while the AI thinks (the spinner showing) makes it move at once.
func TestTerminalCtrlCMovesNow(t *testing.T) {
	dir := t.TempDir()
	tt := startTmux(t, dir, "play", "--blue", "mcts:time=60s", "--record", "game.txt", "--ascii")
	tt.waitFor("1. red> ", 1)
	tt.keys("c3-d4")
	tt.waitFor("blue thinks: ", 1)
	start := time.Now()
	tt.run("send-keys", "-t", tt.session, "C-c")
	s := tt.waitFor("2. red> ", 1)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the AI took %v to move after Ctrl-C", d)
	}
	if !strings.Contains(s, "Moving now: blue plays 1... ") {
		t.Errorf("no move at once after Ctrl-C:\n%s", s)
	}
	tt.keys("quit")
	tt.waitFor("EXIT=0", 1)
}
