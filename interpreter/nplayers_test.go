package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// threeWay is a small game of three players for the tests of N-player
// names: each player's lone checker steps to an empty neighbour; the
// conditions below are what the tests change.
const threeWay = `name: Three way
board: {width: 5, height: 5, squares: all}
players:
  red:   {code: r, home: bottom}
  green: {code: g, home: left}
  blue:  {code: b, home: top}
SEATS
setup:
  red: [c1]
  green: [a3]
  blue: [c5]
moves:
  step:
    directions: forward
    when: COND
end:
  - win: to_row_reached(me)
no_moves: pass
`

func loadThreeWay(t *testing.T, seats, cond, end string, opts ...interpreter.Options) (*interpreter.Game, error) {
	t.Helper()
	src := strings.Replace(threeWay, "SEATS", seats, 1)
	src = strings.Replace(src, "COND", cond, 1)
	src = strings.Replace(src, "to_row_reached(me)", end, 1)
	return interpreter.Load("three.yaml", []byte(src), opts...)
}

func legalTexts(g *interpreter.Game, p *board.Position) string {
	var out []string
	for _, m := range g.LegalMoves(p, nil) {
		out = append(out, g.MoveString(m))
	}
	return strings.Join(out, " ")
}

// Homes at the sides turn the direction names with the player: green, at
// the left edge, goes east; its rows count across the files.
func TestHomesAtTheSides(t *testing.T) {
	g, err := loadThreeWay(t, "", "to_height == 0", "progress(me) >= farthest * 5")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("g c1:r,a3:g,c5:b")
	if err != nil {
		t.Fatal(err)
	}
	if got := legalTexts(g, &p); got != "a3-b4 a3-b3 a3-b2" {
		t.Errorf("green's moves from a3: %s", got)
	}
	right, err := interpreter.Load("r.yaml", []byte(strings.NewReplacer("home: left", "home: right", "a3]", "e3]").Replace(
		strings.NewReplacer("SEATS", "", "COND", "to_height == 0", "to_row_reached(me)", "progress(me) >= farthest * 5").Replace(threeWay))))
	if err != nil {
		t.Fatal(err)
	}
	p, _ = right.ParsePosition("g c1:r,e3:g,c5:b")
	if got := legalTexts(right, &p); got != "e3-d2 e3-d3 e3-d4" {
		t.Errorf("green's moves from e3 with home: right: %s", got)
	}
}

// next, previous, players and opponents in a game of three.
func TestNamesForMorePlayers(t *testing.T) {
	for _, tc := range []struct {
		cond  string
		legal bool // for red, at the start
	}{
		{"next == green && previous == blue && opponent == green", true},
		{"players == 3", true},
		{"checkers(opponents) == 2 && showing(opponents) == 2", true},
		{"checkers(opponents) == 1", false},
		// A number that merely equals no player counts nothing.
		{"checkers(-2) == 0 && checkers(9) == 0", true},
	} {
		g, err := loadThreeWay(t, "", tc.cond, "progress(me) >= 25")
		if err != nil {
			t.Fatalf("%s: %v", tc.cond, err)
		}
		p := g.Start()
		if got := len(g.LegalMoves(&p, nil)) > 0 && legalTexts(g, &p) != "pass"; got != tc.legal {
			t.Errorf("%s: red has moves %v, want %v (%s)", tc.cond, got, tc.legal, legalTexts(g, &p))
		}
	}
}

func TestOpponentsOnlyInCounts(t *testing.T) {
	_, err := loadThreeWay(t, "", "to_top != opponents", "progress(me) >= 25")
	if err == nil || !strings.Contains(err.Error(), "three.yaml:15:21:") || !strings.Contains(err.Error(), "`opponents` is only what a count adds up") {
		t.Errorf("opponents compared: %v", err)
	}
}

