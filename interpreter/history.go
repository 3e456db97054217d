package interpreter

import (
	"fmt"

	"github.com/stackrules/stackrules/board"
)

// History is a game in progress: a start position and the moves played. It
// owns what a position alone cannot know — draws by repetition and by plies
// without progress — and supports undo.
//
// It keeps a few bytes per ply (the move, the position's hash, who was to
// move, the quiet count) and a whole position only every checkEvery plies
// and at the end: an earlier position is the checkpoint before it with the
// moves after replayed. A game of 100,000 plies so costs a few megabytes,
// not the 130 MB of a position per ply.
type History struct {
	g     *Game
	start board.Position
	moves []board.Move
	plies []plyState // plies[i] is about the position after i moves
	// checkpoints[k] is the position after k*checkEvery moves.
	checkpoints []board.Position
	cur         board.Position // the position after every move
	// legal are the legal moves at the current position when legalAt is
	// len(plies): Play works them out to check the position after a move,
	// and the next Play reuses them.
	legal   []board.Move
	legalAt int
	// claims: the draws by repetition and by plies without progress end
	// nothing, Play goes on (PlayOn).
	claims bool
}

// plyState is what History keeps of each position besides the checkpoints.
type plyState struct {
	hash   uint64
	quiet  int32 // plies in a row without progress, up to this position
	toMove int8
}

// checkEvery is how many plies apart History keeps whole positions: reading
// an earlier position replays at most checkEvery-1 moves.
const checkEvery = 64

// NewHistory starts a history at start.
func (g *Game) NewHistory(start board.Position) *History {
	return &History{g: g, start: start, cur: start, checkpoints: []board.Position{start},
		plies: []plyState{{hash: start.Hash, toMove: int8(start.ToMove)}}}
}

// Game is the game being played.
func (h *History) Game() *Game { return h.g }

// Start is the position the history began from.
func (h *History) Start() board.Position { return h.start }

// Position is the current position.
func (h *History) Position() board.Position { return h.cur }

// PositionAt is the position after i moves (0: the start), for 0 <= i <= Len().
func (h *History) PositionAt(i int) board.Position {
	if i == len(h.moves) {
		return h.cur
	}
	return h.replayTo(i)
}

// replayTo works out the position after i moves from the checkpoint before.
func (h *History) replayTo(i int) board.Position {
	k := i / checkEvery
	p := h.checkpoints[k]
	for _, m := range h.moves[k*checkEvery : i] {
		h.g.Apply(&p, m)
	}
	return p
}

// ToMoveAt is the player to move after i moves, for 0 <= i <= Len().
func (h *History) ToMoveAt(i int) int { return int(h.plies[i].toMove) }

// Moves are the moves played so far.
func (h *History) Moves() []board.Move { return h.moves }

// Len is the number of plies played.
func (h *History) Len() int { return len(h.moves) }

// PlayOn makes Play go on past a draw by repetition or by plies without
// progress, as a game record does: over the board such a draw is a claim a
// player may leave unmade, and records of real games play on after it.
// Outcome still reports the draw at a position where it holds.
func (h *History) PlayOn() { h.claims = true }

// Play plays a legal move; it returns an error for a move that is not legal
// here or when the game is over, and an *EvalError, playing nothing, when
// the rule file's expressions fail at the position before or after it.
func (h *History) Play(m board.Move) error {
	cur := &h.cur
	last := h.plies[len(h.plies)-1]
	var o Outcome
	var err error
	if h.claims {
		o, err = h.g.ResultErr(cur) // the rules' ends only: draws are claims
	} else {
		o, err = h.OutcomeErr()
	}
	if err != nil {
		return err
	} else if o.Over {
		return fmt.Errorf("the game is over (%s)", o.Reason)
	}
	moves := h.legal
	if h.legalAt != len(h.plies) {
		if moves, err = h.g.LegalMovesErr(cur, h.legal); err != nil {
			return err
		}
	}
	legal := false
	for _, l := range moves {
		if l == m {
			legal = true
			break
		}
	}
	if !legal {
		return fmt.Errorf("move %s is not legal here", h.g.MoveString(m))
	}
	next := *cur
	quiet := last.quiet + 1
	if err := h.g.ApplyErr(&next, m); err != nil {
		return err
	}
	before := cur.Cells[0]
	if m.From != board.NoSquare {
		before = cur.Cells[m.From]
	}
	if h.g.madeProgress(m, before, &next) {
		quiet = 0
	}
	// A rule file whose expressions fail at the new position (a modulo by
	// zero) refuses the move, keeping the game as it was, rather than
	// failing later at every look at the position. Generating the moves
	// evaluates everything Result does (the end conditions, then the moves).
	nextMoves, err := h.g.LegalMovesErr(&next, moves[len(moves):])
	if err != nil {
		return err
	}
	h.legal, h.legalAt = nextMoves, len(h.plies)+1
	h.moves = append(h.moves, m)
	h.plies = append(h.plies, plyState{hash: next.Hash, quiet: int32(quiet), toMove: int8(next.ToMove)})
	if len(h.moves)%checkEvery == 0 {
		h.checkpoints = append(h.checkpoints, next)
	}
	h.cur = next
	return nil
}

