package backgammon

import (
	"sort"
	"strconv"
	"strings"
)

// step is one die's move of one checker, in the mover's numbering: from 25 is the
// bar, to 0 is off.
type step struct{ from, to int8 }

// Play is one legal play of a whole roll: its text in GNU Backgammon's notation
// and the position after it (the other player to roll, no roll).
type Play struct {
	Text  string
	After *Position
}

// allHome reports whether all of me's checkers still in play are in its home
// board (points 1..6), the condition for bearing off.
func (b *board) allHome(me int) bool {
	for i := 7; i <= barIndex; i++ {
		if b[me][i] > 0 {
			return false
		}
	}
	return true
}

// target returns where a checker of me on from lands with die, and whether that
// single move is legal on b. It does not check the bar-first rule.
func (b *board) target(me, from, die int) (int, bool) {
	to := from - die
	if to >= 1 {
		// Blocked by two or more opposing checkers.
		return to, b[1-me][25-to] < 2
	}
	if !b.allHome(me) {
		return 0, false
	}
	if to == 0 {
		return 0, true
	}
	// A die higher than needed bears off only from the highest occupied point.
	for i := 6; i > from; i-- {
		if b[me][i] > 0 {
			return 0, false
		}
	}
	return 0, true
}

// apply moves a checker of me from from to to, hitting a blot there.
func (b *board) apply(me, from, to int) {
	b[me][from]--
	if to != offIndex {
		opp := 1 - me
		if b[opp][25-to] == 1 {
			b[opp][25-to] = 0
			b[opp][barIndex]++
		}
	}
	b[me][to]++
}

// candidate is one board reached by a maximal play, with one sequence of steps
// that reaches it (any sequence reaching it gives the same notation).
type candidate struct {
	b     board
	steps [4]step
	n     int
}

// generator enumerates the plays of one roll. It is reused across calls so that
// perft does not allocate a map per position.
type generator struct {
	me       int
	start    board
	bestLen  int
	bestPips int
	seen     map[board]int
	found    []candidate
	// all, when set, receives every maximal sequence (before deduplication), for
	// the test that checks notation does not depend on the sequence chosen.
	all func(b board, steps []step)
	seq [4]step
}

func newGenerator() *generator {
	return &generator{seen: make(map[board]int)}
}

// run fills g.found with the distinct boards reached by the legal plays of the
// roll d1 >= d2 for player me (empty when the player must pass).
func (g *generator) run(start *board, me, d1, d2 int) {
	g.me = me
	g.start = *start
	g.bestLen, g.bestPips = 0, 0
	clear(g.seen)
	g.found = g.found[:0]
	if d1 == d2 {
		g.double(g.start, d1, 0, barIndex)
		return
	}
	g.pair(d1, d2)
	g.pair(d2, d1)
}

// record offers a finished sequence of n steps using pips pips of dice. Only
// sequences using the most dice, and among those the most pips (so the larger
// die when only one can be played), are legal.
func (g *generator) record(b *board, n, pips int) {
	if n < g.bestLen || (n == g.bestLen && pips < g.bestPips) {
		return
	}
	if n > g.bestLen || pips > g.bestPips {
		g.bestLen, g.bestPips = n, pips
		clear(g.seen)
		g.found = g.found[:0]
	}
	if g.all != nil {
		g.all(*b, g.seq[:n])
	}
	if _, dup := g.seen[*b]; dup {
		return
	}
	g.seen[*b] = len(g.found)
	c := candidate{b: *b, n: n}
	copy(c.steps[:], g.seq[:n])
	g.found = append(g.found, c)
}

// sources lists, highest first, the points me may move a checker from: only the
// bar while a checker is on it.
func (g *generator) mayMoveFrom(b *board, from int) bool {
	if b[g.me][from] == 0 {
		return false
	}
	return from == barIndex || b[g.me][barIndex] == 0
}

// pair plays the non-double roll first, then second.
func (g *generator) pair(first, second int) {
	me := g.me
	b0 := g.start
	for from := barIndex; from >= 1; from-- {
		if !g.mayMoveFrom(&b0, from) {
			continue
		}
		to, ok := b0.target(me, from, first)
		if !ok {
			continue
		}
		b1 := b0
		b1.apply(me, from, to)
		g.seq[0] = step{int8(from), int8(to)}
		moved := false
		for from2 := barIndex; from2 >= 1; from2-- {
			if !g.mayMoveFrom(&b1, from2) {
				continue
			}
			to2, ok := b1.target(me, from2, second)
			if !ok {
				continue
			}
			b2 := b1
			b2.apply(me, from2, to2)
			g.seq[1] = step{int8(from2), int8(to2)}
			g.record(&b2, 2, first+second)
			moved = true
		}
		if !moved {
			g.record(&b1, 1, first)
		}
	}
}

