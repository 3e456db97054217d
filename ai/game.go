// Package ai plays any game that implements the small Game interface: uniform
// random, one-ply greedy and Monte Carlo tree search (UCT with MCTS-Solver,
// subtree reuse and two kinds of multi-core search).
//
// The package knows nothing about stacking checkers: like OpenSpiel's MCTS it
// sees only players, moves, apply, terminal returns per player and a hash.
// Optional extras (a position Evaluator, a PlayoutPolicy) are discovered by a
// type assertion on the Game value, so an adapter opts in just by having the
// methods.
//
// An adapter for a real game needs: a position value that copies with `q := *p`
// (fixed-size arrays, no slices or maps, or the copies share state); a small
// comparable move; LegalMoves that appends into the given buffer; a Hash that
// covers everything affecting legal moves and results (side to move, counters
// used by draw rules); and Result returning exactly one 1 and 0s for a win so
// that the solver can use it. Multi-part turns are fine: ToMove may return
// the same player twice in a row. Games with dice implement Chance; games of
// any number of players back up one return per player (max^n: every player
// chooses for itself).
//
// Files: game.go (this interface), mcts.go (the search: tree, selection,
// playouts, backup, threads), chance.go (chance nodes), solver.go (proofs),
// endgame.go (exact analysis of small endgames before searching), reuse.go
// (keeping the tree between searches), result.go (what a search reports),
// players.go (Player and its constructors), spec.go (player specs such as
// "mcts:hard"), match.go (running a series of games), stats.go (score,
// confidence interval and Elo of a match), mapped.go (a player searching
// with a smaller move type than its callers').
package ai

import (
	"errors"
	"math/rand/v2"
)

// Game is everything the AI knows about a game. P is a position value type that
// copies cheaply with `q := *p` (the search copies positions instead of undoing
// moves, so P must not share mutable state through pointers, slices or maps);
// M is a small comparable move value (it is stored in every tree node).
//
// When a search runs with more than one thread the methods are called
// concurrently on distinct positions, so the Game value itself must be
// read-only while searching, or implement Forker.
type Game[P any, M comparable] interface {
	// Players is the number of players (>= 2, at most 127).
	Players() int
	// ToMove is the index of the player to move at p.
	ToMove(p *P) int
	// LegalMoves appends the legal moves at p to buf[:0] and returns it; the
	// result is empty when the game is over. The search keeps and reuses the
	// returned slice, so implementations should append rather than allocate.
	LegalMoves(p *P, buf []M) []M
	// Apply plays m at p in place.
	Apply(p *P, m M)
	// Result reports whether the game is over at p; if so it fills returns[i]
	// for every player: 1 win, 0 loss, 0.5 draw (len(returns) == Players()).
	// Any value in [0,1] is allowed, e.g. for wins worth points (a win worth k
	// of at most K points as 0.5+0.5k/K for the winner, 0.5-0.5k/K for the
	// loser): the search maximises the expected return. It is called where
	// LegalMoves returned no moves, or to check a position (e.g. where a
	// playout is cut short). Only outcomes with exactly one 1 and all other
	// returns 0 are used as proofs by the solver: a ranking of places
	// (1, 2/3, 1/3, 0) or a win worth points is never one.
	Result(p *P, returns []float64) bool
	// Hash identifies a position; the search uses it to find a previous
	// search's subtree for the position it is asked about. It must cover
	// everything that affects the legal moves and the result (the dice
	// rolled, in a game with Chance).
	Hash(p *P) uint64
}

// Chance is optional: a game where some positions wait for a chance event
// (a roll of the dice) instead of a player's choice.
//
// At a chance position LegalMoves returns no moves, Result reports the game
// not over, and ToMove and Hash still work (ToMove: the player the roll is
// for). IsChance is false where the game is over, and a player who cannot
// use a roll has a pass move: a position with no moves that is not a chance
// position is the end of the game. Outcomes of weight 0 are never played;
// a chance node with one is never proven (every outcome must agree). A player is never asked to
// move at a chance position: whoever drives the game (a match, the CLI, the
// search inside its tree and playouts) resolves it; Player.Choose and
// MCTS.Search refuse one with ErrChance.
type Chance[P any] interface {
	// IsChance reports whether the next event at p is drawn, not chosen.
	IsChance(p *P) bool
	// Outcomes appends the probability weights of the chance events at p to
	// buf[:0], one per event, in a fixed order (they need not sum to 1).
	Outcomes(p *P, buf []float64) []float64
	// Resolve plays the i-th event of Outcomes(p) at p, in place.
	Resolve(p *P, i int)
}

