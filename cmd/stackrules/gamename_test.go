package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A mistyped GAME is answered with the game meant, by every command that
// takes one (issue 31).
func TestMistypedGameSuggests(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	writeFile(t, rec, "[Game \"Backgammon\"]\n\n*\n", 0o644)
	for _, args := range [][]string{
		{"play", "backgamon"},
		{"variants", "backgamon"},
		{"rules", "backgamon"},
		{"moves", "backgamon"},
		{"perft", "backgamon", "-d", "1"},
		{"bench", "backgamon"},
		{"match", "backgamon"},
		{"best", "backgamon"},
		{"explain", "backgamon", "24/18"},
		{"lint", "backgamon"},
		{"test", "backgamon"},
		{"serve", "backgamon", "--addr", "127.0.0.1:0"},
		{"replay", rec, "--game", "backgamon"},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != 1 || !strings.Contains(out+errOut, `did you mean backgammon?`) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and a suggestion", args, code, out, errOut)
		}
		if args[0] == "bench" && out != "" {
			t.Errorf("bench printed %q before the error", out)
		}
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "crossing.yaml"), "x\n", 0o644)
	for _, tc := range []struct{ name, want string }{
		{"checkers", "did you mean english-checkers?"},
		{"nine-mens", "did you mean nine-mens-morris?"},
		{"liger.yaml", "did you mean liger?"},
		{"Stackers", "did you mean stackers?"},
		{"morris", "did you mean nine-mens-morris, six-mens-morris, three-mens-morris or twelve-mens-morris?"},
		{filepath.Join(dir, "crosing.yaml"), "did you mean " + filepath.Join(dir, "crossing.yaml") + "?"},
		{"xyzzy", "(built-in games: armenian, backgammon, "}, // nothing near: the list
	} {
		code, _, errOut := runCLI(t, "perft", tc.name, "-d", "1")
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("perft %s: exit %d, stderr %q; want %q", tc.name, code, errOut, tc.want)
		}
	}
	// A file that exists is read, whatever its name is near.
	if err := os.WriteFile(filepath.Join(dir, "stacker"), []byte("name: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, errOut := runCLI(t, "perft", filepath.Join(dir, "stacker"), "-d", "1"); strings.Contains(errOut, "did you mean") {
		t.Errorf("an existing file got a suggestion: %q", errOut)
	}
}