// double plays up to four moves of die, taking sources in non-increasing order:
// every legal sequence of a double can be reordered so (moves only go down, so a
// later move never makes an earlier one illegal, and the blocks do not change), and
// the order does not change the board reached.
func (g *generator) double(b board, die, n, maxFrom int) {
	if n == 4 {
		g.record(&b, n, n*die)
		return
	}
	me := g.me
	moved := false
	for from := maxFrom; from >= 1; from-- {
		if !g.mayMoveFrom(&b, from) {
			continue
		}
		to, ok := b.target(me, from, die)
		if !ok {
			continue
		}
		nb := b
		nb.apply(me, from, to)
		g.seq[n] = step{int8(from), int8(to)}
		g.double(nb, die, n+1, from)
		moved = true
	}
	if !moved {
		g.record(&b, n, n*die)
	}
}

// Plays returns the distinct legal plays of the rolled dice, sorted by text: a
// single "pass" when nothing can be played, none when the game is over. It panics
// when the position has no roll.
func (p *Position) Plays() []Play {
	if p.dice[0] == 0 {
		panic("backgammon: Plays of a position without a roll")
	}
	if w, _ := p.Winner(); w >= 0 {
		return nil
	}
	g := newGenerator()
	g.run(&p.b, p.turn, p.dice[0], p.dice[1])
	next := &Position{b: p.b, turn: 1 - p.turn}
	if len(g.found) == 0 {
		return []Play{{Text: "pass", After: next}}
	}
	plays := make([]Play, len(g.found))
	for i := range g.found {
		c := &g.found[i]
		plays[i] = Play{
			Text:  formatPlay(&p.b, p.turn, c.steps[:c.n]),
			After: &Position{b: c.b, turn: 1 - p.turn},
		}
	}
	sort.Slice(plays, func(i, j int) bool { return plays[i].Text < plays[j].Text })
	return plays
}

// formatPlay writes steps the way GNU Backgammon's FormatMove does: moves sorted
// by from-point (then to-point) descending; a move that starts where an earlier
// one ends is joined to it (keeping the middle point, starred, only when the blot
// there was hit); identical moves are written once with a count; a landing point
// that held an opposing checker before the play is starred the first time only.
func formatPlay(pre *board, me int, steps []step) string {
	if len(steps) == 0 {
		return "pass"
	}
	opp := 1 - me
	hadOpponent := func(pt int) bool { return pt >= 1 && pt <= 24 && pre[opp][25-pt] > 0 }

	type path struct {
		pts  [5]int // pts[0] the source, pts[last] the destination
		last int
		n    int // how many checkers took this path
		live bool
	}
	paths := make([]path, len(steps))
	for i, s := range steps {
		paths[i] = path{pts: [5]int{int(s.from), int(s.to)}, last: 1, n: 1, live: true}
	}
	sort.Slice(paths, func(i, j int) bool {
		if paths[i].pts[0] != paths[j].pts[0] {
			return paths[i].pts[0] > paths[j].pts[0]
		}
		return paths[i].pts[1] > paths[j].pts[1]
	})
	for i := range paths {
		for j := i; j < len(paths); j++ {
			pi, pj := &paths[i], &paths[j]
			if !pi.live || !pj.live || pi.pts[pi.last] != pj.pts[0] {
				continue
			}
			if hadOpponent(pi.pts[pi.last]) {
				pi.last++
			}
			pi.pts[pi.last] = pj.pts[1]
			pj.live = false
		}
	}
	for i := range paths {
		if !paths[i].live {
			continue
		}
		for j := i + 1; j < len(paths); j++ {
			if paths[j].live && paths[j].last == paths[i].last && paths[j].pts == paths[i].pts {
				paths[i].n++
				paths[j].live = false
			}
		}
	}
	var sb strings.Builder
	var starred uint32
	for i := range paths {
		pa := &paths[i]
		if !pa.live {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(pointName(pa.pts[0]))
		for k := 1; k < pa.last; k++ {
			sb.WriteByte('/')
			sb.WriteString(pointName(pa.pts[k]))
			sb.WriteByte('*')
			starred |= 1 << pa.pts[k]
		}
		dest := pa.pts[pa.last]
		sb.WriteByte('/')
		sb.WriteString(pointName(dest))
		if dest != offIndex && hadOpponent(dest) && starred&(1<<dest) == 0 {
			sb.WriteByte('*')
			starred |= 1 << dest
		}
		if pa.n > 1 {
			sb.WriteString("(" + strconv.Itoa(pa.n) + ")")
		}
	}
	return sb.String()
}

func pointName(pt int) string {
	switch pt {
	case offIndex:
		return "off"
	case barIndex:
		return "bar"
	}
	return strconv.Itoa(pt)
}
