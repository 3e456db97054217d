package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stackrules/stackrules/variants"
)

// Signals sent to the built binary (issue 11, items 4 and 5, and the fault
// test). They skip under -short.

func TestBuiltBinaryUnderSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and signals the binary; not with -short")
	}
	bin := filepath.Join(t.TempDir(), "stackrules")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("match Ctrl-C", func(t *testing.T) { testMatchInterrupted(t, bin) })
	t.Run("play SIGTERM", func(t *testing.T) { testPlayTerminated(t, bin) })
	t.Run("play killed at random moments", func(t *testing.T) { testPlayFaults(t, bin) })
	t.Run("long loops stop on Ctrl-C", func(t *testing.T) { testLongLoopsStop(t, bin) })
}

// perft, bench and best stop soon after Ctrl-C; best still answers.
func testLongLoopsStop(t *testing.T, bin string) {
	for _, tc := range []struct {
		args []string
		want string // in the output, when it is to answer
	}{
		{[]string{"perft", "liger", "--depth", "25"}, ""},
		{[]string{"bench", "liger", "--time", "1h"}, ""},
		{[]string{"best", "liger", "--time", "1h"}, "best move for red"},
	} {
		cmd := exec.Command(bin, tc.args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			t.Errorf("%v did not stop on Ctrl-C", tc.args)
			continue
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v after Ctrl-C:\n%s", tc.args, out.String())
		}
	}
}

// exitCode is the status of a finished command, -N when a signal N killed it.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return -int(ws.Signal())
		}
		return ee.ExitCode()
	}
	if err != nil {
		return -1000
	}
	return 0
}

// Ctrl-C during a match stops the game being played: it is reported, left
// out of the score, and written as unfinished.
func testMatchInterrupted(t *testing.T, bin string) {
	dir := t.TempDir()
	cmd := exec.Command(bin, "match", "liger", "--a", "mcts:iterations=3000", "--b", "mcts:iterations=3000", "--games", "3", "--records", dir)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond) // well into the first game
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("match did not stop on Ctrl-C\nstdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
	}
	if code := exitCode(err); code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "Ctrl-C stops the match") || !strings.Contains(errOut.String(), "interrupted by Ctrl-C") {
		t.Errorf("stderr:\n%s", errOut.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	sort.Strings(files)
	finished := 0
	for i, f := range files {
		rec := readRecordFile(t, f)
		if rec.Result == "*" {
			if i != len(files)-1 || !strings.Contains(rec.Tag("Termination"), "interrupted") {
				t.Errorf("%s: unfinished, but not the last game or not said so: %v", f, rec.Tags)
			}
			continue
		}
		finished++
		if code, _, errOut := playScript(t, "", "replay", f); code != 0 {
			t.Errorf("replay %s: %s", f, errOut)
		}
	}
	if finished == len(files) {
		t.Errorf("no game recorded as unfinished: %v", files)
	}
	if want := fmt.Sprintf("games %d: ", finished); !strings.Contains(out.String(), want) {
		t.Errorf("summary does not count the %d finished games only:\n%s", finished, out.String())
	}
}

// SIGTERM in the middle of a game saves it, then exits 143.
func testPlayTerminated(t *testing.T, bin string) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	cmd := exec.Command(bin, "play", "--first", "human", "--second", "human", "--record", rec)
	stdin, _ := cmd.StdinPipe()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "c3-d4\n")
	waitFor(t, "the record", func() bool { _, err := os.Stat(rec); return err == nil })
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	stdin.Close()
	if code := exitCode(err); code != 128+int(syscall.SIGTERM) {
		t.Errorf("exit %d, want 143\n%s", code, out.String())
	}
	if got := recordMoves(readRecordFile(t, rec)); len(got) != 1 || got[0] != "c3-d4" {
		t.Errorf("record %v", got)
	}
	onlyFiles(t, dir, "r.txt")
}

// play killed by SIGKILL, SIGINT or SIGTERM at random moments leaves a
// record that replays (or none, when killed before the first save), no
// stray file once the record is opened again, and the user's other files as
// they were. 6 kills; STACKRULES_DEEP=1: 50.
func testPlayFaults(t *testing.T, bin string) {
	kills := 6
	if os.Getenv("STACKRULES_DEEP") == "1" {
		kills = 50
	}
	liger, _ := variants.Source("liger")
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 11))
	t.Logf("seed %d", seed)
	sigs := []syscall.Signal{syscall.SIGKILL, syscall.SIGINT, syscall.SIGTERM}
	var saved, none, ended, leftovers int
	for k := 0; k < kills; k++ {
		sig := sigs[k%len(sigs)]
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "my.yaml"), string(liger), 0o644)
		writeFile(t, filepath.Join(dir, "notes.txt"), "my notes\n", 0o600)
		rec := filepath.Join(dir, "r.txt")
		// Two fast AIs: a save after every move, so kills land during saves.
		rules := filepath.Join(dir, "my.yaml")
		cmd := exec.Command(bin, "play", rules, "--first", "mcts:iterations=60", "--second", "mcts:iterations=60",
			"--seed", fmt.Sprint(k+1), "--record", rec)
		cmd.Dir = dir
		stdin, _ := cmd.StdinPipe() // kept open: the input does not end the game
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		delay := time.Duration(rng.IntN(1500)) * time.Millisecond
		time.Sleep(delay)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		stdin.Close()
		code := exitCode(err)
		if code == 0 {
			ended++ // the game ended before the signal
		}
		what := fmt.Sprintf("kill %d (%v after %v, exit %d)", k+1, sig, delay, code)
		if sig != syscall.SIGKILL && code != 0 && code != 128+int(sig) && code != -int(sig) {
			t.Errorf("%s: unexpected exit status\n%s", what, tail(out.String(), 5))
		}
		if readFile(t, filepath.Join(dir, "my.yaml")) != string(liger) || readFile(t, filepath.Join(dir, "notes.txt")) != "my notes\n" {
			t.Fatalf("%s: a user's file was changed", what)
		}
		if _, err := os.Stat(rec); err != nil {
			none++
		} else {
			saved++
			if code, _, errOut := playScript(t, "", "replay", rec); code != 0 {
				t.Fatalf("%s: the record does not replay: %s\n%s", what, errOut, readFile(t, rec))
			}
		}
		// A killed process may leave its lock file and a temporary file;
		// opening the record again clears them. A signal it catches leaves
		// nothing.
		if sig == syscall.SIGKILL || code == -int(sig) {
			if entries, _ := os.ReadDir(dir); len(entries) > 3 {
				leftovers++
			}
			playScript(t, "quit\n", "play", rules, "--first", "human", "--second", "human", "--record", rec)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			switch e.Name() {
			case "my.yaml", "notes.txt", "r.txt":
			default:
				t.Errorf("%s: stray file %s", what, e.Name())
			}
		}
	}
	t.Logf("%d kills: %d left a record that replays, %d came before the first save, %d after the game had ended; %d left a lock or temporary file, cleared by the next play", kills, saved, none, ended, leftovers)
}
