package main

import (
	"fmt"
	"io"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// progressDepth is the perft depth from which a terminal shows progress: the
// deeper counts take seconds to minutes.
const progressDepth = 7

// perftByRoot counts perft(depth) one root move at a time, calling report
// after each with the moves done, their number and the nodes counted so far.
func perftByRoot(g *interpreter.Game, p *board.Position, depth int, report func(done, total int, nodes int64)) int64 {
	moves := g.LegalMoves(p, nil)
	below := depth - 1
	if g.IsChance(p) {
		below = depth // the root's moves are its rolls, which are not plies
	}
	var n int64
	for i, m := range moves {
		q := *p
		g.Apply(&q, m)
		n += g.Perft(&q, below)
		report(i+1, len(moves), n)
	}
	return n
}

// perftShown is perft(depth) with a progress line on w when w is a terminal
// and the depth is deep enough to need one.
func perftShown(w io.Writer, g *interpreter.Game, p *board.Position, depth int, opts interpreter.PerftOptions) int64 {
	// Deduplicated counts merge root moves, so they are counted whole.
	if depth < progressDepth || !isTerminal(w) || opts.Dedup {
		return g.PerftWith(p, depth, opts)
	}
	start := time.Now()
	n := perftByRoot(g, p, depth, func(done, total int, nodes int64) {
		el := time.Since(start)
		eta := time.Duration(float64(el) / float64(done) * float64(total-done))
		fmt.Fprintf(w, "\r\033[Kperft depth %d: %d of %d root moves, %d nodes, %s, about %s to go", depth, done, total, nodes, shortDuration(el), shortDuration(eta))
	})
	fmt.Fprint(w, "\r\033[K")
	return n
}
