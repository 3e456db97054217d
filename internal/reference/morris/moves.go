package morris

import (
	"math/bits"
	"sort"
)

// Move is one legal move: its pinned notation and the canonical position after it.
type Move struct {
	Text  string // "d2", "d2-d3", "a1-g7", "d2xa1", "d2-d3xa1"
	After string // String() of the position after the move
}

// rawMove is a move as point indexes; from is -1 for a placement, remove -1 when the
// move removes nothing.
type rawMove struct {
	from, to, remove int8
}

func (m rawMove) text() string {
	s := pointNames[m.to]
	if m.from >= 0 {
		s = pointNames[m.from] + "-" + s
	}
	if m.remove >= 0 {
		s += "x" + pointNames[m.remove]
	}
	return s
}

// apply returns the position after m, with the turn passed to the opponent.
func (p *Position) apply(m rawMove) Position {
	q := *p
	me, opp := q.turn, 1-q.turn
	if m.from < 0 {
		q.hand[me]--
	} else {
		q.pieces[me] &^= 1 << m.from
	}
	q.pieces[me] |= 1 << m.to
	if m.remove >= 0 {
		q.pieces[opp] &^= 1 << m.remove
	}
	q.turn = opp
	return q
}

// tooFew reports the first end rule: the player to move, i.e. the opponent of whoever
// moved last, has fewer than 3 pieces on the board plus in hand.
func (p *Position) tooFew() bool {
	return bits.OnesCount32(p.pieces[p.turn])+p.hand[p.turn] < 3
}

// destinations gives, for a piece of the player to move standing on from (-1: a piece
// from hand), the empty points it may go to.
func (p *Position) destinations(from int, flying bool) uint32 {
	empty := allPoints &^ (p.pieces[red] | p.pieces[black])
	if from < 0 || flying {
		return empty
	}
	return adjacentMasks[from] & empty
}

// generate appends every legal move of the player to move, ignoring the end rules.
func (p *Position) generate(out []rawMove) []rawMove {
	me, opp := p.turn, 1-p.turn
	own := p.pieces[me]
	victims := removable(p.pieces[opp])
	add := func(from, to int, after uint32) {
		if victims == 0 || !makesMill(after, to) {
			out = append(out, rawMove{int8(from), int8(to), -1})
			return
		}
		for v := victims; v != 0; v &= v - 1 {
			out = append(out, rawMove{int8(from), int8(to), int8(bits.TrailingZeros32(v))})
		}
	}
	if p.hand[me] > 0 {
		for d := p.destinations(-1, false); d != 0; d &= d - 1 {
			to := bits.TrailingZeros32(d)
			add(-1, to, own|1<<to)
		}
		return out
	}
	flying := bits.OnesCount32(own) == 3
	for f := own; f != 0; f &= f - 1 {
		from := bits.TrailingZeros32(f)
		for d := p.destinations(from, flying); d != 0; d &= d - 1 {
			to := bits.TrailingZeros32(d)
			add(from, to, own&^(1<<from)|1<<to)
		}
	}
	return out
}

// Moves lists every legal move sorted by Text; nil when the game is over at p.
func (p *Position) Moves() []Move {
	if p.tooFew() {
		return nil
	}
	raw := p.generate(nil)
	if len(raw) == 0 {
		return nil
	}
	moves := make([]Move, len(raw))
	for i, m := range raw {
		q := p.apply(m)
		moves[i] = Move{Text: m.text(), After: q.String()}
	}
	sort.Slice(moves, func(i, j int) bool { return moves[i].Text < moves[j].Text })
	return moves
}

// Result is "" while the game goes on, else the winner's letter. The player not to move
// made the last move: it has won if the player to move is down to fewer than 3 pieces
// (board plus hand), or if the player to move has no legal move.
func (p *Position) Result() string {
	if p.tooFew() || !p.hasMove() {
		return playerLetters[1-p.turn]
	}
	return ""
}

func (p *Position) hasMove() bool {
	me := p.turn
	own := p.pieces[me]
	if p.hand[me] > 0 || bits.OnesCount32(own) == 3 {
		return p.destinations(-1, false) != 0
	}
	for f := own; f != 0; f &= f - 1 {
		if p.destinations(bits.TrailingZeros32(f), false) != 0 {
			return true
		}
	}
	return false
}

// Perft counts the move sequences of length depth from p; a finished game has no moves.
func Perft(p *Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	return perft(*p, depth)
}

func perft(p Position, depth int) int64 {
	if p.tooFew() {
		return 0
	}
	if depth == 1 {
		return p.countMoves()
	}
	var buf [256]rawMove
	var n int64
	for _, m := range p.generate(buf[:0]) {
		n += perft(p.apply(m), depth-1)
	}
	return n
}

// countMoves is len(generate()) without building the list: a move that makes a mill
// counts once per removable piece (once if the opponent has no piece on the board).
func (p *Position) countMoves() int64 {
	me, opp := p.turn, 1-p.turn
	own := p.pieces[me]
	perMill := int64(bits.OnesCount32(removable(p.pieces[opp])))
	if perMill == 0 {
		perMill = 1
	}
	var n int64
	count := func(to int, after uint32) {
		if makesMill(after, to) {
			n += perMill
		} else {
			n++
		}
	}
	if p.hand[me] > 0 {
		for d := p.destinations(-1, false); d != 0; d &= d - 1 {
			to := bits.TrailingZeros32(d)
			count(to, own|1<<to)
		}
		return n
	}
	flying := bits.OnesCount32(own) == 3
	for f := own; f != 0; f &= f - 1 {
		from := bits.TrailingZeros32(f)
		for d := p.destinations(from, flying); d != 0; d &= d - 1 {
			to := bits.TrailingZeros32(d)
			count(to, own&^(1<<from)|1<<to)
		}
	}
	return n
}
