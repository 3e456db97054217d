package main

import (
	"bytes"
	"fmt"
	"github.com/stackrules/stackrules/ai"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
)

// `stackrules rules GAME` prints the rules in words, the board at the start
// and the notation with moves legal at the start; for every built-in game.
func TestRulesCommand(t *testing.T) {
	for _, name := range variants.Names() {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "rules", name, "--ascii")
		if code != 0 || errOut != "" {
			t.Fatalf("%s: exit %d, stderr %q", name, code, errOut)
		}
		first := strings.Fields(g.Summary)[:4]
		for _, want := range []string{g.Name, strings.Join(first, " "), "At the start:", "to move", "Writing moves", "Sources:"} {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
				t.Errorf("%s: no %q in\n%s", name, want, out)
			}
		}
		start := g.Start()
		example := g.MoveString(g.LegalMoves(&start, nil)[0])
		if !strings.Contains(out, example) {
			t.Errorf("%s: the example moves do not include %s:\n%s", name, example, out)
		}
		for _, l := range strings.Split(out, "\n") {
			// A web address is one word that cannot be broken and still work.
			if f := strings.Fields(l); visibleWidth(l) > 80 && !(len(f) == 1 && strings.Contains(f[0], "://")) {
				t.Errorf("%s: line wider than 80 columns: %q", name, l)
			}
		}
	}
	_, out, _ := runCLI(t, "rules", "english-checkers")
	if !strings.Contains(out, "c3-d4 (11-15)") {
		t.Errorf("english checkers' examples are not in both notations:\n%s", out)
	}
	if code, _, errOut := runCLI(t, "rules"); code != 2 || !strings.Contains(errOut, "name a game") {
		t.Errorf("rules without a game: exit %d, %q", code, errOut)
	}
}

// `variants GAME` shows that game; the list's descriptions line up however
// long the names.
func TestVariantsShowsOneAndAligns(t *testing.T) {
	code, out, _ := runCLI(t, "variants", "liger")
	if code != 0 || !strings.Contains(out, "Liger (Mark Steere)") || !strings.Contains(out, "bore off") && !strings.Contains(out, "Bear off") {
		t.Errorf("variants liger: exit %d\n%s", code, out)
	}
	_, out, _ = runCLI(t, "variants")
	col := -1
	for _, l := range lines(t, out) {
		name := strings.Fields(l)[0]
		at := strings.Index(l, name) + len(name)
		for at < len(l) && l[at] == ' ' {
			at++
		}
		if col >= 0 && at != col {
			t.Errorf("descriptions start at column %d and %d:\n%s", col, at, out)
		}
		col = at
	}
}

// The end of a game is said in the rule file's words.
func TestGameOverInWords(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ game, pos, move, want string }{
		{"liger", "r b8:r,e5:b", "b8-off", "Game over: red wins: bore off every checker."},
		{"liger", "r c3:r,d4:b,a1:r", "c3-d4", "Game over: blue wins: the last move left the opponent no checker showing."},
		{"english-checkers", "b c3:b,d4:w", "c3xe5", "Game over: black wins: white has no legal move."},
		{"english-checkers", "b c3:b,d4:w", "11x18", "Game over: black wins: white has no legal move."},
		{"stackers", "b a1:b,h8:w", "a1-b2\nh8-g7\nb2-a1\ng7-h8\na1-b2\nh8-g7\nb2-a1\ng7-h8", "Game over: draw: the same position came up a third time. Result 1/2-1/2."},
	} {
		rec, _ := os.CreateTemp(dir, "r-*.txt")
		rec.Close()
		os.Remove(rec.Name()) // a new record each time: an existing one would be continued
		code, out, errOut := playScript(t, c.move+"\n", "play", c.game, "--position", c.pos, "--first", "human", "--second", "human",
			"--record", rec.Name())
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s %s: exit %d, want %q in\n%s%s", c.game, c.move, code, c.want, out, errOut)
		}
	}
}

