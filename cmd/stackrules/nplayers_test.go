package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const crossing = "../../examples/crossing.yaml"

// --players picks the seats the rule file pins. At depth 2 the reply counts
// tell them apart: red has 15 moves; with two, yellow answers each with its
// 15; with three or four, green answers, and after red's b1-a2 buries the
// green checker on a2 green has 3 moves fewer (225 - 3 = 222).
func TestPerftPlayers(t *testing.T) {
	for _, tc := range []struct {
		players, want string
	}{{"2", "1\t15\n2\t225\n"}, {"3", "1\t15\n2\t222\n"}, {"4", "1\t15\n2\t222\n"}} {
		code, out, errw := runCLI(t, "perft", crossing, "--players", tc.players, "-d", "2")
		if code != 0 || out != tc.want {
			t.Errorf("perft --players %s: exit %d, %q (stderr %q); want %q", tc.players, code, out, errw, tc.want)
		}
	}
	// The default is every player declared.
	if _, out, _ := runCLI(t, "perft", crossing, "-d", "2"); out != "1\t15\n2\t222\n" {
		t.Errorf("perft without --players: %q", out)
	}
}

func TestPlayersFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", crossing, "--players", "5", "-d", "1"}, "--players 5: Crossing is played by 2, 3 or 4 players"},
		{[]string{"moves", "liger", "--players", "3"}, "--players 3: Liger is played by 2 players"},
		{[]string{"match", "liger", "--players", "4", "-n", "1"}, "--players 4: Liger is played by 2 players"},
	} {
		code, _, errw := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errw, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", tc.args, code, errw, tc.want)
		}
	}
}

// With two players, yellow (pinned by seats:) moves after red, and green's
// and blue's checkers are not on the board.
func TestMovesTwoOfFour(t *testing.T) {
	code, out, errw := runCLI(t, "moves", crossing, "--players", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	ls := lines(t, out)
	if len(ls) != 15 {
		t.Fatalf("%d moves, want 15", len(ls))
	}
	var m struct{ Position string }
	if err := json.Unmarshal([]byte(ls[0]), &m); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Position, "y ") || strings.Contains(m.Position, ":g") || strings.Contains(m.Position, ":b") {
		t.Errorf("after red's first move: %q; want yellow to move and no green or blue checker", m.Position)
	}
}

// A match of three seats rotates player A through them and reports each.
func TestMatchThreeSeats(t *testing.T) {
	code, out, errw := runCLI(t, "match", crossing, "--players", "3", "-a", "greedy", "-b", "random", "-n", "6", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	var sum matchSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(sum.Seats) != 3 {
		t.Fatalf("seats %+v; want red, green, yellow", sum.Seats)
	}
	wins, draws := 0, 0
	for i, name := range []string{"red", "green", "yellow"} {
		st := sum.Seats[i]
		if st.Player != name || st.AGames != 2 {
			t.Errorf("seat %d: %+v; want %s with A in it twice", i, st, name)
		}
		if st.AWins > st.Wins || st.AWins > st.AGames {
			t.Errorf("seat %s: A won %d there, more than %d games won there or %d played", name, st.AWins, st.Wins, st.AGames)
		}
		wins += st.Wins
		draws = st.Draws
	}
	if wins+draws != sum.Games || sum.AWins != sum.Seats[0].AWins+sum.Seats[1].AWins+sum.Seats[2].AWins {
		t.Errorf("seat wins %d + draws %d != %d games, or A's wins by seat do not add up to %d: %+v", wins, draws, sum.Games, sum.AWins, sum.Seats)
	}
	// And in words.
	_, text, _ := runCLI(t, "match", crossing, "--players", "3", "-a", "greedy", "-b", "random", "-n", "3")
	for _, name := range []string{"red", "green", "yellow"} {
		if !strings.Contains(text, "  "+name) {
			t.Errorf("match text has no line for seat %s:\n%s", name, text)
		}
	}
}

// A game of three of Crossing's players, stopped and resumed: the record
// keeps [Players "3"], so resume and replay open the game for three.
func TestResumeThreePlayers(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.txt")
	args := []string{"play", crossing, "--players", "3", "--seat", "red=human", "--seat", "green=random", "--seat", "yellow=random",
		"--seed", "3", "--ascii", "--position", "r c7:r,d6:r,e1:r,a3:g,b4:g,a5:g,c2:y,d1:y,e7:y", "--record", rec}
	if code := runWithInput(t, "d6-d7\n", args...); code != 0 {
		t.Fatalf("first session: exit %d", code)
	}
	data, _ := os.ReadFile(rec)
	if !strings.Contains(string(data), `[Players "3"]`) || !strings.Contains(string(data), "[Result \"*\"]") {
		t.Fatalf("record after the first session:\n%s", data)
	}
	if code := runWithInput(t, "c7-off\n", "play", "--resume", rec); code != 0 {
		t.Fatalf("resumed session: exit %d", code)
	}
	data, _ = os.ReadFile(rec)
	if !strings.Contains(string(data), `[Result "1-0-0"]`) {
		t.Fatalf("record after resuming:\n%s", data)
	}
	code, out, errw := runCLI(t, "replay", rec, "--ascii")
	if code != 0 || !strings.Contains(out, "Result: 1-0-0, red wins") {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errw)
	}
}

func runWithInput(t *testing.T, input string, args ...string) int {
	t.Helper()
	var out, errw strings.Builder
	code := run(append([]string{"stackrules"}, args...), strings.NewReader(input), &out, &errw)
	if code != 0 {
		t.Logf("stdout:\n%s\nstderr:\n%s", out.String(), errw.String())
	}
	return code
}
