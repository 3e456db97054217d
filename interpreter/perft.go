package interpreter

import (
	"sort"

	"github.com/stackrules/stackrules/board"
)

// Perft counts the move sequences of exactly depth plies from p. A finished
// game has no moves; draw rules are ignored.
func (g *Game) Perft(p *board.Position, depth int) int64 {
	return g.PerftWith(p, depth, PerftOptions{})
}

// PerftOptions choose a perft convention.
type PerftOptions struct {
	// Dedup counts captures with the same start, end and set of captured
	// stacks once, whatever their route (the convention of published
	// International draughts tables).
	Dedup bool
}

// PerftErr is PerftWith returning a runtime error in the rule file's
// expressions (an *EvalError) instead of panicking.
func (g *Game) PerftErr(p *board.Position, depth int, opts PerftOptions) (n int64, err error) {
	err = catchEval(func() { n = g.PerftWith(p, depth, opts) })
	return n, err
}

// DivideErr is DivideWith returning a runtime error in the rule file's
// expressions (an *EvalError) instead of panicking.
func (g *Game) DivideErr(p *board.Position, depth int, opts PerftOptions) (out []DivideEntry, err error) {
	err = catchEval(func() { out = g.DivideWith(p, depth, opts) })
	return out, err
}

// PerftWith is Perft under the convention opts chooses.
func (g *Game) PerftWith(p *board.Position, depth int, opts PerftOptions) int64 {
	if depth <= 0 {
		return 1
	}
	// One position and one move buffer per ply, made once: a position copied
	// on the stack would escape into the pooled context.
	w := &perftWork{bufs: make([][]board.Move, depth+1), pos: make([]board.Position, depth+1), dedup: opts.Dedup}
	if g.dice != nil {
		w.rollBufs = make([][]board.Move, depth+1)
		w.rolled = make([]board.Position, depth+1)
	}
	w.pos[depth] = *p
	// One context for the whole count, pointed at each position in turn:
	// taking one from the pool per position was a twentieth of the time.
	w.c = g.ctx(p, 0)
	defer g.release(w.c)
	return g.perft(w, depth)
}

type perftWork struct {
	bufs  [][]board.Move
	pos   []board.Position
	dedup bool
	keys  []captureKey
	// rolled[d] is the position at depth d after its roll, in a dice game:
	// a roll is a chance event, not a ply (each distinct roll once).
	rolled   []board.Position
	rollBufs [][]board.Move
	c        *Ctx
}

func (g *Game) perft(w *perftWork, depth int) int64 {
	p := &w.pos[depth]
	if w.rolled != nil && g.IsChance(p) {
		rolls := g.LegalMoves(p, w.rollBufs[depth])
		w.rollBufs[depth] = rolls
		var n int64
		for _, r := range rolls {
			q := &w.rolled[depth]
			*q = *p
			g.Apply(q, r)
			if g.IsChance(q) {
				// An opening roll that decides only who starts (opening:
				// reroll): the starter's roll is the next chance event.
				sub := *q
				for _, r2 := range g.LegalMoves(&sub, nil) {
					q2 := sub
					g.Apply(&q2, r2)
					n += g.perftRolled(w, &q2, depth)
				}
				continue
			}
			n += g.perftRolled(w, q, depth)
		}
		return n
	}
	return g.perftRolled(w, p, depth)
}

// perftRolled is perft from p, which is w.pos[depth] or, in a dice game,
// that position with its roll.
func (g *Game) perftRolled(w *perftWork, p *board.Position, depth int) int64 {
	g.resetCtx(w.c, p)
	moves := g.legalMoves(w.c, w.bufs[depth])
	if w.c.err != nil {
		panic(g.takeErr(w.c))
	}
	if w.dedup {
		moves, w.keys = g.dedupCaptures(p, moves, w.keys)
	}
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

// captureKey is what makes two captures the same under Dedup.
type captureKey struct {
	from, to board.Square
	taken    board.SquareSet
}

// dedupCaptures removes from moves, in place, every capture with the same
// start, end and set of jumped squares as an earlier one: the same capture
// by another route. keys is scratch space, returned for reuse.
func (g *Game) dedupCaptures(p *board.Position, moves []board.Move, keys []captureKey) ([]board.Move, []captureKey) {
	keys = keys[:0]
	out := moves[:0]
next:
	for _, m := range moves {
		if m.Kind == board.Capture && m.Jumps > 1 {
			k := captureKey{from: m.From, to: m.To, taken: g.jumpedSquares(p, m)}
			for _, o := range keys {
				if o == k {
					continue next
				}
			}
			keys = append(keys, k)
		}
		out = append(out, m)
	}
	return out, keys
}

// jumpedSquares is the set of squares a legal capture jumps over. Along
// each jump the first stack not already jumped is the one taken: stacks
// jumped earlier are gone, or (taken from or left until the end) block the
// path, so no route crosses them.
func (g *Game) jumpedSquares(p *board.Position, m board.Move) board.SquareSet {
	b := g.Board
	var taken board.SquareSet
	cur := m.From
	for i := 0; i < int(m.Jumps); i++ {
		land := m.Landing(i)
		f0, r0 := b.Coord(cur)
		f1, r1 := b.Coord(land)
		d := board.DirectionIndex(board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))})
		over := g.lineNext[d][cur]
		for over != noSquare && over != land && (p.Cells[over] == 0 || over == m.From || taken.Has(over)) {
			over = g.lineNext[d][over]
		}
		if over != noSquare && over != land {
			taken.Add(over)
		}
		cur = land
	}
	return taken
}

// DivideEntry is one root move and the perft count below it.
type DivideEntry struct {
	Move  string
	Count int64
}

// Divide gives, for each legal move at p sorted by its text, perft(depth-1)
// of the position after it.
func (g *Game) Divide(p *board.Position, depth int) []DivideEntry {
	return g.DivideWith(p, depth, PerftOptions{})
}

// DivideWith is Divide under the convention opts chooses.
func (g *Game) DivideWith(p *board.Position, depth int, opts PerftOptions) []DivideEntry {
	var out []DivideEntry
	moves := g.LegalMoves(p, nil)
	if opts.Dedup {
		moves, _ = g.dedupCaptures(p, moves, nil)
	}
	below := depth - 1
	if g.IsChance(p) {
		below = depth // the root's moves are its rolls, which are not plies
	}
	for _, m := range moves {
		q := *p
		g.Apply(&q, m)
		out = append(out, DivideEntry{Move: g.MoveString(m), Count: g.PerftWith(&q, below, opts)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move < out[j].Move })
	return out
}
