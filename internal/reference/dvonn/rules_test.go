package dvonn

import (
	"slices"
	"strings"
	"testing"
)

// Placement: DVONN pieces first (white, black, white), then black places the first own
// piece and the players alternate; white places the 49th piece and moves first.
func TestPlacementOrder(t *testing.T) {
	p := Start()
	if got := p.String(); got != "w - hand:w23,b23,d3" {
		t.Fatalf("Start() = %q", got)
	}
	ms := Moves(p)
	if len(ms) != 49 {
		t.Fatalf("start has %d moves, want 49", len(ms))
	}
	if ms[0] != (Move{"a1", "b a1:d hand:w23,b23,d2"}) {
		t.Errorf("first start move = %+v", ms[0])
	}
	// Play the squares in board order and check each step by hand.
	steps := []struct{ text, after, tag string }{
		{"a1", "b a1:d hand:w23,b23,d2", "placement-dvonn"},
		{"b1", "w a1:d,b1:d hand:w23,b23,d1", "placement-dvonn"},
		{"c1", "b a1:d,b1:d,c1:d hand:w23,b23,d0", "placement-dvonn"},
		{"d1", "w a1:d,b1:d,c1:d,d1:b hand:w23,b22,d0", "placement"},
		{"e1", "b a1:d,b1:d,c1:d,d1:b,e1:w hand:w22,b22,d0", "placement"},
	}
	for _, s := range steps {
		m := moveOf(t, p, s.text)
		if m.After != s.after {
			t.Errorf("%s: After = %q, want %q", s.text, m.After, s.after)
		}
		if f := Features(p, m); !slices.Equal(f, []string{s.tag}) {
			t.Errorf("%s: Features = %v, want [%s]", s.text, f, s.tag)
		}
		p = mustParse(t, m.After)
	}
	names := Squares()
	for i := 5; i < 48; i++ {
		if n := len(Moves(p)); n != 49-i {
			t.Fatalf("placement %d: %d moves, want %d", i+1, n, 49-i)
		}
		var err error
		if p, err = Play(p, names[i]); err != nil {
			t.Fatal(err)
		}
	}
	// 48 pieces placed: white has the last piece and the turn.
	if !strings.HasPrefix(p.String(), "w ") || !strings.HasSuffix(p.String(), " hand:w1,b0,d0") {
		t.Fatalf("before the last placement: %q", p)
	}
	if got := texts(Moves(p)); !slices.Equal(got, []string{"k5"}) {
		t.Fatalf("last placement moves = %v", got)
	}
	// The full board: a1..c1 DVONN, then black on odd indexes, white on even ones.
	var want strings.Builder
	want.WriteString("w ")
	for i, name := range names {
		if i > 0 {
			want.WriteByte(',')
		}
		letter := "w"
		switch {
		case i < 3:
			letter = "d"
		case i%2 == 1:
			letter = "b"
		}
		want.WriteString(name + ":" + letter)
	}
	last := moveOf(t, p, "k5")
	if last.After != want.String() {
		t.Errorf("after the last placement:\n got %s\nwant %s", last.After, want.String())
	}
	if f := Features(p, last); !slices.Equal(f, []string{"placement"}) {
		t.Errorf("last placement Features = %v", f)
	}
	full := mustParse(t, last.After)
	// Only the 24 edge spaces can move on a full board; white holds e1, g1, i1 (4+4+3
	// neighbours), j2 (4), b4 (4), c5, e5, g5, i5, k5 (3+4+4+4+3): 37 moves.
	if n := Perft(full, 1); n != 37 {
		t.Errorf("white's first moves on the full board: %d, want 37", n)
	}
	if n := Perft(p, 2); n != 37 {
		t.Errorf("Perft(before last placement, 2) = %d, want 37", n)
	}
	if r := GetResult(full); r.Over || r.White != 23 || r.Black != 23 {
		t.Errorf("GetResult(full board) = %+v", r)
	}
	for _, m := range Moves(full) {
		if !strings.HasPrefix(m.After, "b ") {
			t.Errorf("white's first move %s does not pass the turn: %s", m.Text, m.After)
		}
	}
}