// With more than two players a loss or no_moves: lose names no winner.
func TestLossNeedsTwoPlayers(t *testing.T) {
	_, err := loadThreeWay(t, "", "to_height == 0", "progress(me) >= 25\n  - loss: checkers(me) == 0")
	if err == nil || !strings.Contains(err.Error(), "three.yaml:18:5: error: end: a loss does not say who wins when 3 play") {
		t.Errorf("loss with three players: %v", err)
	}
	src := strings.NewReplacer("SEATS", "", "COND", "to_height == 0", "to_row_reached(me)", "progress(me) >= 25", "no_moves: pass\n", "").Replace(threeWay)
	_, err = interpreter.Load("three.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "no_moves: lose does not say who wins when 3 play") {
		t.Errorf("no no_moves with three players: %v", err)
	}
	// Played by two of them, both are fine.
	src = strings.NewReplacer("SEATS", "seats: [[red, blue]]", "COND", "to_height == 0", "to_row_reached(me)", "progress(me) >= 25\n  - loss: checkers(me) == 0", "no_moves: pass\n", "").Replace(threeWay)
	g, err := interpreter.Load("three.yaml", []byte(src), interpreter.Options{Players: 2})
	if err != nil {
		t.Fatalf("two of three with loss: %v", err)
	}
	if len(g.Players) != 2 || g.Players[1].Name != "blue" {
		t.Errorf("players %+v", g.Players)
	}
}

func TestSeats(t *testing.T) {
	g, err := loadThreeWay(t, "seats: [[red, blue]]", "to_height == 0 && checkers(green) == 0", "progress(me) >= 25")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.PlayerCounts(); len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Errorf("counts %v", got)
	}
	p := g.Start()
	if legalTexts(g, &p) != "pass" {
		t.Errorf("with green playing, checkers(green) == 0 should forbid every move: %s", legalTexts(g, &p))
	}
	two, err := g.WithPlayers(2)
	if err != nil {
		t.Fatal(err)
	}
	if two.Declared() != 3 || len(two.Players) != 2 || two.Players[0].Name != "red" || two.Players[1].Name != "blue" {
		t.Fatalf("two players: %+v", two.Players)
	}
	p = two.Start()
	if got := two.FormatPosition(&p); got != "r c1:r,c5:b" {
		t.Errorf("start with two: %s", got)
	}
	// green is not playing: its name is a player with nothing.
	if got := legalTexts(two, &p); got != "c1-b2 c1-c2 c1-d2" {
		t.Errorf("red's moves with two: %s", got)
	}
	m, _ := two.ParseMove(&p, "c1-c2")
	two.Apply(&p, m)
	if p.ToMove != 1 {
		t.Errorf("after red, player %d moves; want blue (1)", p.ToMove)
	}
	if _, err := two.ParsePosition("g c1:r,c5:b"); err == nil {
		t.Errorf("green's letter read in a game green does not play")
	}
	if _, err := g.WithPlayers(4); err == nil || !strings.Contains(err.Error(), "played by 2 or 3 players, not 4") {
		t.Errorf("four of three: %v", err)
	}
	for _, tc := range []struct{ seats, want string }{
		{"seats: [[red, grene]]", `three.yaml:7:15: error: seats: the entry of 2 players names "grene", which is not a player (did you mean`},
		{"seats: [[red, red]]", `seats: the entry of 2 players names "red" twice`},
		{"seats: [[red, green, blue]]", "seats: an entry lists 3 players; each lists who plays when 2 to 2 play"},
		{"seats: [[red, green], [red, blue]]", "seats: two entries list 2 players"},
		{"seats: red", "seats must be a list of lists of players"},
	} {
		_, err := loadThreeWay(t, tc.seats, "to_height == 0", "progress(me) >= 25")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want %q", tc.seats, err, tc.want)
		}
	}
	if _, err := loadThreeWay(t, "", "to_height == 0", "progress(me) >= 25", interpreter.Options{Players: 2}); err == nil || !strings.Contains(err.Error(), "does not say who plays when 2 do") {
		t.Errorf("two players without seats: %v", err)
	}
}

