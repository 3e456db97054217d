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
	// X and Y place the square's centre, in cells from a1's, Y upwards: the
	// file and the rank on a grid; on a hex board each row sits half a cell
	// to the right of the row below (X = file - rank/2), as board.NewHex says.
	X float64 `json:"x"`
	Y float64 `json:"y"`
	// Number is the square's number where the board numbers its squares
	// as draughts players do (English checkers' 1-32), shown in its corner.
	Number int `json:"number,omitempty"`
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
	// Hex is set for a board of hexagonal cells, drawn as hexagons placed
	// at the squares' X and Y.
	Hex bool `json:"hex"`
}

// pieceJSON is one piece letter: whose it is (-1 for nobody's: a neutral
// piece) and its kind, an index into the state's kinds.
type pieceJSON struct {
	Letter string `json:"letter"`
	Owner  int    `json:"owner"`
	Kind   int    `json:"kind"`
	Name   string `json:"name,omitempty"` // the kind's name, when the rule file names it
}

// kindJSON is a kind of piece: the players' kinds first (the plain one
// first), then one per neutral piece.
type kindJSON struct {
	Name    string `json:"name,omitempty"` // "" when the rule file names no kinds
	OnTop   bool   `json:"on_top"`         // always the top of its stack
	Neutral bool   `json:"neutral"`        // a piece of nobody
	// Shape says how the page draws it: "flat" (a disc), "crown" (a disc
	// with a crown: a promoted piece), "standing" (a disc stood on its
	// edge: the first kind that stays on top), "tall" (a taller piece:
	// the later kinds that stay on top) or "marked" (a disc with the
	// kind's initial).
	Shape string `json:"shape"`
}

// handJSON is a pool of pieces in hand: the pieces of one letter not yet
// placed.
type handJSON struct {
	Letter string `json:"letter"`
	Kind   string `json:"kind,omitempty"` // the kind's name
	Count  int    `json:"count"`
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
	InHand   int    `json:"in_hand"` // pieces still to place
	// Hand is InHand by kind, in a game that keeps pieces in hand by kind.
	Hand  []handJSON `json:"hand,omitempty"`
	Place string     `json:"place,omitempty"` // "1st": the place taken, in a game played for places
}

type moveJSON struct {
	Text string   `json:"text"`
	Kind string   `json:"kind"` // step, spread, bear_off, capture, place, pass
	From string   `json:"from,omitempty"`
	To   string   `json:"to,omitempty"`
	Lift int      `json:"lift,omitempty"` // pieces lifted; 0 for the whole stack
	Path []string `json:"path,omitempty"` // a capture's landing squares, or the squares a spread drops on, in order
	// Drops are the pieces a spread drops on each square of Path.
	Drops []int `json:"drops,omitempty"`
	// Piece is what a placement puts down.
	Piece *pieceJSON `json:"piece,omitempty"`
	// Remove are the squares whose top piece the move removes (a mill).
	Remove []string `json:"remove,omitempty"`
	// Hops are a dice game's play, one piece by one die at a time.
	Hops []hopJSON `json:"hops,omitempty"`
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
	Kinds      []kindJSON   `json:"kinds"`
	Pieces     []pieceJSON  `json:"pieces"` // every piece letter of the game
	// NeutralHand are the neutral pieces still to be placed.
	NeutralHand []handJSON `json:"neutral_hand,omitempty"`
	// Tracks and Dice are a dice game's (dicestate.go); nil otherwise.
	Tracks *tracksJSON `json:"tracks,omitempty"`
	Dice   *diceJSON   `json:"dice,omitempty"`
	// Share says how a friend on another computer reaches the game.
	Share shareJSON `json:"share"`
}