// Moves of heights 1..4 in all six directions, over empty spaces and stacks, landing
// only on occupied spaces.
func TestStackMoves(t *testing.T) {
	cases := []struct {
		name, pos string
		want      []string
	}{
		// e3 has five occupied neighbours (d2 empty): five moves of one space.
		{"h1 five directions", "w e2:b,d3:b,e3:w,f3:d,e4:b,f4:b",
			[]string{"e3-d3", "e3-e2", "e3-e4", "e3-f3", "e3-f4"}},
		{"h1 down-left", "w d2:d,e3:w", []string{"e3-d2"}},
		// Two spaces in all six directions over the empty e3, g3, f4, g4, f2, e2.
		{"h2 six directions", "w d1:b,f1:b,d3:b,f3:bw,h3:b,f5:b,h5:b",
			[]string{"f3-d1", "f3-d3", "f3-f1", "f3-f5", "f3-h3", "f3-h5"}},
		// Three spaces right (over the stack on f2), left, up-left, up-right; down is off.
		{"h3 right left up", "w b2:b,e2:bbw,f2:b,h2:b,e5:b,h5:b",
			[]string{"e2-b2", "e2-e5", "e2-h2", "e2-h5"}},
		{"h3 right left down", "w c1:b,f1:b,c4:b,f4:wbw,i4:b",
			[]string{"f4-c1", "f4-c4", "f4-f1", "f4-i4"}},
		// Four spaces: d1 at distance 1 is no landing for a stack of 4.
		{"h4 right up", "w c1:bwbw,d1:b,g1:b,c5:b,g5:b",
			[]string{"c1-c5", "c1-g1", "c1-g5"}},
		{"h4 down left", "w a1:b,e1:b,g4:b,k4:bbbw,e5:bbbw,i5:b",
			[]string{"e5-a1", "e5-e1", "e5-i5", "k4-g4"}},
		// An edge space is never surrounded, even with every neighbour occupied.
		{"edge not surrounded", "w a1:w,b1:b,a2:b,b2:d",
			[]string{"a1-a2", "a1-b1", "a1-b2"}},
		// A lone DVONN piece and a stack topped by one never move; a stack holding one does.
		{"dvonn", "w c3:wd,e3:d,f3:dw,h3:b", []string{"f3-h3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkMoves(t, c.pos, c.want) })
	}
}

func TestStackGoesOnTop(t *testing.T) {
	p := mustParse(t, "w c3:wd,e3:d,f3:dw,h3:b")
	m := moveOf(t, p, "f3-h3")
	if m.After != "b c3:wd,e3:d,h3:bdw" {
		t.Fatalf("f3-h3: After = %q", m.After)
	}
	if f := Features(p, m); !slices.Equal(f, []string{"move"}) {
		t.Errorf("f3-h3 Features = %v", f)
	}
	// Black has no stack; white's h3 (height 3) can land on the lone DVONN piece on e3.
	p = checkMoves(t, m.After, []string{"pass"})
	if f := Features(p, moveOf(t, p, "pass")); !slices.Equal(f, []string{"pass"}) {
		t.Errorf("pass Features = %v", f)
	}
	p, _ = Play(p, "pass")
	if got := p.String(); got != "w c3:wd,e3:d,h3:bdw" {
		t.Fatalf("after pass: %q", got)
	}
	p = checkMoves(t, p.String(), []string{"h3-e3"})
	m = moveOf(t, p, "h3-e3")
	if m.After != "b c3:wd,e3:dbdw" {
		t.Fatalf("h3-e3: After = %q", m.After)
	}
	if f := Features(p, m); !slices.Equal(f, []string{"move", "game-over"}) {
		t.Errorf("h3-e3 Features = %v", f)
	}
	// c3 is topped by a DVONN piece and counts for nobody.
	if r := GetResult(mustParse(t, m.After)); r != (Result{Over: true, Winner: "w", White: 4, Black: 0}) {
		t.Errorf("result = %+v", r)
	}
}

func TestNoLandingNoMove(t *testing.T) {
	// a1's lines end on the empty c1, a3 and c3 or leave the board; k5 has no neighbour.
	p := checkMoves(t, "w a1:bw,k5:b", nil)
	if r := GetResult(p); r != (Result{Over: true, Winner: "w", White: 2, Black: 1}) {
		t.Errorf("result = %+v", r)
	}
}

func TestSurrounded(t *testing.T) {
	// e3 is surrounded; black can move, so white passes.
	pos := "w d2:b,e2:b,d3:d,e3:w,f3:b,e4:b,f4:b"
	p := checkMoves(t, pos, []string{"pass"})
	m := moveOf(t, p, "pass")
	if m.After != "b d2:b,e2:b,d3:d,e3:w,f3:b,e4:b,f4:b" {
		t.Errorf("pass: After = %q", m.After)
	}
	if f := Features(p, m); !slices.Equal(f, []string{"surrounded", "pass"}) {
		t.Errorf("Features = %v", f)
	}
	// Black: each of its five stacks has three occupied neighbours.
	if got := Perft(p, 2); got != 15 {
		t.Errorf("Perft(%q, 2) = %d, want 15", pos, got)
	}
	checkMoves(t, m.After, []string{
		"d2-d3", "d2-e2", "d2-e3", "e2-d2", "e2-e3", "e2-f3", "e4-d3", "e4-e3", "e4-f4",
		"f3-e2", "f3-e3", "f3-f4", "f4-e3", "f4-e4", "f4-f3"})

	// With another stack to move, the move is tagged surrounded too.
	p = checkMoves(t, "w c1:w,d2:b,e2:b,d3:d,e3:w,f3:b,e4:b,f4:b", []string{"c1-d2"})
	if f := Features(p, moveOf(t, p, "c1-d2")); !slices.Equal(f, []string{"move", "surrounded"}) {
		t.Errorf("Features = %v", f)
	}

	// A surrounded stack of 2 whose lines all end on empty spaces has no move anyway:
	// not tagged surrounded.
	p = checkMoves(t, "w d2:b,e2:b,d3:d,e3:bw,f3:b,e4:b,f4:b", []string{"pass"})
	if f := Features(p, moveOf(t, p, "pass")); !slices.Equal(f, []string{"pass"}) {
		t.Errorf("Features = %v", f)
	}
}

func TestCutOffOne(t *testing.T) {
	p := checkMoves(t, "w e3:d,f3:w,g3:b", []string{"f3-e3", "f3-g3"})
	// f3-g3: the new stack on g3 has lost contact with e3 and leaves the board.
	m := moveOf(t, p, "f3-g3")
	if m.After != "b e3:d" {
		t.Errorf("f3-g3: After = %q", m.After)
	}
	if f := Features(p, m); !slices.Equal(f, []string{"move", "cut-off", "game-over"}) {
		t.Errorf("f3-g3 Features = %v", f)
	}
	if r := GetResult(mustParse(t, m.After)); r != (Result{Over: true}) {
		t.Errorf("after f3-g3: %+v, want a 0-0 draw", r)
	}
	// f3-e3: black's g3 is cut off.
	m = moveOf(t, p, "f3-e3")
	if m.After != "b e3:dw" {
		t.Errorf("f3-e3: After = %q", m.After)
	}
	if f := Features(p, m); !slices.Equal(f, []string{"move", "cut-off", "game-over"}) {
		t.Errorf("f3-e3 Features = %v", f)
	}
	if r := GetResult(mustParse(t, m.After)); r != (Result{Over: true, Winner: "w", White: 2}) {
		t.Errorf("after f3-e3: %+v", r)
	}
}

func TestCutOffSeveral(t *testing.T) {
	// A chain a3(DVONN)-b3-c3-d3-e3 with e4 next to d3 and e3.
	pos := "w a3:d,b3:b,c3:w,d3:b,e3:w,e4:b"
	p := checkMoves(t, pos, []string{"c3-b3", "c3-d3", "e3-d3", "e3-e4"})
	cases := []struct {
		text, after string
		tags        []string
	}{
		// c3 leaves the chain: d3, e3 (the mover's own) and e4 are cut off.
		{"c3-b3", "b a3:d,b3:bw", []string{"move", "cut-off", "game-over"}},
		{"c3-d3", "b a3:d,b3:b", []string{"move", "cut-off"}},
		// e4 still touches d3: nothing is cut off.
		{"e3-d3", "b a3:d,b3:b,c3:w,d3:bw,e4:b", []string{"move"}},
		{"e3-e4", "b a3:d,b3:b,c3:w,d3:b,e4:bw", []string{"move"}},
	}
	for _, c := range cases {
		m := moveOf(t, p, c.text)
		if m.After != c.after {
			t.Errorf("%s: After = %q, want %q", c.text, m.After, c.after)
		}
		if f := Features(p, m); !slices.Equal(f, c.tags) {
			t.Errorf("%s: Features = %v, want %v", c.text, f, c.tags)
		}
	}
	if r := GetResult(mustParse(t, "b a3:d,b3:bw")); r != (Result{Over: true, Winner: "w", White: 2}) {
		t.Errorf("after c3-b3: %+v", r)
	}
}

func TestResults(t *testing.T) {
	cases := []struct {
		pos  string
		want Result
	}{
		{"w a1:wd,c1:bbw,e1:b", Result{Over: true, Winner: "w", White: 3, Black: 1}},
		{"b c1:wwb,i1:w", Result{Over: true, Winner: "b", White: 1, Black: 3}},
		{"w a1:bw,i1:wb", Result{Over: true, White: 2, Black: 2}},
		{"w -", Result{Over: true}},
		// Not over: white can move onto the DVONN piece.
		{"w e3:d,f3:w,g3:b", Result{White: 1, Black: 1}},
		{"w - hand:w23,b23,d3", Result{}},
	}
	for _, c := range cases {
		if got := GetResult(mustParse(t, c.pos)); got != c.want {
			t.Errorf("GetResult(%q) = %+v, want %+v", c.pos, got, c.want)
		}
	}
}

func TestPlayErrors(t *testing.T) {
	p := mustParse(t, "w e3:d,f3:w,g3:b")
	for _, text := range []string{"f3-h3", "g3-f3", "pass", "e3", "f3-g3-h3", "z9", "", "f3-z9"} {
		if _, err := Play(p, text); err == nil {
			t.Errorf("Play(%q) accepted", text)
		}
	}
	if _, err := Play(Start(), "e3-f3"); err == nil {
		t.Error("a stack move accepted during placement")
	}
}
