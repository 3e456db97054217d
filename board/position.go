package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Position is the state of a game without regard to its history: the stacks,
// the player to move, and counts kept up to date as moves are applied so that
// rule conditions read them in constant time. It holds no pointers or slices:
// `q := *p` is a full, independent copy.
type Position struct {
	Cells   [MaxSquares]Stack
	Tops    [MaxPlayers]SquareSet // squares whose top piece is each player's
	Showing [MaxPlayers]int16     // stacks topped by each player
	OnBoard [MaxPlayers]int16     // pieces of each player on the board
	Off     [MaxPlayers]int16     // pieces each player has borne off
	Hand    [MaxPlayers]int16     // pieces each player has still to place
	// Captured counts each player's pieces taken off the board by captures
	// (a piece taken under a capturing column stays on the board).
	Captured [MaxPlayers]int16
	Hash     uint64 // of the cells, the hands and the player to move, kept incrementally
	// Deep holds the bottom pieces of the one column taller than a Stack
	// word holds, in games that allow one (see column.go); zero otherwise.
	Deep   Deep
	ToMove uint8
	// Dice is the roll to play, higher die first, in a game with dice; 0, 0
	// when not rolled yet (a chance node). Opening marks the game's opening
	// roll, which also decides who starts (see dice.go).
	Dice    [2]uint8
	Opening bool
	// Extra marks an extra roll: the player to move rolls again after a play
	// that earns it (Ludo's beginner level, after bringing a piece out).
	// Pending is then the square (plus one; 0 for none) whose hits wait for
	// the end of the extra roll's play.
	Extra   bool
	Pending uint8
	// Rolls is the rolls the player to move has made and played (or
	// passed) this turn before the one to come or being played, in a game
	// whose rules read it (`turn_rolls`); 0 otherwise. Bonus is the count
	// of a bonus move being played (Dice is then Bonus, 0), and BonusNext
	// those earned to be played after it, in order: a move a play
	// earned, of a count no die shows (see dice.go).
	Rolls     uint8
	Bonus     uint8
	BonusNext [3]uint8
	// Place is each player's place once it has finished, in a game played
	// for places (see place.go); all 0 otherwise.
	Place [MaxPlayers]int16
	// Pools are the pieces not yet placed, by kind, in a game that keeps
	// several kinds in hand or neutral pieces (see pools.go); all 0
	// otherwise.
	Pools [MaxPools]int16
	// Ply is the number of plies played since the start, in a game whose
	// rules read it (see pools.go); 0 otherwise.
	Ply uint16
	// Streak is each player's moves in a row that met the rule file's
	// `streak:` condition (Frisian draughts' king moves), in a game that has
	// one (see streak.go), and StreakAt the square of the piece that made
	// them, when they count one piece's moves; zero otherwise.
	Streak   [MaxPlayers]int16
	StreakAt [MaxPlayers]Square
}

// Set puts stack s on square sq, keeping Showing and Hash up to date. OnBoard
// and Off change only when pieces leave the board; the caller keeps those.
func (p *Position) Set(b *Board, sq Square, s Stack) {
	old := p.Cells[sq]
	if t := b.TopOwner(old); t >= 0 {
		p.Showing[t]--
		p.Tops[t].Remove(sq)
	}
	if t := b.TopOwner(s); t >= 0 {
		p.Showing[t]++
		p.Tops[t].Add(sq)
	}
	p.Hash ^= cellHash(sq, old) ^ cellHash(sq, s)
	p.Cells[sq] = s
}

// SetToMove makes player the one to move, keeping Hash up to date.
func (p *Position) SetToMove(player int) {
	p.Hash ^= sideKey(int(p.ToMove)) ^ sideKey(player)
	p.ToMove = uint8(player)
}

// SetHand gives player n pieces in hand, keeping Hash up to date.
func (p *Position) SetHand(player int, n int) {
	p.Hash ^= handKey(player, int(p.Hand[player])) ^ handKey(player, n)
	p.Hand[player] = int16(n)
}