// ChanceKnower is optional for a Game that implements Chance: an adapter
// that serves games with and without dice (one type for every rule file)
// says with HasChance false that this game never waits for a roll. The
// search and training then treat it as a game without chance: with a value
// network the search is the tree, not the move filter of dice games
// (netsearch.go), and self-play explores with random moves.
type ChanceKnower interface {
	HasChance() bool
}

// chanceOf is g's Chance, nil where g has none or says it has no chance
// events (ChanceKnower).
func chanceOf[P any, M comparable](g Game[P, M]) Chance[P] {
	c, ok := g.(Chance[P])
	if !ok {
		return nil
	}
	if k, ok := g.(ChanceKnower); ok && !k.HasChance() {
		return nil
	}
	return c
}

// Evaluator is optional: a heuristic for positions where playouts are cut short
// and for the greedy player. Evaluate fills values[i] in [0,1] (an estimate of
// player i's return) and reports whether it could. It may be asked about a
// chance position (before the roll) too.
type Evaluator[P any] interface {
	Evaluate(p *P, values []float64) bool
}

// ResultKinds is optional: a game whose wins are worth 1 to K points
// (K = ResultKinds(), 1 where every win is worth the same), Result giving a
// winner of k points 0.5+0.5·k/K and the others 0.5−0.5·k/K. A value
// network made for it (Net.Kinds) learns each player's chance of winning at
// least 1, 2, ... K points instead of its expected return alone.
type ResultKinds interface {
	ResultKinds() int
}

// Encoder is optional: a game that can write a position as a fixed-length
// vector of numbers, the input of a value network (Net). FeatureLayout
// names the encoding (its version and the rules it encodes): a network
// trained on one layout is refused by a game with another.
type Encoder[P any] interface {
	// Features is the length of the vector.
	Features() int
	// Encode writes p into x[:Features()], allocating nothing.
	Encode(p *P, x []float32)
	// Perspective is the player whose view Encode wrote p from: a net's
	// outputs for p are each player's return in turn order starting with
	// that player (0: in plain turn order). A game symmetric between its
	// players writes every position from the mover's view, so that a
	// position and its mirror image read the same.
	Perspective(p *P) int
	FeatureLayout() string
}

// PlayoutPolicy is optional: a hint for playouts. Prefer reports moves a
// playout should favour (e.g. bear-offs or captures); uniform random playouts
// are unbiased but slow to finish races.
type PlayoutPolicy[P any, M comparable] interface {
	Prefer(p *P, m M) bool
}

// Playouter is optional: a game that plays the search's random playouts
// itself, faster than the search can move by move through LegalMoves and
// Apply (on a compact form of its moves and positions kept for the
// playout, say). The search uses it in a game without chance events where
// HasPlayout is true.
type Playouter[P any] interface {
	// HasPlayout reports whether Playout serves this game (an adapter for
	// many games may have it for some only).
	HasPlayout() bool
	// Playout plays at most maxPlies moves at p in place, as the search
	// would: each uniformly at random among the legal moves, except that
	// with probability prefer it is drawn among the moves the game's
	// PlayoutPolicy prefers, where there are any. It stops early where the
	// player to move has no legal move (LegalMoves would return none) and
	// reports over. plies is the number of moves played.
	Playout(p *P, rng *rand.Rand, maxPlies int, prefer float64) (plies int, over bool)
}

// Avoider is optional: a hint from the game's designer about moves a player
// should not consider, such as Stackers' "do not bear off your last free
// checker while another is buried" (it can then only pass). Where some of a
// node's moves are avoided and some not, the tree leaves the avoided ones
// out; where all are, it keeps them all. Playouts are not affected, and a
// node missing some of its moves is never proven lost (a move left out might
// have saved it). At the root, once every move kept is proven lost, the
// search starts again with all of them.
type Avoider[P any, M comparable] interface {
	Avoid(p *P, m M) bool
}

