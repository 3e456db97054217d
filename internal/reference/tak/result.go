package tak

// Result is the state of a game in a position.
type Result struct {
	Over   bool
	Winner int    // 1 or 2; 0 for a draw or a game not over
	Reason string // "road", "flat", or "" while the game goes on
}

// owned returns the bitboard (bit rank*n+file) of squares whose top is a flat or capstone of
// player pl.
func (p *Position) owned(pl int) uint64 {
	var b uint64
	c := byte('0' + pl)
	for sq := 0; sq < p.n*p.n; sq++ {
		st := p.stacks[sq]
		if st != "" && st[len(st)-1] == c && p.tops[sq] != wall {
			b |= 1 << uint(sq)
		}
	}
	return b
}

// hasRoad reports whether player pl has a road: an orthogonally connected chain of owned
// squares touching both the left and right edges or both the bottom and top edges.
func (p *Position) hasRoad(pl int) bool {
	n := uint(p.n)
	own := p.owned(pl)
	var left, right, bottom, top uint64
	for i := uint(0); i < n; i++ {
		left |= 1 << (i * n)
		right |= 1 << (i*n + n - 1)
		bottom |= 1 << i
		top |= 1 << ((n-1)*n + i)
	}
	spread := func(seed uint64) uint64 {
		for {
			next := seed | seed<<n | seed>>n | (seed>>1)&^right | (seed<<1)&^left
			next &= own
			if next == seed {
				return seed
			}
			seed = next
		}
	}
	return spread(own&left)&right != 0 || spread(own&bottom)&top != 0
}

// flatCount counts the squares whose top piece is a flat of player pl.
func (p *Position) flatCount(pl int) int {
	c := byte('0' + pl)
	k := 0
	for sq := 0; sq < p.n*p.n; sq++ {
		st := p.stacks[sq]
		if st != "" && st[len(st)-1] == c && p.tops[sq] == flat {
			k++
		}
	}
	return k
}

// full reports whether no square is empty.
func (p *Position) full() bool {
	for sq := 0; sq < p.n*p.n; sq++ {
		if p.stacks[sq] == "" {
			return false
		}
	}
	return true
}

// outOfPieces reports whether either player has no stone and no capstone left to place.
func (p *Position) outOfPieces() bool {
	return p.stones[1]+p.caps[1] == 0 || p.stones[2]+p.caps[2] == 0
}

// GetResult returns the result of p as it stands. Roads come first: when both players have
// one, the player who made the last move (the one not to move in p) wins. Otherwise, with a
// full board or a player out of pieces, the flats on top decide, player 2 adding the komi;
// equal counts are a draw (Over, Winner 0, Reason "flat").
func GetResult(p *Position) Result {
	w, b := p.hasRoad(1), p.hasRoad(2)
	switch {
	case w && b:
		return Result{Over: true, Winner: 3 - p.turn, Reason: "road"}
	case w:
		return Result{Over: true, Winner: 1, Reason: "road"}
	case b:
		return Result{Over: true, Winner: 2, Reason: "road"}
	}
	if p.full() || p.outOfPieces() {
		white, black := 2*p.flatCount(1), 2*p.flatCount(2)+p.komi
		r := Result{Over: true, Reason: "flat"}
		if white > black {
			r.Winner = 1
		} else if black > white {
			r.Winner = 2
		}
		return r
	}
	return Result{}
}
