package session

import (
	"slices"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/records"
)

// Mark is what a session is at one moment, to go back to (Rewind): a front
// end that must keep the game as saved takes a Mark before a change and
// rewinds to it when the change cannot be saved.
type Mark struct {
	plies      int
	redo       []board.Move
	resigned   int
	drawAgreed bool
	failed     error
	cube       *records.CubeGame // a copy of the cube's state, nil without one
}

// Mark notes the session as it is now.
func (s *Session) Mark() Mark {
	m := Mark{plies: s.hist.Len(), redo: append([]board.Move(nil), s.redo...),
		resigned: s.resigned, drawAgreed: s.drawAgreed, failed: s.failed}
	if s.cube != nil {
		c := *s.cube
		c.Events = slices.Clone(c.Events)
		m.cube = &c
	}
	return m
}

// Rewind puts the session back as it was at m, taking back the moves played
// since (a move, the AI's, rolls of the dice) and playing again those taken
// back by Undo; resignation, agreed draw and the doubling cube are as they
// were.
func (s *Session) Rewind(m Mark) {
	for s.hist.Len() > m.plies && s.hist.Undo() {
	}
	// Undo left the moves it took back on the redo list, the next last.
	for s.hist.Len() < m.plies && len(s.redo) > 0 {
		if err := s.hist.Play(s.redo[len(s.redo)-1]); err != nil {
			break
		}
		s.redo = s.redo[:len(s.redo)-1]
	}
	s.redo = m.redo
	s.resigned, s.drawAgreed, s.failed = m.resigned, m.drawAgreed, m.failed
	if m.cube != nil && s.cube != nil {
		c := *m.cube // the cube's actions since are taken back too
		c.Events = slices.Clone(c.Events)
		*s.cube = c
	}
}
