package tak

import (
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// checkPosition checks the invariants of one position reached in play.
func checkPosition(t *testing.T, p *Position, where string) {
	t.Helper()
	set := pieceSets[p.n]
	for pl := 1; pl <= 2; pl++ {
		stones, caps := p.onBoard(pl)
		rs, rc := p.Reserve(pl)
		if rs < 0 || rc < 0 {
			t.Fatalf("%s: player %d reserve %d/%d is negative", where, pl, rs, rc)
		}
		if stones+rs != set[0] || caps+rc != set[1] {
			t.Fatalf("%s: player %d has %d+%d stones and %d+%d capstones, want %d and %d",
				where, pl, stones, rs, caps, rc, set[0], set[1])
		}
	}
	for sq := 0; sq < p.n*p.n; sq++ {
		if p.stacks[sq] == "" && p.tops[sq] != flat {
			t.Fatalf("%s: empty square %d has a wall or capstone top", where, sq)
		}
	}
	for sq := p.n * p.n; sq < len(p.stacks); sq++ {
		if p.stacks[sq] != "" {
			t.Fatalf("%s: square %d off the board holds pieces", where, sq)
		}
	}
	// Walls and capstones only on top: every TPS cell has S or C last, if at all.
	tps := p.TPS()
	board := tps[:strings.IndexByte(tps, ' ')]
	for _, row := range strings.Split(board, "/") {
		for _, cell := range strings.Split(row, ",") {
			if i := strings.IndexAny(cell, "SC"); i >= 0 && i != len(cell)-1 {
				t.Fatalf("%s: cell %q has a wall or capstone below the top", where, cell)
			}
		}
	}
	q, err := ParseTPS(tps)
	if err != nil || q.TPS() != tps {
		t.Fatalf("%s: TPS %q does not parse back (%v)", where, tps, err)
	}
	for pl := 1; pl <= 2; pl++ {
		a, b := p.Reserve(pl)
		c, d := q.Reserve(pl)
		if a != c || b != d {
			t.Fatalf("%s: reserves tracked %d/%d, derived from TPS %d/%d", where, a, b, c, d)
		}
	}
}

// TestRandomGames plays seeded random games on every size and checks, at each ply, the
// invariants of the position and of its move list.
func TestRandomGames(t *testing.T) {
	games, maxPlies := 180, 150
	if deep() {
		games, maxPlies = 3000, 1000
	}
	rng := rand.New(rand.NewSource(20240611))
	seen := map[string]int{}
	ends := map[string]int{}
	for g := 0; g < games; g++ {
		n := 3 + g%6
		p := Start(n)
		p.SetKomi(g % 5)
		for ply := 0; ; ply++ {
			where := p.TPS()
			checkPosition(t, p, where)
			ms := Moves(p)
			r := GetResult(p)
			if r.Over {
				if len(ms) != 0 || Perft(p, 1) != 0 {
					t.Fatalf("%s: game over (%+v) but %d moves", where, r, len(ms))
				}
				ends[r.Reason]++
				break
			}
			if len(ms) == 0 {
				t.Fatalf("%s: game not over and no moves", where)
			}
			if ply >= maxPlies {
				ends["unfinished"]++
				break
			}
			if uint64(len(ms)) != Perft(p, 1) {
				t.Fatalf("%s: %d moves, perft 1 = %d", where, len(ms), Perft(p, 1))
			}
			if !sort.SliceIsSorted(ms, func(i, j int) bool { return ms[i].PTN < ms[j].PTN }) {
				t.Fatalf("%s: moves not sorted", where)
			}
			afters := map[string]bool{}
			for i, m := range ms {
				if i > 0 && ms[i-1].PTN == m.PTN {
					t.Fatalf("%s: move %q listed twice", where, m.PTN)
				}
				if afters[m.After] {
					t.Fatalf("%s: two moves reach %s", where, m.After)
				}
				afters[m.After] = true
				pm, err := parsePTN(m.PTN, n)
				if err != nil || pm.ptn(n) != m.PTN {
					t.Fatalf("%s: PTN %q does not parse back to itself (%v)", where, m.PTN, err)
				}
			}
			// Replay a sample of about five moves (the chosen one is replayed below).
			step := len(ms)/5 + 1
			for i, m := range ms {
				if i%step != ply%step {
					continue
				}
				q, err := Play(p, m.PTN)
				if err != nil {
					t.Fatalf("%s: Play(%q): %v", where, m.PTN, err)
				}
				if q.TPS() != m.After {
					t.Fatalf("%s: Play(%q) gives %s, Moves says %s", where, m.PTN, q.TPS(), m.After)
				}
			}
			// From 5×5 up, half the time a random placement, if any, else any random
			// move: uniform choice among all moves favours spreads of tall stacks there
			// and rarely ends.
			m := ms[rng.Intn(len(ms))]
			if n >= 5 && rng.Intn(2) == 0 {
				var places []Move
				for _, x := range ms {
					if !strings.ContainsAny(x.PTN, "+-<>") {
						places = append(places, x)
					}
				}
				if len(places) > 0 {
					m = places[rng.Intn(len(places))]
				}
			}
			for _, f := range Features(p, m) {
				seen[f]++
			}
			next, err := Play(p, m.PTN)
			if err != nil {
				t.Fatalf("%s: Play(%q): %v", where, m.PTN, err)
			}
			if next.TPS() != m.After {
				t.Fatalf("%s: Play(%q) gives %s, Moves says %s", where, m.PTN, next.TPS(), m.After)
			}
			if next.Komi() != p.Komi() {
				t.Fatalf("%s: komi not carried", where)
			}
			p = next
		}
	}
	t.Logf("endings %v", ends)
	t.Logf("features %v", seen)
	for _, f := range []string{"opening", "placement-wall", "placement-capstone", "spread-multi-drop", "road-white", "road-black"} {
		if seen[f] == 0 {
			t.Errorf("random games never saw %q", f)
		}
	}
}
