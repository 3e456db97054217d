package draughts

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// RandomPosition returns a legal-looking position for differential tests:
// both players' pieces crowded into one part of the board so that captures,
// long capture sequences and choices between captures are frequent, about a
// third of them kings; no man stands on its own crowning row. In games with a
// king-move limit, a player with men and kings sometimes has a run of king
// moves under way. The player to move is random.
func RandomPosition(r *Rules, rng *rand.Rand) *Position {
	p := &Position{Rules: r, Board: make([]byte, r.Size*r.Size), RunSquare: [2]int{-1, -1}}
	p.Turn = 'w'
	if rng.IntN(2) == 0 {
		p.Turn = 'b'
	}
	// A window of the board, from 4x4 up to the whole board, holds most pieces.
	w := 4 + rng.IntN(r.Size-3)
	f0, r0 := rng.IntN(r.Size-w+1), rng.IntN(r.Size-w+1)
	var window, all []int
	for rk := 0; rk < r.Size; rk++ {
		for f := 0; f < r.Size; f++ {
			if !r.Playing(f, rk) {
				continue
			}
			sq := rk*r.Size + f
			all = append(all, sq)
			if f >= f0 && f < f0+w && rk >= r0 && rk < r0+w {
				window = append(window, sq)
			}
		}
	}
	kingShare := []int{0, 3, 6}[rng.IntN(3)] // kings out of 10: none, some, many
	for _, side := range []byte{'w', 'b'} {
		n := 1 + rng.IntN(max(2, len(window)/3))
		for i := 0; i < n; i++ {
			pool := window
			if rng.IntN(5) == 0 {
				pool = all
			}
			sq := pool[rng.IntN(len(pool))]
			if p.Board[sq] != 0 || p.count(side) >= p.startCount() {
				continue
			}
			king := rng.IntN(10) < kingShare
			if !king && sq/r.Size == p.farRank(side) {
				king = true
			}
			if king {
				p.Board[sq] = kingOf(side)
			} else {
				p.Board[sq] = side
			}
		}
	}
	// Capture chains: a piece and enemy pieces laid out along a random route
	// of jumps, so that captures of several pieces, and choices between
	// captures of equal length, come often.
	// Two chains of the same player taking the same kinds of pieces in a
	// different order make every precedence criterion decide now and then.
	if rng.IntN(2) == 0 {
		side := []byte{'w', 'b'}[rng.IntN(2)]
		kinds := make([]bool, 1+rng.IntN(4))
		for i := range kinds {
			kinds[i] = rng.IntN(5) < 2
		}
		if len(kinds) > 1 && rng.IntN(2) == 0 {
			kinds[0], kinds[1] = true, false // a king and a man, met in two orders
		}
		king := rng.IntN(2) == 0 || (r.MenCannotCaptureKings && slices.Contains(kinds, true))
		p.plantChain(rng, side, king, kinds)
		slices.Reverse(kinds)
		if rng.IntN(3) == 0 {
			king = !king
		}
		p.plantChain(rng, side, king, kinds)
		if rng.IntN(2) == 0 {
			p.plantChain(rng, other(side), rng.IntN(2) == 0, kinds)
		}
	}
	// A ring: four pieces around an empty square, taken either way round.
	if rng.IntN(3) == 0 {
		side := []byte{'w', 'b'}[rng.IntN(2)]
		for try := 0; try < 20 && !p.plantRing(rng, side); try++ {
		}
	}
	if r.KingMoveLimit > 0 {
		for i, side := range []byte{'w', 'b'} {
			if !p.hasMenAndKings(side) || rng.IntN(2) == 0 {
				continue
			}
			var kings []int
			for sq, c := range p.Board {
				if c == kingOf(side) {
					kings = append(kings, sq)
				}
			}
			p.RunSquare[i] = kings[rng.IntN(len(kings))]
			p.RunCount[i] = 1 + rng.IntN(r.KingMoveLimit)
			if rng.IntN(2) == 0 {
				p.RunCount[i] = r.KingMoveLimit // the king must rest
			}
		}
	}
	return p
}

