package interpreter

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// Positions as GNU Backgammon and eXtreme Gammon write them: the XGID
// (`XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`) and GNU
// Backgammon's Position ID (`4HPwATDgc/ABMA`). They fit a game of two
// players whose tracks are a start square (the bar) and 24 squares each,
// the second player's the first's in reverse (backgammon's board); the first
// player is XGID's X (upper case), whose point numbers the XGID uses.

// bgShaped reports whether the game's tracks have backgammon's shape.
func (g *Game) bgShaped() bool {
	dr := g.dice
	if dr == nil || len(g.Players) != 2 || len(dr.Track(0)) != 25 || len(dr.Track(1)) != 25 || dr.Dice().Count != 2 {
		return false
	}
	for k := 1; k <= 24; k++ {
		if dr.Track(0)[k] != dr.Track(1)[25-k] {
			return false
		}
	}
	return true
}

// pointCount is how many of player's pieces are on step s of its track.
func (g *Game) pointCount(p *board.Position, player, s int) int {
	st := p.Cells[g.dice.Track(player)[s]]
	if st == 0 {
		return 0
	}
	var counts [board.MaxPlayers]int16
	g.Board.Count(st, &counts)
	return int(counts[player])
}

// FormatXGID writes p as an XGID (money game, centred cube of 1).
func (g *Game) FormatXGID(p *board.Position) (string, error) {
	if !g.bgShaped() {
		return "", fmt.Errorf("%s has no XGID: it is for games on a backgammon board (two players, 24 points and a bar each)", g.Name)
	}
	var sb strings.Builder
	sb.WriteString("XGID=")
	letter := func(n int, upper bool) byte {
		if n == 0 {
			return '-'
		}
		if upper {
			return byte('A' + n - 1)
		}
		return byte('a' + n - 1)
	}
	// 0: the second player's bar; 1..24: the first player's points 1..24;
	// 25: the first player's bar.
	sb.WriteByte(letter(g.pointCount(p, 1, 0), false))
	for pt := 1; pt <= 24; pt++ {
		s := 25 - pt // the first player's step of its point pt
		if n := g.pointCount(p, 0, s); n > 0 {
			sb.WriteByte(letter(n, true))
		} else {
			sb.WriteByte(letter(g.pointCount(p, 1, 25-s), false))
		}
	}
	sb.WriteByte(letter(g.pointCount(p, 0, 0), true))
	sb.WriteString(xgidFields(p, Centred()))
	return sb.String(), nil
}

