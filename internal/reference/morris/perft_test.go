package morris

import (
	"os"
	"testing"
)

// The pinned perft table from the start (shared/rules/morris-and-dice.md).
var startPerft = []int64{24, 552, 12144, 255024, 5140800, 99274176, 1873562112}

func TestPerftFromStart(t *testing.T) {
	maxDepth := 5
	if os.Getenv("STACKRULES_DEEP") == "1" {
		maxDepth = 6 // under a second of CPU; depth 7 (about 14 s) was checked once by hand
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if got, want := Perft(Start(), depth), startPerft[depth-1]; got != want {
			t.Errorf("perft(%d) from the start = %d, want %d", depth, got, want)
		}
	}
}

// slowPerft walks the public API only: Moves, then Parse of each After string. It checks
// that the bulk-counting Perft, the move list and the position strings agree.
func slowPerft(t *testing.T, p *Position, depth int) int64 {
	t.Helper()
	if depth == 0 {
		return 1
	}
	var n int64
	for _, m := range p.Moves() {
		q, err := Parse(m.After)
		if err != nil {
			t.Fatalf("%s: move %s: After %q does not parse: %v", p, m.Text, m.After, err)
		}
		n += slowPerft(t, q, depth-1)
	}
	return n
}

func TestPerftAgreesWithMoveList(t *testing.T) {
	positions := []string{
		"r - hand:r9,b9",
		"r a1:r,d1:r,b2:b,d2:b,f2:b,a4:b hand:r5,b3",           // placing with mills both sides
		"r a1:r,g1:r,d2:r,f6:r,b2:b,d3:b,a7:b,d7:b",            // sliding
		"b a1:r,d1:r,f6:r,b2:b,d2:b,f2:b,a7:b",                 // red flies after black's move
		"r a1:r,d1:r,f6:r,b2:b,d2:b,f2:b,a7:b hand:r0,b2",      // red flies, black still placing
		"r a1:r,d1:r,g1:r,b2:b,d2:b,f2:b,a4:r,c5:b hand:r1,b1", // both near the end of placing
	}
	for _, s := range positions {
		p, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		for depth := 1; depth <= 3; depth++ {
			if fast, slow := Perft(p, depth), slowPerft(t, p, depth); fast != slow {
				t.Errorf("%s: Perft(%d) = %d, walking Moves gives %d", s, depth, fast, slow)
			}
		}
	}
}
