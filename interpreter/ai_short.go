package interpreter

import (
	"math/rand/v2"
	"sync"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
)

// ShortMove is a board.Move in 8 bytes, for the search's tree in a game
// that is not compact and has no dice or spreads (the draughts family,
// the morris games, Focus, Lasca...): a tree node of 40 bytes instead of
// 56. A move without a path (no squares in Via: a step, a placement, a
// capture of one jump) is its first eight fields, From to Piece; a capture
// of several jumps is its index in the legal moves of the position it is
// played at (bit 7 of the Kind byte set), found again by listing them: its
// path lives in the move list, not in the tree.
type ShortMove uint64

const shortIndexed = ShortMove(0x80) << 24

// shortOf is m as a ShortMove, i its index in the position's legal moves.
func shortOf(m *board.Move, i int) ShortMove {
	if m.Via != ([board.MaxJumps - 1]board.Square{}) {
		return shortIndexed | ShortMove(i)
	}
	return ShortMove(m.From) | ShortMove(m.To)<<8 | ShortMove(m.Lift)<<16 | ShortMove(m.Kind)<<24 |
		ShortMove(m.Rule)<<32 | ShortMove(m.Jumps)<<40 | ShortMove(m.Removed)<<48 | ShortMove(m.Piece)<<56
}

// plain is a ShortMove without a path as the board.Move it stands for.
func (m ShortMove) plain() board.Move {
	return board.Move{From: board.Square(m), To: board.Square(m >> 8), Lift: uint8(m >> 16), Kind: board.MoveKind(m >> 24),
		Rule: uint8(m >> 32), Jumps: uint8(m >> 40), Removed: uint8(m >> 48), Piece: uint8(m >> 56)}
}

// shortSearch is the AI's view of a game with ShortMoves. Everything but the
// moves is SearchGame's.
type shortSearch struct {
	*SearchGame
	list *shortList
}

// shortList is the legal moves of one position, kept to decode the indexed
// moves played at it: a playout lists the moves and plays one of them at
// once; the tree lists them again when it goes down an indexed move.
type shortList struct {
	pos   board.Position
	moves []board.Move
	valid bool         // pos and moves are kept: moves has an indexed move
	buf   []board.Move // Playout's
	pref  []board.Move
}

// shortPolicy adds `playout: prefer` (ai.PlayoutPolicy), as policyGame.
type shortPolicy struct{ shortSearch }

// ShortAI adapts g for the AI with ShortMoves, in a game without dice or
// spreads that is not compact (CompactAI serves those); ok is false in
// any other. Its moves are the moves AI() gives, in the same order
// (ShortDecoder converts them), and it rates and plays them as AI() does.
func (g *Game) ShortAI() (ai.Game[SearchPosition, ShortMove], bool) {
	if !g.shortMoves() {
		return nil, false
	}
	return g.newShortSearch(&searchFailure{}), true
}

func (g *Game) shortMoves() bool { return !g.compact && g.dice == nil && !g.HasSpreads() }

// HasSpreads reports whether a move rule drops its pieces along a line
// (`drops: spread`).
func (g *Game) HasSpreads() bool {
	for _, r := range g.moveRules {
		if r.spread {
			return true
		}
	}
	return false
}

func (g *Game) newShortSearch(f *searchFailure) ai.Game[SearchPosition, ShortMove] {
	a := shortSearch{g.newSearchGame(f), &shortList{}}
	if g.prefer != nil {
		return shortPolicy{a}
	}
	return a
}

// Fork gives a search thread its own context and move list; the failure is shared.
func (a shortSearch) Fork() ai.Game[SearchPosition, ShortMove] { return a.g.newShortSearch(a.failure) }

// Fork gives a search thread its own context and move list.
func (a shortPolicy) Fork() ai.Game[SearchPosition, ShortMove] { return a.shortSearch.Fork() }

