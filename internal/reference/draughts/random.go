package draughts

import (
	"math/rand/v2"
	"slices"
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
			if p.Board[sq] != 0 {
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
	// No side has more pieces than it starts with (Thai starts with 8).
	for _, side := range []byte{'w', 'b'} {
		var mine []int
		for sq, c := range p.Board {
			if c == side || c == kingOf(side) {
				mine = append(mine, sq)
			}
		}
		if len(mine) <= r.Rows*r.Size/2 {
			continue // (drawing no random number, so other games' positions stay as they were)
		}
		rng.Shuffle(len(mine), func(i, j int) { mine[i], mine[j] = mine[j], mine[i] })
		for _, sq := range mine[r.Rows*r.Size/2:] {
			p.Board[sq] = 0
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
	board = nil // keep
	return true
}
