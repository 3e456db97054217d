package backgammon

import (
	"slices"
	"testing"
)

// build makes a position from checker counts in each player's own numbering
// (point 25 is the bar); checkers not given are borne off.
func build(t testing.TB, white, black map[int]int, turn, d1, d2 int) *Position {
	t.Helper()
	p := &Position{turn: turn}
	for pl, m := range [2]map[int]int{white, black} {
		on := 0
		for pt, n := range m {
			if pt < 1 || pt > 25 {
				t.Fatalf("build: point %d", pt)
			}
			p.b[pl][pt] = int8(n)
			on += n
		}
		p.b[pl][offIndex] = int8(checkersPerPlayer - on)
	}
	if err := p.b.check(); err != nil {
		t.Fatalf("build: %v", err)
	}
	if d1 != 0 {
		p = p.WithRoll(d1, d2)
	}
	return p
}

func texts(plays []Play) []string {
	var out []string
	for _, pl := range plays {
		out = append(out, pl.Text)
	}
	return out
}

// handCase is a position worked out by hand with all its plays. Black's checkers
// sit where they matter and elsewhere out of the way; counts are in each player's
// own numbering (white's point n is black's 25-n).
type handCase struct {
	name         string
	white, black map[int]int
	d1, d2       int
	want         []string
}

var blackStart = map[int]int{24: 2, 13: 5, 8: 3, 6: 5}

var handCases = []handCase{
	// The bar first: both checkers must enter before anything else moves.
	{"two on the bar enter first", map[int]int{25: 2, 13: 5, 8: 3, 6: 5}, blackStart, 4, 3,
		[]string{"bar/22 bar/21"}},
	// Black's 6-point is white's 19: the 6 cannot enter, and the second checker
	// still on the bar forfeits the rest of the roll.
	{"partial entry loses the rest", map[int]int{25: 2, 13: 5, 8: 3, 6: 5}, blackStart, 6, 4,
		[]string{"bar/21"}},
	{"blocked entry is a pass", map[int]int{25: 2, 13: 5, 8: 3, 6: 5}, blackStart, 6, 6,
		[]string{"pass"}},
	// After entering with the 4, the 6 may move any checker, the entered one too.
	{"enter then move any checker", map[int]int{25: 1, 8: 1}, map[int]int{6: 2}, 6, 4,
		[]string{"bar/15", "bar/21 8/2"}},
	{"enter with a hit", map[int]int{25: 1, 8: 1}, map[int]int{3: 1, 6: 2}, 3, 1,
		[]string{"bar/21", "bar/22* 8/7", "bar/22*/21", "bar/24 8/5"}},
	// Black's blot on its 20 is white's 5: landing there hits it, also as the
	// middle point of one checker's move (written then), not when passing 7.
	{"hits", map[int]int{13: 1, 8: 1}, map[int]int{20: 1}, 3, 1,
		[]string{"13/10 8/7", "13/12 8/5*", "13/9", "8/4", "8/5*/4"}},
	{"middle point written only for a hit", map[int]int{24: 1}, map[int]int{7: 1, 5: 14}, 6, 5,
		[]string{"24/13", "24/18*/13"}},
	// Two black checkers on white's 7 and 10 block both dice and their sum.
	{"blocked points", map[int]int{13: 1}, map[int]int{18: 2, 15: 2}, 6, 3,
		[]string{"pass"}},
	{"sum through the open point only", map[int]int{13: 1}, map[int]int{18: 2}, 6, 3,
		[]string{"13/4"}},
	// 9/4 alone would leave the 6 unplayable (20/14 is blocked); both dice can be
	// played, so they must be.
	{"must use both dice", map[int]int{20: 1, 9: 1}, map[int]int{11: 2}, 6, 5,
		[]string{"20/15 9/3", "20/9"}},
	// Either die alone is playable, never both (white's 2 is blocked): the 6.
	{"only the larger die", map[int]int{13: 1}, map[int]int{23: 2}, 6, 5,
		[]string{"13/7"}},
	{"the smaller die when the larger cannot move", map[int]int{13: 1}, map[int]int{23: 2, 18: 2}, 6, 5,
		[]string{"13/8"}},
	// Black holds white's 4: only two of the four 3s can be played.
	{"doubles as many as possible", map[int]int{13: 1}, map[int]int{21: 2}, 3, 3,
		[]string{"13/7"}},
	{"doubles entering, the fourth blocked", map[int]int{25: 3}, map[int]int{8: 2}, 4, 4,
		[]string{"bar/21(3)"}},
	{"doubles entering then moving", map[int]int{25: 3}, map[int]int{1: 2}, 4, 4,
		[]string{"bar/17 bar/21(2)"}},
	{"doubles hitting, two checkers on one path", map[int]int{13: 2}, map[int]int{18: 1, 6: 14}, 6, 6,
		[]string{"13/7*/1(2)"}},
	// Bearing off: exact numbers; a die higher than the highest point bears off
	// from the highest point only; otherwise it moves inside.
	{"bearing off exactly", map[int]int{5: 1, 3: 1}, map[int]int{6: 15}, 5, 3,
		[]string{"5/2 3/off", "5/off 3/off"}},
	{"higher number from the highest point", map[int]int{4: 1, 2: 1}, map[int]int{6: 15}, 6, 3,
		[]string{"4/1 2/off", "4/off 2/off"}},
	{"higher numbers clear the board", map[int]int{2: 1, 1: 1}, map[int]int{6: 15}, 6, 5,
		[]string{"2/off 1/off"}},
	// The 5 and 4 cannot bear off from 2 while 6 is occupied: 6 moves inside.
	{"higher number blocked by a higher point", map[int]int{6: 1, 2: 1}, map[int]int{6: 15}, 5, 4,
		[]string{"6/1 2/off", "6/off"}},
	{"must move inside when the dice cannot bear off", map[int]int{6: 2}, map[int]int{6: 15}, 2, 1,
		[]string{"6/3", "6/5 6/4"}},
	// Black's blot on its 21 is white's 4, in white's home board.
	{"hit while bearing off", map[int]int{6: 2, 3: 1}, map[int]int{21: 1, 6: 14}, 2, 1,
		[]string{"3/off", "6/3", "6/4* 3/2", "6/4*/3", "6/5 3/1", "6/5 6/4*"}},
	// A checker on the bar stops bearing off until it is home again.
	{"no bearing off while on the bar", map[int]int{25: 1, 1: 1}, map[int]int{1: 15}, 6, 5,
		[]string{"bar/14"}},
}

