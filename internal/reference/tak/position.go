package tak

import (
	"fmt"
	"strconv"
	"strings"
)

// maxSize is the largest board side supported.
const maxSize = 8

// kind is the kind of a stack's top piece. Every piece below the top is a flat.
type kind uint8

const (
	flat kind = iota
	wall
	capstone
)

// Position is a Tak position: the board, the player to move, the move number and the komi.
// Reserves are derived from the board and kept alongside it. Positions are never changed
// after they are made: Play returns a new one.
type Position struct {
	n int
	// stacks holds each square's pieces from bottom to top as colour digits '1' and '2'; an
	// empty square has the empty string. Square index is rank*n + file, both from 0, so a1
	// is 0 and b1 is 1.
	stacks [maxSize * maxSize]string
	// tops holds the kind of each stack's top piece (flat for an empty square).
	tops   [maxSize * maxSize]kind
	turn   int // player to move, 1 or 2
	moveNo int // TPS move number, from 1; increments after player 2 moves
	komi   int // half points added to player 2's flat count
	stones [3]int
	caps   [3]int
}

// pieceSets gives the stones and capstones each player has at each board size.
var pieceSets = map[int][2]int{
	3: {10, 0},
	4: {15, 0},
	5: {21, 1},
	6: {30, 1},
	7: {40, 2},
	8: {50, 2},
}

// Start returns the empty board of the given size, White (player 1) to move, move 1,
// komi 0. It panics for a size outside 3..8.
func Start(size int) *Position {
	set, ok := pieceSets[size]
	if !ok {
		panic(fmt.Sprintf("tak: board size %d is not one of 3..8", size))
	}
	p := &Position{n: size, turn: 1, moveNo: 1}
	p.stones = [3]int{0, set[0], set[0]}
	p.caps = [3]int{0, set[1], set[1]}
	return p
}

// Size returns the board side.
func (p *Position) Size() int { return p.n }

// SetKomi sets the komi in half points added to player 2's flat count (2 is one point,
// 5 is two and a half). It is not part of TPS and is carried to positions made by Play.
func (p *Position) SetKomi(halfPoints int) { p.komi = halfPoints }

// Komi returns the komi in half points.
func (p *Position) Komi() int { return p.komi }

// Turn returns the player to move, 1 or 2.
func (p *Position) Turn() int { return p.turn }

// MoveNumber returns the TPS move number.
func (p *Position) MoveNumber() int { return p.moveNo }

// Reserve returns the stones and capstones player (1 or 2) has not yet placed.
func (p *Position) Reserve(player int) (stones, caps int) {
	return p.stones[player], p.caps[player]
}

