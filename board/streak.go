package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Streaks. A game whose rule file counts a player's moves in a row that meet
// a condition (`streak:`, Frisian draughts' king moves) keeps the counts in
// its positions (Position.Streak), in their hash, and in position strings as
// `streak:w2,b0` when one is not 0. When the count is of one piece's moves
// (same piece), the square that piece stands on follows its count:
// `streak:w2d4,b0`.

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
	any := false
	for i := 0; i < b.Players; i++ {
		any = any || p.Streak[i] != 0
	}
	if !any {
		return
	}
	sb.WriteString(" streak:")
	for i := 0; i < b.Players; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte(b.letters[i])
		sb.WriteString(strconv.Itoa(int(p.Streak[i])))
		if b.streakPiece && p.Streak[i] != 0 {
			sb.WriteString(b.SquareName(p.StreakAt[i]))
		}
	}
}

// parseStreak takes the streak field out of the count fields and reads it
// into p.
func (b *Board) parseStreak(p *Position, fields []string, offsets []int) ([]string, []int, int, string) {
	if !b.streakCounted {
		return fields, offsets, 0, ""
	}
	var restF []string
	var restO []int
	seen := false
	example := fmt.Sprintf("streak:%c2,%c0", b.letters[0], b.letters[1%b.Players])
	if b.streakPiece {
		example = fmt.Sprintf("streak:%c2d4,%c0", b.letters[0], b.letters[1%b.Players])
	}
	for fi, f := range fields {
		list, ok := strings.CutPrefix(f, "streak:")
		if !ok {
			restF, restO = append(restF, f), append(restO, offsets[fi])
			continue
		}
		if seen {
			return nil, nil, offsets[fi], "the field \"streak\" is given twice"
		}
		seen = true
		given := make([]bool, b.Players)
		at := offsets[fi] + len("streak:")
		for _, item := range strings.Split(list, ",") {
			if len(item) < 2 {
				return nil, nil, at, fmt.Sprintf("streak: %q is not a player letter and a count, like %s", item, example)
			}
			pl := b.codeOf[item[0]]
			if pl < 0 || int(pl) >= b.Players || given[pl] {
				return nil, nil, at, fmt.Sprintf("streak: %q: unknown or repeated player %q (want each of %s once)", item, item[:1], b.letters[:b.Players])
			}
			digits := 1
			for digits < len(item) && item[digits] >= '0' && item[digits] <= '9' {
				digits++
			}
			n, err := strconv.Atoi(item[1:digits])
			if err != nil || n > 9999 {
				return nil, nil, at + 1, fmt.Sprintf("streak: %q is not a count from 0 to 9999, like %s", item[1:], example)
			}
			var sq Square
			if rest := item[digits:]; rest != "" || (b.streakPiece && n > 0) {
				if !b.streakPiece || n == 0 {
					return nil, nil, at + digits, fmt.Sprintf("streak: %q: a square follows only a count of one piece's moves that is not 0", item)
				}
				s, err := b.ParseSquare(rest)
				if err != nil {
					return nil, nil, at + digits, fmt.Sprintf("streak: %q: the square of the piece that made it: %v", item, err)
				}
				sq = s
			}
			given[pl] = true
			p.Streak[pl], p.StreakAt[pl] = int16(n), sq
			at += len(item) + 1
		}
		for i, g := range given {
			if !g {
				return nil, nil, offsets[fi], fmt.Sprintf("streak: no count for player %c (give every player's, like %s)", b.letters[i], example)
			}
		}
	}
	return restF, restO, 0, ""
}
