package ludo

import (
	"os"
	"testing"
)

func deep() bool { return os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() }

// The pinned perft tables (morris-and-dice.md, Ludo): from the start, no roll yet.
func TestPerftFromStart(t *testing.T) {
	tables := []struct {
		players int
		rules   Rules
		counts  []int64
	}{
		{2, TwoDice, []int64{22, 484, 12826, 339889}},
		{3, TwoDice, []int64{22, 484, 10648, 282172}},
		{4, TwoDice, []int64{22, 484, 10648, 234256}},
		{2, Beginner, []int64{6, 36, 216, 1392, 9600}},
		{4, Beginner, []int64{6, 36, 216, 1296, 7776}},
	}
	for _, tc := range tables {
		start, err := Start(tc.players, tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tc.counts {
			depth := i + 1
			if depth == 4 && tc.rules == TwoDice && !deep() {
				continue
			}
			if got := Perft(start, depth); got != want {
				t.Errorf("%d players, rules %d: perft(%d) = %d, want %d", tc.players, tc.rules, depth, got, want)
			}
		}
	}
}
