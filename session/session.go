// Package session is one game being played, as every front end sees it: the
// compiled game, its history with undo and redo, who sits in each seat (a
// human or an AI spec), resignation, the AI's move, and the game record. The
// web board (package web) drives it; it knows nothing of terminals or HTTP.
package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// Seat is who plays one side.
type Seat struct {
	Human bool
	Spec  ai.Spec // for an AI seat
}

// ParseSeat reads "human" or an AI spec ("mcts:easy", "random", ...).
func ParseSeat(text string) (Seat, error) {
	t := strings.TrimSpace(text)
	if t == "human" {
		return Seat{Human: true}, nil
	}
	sp, err := ai.ParseSpec(t)
	if err != nil {
		return Seat{}, err
	}
	return Seat{Spec: sp}, nil
}

// String is how the seat is written in records and on screen.
func (s Seat) String() string {
	if s.Human {
		return "human"
	}
	return s.Spec.String()
}

// Session is a game in progress. It is not safe for concurrent use: a front
// end serialises calls (the web server holds a lock per game).
type Session struct {
	Game    *interpreter.Game
	Variant string // how the game was asked for: a built-in name or a path
	Seats   []Seat
	Date    string // yyyy.mm.dd, for the record

	hist     *interpreter.History
	redo     []board.Move
	resigned int   // the player who resigned, -1
	failed   error // the rule file's runtime error that stopped the game
}

// guard runs f and turns the interpreter's report of a runtime error in the
// rule file's expressions (a panic with an *interpreter.EvalError) into an
// error, which stops the game: a front end shows it instead of crashing.
func (s *Session) guard(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			var ee *interpreter.EvalError
			e, isErr := r.(error)
			if !isErr || !errors.As(e, &ee) {
				panic(r)
			}
			s.failed = ee
			err = ee
		}
	}()
	f()
	return nil
}

// Failed is the rule file's runtime error that stopped the game, or nil.
func (s *Session) Failed() error { return s.failed }

// New starts a session at start with one seat per player.
func New(g *interpreter.Game, variant string, seats []Seat, start board.Position) (*Session, error) {
	if len(seats) != len(g.Players) {
		return nil, fmt.Errorf("%s has %d players, but %d seats were given", g.Name, len(g.Players), len(seats))
	}
	return &Session{Game: g, Variant: variant, Seats: seats, Date: time.Now().Format("2006.01.02"),
		hist: g.NewHistory(start), resigned: -1}, nil
}

// History is the game's history (read it, do not play into it directly).
func (s *Session) History() *interpreter.History { return s.hist }

// Position is the current position.
func (s *Session) Position() board.Position { return s.hist.Position() }

// Outcome is the result, a resignation included.
func (s *Session) Outcome() interpreter.Outcome {
	if s.resigned >= 0 {
		w := -1
		if len(s.Game.Players) == 2 {
			w = 1 - s.resigned
		}
		return interpreter.Outcome{Over: true, Winner: w, Reason: s.Game.Players[s.resigned].Name + " resigned"}
	}
	if s.failed == nil {
		var o interpreter.Outcome
		if s.guard(func() { o = s.hist.Outcome() }) == nil {
			return o
		}
	}
	return interpreter.Outcome{Over: true, Winner: -1, Reason: "the rule file failed: " + s.failed.Error()}
}

// ToMove is the player to move.
func (s *Session) ToMove() int {
	p := s.hist.Position()
	return int(p.ToMove)
}

// Legal lists the legal moves now; none once the game is over.
func (s *Session) Legal() []board.Move {
	if s.Outcome().Over {
		return nil
	}
	p := s.hist.Position()
	moves, err := s.Game.LegalMovesErr(&p, nil)
	if err != nil {
		s.failed = err
		return nil
	}
	return moves
}

// IllegalMove is the error for move text that is not a legal move here; its
// Explanation says why, rule by rule.
type IllegalMove struct {
	Explanation interpreter.Explanation
}

func (e *IllegalMove) Error() string { return e.Explanation.Short() }

// ErrOver is returned for a move once the game is over.
var ErrOver = errors.New("the game is over")