// LegalMoves is SearchGame.LegalMoves as ShortMoves; the list is kept for
// the indexed moves (not an empty one: the same position with another
// quiet count may have moves).
func (a shortSearch) LegalMoves(sp *SearchPosition, buf []ShortMove) []ShortMove {
	l := a.list
	l.moves = a.SearchGame.LegalMoves(sp, l.moves)
	l.valid = false
	buf = buf[:0]
	for i := range l.moves {
		m := shortOf(&l.moves[i], i)
		if m&shortIndexed != 0 && !l.valid {
			l.pos, l.valid = sp.Position, true
		}
		buf = append(buf, m)
	}
	return buf
}

// HasPlayout is true: Playout plays on board.Moves (ai.Playouter).
func (a shortSearch) HasPlayout() bool { return true }

// Playout is the search's random playout (ai.Playouter) played on
// board.Moves, as the search would play it on ShortMoves, without
// converting each ply's moves.
func (a shortSearch) Playout(sp *SearchPosition, rng *rand.Rand, maxPlies int, prefer float64) (plies int, over bool) {
	l := a.list
	for ; plies < maxPlies; plies++ {
		l.buf = a.SearchGame.LegalMoves(sp, l.buf)
		if len(l.buf) == 0 {
			return plies, true
		}
		m := l.buf[rng.IntN(len(l.buf))]
		if prefer > 0 && a.g.prefer != nil && rng.Float64() < prefer {
			l.pref = l.pref[:0]
			for _, x := range l.buf {
				if a.prefers(&sp.Position, x) {
					l.pref = append(l.pref, x)
				}
			}
			if len(l.pref) > 0 {
				m = l.pref[rng.IntN(len(l.pref))]
			}
		}
		a.SearchGame.Apply(sp, m)
	}
	return plies, false
}

// move is m, one of the legal moves at sp, as a board.Move. After a
// runtime error in the rule file (Err) it may be a pass: the search is
// ending, and its moves are not played.
func (a shortSearch) move(sp *SearchPosition, m ShortMove) board.Move {
	if m&shortIndexed == 0 {
		return m.plain()
	}
	l := a.list
	if !l.valid || l.pos != sp.Position {
		l.moves = a.g.legalMoves(a.reset(&sp.Position, 0), l.moves)
		l.valid = !a.failed(&sp.Position) && len(l.moves) > 0
		l.pos = sp.Position
	}
	i := int(m &^ shortIndexed)
	if l.valid && i < len(l.moves) {
		return l.moves[i]
	}
	if a.failure.err.Load() != nil {
		return board.Move{From: noSquare, To: noSquare, Kind: board.Pass}
	}
	panic("interpreter: a ShortMove played at a position it is not a move of")
}

// Apply is SearchGame.Apply.
func (a shortSearch) Apply(sp *SearchPosition, m ShortMove) {
	mv := a.move(sp, m)
	a.SearchGame.Apply(sp, mv)
}

// Avoid is SearchGame.Avoid.
func (a shortSearch) Avoid(sp *SearchPosition, m ShortMove) bool {
	return a.SearchGame.Avoid(sp, a.move(sp, m))
}

// Prefer is policyGame.Prefer.
func (a shortPolicy) Prefer(sp *SearchPosition, m ShortMove) bool {
	return a.prefers(&sp.Position, a.move(sp, m))
}

// ShortDecoder gives the board.Move a ShortMove of g's ShortAI stands for
// at the position it is played at. It keeps a move list of its own, so it
// may run beside a search; it is safe for concurrent use.
func (g *Game) ShortDecoder() func(sp *SearchPosition, m ShortMove) board.Move {
	var mu sync.Mutex
	a := shortSearch{g.newSearchGame(&searchFailure{}), &shortList{}}
	return func(sp *SearchPosition, m ShortMove) board.Move {
		if m&shortIndexed == 0 {
			return m.plain()
		}
		mu.Lock()
		defer mu.Unlock()
		return a.move(sp, m)
	}
}

var (
	_ ai.Avoider[SearchPosition, ShortMove]       = shortSearch{}
	_ ai.PlayoutPolicy[SearchPosition, ShortMove] = shortPolicy{}
	_ ai.Forker[SearchPosition, ShortMove]        = shortSearch{}
	_ ai.Playouter[SearchPosition]                = shortSearch{}
)
