package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The commands work with dice: perft over rolls, moves and positions as
// XGID or Position ID, match with points and records that replay and resume.

const bgStartXGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"

func TestBackgammonPerftCommand(t *testing.T) {
	code, out, errOut := runCLI(t, "perft", "backgammon", "--position", bgStartXGID, "--depth", "2")
	if code != 0 || out != "1\t447\n2\t202782\n" {
		t.Fatalf("perft from the XGID start: exit %d, %q, %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "perft", "backgammon", "--position", bgStartXGID, "--depth", "1", "--divide")
	if code != 0 || !strings.Contains(out, "66\t11\n") || !strings.HasSuffix(out, "total\t447\n") {
		t.Fatalf("perft --divide over the rolls: exit %d\n%s", code, out)
	}
}

func TestBackgammonMovesFormats(t *testing.T) {
	code, out, errOut := runCLI(t, "moves", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10", "--format", "xgid")
	if code != 0 || !strings.Contains(out, "24/13\tXGID=-b----E-C---eF---c-e----A-:0:0:-1:00:0:0:0:0:10\n") || len(lines(t, out)) != 7 {
		t.Fatalf("moves with 65 from the start: exit %d, %q\n%s", code, errOut, out)
	}
	code, out, _ = runCLI(t, "moves", "backgammon", "--position", "4HPwATDgc/ABMA:w65", "--format", "gnubgid")
	if code != 0 || len(lines(t, out)) != 7 || !strings.Contains(out, "\t") {
		t.Fatalf("moves from a Position ID: exit %d\n%s", code, out)
	}
	if code, _, errOut := runCLI(t, "moves", "english-checkers", "--format", "xgid"); code != 2 || !strings.Contains(errOut, "XGID") {
		t.Errorf("moves english-checkers --format xgid: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "moves", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B:0:0:1:65:0:0:0:0:10"); code == 0 || !strings.Contains(errOut, "XGID") {
		t.Errorf("a short XGID: exit %d, %q", code, errOut)
	}
}

func TestBackgammonMatchRecords(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "match", "backgammon", "-a", "random", "-b", "random", "-n", "4", "--records", dir)
	if code != 0 || !strings.Contains(out, "games 4:") || !strings.Contains(out, "points: A ") {
		t.Fatalf("match: exit %d, %q\n%s", code, errOut, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 4 {
		t.Fatalf("%d records", len(files))
	}
	data, _ := os.ReadFile(files[0])
	if !strings.Contains(string(data), "[Points \"") {
		t.Errorf("the record does not say what the win was worth:\n%s", data)
	}
	code, out, errOut = runCLI(t, "replay", files[0])
	if code != 0 || !strings.Contains(out, "all legal") || !strings.Contains(out, "wins") {
		t.Fatalf("replay: exit %d, %q\n%s", code, errOut, out)
	}
	// A record cut short resumes with the AI's play to the end.
	text := string(data)
	cut := strings.Index(text, "\n\n") + 2
	words := strings.Fields(text[cut:])
	short := text[:cut] + strings.Join(words[:30], " ") + " *\n"
	short = strings.Replace(short, "[Result \"1-0\"]", "[Result \"*\"]", 1)
	short = strings.Replace(short, "[Result \"0-1\"]", "[Result \"*\"]", 1)
	var kept []string
	for _, l := range strings.Split(short, "\n") {
		if !strings.HasPrefix(l, "[Termination") && !strings.HasPrefix(l, "[Points") {
			kept = append(kept, l)
		}
	}
	path := filepath.Join(dir, "short.txt")
	if err := os.WriteFile(path, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "play", "backgammon", "--resume", path, "--first", "random", "--second", "random", "--seed", "5")
	if code != 0 || !strings.Contains(out, "Game over") {
		t.Fatalf("play --resume: exit %d, %q\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "replay", path)
	if code != 0 || !strings.Contains(out, "all legal") {
		t.Fatalf("replay of the resumed game: exit %d, %q\n%s", code, errOut, out)
	}
}

func TestBackgammonBestNeedsARoll(t *testing.T) {
	if code, _, errOut := runCLI(t, "best", "backgammon", "--iterations", "10"); code != 2 || !strings.Contains(errOut, "roll") {
		t.Errorf("best at the opening roll: exit %d, %q", code, errOut)
	}
	code, out, errOut := runCLI(t, "best", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "--iterations", "200")
	if code != 0 || !strings.Contains(out, "best move for white: ") {
		t.Errorf("best with 31: exit %d, %q\n%s", code, errOut, out)
	}
}
