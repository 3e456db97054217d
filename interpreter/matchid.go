package interpreter

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// The doubling cube and the match score as positions carry them: the match
// part of GNU Backgammon's GNUbg ID (`4HPwATDgc/ABMA:cAkAAAAAAAAA`, Position
// ID, colon, Match ID) and the cube and score fields of an XGID. GNU
// Backgammon's player 1 (X, at the bottom) is the game's first player, as
// in the XGID; its player 0 (O) the second.

// CubeState is the doubling cube and the score of a game of a match or a
// money session: what a position alone does not say.
type CubeState struct {
	Value    int    // the cube's value: 1, 2, 4, ...
	Owner    int    // the player who holds the cube, -1 when it is centred
	Offered  bool   // the player to move has doubled; the other is to take or drop
	Length   int    // the match's length in points, 0 for a money game
	Score    [2]int // points won so far in the match, by player
	Crawford bool   // this game is the Crawford game: no doubling
	Jacoby   bool   // money game: gammons count only once the cube was turned
	Beavers  bool   // money game: a taker may beaver
}

// Centred is the cube of a new game: value 1, in the middle.
func Centred() CubeState { return CubeState{Value: 1, Owner: -1} }

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

// FormatMatchID writes GNU Backgammon's Match ID of p under cube cs.
func (g *Game) FormatMatchID(p *board.Position, cs CubeState) (string, error) {
	if !g.bgShaped() {
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
	if g.Result(p).Over {
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
func (g *Game) FormatGNUbgID(p *board.Position, cs CubeState) (string, error) {
	pid, err := g.FormatPositionID(p)
	if err != nil {
		return "", err
	}
	mid, err := g.FormatMatchID(p, cs)
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
func (g *Game) parseMatchID(text, mid string) (toMove int, dice [2]uint8, cs CubeState, err error) {
	fail := func(format string, args ...any) (int, [2]uint8, CubeState, error) {
		return 0, dice, cs, &board.PositionError{Text: text, Offset: strings.Index(text, mid), Msg: fmt.Sprintf(format, args...)}
	}
	key, e := base64.StdEncoding.DecodeString(mid)
	if e != nil || len(key) != 9 {
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
	case d1 < 1 || d1 > g.dice.Dice().Sides || d2 < 1 || d2 > g.dice.Dice().Sides:
		return fail("Match ID %s: dice %d and %d; each die shows 1 to %d", mid, d1, d2, g.dice.Dice().Sides)
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

// check says what is wrong with a cube and score that cannot be.
func (cs CubeState) check() error {
	switch {
	case cs.Value < 1 || cs.Value&(cs.Value-1) != 0:
		return fmt.Errorf("the cube's value %d is not a power of two", cs.Value)
	case cs.Length > 0 && (cs.Score[0] >= cs.Length || cs.Score[1] >= cs.Length):
		return fmt.Errorf("the score %d-%d in a match to %d: the match would be over", cs.Score[0], cs.Score[1], cs.Length)
	case cs.Length == 0 && cs.Crawford:
		return fmt.Errorf("a Crawford game in a money game")
	case cs.Crawford && cs.Score[0] != cs.Length-1 && cs.Score[1] != cs.Length-1:
		return fmt.Errorf("a Crawford game when neither player is 1 point from winning the match")
	case cs.Crawford && (cs.Value != 1 || cs.Owner >= 0 || cs.Offered):
		return fmt.Errorf("the cube was turned in the Crawford game")
	}
	return nil
}

// parseGNUbgID reads Position ID:Match ID.
func (g *Game) parseGNUbgID(text string) (board.Position, CubeState, error) {
	id, mid, _ := strings.Cut(strings.TrimSpace(text), ":")
	toMove, dice, cs, err := g.parseMatchID(text, mid)
	if err != nil {
		return board.Position{}, cs, err
	}
	p, err := g.readPositionID(text, id, toMove, dice)
	return p, cs, err
}

// ParsePositionCube reads a position with the cube and score it carries:
// an XGID's cube, score and match fields, a GNUbg ID's Match ID; a
// position in another format is a money game's with the cube centred.
func (g *Game) ParsePositionCube(text string) (board.Position, CubeState, error) {
	if g.dice != nil {
		t := strings.TrimSpace(text)
		switch id, rest, _ := strings.Cut(t, ":"); {
		case strings.HasPrefix(t, "XGID="):
			return g.parseXGIDCube(t)
		case isPositionID(id) && isMatchID(rest):
			return g.parseGNUbgID(t)
		}
	}
	p, err := g.ParsePosition(text)
	return p, Centred(), err
}

// FormatPositionCubeAs writes p under cube cs in a format of
// PositionFormats: the cube and score go into an XGID and a GNUbg ID.
func (g *Game) FormatPositionCubeAs(p *board.Position, format string, cs CubeState) (string, error) {
	switch format {
	case "xgid":
		return g.FormatXGIDCube(p, cs)
	case "gnubgid":
		return g.FormatGNUbgID(p, cs)
	}
	return g.FormatPositionAs(p, format)
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
func (g *Game) parseXGIDCube(text string) (board.Position, CubeState, error) {
	cs := Centred()
	fail := func(format string, args ...any) (board.Position, CubeState, error) {
		return board.Position{}, cs, &board.PositionError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Split(strings.TrimPrefix(text, "XGID="), ":")
	offered := len(fields) > 4 && fields[4] == "D"
	if offered { // read the checkers and turn as not rolled
		fields[4] = "00"
	}
	p, err := g.parseXGID("XGID=" + strings.Join(fields, ":"))
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

// FormatXGIDCube writes p as an XGID with cube cs.
func (g *Game) FormatXGIDCube(p *board.Position, cs CubeState) (string, error) {
	x, err := g.FormatXGID(p)
	if err != nil {
		return "", err
	}
	checkers, _, _ := strings.Cut(x, ":")
	return checkers + xgidFields(p, cs), nil
}
