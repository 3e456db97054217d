package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// The terminal player in a dice game: the session rolls the dice (or, with
// --dice manual, takes each roll typed in from real dice), and a turn is
// typed whole (24/18 13/11) or one checker at a time (24/18, then 13/11),
// with undo taking back the last checker moved inside the turn.

// rollDice resolves the chance position the game is at: rolled by the
// session, or, with manual dice, read at a prompt. It returns errLeave when
// the player leaves there.
func (ss *terminalGame) rollDice() error {
	if !ss.sess.ManualDice {
		for _, m := range ss.sess.Settle() {
			ss.sayRoll(m)
		}
		return nil
	}
	for {
		pos := ss.h.Position()
		name := ss.g.Players[pos.ToMove].Name
		what := name + "'s roll"
		if pos.Opening {
			what = "opening roll (" + ss.g.Players[0].Name + "'s die first)"
		}
		ss.out("%s %s> ", ss.moveNumber(ss.h.Len()), what)
		line, again, err := ss.readCommand()
		if err != nil {
			return err
		}
		if again {
			continue
		}
		switch line {
		case "":
			continue
		case "quit":
			return ss.leave("")
		case "board":
			ss.draw()
			continue
		case "undo":
			if ss.undo() {
				return nil
			}
			continue
		case "help":
			ss.out("Type the dice you rolled, like 65 or 6 5; quit, undo or board.\n")
			continue
		case "double":
			if why := ss.sess.MayDouble(); why != "" {
				ss.out("No double: %s.\n", why)
				continue
			}
		}
		m, err := ss.sess.Roll(line)
		if err != nil {
			ss.out("%v\n", err)
			continue
		}
		ss.sayRoll(m)
		ss.autosave()
		return nil
	}
}

// sayRoll says what a roll was.
func (ss *terminalGame) sayRoll(m board.Move) {
	n := ss.h.Len()
	before := ss.h.PositionAt(n - 1)
	if before.Opening {
		ss.out("Opening roll %s: %s starts.\n", ss.g.MoveString(m), ss.g.Players[ss.h.Position().ToMove].Name)
	} else {
		ss.out("%s rolls %s.\n", ss.g.Players[before.ToMove].Name, ss.g.MoveString(m))
	}
}

// diceTurn is the part of a turn typed so far, one checker at a time.
type diceTurn struct {
	at    int      // h.Len() when it was begun
	steps []string // the checker moves typed, in order
}

// handleDicePlay reads a line of a dice game's turn: the whole play, or
// one more checker move of it. done means the play was made.
func (ss *terminalGame) handleDicePlay(line string, pos *board.Position, legal []board.Move) bool {
	if ss.turn.at != ss.h.Len() {
		ss.turn = diceTurn{at: ss.h.Len()}
	}
	text := strings.ToLower(strings.TrimSpace(line))
	full := strings.TrimSpace(strings.Join(append(slices.Clone(ss.turn.steps), text), " "))
	if m, err := ss.g.ParseMove(pos, full); err == nil {
		if err := ss.sess.PlayMove(m); err != nil {
			ss.autosave()
			ss.out("%v\n", err)
			return false
		}
		if len(ss.turn.steps) > 0 || ss.g.MoveString(m) != text {
			ss.out("(%s)\n", ss.g.MoveString(m))
		}
		ss.turn = diceTurn{}
		ss.autosave()
		return true
	}
	if text != "pass" && ss.startsAPlay(pos, legal, full) {
		ss.turn.steps = append(ss.turn.steps, text)
		ss.out("So far %s; type the rest of the play (undo takes back %s).\n", strings.Join(ss.turn.steps, " "), text)
		return false
	}
	why := ss.g.Explain(pos, full).Short()
	ss.out("%s\n", why)
	if len(ss.turn.steps) > 0 {
		ss.out("(So far %s; undo takes back %s.)\n", strings.Join(ss.turn.steps, " "), ss.turn.steps[len(ss.turn.steps)-1])
	}
	return false
}

// undoStep takes back the last checker move typed in the turn; false when
// there is none.
func (ss *terminalGame) undoStep() bool {
	if ss.turn.at != ss.h.Len() || len(ss.turn.steps) == 0 {
		return false
	}
	last := ss.turn.steps[len(ss.turn.steps)-1]
	ss.turn.steps = ss.turn.steps[:len(ss.turn.steps)-1]
	if len(ss.turn.steps) == 0 {
		ss.out("Took back %s; the whole roll is to play.\n", last)
	} else {
		ss.out("Took back %s; so far %s.\n", last, strings.Join(ss.turn.steps, " "))
	}
	return true
}

