package backgammon

import (
	"fmt"
	"strings"
)

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// positionKey builds GNU Backgammon's 80-bit position key, the board seen by the
// player to move: for the opponent, then for the player to move (this is the
// order GNU Backgammon's PositionKey uses, with its board[1] the player on roll;
// checked against gnubg, whose manual describes the other order), each point 1..24
// in that player's own numbering and then its bar, as many 1 bits as checkers
// followed by a 0 bit. Bits fill each byte from its least significant bit.
func positionKey(b *board, mover int) [10]byte {
	var key [10]byte
	bit := 0
	for _, pl := range [2]int{1 - mover, mover} {
		for i := 1; i <= barIndex; i++ {
			for n := int8(0); n < b[pl][i]; n++ {
				key[bit/8] |= 1 << (bit % 8)
				bit++
			}
			bit++
		}
	}
	return key
}

// PositionID returns GNU Backgammon's 14-character Position ID, which is from the
// point of view of the player to move (it does not say which colour that is).
func (p *Position) PositionID() string {
	key := positionKey(&p.b, p.turn)
	var sb strings.Builder
	// 80 bits in 14 characters of 6 bits, the bytes read as a big-endian stream.
	var acc uint32
	nbits := 0
	for _, by := range key {
		acc = acc<<8 | uint32(by)
		nbits += 8
		for nbits >= 6 {
			sb.WriteByte(base64Alphabet[(acc>>(nbits-6))&63])
			nbits -= 6
		}
	}
	sb.WriteByte(base64Alphabet[(acc<<(6-nbits))&63])
	return sb.String()
}

// ParsePositionID reads a GNU Backgammon Position ID as GNU Backgammon does: the
// first half of the key is the opponent's checkers, the second half those of the
// player on roll. The ID does not name colours, so the player on roll is taken to
// be white, with no roll; checkers not on the board are borne off.
func ParsePositionID(id string) (*Position, error) {
	if len(id) != 14 {
		return nil, fmt.Errorf("position ID %q: %d characters, want 14", id, len(id))
	}
	var key [10]byte
	var acc uint32
	nbits, k := 0, 0
	for i := 0; i < 14; i++ {
		v := strings.IndexByte(base64Alphabet, id[i])
		if v < 0 {
			return nil, fmt.Errorf("position ID %q: character %d %q is not base64", id, i+1, id[i])
		}
		acc = acc<<6 | uint32(v)
		nbits += 6
		if nbits >= 8 && k < 10 {
			key[k] = byte(acc >> (nbits - 8))
			k++
			nbits -= 8
		}
	}
	if acc&(1<<nbits-1) != 0 {
		return nil, fmt.Errorf("position ID %q: the last character has bits set past the 80-bit key", id)
	}
	p := &Position{turn: White}
	bit := 0
	readBit := func() bool {
		v := key[bit/8]&(1<<(bit%8)) != 0
		bit++
		return v
	}
	for _, pl := range [2]int{Black, White} {
		for i := 1; i <= barIndex; i++ {
			for {
				if bit >= 80 {
					return nil, fmt.Errorf("position ID %q: the key ends inside %s's point %d", id, playerName(pl), i)
				}
				if !readBit() {
					break
				}
				p.b[pl][i]++
				if p.b[pl][i] > checkersPerPlayer {
					return nil, fmt.Errorf("position ID %q: more than %d checkers on one point", id, checkersPerPlayer)
				}
			}
		}
	}
	for bit < 80 {
		if readBit() {
			return nil, fmt.Errorf("position ID %q: bits set after the last point", id)
		}
	}
	for pl := 0; pl < 2; pl++ {
		on := 0
		for i := 1; i <= barIndex; i++ {
			on += int(p.b[pl][i])
		}
		who := "player on roll"
		if pl == Black {
			who = "opponent"
		}
		if on > checkersPerPlayer {
			return nil, fmt.Errorf("position ID %q: the %s has %d checkers, at most %d", id, who, on, checkersPerPlayer)
		}
		p.b[pl][offIndex] = int8(checkersPerPlayer - on)
	}
	for pt := 1; pt <= 24; pt++ {
		if p.b[White][pt] > 0 && p.b[Black][25-pt] > 0 {
			return nil, fmt.Errorf("position ID %q: both players have checkers on point %d of the player on roll", id, pt)
		}
	}
	return p, nil
}