// A win makes the mover the one winner; the record's result has one score
// per player and [Players] when fewer play, and ForRecord reopens the game
// for as many.
func TestThreePlayerResultsAndRecords(t *testing.T) {
	g, err := interpreter.Open("../examples/crossing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	three, err := g.WithPlayers(3)
	if err != nil {
		t.Fatal(err)
	}
	start, err := three.ParsePosition("g g4:g,a2:g,a3:g,b1:r,c1:r,d1:r,b7:y,c7:y,d7:y")
	if err != nil {
		t.Fatal(err)
	}
	h := three.NewHistory(start)
	p := h.Position()
	m, err := three.ParseMove(&p, "g4-off")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	// Green had 2 off (5 checkers, 3 on the board) and bears off a third.
	o := h.Outcome()
	if !o.Over || o.Winner != 1 {
		t.Fatalf("outcome %+v; want green (1) to win", o)
	}
	if got := records.ResultText(three, o); got != "0-1-0" {
		t.Errorf("result %s, want 0-1-0", got)
	}
	rec := records.New(three, h, "crossing", []string{"human", "random", "random"}, "")
	text := rec.String()
	if !strings.Contains(text, `[Players "3"]`) || !strings.Contains(text, `[Yellow "random"]`) || strings.Contains(text, "[Blue") {
		t.Errorf("record:\n%s", text)
	}
	back, err := records.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := records.Replay(g, back); err == nil || !strings.Contains(err.Error(), "a game of 3 players, not 4") {
		t.Errorf("replaying a record of three on the game of four: %v", err)
	}
	again, err := records.ForRecord(g, back)
	if err != nil {
		t.Fatal(err)
	}
	h2, err := records.Replay(again, back)
	if err != nil {
		t.Fatal(err)
	}
	if h2.Outcome() != o || len(again.Players) != 3 {
		t.Errorf("replayed: %+v with %d players", h2.Outcome(), len(again.Players))
	}
	back.SetTag("Players", "5")
	if _, err := records.ForRecord(g, back); err == nil || !strings.Contains(err.Error(), `[Players "5"]: Crossing is played by 2, 3 or 4 players`) {
		t.Errorf("[Players 5]: %v", err)
	}
	// A game of all four players writes no [Players].
	four := records.New(g, g.NewHistory(g.Start()), "crossing", nil, "")
	if four.Tag("Players") != "" {
		t.Errorf("four players: [Players %q]", four.Tag("Players"))
	}
}

// A mistake met only when fewer play is found when the file is loaded.
func TestSeatsCheckedWhenLoaded(t *testing.T) {
	src := strings.NewReplacer("SEATS", "seats: [[red, blue]]", "COND", "to_height == 0", "to_row_reached(me)", "progress(me) >= 25",
		"  green: [a3]\n", "  green: [a3]\n  hand: {green: 1}\n").Replace(threeWay)
	if _, err := interpreter.Load("three.yaml", []byte(src)); err != nil {
		t.Fatalf("hands for green: %v", err)
	}
	src = strings.NewReplacer("SEATS", "seats: [[red, blue]]", "COND", "to_height == 0 && checkers(green) >= 0", "to_row_reached(me)", "progress(me) >= 25").Replace(threeWay)
	src = strings.Replace(src, "setup:\n  red: [c1]\n  green: [a3]\n  blue: [c5]\n", "setup: {position: \"r c1:r,a3:g,c5:b\"}\n", 1)
	g, err := interpreter.Load("three.yaml", []byte(src))
	if err != nil {
		t.Fatalf("a setup position naming green: %v", err)
	}
	// Played by two, green's pieces are left out of it.
	two, err := g.WithPlayers(2)
	if err != nil {
		t.Fatal(err)
	}
	if p := two.Start(); two.FormatPosition(&p) != "r c1:r,c5:b" {
		t.Errorf("start of two: %s", two.FormatPosition(&p))
	}
	src = strings.Replace(src, "seats: [[red, blue]]", "seats: [[red, blue]]\nno_moves: lose", 1)
	src = strings.Replace(src, "no_moves: pass\n", "", 1)
	if _, err = interpreter.Load("three.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), "no_moves: lose does not say who wins when 3 play") {
		t.Errorf("no_moves: lose with three: %v", err)
	}
}

// A mistake met only when fewer play is found when the file is loaded, for
// all of them: here the setup gives the turn to green, who does not play
// when two do.
func TestSeatsCheckedForFewer(t *testing.T) {
	src := strings.NewReplacer("SEATS", "seats: [[red, blue]]", "COND", "to_height == 0", "to_row_reached(me)", "progress(me) >= 25").Replace(threeWay)
	src = strings.Replace(src, "setup:\n  red: [c1]\n  green: [a3]\n  blue: [c5]\n", "setup: {position: \"g c1:r,a3:g,c5:b\"}\n", 1)
	_, err := interpreter.Load("three.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "with 2 players: setup position") {
		t.Errorf("a setup giving the turn to green, played by two: %v", err)
	}
}