// stepRefused matches an explanation that begins with the checker move the
// rules refuse ("13/7 with the 6: ...", "8/2: no checker ...").
var stepRefused = regexp.MustCompile(`^[^ :]+/[^ :]+( does not go forward|: no checker| with the)`)

// hop is one die's move of one piece, as steps along the mover's track: 0
// its first square (the bar, the base), the track's length off.
type hop struct{ from, to int }

// trackNumbering reads and writes a track's squares as move text numbers
// them: descending (a backgammon player's points, the steps left to go) or
// ascending (squares counted from the start square, 0 up).
type trackNumbering struct {
	length    int  // the track's squares; a step this far is off
	ascending bool // 0 is step 1, counting up
	startName string
}

func (tn *trackNumbering) step(p string) (int, bool) {
	p = strings.ToLower(strings.TrimSuffix(p, "*"))
	if p == "off" {
		return tn.length, true
	}
	n, err := strconv.Atoi(p)
	switch {
	case err == nil && tn.ascending && n >= 0 && n < tn.length-1:
		return n + 1, true
	case err == nil && !tn.ascending && n > 0 && n < tn.length:
		return tn.length - n, true
	case err == nil || p == "":
		return 0, false
	}
	if tn.startName == "" {
		tn.startName = p
	}
	return 0, p == tn.startName
}

func (tn *trackNumbering) name(s int) string {
	switch {
	case s == 0:
		return tn.startName
	case s >= tn.length:
		return "off"
	case tn.ascending:
		return strconv.Itoa(s - 1)
	}
	return strconv.Itoa(tn.length - s)
}

// startsAPlay reports whether text, the piece moves typed so far, begins
// some legal play at pos.
func (ss *terminalGame) startsAPlay(pos *board.Position, legal []board.Move, text string) bool {
	return len(ss.playsStartedBy(pos, legal, text, true)) > 0
}

// playsStartedBy lists the legal plays at pos that text, the piece moves
// typed so far, begins, each with the rest of the play to type: the die
// moves text takes are among that play's, and the play written as text and
// then the rest is read back as that play (first: stop at the first found).
// Move text numbers a track down (backgammon) or up (from a start square);
// both are tried, and only a play read back by the rules counts.
func (ss *terminalGame) playsStartedBy(pos *board.Position, legal []board.Move, text string, first bool) map[board.Move]string {
	if !pos.Rolled() {
		return nil
	}
	// The rules walk the piece moves in the order typed (a checker on the
	// bar enters first); a refused one is named at the head of the problem.
	if e := ss.g.Explain(pos, text); e.Legal || stepRefused.MatchString(e.Problem) {
		return nil
	}
	var dice []int
	d1, d2 := int(pos.Dice[0]), int(pos.Dice[1])
	switch {
	case d2 == 0:
		dice = []int{d1}
	case d1 == d2:
		for range board.MaxDiceMoves {
			dice = append(dice, d1)
		}
	default:
		dice = []int{d1, d2}
	}
	found := map[board.Move]string{}
	for _, ascending := range []bool{false, true} {
		tn := &trackNumbering{length: len(ss.g.Track(int(pos.ToMove))), ascending: ascending}
		typed, ok := readHops(text, tn)
		if !ok {
			continue
		}
		for _, ue := range expandHops(typed, dice, tn.length) {
			for _, m := range legal {
				if _, done := found[m]; m.Kind != board.Play || done {
					continue
				}
				written, ok := readHops(ss.g.MoveString(m), tn)
				if !ok {
					continue
				}
				for _, me := range expandHops(written, dice, tn.length) {
					rest, ok := minus(me, ue)
					if !ok || len(rest) == 0 {
						continue
					}
					var sb strings.Builder
					for _, h := range rest {
						sb.WriteString(" " + tn.name(h.from) + "/" + tn.name(h.to))
					}
					if got, err := ss.g.ParseMove(pos, text+sb.String()); err == nil && got == m {
						found[m] = strings.TrimSpace(sb.String())
						if first {
							return found
						}
						break
					}
				}
			}
		}
	}
	return found
}

// partial is the position in the middle of a turn typed a checker at a
// time: after the moves typed so far, with the dice they leave; false when
// no turn is under way (or the moves cannot be shown).
func (ss *terminalGame) partial() (board.Position, []int, bool) {
	pos := ss.h.Position()
	if ss.turn.at != ss.h.Len() || len(ss.turn.steps) == 0 {
		return pos, nil, false
	}
	q, left, err := ss.g.PlayedSoFar(&pos, strings.Join(ss.turn.steps, " "))
	if err != nil || len(left) == 0 {
		return pos, nil, false
	}
	q.SetDice(int(pos.Dice[0]), int(pos.Dice[1]), pos.Opening) // still this roll's turn
	return q, left, true
}

