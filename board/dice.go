package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Dice. A game with dice keeps the roll to play in the Position (two bytes,
// higher die first); a position whose roll is 0, 0 is a chance node, where
// the next thing that happens is a roll, not a choice. The game's opening
// roll, which also decides who starts, is marked by Position.Opening.
//
// Two kinds of Move belong to dice games:
//   - Roll, a chance event: From and To hold the two dice (higher first);
//     for an opening roll Lift is 1 and Rule is the player who starts.
//   - Play, a whole roll played die by die: Jumps die moves, the i-th from
//     Via[2i] to Via[2i+1] (NoSquare: off the track's end); bit i of Removed
//     says that it hits; Rule is the rule of the first die move and Lift the
//     player who moves (the notation numbers points from the mover's side).

// MaxDiceMoves bounds the die moves of one play (a double played four times).
const MaxDiceMoves = (MaxJumps - 1) / 2

// UseDice makes this board's position strings carry the roll: `roll:65`,
// or `roll:opening` before the opening roll. sides is the dice's largest number.
func (b *Board) UseDice(sides int) { b.diceSides = sides }

// DiceSides is the largest number on this board's dice, 0 in a game without dice.
func (b *Board) DiceSides() int { return b.diceSides }

// SetDice sets the roll to play (0, 0: not rolled), keeping Hash up to date.
func (p *Position) SetDice(d1, d2 int, opening bool) {
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	p.Hash ^= diceKey(p.Dice, p.Opening)
	p.Dice = [2]uint8{uint8(d1), uint8(d2)}
	p.Opening = opening
	p.Hash ^= diceKey(p.Dice, p.Opening)
}

// SetExtra marks (or clears) an extra roll for the player to move, with the
// square (plus one, 0 for none) whose hits wait for the end of its play,
// keeping Hash up to date.
func (p *Position) SetExtra(extra bool, pending uint8) {
	p.Hash ^= extraKey(p.Extra, p.Pending) ^ extraKey(extra, pending)
	p.Extra, p.Pending = extra, pending
}

// extraKey is the hash contribution of an extra roll: 0 for none.
func extraKey(extra bool, pending uint8) uint64 {
	if !extra && pending == 0 {
		return 0
	}
	return mix(uint64(pending)<<1 ^ 1 ^ 0x1f83_d9ab_fb41_bd6b)
}

// SetTurn sets the rolls made this turn before the one to come (see
// Position.Rolls) and the bonus move being played (0: none; its count is
// then the roll to play, Dice = bonus, 0), keeping Hash up to date.
func (p *Position) SetTurn(rolls, bonus uint8) {
	p.Hash ^= turnKey(p.Rolls, p.Bonus, p.BonusNext) ^ turnKey(rolls, bonus, p.BonusNext)
	p.Rolls, p.Bonus = rolls, bonus
}

// SetBonusNext sets the bonus moves to be played after the one being
// played (0 ends the list), keeping Hash up to date.
func (p *Position) SetBonusNext(next [3]uint8) {
	p.Hash ^= turnKey(p.Rolls, p.Bonus, p.BonusNext) ^ turnKey(p.Rolls, p.Bonus, next)
	p.BonusNext = next
}

// turnKey is the hash contribution of the turn's counters: 0 for none.
func turnKey(rolls, bonus uint8, next [3]uint8) uint64 {
	if rolls == 0 && bonus == 0 && next == [3]uint8{} {
		return 0
	}
	return mix(uint64(rolls)<<8 ^ uint64(bonus) ^ uint64(next[0])<<16 ^ uint64(next[1])<<24 ^ uint64(next[2])<<32 ^ 0x6c62_272e_07bb_0142)
}

// MidTurn reports whether the player to move is in the middle of its turn:
// an extra roll or a bonus move to come, or rolls made already this turn.
func (p *Position) MidTurn() bool { return p.Extra || p.Rolls > 0 || p.Bonus > 0 }

// UseDiceCount tells this board's position strings how many dice a roll
// has: with one, a roll is written with one digit (`roll:6`).
func (b *Board) UseDiceCount(n int) { b.diceCount = n }

// Rolled reports whether the position has a roll to play.
func (p *Position) Rolled() bool { return p.Dice[0] != 0 }

// diceKey is the hash contribution of the roll: 0 for none, so games without
// dice hash as before.
func diceKey(d [2]uint8, opening bool) uint64 {
	if d == [2]uint8{} && !opening {
		return 0
	}
	o := uint64(0)
	if opening {
		o = 1 << 20
	}
	return mix(uint64(d[0])<<8 ^ uint64(d[1]) ^ o ^ 0x3c6e_f372_fe94_f82b)
}

// RollString writes a roll as its digits, higher first: "65", "33".
func RollString(d1, d2 int) string {
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	return fmt.Sprintf("%d%d", d1, d2)
}

// ParseRoll reads a roll written as two digits, in either order, each
// 1..sides: "65", "56", "33".
func ParseRoll(text string, sides int) (d1, d2 int, err error) {
	t := strings.TrimSpace(text)
	if len(t) != 2 || t[0] < '1' || t[1] < '1' || int(t[0]-'0') > sides || int(t[1]-'0') > sides {
		return 0, 0, fmt.Errorf("roll %q: want two dice, each 1 to %d, like %d%d", t, sides, sides, sides-1)
	}
	d1, d2 = int(t[0]-'0'), int(t[1]-'0')
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	return d1, d2, nil
}

// formatRoll appends " roll:65" (or " roll:opening", or " bonus:20" for a
// bonus move to play) when the board has dice and the position a roll, then
// the extra roll to come (" extra") and the rolls made this turn
// (" turn_rolls:2").
func (b *Board) formatRoll(sb *strings.Builder, p *Position) {
	switch {
	case b.diceSides == 0:
	case p.Bonus > 0:
		fmt.Fprintf(sb, " bonus:%d", p.Bonus)
		for _, n := range p.BonusNext {
			if n > 0 {
				fmt.Fprintf(sb, ",%d", n)
			}
		}
	case p.Opening && !p.Rolled():
		sb.WriteString(" roll:opening")
	case p.Rolled() && b.diceCount == 1:
		sb.WriteString(" roll:")
		sb.WriteByte('0' + p.Dice[0])
	case p.Rolled():
		sb.WriteString(" roll:")
		sb.WriteString(RollString(int(p.Dice[0]), int(p.Dice[1])))
	}
	if p.Extra {
		sb.WriteString(" extra")
		if p.Pending > 0 {
			sb.WriteByte(':')
			sb.WriteString(b.SquareName(Square(p.Pending - 1)))
		}
	}
	if p.Rolls > 0 && b.diceSides > 0 {
		fmt.Fprintf(sb, " turn_rolls:%d", p.Rolls)
	}
}

// parseRoll takes the roll field out of the count fields of a position
// string, setting p's dice (Hash is computed later, by Recount).
func (b *Board) parseRoll(p *Position, fields []string, offsets []int) ([]string, []int, int, string) {
	if b.diceSides == 0 {
		return fields, offsets, 0, ""
	}
	var outF []string
	var outO []int
	seen := false
	for i, f := range fields {
		if f == "extra" || strings.HasPrefix(f, "extra:") {
			p.Extra = true
			if name, ok := strings.CutPrefix(f, "extra:"); ok {
				sq, err := b.ParseSquare(name)
				if err != nil {
					return nil, nil, offsets[i] + len("extra:"), err.Error()
				}
				p.Pending = uint8(sq) + 1
			}
			continue
		}
		if v, ok := strings.CutPrefix(f, "turn_rolls:"); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 255 || v[0] == '+' {
				return nil, nil, offsets[i] + len("turn_rolls:"), fmt.Sprintf("turn_rolls: %q is not a number of rolls from 1 to 255", v)
			}
			p.Rolls = uint8(n)
			continue
		}
		if v, ok := strings.CutPrefix(f, "bonus:"); ok {
			if seen {
				return nil, nil, offsets[i], "the roll is given twice (a bonus move is the roll to play)"
			}
			seen = true
			counts := strings.Split(v, ",")
			if len(counts) > 1+len(p.BonusNext) {
				return nil, nil, offsets[i] + len("bonus:"), fmt.Sprintf("bonus: %q: at most %d bonus moves wait", v, 1+len(p.BonusNext))
			}
			for k, c := range counts {
				n, err := strconv.Atoi(c)
				if err != nil || n < 1 || n > 255 || c[0] == '+' {
					return nil, nil, offsets[i] + len("bonus:"), fmt.Sprintf("bonus: %q is not a count of steps from 1 to 255 (or several, 20,10)", c)
				}
				if k == 0 {
					p.Bonus, p.Dice = uint8(n), [2]uint8{uint8(n), 0}
				} else {
					p.BonusNext[k-1] = uint8(n)
				}
			}
			continue
		}
		v, ok := strings.CutPrefix(f, "roll:")
		if !ok {
			outF, outO = append(outF, f), append(outO, offsets[i])
			continue
		}
		if seen {
			return nil, nil, offsets[i], "the roll is given twice"
		}
		seen = true
		if v == "opening" {
			p.Opening = true
			continue
		}
		if b.diceCount == 1 {
			if len(v) != 1 || v[0] < '1' || int(v[0]-'0') > b.diceSides {
				return nil, nil, offsets[i] + len("roll:"), fmt.Sprintf("roll %q: want one die, 1 to %d", v, b.diceSides)
			}
			p.Dice = [2]uint8{v[0] - '0', 0}
			continue
		}
		d1, d2, err := ParseRoll(v, b.diceSides)
		if err != nil {
			return nil, nil, offsets[i] + len("roll:"), err.Error()
		}
		p.Dice = [2]uint8{uint8(d1), uint8(d2)}
	}
	return outF, outO, 0, ""
}

// HashAfterSet is what a position's hash becomes when Set changes square sq
// from old to s: a search that only needs the hash of the position a move
// leads to (to recognise it) need not make the move.
func HashAfterSet(hash uint64, sq Square, old, s Stack) uint64 {
	return hash ^ cellHash(sq, old) ^ cellHash(sq, s)
}

// CellHash is square sq's share of a position's hash while it holds s:
// HashAfterSet(h, sq, old, s) is h ^ CellHash(sq, old) ^ CellHash(sq, s).
// Unlike HashAfterSet it is small enough for the compiler to inline, for
// the move searches that hash many moves they do not make.
func CellHash(sq Square, s Stack) uint64 { return cellHash(sq, s) }
