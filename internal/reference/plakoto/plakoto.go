// Package plakoto is an independent reference implementation of Plakoto,
// the Greek pinning game of Tavli, written from the published rules
// (bkgm.com's Tavli pages; The Board's and pbmserv's rules for Plakoto) and
// the choices stackrules makes for them (variants/plakoto.yaml's header:
// the mother rule, a gammon is 2), without reading the
// interpreter, so tests can compare the two. It knows nothing of
// stackrules' board or interpreter.
//
// Points are numbered 1..24 in white's numbering (white's point n is
// black's point 25-n). Each player's fifteen checkers start on its own
// 24-point and travel down to its 1-point, then off, as in backgammon.
// There is no hitting: a checker landing on a lone opposing checker pins
// it; a pinned checker cannot move until every checker above it has left.
package plakoto

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The players. The game opens as Tavli's games do: each player rolls one
// die, and the higher starts by rolling both dice anew (equal dice roll
// again), so the opening decides only who starts, either player as likely.
const (
	White = 0
	Black = 1
)

const checkers = 15

// stack is one point: n checkers of top (none when n is 0), over one
// pinned checker of the other player when pinned.
type stack struct {
	top    int8
	n      int8
	pinned bool
}

// board is the 24 points (index 1..24, white's numbering) and the
// checkers each player has borne off. It is comparable, for deduplication.
type board struct {
	pt  [25]stack
	off [2]int8
}

// Position is a Plakoto position: the checkers, the player to move and the
// roll to play (0, 0 when not rolled).
type Position struct {
	b    board
	turn int
	dice [2]int
	// opening: the opening roll, which decides who starts, is to come.
	opening bool
}

// abs is the point in white's numbering of player's own point n.
func abs(player, n int) int {
	if player == White {
		return n
	}
	return 25 - n
}

// Start is the starting layout before the opening roll.
func Start() Position {
	var p Position
	p.b.pt[abs(White, 24)] = stack{top: White, n: checkers}
	p.b.pt[abs(Black, 24)] = stack{top: Black, n: checkers}
	p.opening = true
	return p
}

// Opening reports whether the opening roll is to come.
func (p Position) Opening() bool { return p.opening }

// Starters are the outcomes of the opening roll at p: the layout with white
// to roll, and with black to roll.
func (p Position) Starters() []Position {
	var out []Position
	for pl := White; pl <= Black; pl++ {
		q := p
		q.opening, q.turn, q.dice = false, pl, [2]int{}
		out = append(out, q)
	}
	return out
}

// FromStacks builds a position from its points: for each point in white's
// numbering, its checkers bottom to top ("w", "bww": a black checker
// pinned under two white ones). Checkers not on the board are borne off.
func FromStacks(points map[int]string, turn, d1, d2 int) (Position, error) {
	var p Position
	on := [2]int{}
	for pt, s := range points {
		if pt < 1 || pt > 24 || s == "" {
			return p, fmt.Errorf("point %d: %q", pt, s)
		}
		who := func(c byte) (int8, error) {
			switch c {
			case 'w':
				return White, nil
			case 'b':
				return Black, nil
			}
			return 0, fmt.Errorf("point %d: %q", pt, s)
		}
		top, err := who(s[len(s)-1])
		if err != nil {
			return p, err
		}
		st := stack{top: top}
		for i := 0; i < len(s); i++ {
			c, err := who(s[i])
			if err != nil {
				return p, err
			}
			switch {
			case c == top:
				st.n++
			case i == 0 && len(s) > 1:
				st.pinned = true
			default:
				return p, fmt.Errorf("point %d: %q is no Plakoto point", pt, s)
			}
			on[c]++
		}
		p.b.pt[pt] = st
	}
	for pl := 0; pl < 2; pl++ {
		if on[pl] > checkers {
			return p, fmt.Errorf("%d checkers of player %d", on[pl], pl)
		}
		p.b.off[pl] = int8(checkers - on[pl])
	}
	p.turn = turn
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	p.dice = [2]int{d1, d2}
	return p, nil
}

