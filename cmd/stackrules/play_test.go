package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// playScript runs the command line in-process with input as its standard
// input (not a terminal: one move or command per line).
func playScript(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errw bytes.Buffer
	code = run(append([]string{"stackrules"}, args...), strings.NewReader(input), &out, &errw)
	return code, out.String(), errw.String()
}

// randomGame plays random legal moves to the end of a game and returns them
// in the notation, with the history.
func randomGame(t *testing.T, g *interpreter.Game, seed uint64) ([]string, *interpreter.History) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	h := g.NewHistory(g.Start())
	var moves []string
	for !h.Outcome().Over {
		if h.Len() > 3000 {
			t.Fatalf("%s: random game seed %d did not end in 3000 plies", g.Name, seed)
		}
		pos := h.Position()
		legal := g.LegalMoves(&pos, nil)
		m := legal[rng.IntN(len(legal))]
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, g.MoveString(m))
	}
	return moves, h
}

func readRecordFile(t *testing.T, path string) *records.Record {
	t.Helper()
	rec, err := readRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func recordMoves(rec *records.Record) []string {
	var out []string
	for _, m := range rec.Moves {
		out = append(out, m.Text)
	}
	return out
}

// Whole games between two people, typed one move a line, end with the
// result, exit 0 and a record of every move; lines after the end are not read.
func TestPlayWholeGames(t *testing.T) {
	for _, tc := range []struct {
		game string
		seed uint64
	}{{"liger", 1}, {"liger", 2}, {"english-checkers", 3}, {"lasca", 4}} {
		t.Run(tc.game, func(t *testing.T) {
			g := mustGame(t, tc.game)
			moves, h := randomGame(t, g, tc.seed)
			rec := filepath.Join(t.TempDir(), "game.txt")
			p0, p1 := g.Players[0].Name, g.Players[1].Name
			input := strings.Join(moves, "\n") + "\nthis line comes after the end\n"
			code, out, errOut := playScript(t, input, "play", tc.game, "--"+p0, "human", "--side", p1+"=human", "--record", rec)
			if code != 0 {
				t.Fatalf("exit %d; stderr:\n%s\nstdout tail:\n%s", code, errOut, tail(out, 30))
			}
			o := h.Outcome()
			want := "Game over: " + outcomeText(g, o) + ". Result " + records.ResultText(g, o) + "."
			if !strings.Contains(out, want) {
				t.Errorf("output does not say %q; tail:\n%s", want, tail(out, 20))
			}
			if strings.Contains(out, "this line comes after the end") {
				t.Errorf("a line after the end of the game was read")
			}
			if !strings.Contains(out, "Game saved to "+rec) {
				t.Errorf("output does not say where the record is; tail:\n%s", tail(out, 5))
			}
			r := readRecordFile(t, rec)
			if got := recordMoves(r); strings.Join(got, " ") != strings.Join(moves, " ") {
				t.Errorf("record moves differ:\n got %v\nwant %v", got, moves)
			}
			if r.Result != records.ResultText(g, o) {
				t.Errorf("record result %q, want %q", r.Result, records.ResultText(g, o))
			}
			if r.Tag(records.TagKey(g, 0)) != "human" || r.Tag(records.TagKey(g, 1)) != "human" {
				t.Errorf("record players: %v", r.Tags)
			}
		})
	}
}

func tail(s string, n int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

// answers maps each line read at a prompt to the lines printed before the
// next prompt, from a transcript (in a pipe each line read is echoed after
// its prompt).
func answers(out string) map[string][]string {
	prompt := regexp.MustCompile(`^\d+\.(\.\.)? \w+> (.*)$`)
	res := map[string][]string{}
	cur := ""
	in := false
	for _, l := range strings.Split(out, "\n") {
		if m := prompt.FindStringSubmatch(l); m != nil {
			cur, in = m[2], true
			res[cur] = []string{}
			continue
		}
		if in && l != "" {
			res[cur] = append(res[cur], l)
		}
		if l == "" {
			in = false // a board follows
		}
	}
	return res
}

// Illegal, malformed and ambiguous input gets one line saying why, and the
// prompt again; the game goes on.
func TestPlayBadInput(t *testing.T) {
	tests := []struct {
		game, pos string
		input     string
		want      string // in the one line answered
	}{
		{"liger", "", "zz", `"zz" is not a move or a command`},
		{"liger", "", "c3-c4", "square c4 is not a playing square"},
		{"liger", "", "c3-e5", "e5 is not next to c3"},
		{"liger", "", "b6-a5", "the top piece on b6 is blue's"},
		{"liger", "", "c9", "off the 8×8 board"},
		{"liger", "", "d4", "there is no checker on d4"},
		{"liger", "", "b6", "the top checker on b6 is blue's"},
		{"liger", "", "2c3-d4", "c3 holds 1, so 2 cannot be lifted"},
		{"liger", "", "pass", "this game has no passing"},
		{"liger", "", "c3-d4-e5", "this game has no captures"},
		{"liger", "", "3", "not a move or a command"},
		{"liger", "", "c3-", "not a move or a command"},
		{"liger", "", "e3-off", "not legal"},
		{"liger", "", "undo please", "undo takes nothing after it"},
		{"liger", "", "undo", "Nothing to undo."},
		{"liger", "", "redo", "Nothing to redo."},
		// a refusal in the rule file's words (reasons:)
		{"liger", "r d6:r,h8:b", "d6-c5", "d6-c5 is not legal: a checker moves backward only onto a showing enemy checker; you move backward only while you have fewer checkers showing than your opponent"},
		{"english-checkers", "b c3:b,h8:w", "c3-b2", "c3-b2 is not legal: a man moves only forward; only a king moves backward"},
		{"backgammon", "w a2:w,e1:bb,h2:bbbbbbbbbbbbb roll:65", "13/8 13/7", "13/8 with the 5: that point is blocked (two or more opposing checkers)"},
		{"ludo", "r c12:rrr,g15:r,m12:gggg,m4:yyyy,c4:bbbb roll:54", "base/0 0/5", "base/0 with the 5: a piece comes out of the base only with a 6"}, // (a piece out: not a forced pass)
		{"stackers", "b c3:bb,h8:w", "c3d4", "c3d4 is ambiguous: it could be 2c3-d4 or c3-d4"},
		{"stackers", "b c3:bb,h8:w", "c3", "Moves from c3: 2c3-b2 2c3-b4 2c3-d2 2c3-d4 c3-b2 c3-b4 c3-d2 c3-d4"},
		{"english-checkers", "b c3:b,d4:w,f6:w,h8:w", "c3-d4", "captures are mandatory"},
		{"english-checkers", "b c3:b,d4:w,f6:w,h8:w", "c3xe5", "a capture goes on while it can"},
		{"english-checkers", "b c3:b,d4:w,f6:w,h8:w", "b1", "not a playing square"},
	}
	for _, tc := range tests {
		t.Run(tc.game+" "+tc.input, func(t *testing.T) {
			args := []string{"play", tc.game, "--first", "human", "--second", "human", "--record", filepath.Join(t.TempDir(), "r.txt"), "--ascii"}
			if tc.pos != "" {
				args = append(args, "--position", tc.pos)
			}
			code, out, errOut := playScript(t, tc.input+"\n\nmoves\n", args...)
			if code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, errOut)
			}
			ans := answers(out)
			got, ok := ans[tc.input]
			if !ok {
				t.Fatalf("no prompt read %q:\n%s", tc.input, out)
			}
			if len(got) != 1 || !strings.Contains(got[0], tc.want) {
				t.Errorf("answer to %q = %q, want one line containing %q", tc.input, got, tc.want)
			}
			if _, ok := ans["moves"]; !ok {
				t.Errorf("no prompt after the answer to %q:\n%s", tc.input, out)
			}
		})
	}
}

