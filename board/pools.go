package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Pools. A game whose players keep pieces of several kinds in hand (Tak's
// stones and capstones), or that places neutral pieces (DVONN's), keeps one
// count per pool: a pool is the pieces of one piece code not yet placed.
// Position.Pools[i] is pool i's count; a player's pools add up to Hand[player]
// (so `in_hand(p)` still reads one number), while a neutral pool counts for
// nobody. Position strings write the pools as the hand field, by piece
// letter: `hand:w21,b21,c1,d1`. Games without pools keep Hand alone.

// MaxPools bounds the pools of a game, so a Position stays a flat value.
const MaxPools = 8

// UsePools makes the board's games keep pools: codes[i] is the piece code of
// pool i. Position strings then write the hand field by pool.
func (b *Board) UsePools(codes []int) error {
	if len(codes) > MaxPools {
		return fmt.Errorf("%d kinds of piece in hand: at most %d", len(codes), MaxPools)
	}
	b.pools = append([]int(nil), codes...)
	return nil
}

// Pools are the piece codes of the board's pools, nil without pools.
func (b *Board) Pools() []int { return b.pools }

// PoolOf is the pool holding pieces of code, -1 for none.
func (b *Board) PoolOf(code int) int {
	for i, c := range b.pools {
		if c == code {
			return i
		}
	}
	return -1
}

// AddPool puts n more pieces in pool i (n < 0 takes them out), keeping the
// owner's Hand and Hash up to date.
func (p *Position) AddPool(b *Board, i, n int) {
	old := int(p.Pools[i])
	p.Hash ^= poolKey(i, old) ^ poolKey(i, old+n)
	p.Pools[i] = int16(old + n)
	if o := b.Owner(b.pools[i]); o >= 0 {
		p.SetHand(o, int(p.Hand[o])+n)
	}
}

// poolKey is the hash contribution of pool i holding n pieces: 0 for none.
func poolKey(i, n int) uint64 {
	if n == 0 {
		return 0
	}
	return mix(uint64(i)<<32 ^ uint64(n) ^ 0x3c6e_f372_fe94_f82b)
}

// formatPools appends " hand:w21,b21,c1" when a pool is not empty.
func (b *Board) formatPools(sb *strings.Builder, p *Position) {
	any := false
	for i := range b.pools {
		any = any || p.Pools[i] != 0
	}
	if !any {
		return
	}
	sb.WriteString(" hand:")
	for i, code := range b.pools {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte(b.letters[code])
		sb.WriteString(strconv.Itoa(int(p.Pools[i])))
	}
}

// parsePools reads the hand field of a game with pools: every pool's piece
// letter and count, in any order.
func (b *Board) parsePools(p *Position, list string, at int) (int, string) {
	given := make([]bool, len(b.pools))
	for _, item := range strings.Split(list, ",") {
		if len(item) < 2 {
			return at, fmt.Sprintf("hand: %q is not a piece letter and a count, like %c7", item, b.letters[b.pools[0]])
		}
		i := b.PoolOf(int(b.codeOf[item[0]]))
		if b.codeOf[item[0]] < 0 || i < 0 {
			return at, fmt.Sprintf("hand: %q is not a piece kept in hand (want one of %s)", item[:1], b.poolLetters())
		}
		if given[i] {
			return at, fmt.Sprintf("hand: %c is given twice", item[0])
		}
		n, err := strconv.Atoi(item[1:])
		if err != nil || n < 0 || n > 127 || item[1] == '+' || item[1] == '-' {
			return at + 1, fmt.Sprintf("hand: %q is not a count from 0 to 127", item[1:])
		}
		given[i] = true
		p.Pools[i] = int16(n)
		at += len(item) + 1
	}
	for i, g := range given {
		if !g {
			return at, fmt.Sprintf("hand: no count for %c (give every piece kept in hand: %s)", b.letters[b.pools[i]], b.poolLetters())
		}
	}
	return 0, ""
}

func (b *Board) poolLetters() string {
	out := make([]byte, len(b.pools))
	for i, c := range b.pools {
		out[i] = b.letters[c]
	}
	return string(out)
}

// Ply. A game whose rules read the number of plies played (Tak's first turns
// place the opponent's piece) keeps it in the position (Position.Ply), in
// its hash, and in position strings as `ply:N` when not 0. Two positions
// with the same stacks at different plies are then different positions: such
// a game has no repetitions.

// CountPly makes the board's positions carry the ply.
func (b *Board) CountPly() { b.plyCounted = true }

// PlyCounted reports whether positions carry the ply.
func (b *Board) PlyCounted() bool { return b.plyCounted }

// SetPly sets the number of plies played, keeping Hash up to date when the
// board counts plies.
func (p *Position) SetPly(b *Board, n int) {
	n = min(max(n, 0), 65535)
	if b.plyCounted {
		p.Hash ^= plyKey(int(p.Ply)) ^ plyKey(n)
	}
	p.Ply = uint16(n)
}

func plyKey(n int) uint64 {
	if n == 0 {
		return 0
	}
	return mix(uint64(n) ^ 0x9216_d5d9_8979_fb1b)
}