// partialHint is the hint in the middle of a turn: of the plays that the
// moves typed so far begin, the one the search likes best (m if it is one
// of them), and the rest of it to type.
func (ss *terminalGame) partialHint(pos *board.Position, m board.Move, ranked []board.Move) (board.Move, string, bool) {
	if ss.turn.at != ss.h.Len() || len(ss.turn.steps) == 0 {
		return m, "", false
	}
	started := ss.playsStartedBy(pos, ss.g.LegalMoves(pos, nil), strings.Join(ss.turn.steps, " "), false)
	if len(started) == 0 {
		return m, "", false
	}
	if rest, ok := started[m]; ok {
		return m, rest, true
	}
	for _, r := range ranked {
		if rest, ok := started[r]; ok {
			return r, rest, true
		}
	}
	// none ranked: the first in the legal order
	for _, l := range ss.g.LegalMoves(pos, nil) {
		if rest, ok := started[l]; ok {
			return l, rest, true
		}
	}
	return m, "", false
}

// readHops reads play text into its piece moves (a/b/c is a/b and b/c;
// (n) repeats), as track steps.
func readHops(text string, tn *trackNumbering) ([]hop, bool) {
	var out []hop
	for _, tok := range strings.Fields(text) {
		count := 1
		if i := strings.IndexByte(tok, '('); i >= 0 && strings.HasSuffix(tok, ")") {
			n, err := strconv.Atoi(tok[i+1 : len(tok)-1])
			if err != nil || n < 1 || n > board.MaxDiceMoves {
				return nil, false
			}
			count, tok = n, tok[:i]
		}
		parts := strings.Split(tok, "/")
		if len(parts) < 2 {
			return nil, false
		}
		steps := make([]int, len(parts))
		for i, p := range parts {
			s, ok := tn.step(p)
			if !ok {
				return nil, false
			}
			steps[i] = s
		}
		for range count {
			for i := 0; i+1 < len(steps); i++ {
				out = append(out, hop{steps[i], steps[i+1]})
			}
		}
	}
	return out, len(out) > 0
}

// expandHops splits piece moves into die moves, every way the dice allow
// (24/13 with 6-5 is 24/18 18/13 or 24/19 19/13); a die may carry a piece
// past off (bearing off with a higher number).
func expandHops(hs []hop, dice []int, off int) [][]hop {
	var out [][]hop
	var walk func(i int, at int, left []int, acc []hop)
	walk = func(i int, at int, left []int, acc []hop) {
		if len(out) > 64 {
			return
		}
		if i == len(hs) {
			out = append(out, slices.Clone(acc))
			return
		}
		h := hs[i]
		if at < 0 {
			at = h.from
		}
		tried := map[int]bool{}
		for j, d := range left {
			if tried[d] {
				continue
			}
			tried[d] = true
			rest := append(slices.Clone(left[:j]), left[j+1:]...)
			to := at + d
			switch {
			case to == h.to || h.to == off && to > off || at == 0 && h.to < to:
				// (from the first square a die may bring a piece only onto the
				// track's start, as Ludo's 6 does; the rules check it below)
				walk(i+1, -1, rest, append(acc, hop{at, min(to, h.to, off)}))
			case to < h.to:
				walk(i, to, rest, append(acc, hop{at, to}))
			}
			if at == 0 && to > 1 && h.to > 1 {
				walk(i, 1, rest, append(acc, hop{0, 1})) // onto the start square, then on
			}
		}
	}
	walk(0, -1, dice, nil)
	return out
}

// minus is all less part as multisets, false when part is not in all.
func minus(all, part []hop) ([]hop, bool) {
	rest := slices.Clone(all)
	for _, h := range part {
		i := slices.Index(rest, h)
		if i < 0 {
			return nil, false
		}
		rest = append(rest[:i], rest[i+1:]...)
	}
	return rest, true
}

// turnNumber numbers ply i of a dice game as its record does: each roll
// begins a turn ("2." for the roll and the play after it).
func (ss *terminalGame) turnNumber(i int) string {
	moves := ss.h.Moves()
	rolls := 0
	if start := ss.h.Start(); start.Rolled() {
		rolls = 1 // a game begun with the dice rolled: its first turn
	}
	for _, m := range moves[:min(i, len(moves))] {
		if m.Kind == board.Roll {
			rolls++
		}
	}
	if i < len(moves) && moves[i].Kind == board.Roll || i == len(moves) && ss.sess.AtChance() {
		rolls++
	}
	return fmt.Sprintf("%d.", rolls)
}