// Key names the position: each occupied point (white's numbering) with its
// checkers bottom to top, the player to move and the roll.
func (p Position) Key() string {
	var sb strings.Builder
	for pt := 1; pt <= 24; pt++ {
		st := p.b.pt[pt]
		if st.n == 0 {
			continue
		}
		fmt.Fprintf(&sb, "%d:", pt)
		if st.pinned {
			sb.WriteByte("wb"[1-st.top])
		}
		sb.WriteString(strings.Repeat(string("wb"[st.top]), int(st.n)))
		sb.WriteByte(' ')
	}
	fmt.Fprintf(&sb, "| %c %d%d", "wb"[p.turn], p.dice[0], p.dice[1])
	if p.opening {
		sb.WriteString(" opening")
	}
	return sb.String()
}

func (p Position) String() string { return p.Key() }

// ToMove is the player to move.
func (p Position) ToMove() int { return p.turn }

// WithRoll is p with the roll d1, d2 to play.
func (p Position) WithRoll(d1, d2 int) Position {
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	p.dice = [2]int{d1, d2}
	return p
}

// mine counts me's checkers on point a (white's numbering), pinned or not,
// and says whether one is pinned there.
func (b *board) mine(me, a int) (n int, pinned bool) {
	st := b.pt[a]
	if st.n > 0 && int(st.top) == me {
		n = int(st.n)
	}
	if st.n > 0 && int(st.top) != me && st.pinned {
		return n + 1, true
	}
	return n, false
}

// bearing says whether me may bear off: every checker on the board in its
// home board (own points 1..6), none pinned; and the highest own point
// holding one.
func (b *board) bearing(me int) (ok bool, highest int) {
	for n := 24; n >= 1; n-- {
		c, pinned := b.mine(me, abs(me, n))
		if pinned {
			return false, 0
		}
		if c > 0 {
			if n > 6 {
				return false, 0
			}
			if highest == 0 {
				highest = n
			}
		}
	}
	return true, highest
}

// step moves me's checker on own point from by die, if the rules allow:
// the board after, and whether it is legal.
func (b board) step(me, from, die int) (board, bool) {
	a := abs(me, from)
	st := b.pt[a]
	if st.n == 0 || int(st.top) != me {
		return b, false // no checker, or only a pinned one
	}
	to := from - die
	if to < 1 {
		ok, highest := b.bearing(me)
		if !ok || (to < 0 && from != highest) {
			return b, false
		}
	} else {
		d := b.pt[abs(me, to)]
		if d.n > 0 && int(d.top) != me && (d.n > 1 || d.pinned) {
			return b, false // two or more, or a checker pinning one of mine
		}
	}
	// lift
	st.n--
	if st.n == 0 {
		if st.pinned {
			st = stack{top: int8(1 - me), n: 1}
		} else {
			st = stack{}
		}
	}
	b.pt[a] = st
	if to < 1 {
		b.off[me]++
		return b, true
	}
	d := b.pt[abs(me, to)]
	switch {
	case d.n == 0:
		d = stack{top: int8(me), n: 1}
	case int(d.top) == me:
		d.n++
	default: // a lone opposing checker: pinned
		d = stack{top: int8(me), n: 1, pinned: true}
	}
	b.pt[abs(me, to)] = d
	return b, true
}

// Play is one legal play: its text and the position after it.
type Play struct {
	Text  string
	After Position
}

type move struct{ from, to int }

type gen struct {
	me      int
	most    int // dice used by the best plays so far
	pips    int // and the pips they use
	found   map[board][]move
	visited map[walkKey]bool
}

// walkKey is a board with the dice left to play on it, visited once.
type walkKey struct {
	b    board
	left [4]int8
}

func (g *gen) record(b board, seq []move, used, pips int) {
	if used < g.most || used == g.most && pips < g.pips {
		return
	}
	if used > g.most || pips > g.pips {
		g.most, g.pips = used, pips
		g.found = map[board][]move{}
	}
	if _, ok := g.found[b]; !ok {
		g.found[b] = append([]move(nil), seq...)
	}
}

// walk plays the dice left in every order and on every checker.
func (g *gen) walk(b board, left []int, seq []move, pips int) {
	key := walkKey{b: b}
	for i, d := range left {
		key.left[i] = int8(d)
	}
	if g.visited[key] {
		return
	}
	g.visited[key] = true
	g.record(b, seq, len(seq), pips)
	tried := map[int]bool{}
	for i, d := range left {
		if tried[d] {
			continue
		}
		tried[d] = true
		rest := append(append([]int(nil), left[:i]...), left[i+1:]...)
		for from := 24; from >= 1; from-- {
			nb, ok := b.step(g.me, from, d)
			if !ok {
				continue
			}
			g.walk(nb, rest, append(seq, move{from, max(from-d, 0)}), pips+d)
		}
	}
}