// parseXGID reads an XGID (the cube, score and match fields are read and
// must be a money game's or any; only the checkers, the turn and the dice
// matter here).
func (g *Game) parseXGID(text string) (board.Position, error) {
	fail := func(format string, args ...any) (board.Position, error) {
		return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	if !g.bgShaped() {
		return fail("%s cannot read an XGID: it is for games on a backgammon board", g.Name)
	}
	body := strings.TrimPrefix(strings.TrimSpace(text), "XGID=")
	fields := strings.Split(body, ":")
	if len(fields) < 5 || len(fields[0]) != 26 {
		return fail("an XGID is 26 characters of checkers and then fields separated by colons, like XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
	}
	var p board.Position
	b := g.Board
	put := func(player, step, n int) {
		sq := g.dice.Track(player)[step]
		s := p.Cells[sq]
		for i := 0; i < n; i++ {
			s = b.Push(s, b.Single(player))
		}
		p.Cells[sq] = s
	}
	count := func(c byte) (n int, player int, ok bool) {
		switch {
		case c == '-':
			return 0, 0, true
		case c >= 'A' && c <= 'O':
			return int(c-'A') + 1, 0, true
		case c >= 'a' && c <= 'o':
			return int(c-'a') + 1, 1, true
		}
		return 0, 0, false
	}
	for i := 0; i < 26; i++ {
		n, player, ok := count(fields[0][i])
		if !ok {
			return fail("XGID character %d, %q, is not - or a count of checkers (A-O, a-o)", i+1, fields[0][i])
		}
		if n == 0 {
			continue
		}
		switch {
		case i == 0:
			if player != 1 {
				return fail("XGID character 1 is the second player's bar: its checkers are lower case")
			}
			put(1, 0, n)
		case i == 25:
			if player != 0 {
				return fail("XGID character 26 is the first player's bar: its checkers are upper case")
			}
			put(0, 0, n)
		case player == 0:
			put(0, 25-i, n)
		default:
			put(1, i, n) // the first player's point i is the second's step i
		}
	}
	switch fields[3] { // after the cube's value and owner
	case "1":
		p.ToMove = 0
	case "-1":
		p.ToMove = 1
	default:
		return fail("XGID turn %q: want 1 (the first player, upper case) or -1", fields[3])
	}
	if d := fields[4]; d != "00" {
		d1, d2, err := board.ParseRoll(d, g.dice.Dice().Sides)
		if err != nil {
			return fail("XGID dice %q: want 00 (not rolled) or two dice like 65", d)
		}
		p.Dice = [2]uint8{uint8(d1), uint8(d2)}
	}
	return g.finishParsed(text, p)
}

// finishParsed counts a position read from another format and checks its
// pieces as ParsePosition does.
func (g *Game) finishParsed(text string, p board.Position) (board.Position, error) {
	p.Recount(g.Board)
	for i := range g.Players {
		if p.OnBoard[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text,
				Msg: fmt.Sprintf("%s has %d checkers, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], g.initial[i])}
		}
		p.Off[i] = g.initial[i] - p.OnBoard[i]
	}
	for _, sq := range g.dice.Track(0) {
		if s := p.Cells[sq]; s != 0 && dice.OwnPieces(g.Board, s, 0) > 0 && dice.OwnPieces(g.Board, s, 1) > 0 {
			return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf("%s holds checkers of both players", g.Board.SquareName(sq))}
		}
	}
	return p, nil
}

// FormatPositionID writes GNU Backgammon's Position ID of p: for the
// player not on roll, then the player on roll, the checkers on its points
// 1..24 and its bar as that many 1 bits and a 0, packed low bit first into
// ten bytes, in base64 without padding.
func (g *Game) FormatPositionID(p *board.Position) (string, error) {
	if !g.bgShaped() {
		return "", fmt.Errorf("%s has no GNU Backgammon Position ID: it is for games on a backgammon board", g.Name)
	}
	var key [10]byte
	bit := 0
	onRoll := int(p.ToMove)
	for _, player := range [2]int{1 - onRoll, onRoll} {
		for pt := 1; pt <= 25; pt++ {
			n := g.pointCount(p, player, (25-pt)%25) // point 25 is the bar, step 0
			for i := 0; i < n; i++ {
				if bit < 80 {
					key[bit/8] |= 1 << (bit % 8)
				}
				bit++
			}
			bit++
		}
	}
	return base64.RawStdEncoding.EncodeToString(key[:]), nil
}

// parsePositionID reads a Position ID, alone or in a GNUbg ID (Position
// ID:Match ID, as GNU Backgammon prints it); alone, the player on roll is
// the first player, with no roll, unless the text goes on after a colon with
// the player to move's letter and the roll: `4HPwATDgc/ABMA:b` or
// `...:w65` (how this program wrote it before it wrote GNUbg IDs).
func (g *Game) parsePositionID(text string) (board.Position, error) {
	fail := func(format string, args ...any) (board.Position, error) {
		return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	id, rest, _ := strings.Cut(strings.TrimSpace(text), ":")
	if isMatchID(rest) {
		p, _, err := g.parseGNUbgID(text)
		return p, err
	}
	toMove := 0
	var dice [2]uint8
	if rest != "" {
		pl := -1
		for i, player := range g.Players {
			if player.Code == rest[0] {
				pl = i
			}
		}
		if pl < 0 {
			return fail("after the Position ID: want GNU Backgammon's Match ID (12 characters, like 4HPwATDgc/ABMA:cAkAAAAAAAAA), or the player on roll's letter and perhaps the roll, like :b or :w65")
		}
		toMove = pl
		if len(rest) > 1 {
			d1, d2, err := board.ParseRoll(rest[1:], g.dice.Dice().Sides)
			if err != nil {
				return fail("after the Position ID: %v", err)
			}
			dice = [2]uint8{uint8(d1), uint8(d2)}
		}
	}
	return g.readPositionID(text, id, toMove, dice)
}

// readPositionID reads the checkers of a Position ID for the player on roll.
func (g *Game) readPositionID(text, id string, toMove int, dice [2]uint8) (board.Position, error) {
	key, err := base64.RawStdEncoding.DecodeString(id)
	if err != nil || len(key) != 10 {
		return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf("%q is not a GNU Backgammon Position ID (14 characters of base64)", id)}
	}
	var p board.Position
	p.ToMove = uint8(toMove)
	p.Dice = dice
	onRoll := int(p.ToMove)
	b := g.Board
	bit := 0
	for _, player := range [2]int{1 - onRoll, onRoll} {
		for pt := 1; pt <= 25; pt++ {
			n := 0
			for bit < 80 && key[bit/8]&(1<<(bit%8)) != 0 {
				n++
				bit++
			}
			bit++
			if n == 0 {
				continue
			}
			sq := g.dice.Track(player)[(25-pt)%25]
			s := p.Cells[sq]
			for i := 0; i < n; i++ {
				s = b.Push(s, b.Single(player))
			}
			p.Cells[sq] = s
		}
	}
	return g.finishParsed(text, p)
}

// isPositionID reports whether text looks like a Position ID (perhaps with
// the player on roll and the roll after a colon).
func isPositionID(text string) bool {
	id, _, _ := strings.Cut(strings.TrimSpace(text), ":")
	if len(id) != 14 {
		return false
	}
	_, err := base64.RawStdEncoding.DecodeString(id)
	return err == nil
}

// PositionFormats are the position formats FormatPositionAs knows.
var PositionFormats = []string{"text", "xgid", "gnubgid"}

// FormatPositionAs writes p in a format: text (the project's own), xgid or
// gnubgid (GNU Backgammon's Position ID:Match ID), these two for a money
// game with the cube centred (FormatPositionCubeAs writes another cube).
func (g *Game) FormatPositionAs(p *board.Position, format string) (string, error) {
	if g.notation != nil && g.notation.pos != nil && format == g.notation.pos.Name {
		return g.formatNotationPosition(p), nil
	}
	switch format {
	case "":
		return g.FormatPosition(p), nil
	case "text":
		return g.Board.FormatPosition(p), nil
	case "xgid":
		return g.FormatXGID(p)
	case "gnubgid":
		return g.FormatGNUbgID(p, Centred())
	}
	formats := PositionFormats
	if g.notation != nil && g.notation.pos != nil {
		formats = append(append([]string(nil), formats...), g.notation.pos.Name)
	}
	return "", fmt.Errorf("unknown position format %q (want %s)", format, strings.Join(formats, ", "))
}
