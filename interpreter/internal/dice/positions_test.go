package dice

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// bgEngine is a backgammon board on a row of 26 squares: the points are
// squares 1 to 24, the first player's bar square 0 and the second's 25;
// the first player walks 24 down to 1, the second 1 up to 24.
func bgEngine(t *testing.T) (*Engine[*int], Game) {
	t.Helper()
	e := testEngine(t, Config{Count: 2, Sides: 6, Doubles: 4, Start: "bar"})
	e.AddTrackSquare(0, 0)
	e.AddTrackSquare(1, 25)
	for k := 1; k <= 24; k++ {
		e.AddTrackSquare(0, board.Square(25-k))
		e.AddTrackSquare(1, board.Square(k))
	}
	g := Game{Name: "test", Players: []string{"white", "black"}, Codes: []byte("wb"), Initial: [board.MaxPlayers]int16{15, 15}}
	return e, g
}

// put stacks n of player's checkers on square sq of p.
func put(e *Engine[*int], p *board.Position, sq board.Square, player, n int) {
	for range n {
		p.Cells[sq] = e.b.Push(p.Cells[sq], e.b.Single(player))
	}
}

// A position written as an XGID and as a GNUbg ID reads back the same,
// with the cube and the score it was written with.
func TestPositionsRoundTrip(t *testing.T) {
	e, g := bgEngine(t)
	if !e.BackgammonBoard() {
		t.Fatal("the test board is not a backgammon board")
	}
	var p board.Position
	put(e, &p, 1, 0, 2)  // white's 1-point (its step 24)
	put(e, &p, 6, 0, 5)  // white's 6-point
	put(e, &p, 19, 1, 5) // black's 6-point (its step 19)
	put(e, &p, 25, 1, 1) // black on the bar
	p.ToMove = 1
	p.Dice = [2]uint8{6, 5}
	p.Recount(e.b)
	for _, cs := range []CubeState{
		Centred(),
		{Value: 4, Owner: 0, Length: 7, Score: [2]int{3, 5}},
		{Value: 1, Owner: -1, Length: 5, Score: [2]int{4, 2}, Crawford: true},
		{Value: 2, Owner: 1, Jacoby: true, Beavers: true},
	} {
		for _, format := range []string{"xgid", "gnubgid"} {
			var text string
			var err error
			if format == "xgid" {
				text, err = e.FormatXGID(g, &p, cs)
			} else {
				text, err = e.FormatGNUbgID(g, &p, cs, false)
			}
			if err != nil {
				t.Fatalf("%s of %+v: %v", format, cs, err)
			}
			q, back, ok, err := e.ParsePositionCube(g, text)
			if !ok || err != nil {
				t.Fatalf("%s %q read back: ok %v, %v", format, text, ok, err)
			}
			if q.Cells != p.Cells || q.ToMove != p.ToMove || q.Dice != p.Dice {
				t.Errorf("%s %q: the position read back differs", format, text)
			}
			if q.Off[0] != 8 || q.Off[1] != 9 {
				t.Errorf("%s %q: off %v, want the pieces not on the board (8, 9)", format, text, q.Off[:2])
			}
			want := cs
			if format == "gnubgid" {
				want.Beavers = false // a Match ID has no beavers
			}
			if back != want {
				t.Errorf("%s %q: cube %+v, want %+v", format, text, back, want)
			}
		}
	}
}

// Cubes and scores that cannot be are refused with what is wrong.
func TestImpossibleCubesRefused(t *testing.T) {
	e, g := bgEngine(t)
	var p board.Position
	put(e, &p, 6, 0, 2)
	put(e, &p, 19, 1, 2)
	p.Recount(e.b)
	for _, tc := range []struct {
		cs   CubeState
		want string
	}{
		{CubeState{Value: 1, Owner: -1, Length: 5, Score: [2]int{5, 2}}, "the match would be over"},
		{CubeState{Value: 1, Owner: -1, Crawford: true}, "Crawford game in a money game"},
		{CubeState{Value: 1, Owner: -1, Length: 5, Score: [2]int{2, 2}, Crawford: true}, "neither player is 1 point"},
		{CubeState{Value: 2, Owner: 0, Length: 5, Score: [2]int{4, 2}, Crawford: true}, "turned in the Crawford game"},
	} {
		text, err := e.FormatGNUbgID(g, &p, tc.cs, false) // (an XGID has no Crawford game in a money game)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := e.ParsePositionCube(g, text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q read: %v, want an error saying %q", text, err, tc.want)
		}
	}
	// more checkers than the game has
	put(e, &p, 12, 0, 14)
	text, _ := e.FormatPositionID(g, &p)
	if _, _, _, err := e.ParsePositionCube(g, text); err == nil || !strings.Contains(err.Error(), "more than the 15") {
		t.Errorf("%q read: %v, want too many checkers", text, err)
	}
}

// Text in none of GNU Backgammon's formats is left to the interpreter.
func TestOtherPositionTextNotRead(t *testing.T) {
	e, g := bgEngine(t)
	for _, text := range []string{"w a2:ww", "", "XGIDX"} {
		if _, _, ok, _ := e.ParsePositionCube(g, text); ok {
			t.Errorf("%q read as a GNU Backgammon position", text)
		}
	}
}

// A play is read in the mover's point numbers, a path a/b/c as a/b and
// b/c and a count in brackets as that many moves; rolls are told apart.
func TestPlayTextRead(t *testing.T) {
	e, _ := bgEngine(t)
	got, err := e.ParsePlayText("24/18 13/11", 25)
	if err != nil || len(got) != 2 || got[0] != (ParsedStep{1, 7}) || got[1] != (ParsedStep{12, 14}) {
		t.Errorf("24/18 13/11: %v, %v", got, err)
	}
	got, err = e.ParsePlayText("bar/22* 8/5(2) 6/off", 25)
	if err != nil || len(got) != 4 || got[0] != (ParsedStep{0, 3}) || got[1] != (ParsedStep{17, 20}) || got[2] != got[1] || got[3] != (ParsedStep{19, 25}) {
		t.Errorf("bar/22* 8/5(2) 6/off: %v, %v", got, err)
	}
	for _, bad := range []string{"24-18", "25/20", "8/5(0)", "8/5(2", ""} {
		if _, err := e.ParsePlayText(bad, 25); err == nil {
			t.Errorf("%q read as a play", bad)
		}
	}
	for text, roll := range map[string]bool{"65": true, "6-5": true, "4": true, "24/18": false, "pass": false, "655": false} {
		if IsRollText(text) != roll {
			t.Errorf("IsRollText(%q) = %v", text, !roll)
		}
	}
}
