package interpreter_test

import (
	"testing"
)

// Explain says which rule makes a legal move and, for an illegal one, which
// condition of which rule failed with the values it had.
func TestExplain(t *testing.T) {
	cases := []struct {
		game, pos, move string
		want, short     string
	}{
		{"liger", "r c3:r,f6:b", "c3-d4", `c3-d4: legal, by move rule "forward"`, ""},
		{"liger", "r b8:br,a1:r,e5:b", "b8-off", `b8-off: legal, by bear-off rule "far-row"`, ""},
		{"liger", "r d4:r,a1:r,c3:b,e3:b", "d4-c3",
			"d4-c3: not legal\n  move rule \"backward\": you move backward only while you have fewer checkers showing than your opponent\n    showing(me) < showing(opponent) is false (2 < 2)",
			"d4-c3 is not legal: you move backward only while you have fewer checkers showing than your opponent"},
		{"liger", "r d4:r,c3:br,e3:b,h6:b", "d4-c3",
			"d4-c3: not legal\n  move rule \"backward\": a checker moves backward only onto a showing enemy checker; you move backward only while you have fewer checkers showing than your opponent\n    to_top == opponent is false (red == blue); showing(me) < showing(opponent) is false (2 < 2)", ""},
		{"liger", "r d4:br,c3:b,e3:b,h6:b", "d4-c3",
			"d4-c3: not legal\n  move rule \"backward\": only a singleton moves backward, never a stack or the top of one\n    height == 1 is false (2 == 1)", ""},
		{"liger", "r c3:brr,f6:b", "2c3-d4",
			"2c3-d4: not legal\n  move rule \"forward\": two checkers move together only as your checker on top of an enemy checker\n    lifted == 1 || bottom == opponent is false (2 == 1 || red == blue)",
			"2c3-d4 is not legal: two checkers move together only as your checker on top of an enemy checker"},
		{"liger", "r c3:r,f6:b", "2c3-d4", "2c3-d4: not a legal move: c3 holds 1, so 2 cannot be lifted from it", ""},
		{"liger", "r c3:r,f6:b", "c3-c4", "c3-c4: not a legal move: square c4 is not a playing square", ""},
		{"liger", "r c3:r,f6:b", "c3-e5", "c3-e5: not a legal move: e5 is not next to c3: a move goes one step", ""},
		{"liger", "r c3:r,f6:b", "d4-e5", "d4-e5: not a legal move: there is no piece on d4", ""},
		{"liger", "r c3:r,f6:b", "f6-e5", "f6-e5: not a legal move: the top piece on f6 is blue's, and red is to move", ""},
		{"liger", "r c3:r,f6:b", "c3-off", "c3-off: not legal\n  bear-off rule \"far-row\": a checker is borne off only from your farthest row\n    row == farthest is false (3 == 8)",
			"c3-off is not legal: a checker is borne off only from your farthest row"},
		{"liger", "r c3:r,f6:b", "pass", "pass: not a legal move: this game has no passing (no_moves: lose)", ""},
		{"liger", "r c3:r,f6:b", "hello", "hello: not a legal move: want from-to (like c3-d4, 2c3-d4), from-off or pass", ""},
		{"stackers", "b d4:bw,h8:w", "pass", "pass: legal", ""},
		{"stackers", "b b8:b,e5:w", "pass", "pass: not a legal move: black may pass only without any other move, and has 3", ""},
		{"stackers", "b d4:bwb,e5:w", "2d4-c5",
			"2d4-c5: not legal\n  move rule \"step\": bottom == me is false (white == black)",
			"2d4-c5 is not legal: step: bottom == me is false (white == black)"}, // a rule without reasons: its terms
		// a rule file's own notation: a spread's drops, a kind placed
		{"tak", "x5/x5/x5/x5/11C,2S,x3 1 3", "2a1>",
			"2a1>: not legal\n  move rule \"spread\": nothing lands on a wall but a capstone dropped alone, as the last piece\n    dropping 2 on b1: to_kind != wall || kind == capstone && dropped == 1 && carried == 0 is false (wall != wall || (capstone == capstone && 2 == 1 && 0 == 0))",
			"2a1> is not legal: nothing lands on a wall but a capstone dropped alone, as the last piece"},
		{"tak", "x5/x5/x5/x5/1,2S,x,1,2C 1 3", "d1>", "", "d1> is not legal: nothing lands on a capstone"},
		{"tak", "x5/x5/x5/x5/1,2S,x,1,2C 1 3", "6a1>", "6a1>: not a legal move: a1 holds 1, so 6 cannot be lifted from it", ""},
		{"tak", "x5/x5/x5/x5/x5 1 1", "Sa1", "", "Sa1 is not legal: on your first turn you place your opponent's flat"},
		{"tak", "x5/x5/x5/x5/1C,2S,x3 1 3", "a1>", `a1>: legal, by move rule "spread"`, ""},
		{"dvonn", "w e3:w,d2:b,d3:b,e2:b,e4:b,f3:b,f4:d,g4:b", "e3-f3", "", "e3-f3 is not legal: a stack surrounded on all six sides cannot move"},
		{"dvonn", "b a1:d,b1:d,c1:d hand:w23,b23,d0", "a1", "", "a1 is not legal: black has no dvonn left to place; a piece is placed on an empty space"},
		{"english-checkers", "b c3:b,d4:w,h8:w", "c3xe5", `c3xe5: legal, by capture rule "man-jump"`, ""},
		{"english-checkers", "b c3:b,a1:b,d4:w,h8:w", "a1-b2", "a1-b2: not a legal move: captures are mandatory, and black can capture: c3xe5", ""},
		{"english-checkers", "b c3:b,d4:w,h8:w", "c3xg7", "c3xg7: not a legal move: the captures from c3 are c3xe5 (a capture goes on while it can)", ""},
		{"turkish", "w a3:W,a5:b,a2:b,h8:b", "a3xa1xa6",
			"a3xa1xa6: not a legal move: the captures from a3 are a3xa1, a3xa6, a3xa7, a3xa8 (no jump may go straight back the way the last one came)", ""},
		{"bashni", "w a1:W,c3:b,g5:b", "a1xd4",
			"a1xd4: not a legal move: the captures from a1 are a1xf6xh4 (a king jumping from afar lands where it can jump on)", ""},
		{"english-checkers", "b c3:b,h8:w", "c3-b2",
			"c3-b2: not legal\n  move rule \"king-step\": a man moves only forward; only a king moves backward\n    does not move a man",
			"c3-b2 is not legal: a man moves only forward; only a king moves backward"},
		{"liger", "r c3:r,f6:b", "c3-c5", "c3-c5: not a legal move: c5 is not next to c3: a move goes one step", ""},
		{"english-checkers", "b c3:B,h8:w", "c3-d4", `c3-d4: legal, by move rule "king-step"`, ""},
		{"focus", "r c3:grr,h5:g hand:r1,g0", "2c3-c4",
			"2c3-c4: not legal\n  move rule \"move\": moves as many squares as pieces lifted (distance: lifted): 2, not 1", ""},
		{"focus", "r c3:grr,c4:g,h5:g", "2c3-c5", `2c3-c5: legal, by move rule "move"`, ""},
		{"focus", "r c3:grr,h5:g hand:r1,g0", "h5", `h5: legal, by placement rule "reserve"`, ""},
		{"english-checkers", "b c3:b,d4:b,h8:w", "c3-d4",
			"c3-d4: not legal\n  move rule \"man-step\": a piece moves only onto an empty square\n    to_height == 0 is false (1 == 0)\n  move rule \"king-step\": a man moves only forward; only a king moves backward\n    does not move a man",
			// the rule for kings is left out for a man when a rule for men was checked
			"c3-d4 is not legal: a piece moves only onto an empty square"},
	}
	for _, c := range cases {
		t.Run(c.game+" "+c.pos+" "+c.move, func(t *testing.T) {
			g := open(t, c.game)
			p, err := g.ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			e := g.Explain(&p, c.move)
			if got := e.String(); c.want != "" && got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			if c.short != "" && e.Short() != c.short {
				t.Errorf("short: got\n%s\nwant\n%s", e.Short(), c.short)
			}
		})
	}
}
