package session

import "github.com/stackrules/stackrules/board"

// Mark is what a session is at one moment, to go back to (Rewind): a front
// end that must keep the game as saved takes a Mark before a change and
// rewinds to it when the change cannot be saved.
type Mark struct {
	plies      int
	redo       []board.Move
	resigned   int
	drawAgreed bool
	failed     error
}

// Mark notes the session as it is now.
func (s *Session) Mark() Mark {
	return Mark{plies: s.hist.Len(), redo: append([]board.Move(nil), s.redo...),
		resigned: s.resigned, drawAgreed: s.drawAgreed, failed: s.failed}
}

// Rewind puts the session back as it was at m, taking back the moves played
// since (a move, the AI's, rolls of the dice) and playing again those taken
// back by Undo; resignation and agreed draw are as they were.
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
}
