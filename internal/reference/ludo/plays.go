package ludo

import (
	"sort"
	"strconv"
	"strings"
)

// Play is one legal play: its text (see the package doc) and the position after it.
type Play struct {
	Text  string
	After *Position
}

// move takes one piece of the mover from step from (-1 for base) to step to.
type move struct{ from, to int }

// candidate is one way to play the roll, before captures and deduplication.
type candidate struct {
	moves   []move
	bringUp bool // beginner: a piece came out; the extra roll is pending
}

// onBoard reports whether a piece on step s can move by a count: on the loop or in the
// home column, not in base and not finished.
func onBoard(s int) bool { return s >= 0 && s < winning }

// Plays returns the distinct legal plays of p, sorted by text: one "pass" when no die can
// be used, nil when the game is over or p has no roll yet.
func (p *Position) Plays() []Play {
	if p.roll[0] == 0 || p.Winner() >= 0 {
		return nil
	}
	var cands []candidate
	if p.rules == Beginner {
		cands = p.beginnerCandidates()
	} else {
		cands = p.twoDiceCandidates()
	}
	if len(cands) == 0 {
		q := *p
		q.roll = [2]int8{}
		q.extra = false
		q.toMove = (p.toMove + 1) % p.players
		return []Play{{Text: "pass", After: &q}}
	}
	best := map[string]Play{}
	for _, c := range cands {
		pl := p.play(c)
		k := pl.After.Key()
		if old, ok := best[k]; !ok || pl.Text < old.Text {
			best[k] = pl
		}
	}
	out := make([]Play, 0, len(best))
	for _, pl := range best {
		out = append(out, pl)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Text < out[b].Text })
	return out
}

// twoDiceCandidates lists every way to play two dice: one piece by the sum; two different
// pieces one die each (a 6 bringing a piece out counts as using it); a piece brought out
// by a 6 then moved by the other die; an exact finish with one die when no other piece
// can use the other die. Only when none of these exists may a single die be played, the
// larger if it can be.
func (p *Position) twoDiceCandidates() []candidate {
	a, b := int(p.roll[0]), int(p.roll[1]) // a >= b
	own := p.steps[p.toMove]
	canUse := func(s, d int) bool { return onBoard(s) || (s == inBase && d == 6) }
	target := func(s, d int) int {
		if s == inBase {
			return 0
		}
		return advance(s, d)
	}
	var full []candidate
	for _, s := range own {
		s := int(s)
		if onBoard(s) {
			full = append(full, candidate{moves: []move{{s, advance(s, a+b)}}})
		}
		if s == inBase && a == 6 {
			full = append(full, candidate{moves: []move{{inBase, advance(0, b)}}})
		}
	}
	for i, si := range own {
		for j, sj := range own {
			si, sj := int(si), int(sj)
			if i != j && canUse(si, a) && canUse(sj, b) {
				full = append(full, candidate{moves: []move{{si, target(si, a)}, {sj, target(sj, b)}}})
			}
		}
	}
	// The exception to using both dice: an exact finish with one die, the other die lost
	// because no other piece can use it. (When another piece can, the pair above covers it.)
	dice := []int{a, b}
	for k, d := range dice {
		if k == 1 && b == a {
			break
		}
		other := dice[1-k]
		for i, si := range own {
			si := int(si)
			if !onBoard(si) || si+d != winning {
				continue
			}
			otherUsable := false
			for j, sj := range own {
				if j != i && canUse(int(sj), other) {
					otherUsable = true
				}
			}
			if !otherUsable {
				full = append(full, candidate{moves: []move{{si, winning}}})
			}
		}
	}
	if len(full) > 0 {
		return full
	}
	for k, d := range dice {
		if k == 1 && b == a {
			break
		}
		var single []candidate
		for _, s := range own {
			s := int(s)
			if canUse(s, d) {
				single = append(single, candidate{moves: []move{{s, target(s, d)}}})
			}
		}
		if len(single) > 0 {
			return single
		}
	}
	return nil
}

// beginnerCandidates lists the plays of one die: any piece on the board moves by it, or,
// on a 6 or a 1 and not during the extra roll, a piece comes out of base.
func (p *Position) beginnerCandidates() []candidate {
	d := int(p.roll[0])
	own := p.steps[p.toMove]
	var out []candidate
	for _, s := range own {
		s := int(s)
		if onBoard(s) {
			out = append(out, candidate{moves: []move{{s, advance(s, d)}}})
		}
		if s == inBase && !p.extra && (d == 6 || d == 1) {
			out = append(out, candidate{moves: []move{{inBase, 0}}, bringUp: true})
		}
	}
	return out
}

// play applies candidate c to p: moves the pieces, settles captures where moved pieces
// ended on the loop (deferred while a beginner extra roll is pending), and passes the turn.
func (p *Position) play(c candidate) Play {
	q := *p
	q.roll = [2]int8{}
	me := p.toMove
	// Pieces are interchangeable: take every from-step out, then put every to-step in.
	taken := make([]bool, pieces)
	for _, m := range c.moves {
		for k := range q.steps[me] {
			if !taken[k] && int(q.steps[me][k]) == m.from {
				taken[k] = true
				break
			}
		}
	}
	next := 0
	for k := range q.steps[me] {
		if taken[k] {
			q.steps[me][k] = int8(c.moves[next].to)
			next++
		}
	}
	q.sortSteps(me)

	// Text order: highest from-step first, base last, as GNU Backgammon writes moves.
	moves := append([]move(nil), c.moves...)
	sort.Slice(moves, func(a, b int) bool {
		if moves[a].from != moves[b].from {
			return moves[a].from > moves[b].from
		}
		return moves[a].to > moves[b].to
	})
	parts := make([]string, len(moves))
	for k, m := range moves {
		from := "base"
		if m.from != inBase {
			from = strconv.Itoa(m.from)
		}
		parts[k] = from + "/" + strconv.Itoa(m.to)
	}
	if c.bringUp {
		q.extra = true // same player rolls again; captures wait for the extra roll
	} else {
		captured := map[int]bool{} // loop squares cleared, so that every landing there is marked
		for k, m := range moves {
			sq := q.loopSquare(me, m.to)
			if q.capture(me, m.to) {
				captured[sq] = true
			}
			if sq >= 0 && captured[sq] {
				parts[k] += "*"
			}
		}
		if p.extra {
			q.extra = false
			if hasStep(q.steps[me], 0) {
				if q.capture(me, 0) {
					parts = append(parts, "0*")
				}
			}
		}
		q.toMove = (me + 1) % p.players
	}
	return Play{Text: string(p.Letter(me)) + " " + strings.Join(parts, " "), After: &q}
}

func hasStep(steps [pieces]int8, s int) bool {
	for _, t := range steps {
		if int(t) == s {
			return true
		}
	}
	return false
}

// capture sends back to base every opposing piece on the loop square of player me's step
// s, and reports whether there was any. Steps off the loop capture nothing.
func (p *Position) capture(me, s int) bool {
	sq := p.loopSquare(me, s)
	if sq < 0 {
		return false
	}
	found := false
	for i := 0; i < p.players; i++ {
		if i == me {
			continue
		}
		for k, t := range p.steps[i] {
			if p.loopSquare(i, int(t)) == sq {
				p.steps[i][k] = inBase
				found = true
			}
		}
		p.sortSteps(i)
	}
	return found
}
