package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A game recorded by match is written as a .mat file (replay --mat), which
// replay reads back with the same moves and result; a .mat file whose move
// is not legal, or malformed, is refused with its line; play --resume plays
// on the last game of a .mat file, saving to a record of its own.
func TestMatFiles(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "match", "backgammon", "-a", "random", "-b", "random", "-n", "1", "--records", dir, "--seed", "3")
	if code != 0 {
		t.Fatalf("match: exit %d, %q", code, errOut)
	}
	recs, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	code, out, errOut := runCLI(t, "replay", recs[0])
	moves := regexp.MustCompile(`(\d+) moves, all legal`).FindStringSubmatch(out)
	if code != 0 || moves == nil {
		t.Fatalf("replay: exit %d, %q\n%s", code, errOut, out)
	}
	mat := filepath.Join(dir, "game.mat")
	if code, out, errOut := runCLI(t, "replay", recs[0], "--mat", mat); code != 0 || !strings.Contains(out, "Wrote 1 game to") {
		t.Fatalf("replay --mat: exit %d, %q\n%s", code, errOut, out)
	}
	data, _ := os.ReadFile(mat)
	if !strings.HasPrefix(string(data), "; [Variant \"Backgammon\"]\n\n 0 point match\n\n Game 1\n") || !strings.Contains(string(data), "  1) ") || !strings.Contains(string(data), "Wins ") {
		t.Fatalf("the .mat file:\n%s", data)
	}
	code, out, errOut = runCLI(t, "replay", mat)
	if code != 0 || !strings.Contains(out, "Game 1: "+moves[1]+" moves, all legal; ") || !strings.Contains(out, "Money games: ") {
		t.Fatalf("replay of the .mat file: exit %d, %q\n%s", code, errOut, out)
	}
	// The same file again, through --mat -.
	if code, again, _ := runCLI(t, "replay", mat, "--mat", "-"); code != 0 || again != string(data) {
		t.Errorf("replay FILE.mat --mat - writes another file:\n%s\nwant\n%s", again, data)
	}
	// A move changed to an illegal one: refused with its line.
	lines := strings.Split(string(data), "\n")
	bad := filepath.Join(dir, "bad.mat")
	for i, l := range lines {
		if strings.HasPrefix(l, "  3) ") {
			lines[i] = "  3) 21: 24/3" + strings.Repeat(" ", 18) + "43: 1/20"
			os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644)
			if code, _, errOut := runCLI(t, "replay", bad); code != 1 || !strings.Contains(errOut, "bad.mat: game 1: line "+itoa(i+1)+": move ") {
				t.Errorf("an illegal move on line %d: exit %d, %q", i+1, code, errOut)
			}
			break
		}
	}
	os.WriteFile(bad, []byte(" 5 point match\n\n Game 1\n white : 0   black : 0\n  1) 52: 13/8 13/11  hello\n"), 0o644)
	if code, _, errOut := runCLI(t, "replay", bad); code != 1 || !strings.Contains(errOut, "line 5: \"hello\"") {
		t.Errorf("a malformed move: exit %d, %q", code, errOut)
	}
	// An unfinished match game, resumed: the AI plays it to the end, into a
	// record of its own; the .mat file is left as it was.
	open := filepath.Join(dir, "open.mat")
	text := " 5 point match\n\n Game 1\n white : 1                      black : 3\n  1) 52: 13/8 13/11              63: 24/18 13/10\n"
	os.WriteFile(open, []byte(text), 0o644)
	code, out, errOut = runCLI(t, "replay", open)
	if code != 0 || !strings.Contains(out, "Game 1: 4 moves, all legal; it goes on: white to move.") || !strings.Contains(out, "Match to 5: white 1, black 3.") {
		t.Fatalf("replay of an unfinished match: exit %d, %q\n%s", code, errOut, out)
	}
	rec := filepath.Join(dir, "resumed.txt")
	code, out, errOut = runCLI(t, "play", "--resume", open, "--first", "random", "--second", "random", "--seed", "5", "--record", rec)
	if code != 0 || !strings.Contains(out, "Game over") {
		t.Fatalf("play --resume FILE.mat: exit %d, %q\n%s", code, errOut, out)
	}
	if after, _ := os.ReadFile(open); string(after) != text {
		t.Errorf("play --resume changed the .mat file")
	}
	if code, out, errOut := runCLI(t, "replay", rec); code != 0 || !strings.Contains(out, "all legal") {
		t.Errorf("the resumed game's record: exit %d, %q\n%s", code, errOut, out)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A match GNU Backgammon played and exported itself (gnubg 1.07, `export
// match mat`: two games, a double dropped, a redouble taken, a game won by
// resignation at a cube of 4) reads move for move.
func TestMatFromGnubg(t *testing.T) {
	code, out, errOut := runCLI(t, "replay", "testdata/gnubg-3-point.mat")
	for _, want := range []string{
		"Game 1: 70 moves, all legal; white wins 1 point (black dropped the cube).",
		"Game 2: 82 moves, all legal; white wins 4 points (black resigned).",
		"Match to 3: white 5, black 0.",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, %q: want %q in\n%s", code, errOut, want, out)
		}
	}
}
