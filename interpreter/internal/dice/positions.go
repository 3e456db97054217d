package dice

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Positions as GNU Backgammon and eXtreme Gammon write them: the XGID
// (`XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`) and GNU
// Backgammon's Position ID (`4HPwATDgc/ABMA`). They fit a game of two
// players whose tracks are a start square (the bar) and 24 squares each,
// the second player's the first's in reverse (backgammon's board); the first
// player is XGID's X (upper case), whose point numbers the XGID uses.
//
// The doubling cube and the match score as positions carry them: the match
// part of GNU Backgammon's GNUbg ID (`4HPwATDgc/ABMA:cAkAAAAAAAAA`, Position
// ID, colon, Match ID) and the cube and score fields of an XGID. GNU
// Backgammon's player 1 (X, at the bottom) is the game's first player, as
// in the XGID; its player 0 (O) the second.

// Game is what reading and writing positions needs of a game besides its
// board and tracks: its name and its players' names, letters and the
// pieces each starts with.
type Game struct {
	Name    string
	Players []string
	Codes   []byte
	Initial [board.MaxPlayers]int16
}

// BackgammonBoard reports whether the game's tracks have backgammon's
// shape (two players, a bar and 24 points each, the second's the first's
// in reverse): the games GNU Backgammon's positions and files are for.
func (e *Engine[H]) BackgammonBoard() bool {
	if e.players != 2 || len(e.Track(0)) != 25 || len(e.Track(1)) != 25 || e.Count != 2 {
		return false
	}
	for k := 1; k <= 24; k++ {
		if e.Track(0)[k] != e.Track(1)[25-k] {
			return false
		}
	}
	return true
}

// pointCount is how many of player's pieces are on step s of its track.
func (e *Engine[H]) pointCount(p *board.Position, player, s int) int {
	st := p.Cells[e.Track(player)[s]]
	if st == 0 {
		return 0
	}
	var counts [board.MaxPlayers]int16
	e.b.Count(st, &counts)
	return int(counts[player])
}

