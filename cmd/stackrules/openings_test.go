package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// matchJSON runs `match --json` and decodes its summary.
func matchJSON(t *testing.T, args ...string) matchSummary {
	t.Helper()
	code, out, errw := runCLI(t, append([]string{"match", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("match %v: exit %d: %s", args, code, errw)
	}
	var sum matchSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("match %v: %v in %q", args, err, out)
	}
	return sum
}

// stronger is the side with more pieces in an English checkers position
// string ("b c1:B,e3:B,h2:W"): black or white.
func stronger(t *testing.T, pos string) string {
	t.Helper()
	_, cells, _ := strings.Cut(pos, " ")
	black := strings.Count(strings.ToLower(cells), ":b")
	white := strings.Count(strings.ToLower(cells), ":w")
	if black == white {
		t.Fatalf("%q: no stronger side", pos)
	}
	if black > white {
		return "black"
	}
	return "white"
}

// kingsEndgame plays the suite and checks how often the stronger side won,
// per opening and overall.
func kingsEndgame(t *testing.T, file, spec string, minShare float64) {
	sum := matchJSON(t, "english-checkers", "--openings", file, "--a", spec, "--b", spec)
	won, games := 0, 0
	for _, op := range sum.Openings {
		side := stronger(t, op.Opening)
		won += op.Wins[side]
		games += op.Games
		if lost := op.Games - op.Draws - op.Wins[side]; lost > 0 {
			t.Errorf("line %d %q: the weaker side won %d of %d", op.Line, op.Opening, lost, op.Games)
		}
		if op.Wins[side] < op.Games {
			t.Logf("line %d %q: %s won %d of %d", op.Line, op.Opening, side, op.Wins[side], op.Games)
		}
	}
	if games != sum.Games || games == 0 {
		t.Fatalf("%d games in the openings, %d in all", games, sum.Games)
	}
	share := float64(won) / float64(games)
	t.Logf("%s, %s: the stronger side won %d of %d (%.0f%%), %d decisive", file, spec, won, games, 100*share, sum.Decisive)
	if share < minShare {
		t.Errorf("%s: the stronger side won %d of %d games, want at least %.0f%%", file, won, games, 100*minShare)
	}
}

// The AI finishes won king endgames within the draw rules (repetition,
// 100 quiet plies) instead of shuffling. Issue 15 asks for three kings
// against one always won and two against one 90%. Both are solved by the
// search's endgame analysis (every reachable position, some 17,000 and
// 170,000, retrograde), so both whole suites are played here, at iteration
// budgets with room for the analysis (deterministic, and not cut short by
// a loaded machine, as mcts:medium's time limit could be), and the
// stronger side must win every game; and two starts of three kings against
// one without the analysis (endgame=0), where the search with random
// playouts alone (net=none) must convert: the shipped network converts
// these worse without the analysis (docs/ai.md, "a larger network"), so it
// is left out here. STACKRULES_DEEP=1 plays both whole suites at
// mcts:medium.
func TestMatchKingsEndgames(t *testing.T) {
	if os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() {
		kingsEndgame(t, "testdata/checkers-3k1k.txt", "mcts:medium", 1)
		kingsEndgame(t, "testdata/checkers-2k1k.txt", "mcts:medium", 1)
		return
	}
	kingsEndgame(t, "testdata/checkers-2k1k.txt", "mcts:iterations=20000,endgame=20000", 1)
	kingsEndgame(t, "testdata/checkers-3k1k.txt", "mcts:iterations=20000,endgame=200000", 1)
	file := filepath.Join(t.TempDir(), "kings.txt")
	suite := "# the lone king in a double corner, each side to move\n" +
		"b c1:B,e3:B,d6:B,h2:W\n" +
		"b d4:W,f4:W,b6:W,g1:B\n"
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	kingsEndgame(t, file, "mcts:iterations=1000,endgame=0,net=none", 1)
}

// --openings plays every line once with A on each side, reads positions and
// move sequences, and counts per opening; --position plays one start.
func TestMatchOpenings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "suite.txt")
	suite := "# comment line\n\nb c1:B,e3:B,d6:B,h2:W\nc3-d4 f6-e5   # moves from the start\n"
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := matchJSON(t, "english-checkers", "--openings", file, "--a", "greedy", "--b", "random", "--max-plies", "30")
	if sum.Games != 4 || len(sum.Openings) != 2 {
		t.Fatalf("%d games, %d openings; want 4 and 2", sum.Games, len(sum.Openings))
	}
	if sum.Decisive != sum.AWins+sum.BWins {
		t.Errorf("decisive %d, want a_wins+b_wins = %d", sum.Decisive, sum.AWins+sum.BWins)
	}
	for i, want := range []struct {
		line int
		text string
	}{{3, "b c1:B,e3:B,d6:B,h2:W"}, {4, "c3-d4 f6-e5"}} {
		op := sum.Openings[i]
		if op.Line != want.line || op.Opening != want.text || op.Games != 2 || op.AWins+op.BWins+op.Draws != 2 {
			t.Errorf("opening %d: %+v, want line %d %q with 2 games", i, op, want.line, want.text)
		}
	}
	// --games overrides the count and cycles through the suite
	if sum := matchJSON(t, "english-checkers", "--openings", file, "--games", "6", "--a", "random", "--b", "random", "--max-plies", "10"); sum.Games != 6 || sum.Openings[0].Games != 4 || sum.Openings[1].Games != 2 {
		t.Errorf("--games 6: %d games, per opening %+v", sum.Games, sum.Openings)
	}
	sum = matchJSON(t, "english-checkers", "--position", "w c1:B,g1:W", "--a", "random", "--b", "random", "--max-plies", "10")
	if sum.Games != 2 || len(sum.Openings) != 1 || sum.Openings[0].Line != 0 {
		t.Errorf("--position: %+v", sum)
	}
}

func TestMatchOpeningsErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.txt", "# fine\nb c1:B,h2:W\nc3-d4 c3-d4\n")
	over := write("over.txt", "w c1:B\n")
	empty := write("empty.txt", "# nothing\n\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--openings", bad}, bad + ":3: move 2 of \"c3-d4 c3-d4\""},
		{[]string{"--openings", write("junk.txt", "zz9\n")}, "is neither a position"},
		{[]string{"--openings", over}, over + ":1: \"w c1:B\": the game is already over there"},
		{[]string{"--openings", empty}, "no openings"},
		{[]string{"--openings", filepath.Join(dir, "missing.txt")}, "missing.txt"},
		{[]string{"--openings", bad, "--position", "b c1:B,h2:W"}, "not both"},
		{[]string{"--position", "b z9:B"}, "--position"},
	} {
		code, _, errw := runCLI(t, append([]string{"match", "english-checkers", "--a", "random"}, tc.args...)...)
		if code == 0 || !strings.Contains(errw, tc.want) {
			t.Errorf("match %v: exit %d, stderr %q; want an error containing %q", tc.args, code, errw, tc.want)
		}
	}
}
