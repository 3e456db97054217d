package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Streaks. A game whose rule file counts a player's moves in a row that meet
// a condition (`streak:`, Frisian draughts' king moves) keeps the counts in
// its positions (Position.Streak), in their hash, and in position strings:
// `run-w=2` for each player whose count is not 0. When the count is of one
// piece's moves (same piece), the square that piece stands on comes first:
// `run-w=d4:2`, white's king on d4 has made 2 such moves in a row.

// CountStreak makes the board's positions carry streaks; samePiece says
// whether a streak is one piece's.
func (b *Board) CountStreak(samePiece bool) { b.streakCounted, b.streakPiece = true, samePiece }

// SetStreak sets player's streak to n moves, made by the piece now on sq
// when streaks are one piece's, keeping Hash up to date: positions whose
// streaks differ allow different moves.
func (p *Position) SetStreak(player, n int, sq Square) {
	n = min(max(n, 0), 9999)
	if n == 0 {
		sq = 0
	}
	p.Hash ^= streakKey(player, int(p.Streak[player]), p.StreakAt[player]) ^ streakKey(player, n, sq)
	p.Streak[player], p.StreakAt[player] = int16(n), sq
}

func streakKey(player, n int, sq Square) uint64 {
	if n == 0 {
		return 0
	}
	return mix(uint64(player)<<40 ^ uint64(sq)<<20 ^ uint64(n) ^ 0x3c6e_f372_fe94_f82b)
}

func (b *Board) formatStreak(sb *strings.Builder, p *Position) {
	if !b.streakCounted {
		return
	}
	for i := 0; i < b.Players; i++ {
		if p.Streak[i] == 0 {
			continue
		}
		sb.WriteString(" run-")
		sb.WriteByte(b.letters[i])
		sb.WriteByte('=')
		if b.streakPiece {
			sb.WriteString(b.SquareName(p.StreakAt[i]))
			sb.WriteByte(':')
		}
		sb.WriteString(strconv.Itoa(int(p.Streak[i])))
	}
}

// parseStreak takes the run-X fields out of the count fields and reads them
// into p.
func (b *Board) parseStreak(p *Position, fields []string, offsets []int) ([]string, []int, int, string) {
	if !b.streakCounted {
		return fields, offsets, 0, ""
	}
	var restF []string
	var restO []int
	example := fmt.Sprintf("run-%c=2", b.letters[0])
	if b.streakPiece {
		example = fmt.Sprintf("run-%c=d4:2", b.letters[0])
	}
	given := make([]bool, b.Players)
	for fi, f := range fields {
		rest, ok := strings.CutPrefix(f, "run-")
		if !ok {
			restF, restO = append(restF, f), append(restO, offsets[fi])
			continue
		}
		at := offsets[fi]
		if len(rest) < 2 || rest[1] != '=' {
			return nil, nil, at, fmt.Sprintf("%q is not a run of moves like %s", f, example)
		}
		pl := b.codeOf[rest[0]]
		if pl < 0 || int(pl) >= b.Players {
			return nil, nil, at + 4, fmt.Sprintf("%s: unknown player %q (want one of %s)", f, rest[:1], b.letters[:b.Players])
		}
		if given[pl] {
			return nil, nil, at, fmt.Sprintf("the run of player %c is given twice", rest[0])
		}
		given[pl] = true
		val := rest[2:]
		var sq Square
		if b.streakPiece {
			name, count, ok := strings.Cut(val, ":")
			if !ok {
				return nil, nil, at + 6, fmt.Sprintf("%s: give the square of the piece that made the run and its moves, like %s", f, example)
			}
			s, err := b.ParseSquare(name)
			if err != nil {
				return nil, nil, at + 6, fmt.Sprintf("%s: the square of the piece that made the run: %v", f, err)
			}
			sq, val = s, count
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 9999 || val[0] == '+' {
			return nil, nil, at + len(f) - len(val), fmt.Sprintf("%s: %q is not a number of moves from 1 to 9999, like %s", f, val, example)
		}
		p.Streak[pl], p.StreakAt[pl] = int16(n), sq
	}
	return restF, restO, 0, ""
}
