package backgammon

import (
	"fmt"
	"strconv"
	"strings"
)

// xgidBoard writes the 26-character XGID board: character 0 is black's bar, 1..24
// white's points 1..24, 25 white's bar; white's checkers in capitals ('A' = 1),
// black's in small letters, '-' for none.
func xgidBoard(b *board) string {
	var buf [26]byte
	count := func(n int8, base byte) byte {
		if n == 0 {
			return '-'
		}
		return base + byte(n-1)
	}
	buf[0] = count(b[Black][barIndex], 'a')
	buf[25] = count(b[White][barIndex], 'A')
	for pt := 1; pt <= 24; pt++ {
		if b[White][pt] > 0 {
			buf[pt] = count(b[White][pt], 'A')
		} else {
			buf[pt] = count(b[Black][25-pt], 'a')
		}
	}
	return string(buf[:])
}

// XGID returns the position as eXtreme Gammon's XGID. The cube and match fields,
// which these rules do not use, are written as a centred 1-cube in money play.
func (p *Position) XGID() string {
	turn := 1
	if p.turn == Black {
		turn = -1
	}
	return fmt.Sprintf("XGID=%s:0:0:%d:%d%d:0:0:0:0:10", xgidBoard(&p.b), turn, p.dice[0], p.dice[1])
}

// ParseXGID reads an XGID: the board, the player to move (turn 1 is white, the
// capitals, whose points number the board; -1 is black) and the dice ("00" when
// not rolled). The cube, score and match fields are checked for form and ignored.
func ParseXGID(s string) (*Position, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "XGID=")
	if !ok {
		return nil, fmt.Errorf("XGID %q: does not start with \"XGID=\"", s)
	}
	fields := strings.Split(rest, ":")
	if len(fields) != 10 {
		return nil, fmt.Errorf("XGID %q: %d fields after \"XGID=\", want 10 (board:cube:cube owner:turn:dice:score:score:crawford:match length:max cube)", s, len(fields))
	}
	p := &Position{}
	bd := fields[0]
	if len(bd) != 26 {
		return nil, fmt.Errorf("XGID %q: board %q has %d characters, want 26", s, bd, len(bd))
	}
	for i := 0; i < 26; i++ {
		c := bd[i]
		var pl int
		var n int8
		switch {
		case c == '-':
			continue
		case c >= 'A' && c <= 'O':
			pl, n = White, int8(c-'A'+1)
		case c >= 'a' && c <= 'o':
			pl, n = Black, int8(c-'a'+1)
		default:
			return nil, fmt.Errorf("XGID %q: board character %d is %q, want '-', A-O (white) or a-o (black)", s, i+1, c)
		}
		switch {
		case i == 0 && pl == Black:
			p.b[Black][barIndex] = n
		case i == 25 && pl == White:
			p.b[White][barIndex] = n
		case i == 0 || i == 25:
			return nil, fmt.Errorf("XGID %q: board character %d (%s's bar) is %q, a checker of the other player", s, i+1, playerName(1-pl), c)
		case pl == White:
			p.b[White][i] = n
		default:
			p.b[Black][25-i] = n
		}
	}
	for pl := 0; pl < 2; pl++ {
		on := 0
		for i := 1; i <= barIndex; i++ {
			on += int(p.b[pl][i])
		}
		if on > checkersPerPlayer {
			return nil, fmt.Errorf("XGID %q: %s has %d checkers on the board, at most %d", s, playerName(pl), on, checkersPerPlayer)
		}
		p.b[pl][offIndex] = int8(checkersPerPlayer - on)
	}
	ints := []struct {
		name     string
		idx      int
		min, max int
	}{
		{"cube value (log2)", 1, 0, 15},
		{"cube owner", 2, -1, 1},
		{"turn", 3, -1, 1},
		{"score of the bottom player", 5, 0, 1 << 30},
		{"score of the top player", 6, 0, 1 << 30},
		{"crawford/jacoby", 7, 0, 7},
		{"match length", 8, 0, 1 << 30},
		{"max cube", 9, 0, 1 << 30},
	}
	vals := map[int]int{}
	for _, f := range ints {
		v, err := strconv.Atoi(fields[f.idx])
		if err != nil || v < f.min || v > f.max {
			return nil, fmt.Errorf("XGID %q: field %d (%s) is %q, want an integer %d..%d", s, f.idx+1, f.name, fields[f.idx], f.min, f.max)
		}
		vals[f.idx] = v
	}
	switch vals[3] {
	case 1:
		p.turn = White
	case -1:
		p.turn = Black
	default:
		return nil, fmt.Errorf("XGID %q: turn is %q, want 1 (white, the capitals) or -1 (black)", s, fields[3])
	}
	dice := fields[4]
	if len(dice) != 2 {
		return nil, fmt.Errorf("XGID %q: dice %q, want \"00\" (not rolled) or two digits 1-6", s, dice)
	}
	if dice != "00" {
		d1, d2 := int(dice[0]-'0'), int(dice[1]-'0')
		if d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 {
			return nil, fmt.Errorf("XGID %q: dice %q, want \"00\" (not rolled) or two digits 1-6", s, dice)
		}
		p = p.WithRoll(d1, d2)
	}
	return p, nil
}