// Play plays move text for the player to move. A move that is not legal
// gives an *IllegalMove with the explanation.
func (s *Session) Play(text string) (board.Move, error) {
	if o := s.Outcome(); o.Over {
		return board.Move{}, fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	p := s.hist.Position()
	var m board.Move
	var err error
	if ferr := s.guard(func() { m, err = s.Game.ParseMove(&p, text) }); ferr != nil {
		return board.Move{}, ferr
	}
	if err != nil {
		var e interpreter.Explanation
		if ferr := s.guard(func() { e = s.Game.Explain(&p, text) }); ferr != nil {
			return board.Move{}, ferr
		}
		return board.Move{}, &IllegalMove{Explanation: e}
	}
	if err := s.hist.Play(m); err != nil {
		return board.Move{}, err
	}
	s.redo = s.redo[:0]
	return m, nil
}

// PlayMove plays a move the caller took from Legal (an AI's choice).
func (s *Session) PlayMove(m board.Move) error {
	if o := s.Outcome(); o.Over {
		return fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	if err := s.hist.Play(m); err != nil {
		return err
	}
	s.redo = s.redo[:0]
	return nil
}

// Undo takes back moves until it is a human's turn again (at least one move);
// it reports how many were taken back. A resignation is taken back first.
func (s *Session) Undo() int {
	if s.resigned >= 0 {
		s.resigned = -1
		return 0
	}
	n := 0
	for s.hist.Len() > 0 {
		moves := s.hist.Moves()
		s.redo = append(s.redo, moves[len(moves)-1])
		s.hist.Undo()
		n++
		if s.Seats[s.ToMove()].Human {
			break
		}
	}
	return n
}

// CanUndo reports whether Undo would take something back.
func (s *Session) CanUndo() bool { return s.resigned >= 0 || s.hist.Len() > 0 }

// Resign ends the game with player's resignation.
func (s *Session) Resign(player int) error {
	if o := s.Outcome(); o.Over {
		return fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	if player < 0 || player >= len(s.Game.Players) {
		return fmt.Errorf("no player %d", player)
	}
	s.resigned = player
	return nil
}

// AIToMove reports whether an AI seat is to move in a game still going.
func (s *Session) AIToMove() bool {
	return !s.Outcome().Over && !s.Seats[s.ToMove()].Human
}

// Thinker is an AI's search, prepared while the caller holds its lock and
// run without it: it owns a copy of the position, so the session may change
// meanwhile (the caller then drops the move).
type Thinker struct {
	game   *interpreter.Game
	player ai.Player[interpreter.SearchPosition, board.Move]
	pos    interpreter.SearchPosition
}

// Thinker prepares the search of the AI in the seat to move.
func (s *Session) Thinker(seed uint64) (*Thinker, error) {
	if !s.AIToMove() {
		return nil, errors.New("no AI is to move")
	}
	spec := s.Seats[s.ToMove()].Spec
	if spec.PlayoutCap == 0 && s.Game.PlayoutPlies() > 0 {
		spec.PlayoutCap = s.Game.PlayoutPlies()
	}
	p := ai.NewPlayer(s.Game.AI(), spec, seed)
	if hu, ok := p.(ai.HistoryUser); ok {
		hu.SetHistory(s.hist.RepetitionKeys(nil)) // so the search sees repetition draws
	}
	return &Thinker{game: s.Game, player: p, pos: s.hist.SearchPosition()}, nil
}

// Choose searches; ctx ends it early ("move now"), with a move either way.
func (t *Thinker) Choose(ctx context.Context) (board.Move, ai.Info, error) {
	m, info := t.player.Choose(ctx, &t.pos)
	if err := t.game.SearchErr(); err != nil {
		return board.Move{}, info, err
	}
	if info.Legal == 0 {
		return board.Move{}, info, errors.New("the AI found no legal move")
	}
	return m, info, nil
}

// Record is the game record so far.
func (s *Session) Record() *records.Record {
	labels := make([]string, len(s.Seats))
	for i, st := range s.Seats {
		labels[i] = st.String()
	}
	r := records.New(s.Game, s.hist, s.Variant, labels, s.Date)
	if s.resigned >= 0 {
		o := s.Outcome()
		r.Result = records.ResultText(s.Game, o)
		r.SetTag("Result", r.Result)
		r.SetTag("Termination", o.Reason)
	}
	return r
}

// FromRecord continues a recorded game: the record's moves are replayed and
// checked, its seats read from the player tags, and a resignation kept.
func FromRecord(r *records.Record, open func(variant string) (*interpreter.Game, error)) (*Session, error) {
	variant := r.Tag("Variant")
	if variant == "" {
		return nil, errors.New("the record has no [Variant] tag naming its game")
	}
	g, err := open(variant)
	if err != nil {
		return nil, err
	}
	if err := records.CheckRules(g, r); err != nil {
		return nil, err
	}
	h, err := records.Replay(g, r)
	if err != nil {
		return nil, err
	}
	seats := make([]Seat, len(g.Players))
	for i := range seats {
		seats[i] = Seat{Human: true}
		if tag := r.Tag(records.TagKey(g, i)); tag != "" {
			if st, err := ParseSeat(tag); err == nil {
				seats[i] = st
			}
		}
	}
	s := &Session{Game: g, Variant: variant, Seats: seats, Date: r.Tag("Date"), hist: h, resigned: -1}
	if term := r.Tag("Termination"); strings.HasSuffix(term, " resigned") && !h.Outcome().Over {
		name := strings.TrimSuffix(term, " resigned")
		for i, p := range g.Players {
			if p.Name == name {
				s.resigned = i
			}
		}
	}
	if s.Date == "" {
		s.Date = time.Now().Format("2006.01.02")
	}
	return s, nil
}
