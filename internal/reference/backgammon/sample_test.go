package backgammon

import (
	"math/rand/v2"
	"testing"
)

// randomPositions plays random games from the start (random rolls, uniformly
// chosen plays) and returns every position with a roll met on the way, until n
// positions are collected. Games that end start over from the start.
func randomPositions(t testing.TB, seed uint64, n int) []*Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var out []*Position
	p := Start()
	for len(out) < n {
		if w, _ := p.Winner(); w >= 0 {
			p = Start()
			continue
		}
		rolled := p.WithRoll(rng.IntN(6)+1, rng.IntN(6)+1)
		out = append(out, rolled)
		plays := rolled.Plays()
		p = plays[rng.IntN(len(plays))].After
	}
	return out
}

// TestRandomPositionsConsistent checks, over positions from random games, what
// must hold whatever the rules: boards stay valid (15 checkers each, no shared
// point), plays reach distinct positions, every sequence of moves reaching one
// position is written the same way (so the text chosen does not depend on the
// sequence found first), plays use as many dice as the longest play, and the XGID,
// Position ID and key round-trip.
func TestRandomPositionsConsistent(t *testing.T) {
	positions := randomPositions(t, 1, 3000)
	var withBar, bearing, passes int
	for _, p := range positions {
		if err := p.b.check(); err != nil {
			t.Fatalf("%s: invalid board: %v", p.Key(), err)
		}
		if p.b[p.turn][barIndex] > 0 {
			withBar++
		}
		if p.b.allHome(p.turn) {
			bearing++
		}
		plays := p.Plays()
		if len(plays) == 1 && plays[0].Text == "pass" {
			passes++
		}
		keys := map[string]string{}
		for _, pl := range plays {
			if err := pl.After.b.check(); err != nil {
				t.Fatalf("%s: play %s leaves an invalid board: %v", p.Key(), pl.Text, err)
			}
			if prev, dup := keys[pl.After.Key()]; dup {
				t.Errorf("%s: plays %s and %s reach the same position", p.Key(), prev, pl.Text)
			}
			keys[pl.After.Key()] = pl.Text
		}

		texts := map[board]string{}
		g := newGenerator()
		g.all = func(b board, steps []step) {
			text := formatPlay(&p.b, p.turn, steps)
			if prev, ok := texts[b]; ok && prev != text {
				t.Errorf("%s: one position written both %q and %q", p.Key(), prev, text)
			}
			texts[b] = text
		}
		g.run(&p.b, p.turn, p.dice[0], p.dice[1])

		q, err := ParseXGID(p.XGID())
		if err != nil || q.Key() != p.Key() {
			t.Errorf("%s: XGID %s reads back as %v, %v", p.Key(), p.XGID(), q, err)
		}
		r, err := ParsePositionID(p.PositionID())
		if err != nil {
			t.Errorf("%s: Position ID %s: %v", p.Key(), p.PositionID(), err)
		} else if mirrored(r.WithRoll(p.dice[0], p.dice[1]), p.turn).Key() != p.Key() {
			t.Errorf("%s: Position ID %s reads back as %s", p.Key(), p.PositionID(), r.Key())
		}
	}
	t.Logf("%d positions: %d with the mover on the bar, %d bearing off, %d passes", len(positions), withBar, bearing, passes)
	if withBar == 0 || bearing == 0 || passes == 0 {
		t.Errorf("the sample misses a kind of position (bar %d, bearing off %d, passes %d)", withBar, bearing, passes)
	}
}

// mirrored returns p as is when mover is white, or with the colours swapped (the
// same position seen from the other side) when it is black.
func mirrored(p *Position, mover int) *Position {
	if mover == White {
		return p
	}
	q := *p
	q.b[White], q.b[Black] = p.b[Black], p.b[White]
	q.turn = 1 - p.turn
	return &q
}