// Recount recomputes Showing, OnBoard and Hash from the cells and hands (Off
// is left as is).
func (p *Position) Recount(b *Board) {
	p.Showing = [MaxPlayers]int16{}
	p.OnBoard = [MaxPlayers]int16{}
	p.Tops = [MaxPlayers]SquareSet{}
	p.Hash = sideKey(int(p.ToMove))
	for i, n := range p.Hand {
		p.Hash ^= handKey(i, int(n))
	}
	for i, n := range p.Captured {
		p.Hash ^= capturedKey(i, int(n))
	}
	for i, n := range p.Place {
		p.Hash ^= placeKey(i, int(n))
	}
	for i, n := range p.Streak {
		p.Hash ^= streakKey(i, int(n), p.StreakAt[i])
	}
	for i, n := range p.Pools {
		p.Hash ^= poolKey(i, int(n))
	}
	if b.plyCounted {
		p.Hash ^= plyKey(int(p.Ply))
	}
	p.Hash ^= deepHash(p.Deep)
	p.Hash ^= diceKey(p.Dice, p.Opening)
	p.Hash ^= extraKey(p.Extra, p.Pending)
	p.Hash ^= turnKey(p.Rolls, p.Bonus, p.BonusNext)
	for sq := 0; sq < b.NumSquares(); sq++ {
		s := p.Cells[sq]
		if s == 0 {
			continue
		}
		if t := b.TopOwner(s); t >= 0 { // a neutral piece on top: nobody's
			p.Showing[t]++
			p.Tops[t].Add(Square(sq))
		}
		b.CountAt(p, Square(sq), &p.OnBoard)
		p.Hash ^= cellHash(Square(sq), s)
	}
}

// cellHash is the hash contribution of a stack on a square. Mixing the packed
// stack word with a per-square key gives a Zobrist-style incremental hash
// without a table per (square, level, piece).
func cellHash(sq Square, s Stack) uint64 {
	if s == 0 {
		return 0
	}
	return mix(uint64(s) ^ (uint64(sq)+1)*0x9e3779b97f4a7c15)
}

// sideKey is 0 for the first player, so the zero Position (an empty board,
// first player to move) has the hash Recount would give it: 0.
func sideKey(player int) uint64 {
	if player == 0 {
		return 0
	}
	return mix(uint64(player) + 0x51af_d7ed_558c_cd01)
}

// handKey is the hash contribution of player's n pieces in hand: 0 for an
// empty hand, so games without hands hash as before.
func handKey(player, n int) uint64 {
	if n == 0 {
		return 0
	}
	return mix(uint64(player)<<32 ^ uint64(n) ^ 0x2545_f491_4f6c_dd1d)
}

// mix is the splitmix64 finalizer.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}

// FormatPosition writes the position string of pinned.md: the letter of the
// player to move, a space, then square:stack for every non-empty square by rank
// then file, stacks bottom to top; "-" for an empty board.
func (b *Board) FormatPosition(p *Position) string {
	var sb strings.Builder
	sb.WriteByte(b.letters[p.ToMove])
	sb.WriteByte(' ')
	n := 0
	for sq := 0; sq < b.NumSquares(); sq++ {
		s := p.Cells[sq]
		if s == 0 {
			continue
		}
		if n > 0 {
			sb.WriteByte(',')
		}
		n++
		sb.WriteString(b.SquareName(Square(sq)))
		sb.WriteByte(':')
		sb.WriteString(b.CellString(p, Square(sq)))
	}
	if n == 0 {
		sb.WriteByte('-')
	}
	b.formatCounts(&sb, p)
	b.formatPools(&sb, p)
	if b.plyCounted && p.Ply > 0 {
		fmt.Fprintf(&sb, " ply:%d", p.Ply)
	}
	b.formatStreak(&sb, p)
	b.formatRoll(&sb, p)
	return sb.String()
}

// PositionError says what is wrong in a position string and at which byte.
type PositionError struct {
	Text   string
	Offset int // byte offset into Text
	Msg    string
}

func (e *PositionError) Error() string {
	return fmt.Sprintf("position %q, column %d: %s", e.Text, e.Offset+1, e.Msg)
}

