package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Every command works for the Morris family: boards of points, pieces in
// hand, placements and removals.
func TestMorrisCommands(t *testing.T) {
	for _, game := range []string{"nine-mens-morris", "three-mens-morris", "six-mens-morris", "twelve-mens-morris"} {
		t.Run(game, func(t *testing.T) {
			code, out, errs := runCLI(t, "perft", game, "--depth", "2")
			if code != 0 || len(lines(t, out)) != 2 {
				t.Fatalf("perft: %d %q %q", code, out, errs)
			}
			code, out, errs = runCLI(t, "moves", game)
			if code != 0 || !strings.Contains(out, "a1\t") || !strings.Contains(out, " hand:r") {
				t.Errorf("moves: %d %q %q", code, out, errs)
			}
			if code, out, errs = runCLI(t, "lint", game); code != 0 {
				t.Errorf("lint: %d %q %q", code, out, errs)
			}
			if code, out, errs = runCLI(t, "test", game); code != 0 {
				t.Errorf("test: %d %q %q", code, out, errs)
			}
			code, out, errs = runCLI(t, "explain", game, "a1")
			if code != 0 || !strings.Contains(out, "legal") {
				t.Errorf("explain: %d %q %q", code, out, errs)
			}
			code, out, errs = runCLI(t, "best", game, "--iterations", "200")
			if code != 0 || out == "" {
				t.Errorf("best: %d %q %q", code, out, errs)
			}
			dir := t.TempDir()
			code, out, errs = runCLI(t, "match", game, "-a", "random", "-b", "random", "-n", "2", "--records", dir)
			if code != 0 || !strings.Contains(out, "games 2") {
				t.Fatalf("match: %d %q %q", code, out, errs)
			}
			records, _ := filepath.Glob(filepath.Join(dir, "*"))
			if len(records) != 2 {
				t.Fatalf("match wrote %d records", len(records))
			}
			code, out, errs = runCLI(t, "replay", records[0])
			if code != 0 || !strings.Contains(out, "Position:") {
				t.Errorf("replay: %d %q %q", code, out, errs)
			}
			code, out, errs = runCLI(t, "bench", game, "--time", "200ms")
			if code != 0 || !strings.Contains(out, game[:8]) {
				t.Errorf("bench: %d %q %q", code, out, errs)
			}
		})
	}
	_, out, _ := runCLI(t, "explain", "nine-mens-morris", "--position", "r a1:r,d1:r,b2:b,d2:b hand:r5,b5", "g1")
	if !strings.Contains(out, "not a legal move") || !strings.Contains(out, "g1xb2, g1xd2") {
		t.Errorf("explain g1 (a mill): %q", out)
	}
}

// The built-in name cowboy-checkers is Nine Men's Morris, as the rule sheet
// calls it.
func TestCowboyCheckersAlias(t *testing.T) {
	code, out, errs := runCLI(t, "perft", "cowboy-checkers", "--depth", "2")
	if code != 0 || out != "1\t24\n2\t552\n" {
		t.Errorf("perft cowboy-checkers: %d %q %q", code, out, errs)
	}
}

// A Morris game saved with placements and a removal resumes where it
// stopped, and replays.
func TestMorrisSaveResumeReplay(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_DATA_HOME", dir)
	code, out, errOut := playScript(t, "a1\nb2\nd1\nd2\ng1xb2\nsave m.txt\nquit\n", "play", "nine-mens-morris", "--red", "human", "--black", "human")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s\n%s", code, errOut, tail(out, 10))
	}
	if got := recordMoves(readRecordFile(t, "m.txt")); strings.Join(got, " ") != "a1 b2 d1 d2 g1xb2" {
		t.Fatalf("record: %v", got)
	}
	code, out, errOut = playScript(t, "b2\nquit\n", "play", "--resume", "m.txt")
	if code != 0 || !strings.Contains(out, "Last move: 3. g1xb2") || !strings.Contains(out, "3... black> b2") {
		t.Fatalf("resume: exit %d, %s\n%s", code, errOut, tail(out, 12))
	}
	if got := recordMoves(readRecordFile(t, "m.txt")); strings.Join(got, " ") != "a1 b2 d1 d2 g1xb2 b2" {
		t.Errorf("record after resume: %v", got)
	}
	code, out, _ = playScript(t, "", "replay", "m.txt")
	if code != 0 || !strings.Contains(out, "6 moves, all legal.") || !strings.Contains(out, "Position: r a1:r,d1:r,g1:r,b2:b,d2:b hand:r6,b6") {
		t.Errorf("replay: exit %d\n%s", code, out)
	}
}
