package draughts

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/internal/reference/turkish"
)

// TestTurkishAgainstItsReference compares this generator, set up with the
// table's Turkish rules, with the older independent Turkish generator
// (internal/reference/turkish) at random positions: the moves as sets of
// (origin, destination, position after). That one lists a flying king's
// capture along one line once per square between the pieces, so the number
// of routes is not compared.
func TestTurkishAgainstItsReference(t *testing.T) {
	r := rulesOf(t, "turkish")
	if got, want := Start(r).String(), turkish.Start().String(); got != want {
		t.Fatalf("start:\n got  %s\n want %s", got, want)
	}
	for depth := 1; depth <= 4; depth++ {
		if got, want := Perft(Start(r), depth, false), turkish.Perft(turkish.Start(), depth); got != want {
			t.Errorf("perft %d: %d, the Turkish reference %d", depth, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(90, 32))
	captures, multi := 0, 0
	for i := 0; i < 2000; i++ {
		p := RandomPosition(r, rng)
		other, err := turkish.Parse(p.String())
		if err != nil {
			t.Fatalf("the Turkish reference cannot read %s: %v", p, err)
		}
		got, want := map[string]bool{}, map[string]bool{}
		moves := p.Moves()
		for _, m := range moves {
			got[r.SquareName(m.From)+" "+r.SquareName(m.To)+" "+p.Apply(m).String()] = true
		}
		for _, m := range other.Moves() {
			squares := strings.FieldsFunc(m.Text, func(c rune) bool { return c == '-' || c == 'x' })
			want[squares[0]+" "+squares[len(squares)-1]+" "+m.After] = true
		}
		if len(got) != len(want) {
			t.Fatalf("%s:\n got  %v\n want %v", p, got, want)
		}
		for k := range got {
			if !want[k] {
				t.Fatalf("%s:\n got  %v\n want %v", p, got, want)
			}
		}
		if len(moves) > 0 && moves[0].IsCapture() {
			captures++
			if len(moves[0].Captured) > 1 {
				multi++
			}
		}
	}
	if captures < 500 || multi < 200 {
		t.Errorf("too few captures (%d) or multiple captures (%d)", captures, multi)
	}
}
