package interpreter

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// ParsePosition reads a position string of this game and fills in the pieces
// that left the board (what each player started with, less what is on the
// board): borne off in a game of bear-offs, captured in a game of captures.
// A game with both reads `off:` from the string and counts the rest of the
// missing pieces as captured; a `captured:` count given must add up.
func (g *Game) ParsePosition(text string) (board.Position, error) {
	p, _, err := g.ParsePositionCube(text) // GNU Backgammon's and eXtreme Gammon's positions too
	return p, err
}

// parsePosition reads a position string in the game's own format.
func (g *Game) parsePosition(text string) (board.Position, error) {
	if g.notation != nil && g.notation.pos != nil {
		if p, ok, err := g.parseNotationPosition(text); ok {
			return p, err
		}
	}
	p, err := g.Board.ParsePosition(text)
	if err != nil {
		return p, err
	}
	for i := range g.Players {
		if g.stackMax > 0 && p.OnBoard[i]+p.Hand[i]+p.Captured[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text, Offset: 0,
				Msg: fmt.Sprintf("%s has %d pieces on the board, %d in hand and %d captured, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], p.Hand[i], p.Captured[i], g.initial[i])}
		}
		if g.hands && p.OnBoard[i]+p.Hand[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text, Offset: 0,
				Msg: fmt.Sprintf("%s has %d pieces on the board and %d in hand, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], p.Hand[i], g.initial[i])}
		}
		if p.OnBoard[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text, Offset: 0,
				Msg: fmt.Sprintf("%s has %d pieces on the board, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], g.initial[i])}
		}
		// Pieces leave the board by captures, removals (triggers) and bear-offs.
		// In a dice game pieces leave the board off the ends of their tracks.
		caps, bears := len(g.captureRules) > 0 || len(g.triggers) > 0 || g.afterMove != nil, len(g.bearRules) > 0 || g.dice != nil
		switch {
		case caps && bears:
			// Missing pieces not counted as borne off were captured,
			// unless the string gives the captured count itself.
			if p.Captured[i] == 0 && p.OnBoard[i]+p.Off[i] <= g.initial[i] {
				p.SetCaptured(i, int(g.initial[i]-p.OnBoard[i]-p.Off[i]))
			}
			if n := p.OnBoard[i] + p.Off[i] + p.Captured[i]; n != g.initial[i] {
				return board.Position{}, &board.PositionError{Text: text, Offset: len(text),
					Msg: fmt.Sprintf("%s has %d pieces on the board, %d borne off and %d captured: %d in all, but starts with %d (give the counts, like off:%s captured:%s)",
						g.Players[i].Name, p.OnBoard[i], p.Off[i], p.Captured[i], n, g.initial[i], g.countExample(), g.countExample())}
			}
		case bears:
			p.Off[i] = g.initial[i] - p.OnBoard[i]
		case caps:
			p.SetCaptured(i, int(g.initial[i]-p.OnBoard[i]-p.Hand[i]))
		}
	}
	if msg := g.checkPlaces(&p); msg != "" {
		return board.Position{}, &board.PositionError{Text: text, Offset: strings.Index(text, "place:"), Msg: msg}
	}
	return p, nil
}

// ParseMoveText reads move text in this game's notation, checking syntax and
// squares only: in a game that places pieces, text without a "-" is a
// placement (d2, d2xa1).
func (g *Game) ParseMoveText(text string) (board.Move, error) {
	if g.dice != nil {
		// A play's squares depend on who moves: only its syntax is checked.
		return board.Move{Kind: board.Play, From: noSquare, To: noSquare}, g.dice.CheckMoveText(text)
	}
	if g.notation != nil {
		if m, ok, err := g.notationSyntax(text); ok {
			return m, err
		}
	}
	if t := strings.TrimSpace(text); len(g.placeRules) > 0 && !strings.Contains(t, "-") && t != "pass" && t != "" && (t[0] < '0' || t[0] > '9') {
		return g.Board.ParsePlacement(text)
	}
	return g.Board.ParseMove(text)
}

// countExample writes a per-player count list with zeros: r0,b0.
func (g *Game) countExample() string {
	var parts []string
	for _, p := range g.Players {
		parts = append(parts, string(p.Code)+"0")
	}
	return strings.Join(parts, ",")
}

// ParseMove reads move text and matches it against the legal moves at p.
// A move written without a count matches a move of the whole stack (a rule
// with `lift: all`), and so does one whose count is the stack's height.
//
// A runtime error in the rule file's expressions at p is the error (an
// *EvalError).
func (g *Game) ParseMove(p *board.Position, text string) (m board.Move, err error) {
	if ferr := catchEval(func() { m, err = g.parseMove(p, text) }); ferr != nil {
		return board.Move{}, ferr
	}
	return m, err
}

func (g *Game) parseMove(p *board.Position, text string) (board.Move, error) {
	if g.dice != nil {
		return g.parseDiceMove(p, text)
	}
	if g.notation != nil {
		if m, ok, err := g.readNotationMove(p, text); ok {
			return m, err
		}
	}
	m, err := g.ParseMoveText(text)
	if err != nil {
		return board.Move{}, err
	}
	counted := len(strings.TrimSpace(text)) > 0 && strings.TrimSpace(text)[0] >= '0' && strings.TrimSpace(text)[0] <= '9'
	for _, l := range g.LegalMoves(p, nil) {
		if l.SameAs(m) {
			return l, nil
		}
		if l.Kind == board.Step && l.Lift == 0 && m.Kind == board.Step && l.From == m.From && l.To == m.To &&
			(!counted || int(m.Lift) == p.Cells[m.From].Height()) {
			return l, nil
		}
	}
	if m.Kind == board.Capture {
		if l, ok := g.sameCapture(p, m); ok {
			return l, nil
		}
	}
	if o := g.Result(p); o.Over {
		return board.Move{}, fmt.Errorf("move %q: the game is over (%s)", strings.TrimSpace(text), o.Reason)
	}
	return board.Move{}, fmt.Errorf("move %q is not legal here", strings.TrimSpace(text))
}

// sameCapture finds the one legal capture that takes the same pieces in the
// same order as m, from the same start to the same end: m names another
// square to land on between two jumps along one line (a1xd4xf6 for the
// listed a1xc3xf6), which makes the same move. The order tells apart two
// routes that take the same pieces to the same end.
func (g *Game) sameCapture(p *board.Position, m board.Move) (board.Move, bool) {
	var found board.Move
	n := 0
	var order [board.MaxJumps]board.Square
	if g.jumpedInOrder(p, m, &order) != int(m.Jumps) {
		return found, false
	}
	for _, l := range g.LegalMoves(p, nil) {
		var lorder [board.MaxJumps]board.Square
		if l.Kind == board.Capture && l.From == m.From && l.To == m.To && l.Jumps == m.Jumps &&
			g.jumpedInOrder(p, l, &lorder) == int(l.Jumps) && lorder == order {
			found = l
			n++
		}
	}
	return found, n == 1
}