// Shorthand that matches one move is played, and said in the notation.
func TestPlayShorthand(t *testing.T) {
	for _, typed := range []string{"c3g7", "c3xg7", "C3-G7"} {
		t.Run(typed, func(t *testing.T) { testShorthand(t, typed) })
	}
}

func testShorthand(t *testing.T, typed string) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	code, out, errOut := playScript(t, typed+"\n", "play", "english-checkers", "--position", "b c3:b,d4:w,f6:w",
		"--black", "human", "--white", "human", "--record", rec)
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(out, "(c3xe5xg7)") || !strings.Contains(out, "Game over: black wins") {
		t.Errorf("the capture by start and end was not played:\n%s", out)
	}
	r := readRecordFile(t, rec)
	if got := recordMoves(r); len(got) != 1 || got[0] != "c3xe5xg7" {
		t.Errorf("record moves %v", got)
	}
	if r.Tag("Position") != "b c3:b,d4:w,f6:w" {
		t.Errorf("record position tag %q", r.Tag("Position"))
	}
}

func TestPlayUndoRedo(t *testing.T) {
	dir := t.TempDir()
	t.Run("two people", func(t *testing.T) {
		rec := filepath.Join(dir, "hh.txt")
		input := "c3-d4\nf6-e5\nundo\nredo\nundo\nundo\nredo\nb2-c3\nredo\nquit\n"
		code, out, errOut := playScript(t, input, "play", "--red", "human", "--blue", "human", "--record", rec)
		if code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, errOut)
		}
		// undo, undo: back to the start; redo: c3-d4 again, blue to move, so
		// b2-c3 is not blue's; redo: f6-e5.
		ans := answers(out)
		for line, want := range map[string]string{"undo": "Took back c3-d4.", "redo": "Played again f6-e5.", "b2-c3": "the top piece on b2 is red's"} {
			if got := ans[line]; len(got) == 0 || !strings.Contains(got[0], want) {
				t.Errorf("last answer to %s = %q, want %q", line, got, want)
			}
		}
		for _, want := range []string{"Took back f6-e5.", "Played again c3-d4."} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q", want)
			}
		}
		if got := recordMoves(readRecordFile(t, rec)); strings.Join(got, " ") != "c3-d4 f6-e5" {
			t.Errorf("record moves %v", got)
		}
	})
	t.Run("against the AI", func(t *testing.T) {
		rec := filepath.Join(dir, "ai.txt")
		input := "c3-d4\nundo\nredo\nundo\nquit\n"
		code, out, errOut := playScript(t, input, "play", "--blue", "random:seed=3", "--record", rec)
		if code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, errOut)
		}
		m := regexp.MustCompile(`blue plays 1\.\.\. (\S+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("the AI did not reply:\n%s", out)
		}
		for _, want := range []string{"Took back c3-d4 " + m[1] + ".", "Played again c3-d4 " + m[1] + "."} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}
		if strings.Count(out, "blue plays") != 1 {
			t.Errorf("redo should replay the AI's move, not search again:\n%s", out)
		}
		r := readRecordFile(t, rec)
		if len(r.Moves) != 0 || r.Tag("Blue") != "random:seed=3" || r.Tag("Red") != "human" {
			t.Errorf("record after undo: moves %v, tags %v", r.Moves, r.Tags)
		}
	})
	t.Run("the AI moved first", func(t *testing.T) {
		code, out, errOut := playScript(t, "undo\nquit\n", "play", "--red", "random:seed=1", "--record", filepath.Join(dir, "first.txt"))
		if code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, errOut)
		}
		if got := answers(out)["undo"]; len(got) != 1 || got[0] != "Nothing to undo." {
			t.Errorf("undo before the person moved: %q", got)
		}
	})
}

// save, quit, resume, replay: the record goes round.
func TestPlaySaveResumeReplay(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_DATA_HOME", dir)
	code, out, errOut := playScript(t, "c3-d4\nf6-e5\nsave a.txt\nb2-c3\nquit\n", "play", "--red", "human", "--blue", "human")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(out, "Saved to a.txt.") || !strings.Contains(out, "Game saved to a.txt\nContinue it with: stackrules play --resume a.txt\n") {
		t.Errorf("save and quit did not say where:\n%s", tail(out, 10))
	}
	if got := recordMoves(readRecordFile(t, "a.txt")); strings.Join(got, " ") != "c3-d4 f6-e5 b2-c3" {
		t.Errorf("record after quit: %v", got)
	}
	if others, _ := filepath.Glob(filepath.Join(dir, "stackrules", "games", "stackrules-*.txt")); len(others) != 0 {
		t.Errorf("save FILE should move the record there, but these were written too: %v", others)
	}

	code, out, errOut = playScript(t, "e7-f6\nquit\n", "play", "--resume", "a.txt")
	if code != 0 {
		t.Fatalf("resume: exit %d; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(out, "Last move: 2. b2-c3") || !strings.Contains(out, "2... blue> e7-f6") {
		t.Errorf("resume did not continue where the game stopped:\n%s", out)
	}
	r := readRecordFile(t, "a.txt")
	if got := recordMoves(r); strings.Join(got, " ") != "c3-d4 f6-e5 b2-c3 e7-f6" {
		t.Errorf("record after resume: %v", got)
	}
	if r.Tag("Red") != "human" || r.Tag("Blue") != "human" || r.Tag("Variant") != "liger" {
		t.Errorf("resumed record tags: %v", r.Tags)
	}

	g := mustGame(t, "liger")
	h, err := records.Replay(g, r)
	if err != nil {
		t.Fatal(err)
	}
	final := h.Position()
	code, out, errOut = playScript(t, "", "replay", "a.txt")
	if code != 0 {
		t.Fatalf("replay: exit %d; stderr:\n%s", code, errOut)
	}
	for _, want := range []string{"4 moves, all legal.", "Position: " + g.FormatPosition(&final), "The game goes on: red to move."} {
		if !strings.Contains(out, want) {
			t.Errorf("replay output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = playScript(t, "", "replay", "--show", "--ascii", "a.txt")
	if code != 0 || strings.Count(out, "+---") != 2*5 || !strings.Contains(out, "Start\n") || !strings.Contains(out, "2... e7-f6\n") {
		t.Errorf("replay --show: exit %d, want 5 boards:\n%s", code, out)
	}

	// A finished game resumes to its end and stops.
	code, out, _ = playScript(t, "resign\n", "play", "--resume", "a.txt")
	if code != 0 || !strings.Contains(out, "Game over: blue wins (red resigned). Result 0-1.") {
		t.Fatalf("resign: exit %d\n%s", code, out)
	}
	code, out, _ = playScript(t, "c3-d4\n", "play", "--resume", "a.txt")
	if code != 0 || !strings.Contains(out, "This game is over: 0-1 (red resigned).") {
		t.Errorf("resuming a finished game: exit %d\n%s", code, out)
	}
	code, out, _ = playScript(t, "", "replay", "a.txt")
	if code != 0 || !strings.Contains(out, "Result: 0-1 (red resigned).") {
		t.Errorf("replay of a resigned game: exit %d\n%s", code, out)
	}
}

// A record that is broken is rejected with the line of the problem.
func TestRecordsRejected(t *testing.T) {
	dir := t.TempDir()
	g := mustGame(t, "liger")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	head := "[Game \"Liger\"]\n[Variant \"liger\"]\n[Rules \"" + g.RulesHash + "\"]\n[Red \"human\"]\n[Blue \"human\"]\n[Result \"*\"]\n\n"
	good := write("good.txt", head+"1. c3-d4 f6-e5\n2. d4xe5 *\n")
	_ = good
	illegal := write("illegal.txt", head+"1. c3-d4 f6-e5\n2. b2-c3 e7-f6\n3. a3-b5 *\n")
	badTag := write("badtag.txt", "[Game \"Liger\"]\n[Variant liger]\n\n1. c3-d4 *\n")
	otherRules := write("rules.txt", strings.Replace(head, g.RulesHash, "sha256:0123456789abcdef0123456789abcdef", 1)+"1. c3-d4 *\n")
	afterEnd := write("after.txt", head+"1. c3-d4 * f6-e5\n")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"illegal move", []string{"replay", illegal}, "line 10: move 5 (a3-b5, red to play) is illegal"},
		{"illegal move, resumed", []string{"play", "--resume", illegal}, "line 10: move 5 (a3-b5, red to play) is illegal"},
		{"notation", []string{"replay", good}, "line 9: move 3 (d4xe5, red to play) is illegal"},
		{"bad tag", []string{"replay", badTag}, "line 2: \"[Variant liger]\" is not a tag pair"},
		{"bad tag, resumed", []string{"play", "--resume", badTag}, "line 2:"},
		{"other rules", []string{"replay", otherRules}, "the record was played under other rules"},
		{"other rules, resumed", []string{"play", "--resume", otherRules}, "Use --force to try anyway"},
		{"text after the result", []string{"replay", afterEnd}, "line 8: \"f6-e5\" after the result"},
		{"missing", []string{"replay", filepath.Join(dir, "nope.txt")}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := playScript(t, "", tc.args...)
			if code != 1 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q\nstdout:\n%s", code, errOut, tc.want, out)
			}
		})
	}
	code, out, errOut := playScript(t, "", "replay", "--force", otherRules)
	if code != 0 || !strings.Contains(errOut, "warning:") || !strings.Contains(out, "1 move, all legal.") {
		t.Errorf("replay --force: exit %d\nstderr %s\nstdout %s", code, errOut, out)
	}
}

// The end of the input saves the record where play says, in the records
// folder ($XDG_DATA_HOME/stackrules/games), not the current one, and exits 0.
func TestPlayEndOfInputSaves(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_DATA_HOME", dir)
	code, out, errOut := playScript(t, "c3-d4\n", "play", "--first", "human", "--second", "human")
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, errOut)
	}
	if here, _ := filepath.Glob("stackrules-*.txt"); len(here) != 0 {
		t.Errorf("a record in the current folder: %v", here)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "stackrules", "games", "stackrules-liger-*.txt"))
	if len(files) != 1 {
		t.Fatalf("want one record in the records folder, have %v", files)
	}
	if !regexp.MustCompile(`^stackrules-liger-\d{8}-\d{6}\.txt$`).MatchString(filepath.Base(files[0])) {
		t.Errorf("record name %q", files[0])
	}
	if !strings.Contains(out, "End of input.\nGame saved to "+files[0]) {
		t.Errorf("output does not say where the record went:\n%s", tail(out, 4))
	}
	if got := recordMoves(readRecordFile(t, files[0])); len(got) != 1 || got[0] != "c3-d4" {
		t.Errorf("record moves %v", got)
	}
	// Nothing played: nothing written.
	code, out, _ = playScript(t, "", "play", "stackers")
	if code != 0 || !strings.Contains(out, "No move was played; no record saved.") {
		t.Errorf("empty input: exit %d\n%s", code, out)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "stackrules", "games", "stackrules-stackers-*.txt")); len(files) != 0 {
		t.Errorf("a record was written without a move: %v", files)
	}
}

func TestPlaySides(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	// A rule file given by path, whose players are not built-in names.
	src, _ := os.ReadFile(filepath.Join("..", "..", "variants", "liger.yaml"))
	custom := regexp.MustCompile(`(?m)^(\s+)red:`).ReplaceAllString(string(src), "${1}green:")
	path := filepath.Join(dir, "green.yaml")
	if err := os.WriteFile(path, []byte(custom), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"play", "stackers", "--red", "human"}, 2, `Stackers has no player "red" (its players: black, white)`},
		{[]string{"play", "--side", "green=human"}, 2, `Liger has no player "green" (its players: red, blue)`},
		{[]string{"play", "--side", "blue"}, 2, `want NAME=SPEC`},
		{[]string{"play", "--blue", "mcts:hardest"}, 2, `unknown level "hardest"`},
		{[]string{"play", "--blue", "mtcs"}, 2, `did you mean "mcts"`},
		{[]string{"play", "--red", "human", "--first", "random"}, 2, "red is given twice"},
		{[]string{"play", path, "--red", "human"}, 2, `has no player "red" (its players: green, blue)`},
		{[]string{"play", "--resume", rec, "--position", "r a1:r"}, 2, "--position cannot be given"},
		{[]string{"play", "nosuchgame"}, 1, `no built-in game "nosuchgame"`},
		{[]string{"play", "liger", "stackers"}, 2, "play takes one GAME"},
	} {
		code, out, errOut := playScript(t, "quit\n", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q\nstdout: %s", tc.args, code, errOut, tc.code, tc.want, out)
		}
	}
	for _, tc := range []struct {
		args   []string
		labels []string // in the record
	}{
		{[]string{"play", path, "--side", "green=human", "--side", "blue=human"}, []string{"human", "human"}},
		{[]string{"play", path}, []string{"human", "mcts:medium"}},
		{[]string{"play", path, "--second", "human"}, []string{"mcts:medium", "human"}},
		{[]string{"play", "stackers", "--white", "random"}, []string{"human", "random"}},
		{[]string{"play", "stackers", "--black", "greedy"}, []string{"greedy", "human"}},
		{[]string{"play", "--side", "first=random:seed=4", "--side", "second=human"}, []string{"random:seed=4", "human"}},
	} {
		os.Remove(rec)
		args := append(tc.args, "--record", rec)
		// Each person saves and leaves at once; an AI moving first plays one move.
		code, out, errOut := playScript(t, "save\nquit\n", args...)
		if code != 0 {
			t.Errorf("%v: exit %d; stderr %s\n%s", tc.args, code, errOut, out)
			continue
		}
		r := readRecordFile(t, rec)
		game := tc.args[1]
		if strings.HasPrefix(game, "-") {
			game = "liger"
		}
		g := mustGame(t, game)
		for i, want := range tc.labels {
			if got := r.Tag(records.TagKey(g, i)); got != want {
				t.Errorf("%v: %s is played by %q, want %q", tc.args, records.TagKey(g, i), got, want)
			}
		}
	}
}

// syncBuffer is an output that a test reads while the command writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until cond holds, failing after a few seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// interactive runs play as if at a terminal, with Ctrl-C sent by the test.
type interactive struct {
	t    *testing.T
	in   *io.PipeWriter
	out  syncBuffer
	errw syncBuffer
	sigs chan os.Signal
	done chan int
}

func startInteractive(t *testing.T, terminal bool, args ...string) *interactive {
	t.Helper()
	it := &interactive{t: t, sigs: make(chan os.Signal, 1), done: make(chan int, 1)}
	oldTerm, oldSigs := inputIsTerminal, notifySignals
	inputIsTerminal = func(io.Reader) bool { return terminal }
	notifySignals = func() (<-chan os.Signal, func()) { return it.sigs, func() {} }
	t.Cleanup(func() { inputIsTerminal, notifySignals = oldTerm, oldSigs })
	r, w := io.Pipe()
	it.in = w
	go func() {
		it.done <- run(append([]string{"stackrules"}, args...), r, &it.out, &it.errw)
	}()
	return it
}

func (it *interactive) send(line string) { io.WriteString(it.in, line+"\n") }

func (it *interactive) waitOut(s string, n int) {
	it.t.Helper()
	waitFor(it.t, "output "+strconvQuote(s), func() bool { return strings.Count(it.out.String(), s) >= n })
}

func strconvQuote(s string) string { return `"` + s + `"` }

func (it *interactive) wait() int {
	it.t.Helper()
	select {
	case code := <-it.done:
		return code
	case <-time.After(10 * time.Second):
		it.t.Fatalf("play did not end; output:\n%s", it.out.String())
	}
	return -1
}

// Ctrl-C at the prompt asks before leaving; leaving saves the record.
func TestPlayCtrlCAtPrompt(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	it := startInteractive(t, true, "play", "--red", "human", "--blue", "human", "--record", rec)
	it.waitOut("1. red> ", 1)
	it.send("c3-d4")
	it.waitOut("1... blue> ", 1)
	it.sigs <- os.Interrupt
	it.waitOut("Leave the game? It will be saved. (y/n) ", 1)
	it.send("maybe")
	it.waitOut("Please answer y or n: ", 1)
	it.send("n")
	it.waitOut("1... blue> ", 2)
	it.sigs <- os.Interrupt
	it.waitOut("Leave the game?", 2)
	it.send("y")
	if code := it.wait(); code != 0 {
		t.Fatalf("exit %d\n%s", code, it.out.String())
	}
	if !strings.Contains(it.out.String(), "Game saved to "+rec) {
		t.Errorf("leaving did not say where the record is:\n%s", it.out.String())
	}
	if got := recordMoves(readRecordFile(t, rec)); len(got) != 1 || got[0] != "c3-d4" {
		t.Errorf("record %v", got)
	}
}

// Ctrl-C while the AI thinks makes it move at once.
func TestPlayCtrlCMovesNow(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	it := startInteractive(t, true, "play", "--blue", "mcts:time=60s", "--record", rec)
	it.waitOut("1. red> ", 1)
	it.send("c3-d4")
	// The record is saved after the person's move, just before the AI thinks.
	waitFor(t, "the record", func() bool { _, err := os.Stat(rec); return err == nil })
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	it.sigs <- os.Interrupt
	it.waitOut("Moving now: blue plays 1... ", 1)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the AI took %v to move after Ctrl-C", d)
	}
	it.waitOut("2. red> ", 1)
	it.send("quit")
	if code := it.wait(); code != 0 {
		t.Fatalf("exit %d\n%s", code, it.out.String())
	}
	if got := recordMoves(readRecordFile(t, rec)); len(got) != 2 {
		t.Errorf("record %v", got)
	}
}

// In a pipe, Ctrl-C saves and leaves without asking, exiting 130.
func TestPlayCtrlCInAPipe(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	it := startInteractive(t, false, "play", "--red", "human", "--blue", "human", "--record", rec)
	it.send("c3-d4")
	it.waitOut("1... blue> ", 1)
	it.sigs <- os.Interrupt
	// Saved, and then the shell's status for SIGINT: the game did not end
	// by itself.
	if code := it.wait(); code != 130 {
		t.Fatalf("exit %d, want 130\n%s", code, it.out.String())
	}
	out := it.out.String()
	if strings.Contains(out, "Leave the game?") || !strings.Contains(out, "Stopped by a signal (interrupt).\nGame saved to "+rec) {
		t.Errorf("Ctrl-C in a pipe:\n%s", out)
	}
}

// hint asks a short search, names other good moves (the search's last
// result, through the player's small tree moves), and the game goes on.
func TestPlayHint(t *testing.T) {
	code, out, errOut := playScript(t, "hint\nquit\n", "play", "--red", "human", "--blue", "human", "--seed", "5", "--record", filepath.Join(t.TempDir(), "r.txt"))
	if code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errOut)
	}
	got := answers(out)["hint"]
	if len(got) != 1 || !regexp.MustCompile(`^Hint: [a-h][1-8]-[a-h][1-8] \(value 0\.\d\d for red, \d+ iterations, .*\); also [a-h][1-8]-[a-h][1-8]`).MatchString(got[0]) {
		t.Errorf("hint answered %q", got)
	}
}
