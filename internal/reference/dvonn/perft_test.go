package dvonn

import "testing"

// No published DVONN perft or move counts were found (searched public code and web
// pages); the values below are worked out by hand.
func TestPerft(t *testing.T) {
	cases := []struct {
		name, pos string
		want      []uint64 // depth 1, 2, ...
	}{
		// Any empty space takes the next piece: 49, 49*48, 49*48*47.
		{"start", "w - hand:w23,b23,d3", []uint64{49, 49 * 48, 49 * 48 * 47}},
		// Two DVONN pieces placed: 47*46*45*44 placements of the third and own pieces.
		{"placement", "w a1:d,k5:d hand:w23,b23,d1", []uint64{47, 47 * 46, 47 * 46 * 45, 47 * 46 * 45 * 44}},
		// The chain a3-e3 (TestCutOffSeveral). Depth 2: c3-b3 ends the game (0), c3-d3
		// leaves black b3-a3 (1), e3-d3 leaves b3-a3, b3-c3, e4-d3 (3), e3-e4 leaves b3-a3,
		// b3-c3, d3-c3, d3-e4 (4). Depth 3: only e4-d3 (then c3-b3, c3-d3: 2), d3-c3 (then
		// white passes: 1) and d3-e4 (then c3-b3: 1) leave moves; the black moves from b3
		// cut everything but the DVONN piece off. Depth 4: after e4-d3, c3-d3 leaves b3-a3
		// (1) and c3-b3 ends the game; after d3-c3 and the pass black has b3-a3, b3-c3 and
		// c3-a3 (3); after d3-e4, c3-b3 ends the game.
		{"chain", "w a3:d,b3:b,c3:w,d3:b,e3:w,e4:b", []uint64{4, 8, 4, 4}},
		// Black must pass; white h3-e3; then nobody moves.
		{"pass", "b c3:wd,e3:d,h3:bdw", []uint64{1, 1, 0}},
		// White passes (e3 surrounded); black's five stacks have three landings each.
		{"surrounded", "w d2:b,e2:b,d3:d,e3:w,f3:b,e4:b,f4:b", []uint64{1, 15}},
		{"over", "w a1:bw,i1:wb", []uint64{0, 0}},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		for d, want := range c.want {
			if got := Perft(p, d+1); got != want {
				t.Errorf("%s: Perft(%q, %d) = %d, want %d", c.name, c.pos, d+1, got, want)
			}
		}
		if got := Perft(p, 0); got != 1 {
			t.Errorf("%s: Perft(0) = %d", c.name, got)
		}
	}
}
