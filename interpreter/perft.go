package interpreter

import (
	"sort"

	"github.com/stackrules/stackrules/board"
)

// Perft counts the move sequences of exactly depth plies from p. A finished
// game has no moves; draw rules are ignored.
func (g *Game) Perft(p *board.Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	// One position and one move buffer per ply, made once: a position copied
	// on the stack would escape into the pooled context.
	w := &perftWork{bufs: make([][]board.Move, depth+1), pos: make([]board.Position, depth+1)}
	w.pos[depth] = *p
	return g.perft(w, depth)
}

type perftWork struct {
	bufs [][]board.Move
	pos  []board.Position
}

func (g *Game) perft(w *perftWork, depth int) int64 {
	p := &w.pos[depth]
	moves := g.LegalMoves(p, w.bufs[depth])
	w.bufs[depth] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	q := &w.pos[depth-1]
	for _, m := range moves {
		*q = *p
		g.Apply(q, m)
		n += g.perft(w, depth-1)
	}
	return n
}

// DivideEntry is one root move and the perft count below it.
type DivideEntry struct {
	Move  string
	Count int64
}

// Divide gives, for each legal move at p sorted by its text, perft(depth-1)
// of the position after it.
func (g *Game) Divide(p *board.Position, depth int) []DivideEntry {
	var out []DivideEntry
	for _, m := range g.LegalMoves(p, nil) {
		q := *p
		g.Apply(&q, m)
		out = append(out, DivideEntry{Move: g.MoveString(m), Count: g.Perft(&q, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move < out[j].Move })
	return out
}
