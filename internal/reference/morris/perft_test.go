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
		maxDepth = 6
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if got, want := Perft(Start(), depth), startPerft[depth-1]; got != want {
			t.Errorf("perft(%d) from the start = %d, want %d", depth, got, want)
		}
	}
}