// Repetition is optional: a game drawn when the same position occurs for the
// RepetitionLimit()-th time. The search then scores a move that repeats a
// position that often as a draw, counting the path from the root and the
// game's earlier positions (given to a player through HistoryUser). Hash is
// not enough for this, as it may cover counters (plies without progress) that
// differ between occurrences of the same position.
type Repetition[P any] interface {
	// RepetitionLimit is the occurrence that draws (3: threefold; 0: no rule).
	RepetitionLimit() int
	// RepetitionKey identifies p as a position that can repeat: the pieces and
	// the player to move, without move counters.
	RepetitionKey(p *P) uint64
	// Reversible is the number of plies before p since the last irreversible
	// move (a capture, a bear-off): no position further back can equal p.
	Reversible(p *P) int
}

// Horizon is optional, and needed by a game with a draw rule that counts
// plies (so many plies without a capture is a draw): the endgame analysis
// (see Config.EndgamePositions) leaves such counters out of a position and
// uses a proven line only where it fits in the plies left.
type Horizon[P any] interface {
	// PliesLeft is the number of plies that may still be played from p,
	// none of them making progress, before such a rule draws the game; a
	// win on the last of them still counts. Negative: no such rule.
	PliesLeft(p *P) int
}

// Packer is optional: a game whose positions pack into fewer bytes than a P
// (a P sized for the largest game its adapter plays). The endgame analysis
// keeps its breadth-first frontier, up to a quarter of
// Config.EndgamePositions positions, packed.
type Packer[P any] interface {
	// AppendPacked appends p packed to dst.
	AppendPacked(dst []byte, p *P) []byte
	// Unpack reads a position AppendPacked wrote at the start of src into
	// p, all of it, and returns the bytes it took.
	Unpack(src []byte, p *P) int
}

// HistoryUser is optional for a Player: SetHistory gives it the
// RepetitionKeys of the positions before the next one it is asked to move in,
// oldest first (those since the last irreversible move are enough), so that
// its search sees repetitions with the game's real history. The keys are
// copied; a later Choose with no SetHistory in between keeps them only when
// the search can tell the position follows on (the players' MCTS trees do).
type HistoryUser interface {
	SetHistory(keys []uint64)
}

// Failer is optional: a game whose rules can fail while it is played (a
// rule file's expression dividing by zero) reports the first failure met
// since the Game value was made (its Forks share it). Once one is met the
// game shows no moves anywhere, so a search ends; Search puts the failure
// in Result.Err and players in Info.Err, and the move they return must not
// be played.
type Failer interface {
	Err() error
}

// failure is g's failure, where it is a Failer.
func failure[P any, M comparable](g Game[P, M]) error {
	if f, ok := g.(Failer); ok {
		return f.Err()
	}
	return nil
}

// Forker is optional: a Game value that keeps scratch state (move buffers, an
// interpreter's stack) and so is not safe for concurrent use implements it,
// and each search thread then works with its own Fork.
type Forker[P any, M comparable] interface {
	Fork() Game[P, M]
}

// Proof is what the solver established about a move or a position, always
// from the point of view of the player who chooses it (the player to move at
// the root for root moves and root positions).
type Proof int8

const (
	// Unknown: not proven either way (draws are never proven).
	Unknown Proof = iota
	// Win: the chooser wins (return 1) whatever the others do and whatever
	// the dice roll.
	Win
	// Loss: the chooser loses (return 0) whatever it does and whatever the
	// dice roll, as long as a player who can make sure of a win takes it.
	Loss
)

// String renders a proof for a CLI ("", "win", "loss").
func (p Proof) String() string {
	switch p {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "unknown"
}

// ErrChance is the error of a player or a search asked to choose at a chance
// position: the driver of the game resolves the chance event first.
var ErrChance = errors.New("the position waits for a chance event (a roll), not a player's move")

// sampleOutcome picks an index of weights with probability proportional to
// its weight, u uniform in [0,1); -1 when there are no positive weights.
func sampleOutcome(weights []float64, u float64) int {
	total := 0.0
	for _, x := range weights {
		total += max(x, 0)
	}
	if total <= 0 {
		return -1
	}
	r := u * total
	last := -1
	for i, x := range weights {
		if x <= 0 {
			continue
		}
		if r < x {
			return i
		}
		r -= x
		last = i
	}
	return last // rounding left r at the very end
}
