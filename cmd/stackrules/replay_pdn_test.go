package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const pdnCollection = "../../records/testdata/pdn/english-checkers.pdn"

// replay --json prints a line a game, each with its number, ok, its plies
// and its final position, which --position reads back; --game N picks one.
func TestReplayPDNJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "replay", pdnCollection, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ls := lines(t, out)
	if len(ls) != 600 {
		t.Fatalf("%d lines, want 600", len(ls))
	}
	var last struct {
		Game  int    `json:"game"`
		OK    bool   `json:"ok"`
		Error string `json:"error"`
		Plies int    `json:"plies"`
		Final string `json:"final"`
	}
	for i, l := range ls {
		if err := json.Unmarshal([]byte(l), &last); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if last.Game != i+1 || !last.OK || last.Error != "" || last.Plies == 0 || !strings.Contains(last.Final, ":W") {
			t.Fatalf("line %d: %s", i+1, l)
		}
	}
	// The final position is one --position takes: the game goes on from it.
	code, out, errOut = runCLI(t, "replay", pdnCollection, "--json", "--game", "17")
	if code != 0 || !strings.HasPrefix(out, `{"game":17,"ok":true`) {
		t.Fatalf("--game 17: exit %d: %s%s", code, out, errOut)
	}
	if err := json.Unmarshal([]byte(out), &last); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "moves", "english-checkers", "--position", last.Final)
	if code != 0 && !strings.Contains(errOut, "over") {
		t.Errorf("moves --position %q: exit %d: %s", last.Final, code, errOut)
	}
	if code, _, errOut := runCLI(t, "replay", pdnCollection, "--game", "601"); code == 0 || !strings.Contains(errOut, "600 games") {
		t.Errorf("--game 601: exit %d: %s", code, errOut)
	}
}

