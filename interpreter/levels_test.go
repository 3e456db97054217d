package interpreter

import (
	"strings"
	"testing"
)

// tinyGame is a 6x6 board of all squares with one piece each at c1 and c6
// and the given move rules.
func tinyGame(t *testing.T, moves string) *Game {
	t.Helper()
	src := "name: tiny\nboard: {width: 6, height: 6, squares: all}\n" +
		"players:\n  a: {code: a, home: bottom}\n  b: {code: b, home: top}\n" +
		"setup:\n  a: [c1]\n  b: [c6]\nmoves:\n" + moves
	g, err := Load("tiny.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A term that mixes a name of the squares (row, to_row) with a name of the
// move (lifted) must be evaluated where all of them are known: here at the
// destination, where to_row == row + 1 holds for every one-step move north.
func TestMixedLevelTermMeansWhatItSays(t *testing.T) {
	for _, when := range []string{
		"to_row == row + lifted",
		"to_row - lifted == row",
		"(to_row == row + lifted) == true",
		"row + lifted == to_row && lifted == 1",
		"row < to_row || showing(me) > 5",
		"row * showing(me) == 1",
		"to_row + height == row + 2",
	} {
		g := tinyGame(t, "  up:\n    directions: n\n    when: "+when+"\n")
		p := g.Start()
		got := moveTexts(g, &p)
		if got != "[c1-c2/up]" {
			t.Errorf("when: %s: moves %s, want [c1-c2/up]", when, got)
		}
		if e := g.Explain(&p, "c1-c2"); !e.Legal {
			t.Errorf("when: %s: explain says %s", when, e)
		}
	}
}

// A term with a square name and a position-wide name is no position-wide
// term: `row == 1 || checkers(me) > 5` holds only on row 1.
func TestSquareAndPositionNamesInOneTerm(t *testing.T) {
	g := tinyGame(t, "  up:\n    directions: n\n    when: row == 1 || checkers(me) > 5\n")
	p := g.Start()
	if got := moveTexts(g, &p); got != "[c1-c2/up]" {
		t.Fatalf("moves %s", got)
	}
	g.Apply(&p, g.LegalMoves(&p, nil)[0]) // b to move, its piece is on its row 1
	if got := moveTexts(g, &p); got != "[c6-c5/up]" {
		t.Fatalf("moves %s", got)
	}
	q, err := g.ParsePosition("a c2:a,c6:b")
	if err != nil {
		t.Fatal(err)
	}
	if got := moveTexts(g, &q); got != "[]" {
		t.Errorf("a piece on row 2 moved: %s", got)
	}
	if e := g.Explain(&q, "c2-c3"); e.Legal || strings.Contains(e.String(), "earlier rule") {
		t.Errorf("explain: %s", e)
	}
}