// ParseTPS reads a position in Tak Positional System notation. The board size is the number
// of rows. Errors name the field, row and cell at fault.
func ParseTPS(s string) (*Position, error) {
	fields := strings.Split(s, " ")
	if len(fields) != 3 {
		return nil, fmt.Errorf("tps %q: want 3 fields separated by single spaces (board, player to move, move number), got %d", s, len(fields))
	}
	rows := strings.Split(fields[0], "/")
	n := len(rows)
	if _, ok := pieceSets[n]; !ok {
		return nil, fmt.Errorf("tps %q: board field has %d rows, want 3 to 8", s, n)
	}
	p := Start(n)
	for i, row := range rows {
		rank := n - 1 - i
		file := 0
		for j, cell := range strings.Split(row, ",") {
			errf := func(format string, args ...any) error {
				where := fmt.Sprintf("tps %q: board row %d (rank %d), cell %d %q", s, i+1, rank+1, j+1, cell)
				return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
			}
			if cell == "" {
				return nil, errf("empty cell")
			}
			if cell[0] == 'x' {
				k := 1
				if len(cell) > 1 {
					if !allDigits(cell[1:]) {
						return nil, errf("want x or x followed by a count of empty squares")
					}
					var err error
					k, err = strconv.Atoi(cell[1:])
					if err != nil || k < 1 {
						return nil, errf("count of empty squares must be 1 or more")
					}
				}
				if file+k > n {
					return nil, errf("row has more than %d squares", n)
				}
				file += k
				continue
			}
			if file >= n {
				return nil, errf("row has more than %d squares", n)
			}
			colours := cell
			top := flat
			switch cell[len(cell)-1] {
			case 'S':
				top, colours = wall, cell[:len(cell)-1]
			case 'C':
				top, colours = capstone, cell[:len(cell)-1]
			}
			if colours == "" {
				return nil, errf("a wall or capstone mark needs a piece before it")
			}
			for k := 0; k < len(colours); k++ {
				if colours[k] != '1' && colours[k] != '2' {
					return nil, errf("character %q at %d: a stack is the digits 1 and 2 bottom to top, then S or C for a wall or capstone top", colours[k], k+1)
				}
			}
			sq := rank*n + file
			p.stacks[sq] = colours
			p.tops[sq] = top
			file++
		}
		if file != n {
			return nil, fmt.Errorf("tps %q: board row %d (rank %d) has %d squares, want %d", s, i+1, rank+1, file, n)
		}
	}
	switch fields[1] {
	case "1":
		p.turn = 1
	case "2":
		p.turn = 2
	default:
		return nil, fmt.Errorf("tps %q: player to move %q: want 1 or 2", s, fields[1])
	}
	if !allDigits(fields[2]) {
		return nil, fmt.Errorf("tps %q: move number %q: want a number from 1", s, fields[2])
	}
	mv, err := strconv.Atoi(fields[2])
	if err != nil || mv < 1 {
		return nil, fmt.Errorf("tps %q: move number %q: want a number from 1", s, fields[2])
	}
	p.moveNo = mv
	for pl := 1; pl <= 2; pl++ {
		stones, caps := p.onBoard(pl)
		set := pieceSets[n]
		if caps > set[1] {
			return nil, fmt.Errorf("tps %q: player %d has %d capstones on the board, more than the %d of a %d×%d set", s, pl, caps, set[1], n, n)
		}
		if stones > set[0] {
			return nil, fmt.Errorf("tps %q: player %d has %d stones on the board, more than the %d of a %d×%d set", s, pl, stones, set[0], n, n)
		}
		p.stones[pl] = set[0] - stones
		p.caps[pl] = set[1] - caps
	}
	return p, nil
}

// onBoard counts player pl's stones (flats and walls) and capstones on the board.
func (p *Position) onBoard(pl int) (stones, caps int) {
	c := byte('0' + pl)
	for sq := 0; sq < p.n*p.n; sq++ {
		st := p.stacks[sq]
		for k := 0; k < len(st); k++ {
			if st[k] != c {
				continue
			}
			if k == len(st)-1 && p.tops[sq] == capstone {
				caps++
			} else {
				stones++
			}
		}
	}
	return stones, caps
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// TPS returns the position in canonical TPS: adjacent empty squares of a row merged into
// xN, a single one written x.
func (p *Position) TPS() string {
	var b strings.Builder
	b.Grow(4 * p.n * p.n)
	for rank := p.n - 1; rank >= 0; rank-- {
		if rank != p.n-1 {
			b.WriteByte('/')
		}
		empty := 0
		first := true
		cell := func() {
			if !first {
				b.WriteByte(',')
			}
			first = false
		}
		flush := func() {
			if empty == 0 {
				return
			}
			cell()
			b.WriteByte('x')
			if empty > 1 {
				b.WriteString(strconv.Itoa(empty))
			}
			empty = 0
		}
		for file := 0; file < p.n; file++ {
			sq := rank*p.n + file
			if p.stacks[sq] == "" {
				empty++
				continue
			}
			flush()
			cell()
			b.WriteString(p.stacks[sq])
			switch p.tops[sq] {
			case wall:
				b.WriteByte('S')
			case capstone:
				b.WriteByte('C')
			}
		}
		flush()
	}
	b.WriteByte(' ')
	b.WriteByte(byte('0' + p.turn))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.moveNo))
	return b.String()
}

// String returns the TPS.
func (p *Position) String() string { return p.TPS() }