// ParsePosition reads a position string. Cells may come in any order; the
// board's count fields (see counts.go) follow them. Counts and hash are computed; Off is zero (the interpreter knows what a player
// started with and fills it in).
func (b *Board) ParsePosition(text string) (Position, error) {
	var p Position
	fail := func(off int, format string, args ...any) (Position, error) {
		return Position{}, &PositionError{Text: text, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	t := strings.TrimSpace(text)
	lead := strings.Index(text, t)
	if t == "" {
		return fail(0, "empty position (want the player to move, a space, and the cells, like %q)", string(b.letters[0])+" a1:"+string(b.letters[0]))
	}
	turn, cells, ok := strings.Cut(t, " ")
	if !ok && strings.ContainsAny(t, ":,") {
		return fail(lead, "missing the player to move before the cells (want, e.g., %q)", string(b.letters[0])+" "+t)
	}
	if !ok {
		return fail(lead+len(t), "missing cells after the player to move (use - for an empty board)")
	}
	if len(turn) != 1 || b.codeOf[turn[0]] < 0 || int(b.codeOf[turn[0]]) >= b.Players {
		return fail(lead, "unknown player to move %q (want one of %s)", turn, b.letters[:b.Players])
	}
	p.ToMove = uint8(b.codeOf[turn[0]])
	off := lead + len(turn) + 1
	for off < len(text) && text[off] == ' ' {
		off++
	}
	cells, countFields, countOffsets := splitCounts(strings.TrimLeft(cells, " "))
	for i := range countOffsets {
		countOffsets[i] += off
	}
	if cells != "-" {
		seen := make(map[Square]bool)
		for _, cell := range strings.Split(cells, ",") {
			name, stack, ok := strings.Cut(cell, ":")
			switch {
			case strings.TrimSpace(cell) == "":
				return fail(off, "empty cell (two commas, or a comma at the end)")
			case !ok:
				return fail(off, "cell %q has no ':' between square and stack", cell)
			}
			sq, err := b.ParseSquare(name)
			if err != nil {
				return fail(off, "%v", err)
			}
			if seen[sq] {
				return fail(off, "square %s is given twice", name)
			}
			seen[sq] = true
			if stack == "" {
				return fail(off+len(name)+1, "empty stack on %s", name)
			}
			if err := b.checkLetters(stack); err != nil {
				return fail(off+len(name)+1, "%s: %v", name, err)
			}
			if len(stack) > b.MaxHeight() {
				return fail(off+len(name)+1, "%s: stack of %d pieces is taller than the %d this game can hold", name, len(stack), b.MaxHeight())
			}
			if len(stack) > b.window {
				// A column taller than the window: its top in the cell, the
				// rest in the Deep store, which holds one.
				if p.Deep.Below != 0 {
					return fail(off+len(name)+1, "%s: a second stack taller than %d pieces (the first is on %s): this game can hold only one", name, b.window, b.SquareName(p.Deep.Sq))
				}
				cut := len(stack) - b.window
				top, _ := b.ParseStack(stack[cut:])
				below, _ := b.ParseStack(stack[:cut])
				p.Cells[sq] = Stack(uint64(top)&pieceMask | uint64(len(stack))<<heightShift)
				p.Deep = Deep{Below: below, Sq: sq}
				off += len(cell) + 1
				continue
			}
			s, err := b.ParseStack(stack)
			if err != nil {
				return fail(off+len(name)+1, "%s: %v", name, err)
			}
			p.Cells[sq] = s
			off += len(cell) + 1
		}
	}
	countFields, countOffsets, at, msg := b.parseRoll(&p, countFields, countOffsets)
	if msg != "" {
		return fail(at, "%s", msg)
	}
	countFields, countOffsets, at, msg = b.parsePlyAndPools(&p, countFields, countOffsets)
	if msg != "" {
		return fail(at, "%s", msg)
	}
	countFields, countOffsets, at, msg = b.parseStreak(&p, countFields, countOffsets)
	if msg != "" {
		return fail(at, "%s", msg)
	}
	if at, msg := b.parseCounts(&p, countFields, countOffsets); msg != "" {
		return fail(at, "%s", msg)
	}
	p.Recount(b)
	return p, nil
}

// parsePlyAndPools takes the ply field, and the hand field of a game with
// pools, out of the count fields and reads them into p.
func (b *Board) parsePlyAndPools(p *Position, fields []string, offsets []int) ([]string, []int, int, string) {
	var restF []string
	var restO []int
	seenPly, seenHand := false, false
	for i, f := range fields {
		name, val, _ := strings.Cut(f, ":")
		switch {
		case name == "ply" && b.plyCounted:
			if seenPly {
				return nil, nil, offsets[i], "the field \"ply\" is given twice"
			}
			seenPly = true
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || n > 65535 || val == "" || val[0] == '+' || val[0] == '-' {
				return nil, nil, offsets[i] + 4, fmt.Sprintf("ply: %q is not a number of plies from 0 to 65535", val)
			}
			p.Ply = uint16(n)
		case name == "hand" && b.pools != nil:
			if seenHand {
				return nil, nil, offsets[i], "the count field \"hand\" is given twice"
			}
			seenHand = true
			if at, msg := b.parsePools(p, val, offsets[i]+5); msg != "" {
				return nil, nil, at, msg
			}
			for j, code := range b.pools {
				if o := b.Owner(code); o >= 0 {
					p.Hand[o] += p.Pools[j]
				}
			}
		default:
			restF = append(restF, f)
			restO = append(restO, offsets[i])
		}
	}
	return restF, restO, 0, ""
}
