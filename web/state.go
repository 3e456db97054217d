package web

import (
	"fmt"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The JSON a page reads. The board is described by its geometry, so the page
// draws any rule file's board without knowing the game.

type squareJSON struct {
	Name string `json:"name"`
	File int    `json:"file"` // from 0, a = 0
	Rank int    `json:"rank"` // from 0, rank 1 = 0
}

type boardJSON struct {
	Width   int          `json:"width"`
	Height  int          `json:"height"`
	Squares []squareJSON `json:"squares"` // the playing squares (the points of a graph board)
	// Graph is set for a board of points joined by lines (Morris), drawn as
	// points and lines rather than squares.
	Graph bool `json:"graph"`
	// Lines are the board's lines, each a list of point names in order.
	Lines [][]string `json:"lines"`
}

type playerJSON struct {
	Name     string `json:"name"`
	Code     string `json:"code"`  // the letter of the player's pieces; capitals are kings/officers
	Home     string `json:"home"`  // bottom or top
	Seat     string `json:"seat"`  // "human" or the AI spec
	Taken    bool   `json:"taken"` // a human seat someone holds
	OnBoard  int    `json:"on_board"`
	Off      int    `json:"off"`
	Captured int    `json:"captured"`
	InHand   int    `json:"in_hand"`         // pieces still to place
	Place    string `json:"place,omitempty"` // "1st": the place taken, in a game played for places
}

type moveJSON struct {
	Text string   `json:"text"`
	Kind string   `json:"kind"` // step, bear_off, capture, pass
	From string   `json:"from,omitempty"`
	To   string   `json:"to,omitempty"`
	Lift int      `json:"lift,omitempty"` // pieces lifted; 0 for the whole stack
	Path []string `json:"path,omitempty"` // a capture's landing squares, in order
	// Remove are the squares whose top piece the move removes (a mill).
	Remove []string `json:"remove,omitempty"`
}

type cellJSON struct {
	Square string `json:"square"`
	Stack  string `json:"stack"` // piece letters, bottom to top
}

type resultJSON struct {
	Over   bool   `json:"over"`
	Winner int    `json:"winner"` // -1 for a draw
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

type stateJSON struct {
	ID         string       `json:"id"`
	Variant    string       `json:"variant"`
	Title      string       `json:"title"`
	Version    int64        `json:"version"`
	Board      boardJSON    `json:"board"`
	Players    []playerJSON `json:"players"`
	Cells      []cellJSON   `json:"cells"`
	ToMove     int          `json:"to_move"`
	You        []int        `json:"you"`       // the seats this viewer holds
	YourTurn   bool         `json:"your_turn"` // one of them is to move
	Legal      []moveJSON   `json:"legal"`     // the legal moves, when it is the viewer's turn
	History    []string     `json:"history"`   // the moves played, in notation
	Last       *moveJSON    `json:"last,omitempty"`
	Position   string       `json:"position"`
	Result     resultJSON   `json:"result"`
	Thinking   bool         `json:"thinking"` // an AI is choosing its move
	AILevel    string       `json:"ai_level,omitempty"`
	CanUndo    bool         `json:"can_undo"`
	OpenSeats  []int        `json:"open_seats"` // human seats nobody holds yet
	LastError  string       `json:"last_error,omitempty"`
	HasBearOff bool         `json:"has_bear_off"`
	HasCapture bool         `json:"has_captures"`
}

func boardOf(g *interpreter.Game) boardJSON {
	b := g.Board
	out := boardJSON{Width: b.Width, Height: b.Height, Graph: b.IsGraph(), Lines: [][]string{}}
	for sq := 0; sq < b.NumSquares(); sq++ {
		f, r := b.Coord(board.Square(sq))
		out.Squares = append(out.Squares, squareJSON{Name: b.SquareName(board.Square(sq)), File: f, Rank: r})
	}
	for _, line := range b.Lines() {
		names := make([]string, len(line))
		for i, sq := range line {
			names[i] = b.SquareName(sq)
		}
		out.Lines = append(out.Lines, names)
	}
	return out
}

func moveOf(g *interpreter.Game, m board.Move) moveJSON {
	b := g.Board
	out := moveJSON{Text: g.MoveString(m), Lift: int(m.Lift)}
	switch m.Kind {
	case board.Step:
		out.Kind = "step"
	case board.BearOff:
		out.Kind = "bear_off"
	case board.Capture:
		out.Kind = "capture"
		for i := 0; i < int(m.Jumps); i++ {
			out.Path = append(out.Path, b.SquareName(m.Landing(i)))
		}
	case board.Place:
		out.Kind = "place"
	case board.Pass:
		out.Kind = "pass"
		return out
	}
	for i := 0; i < int(m.Removed); i++ {
		out.Remove = append(out.Remove, b.SquareName(m.Via[i]))
	}
	if m.From != board.NoSquare {
		out.From = b.SquareName(m.From)
	}
	if m.To != board.NoSquare {
		out.To = b.SquareName(m.To)
	}
	return out
}

// state is what the viewer holding seats sees. The caller holds lg.mu.
func (lg *liveGame) state(srv *Server, seats []int) stateJSON {
	s := lg.sess
	g := s.Game
	b := g.Board
	pos := s.Position()
	st := stateJSON{ID: lg.id, Variant: s.Variant, Title: g.Name, Version: lg.version, Board: boardOf(g),
		ToMove: int(pos.ToMove), You: seats, Position: g.FormatPosition(&pos), Thinking: lg.thinking,
		CanUndo: s.CanUndo(), LastError: lg.lastError, HasBearOff: g.HasBearOff(), HasCapture: g.HasCaptures(),
		Legal: []moveJSON{}, History: []string{}, OpenSeats: []int{}}
	if st.You == nil {
		st.You = []int{}
	}
	for i, p := range g.Players {
		pj := playerJSON{Name: p.Name, Code: string(p.Code), Home: p.Home, Seat: s.Seats[i].String(),
			Taken: lg.held(i), OnBoard: int(pos.OnBoard[i]), Off: int(pos.Off[i]), InHand: int(pos.Hand[i])}
		if g.HasCaptures() {
			pj.Captured = g.Initial(i) - int(pos.OnBoard[i]) - int(pos.Off[i])
		}
		if k := int(pos.Place[i]); k > 0 {
			pj.Place = interpreter.Ordinal(k)
		}
		st.Players = append(st.Players, pj)
		if s.Seats[i].Human && !lg.held(i) {
			st.OpenSeats = append(st.OpenSeats, i)
		}
	}
	for sq := 0; sq < b.NumSquares(); sq++ {
		if c := pos.Cells[sq]; c != 0 {
			st.Cells = append(st.Cells, cellJSON{Square: b.SquareName(board.Square(sq)), Stack: b.CellString(&pos, board.Square(sq))})
		}
	}
	for _, m := range s.History().Moves() {
		st.History = append(st.History, g.MoveString(m))
	}
	if n := s.History().Len(); n > 0 {
		m := moveOf(g, s.History().Moves()[n-1])
		st.Last = &m
	}
	o := s.Outcome()
	st.Result = resultJSON{Over: o.Over, Winner: o.Winner, Reason: o.Reason, Text: outcomeText(g, o)}
	if !o.Over && lg.atLimit(srv) {
		// Stopped undecided: no one moves on here, and the record (left
		// unfinished) can be played on at the terminal.
		o.Over = true
		st.Result = resultJSON{Over: true, Winner: -1, Reason: fmt.Sprintf("the server's limit of %d plies", srv.opts.MaxPlies), Text: limitText(srv.opts.MaxPlies)}
	}
	if lg.thinking {
		st.AILevel = s.Seats[st.ToMove].String()
	}
	for _, i := range seats {
		if i == st.ToMove && !o.Over && s.Seats[i].Human {
			st.YourTurn = true
		}
	}
	if st.YourTurn {
		for _, m := range s.Legal() {
			st.Legal = append(st.Legal, moveOf(g, m))
		}
	}
	return st
}

// limitText says that a game stopped at the server's limit of plies.
func limitText(plies int) string {
	return fmt.Sprintf("Stopped at the server's limit of %d plies, undecided: download the record to play on with stackrules play --resume", plies)
}

// outcomeText says how a game ended, for people.
func outcomeText(g *interpreter.Game, o interpreter.Outcome) string {
	switch {
	case o.Over && o.Why != "":
		return g.OutcomeText(o) // the rule file's reason in words
	case !o.Over:
		return ""
	case o.Ranked():
		return g.OutcomeText(o) // the places: "red 1st, blue 2nd, ..."
	case o.Winner < 0:
		return "Draw: " + o.Reason
	}
	return g.Players[o.Winner].Name + " wins: " + o.Reason
}