// help rules at the prompt shows the rules; help lists it.
func TestHelpRulesAtThePrompt(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	_, out, _ := playScript(t, "help\nhelp rules\nhelp nonsense\nquit\n", "play", "stackers", "--first", "human", "--second", "human", "--record", rec)
	for _, want := range []string{"help rules", "first to bear off all twelve checkers wins", "Writing moves", `There is no help on "nonsense"`} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// On a numbered board the terminal player reads and writes numeric moves
// (--notation auto), and algebraic ones when asked.
func TestPlayInNumericNotation(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	_, out, _ := playScript(t, "11-15\nmoves\nc3-d4\n24-20\nquit\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", rec)
	for _, want := range []string{"7 legal moves:", "21-17 22-17 22-18", "Last move: 1... 24-20"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if got := recordMoves(readRecordFile(t, rec)); strings.Join(got, " ") != "c3-d4 b6-a5" {
		t.Errorf("record moves %v", got)
	}
	// A new record each time: --record FILE on this game's record would continue it.
	_, out, _ = playScript(t, "11-15\nquit\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", filepath.Join(dir, "r2.txt"), "--notation", "algebraic")
	if !strings.Contains(out, "Last move: 1. c3-d4") {
		t.Errorf("--notation algebraic:\n%s", out)
	}
	if code, _, errOut := playScript(t, "", "play", "liger", "--notation", "numeric", "--record", filepath.Join(dir, "r3.txt")); code != 2 || !strings.Contains(errOut, "does not number its squares") {
		t.Errorf("numeric liger: exit %d, %q", code, errOut)
	}
}

// A game is exported as PDN, and the PDN replays to the same end.
func TestReplayPDN(t *testing.T) {
	dir := t.TempDir()
	rec, pdn := filepath.Join(dir, "r.txt"), filepath.Join(dir, "g.pdn")
	g, _ := interpreter.Open("english-checkers")
	moves, h := randomGame(t, g, 11)
	playScript(t, strings.Join(moves, "\n")+"\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", rec)
	code, out, errOut := runCLI(t, "replay", rec, "--pdn", pdn)
	if code != 0 || !strings.Contains(out, "Wrote "+pdn) {
		t.Fatalf("replay --pdn: exit %d %s %s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "replay", pdn)
	want := fmt.Sprintf("%d moves, all legal.", h.Len())
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "Result: "+records.ResultText(g, h.Outcome())) {
		t.Errorf("replay of the PDN: exit %d, want %q:\n%s%s", code, want, out, errOut)
	}
	if code, _, errOut := runCLI(t, "replay", rec, "--pdn", "-", "--game", "liger", "--force"); code == 0 {
		t.Errorf("a checkers record replayed as liger: %s", errOut)
	}
}

// replay --step walks forward and back with the board.
func TestReplayStep(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	playScript(t, "11-15\n24-20\n15-19\nquit\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", rec)
	var o, e bytes.Buffer
	code := run([]string{"stackrules", "replay", rec, "--step", "--ascii"}, strings.NewReader("\n\nb\nend\nf\n9\nstart\nb\n2\nq\n"), &o, &e)
	out := o.String()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	for _, want := range []string{"Ply 0 of 3, the start.", "Ply 1 of 3, after 1. 11-15.", "Ply 2 of 3, after 1... 24-20.", "Ply 3 of 3, after 2. 15-19.",
		"That is the end of the game.", `"9": type Enter`, "That is the start of the game."} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Count(out, "Ply 1 of 3") != 2 || strings.Count(out, "Ply 2 of 3") != 2 {
		t.Errorf("forward then back did not show ply 1 twice and ply 2 (by number) twice:\n%s", out)
	}
}

// match says how to stop it, then a line per game with the running score
// and an interval that means something for a few games.
func TestMatchReportsEachGame(t *testing.T) {
	code, out, errOut := runCLI(t, "match", "liger", "--a", "greedy", "--b", "random", "--games", "3", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Ctrl-C stops and prints the summary", "game 1/3: ", "game 2/3: ", "game 3/3: ", "plies; A +", "to go", "Elo "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("no %q in the progress:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut+out, "100% to 100%") || strings.Contains(errOut+out, "0% to 0%)") {
		t.Errorf("an interval of one point:\n%s%s", errOut, out)
	}
	if !strings.Contains(out, "Wilson interval") {
		t.Errorf("summary:\n%s", out)
	}
	_, out, errOut = runCLI(t, "match", "liger", "--a", "greedy", "--b", "random", "--games", "1", "--json")
	if !strings.HasPrefix(out, "{") || !strings.Contains(errOut, "game 1/1") {
		t.Errorf("--json: stdout %q, stderr %q", out, errOut)
	}
}

// bench's columns line up whatever the length of the games' names.
func TestBenchColumnsAlign(t *testing.T) {
	code, out, errOut := runCLI(t, "bench", "liger", "english-checkers", "--time", "50ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ls := lines(t, out)
	if len(ls) != 3 {
		t.Fatalf("bench printed\n%s", out)
	}
	for _, l := range ls[1:] {
		if len(l) != len(ls[0]) {
			t.Errorf("rows of different widths:\n%s", out)
		}
	}
}

// Perft counted root move by root move, as the progress line does, is
// perft, and reports once per root move.
func TestPerftByRoot(t *testing.T) {
	g, _ := interpreter.Open("english-checkers")
	start := g.Start()
	calls := 0
	n := perftByRoot(g, &start, 5, func(done, total int, nodes int64) {
		calls++
		if done != calls || total != 7 {
			t.Errorf("report %d of %d at call %d", done, total, calls)
		}
	})
	if n != g.Perft(&start, 5) || n != 7361 || calls != 7 {
		t.Errorf("perft 5 by root moves = %d in %d reports", n, calls)
	}
}

// The small things: a mistyped command gets a suggestion, --version answers,
// explain fails on text that is not a move, lint on a missing file names no
// place in it.
func TestSmallThings(t *testing.T) {
	code, _, errOut := runCLI(t, "plya")
	if code != 2 || !strings.Contains(errOut, `did you mean "play"?`) || strings.Contains(errOut, "No help topic") {
		t.Errorf("plya: exit %d, %q", code, errOut)
	}
	code, out, _ := runCLI(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "stackrules version ") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	code, out, errOut = runCLI(t, "explain", "liger", "hello")
	if code != 1 || !strings.Contains(errOut, `"hello"`) || out != "" {
		t.Errorf("explain hello: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := runCLI(t, "explain", "liger", "c3-b2"); code != 0 || !strings.Contains(out, "not legal") {
		t.Errorf("explain of an illegal move: exit %d, %q", code, out)
	}
	code, out, errOut = runCLI(t, "lint", "no/such/file.yaml")
	if code != 1 || strings.Contains(out+errOut, ":0:0:") || !strings.Contains(out+errOut, "no/such/file.yaml: error: cannot read the file") {
		t.Errorf("lint of a missing file: exit %d, %q %q", code, out, errOut)
	}
}

// play keeps its records in the data folder, and games lists them newest
// first with the game, the sides and the result.
func TestGamesLists(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	t.Chdir(t.TempDir())
	if code, out, _ := runCLI(t, "games"); code != 0 || !strings.Contains(out, "No games recorded in "+filepath.Join(dir, "stackrules", "games")) {
		t.Errorf("no games: exit %d %q", code, out)
	}
	playScript(t, "c3-d4\n", "play", "liger", "--first", "human", "--second", "human")
	playScript(t, "b8-off\n", "play", "liger", "--position", "r b8:r,e5:b", "--red", "human", "--blue", "random")
	files, _ := filepath.Glob(filepath.Join(dir, "stackrules", "games", "*.txt"))
	if len(files) != 2 {
		t.Fatalf("records %v", files)
	}
	// The second is newer whatever the clock's resolution.
	old := time.Now().Add(-time.Hour)
	for _, f := range files {
		if data, _ := os.ReadFile(f); !strings.Contains(string(data), "1-0") {
			os.Chtimes(f, old, old)
		}
	}
	code, out, errOut := runCLI(t, "games")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	ls := lines(t, out)
	if len(ls) != 4 || !strings.Contains(ls[1], "date") || !strings.Contains(ls[2], "1-0 (bore off every checker)") ||
		!strings.Contains(ls[2], "red human, blue random") || !strings.Contains(ls[3], " * ") || !strings.Contains(ls[3], "liger") {
		t.Errorf("games:\n%s", out)
	}
	if strings.Index(ls[2], "liger") != strings.Index(ls[3], "liger") {
		t.Errorf("columns do not line up:\n%s", out)
	}
}

// draw offers a draw: a person is asked, an AI answers from its estimate.
func TestDrawOffer(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	code, out, _ := playScript(t, "11-15\ndraw\nmaybe\nn\ndraw\ny\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", rec)
	for _, want := range []string{"white offers a draw. black, do you accept? (y/n)", "Please answer y or n", "black declines the draw.",
		"Game over: draw: agreed by the players. Result 1/2-1/2."} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	r := readRecordFile(t, rec)
	if code != 0 || r.Result != "1/2-1/2" || r.Tag("Termination") != "draw agreed" {
		t.Errorf("exit %d, record result %q, termination %q", code, r.Result, r.Tag("Termination"))
	}
	// An AI that is lost by force declines, saying so.
	_, out, _ = playScript(t, "draw\nquit\n", "play", "english-checkers", "--position", "b d4:B,e5:w", "--black", "human", "--white", "mcts:iterations=300", "--record", rec+".2")
	if !strings.Contains(out, "white declines the draw: it has seen that white loses by force") {
		t.Errorf("a lost AI:\n%s", out)
	}
}

// In a game without draws (Liger's rules end every game with a winner),
// draw says so and the game goes on; help lists draw only in a game of two
// that has draws (issue 31).
func TestNoDrawOfferWithoutDraws(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.txt")
	code, out, _ := playScript(t, "help\ndraw\nc3-d4\nquit\n", "play", "liger", "--first", "human", "--second", "mcts:iterations=50", "--record", rec)
	if !strings.Contains(out, "This game has no draws: Liger's rules end every game with a winner") || strings.Contains(out, "accepts the draw") {
		t.Errorf("draw in Liger:\n%s", tail(out, 20))
	}
	if r := readRecordFile(t, rec); code != 0 || r.Result != "*" || len(recordMoves(r)) != 2 {
		t.Errorf("exit %d, record result %q, moves %q; want the game to go on", code, r.Result, recordMoves(r))
	}
	for _, tc := range []struct {
		game    string
		players []string
		draw    bool
	}{
		{"liger", nil, false},
		{"backgammon", nil, false},
		{"english-checkers", nil, true},
		{"stackers", nil, true},
		{"nine-mens-morris", nil, true},
		{"examples/crossing.yaml", []string{"--players", "3"}, false},
	} {
		g, err := interpreter.Open(filepathFromRepo(tc.game))
		if err != nil {
			t.Fatal(err)
		}
		if len(tc.players) > 0 {
			if g, err = g.WithPlayers(3); err != nil {
				t.Fatal(err)
			}
		}
		text := helpText(true, g)
		if got := strings.Contains(text, "\n  draw "); got != tc.draw {
			t.Errorf("%s: help lists draw: %v, want %v", tc.game, got, tc.draw)
		}
	}
	if text := helpText(false, nil); !strings.Contains(text, "  draw           offer a draw, in a game that has draws") {
		t.Errorf("play --help: %s", text)
	}
}

// filepathFromRepo is a built-in name as it is, a path from the repository's
// root made relative to this package.
func filepathFromRepo(name string) string {
	if strings.Contains(name, "/") {
		return filepath.Join("..", "..", name)
	}
	return name
}

func TestDrawAnswer(t *testing.T) {
	for _, c := range []struct {
		info   ai.Info
		accept bool
		says   string
	}{
		{ai.Info{Legal: 3, HasValue: true, Value: 0.5}, true, "about even (0.50 for white)"},
		{ai.Info{Legal: 3, HasValue: true, Value: 0.58}, true, "about even (0.42 for white)"},
		{ai.Info{Legal: 3, HasValue: true, Value: 0.2}, false, "white is ahead (0.80 for white)"},
		{ai.Info{Legal: 3, HasValue: true, Value: 0.8}, false, "white is behind"},
		{ai.Info{Legal: 3, HasValue: true, Value: 0.5, Proof: ai.Loss}, false, "a forced win for white"},
		{ai.Info{Legal: 3}, false, "no estimate"},
	} {
		accept, why := drawAnswer(c.info, "white")
		if accept != c.accept || !strings.Contains(why, c.says) {
			t.Errorf("%+v: %v %q", c.info, accept, why)
		}
	}
}

// moves writes numeric moves when asked, on a numbered board only.
func TestMovesNumeric(t *testing.T) {
	code, out, _ := runCLI(t, "moves", "english-checkers", "--notation", "numeric")
	if code != 0 || !strings.HasPrefix(out, "10-14\t") || !strings.Contains(out, "\n11-15\tw ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "moves", "english-checkers"); code != 0 || !strings.HasPrefix(out, "a3-b4\t") {
		t.Errorf("algebraic by default: exit %d:\n%s", code, out)
	}
	if code, _, errOut := runCLI(t, "moves", "liger", "--notation", "numeric"); code != 2 || !strings.Contains(errOut, "does not number") {
		t.Errorf("liger numeric: exit %d %s", code, errOut)
	}
}