// A file with a game that does not replay: the text output says which game,
// which move and why, then a summary, and the exit status is 1; --json says
// the same in the game's "error".
func TestReplayPDNFailingGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pdn")
	text := "[Event \"one\"]\n1. 11-15 22-18 2. 15x22 25x18 1/2-1/2\n\n[Event \"two\"]\n[Black \"B\"]\n1. 11-15 22-18 2. 15-19 0-1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "replay", path)
	if code != 1 || !strings.Contains(out, "game 2 (line 4, two: B): line 6: move 2. 15-19 (black to play) is illegal") ||
		!strings.Contains(out, "2 games: 1 replayed") || !strings.Contains(errOut, "1 of 2 games") {
		t.Errorf("exit %d:\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "replay", path, "--json")
	ls := lines(t, out)
	if code != 1 || len(ls) != 2 || !strings.Contains(ls[1], `"ok":false,"error":"line 6: move 2. 15-19`) || !strings.Contains(ls[1], `"plies":2`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// One game of it, shown as replay shows a record, its result a resignation.
	code, out, errOut = runCLI(t, "replay", path, "--game", "1", "--no-color")
	if code != 0 || !strings.Contains(out, "4 moves, all legal.") || !strings.Contains(out, "Result: 1/2-1/2 (a draw agreed).") {
		t.Errorf("--game 1: exit %d:\n%s%s", code, out, errOut)
	}
}

// --pdn on a file of many games writes each again as PDN, in full notation,
// and the result replays to the same positions.
func TestReplayPDNConvertCollection(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pdn")
	if code, _, errOut := runCLI(t, "replay", pdnCollection, "--pdn", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, a, _ := runCLI(t, "replay", pdnCollection, "--json")
	code, b, errOut := runCLI(t, "replay", out, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	finals := func(s string) []string {
		var f []string
		for _, l := range lines(t, s) {
			var g struct{ Final, Result string }
			json.Unmarshal([]byte(l), &g)
			f = append(f, g.Final+" "+g.Result)
		}
		return f
	}
	fa, fb := finals(a), finals(b)
	if len(fa) != len(fb) {
		t.Fatalf("%d games, written %d", len(fa), len(fb))
	}
	for i := range fa {
		if fa[i] != fb[i] {
			t.Errorf("game %d: %s, written and read back %s", i+1, fa[i], fb[i])
		}
	}
}

// rapid-draughts (npm), an English checkers engine written apart from
// stackrules, replays the collection's moves as the file writes them and
// reaches the final positions replay --json gives. Needs node and
// `npm install` in records/testdata/crosscheck.
func TestReplayPDNAgainstRapidDraughts(t *testing.T) {
	node, err := exec.LookPath("node")
	dir := "../../records/testdata/crosscheck"
	if _, serr := os.Stat(filepath.Join(dir, "node_modules", "rapid-draughts")); err != nil || serr != nil {
		t.Skip("needs node and rapid-draughts: run npm install in records/testdata/crosscheck")
	}
	code, out, errOut := runCLI(t, "replay", pdnCollection, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	js := filepath.Join(t.TempDir(), "out.jsonl")
	if err := os.WriteFile(js, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "crosscheck.mjs", "../pdn/english-checkers.pdn", js)
	cmd.Dir = dir
	report, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(report), "compared 600, equal 600") {
		t.Errorf("%v:\n%s", err, report)
	}
}

// English checkers at the terminal: the board shows the empty squares'
// numbers; a move typed in numbers is answered in numbers (a refusal, its
// list of captures, a square's moves, squares run together); one typed by
// name is answered by name, and moves and hints follow.
func TestTerminalSpeaksNumbers(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	input := "11-15\n22-18\n15-18\n1519\n15\nd4\nmoves\n15x22\nmoves\nposition\nquit\n"
	code, out, errOut := playScript(t, input, "play", "english-checkers", "--first", "human", "--second", "human", "--no-color", "--record", filepath.Join(dir, "g.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"│  20        19        18        17      │ 5", // the numbers of the empty squares
		"15-18: not a legal move: captures are mandatory, and black can capture: 15x22",
		"15-19: not a legal move: captures are mandatory, and black can capture: 15x22",
		"Moves from 15: 15x22",
		"Moves from d4: d4xf6",
		"1 legal move:\n  d4xf6",        // after d4, by name
		"2 legal moves:\n  25x18 26x17", // after 15x22, in numbers again
		"FEN: W:B1,2,3,4,5,6,7,8,9,10,12,22:W21,23,24,25,26,27,28,29,30,31,32", // the position command
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "d4-e5") || strings.Contains(out, "h4xf6") {
		t.Errorf("square names answer numbers:\n%s", out)
	}
}

// A game a match calls a draw at --max-plies, and one a player resigned,
// keep their results when converted to PDN: 1/2-1/2 and the loser's 0.
func TestPDNKeepsResultsOfGamesCutShort(t *testing.T) {
	dir := t.TempDir()
	recs := filepath.Join(dir, "recs")
	if code, _, errOut := runCLI(t, "match", "english-checkers", "-a", "random", "-b", "random", "--games", "1", "--max-plies", "6", "--records", recs); code != 0 {
		t.Fatalf("match: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "replay", filepath.Join(recs, "game-001.txt"), "--pdn", "-")
	if code != 0 || !strings.Contains(out, `[Result "1/2-1/2"]`) || !strings.HasSuffix(strings.TrimSpace(out), "1/2-1/2") {
		t.Errorf("the draw at --max-plies: exit %d:\n%s%s", code, out, errOut)
	}
	rec := filepath.Join(dir, "resigned.txt")
	if code, _, errOut := playScript(t, "11-15\nresign\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", rec); code != 0 {
		t.Fatalf("play: exit %d: %s", code, errOut)
	}
	code, out, errOut = runCLI(t, "replay", rec, "--pdn", "-")
	if code != 0 || !strings.Contains(out, `[Result "1-0"]`) || !strings.Contains(out, "1. 11-15 1-0") {
		t.Errorf("white resigned: exit %d:\n%s%s", code, out, errOut)
	}
}
