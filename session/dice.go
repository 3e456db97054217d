package session

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The dice of a dice game. A position without a roll is a chance position:
// no player chooses there, so the session resolves it, with dice it rolls
// from its seed (Settle) or with a roll the caller was given (Roll: players
// using real dice). One copy for the terminal player and the web board.

// SetDiceSeed makes the dice the session rolls from now on follow seed and
// the number of moves played (tests and `play --seed` replay the same dice;
// a resumed game rolls other dice than its start did).
func (s *Session) SetDiceSeed(seed uint64) {
	s.dice = rand.New(rand.NewPCG(seed, uint64(s.hist.Len())))
}

// AtChance reports whether the game waits for the dice to be rolled.
func (s *Session) AtChance() bool {
	if s.failed != nil || s.resigned >= 0 || s.drawAgreed || s.cube != nil && (s.cube.Cube.Offered || s.cube.Loser >= 0) {
		return false
	}
	p := s.hist.Position()
	return s.Game.IsChance(&p)
}

// Settle rolls the dice at every chance position from here on until a
// player is to choose or the game is over, and returns the rolls played, in
// order. It does nothing when ManualDice is set (the caller gives each roll
// with Roll).
func (s *Session) Settle() []board.Move {
	if s.ManualDice {
		return nil
	}
	var rolled []board.Move
	for s.AtChance() {
		if s.dice == nil {
			s.SetDiceSeed(uint64(time.Now().UnixNano()))
		}
		p := s.hist.Position()
		m := s.Game.RandomRoll(&p, s.dice)
		if err := s.hist.Play(m); err != nil {
			break
		}
		s.redo = s.redo[:0]
		rolled = append(rolled, m)
	}
	return rolled
}

// Roll plays the roll written in text at a chance position: the dice as
// digits, in any order, together or apart ("65", "5 6", "6-5"); at an
// opening roll where each player rolls one die, the first player's die
// first ("6-5": the first player rolled the 6).
func (s *Session) Roll(text string) (board.Move, error) {
	if !s.AtChance() {
		return board.Move{}, fmt.Errorf("roll %q: the dice are not to be rolled now", text)
	}
	p := s.hist.Position()
	rolls := s.Legal()
	var digits []byte
	for _, ch := range strings.TrimSpace(text) {
		switch {
		case ch >= '0' && ch <= '9':
			digits = append(digits, byte(ch))
		case ch == ' ' || ch == '-' || ch == ',':
		default:
			return board.Move{}, fmt.Errorf("roll %q: write the dice as digits, like %s", text, s.Game.MoveString(rolls[0]))
		}
	}
	want := 0 // the number of dice
	for _, ch := range s.Game.MoveString(rolls[0]) {
		if ch >= '0' && ch <= '9' {
			want++
		}
	}
	var norm string
	switch {
	case p.Opening && strings.Contains(s.Game.MoveString(rolls[0]), "-") && len(digits) == 2:
		norm = string(digits[0]) + "-" + string(digits[1])
		if digits[0] == digits[1] {
			return board.Move{}, fmt.Errorf("roll %q: the opening roll is rolled again on equal dice", text)
		}
	case len(digits) == want && !p.Opening:
		if want == 2 && digits[1] > digits[0] {
			digits[0], digits[1] = digits[1], digits[0]
		}
		norm = string(digits)
	default:
		return board.Move{}, fmt.Errorf("roll %q: write the roll as %d dice, like %s", text, want, s.Game.MoveString(rolls[0]))
	}
	for _, m := range rolls {
		if s.Game.MoveString(m) == norm || p.Opening && s.Game.IsRollText(norm) && sameRoll(s.Game, &p, norm, m) {
			if err := s.hist.Play(m); err != nil {
				return board.Move{}, err
			}
			s.redo = s.redo[:0]
			return m, nil
		}
	}
	top := 0
	for _, m := range rolls {
		for _, ch := range s.Game.MoveString(m) {
			if ch >= '0' && ch <= '9' {
				top = max(top, int(ch-'0'))
			}
		}
	}
	return board.Move{}, fmt.Errorf("roll %q: each die shows 1 to %d", text, top)
}

// sameRoll reports whether text is read at p as the chance event m (an
// opening roll that decides only who starts names its starter: 6-5 is 2-1).
func sameRoll(g *interpreter.Game, p *board.Position, text string, m board.Move) bool {
	got, err := g.ParseMove(p, text)
	return err == nil && got == m
}