// Plays lists the distinct legal plays of the roll, sorted by text: one
// "pass" when nothing can be played, none when the game is over. It panics
// without a roll.
func (p Position) Plays() []Play {
	if p.dice[0] == 0 {
		panic("plakoto: Plays of a position without a roll")
	}
	if over, _, _ := p.prevResult(); over {
		return nil
	}
	d1, d2 := p.dice[0], p.dice[1]
	dice := []int{d1, d2}
	if d1 == d2 {
		dice = []int{d1, d1, d1, d1}
	}
	g := &gen{me: p.turn, found: map[board][]move{}, visited: map[walkKey]bool{}}
	g.walk(p.b, dice, nil, 0)
	next := Position{b: p.b, turn: 1 - p.turn}
	if g.most == 0 {
		return []Play{{Text: "pass", After: next}}
	}
	var out []Play
	for b, seq := range g.found {
		out = append(out, Play{Text: format(seq), After: Position{b: b, turn: 1 - p.turn}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

// format writes a play in GNU Backgammon's way, without stars (nothing is
// hit): moves from the highest point down, a checker's moves joined
// (24/18/13 is 24/13), the same move twice as 13/7(2).
func format(seq []move) string {
	ms := append([]move(nil), seq...)
	sort.Slice(ms, func(i, j int) bool {
		if ms[i].from != ms[j].from {
			return ms[i].from > ms[j].from
		}
		return ms[i].to > ms[j].to
	})
	live := make([]bool, len(ms))
	for i := range live {
		live[i] = true
	}
	for i := range ms {
		for j := i + 1; j < len(ms); j++ {
			if live[i] && live[j] && ms[i].to == ms[j].from && ms[i].to != 0 {
				ms[i].to = ms[j].to
				live[j] = false
			}
		}
	}
	name := func(n int) string {
		if n == 0 {
			return "off"
		}
		return strconv.Itoa(n)
	}
	var parts []string
	for i := range ms {
		if !live[i] {
			continue
		}
		count := 1
		for j := i + 1; j < len(ms); j++ {
			if live[j] && ms[j] == ms[i] {
				count++
				live[j] = false
			}
		}
		s := name(ms[i].from) + "/" + name(ms[i].to)
		if count > 1 {
			s += "(" + strconv.Itoa(count) + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// Result says whether the game is over after the last play, made by the
// player not to move: a draw (both mothers pinned), or the winner and the
// points (the mother pinned: 2; all fifteen borne off: 1, 2 when the loser
// bore off none).
func (p Position) Result() (over bool, winner, points int) { return p.prevResult() }

func (p Position) prevResult() (over bool, winner, points int) {
	me := 1 - p.turn
	opp := p.turn
	pinnedMother := func(pl int) bool {
		st := p.b.pt[abs(pl, 24)]
		return st.n > 0 && int(st.top) != pl && st.pinned
	}
	if pinnedMother(opp) && pinnedMother(me) {
		return true, -1, 0
	}
	if n, _ := p.b.mine(me, abs(me, 24)); pinnedMother(opp) && n == 0 {
		return true, me, 2
	}
	if p.b.off[me] == checkers {
		if p.b.off[opp] > 0 {
			return true, me, 1
		}
		return true, me, 2
	}
	return false, 0, 0
}

// Perft counts the leaves of the play tree depth turns deep: a position
// with a roll has its distinct plays (a pass is one); one without takes
// each of the 21 distinct rolls once; before the opening roll, each player
// starting once.
func Perft(p Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if p.opening {
		var n int64
		for _, q := range p.Starters() {
			n += Perft(q, depth)
		}
		return n
	}
	if p.dice[0] == 0 {
		var n int64
		for a := 1; a <= 6; a++ {
			for b := 1; b <= a; b++ {
				n += Perft(p.WithRoll(a, b), depth)
			}
		}
		return n
	}
	plays := p.Plays()
	if depth == 1 {
		return int64(len(plays))
	}
	var n int64
	for _, pl := range plays {
		n += Perft(pl.After, depth-1)
	}
	return n
}
