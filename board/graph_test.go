package board_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

var morrisPoints = strings.Fields("a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7")

var morrisLines = [][]string{
	{"a1", "d1", "g1"}, {"b2", "d2", "f2"}, {"c3", "d3", "e3"}, {"a4", "b4", "c4"}, {"e4", "f4", "g4"},
	{"c5", "d5", "e5"}, {"b6", "d6", "f6"}, {"a7", "d7", "g7"}, {"a1", "a4", "a7"}, {"b2", "b4", "b6"},
	{"c3", "c4", "c5"}, {"d1", "d2", "d3"}, {"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
}

func TestGraphNeighbours(t *testing.T) {
	g, err := board.NewGraph(7, 7, morrisPoints, morrisLines, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.NumSquares() != 24 || !g.IsGraph() || len(g.Lines()) != 16 {
		t.Fatalf("squares %d, graph %v, lines %d", g.NumSquares(), g.IsGraph(), len(g.Lines()))
	}
	neighbours := func(name string) string {
		sq, err := g.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for d := range board.Compass {
			if n := g.Neighbor(sq, d); n != board.NoSquare {
				out = append(out, g.SquareName(n))
			}
		}
		return strings.Join(out, " ")
	}
	// Compass order: ne nw se sw n e s w.
	for _, tc := range []struct{ at, want string }{
		{"a1", "a4 d1"},
		{"d1", "d2 g1 a1"},
		{"d2", "d3 f2 d1 b2"},
		{"b4", "b6 c4 b2 a4"},
		{"e4", "e5 f4 e3"},
		{"g7", "g4 d7"},
	} {
		if got := neighbours(tc.at); got != tc.want {
			t.Errorf("neighbours of %s = %q, want %q", tc.at, got, tc.want)
		}
	}
	d1, _ := g.ParseSquare("d1")
	if to, ok := g.Step(d1, board.Direction{DF: 1}); !ok || g.SquareName(to) != "g1" {
		t.Errorf("a step east from d1 follows the line to g1, got %s %v", g.SquareName(to), ok)
	}
	if _, err := g.ParseSquare("d4"); err == nil || !strings.Contains(err.Error(), "not a point") {
		t.Errorf("d4 (the centre, no point) = %v", err)
	}
	c4, _ := g.ParseSquare("c4")
	if n := len(g.LinesThrough(c4)); n != 2 {
		t.Errorf("lines through c4 = %d, want 2", n)
	}
}

func TestGraphErrors(t *testing.T) {
	for _, tc := range []struct {
		points []string
		lines  [][]string
		want   string
	}{
		{[]string{"a1", "a1"}, nil, "given twice"},
		{[]string{"a1", "h1"}, nil, "off the 7×7 grid"},
		{[]string{"a1", "x"}, nil, "not a name like d2"},
		{[]string{"a1", "b3"}, [][]string{{"a1", "b3"}}, "not on one row, column or diagonal"},
		{[]string{"a1", "b1", "c1"}, [][]string{{"a1", "b1"}, {"a1", "c1"}}, "already has the neighbour b1"},
		{[]string{"a1", "b1"}, [][]string{{"a1"}}, "a line joins at least two"},
		{[]string{"a1", "b1"}, [][]string{{"a1", "c1"}}, "c1 is not a point"},
		{[]string{"a1", "b1"}, [][]string{{"a1", "b1", "a1"}}, "passes a1 twice"},
	} {
		_, err := board.NewGraph(7, 7, tc.points, tc.lines, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewGraph(%v, %v) = %v, want %q", tc.points, tc.lines, err, tc.want)
		}
	}
}

func TestPlacementNotation(t *testing.T) {
	g, _ := board.NewGraph(7, 7, morrisPoints, morrisLines, nil)
	for _, text := range []string{"d2", "d2xa1", "d2xa1xg7"} {
		m, err := g.ParsePlacement(text)
		if err != nil || m.Kind != board.Place || m.From != board.NoSquare {
			t.Fatalf("ParsePlacement(%q) = %+v, %v", text, m, err)
		}
		if got := g.MoveString(m); got != text {
			t.Errorf("MoveString(ParsePlacement(%q)) = %q", text, got)
		}
	}
	for _, text := range []string{"d2-d3", "d2-d3xa1", "a1-g7xd2"} {
		m, err := g.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
		if got := g.MoveString(m); got != text {
			t.Errorf("MoveString(ParseMove(%q)) = %q", text, got)
		}
	}
	for _, text := range []string{"d4", "d2xd4", "d2x", "d2-d3x"} {
		var err error
		if strings.Contains(text, "-") {
			_, err = g.ParseMove(text)
		} else {
			_, err = g.ParsePlacement(text)
		}
		if err == nil {
			t.Errorf("%q parsed", text)
		}
	}
}
