package interpreter

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// Positions as GNU Backgammon and eXtreme Gammon write them (the XGID, the
// GNUbg ID: Position ID and Match ID), with the doubling cube and the match
// score they carry. The dice engine reads and writes them (see
// internal/dice/positions.go); these are the Game's words for it.

// CubeState is the doubling cube and the score of a game of a match or a
// money session: what a position alone does not say. Its fields and
// methods (Offer, Accept, Points, AddGame) are the dice engine's: `go doc
// ./interpreter/internal/dice.CubeState`.
type CubeState = dice.CubeState

// Centred is the cube of a new game: value 1, in the middle.
func Centred() CubeState { return dice.Centred() }

// Won is the outcome as the cube counts it (CubeState.Points).
func (o Outcome) Won() (over bool, winner, points int) { return o.Over, o.Winner, o.Points }

// diceGame is what the dice engine's positions need to know of g.
func (g *Game) diceGame() dice.Game {
	dg := dice.Game{Name: g.Name, Initial: g.initial}
	for _, pl := range g.Players {
		dg.Players = append(dg.Players, pl.Name)
		dg.Codes = append(dg.Codes, pl.Code)
	}
	return dg
}

// noBackgammonBoard is the error of a game without dice asked for a
// position format of backgammon's board.
func (g *Game) noBackgammonBoard(format string) error {
	if format == "XGID" {
		return fmt.Errorf("%s has no XGID: it is for games on a backgammon board (two players, 24 points and a bar each)", g.Name)
	}
	return fmt.Errorf("%s has no GNU Backgammon %s: it is for games on a backgammon board", g.Name, format)
}

// BackgammonBoard reports whether the game is played on a backgammon board
// (two players, a bar and 24 points each, the second's the first's in
// reverse): the games GNU Backgammon's positions and files are for.
func (g *Game) BackgammonBoard() bool { return g.dice != nil && g.dice.BackgammonBoard() }

// FormatXGID writes p as an XGID (money game, centred cube of 1).
func (g *Game) FormatXGID(p *board.Position) (string, error) { return g.FormatXGIDCube(p, Centred()) }

// FormatXGIDCube writes p as an XGID with cube cs.
func (g *Game) FormatXGIDCube(p *board.Position, cs CubeState) (string, error) {
	if g.dice == nil {
		return "", g.noBackgammonBoard("XGID")
	}
	return g.dice.FormatXGID(g.diceGame(), p, cs)
}

// FormatPositionID writes GNU Backgammon's Position ID of p: for the
// player not on roll, then the player on roll, the checkers on its points
// 1..24 and its bar as that many 1 bits and a 0, packed low bit first into
// ten bytes, in base64 without padding.
func (g *Game) FormatPositionID(p *board.Position) (string, error) {
	if g.dice == nil {
		return "", g.noBackgammonBoard("Position ID")
	}
	return g.dice.FormatPositionID(g.diceGame(), p)
}

// FormatMatchID writes GNU Backgammon's Match ID of p under cube cs.
func (g *Game) FormatMatchID(p *board.Position, cs CubeState) (string, error) {
	if g.dice == nil {
		return "", g.noBackgammonBoard("Match ID")
	}
	return g.dice.FormatMatchID(g.diceGame(), p, cs, g.Result(p).Over)
}

// FormatGNUbgID writes the GNUbg ID of p under cube cs, as GNU Backgammon
// prints it and reads it with `set gnubgid`: Position ID:Match ID.
func (g *Game) FormatGNUbgID(p *board.Position, cs CubeState) (string, error) {
	if g.dice == nil {
		return "", g.noBackgammonBoard("Position ID")
	}
	return g.dice.FormatGNUbgID(g.diceGame(), p, cs, g.Result(p).Over)
}

// ParsePositionCube reads a position with the cube and score it carries:
// an XGID's cube, score and match fields, a GNUbg ID's Match ID; a
// position in another format is a money game's with the cube centred.
func (g *Game) ParsePositionCube(text string) (board.Position, CubeState, error) {
	if g.dice != nil { // GNU Backgammon's and eXtreme Gammon's positions
		if p, cs, ok, err := g.dice.ParsePositionCube(g.diceGame(), text); ok {
			return p, cs, err
		}
	}
	p, err := g.parsePosition(text)
	return p, Centred(), err
}

// PositionFormats are the position formats FormatPositionAs knows.
var PositionFormats = []string{"text", "xgid", "gnubgid"}

// FormatPositionAs writes p in a format: text (the project's own), xgid or
// gnubgid (GNU Backgammon's Position ID:Match ID), these two for a money
// game with the cube centred (FormatPositionCubeAs writes another cube).
func (g *Game) FormatPositionAs(p *board.Position, format string) (string, error) {
	if g.notation != nil && g.notation.pos != nil && format == g.notation.pos.Name {
		return g.formatNotationPosition(p), nil
	}
	switch format {
	case "":
		return g.FormatPosition(p), nil
	case "text":
		return g.Board.FormatPosition(p), nil
	case "xgid":
		return g.FormatXGID(p)
	case "gnubgid":
		return g.FormatGNUbgID(p, Centred())
	}
	formats := PositionFormats
	if g.notation != nil && g.notation.pos != nil {
		formats = append(append([]string(nil), formats...), g.notation.pos.Name)
	}
	return "", fmt.Errorf("unknown position format %q (want %s)", format, strings.Join(formats, ", "))
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
