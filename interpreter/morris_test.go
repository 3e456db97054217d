package interpreter_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// Nine Men's Morris and its family: perft from the pinned table, the draw
// rules in play, and the pieces-in-hand bookkeeping.

func TestMorrisPerft(t *testing.T) {
	// morris-and-dice.md: each removal choice is a move.
	want := []int64{24, 552, 12144, 255024, 5140800, 99274176, 1873562112}
	// Depth 5 has the first mills and removals (the morris differential
	// test checks removals at random positions); 6 took a tenth of the
	// package's default run, so it and 7 wait for STACKRULES_DEEP=1.
	depth := 5
	if deepTests() {
		depth = 7
	}
	g := open(t, "nine-mens-morris")
	p := g.Start()
	for d := 1; d <= depth; d++ {
		if got := g.Perft(&p, d); got != want[d-1] {
			t.Errorf("nine-mens-morris perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}

// A position seen three times with the same pieces in hand is a draw; the
// same cells with other hands are another position.
func TestMorrisRepetitionNeedsSameHands(t *testing.T) {
	g := open(t, "nine-mens-morris")
	a, err := g.ParsePosition("r a1:r,d2:b hand:r7,b8")
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.ParsePosition("r a1:r,d2:b hand:r6,b8")
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash == b.Hash || a == b {
		t.Fatalf("positions with other hands are equal")
	}
	if got := g.FormatPosition(&a); got != "r a1:r,d2:b hand:r7,b8" {
		t.Errorf("FormatPosition = %q", got)
	}
	if _, err := g.ParsePosition("r a1:r hand:r9,b9"); err == nil || !strings.Contains(err.Error(), "more than the 9") {
		t.Errorf("ten red pieces: %v", err)
	}
}

// 100 plies in a row without a removal, once both hands are empty, draw.
// The walk avoids repeating positions and removals, so only this rule can end it.
func TestMorrisQuietPliesDraw(t *testing.T) {
	g := open(t, "nine-mens-morris")
	p, err := g.ParsePosition("r a1:r,g1:r,b4:r,e5:r,d7:b,g7:b,c3:b,f2:b")
	if err != nil {
		t.Fatal(err)
	}
	h := g.NewHistory(p)
	seen := map[board.Position]bool{p: true}
	for ply := 0; ply < 100; ply++ {
		if o := h.Outcome(); o.Over {
			t.Fatalf("over after %d plies: %s", ply, o.Reason)
		}
		cur := h.Position()
		var chosen *board.Move
		for _, m := range g.LegalMoves(&cur, nil) {
			q := cur
			g.Apply(&q, m)
			if m.Removed == 0 && !seen[q] {
				chosen = &m
				seen[q] = true
				break
			}
		}
		if chosen == nil {
			t.Fatalf("no fresh quiet move at ply %d (%s)", ply, g.FormatPosition(&cur))
		}
		if err := h.Play(*chosen); err != nil {
			t.Fatal(err)
		}
	}
	if o := h.Outcome(); !o.Over || o.Winner != -1 || !strings.Contains(o.Reason, "100 plies") {
		t.Errorf("after 100 quiet plies: %+v", o)
	}
}

// After the 18 placements both hands are empty and the hand field is no
// longer written; placements are progress, so the quiet count starts there.
func TestMorrisHandsEmpty(t *testing.T) {
	g := open(t, "nine-mens-morris")
	h := g.NewHistory(g.Start())
	for ply := 0; ply < 18; ply++ {
		cur := h.Position()
		moves := g.LegalMoves(&cur, nil)
		if len(moves) == 0 || moves[0].Kind != board.Place {
			t.Fatalf("ply %d: %d moves, first %+v", ply, len(moves), moves)
		}
		if err := h.Play(moves[len(moves)/2]); err != nil {
			t.Fatal(err)
		}
	}
	cur := h.Position()
	if cur.Hand != [board.MaxPlayers]int16{} {
		t.Fatalf("hands after 18 placements: %v (%s)", cur.Hand, g.FormatPosition(&cur))
	}
	if strings.Contains(g.FormatPosition(&cur), "hand") {
		t.Errorf("empty hands are written: %s", g.FormatPosition(&cur))
	}
	for _, m := range g.LegalMoves(&cur, nil) {
		if m.Kind == board.Place {
			t.Errorf("a placement with empty hands: %s", g.MoveString(m))
		}
	}
}

// Mistakes in the Morris keys are load errors at their line and column.
func TestMorrisLoadErrors(t *testing.T) {
	base, err := os.ReadFile("../variants/nine-mens-morris.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ old, new, want string }{
		{"    - a1 d1 g1\n", "    - a1 d1 g2\n", "bad.yaml:34:5: error: board: line 1: g2 is not a point of this board"},
		{"    - a1 d1 g1\n", "    - a1 d2 g1\n", "not on one row, column or diagonal"},
		{"points: a1 d1", "points: a1 a1 d1", "bad.yaml:32:11: error: board: point a1 is given twice"},
		{"hand: {red: 9, black: 9}", "hand: {red: 9, blue: 9}", `setup: hand names "blue", which is not a player`},
		{"hand: {red: 9, black: 9}", "hand: {red: 9, black: many}", "setup: hand: black must be a whole number"},
		{"- when: lines_made > 0", "- when: in_line", "trigger: when: `in_line` is not available in triggers: when"},
		{"when: in_hand(me) == 0 && checkers(me) > 3 && to_height == 0", "when: lines_made > 0", "`lines_made` is not available in move conditions"},
		{"    remove: 1\n", "    remove: 0\n", "trigger: remove is 0; it must be between 1 and 16"},
		{"    remove: 1\n", "", `trigger needs the key "remove"`},
		{"    when: to_height == 0\n", "    when: height == 0\n", "`height` is not available in placement conditions"},
		{"directions: anywhere", "directions: anywhere\n    distance: any", "`anywhere` already reaches every point"},
		{"directions: anywhere", "directions: anywere", `unknown direction "anywere" (did you mean ` + "`anywhere`" + `?)`},
	}
	for _, tc := range cases {
		if !strings.Contains(string(base), tc.old) {
			t.Fatalf("the rule file has no %q", tc.old)
		}
		data := strings.Replace(string(base), tc.old, tc.new, 1)
		_, err := interpreter.Load("bad.yaml", []byte(data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: got %v\nwant %q", tc.old, tc.new, err, tc.want)
		}
	}
	// A trigger on a board without lines can never fire.
	liger, _ := os.ReadFile("../variants/liger.yaml")
	data := string(liger) + "\ntriggers:\n  - remove: 1\n"
	if _, err := interpreter.Load("bad.yaml", []byte(data)); err == nil || !strings.Contains(err.Error(), "the board declares no lines") {
		t.Errorf("trigger without lines: %v", err)
	}
	// Joins belong to boards of points.
	data = strings.Replace(string(liger), "  squares: dark", "  squares: dark\n  joins: [a1 b2]", 1)
	if _, err := interpreter.Load("bad.yaml", []byte(data)); err == nil || !strings.Contains(err.Error(), "joins join points") {
		t.Errorf("joins on a grid: %v", err)
	}
}

// A grid board may declare lines: moves stay the grid's, and the line names
// count them.
func TestGridWithLines(t *testing.T) {
	liger, _ := os.ReadFile("../variants/liger.yaml")
	plain, err := interpreter.Load("liger.yaml", liger)
	if err != nil {
		t.Fatal(err)
	}
	withLines := strings.Replace(string(liger), "  squares: dark", "  squares: dark\n  lines: [a1 b2 c3 d4]", 1)
	g, err := interpreter.Load("liger-lines.yaml", []byte(withLines))
	if err != nil {
		t.Fatal(err)
	}
	p, q := g.Start(), plain.Start()
	if a, b := g.Perft(&p, 3), plain.Perft(&q, 3); a != b {
		t.Errorf("lines on a grid changed the moves: perft(3) %d, without lines %d", a, b)
	}
	ended := strings.Replace(withLines, "  - win: checkers(me) == 0", "  - win: checkers(me) == 0\n  - draw: lines(me) > 0", 1)
	ended = ended[:strings.Index(ended, "\ntests:")] + "\n"
	g, err = interpreter.Load("liger-lines.yaml", []byte(ended))
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.ParsePosition("r a1:r,b2:r,c3:r,e3:r,h8:b")
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Result(&r); o.Over {
		t.Errorf("no line yet, but %+v", o)
	}
	s := r
	g.Apply(&r, mustMove(t, g, &r, "e3-d4"))
	if o := g.Result(&r); !o.Over || o.Winner != -1 {
		t.Errorf("e3-d4 completes a1-d4: want a draw, got %+v", o)
	}
	g.Apply(&s, mustMove(t, g, &s, "c3-d4"))
	if o := g.Result(&s); o.Over {
		t.Errorf("c3-d4 leaves c3: no line, but %+v", o)
	}
}

func mustMove(t *testing.T, g *interpreter.Game, p *board.Position, text string) board.Move {
	t.Helper()
	m, err := g.ParseMove(p, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