// FormatXGID writes p under cube cs as an XGID.
func (e *Engine[H]) FormatXGID(g Game, p *board.Position, cs CubeState) (string, error) {
	if !e.BackgammonBoard() {
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
	sb.WriteByte(letter(e.pointCount(p, 1, 0), false))
	for pt := 1; pt <= 24; pt++ {
		s := 25 - pt // the first player's step of its point pt
		if n := e.pointCount(p, 0, s); n > 0 {
			sb.WriteByte(letter(n, true))
		} else {
			sb.WriteByte(letter(e.pointCount(p, 1, 25-s), false))
		}
	}
	sb.WriteByte(letter(e.pointCount(p, 0, 0), true))
	sb.WriteString(xgidFields(p, cs))
	return sb.String(), nil
}

// parseXGID reads an XGID (the cube, score and match fields are read and
// must be a money game's or any; only the checkers, the turn and the dice
// matter here).
func (e *Engine[H]) parseXGID(g Game, text string) (board.Position, error) {
	fail := func(format string, args ...any) (board.Position, error) {
		return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	if !e.BackgammonBoard() {
		return fail("%s cannot read an XGID: it is for games on a backgammon board", g.Name)
	}
	body := strings.TrimPrefix(strings.TrimSpace(text), "XGID=")
	fields := strings.Split(body, ":")
	if len(fields) < 5 || len(fields[0]) != 26 {
		return fail("an XGID is 26 characters of checkers and then fields separated by colons, like XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
	}
	var p board.Position
	b := e.b
	put := func(player, step, n int) {
		sq := e.Track(player)[step]
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
		d1, d2, err := board.ParseRoll(d, e.Sides)
		if err != nil {
			return fail("XGID dice %q: want 00 (not rolled) or two dice like 65", d)
		}
		p.Dice = [2]uint8{uint8(d1), uint8(d2)}
	}
	return e.finishParsed(g, text, p)
}

// finishParsed counts a position read from another format and checks its
// pieces as the interpreter's ParsePosition does.
func (e *Engine[H]) finishParsed(g Game, text string, p board.Position) (board.Position, error) {
	p.Recount(e.b)
	for i := range g.Players {
		if p.OnBoard[i] > g.Initial[i] {
			return board.Position{}, &board.PositionError{Text: text,
				Msg: fmt.Sprintf("%s has %d checkers, more than the %d it starts with", g.Players[i], p.OnBoard[i], g.Initial[i])}
		}
		p.Off[i] = g.Initial[i] - p.OnBoard[i]
	}
	for _, sq := range e.Track(0) {
		if s := p.Cells[sq]; s != 0 && OwnPieces(e.b, s, 0) > 0 && OwnPieces(e.b, s, 1) > 0 {
			return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf("%s holds checkers of both players", e.b.SquareName(sq))}
		}
	}
	return p, nil
}

// FormatPositionID writes GNU Backgammon's Position ID of p: for the
// player not on roll, then the player on roll, the checkers on its points
// 1..24 and its bar as that many 1 bits and a 0, packed low bit first into
// ten bytes, in base64 without padding.
func (e *Engine[H]) FormatPositionID(g Game, p *board.Position) (string, error) {
	if !e.BackgammonBoard() {
		return "", fmt.Errorf("%s has no GNU Backgammon Position ID: it is for games on a backgammon board", g.Name)
	}
	var key [10]byte
	bit := 0
	onRoll := int(p.ToMove)
	for _, player := range [2]int{1 - onRoll, onRoll} {
		for pt := 1; pt <= 25; pt++ {
			n := e.pointCount(p, player, (25-pt)%25) // point 25 is the bar, step 0
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
func (e *Engine[H]) parsePositionID(g Game, text string) (board.Position, error) {
	fail := func(format string, args ...any) (board.Position, error) {
		return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	id, rest, _ := strings.Cut(strings.TrimSpace(text), ":")
	if isMatchID(rest) {
		p, _, err := e.parseGNUbgID(g, text)
		return p, err
	}
	toMove := 0
	var dice [2]uint8
	if rest != "" {
		pl := -1
		for i, code := range g.Codes {
			if code == rest[0] {
				pl = i
			}
		}
		if pl < 0 {
			return fail("after the Position ID: want GNU Backgammon's Match ID (12 characters, like 4HPwATDgc/ABMA:cAkAAAAAAAAA), or the player on roll's letter and perhaps the roll, like :b or :w65")
		}
		toMove = pl
		if len(rest) > 1 {
			d1, d2, err := board.ParseRoll(rest[1:], e.Sides)
			if err != nil {
				return fail("after the Position ID: %v", err)
			}
			dice = [2]uint8{uint8(d1), uint8(d2)}
		}
	}
	return e.readPositionID(g, text, id, toMove, dice)
}

// readPositionID reads the checkers of a Position ID for the player on roll.
func (e *Engine[H]) readPositionID(g Game, text, id string, toMove int, dice [2]uint8) (board.Position, error) {
	key, err := base64.RawStdEncoding.DecodeString(id)
	if err != nil || len(key) != 10 {
		return board.Position{}, &board.PositionError{Text: text, Msg: fmt.Sprintf("%q is not a GNU Backgammon Position ID (14 characters of base64)", id)}
	}
	var p board.Position
	p.ToMove = uint8(toMove)
	p.Dice = dice
	onRoll := int(p.ToMove)
	b := e.b
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
			sq := e.Track(player)[(25-pt)%25]
			s := p.Cells[sq]
			for i := 0; i < n; i++ {
				s = b.Push(s, b.Single(player))
			}
			p.Cells[sq] = s
		}
	}
	return e.finishParsed(g, text, p)
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

// gnubgPlayer is GNU Backgammon's number of the game's player i, and back.
func gnubgPlayer(i int) int { return 1 - i }

// log2 of a cube value (a power of two).
func cubeLog(v int) int {
	n := 0
	for v > 1 {
		v >>= 1
		n++
	}
	return n
}

// bitWriter packs fields low bit first, as GNU Backgammon's Match ID.
type bitWriter struct {
	key [9]byte
	at  int
}

func (w *bitWriter) put(v, bits int) {
	for i := 0; i < bits; i++ {
		if v&(1<<i) != 0 {
			w.key[w.at/8] |= 1 << (w.at % 8)
		}
		w.at++
	}
}

type bitReader struct {
	key []byte
	at  int
}

func (r *bitReader) get(bits int) int {
	v := 0
	for i := 0; i < bits; i++ {
		if r.key[r.at/8]&(1<<(r.at%8)) != 0 {
			v |= 1 << i
		}
		r.at++
	}
	return v
}

// FormatMatchID writes GNU Backgammon's Match ID of p under cube cs; over
// says that the game has ended at p.
func (e *Engine[H]) FormatMatchID(g Game, p *board.Position, cs CubeState, over bool) (string, error) {
	if !e.BackgammonBoard() {
		return "", fmt.Errorf("%s has no GNU Backgammon Match ID: it is for games on a backgammon board", g.Name)
	}
	if cs.Value < 1 || cs.Value&(cs.Value-1) != 0 || cs.Value > 1<<15 {
		return "", fmt.Errorf("a cube of %d: want a power of two", cs.Value)
	}
	var w bitWriter
	w.put(cubeLog(cs.Value), 4)
	owner := 3
	if cs.Owner >= 0 {
		owner = gnubgPlayer(cs.Owner)
	}
	w.put(owner, 2)
	onRoll := gnubgPlayer(int(p.ToMove))
	w.put(onRoll, 1)
	w.put(b2i(cs.Crawford), 1)
	state := 1 // playing
	if over {
		state = 2
	}
	w.put(state, 3)
	turn := onRoll
	if cs.Offered {
		turn = 1 - onRoll
	}
	w.put(turn, 1)
	w.put(b2i(cs.Offered), 1)
	w.put(0, 2) // no resignation offered
	w.put(int(p.Dice[0]), 3)
	w.put(int(p.Dice[1]), 3)
	w.put(cs.Length, 15)
	w.put(cs.Score[gnubgPlayer(0)], 15) // GNU Backgammon's player 0 first
	w.put(cs.Score[gnubgPlayer(1)], 15)
	w.put(b2i(cs.Jacoby && cs.Length == 0), 1)
	return base64.StdEncoding.EncodeToString(w.key[:]), nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FormatGNUbgID writes the GNUbg ID of p under cube cs, as GNU Backgammon
// prints it and reads it with `set gnubgid`: Position ID:Match ID.
func (e *Engine[H]) FormatGNUbgID(g Game, p *board.Position, cs CubeState, over bool) (string, error) {
	pid, err := e.FormatPositionID(g, p)
	if err != nil {
		return "", err
	}
	mid, err := e.FormatMatchID(g, p, cs, over)
	if err != nil {
		return "", err
	}
	return pid + ":" + mid, nil
}

// isMatchID reports whether text is 12 characters of base64.
func isMatchID(text string) bool {
	if len(text) != 12 {
		return false
	}
	_, err := base64.StdEncoding.DecodeString(text)
	return err == nil
}

// parseMatchID reads a Match ID into the player on roll, the dice and the
// cube; the checkers of p are those of its Position ID, read for the player
// on roll (readBoard).
func (e *Engine[H]) parseMatchID(text, mid string) (toMove int, dice [2]uint8, cs CubeState, err error) {
	fail := func(format string, args ...any) (int, [2]uint8, CubeState, error) {
		return 0, dice, cs, &board.PositionError{Text: text, Offset: strings.Index(text, mid), Msg: fmt.Sprintf(format, args...)}
	}
	key, err1 := base64.StdEncoding.DecodeString(mid)
	if err1 != nil || len(key) != 9 {
		return fail("%q is not a GNU Backgammon Match ID (12 characters of base64, like cAkAAAAAAAAA)", mid)
	}
	r := bitReader{key: key}
	cs.Value = 1 << r.get(4)
	owner := r.get(2)
	switch owner {
	case 3:
		cs.Owner = -1
	case 2:
		return fail("Match ID %s: the cube's owner is 2; want 0, 1 or 3 (centred)", mid)
	default:
		cs.Owner = gnubgPlayer(owner)
	}
	onRoll := r.get(1)
	cs.Crawford = r.get(1) == 1
	state := r.get(3)
	if state > 4 {
		return fail("Match ID %s: game state %d is not one of GNU Backgammon's (0 to 4)", mid, state)
	}
	turn := r.get(1)
	cs.Offered = r.get(1) == 1
	if r.get(2) != 0 {
		return fail("Match ID %s: a resignation is offered; positions with one are not read", mid)
	}
	if cs.Offered == (turn == onRoll) {
		return fail("Match ID %s: a double is offered exactly when the player to decide is not the one on roll", mid)
	}
	d1, d2 := r.get(3), r.get(3)
	switch {
	case d1 == 0 && d2 == 0:
	case d1 < 1 || d1 > e.Sides || d2 < 1 || d2 > e.Sides:
		return fail("Match ID %s: dice %d and %d; each die shows 1 to %d", mid, d1, d2, e.Sides)
	default:
		if d2 > d1 {
			d1, d2 = d2, d1
		}
		dice = [2]uint8{uint8(d1), uint8(d2)}
	}
	if cs.Offered && dice[0] != 0 {
		return fail("Match ID %s: a double is offered after the dice were rolled", mid)
	}
	cs.Length = r.get(15)
	var sc [2]int
	sc[0] = r.get(15)
	sc[1] = r.get(15)
	cs.Score[gnubgPlayer(0)], cs.Score[gnubgPlayer(1)] = sc[0], sc[1]
	// Bit 66, GNU Backgammon's Jacoby setting, which it writes in matches
	// too, where it means nothing.
	cs.Jacoby = r.get(1) == 1 && cs.Length == 0
	if err := cs.check(); err != nil {
		return fail("Match ID %s: %v", mid, err)
	}
	return gnubgPlayer(onRoll), dice, cs, nil
}

// parseGNUbgID reads Position ID:Match ID.
func (e *Engine[H]) parseGNUbgID(g Game, text string) (board.Position, CubeState, error) {
	id, mid, _ := strings.Cut(strings.TrimSpace(text), ":")
	toMove, dice, cs, err := e.parseMatchID(text, mid)
	if err != nil {
		return board.Position{}, cs, err
	}
	p, err := e.readPositionID(g, text, id, toMove, dice)
	return p, cs, err
}

// ParsePositionCube reads a position in GNU Backgammon's or eXtreme
// Gammon's formats with the cube and score it carries: an XGID's cube,
// score and match fields, a GNUbg ID's Match ID, a Position ID alone (or
// with the player on roll and the roll after a colon, see parsePositionID)
// with the cube centred. ok is false for text in none of these formats.
func (e *Engine[H]) ParsePositionCube(g Game, text string) (p board.Position, cs CubeState, ok bool, err error) {
	t := strings.TrimSpace(text)
	switch id, rest, _ := strings.Cut(t, ":"); {
	case strings.HasPrefix(t, "XGID="):
		p, cs, err = e.parseXGIDCube(g, t)
		return p, cs, true, err
	case isPositionID(id) && isMatchID(rest):
		p, cs, err = e.parseGNUbgID(g, t)
		return p, cs, true, err
	case isPositionID(t):
		p, err = e.parsePositionID(g, t)
		return p, Centred(), true, err
	}
	return board.Position{}, Centred(), false, nil
}

// xgidCube writes the XGID fields after the checkers: cube, cube position,
// turn, dice, scores, Crawford or Jacoby, match length, maximum cube.
func xgidFields(p *board.Position, cs CubeState) string {
	owner := 0
	switch cs.Owner {
	case 0:
		owner = 1
	case 1:
		owner = -1
	}
	turn := 1
	if p.ToMove == 1 {
		turn = -1
	}
	dice := "00"
	switch {
	case cs.Offered:
		dice = "D"
	case p.Rolled():
		dice = board.RollString(int(p.Dice[0]), int(p.Dice[1]))
	}
	flags := 0
	if cs.Length > 0 {
		flags = b2i(cs.Crawford)
	} else {
		flags = b2i(cs.Jacoby) | b2i(cs.Beavers)<<1
	}
	return fmt.Sprintf(":%d:%d:%d:%s:%d:%d:%d:%d:10", cubeLog(cs.Value), owner, turn, dice, cs.Score[0], cs.Score[1], flags, cs.Length)
}

// parseXGIDCube reads an XGID with its cube and score.
func (e *Engine[H]) parseXGIDCube(g Game, text string) (board.Position, CubeState, error) {
	cs := Centred()
	fail := func(format string, args ...any) (board.Position, CubeState, error) {
		return board.Position{}, cs, &board.PositionError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Split(strings.TrimPrefix(text, "XGID="), ":")
	offered := len(fields) > 4 && fields[4] == "D"
	if offered { // read the checkers and turn as not rolled
		fields[4] = "00"
	}
	p, err := e.parseXGID(g, "XGID="+strings.Join(fields, ":"))
	if err != nil {
		if pe, ok := err.(*board.PositionError); ok {
			pe.Text = text
		}
		return board.Position{}, cs, err
	}
	cs.Offered = offered
	num := func(i int, what string) (int, bool) {
		if len(fields) <= i {
			return 0, true
		}
		n, err := strconv.Atoi(fields[i])
		if err != nil || n < -1 {
			return 0, false
		}
		_ = what
		return n, true
	}
	names := []string{"", "cube (log 2 of its value)", "cube position (1, 0 or -1)", "", "", "first player's score", "second player's score", "Crawford/Jacoby flags", "match length"}
	var v [9]int
	for _, i := range []int{1, 2, 5, 6, 7, 8} {
		n, ok := num(i, names[i])
		if !ok {
			return fail("XGID field %d, the %s, %q is not a number", i+1, names[i], fields[i])
		}
		v[i] = n
	}
	if v[1] < 0 || v[1] > 15 {
		return fail("XGID cube %d: want the cube's value as a power of two, 0 (cube 1) to 15", v[1])
	}
	cs.Value = 1 << v[1]
	switch v[2] {
	case 0:
		cs.Owner = -1
	case 1:
		cs.Owner = 0
	case -1:
		cs.Owner = 1
	default:
		return fail("XGID cube position %d: want 1 (the first player holds it), -1 (the second) or 0 (centred)", v[2])
	}
	cs.Score = [2]int{v[5], v[6]}
	cs.Length = v[8]
	if cs.Length > 0 {
		cs.Crawford = v[7]&1 != 0
	} else {
		cs.Jacoby, cs.Beavers = v[7]&1 != 0, v[7]&2 != 0
		cs.Score = [2]int{}
	}
	if err := cs.check(); err != nil {
		return fail("XGID: %v", err)
	}
	return p, cs, nil
}