func boardOf(g *interpreter.Game) boardJSON {
	b := g.Board
	out := boardJSON{Width: b.Width, Height: b.Height, Graph: b.IsGraph(), Hex: b.IsHex(), Lines: [][]string{}}
	for sq := 0; sq < b.NumSquares(); sq++ {
		f, r := b.Coord(board.Square(sq))
		x := float64(f)
		if b.IsHex() {
			x -= float64(r) / 2
		}
		out.Squares = append(out.Squares, squareJSON{Name: b.SquareName(board.Square(sq)), File: f, Rank: r, X: x, Y: float64(r), Number: b.SquareNumber(board.Square(sq))})
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

// moveOf describes move m, made by player mover, for the page.
func moveOf(g *interpreter.Game, m board.Move, mover int) moveJSON {
	b := g.Board
	out := moveJSON{Text: shownMove(g, m), Lift: int(m.Lift)}
	switch m.Kind {
	case board.Step:
		out.Kind = "step"
	case board.Spread:
		out.Kind = "spread"
		out.Path, out.Drops = spreadPath(b, m)
	case board.BearOff:
		out.Kind = "bear_off"
	case board.Capture:
		out.Kind = "capture"
		for i := 0; i < int(m.Jumps); i++ {
			out.Path = append(out.Path, b.SquareName(m.Landing(i)))
		}
	case board.Place:
		out.Kind = "place"
		code := b.CodeOf(mover, 0)
		if m.Piece > 0 {
			code = int(m.Piece) - 1
		}
		pj := pieceOf(g, code)
		out.Piece = &pj
	case board.Pass:
		out.Kind = "pass"
		return out
	case board.Play:
		if m.Jumps == 0 {
			out.Kind = "pass"
			return out
		}
		out.Kind = "play"
		out.Hops = hopsOf(g, m)
		return out
	case board.Roll:
		out.Kind = "roll"
		return out
	}
	if m.Kind != board.Spread {
		for i := 0; i < int(m.Removed); i++ {
			out.Remove = append(out.Remove, b.SquareName(m.Via[i]))
		}
	}
	if m.From != board.NoSquare {
		out.From = b.SquareName(m.From)
	}
	if m.To != board.NoSquare {
		out.To = b.SquareName(m.To)
	}
	return out
}

// spreadPath is the squares a spread drops on, from the one next to
// m.From to m.To along their line, and the pieces dropped on each.
func spreadPath(b *board.Board, m board.Move) ([]string, []int) {
	f0, r0 := b.Coord(m.From)
	f1, r1 := b.Coord(m.To)
	df, dr := sign(f1-f0), sign(r1-r0)
	var path []string
	var drops []int
	for i := 1; i <= int(m.Jumps); i++ {
		sq, ok := b.At(f0+i*df, r0+i*dr)
		if !ok {
			break
		}
		path = append(path, b.SquareName(sq))
		drops = append(drops, m.Drops(i-1))
	}
	return path, drops
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// kindName is the name of kind k: a player's kind the rule file names, or
// a neutral piece's; "" when the rule file names none.
func kindName(g *interpreter.Game, k int) string {
	b := g.Board
	if first := b.Kinds() - b.Neutral(); k >= first {
		if names := g.NeutralNames(); k-first < len(names) {
			return names[k-first]
		}
		return ""
	}
	if k < len(g.Kinds) {
		return g.Kinds[k]
	}
	return ""
}

// pieceOf describes the piece of code.
func pieceOf(g *interpreter.Game, code int) pieceJSON {
	b := g.Board
	k := b.Kind(code)
	return pieceJSON{Letter: string(b.Letter(code)), Owner: b.Owner(code), Kind: k, Name: kindName(g, k)}
}

// piecesOf lists the game's kinds, with how the page draws each, and every
// piece letter.
func piecesOf(g *interpreter.Game) ([]kindJSON, []pieceJSON) {
	b := g.Board
	first := b.Kinds() - b.Neutral()
	kinds := make([]kindJSON, b.Kinds())
	for k := range kinds {
		kj := kindJSON{Name: kindName(g, k), Neutral: k >= first, OnTop: b.OnTop() && k > 0 && k < first, Shape: "flat"}
		switch {
		case k == 0 || kj.Neutral:
		case kj.OnTop && k == 1:
			kj.Shape = "standing"
		case kj.OnTop:
			kj.Shape = "tall"
		case k == 1 && b.Letter(b.CodeOf(0, 1)) == b.Letter(b.CodeOf(0, 0))-'a'+'A':
			kj.Shape = "crown" // written with capitals: a promoted piece
		default:
			kj.Shape = "marked"
		}
		kinds[k] = kj
	}
	pieces := make([]pieceJSON, b.Codes())
	for code := range pieces {
		pieces[code] = pieceOf(g, code)
	}
	return kinds, pieces
}

// handsOf are the pools of pieces in hand: each player's, by kind, and
// the neutral pieces'. Nil without pools.
func handsOf(g *interpreter.Game, pos *board.Position) (players [][]handJSON, neutral []handJSON) {
	b := g.Board
	if len(b.Pools()) == 0 {
		return nil, nil
	}
	players = make([][]handJSON, len(g.Players))
	for i, code := range b.Pools() {
		h := handJSON{Letter: string(b.Letter(code)), Kind: kindName(g, b.Kind(code)), Count: int(pos.Pools[i])}
		if o := b.Owner(code); o >= 0 {
			players[o] = append(players[o], h)
		} else {
			neutral = append(neutral, h)
		}
	}
	return players, neutral
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
		Legal: []moveJSON{}, History: []string{}, OpenSeats: []int{}, Cells: []cellJSON{}}
	st.Kinds, st.Pieces = piecesOf(g)
	if lg.tracks == nil {
		lg.tracks = tracksOf(g) // the rule file's, the same all game long
	}
	st.Tracks = lg.tracks
	st.Dice = lg.diceOf(&pos, seats)
	st.Share = srv.share
	hands, neutral := handsOf(g, &pos)
	st.NeutralHand = neutral
	if st.You == nil {
		st.You = []int{}
	}
	for i, p := range g.Players {
		pj := playerJSON{Name: p.Name, Code: string(p.Code), Home: p.Home, Seat: s.Seats[i].String(),
			Taken: lg.held(i), OnBoard: int(pos.OnBoard[i]), Off: int(pos.Off[i]), InHand: int(pos.Hand[i])}
		if hands != nil {
			pj.Hand = hands[i]
		}
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
		st.History = append(st.History, shownMove(g, m))
	}
	if n := s.History().Len(); n > 0 {
		m := moveOf(g, s.History().Moves()[n-1], s.History().ToMoveAt(n-1))
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
	if st.YourTurn && !s.AtChance() { // (at a chance position the moves are rolls: the dice are the server's)
		for _, m := range s.Legal() {
			st.Legal = append(st.Legal, moveOf(g, m, st.ToMove))
		}
		if st.Dice != nil {
			st.Dice.Orders, st.Dice.AnyOrder = lg.ordersCached(&pos, st.Legal)
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

// shownMove writes a move as the page shows it: by the squares' numbers on
// a board that numbers them, as draughts players write (English checkers'
// 11-15), else in the game's notation. Either is read back.
func shownMove(g *interpreter.Game, m board.Move) string {
	if g.Board.Numbered() {
		return g.Board.NumericMoveString(m)
	}
	return g.MoveString(m)
}