// place puts side's piece on sq, a king if king or if a man would stand on
// its crowning row.
func (p *Position) place(sq int, side byte, king bool) {
	if king || sq/p.Rules.Size == p.farRank(side) {
		p.Board[sq] = kingOf(side)
	} else {
		p.Board[sq] = side
	}
}

// plantChain puts a piece of side (a king if king) on a free square and
// enemy pieces of the given kinds (true: king) where it can jump them one
// after another. It tries a few routes and leaves the board as it was if
// none fits.
func (p *Position) plantChain(rng *rand.Rand, side byte, king bool, kinds []bool) {
	for try := 0; try < 10; try++ {
		if p.tryChain(rng, side, king, kinds) {
			return
		}
	}
}

func (p *Position) tryChain(rng *rand.Rand, side byte, king bool, kinds []bool) bool {
	r := p.Rules
	board := slices.Clone(p.Board)
	defer func() {
		if board != nil {
			p.Board = board // undo
		}
	}()
	sq := rng.IntN(len(p.Board))
	if p.Board[sq] != 0 || !r.Playing(sq%r.Size, sq/r.Size) {
		return false
	}
	p.place(sq, side, king)
	king = isKing(p.Board[sq])
	for _, kind := range kinds {
		dirs := p.captureDirs(king, side)
		d := dirs[rng.IntN(len(dirs))]
		mid := r.step(sq, d)
		if king && r.FlyingKings {
			for k := rng.IntN(3); k > 0 && mid >= 0 && p.Board[mid] == 0; k-- {
				mid = r.step(mid, d)
			}
		}
		if mid < 0 || owner(p.Board[mid]) == side {
			return false
		}
		land := r.step(mid, d)
		if land < 0 || p.Board[land] != 0 {
			return false
		}
		if p.Board[mid] == 0 {
			p.place(mid, other(side), kind)
		}
		sq = land
	}
	if p.count(side) > p.startCount() || p.count(other(side)) > p.startCount() {
		return false // more pieces than a player starts with
	}
	board = nil // keep
	return true
}

// count is the number of side's pieces.
func (p *Position) count(side byte) int {
	n := 0
	for _, c := range p.Board {
		if owner(c) == side {
			n++
		}
	}
	return n
}

// startCount is the number of men each player starts with.
func (p *Position) startCount() int {
	return strings.Count(Start(p.Rules).String(), ":") / 2
}

// plantRing puts four enemy pieces of side on the diagonal neighbours of an
// empty square and a king of side two squares from it, so that the king can
// take the four going round either way: two routes to one outcome, and with
// kings among the four a choice for the earliest-king rule. It does nothing
// where the squares are not free (and says so) or the game's kings do not
// capture diagonally.
func (p *Position) plantRing(rng *rand.Rand, side byte) bool {
	r := p.Rules
	if r.KingCaptures&Diagonal != Diagonal {
		return true // nothing to plant
	}
	c := rng.IntN(len(p.Board))
	f, rk := c%r.Size, c/r.Size
	starts := []dir{{0, 2}, {0, -2}, {2, 0}, {-2, 0}}
	st := starts[rng.IntN(4)]
	var ring, free []int
	for _, d := range []dir{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
		ring = append(ring, (rk+d.dr)*r.Size+f+d.df)
	}
	for _, d := range append(starts, dir{0, 0}) {
		free = append(free, (rk+d.dr)*r.Size+f+d.df)
	}
	if f < 2 || rk < 2 || f >= r.Size-2 || rk >= r.Size-2 || !r.Playing(f, rk) {
		return false
	}
	for _, sq := range append(slices.Clone(ring), free...) {
		if p.Board[sq] != 0 {
			return false
		}
	}
	board := slices.Clone(p.Board)
	for _, sq := range ring {
		p.place(sq, other(side), rng.IntN(2) == 0)
	}
	p.place((rk+st.dr)*r.Size+f+st.df, side, true)
	if p.count(side) > p.startCount() || p.count(other(side)) > p.startCount() {
		p.Board = board
		return false
	}
	return true
}
