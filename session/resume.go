package session

import (
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// A game is recorded as it goes (Record) and may be continued from its
// record (FromRecord; Resume, for a front end that has read and replayed the
// record itself). A continued record keeps what the game does not change.

// Resume continues the game of a record the caller has read and replayed
// into h: base's tags in their order and its comments are kept in Record
// (those on the moves still played as they were), and Unchanged tells
// whether the game is still as it was read.
func Resume(g *interpreter.Game, variant string, seats []Seat, h *interpreter.History, base *records.Record) (*Session, error) {
	s, err := New(g, variant, seats, h.Start())
	if err != nil {
		return nil, err
	}
	s.hist = h
	s.base = base
	s.baseMoves = append([]board.Move(nil), h.Moves()...)
	if d := base.Tag("Date"); d != "" {
		s.Date = d
	}
	return s, nil
}

// Unchanged reports whether a resumed game is as it was read: the same
// moves, no resignation, no agreed draw. Leaving it need write nothing.
func (s *Session) Unchanged() bool {
	if s.base == nil || s.resigned >= 0 || s.drawAgreed || s.hist.Len() != len(s.baseMoves) || !s.cubeUnchanged() {
		return false
	}
	for i, m := range s.hist.Moves() {
		if m != s.baseMoves[i] {
			return false
		}
	}
	return true
}

// Record is the game record so far.
func (s *Session) Record() *records.Record {
	labels := make([]string, len(s.Seats))
	for i, st := range s.Seats {
		labels[i] = st.String()
	}
	r := records.NewCube(s.Game, s.hist, s.cube, s.Variant, labels, s.Date)
	if s.resigned >= 0 || s.drawAgreed {
		o := s.Outcome()
		r.Result = records.ResultText(s.Game, o)
		r.SetTag("Result", r.Result)
		r.SetTag("Termination", o.Reason)
	}
	s.keepFromBase(r)
	return r
}

// keepFromBase makes the record keep what the resumed record had and this
// session does not change: its tags in their order, its comments (those on
// the moves still played as they were, and those before and after the moves).
func (s *Session) keepFromBase(rec *records.Record) {
	base := s.base
	if base == nil {
		return
	}
	var tags []records.Tag
	inBase := map[string]bool{}
	for _, t := range base.Tags {
		key := strings.ToLower(t.Key)
		if inBase[key] {
			continue
		}
		inBase[key] = true
		switch v := rec.Tag(t.Key); {
		case v != "":
			tags = append(tags, records.Tag{Key: t.Key, Value: v})
		case key == "termination" || key == "position":
			// No longer true of the game.
		default:
			tags = append(tags, t)
		}
	}
	for _, t := range rec.Tags {
		if !inBase[strings.ToLower(t.Key)] {
			tags = append(tags, t)
		}
	}
	rec.Tags = tags
	rec.Intro, rec.Outro = base.Intro, base.Outro
	moves := s.hist.Moves()
	for i := range rec.Moves {
		if i >= len(s.baseMoves) || i >= len(base.Moves) || s.baseMoves[i] != moves[i] {
			break
		}
		rec.Moves[i].Comment = base.Moves[i].Comment
	}
}