func TestHandWorkedPlays(t *testing.T) {
	for _, c := range handCases {
		for _, turn := range []int{White, Black} {
			p := build(t, c.white, c.black, White, c.d1, c.d2)
			if turn == Black {
				// The same position with the colours swapped must give the same plays.
				p = build(t, c.black, c.white, Black, c.d1, c.d2)
			}
			got := texts(p.Plays())
			if !slices.Equal(got, c.want) {
				t.Errorf("%s (%s to move, %s): plays %q, want %q", c.name, playerName(turn), p.XGID(), got, c.want)
			}
		}
	}
}

func TestHitGoesToTheBar(t *testing.T) {
	p := build(t, map[int]int{13: 1, 8: 1}, map[int]int{20: 1}, White, 3, 1)
	for _, pl := range p.Plays() {
		after := pl.After
		if after.ToMove() != Black || after.dice != [2]int{} {
			t.Errorf("%s: after it %s, want black to roll", pl.Text, after.Key())
		}
		hit := pl.Text == "13/12 8/5*" || pl.Text == "8/5*/4"
		if got := after.Checkers(Black, 25); (got == 1) != hit || after.Checkers(Black, 20) != 1-got {
			t.Errorf("%s: black has %d on the bar and %d on its 20", pl.Text, got, after.Checkers(Black, 20))
		}
	}
	// A pass leaves the board as it was, the other player to roll.
	q := build(t, map[int]int{13: 1}, map[int]int{18: 2, 15: 2}, White, 6, 3)
	plays := q.Plays()
	if len(plays) != 1 || plays[0].After.Key() != build(t, map[int]int{13: 1}, map[int]int{18: 2, 15: 2}, Black, 0, 0).Key() {
		t.Errorf("pass: %v", plays)
	}
}

func TestStartNotation(t *testing.T) {
	for _, c := range []struct {
		d1, d2 int
		text   string
	}{
		{6, 2, "24/18 13/11"},
		{3, 1, "8/5 6/5"},
		{6, 5, "24/13"},
		{3, 3, "8/5(2) 6/3(2)"},
		{1, 1, "8/7(2) 6/5(2)"},
		{4, 4, "24/20(2) 13/9(2)"},
		{6, 6, "24/18(2) 13/7(2)"},
	} {
		got := texts(Start().WithRoll(c.d1, c.d2).Plays())
		if !slices.Contains(got, c.text) {
			t.Errorf("start, roll %d%d: no play %q in %q", c.d1, c.d2, c.text, got)
		}
	}
}

func TestWinnerPoints(t *testing.T) {
	for _, c := range []struct {
		name         string
		white, black map[int]int
		winner, pts  int
	}{
		{"going on", map[int]int{1: 1}, map[int]int{1: 1}, -1, 0},
		{"single game", map[int]int{}, map[int]int{6: 14}, White, 1},
		{"gammon", map[int]int{}, map[int]int{6: 15}, White, 2},
		{"gammon with checkers outside home", map[int]int{}, map[int]int{6: 10, 13: 5}, White, 2},
		{"backgammon, in the winner's home", map[int]int{}, map[int]int{6: 14, 20: 1}, White, 3},
		{"backgammon, on the bar", map[int]int{}, map[int]int{6: 14, 25: 1}, White, 3},
		{"not backgammon after bearing one off", map[int]int{}, map[int]int{20: 14}, White, 1},
		{"black wins a backgammon", map[int]int{6: 14, 22: 1}, map[int]int{}, Black, 3},
		{"black wins a gammon", map[int]int{18: 15}, map[int]int{}, Black, 2},
	} {
		p := build(t, c.white, c.black, White, 0, 0)
		if w, pts := p.Winner(); w != c.winner || pts != c.pts {
			t.Errorf("%s: Winner() = %d, %d, want %d, %d", c.name, w, pts, c.winner, c.pts)
		}
	}

	// The last checker off wins a gammon here; the game then has no plays.
	p := build(t, map[int]int{1: 1}, map[int]int{6: 15}, White, 2, 1)
	plays := p.Plays()
	if got := texts(plays); !slices.Equal(got, []string{"1/off"}) {
		t.Fatalf("plays %q, want [1/off]", got)
	}
	if w, pts := plays[0].After.Winner(); w != White || pts != 2 {
		t.Errorf("after 1/off: Winner() = %d, %d, want white, 2", w, pts)
	}
	if got := plays[0].After.WithRoll(3, 1).Plays(); got != nil {
		t.Errorf("finished game has plays %v", got)
	}
	if n := Perft(plays[0].After, 2); n != 0 {
		t.Errorf("perft of a finished game = %d, want 0", n)
	}
}
