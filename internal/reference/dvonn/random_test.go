package dvonn

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// pieces counts the pieces on the board and in hand: white, black, DVONN.
func pieces(p *Position) [3]int {
	n := p.hand
	for i := range p.cells {
		st := string(p.cells[i].bytes())
		n[handW] += strings.Count(st, "w")
		n[handB] += strings.Count(st, "b")
		n[handD] += strings.Count(st, "d")
	}
	return n
}

// connected reports whether every stack touches a space holding a DVONN piece through
// chains of occupied spaces (checked by repeated sweeps, not by the package's search).
func connected(p *Position) bool {
	var alive [numCells]bool
	for i := range p.cells {
		alive[i] = strings.Contains(string(p.cells[i].bytes()), "d")
	}
	for changed := true; changed; {
		changed = false
		for i := range p.cells {
			if p.cells[i].height() == 0 || alive[i] {
				continue
			}
			for _, n := range neighbours[i] {
				if alive[n] {
					alive[i], changed = true, true
					break
				}
			}
		}
	}
	for i := range p.cells {
		if p.cells[i].height() != 0 && !alive[i] {
			return false
		}
	}
	return true
}

func TestRandomGames(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	names := Squares()
	squares := map[string]bool{}
	for _, s := range names {
		squares[s] = true
	}
	rng := rand.New(rand.NewPCG(2024, 49))
	var plies, passes, cutoffs, surrounded int
	for g := range games {
		p := Start()
		for ply := 0; ; ply++ {
			if ply > 200 {
				t.Fatalf("game %d: longer than 200 plies at %s", g, p)
			}
			ms := Moves(p)
			if uint64(len(ms)) != Perft(p, 1) {
				t.Fatalf("%s: %d moves but Perft 1 = %d", p, len(ms), Perft(p, 1))
			}
			if !slices.IsSortedFunc(ms, func(a, b Move) int { return strings.Compare(a.Text, b.Text) }) {
				t.Fatalf("%s: moves not sorted: %v", p, texts(ms))
			}
			r := GetResult(p)
			if r.Over != (len(ms) == 0) {
				t.Fatalf("%s: Over %v with %d moves", p, r.Over, len(ms))
			}
			if len(ms) == 0 {
				if p.placing() {
					t.Fatalf("game %d ended during placement: %s", g, p)
				}
				break
			}
			before := pieces(p)
			// check plays m and checks the position it leads to.
			check := func(m Move) *Position {
				q, err := Play(p, m.Text)
				if err != nil {
					t.Fatalf("%s: Play(%s): %v", p, m.Text, err)
				}
				if q.String() != m.After {
					t.Fatalf("%s: Play(%s) = %s, After %s", p, m.Text, q, m.After)
				}
				if back, err := Parse(m.After); err != nil || back.String() != m.After {
					t.Fatalf("After %q does not round trip: %v", m.After, err)
				}
				after := pieces(q)
				if p.placing() {
					if after != before {
						t.Fatalf("%s: %s changed the piece totals %v -> %v", p, m.Text, before, after)
					}
					for i := range q.cells {
						if q.cells[i].height() > 1 {
							t.Fatalf("%s: %s stacked during placement", p, m.Text)
						}
					}
					return q
				}
				if after[handD] != before[handD] || after[handW] > before[handW] || after[handB] > before[handB] {
					t.Fatalf("%s: %s changed the piece totals %v -> %v", p, m.Text, before, after)
				}
				if m.Text != "pass" && !connected(q) {
					t.Fatalf("%s: %s left a stack cut off: %s", p, m.Text, q)
				}
				return q
			}
			for k, m := range ms {
				if k > 0 && ms[k-1].Text == m.Text {
					t.Fatalf("%s: move %s listed twice", p, m.Text)
				}
				from, to, isMove := strings.Cut(m.Text, "-")
				switch {
				case m.Text == "pass":
					if len(ms) != 1 || p.placing() {
						t.Fatalf("%s: pass among %v", p, texts(ms))
					}
				case isMove:
					if p.placing() || !squares[from] || !squares[to] || from == to {
						t.Fatalf("%s: bad stack move %q", p, m.Text)
					}
				default:
					if !p.placing() || !squares[m.Text] {
						t.Fatalf("%s: bad placement %q", p, m.Text)
					}
				}
				// Every listed move is played and checked in the first 50 games; later
				// games check the chosen move only.
				if g < 50 {
					check(m)
				}
			}

			// Play rejects what is not listed: random squares, random square pairs, pass.
			for range 10 {
				var text string
				switch rng.IntN(3) {
				case 0:
					text = names[rng.IntN(numCells)]
				case 1:
					text = names[rng.IntN(numCells)] + "-" + names[rng.IntN(numCells)]
				default:
					text = "pass"
				}
				_, listed := slices.BinarySearchFunc(ms, text, func(m Move, s string) int { return strings.Compare(m.Text, s) })
				if _, err := Play(p, text); (err == nil) != listed {
					t.Fatalf("%s: Play(%s) error %v, listed %v", p, text, err, listed)
				}
			}

			m := ms[rng.IntN(len(ms))]
			tags := Features(p, m)
			q := check(m)
			removedPieces := before != pieces(q)
			if slices.Contains(tags, "cut-off") != removedPieces {
				t.Fatalf("%s: %s tags %v, pieces %v -> %v", p, m.Text, tags, before, pieces(q))
			}
			if slices.Contains(tags, "game-over") != (Perft(q, 1) == 0) {
				t.Fatalf("%s: %s tags %v", p, m.Text, tags)
			}
			switch {
			case p.hand[handD] > 0:
				if tags[0] != "placement-dvonn" || !strings.HasSuffix(m.After, ",d"+itoa(p.hand[handD]-1)) {
					t.Fatalf("%s: %s tags %v", p, m.Text, tags)
				}
			case p.placing():
				if tags[0] != "placement" {
					t.Fatalf("%s: %s tags %v", p, m.Text, tags)
				}
			case m.Text == "pass":
				passes++
			default:
				if tags[0] != "move" {
					t.Fatalf("%s: %s tags %v", p, m.Text, tags)
				}
			}
			if slices.Contains(tags, "cut-off") {
				cutoffs++
			}
			if slices.Contains(tags, "surrounded") {
				surrounded++
			}
			// Placement: white places on even plies, black on odd ones; white places the
			// 49th piece and makes the first stack move.
			if ply < 49 {
				want := byte('w')
				if ply%2 == 1 {
					want = 'b'
				}
				if p.turn != want {
					t.Fatalf("game %d ply %d: %c to place in %s", g, ply, p.turn, p)
				}
			}
			if ply == 48 && (q.placing() || q.turn != 'w') {
				t.Fatalf("after the last placement: %s", q)
			}
			p = q
			plies++
		}
	}
	t.Logf("%d games, %d plies, %d passes, %d cut-offs, %d moves tagged surrounded", games, plies, passes, cutoffs, surrounded)
	if passes == 0 || cutoffs == 0 || surrounded == 0 {
		t.Errorf("random games never saw a pass, a cut-off or a surrounded stack")
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
