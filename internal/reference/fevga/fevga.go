// Package fevga is an independent reference implementation of Fevga, the
// Greek running game of Tavli, written from the published rules (bkgm.com's
// Tavli pages, BrainKing's rules) and the choices stackrules makes for them
// (variants/fevga.yaml's header: a gammon is 2, no duty to open a prime),
// without reading the interpreter, so tests can compare the
// two. It knows nothing of stackrules' board or interpreter.
//
// Points are numbered 1..24 in white's numbering. Both players run the
// same way round the board: each from its own 24-point down to its own
// 1-point, then off; black's 24-point is white's 12 (diagonally opposite
// white's 24), so black's point n is white's n+12 for n <= 12 and n-12
// above. There is no hitting: a point with any opposing checker is closed.
package fevga

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

// board holds, per point 1..24 in white's numbering, the owner's checkers
// (owner+1 in who; 0 for an empty point), and each player's borne off.
type board struct {
	who [25]int8
	n   [25]int8
	off [2]int8
}

// Position is a Fevga position: the checkers, the player to move and the
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
	if n <= 12 {
		return n + 12
	}
	return n - 12
}

// Start is the starting layout before the opening roll.
func Start() Position {
	var p Position
	for pl := 0; pl < 2; pl++ {
		a := abs(pl, 24)
		p.b.who[a], p.b.n[a] = int8(pl+1), checkers
	}
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
// numbering, its checkers ("www"). Checkers not on the board are borne off.
func FromStacks(points map[int]string, turn, d1, d2 int) (Position, error) {
	var p Position
	on := [2]int{}
	for pt, s := range points {
		if pt < 1 || pt > 24 || s == "" || strings.Trim(s, s[:1]) != "" || (s[0] != 'w' && s[0] != 'b') {
			return p, fmt.Errorf("point %d: %q is no Fevga point", pt, s)
		}
		pl := strings.IndexByte("wb", s[0])
		p.b.who[pt], p.b.n[pt] = int8(pl+1), int8(len(s))
		on[pl] += len(s)
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
// checkers, the player to move and the roll.
func (p Position) Key() string {
	var sb strings.Builder
	for pt := 1; pt <= 24; pt++ {
		if p.b.n[pt] > 0 {
			fmt.Fprintf(&sb, "%d:%s ", pt, strings.Repeat(string("wb"[p.b.who[pt]-1]), int(p.b.n[pt])))
		}
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

// count is me's checkers on own point n.
func (b *board) count(me, n int) int {
	a := abs(me, n)
	if int(b.who[a]) == me+1 {
		return int(b.n[a])
	}
	return 0
}

// step moves me's checker on own point from by die, if the rules allow.
func (b board) step(me, from, die int) (board, bool) {
	if b.count(me, from) == 0 {
		return b, false
	}
	// The first checker must get past the other player's starting point
	// (own point 12) before a second leaves the starting point.
	if from == 24 && b.count(me, 24) < checkers && b.off[me] == 0 {
		passed := false
		for n := 11; n >= 1; n-- {
			passed = passed || b.count(me, n) > 0
		}
		if !passed {
			return b, false
		}
	}
	to := from - die
	if to < 1 {
		highest := 0
		for n := 24; n >= 1; n-- {
			if b.count(me, n) > 0 {
				if n > 6 {
					return b, false // not all home
				}
				if highest == 0 {
					highest = n
				}
			}
		}
		if to < 0 && from != highest {
			return b, false
		}
	} else if a := abs(me, to); b.n[a] > 0 && int(b.who[a]) != me+1 {
		return b, false // one opposing checker holds a point
	}
	a := abs(me, from)
	b.n[a]--
	if b.n[a] == 0 {
		b.who[a] = 0
	}
	if to < 1 {
		b.off[me]++
		return b, true
	}
	t := abs(me, to)
	b.who[t] = int8(me + 1)
	b.n[t]++
	// Never all six points of the starting quarter (own 24..19) at once.
	all := true
	for n := 19; n <= 24; n++ {
		all = all && b.count(me, n) > 0
	}
	return b, !all
}

// Play is one legal play: its text and the position after it.
type Play struct {
	Text  string
	After Position
}

type move struct{ from, to int }

type gen struct {
	me         int
	most, pips int
	found      map[board][]move
	visited    map[walkKey]bool
}

// walkKey is a board with the dice left to play on it, visited once.
type walkKey struct {
	b    board
	left [4]int8
}

func (g *gen) record(b board, seq []move, pips int) {
	used := len(seq)
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

func (g *gen) walk(b board, left []int, seq []move, pips int) {
	key := walkKey{b: b}
	for i, d := range left {
		key.left[i] = int8(d)
	}
	if g.visited[key] {
		return
	}
	g.visited[key] = true
	g.record(b, seq, pips)
	tried := map[int]bool{}
	for i, d := range left {
		if tried[d] {
			continue
		}
		tried[d] = true
		rest := append(append([]int(nil), left[:i]...), left[i+1:]...)
		for from := 24; from >= 1; from-- {
			if nb, ok := b.step(g.me, from, d); ok {
				g.walk(nb, rest, append(seq, move{from, max(from-d, 0)}), pips+d)
			}
		}
	}
}

// Plays lists the distinct legal plays of the roll, sorted by text: one
// "pass" when nothing can be played, none when the game is over. It panics
// without a roll.
func (p Position) Plays() []Play {
	if p.dice[0] == 0 {
		panic("fevga: Plays of a position without a roll")
	}
	if over, _, _ := p.Result(); over {
		return nil
	}
	d1, d2 := p.dice[0], p.dice[1]
	dice := []int{d1, d2}
	if d1 == d2 {
		dice = []int{d1, d1, d1, d1}
	}
	g := &gen{me: p.turn, found: map[board][]move{}, visited: map[walkKey]bool{}}
	g.walk(p.b, dice, nil, 0)
	if g.most == 0 {
		return []Play{{Text: "pass", After: Position{b: p.b, turn: 1 - p.turn}}}
	}
	var out []Play
	for b, seq := range g.found {
		out = append(out, Play{Text: format(seq), After: Position{b: b, turn: 1 - p.turn}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

// format writes a play as GNU Backgammon writes moves: from the highest
// point down, a checker's moves joined (24/18/13 is 24/13), the same move
// twice as 13/7(2).
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

// Result says whether the game is over after the last play (made by the
// player not to move): the winner, with 1 point, or 2 when the loser bore
// off none.
func (p Position) Result() (over bool, winner, points int) {
	me, opp := 1-p.turn, p.turn
	if p.b.off[me] != checkers {
		return false, 0, 0
	}
	if p.b.off[opp] > 0 {
		return true, me, 1
	}
	return true, me, 2
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
