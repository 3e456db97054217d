package interpreter

import (
	"github.com/expr-lang/expr/ast"

	"github.com/stackrules/stackrules/board"
)

// preferTable is `playout: prefer` folded into sets, for the search's
// playouts on compact moves (SearchGame.Playout): where every name the
// condition uses depends only on the player, the squares and whether the
// move is a bear-off (Stackers' `off || to_row > row`), a playout tests a
// bit for each move instead of evaluating the condition (which took 40% of
// a Stackers search).
type preferTable struct {
	step [board.MaxPlayers][]board.SquareSet // by the square moved from: the destinations preferred
	off  [board.MaxPlayers]board.SquareSet   // the squares a bear-off is preferred from
}

// prefers reports whether the table prefers m, played by me.
func (t *preferTable) prefers(me int, m move32) bool {
	from := board.Square(m)
	switch board.MoveKind(m >> 24 & 7) {
	case board.Step:
		return t.step[me][from].Has(board.Square(m >> 8))
	case board.BearOff:
		return t.off[me].Has(from)
	}
	return false
}

// buildPreferTable folds `playout: prefer` into a preferTable in a compact
// game, where it can: nil where the condition reads anything else, or
// fails at run time for some move (the playouts then evaluate it, and meet
// the error where a game does).
func (g *Game) buildPreferTable() *preferTable {
	if g.prefer == nil || g.prefer.vm || !g.compact || g.dice != nil {
		return nil
	}
	for _, t := range g.prefer.terms {
		if t.node == nil || !g.staticOrOff(t.node) {
			return nil
		}
	}
	a := g.newSearchGame(&searchFailure{})
	p := g.start // static terms do not read it
	n := g.Board.NumSquares()
	t := &preferTable{}
	for me := range g.Players {
		p.ToMove = uint8(me)
		t.step[me] = make([]board.SquareSet, n)
		for from := 0; from < n; from++ {
			for to := 0; to < n; to++ {
				if a.prefers(&p, board.Move{From: board.Square(from), To: board.Square(to), Lift: 1, Kind: board.Step}) {
					t.step[me][from].Add(board.Square(to))
				}
			}
			if a.prefers(&p, board.Move{From: board.Square(from), To: noSquare, Lift: 1, Kind: board.BearOff}) {
				t.off[me].Add(board.Square(from))
			}
		}
	}
	if a.Err() != nil {
		return nil
	}
	return t
}

// staticOrOff reports whether every name n uses depends only on the
// player and the squares (static), or is `off`.
func (g *Game) staticOrOff(n ast.Node) bool {
	ok := true
	ast.Find(n, func(n ast.Node) bool {
		if id, isID := n.(*ast.IdentifierNode); isID {
			if d, known := names[id.Value]; known && !d.static && id.Value != "off" || g.isRegionName(id.Value) {
				ok = false
			}
		}
		return false
	})
	return ok
}
