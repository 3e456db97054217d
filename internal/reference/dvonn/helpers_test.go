package dvonn

import (
	"slices"
	"testing"
)

func mustParse(t *testing.T, s string) *Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

func texts(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Text
	}
	return out
}

// moveOf returns the move written text among the moves of p, failing the test when it
// is not listed.
func moveOf(t *testing.T, p *Position, text string) Move {
	t.Helper()
	for _, m := range Moves(p) {
		if m.Text == text {
			return m
		}
	}
	t.Fatalf("%s: move %q not listed; moves %v", p, text, texts(Moves(p)))
	return Move{}
}

func checkMoves(t *testing.T, pos string, want []string) *Position {
	t.Helper()
	p := mustParse(t, pos)
	if got := texts(Moves(p)); !slices.Equal(got, want) {
		t.Errorf("Moves(%q) = %v, want %v", pos, got, want)
	}
	return p
}
