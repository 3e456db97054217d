package plakoto

import (
	"strings"
	"testing"
)

func texts(p Position) string {
	var s []string
	for _, pl := range p.Plays() {
		s = append(s, pl.Text)
	}
	return strings.Join(s, ", ")
}

// Positions worked out by hand from the published rules.
func TestRules(t *testing.T) {
	for _, c := range []struct {
		name   string
		points map[int]string
		turn   int
		d1, d2 int
		want   string
	}{
		{"from the start", map[int]string{24: strings.Repeat("w", 15), 1: strings.Repeat("b", 15)}, White, 3, 1, "24/20, 24/23 24/21"},
		{"landing on a lone checker pins it", map[int]string{13: "ww", 12: "b", 10: "b", 6: strings.Repeat("b", 13)}, White, 3, 1, "13/12 13/10, 13/9"},
		{"a pinned checker cannot move (black on its 19, pinned on its 13 and 15)", map[int]string{12: "bw", 10: "bw", 6: strings.Repeat("b", 13)}, Black, 2, 1, "19/16, 19/18 19/17"},
		{"no bearing off while pinned", map[int]string{3: "wb", 2: strings.Repeat("w", 14), 13: strings.Repeat("b", 14)}, White, 2, 1, "2/1"},
	} {
		p, err := FromStacks(c.points, c.turn, c.d1, c.d2)
		if err != nil {
			t.Fatal(err)
		}
		if got := texts(p); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	// the mother pinned: white wins 2; with white's own mother at home, not yet
	p, _ := FromStacks(map[int]string{1: "bw", 2: strings.Repeat("b", 14)}, Black, 0, 0)
	if over, w, pts := p.Result(); !over || w != White || pts != 2 {
		t.Errorf("mother pinned: %v %d %d", over, w, pts)
	}
	p, _ = FromStacks(map[int]string{1: "bw", 24: "w", 2: strings.Repeat("b", 14)}, Black, 0, 0)
	if over, _, _ := p.Result(); over {
		t.Error("mother pinned with the pinner's own at home: over")
	}
}

// The opening roll decides only who starts: either player, to roll both
// dice; perft counts each starter once.
func TestOpening(t *testing.T) {
	p := Start()
	if !p.Opening() {
		t.Fatal("the start is not before the opening roll")
	}
	st := p.Starters()
	if len(st) != 2 || st[0].ToMove() != White || st[1].ToMove() != Black || st[0].Opening() || st[1].Opening() {
		t.Fatalf("starters: %v", st)
	}
	for d := 1; d <= 2; d++ {
		if got, want := Perft(p, d), Perft(st[0], d)+Perft(st[1], d); got != want {
			t.Errorf("perft(%d) from the opening = %d, the starters' sum %d", d, got, want)
		}
	}
	// the layout is the same for either colour: each starter has the same count
	if a, b := Perft(st[0], 1), Perft(st[1], 1); a != b || a == 0 {
		t.Errorf("perft(1) of white and black starting: %d, %d", a, b)
	}
}