// madeProgress reports whether move m, which left the stack before on its
// source square, made progress — by default a bear-off, a capture or a
// promotion; what draw: progress lists — which resets the count of quiet
// plies. A placement from hand and a move that removes pieces always do.
// after is the position after it.
func (g *Game) madeProgress(m board.Move, before board.Stack, after *board.Position) bool {
	if m.Removed > 0 || m.Kind == board.Place {
		return true
	}
	pr := g.resets
	switch m.Kind {
	case board.BearOff:
		return pr&progressBearOff != 0 || pr&(progressKind<<uint(g.Board.TopKind(before))) != 0
	case board.Capture:
		if pr&progressCapture != 0 {
			return true
		}
	case board.Step:
	default:
		return false
	}
	kind := g.Board.TopKind(before)
	return pr&(progressKind<<uint(kind)) != 0 ||
		pr&progressPromotion != 0 && g.Board.TopKind(after.Cells[m.To]) > kind
}

// Undo takes back the last move; false when there is none.
func (h *History) Undo() bool {
	if len(h.moves) == 0 {
		return false
	}
	h.moves = h.moves[:len(h.moves)-1]
	h.plies = h.plies[:len(h.plies)-1]
	h.checkpoints = h.checkpoints[:len(h.moves)/checkEvery+1]
	h.cur = h.replayTo(len(h.moves))
	h.legalAt = -1
	return true
}

// RepetitionKeys appends to buf[:0] the hashes of the positions before the
// current one that it could repeat (those since the last progress), oldest
// first: what an AI search needs to see repetition draws (ai.HistoryUser).
func (h *History) RepetitionKeys(buf []uint64) []uint64 {
	buf = buf[:0]
	last := len(h.plies) - 1
	for i := max(0, last-int(h.plies[last].quiet)); i < last; i++ {
		buf = append(buf, h.plies[i].hash)
	}
	return buf
}

// Outcome is the result at the current position, draw rules included. A
// runtime error in the rule file's expressions makes it panic with an
// *EvalError, as Result does; OutcomeErr returns it instead.
func (h *History) Outcome() Outcome {
	o, err := h.OutcomeErr()
	if err != nil {
		panic(err)
	}
	return o
}

// OutcomeErr is Outcome returning a runtime error in the rule file's
// expressions (an *EvalError) instead of panicking.
func (h *History) OutcomeErr() (Outcome, error) {
	last := len(h.plies) - 1
	quiet := int(h.plies[last].quiet)
	if o, err := h.g.ResultErr(&h.cur); err != nil || o.Over {
		return o, err
	}
	d := h.g.Draw
	if d.QuietPlies > 0 && quiet >= d.QuietPlies {
		return Outcome{Over: true, Winner: -1, Reason: fmt.Sprintf("draw: %d plies without progress", d.QuietPlies), Why: h.g.words.QuietReason}, nil
	}
	if len(h.g.quietRules) > 0 {
		pos := h.cur
		c := h.g.ctx(&pos, h.g.prev(int(pos.ToMove)))
		for _, q := range h.g.quietRules {
			held := quiet >= q.plies && allTerms(q.cond, c)
			if err := h.g.takeErr(c); err != nil {
				h.g.release(c)
				return Outcome{}, err
			}
			if held {
				h.g.release(c)
				return Outcome{Over: true, Winner: -1, Reason: fmt.Sprintf("draw: %d plies without progress while %s", q.plies, q.cond.src.Text), Why: q.reason}, nil
			}
		}
		h.g.release(c)
	}
	if d.Repetition > 0 {
		seen := 0
		// Progress (a bear-off, a capture, a promotion) changes the pieces
		// for good, so only the positions since the last one can repeat.
		for i := last; i >= 0 && i >= last-quiet; i-- {
			if h.plies[i].hash == h.cur.Hash && (i == last || h.PositionAt(i) == h.cur) {
				seen++
			}
		}
		if seen >= d.Repetition {
			return Outcome{Over: true, Winner: -1, Reason: fmt.Sprintf("draw: the same position %d times", d.Repetition), Why: h.g.words.RepetitionReason}, nil
		}
	}
	return Outcome{Winner: -1}, nil
}

// Positions lists the position before every move of h and after the last.
func (h *History) Positions() []board.Position {
	out := make([]board.Position, len(h.plies))
	out[0] = h.start
	for i, m := range h.moves {
		out[i+1] = out[i]
		h.g.Apply(&out[i+1], m)
	}
	return out
}
