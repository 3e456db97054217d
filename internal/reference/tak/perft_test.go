package tak

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// deep reports whether the slow tests were asked for.
func deep() bool { return os.Getenv("STACKRULES_DEEP") == "1" }

type perftLine struct {
	size, depth int
	count       uint64
}

// readPerft reads testdata/perft.txt: "SIZE DEPTH COUNT" lines, # comments.
func readPerft(t *testing.T) []perftLine {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 3 {
			t.Fatalf("perft.txt line %q: want SIZE DEPTH COUNT", line)
		}
		size, err1 := strconv.Atoi(fs[0])
		depth, err2 := strconv.Atoi(fs[1])
		count, err3 := strconv.ParseUint(fs[2], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("perft.txt line %q: want three numbers", line)
		}
		out = append(out, perftLine{size, depth, count})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPerftStart checks the published start-position figures of testdata/perft.txt (from
// Tiltak, see that file). By default 5×5 up to depth 4 and 6×6 up to depth 3 run
// (about a second); with STACKRULES_DEEP=1 all of them (6×6 depth 5 takes minutes).
func TestPerftStart(t *testing.T) {
	lines := readPerft(t)
	if len(lines) == 0 {
		t.Fatal("no perft figures")
	}
	for _, l := range lines {
		if !deep() && (l.size == 5 && l.depth > 4 || l.size != 5 && l.depth > 3) {
			continue
		}
		if got := Perft(Start(l.size), l.depth); got != l.count {
			t.Errorf("perft %d×%d depth %d = %d, want %d", l.size, l.size, l.depth, got, l.count)
		}
	}
}

// Tiltak's perft tests from played positions: https://github.com/MortenLohne/tiltak at
// commit f05a1389c83726cd29d4c2bdb34131c5eccd73d5, src/tests/move_gen_5s_tests.rs
// (perf_test2, perf_test3, suicide_perf_test) and src/tests/move_gen_6s_tests.rs
// (endgame_perf_test, "From game #636814 on playtak"; its depth 4 and 5 figures are on a
// commented-out line there). Counts are by depth from 1.
var tiltakPositions = []struct {
	name  string
	size  int
	moves string // played from the start, or
	tps   string // a position
	count []uint64
}{
	{name: "perf_test2", size: 5, moves: "d3 c3 c4 1d3< 1c4- Sc4",
		count: []uint64{87, 6155, 461_800}},
	{name: "perf_test3", size: 5, moves: "c2 c3 d3 b3 c4 1c2+ 1d3< 1b3> 1c4- Cc2 a1 1c2+ a2",
		count: []uint64{104, 7743, 592_645}},
	{name: "suicide_perf_test", size: 5, moves: "c4 c2 d2 c3 b2 d3 1d2+ b3 d2 b4 1c2+ 1b3> 2d3< " +
		"1c4- d4 5c3<23 c2 c4 1d4< d3 1d2+ 1c3+ Cc3 2c4> 1c3< d2 c3 1d2+ 1c3+ 1b4> 2b3>11 3c4-12 " +
		"d2 c4 b4 c5 1b3> 1c4< 3c3- e5 e2",
		count: []uint64{85, 11_204, 956_736}},
	{name: "endgame_perf_test", size: 6,
		tps:   "2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42",
		count: []uint64{140, 21_402, 2_774_593, 395_359_484}},
}

func TestPerftTiltakPositions(t *testing.T) {
	for _, c := range tiltakPositions {
		p := Start(c.size)
		if c.tps != "" {
			p = mustTPS(t, c.tps)
		}
		for _, m := range strings.Fields(c.moves) {
			p = mustPlay(t, p, m)
		}
		for i, want := range c.count {
			depth := i + 1
			if depth > 2 && !deep() {
				break
			}
			if got := Perft(p, depth); got != want {
				t.Errorf("%s (%s) depth %d: %d, want %d", c.name, p.TPS(), depth, got, want)
			}
		}
	}
}

func TestPerftSmallBoards(t *testing.T) {
	// Hand-countable: the opening is n² then n²-1 placements on every size.
	for n := 3; n <= 8; n++ {
		if got, want := Perft(Start(n), 2), uint64(n*n*(n*n-1)); got != want {
			t.Errorf("%d×%d depth 2: %d, want %d", n, n, got, want)
		}
	}
}

func BenchmarkPerft5x5Depth4(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Perft(Start(5), 4)
	}
}
