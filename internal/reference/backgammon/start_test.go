package backgammon

import (
	"os"
	"testing"
	"time"
)

// The pinned per-roll play counts from the starting layout, rolls in Rolls order.
var startCounts = [21]int{15, 16, 14, 8, 10, 17, 18, 8, 14, 17, 9, 14, 9, 14, 7, 42, 75, 73, 52, 4, 11}

func TestStartPlaysPerRoll(t *testing.T) {
	for i, r := range Rolls {
		plays := Start().WithRoll(r[0], r[1]).Plays()
		if len(plays) != startCounts[i] {
			var texts []string
			for _, pl := range plays {
				texts = append(texts, pl.Text)
			}
			t.Errorf("roll %d%d: %d plays, want %d: %q", r[0], r[1], len(plays), startCounts[i], texts)
		}
		seen := map[string]bool{}
		for _, pl := range plays {
			if seen[pl.After.Key()] {
				t.Errorf("roll %d%d: two plays reach %s", r[0], r[1], pl.After.Key())
			}
			seen[pl.After.Key()] = true
		}
	}
}

func TestPerftStart(t *testing.T) {
	want := []int64{1, 447, 202782}
	for depth, w := range want {
		if got := Perft(Start(), depth); got != w {
			t.Errorf("perft(%d) = %d, want %d", depth, got, w)
		}
	}
}

// TestPerftStartDeep checks the pinned perft(3); it takes minutes, so it runs only
// with STACKRULES_DEEP=1.
func TestPerftStartDeep(t *testing.T) {
	if testing.Short() || os.Getenv("STACKRULES_DEEP") != "1" {
		t.Skip("perft(3) from the start takes minutes: set STACKRULES_DEEP=1")
	}
	start := time.Now()
	const want = 116154993
	if got := Perft(Start(), 3); got != want {
		t.Errorf("perft(3) = %d, want %d", got, want)
	}
	t.Logf("perft(3) = %d in %v", int64(want), time.Since(start))
}

func BenchmarkPerft2(b *testing.B) {
	for b.Loop() {
		Perft(Start(), 2)
	}
}
