package interpreter_test

import (
	"os"
	"testing"
)

func ludoDeep() bool { return os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() }

// The pinned perft tables of Ludo (morris-and-dice.md): from the start, over
// the 21 distinct rolls of two dice (6 of one die), plays reaching the same
// position counted once, a pass one play. The last row of each table is
// deep (STACKRULES_DEEP=1).
func TestLudoPerft(t *testing.T) {
	for _, tc := range []struct {
		file    string
		players int
		counts  []int64
	}{
		{"ludo", 2, []int64{22, 484, 12826, 339889}},
		{"ludo", 3, []int64{22, 484, 10648, 282172}},
		{"ludo", 4, []int64{22, 484, 10648, 234256}},
		{"ludo-beginner", 2, []int64{6, 36, 216, 1392, 9600}},
		{"ludo-beginner", 4, []int64{6, 36, 216, 1296, 7776}},
	} {
		g := ludoGame(t, tc.file, tc.players)
		start := g.Start()
		for i, want := range tc.counts {
			depth := i + 1
			if depth == len(tc.counts) && !ludoDeep() {
				continue
			}
			if got := g.Perft(&start, depth); got != want {
				t.Errorf("%s, %d players: perft(%d) = %d, want %d", tc.file, tc.players, depth, got, want)
			}
		}
	}
}
