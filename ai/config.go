package ai

import "time"

// Defaults used where a Config field is zero.
const (
	// DefaultExploration is the UCT constant c in mean + c*sqrt(ln N / n) for
	// returns in [0,1]. At Connect Four (3000 iterations, solver on) 0.5
	// scored at least as well as 0.3, 0.7 and 1, and 1 beat 1.41; the best
	// value depends on the game, so tune it with the spec key "c=".
	DefaultExploration = 0.5
	// DefaultPlayoutCap is the number of playout plies after which a playout
	// is scored by the Evaluator (or as a draw): games with long shuffles
	// would otherwise dominate the time.
	DefaultPlayoutCap = 200
	// DefaultPreferProb is the chance that a playout ply picks among the moves
	// the PlayoutPolicy prefers (when there are any).
	DefaultPreferProb = 0.8
	// DefaultIterations is the budget when a search has neither an iteration
	// nor a time limit nor a cancellable context, so that it always ends.
	DefaultIterations = 10000
	// DefaultMaxNodes caps the tree size (per search object, shared among
	// root-parallel trees); past it the search goes on without growing.
	// 4Mi nodes of 32 bytes is 128 MiB.
	DefaultMaxNodes = 4 << 20
	// DefaultProgressEvery is how often the progress callback is called.
	DefaultProgressEvery = 100 * time.Millisecond
	// DefaultDiscount is the factor per ply by which a simulation's outcome
	// shrinks towards a draw (0.5) on its way back up the tree: a node's
	// value is 0.5 + (return - 0.5) * Discount^plies, plies counted from the
	// node to the end of the simulation. So a win sooner is worth more than
	// a win later, a loss later less bad than a loss sooner, and the search
	// makes progress in won positions instead of shuffling. See docs/ai.md.
	DefaultDiscount = 0.998

	maxPV          = 16     // principal variation length
	reuseDepth     = 3      // plies below the old root searched for the new position
	reuseMaxApply  = 200000 // bound on Apply calls while looking for it
	expandAfterVis = 1      // a leaf is expanded on its second visit (keeps nodes ~ iterations)
)

// ParallelMode chooses how Threads > 1 share the work.
type ParallelMode uint8

// String names the mode as spec strings do ("tree", "root").
func (m ParallelMode) String() string {
	if m == RootParallel {
		return "root"
	}
	return "tree"
}

// Config sets up an MCTS search. Zero fields take the defaults above, so
// Config{Iterations: 1000} is a complete configuration.
type Config struct {
	// Iterations is the budget per Search (0: none). With Time too, whichever
	// comes first ends the search.
	Iterations int
	// Time is the wall-clock budget per Search (0: none).
	Time time.Duration
	// Threads is the number of search goroutines (<= 1: one, on the caller's
	// goroutine, and the search is deterministic for a given Seed and
	// Iterations budget).
	Threads int
	// Parallel chooses how threads share the work when Threads > 1.
	Parallel ParallelMode
	// Exploration is the UCT constant (0: DefaultExploration).
	Exploration float64
	// PlayoutCap is the playout length limit in plies (0: DefaultPlayoutCap).
	PlayoutCap int
	// PreferProb is the chance to follow the PlayoutPolicy at a playout ply
	// (0: DefaultPreferProb; negative: ignore the policy).
	PreferProb float64
	// VirtualLoss is the number of losses an in-flight tree-parallel
	// iteration adds to every node on its path (0: 1).
	VirtualLoss int
	// MaxNodes caps the number of tree nodes (0: DefaultMaxNodes).
	MaxNodes int
	// ProgressEvery is the progress callback interval (0: DefaultProgressEvery).
	ProgressEvery time.Duration
	// NoSolver turns off MCTS-Solver proofs (for comparisons).
	NoSolver bool
	// KeepLost: selection keeps visiting moves proven lost for the player
	// making them, by their values as plain UCT does, instead of dropping
	// them. The values then count the chance that a fallible player makes
	// one; without it a move whose every reply but one or two loses at once
	// is valued by those one or two alone (see docs/ai.md, Stackers).
	KeepLost bool
	// Discount is the per-ply discount of outcomes in (0,1] (0:
	// DefaultDiscount, 1: none).
	Discount float64
	// NoAvoid ignores the game's Avoider (see Avoider): every legal move
	// is in the tree.
	NoAvoid bool
	// NoRepetition ignores the game's Repetition rule in the tree (for
	// comparisons with the search before it knew of it).
	NoRepetition bool
	// EndgamePositions caps the positions of an endgame analysis (see
	// endgame.go): where every position reachable from the root is fewer,
	// the search solves them all exactly first. 0: DefaultEndgamePositions,
	// or, with an iteration budget and no time budget, one per 4
	// iterations; negative: never. An analysis takes at most a quarter of a
	// time budget (and the time it takes counts against it).
	EndgamePositions int
	// KeepSearching stops the search from ending early once the root is
	// proven (normally a proven root needs no more thought).
	KeepSearching bool
	// NetPlayout is, for a search with a value network (MCTS.SetValue),
	// the random playout plies before the network rates the position
	// reached (0: it rates the leaf itself).
	NetPlayout int
	// NetMix is, for a search with a value network, the playout's share of
	// a leaf's value: 0 the network's value alone, 1 a random playout's
	// to the end alone (the network then only sets NetPrior's priors),
	// between them the mix (as AlphaGo mixed its value network with
	// rollouts).
	NetMix float64
	// NetPrior, where > 0 with a value network, gives each new node that
	// many visits at the network's value of its position when its parent
	// is expanded (a prior, as MoGo's and Fuego's knowledge), so the search
	// tries the moves the network likes first and needs evidence to leave
	// them. Not in a game with chance events.
	NetPrior int
	// NetMinimax, where > 0 with a value network in a two-player game
	// without chance events, is α of implicit minimax backups (Lanctot,
	// Winands, Pepels and Sturtevant, "Monte Carlo Tree Search with
	// Heuristic Evaluations using Implicit Minimax Backups", 2014): when a
	// node is expanded the network rates each child's position, every node
	// keeps the minimax value of the ratings below it, updated as the tree
	// grows, and a move's score is (1 − α) × its mean result + α × that
	// value. The means average a line's outcomes, so a refutation found
	// deep in the tree counts at once in the minimax value and only slowly
	// in the mean: tactics the network cannot see from one position.
	NetMinimax float64
	// NetTree keeps the tree search in a game of chance with a value
	// network, where the search is otherwise the two-ply move filter
	// (netsearch.go).
	NetTree bool
	// Seed makes the search reproducible.
	Seed uint64
}

func (c Config) normalized() Config {
	if c.Threads < 1 {
		c.Threads = 1
	}
	if c.Exploration == 0 {
		c.Exploration = DefaultExploration
	}
	if c.PlayoutCap <= 0 {
		c.PlayoutCap = DefaultPlayoutCap
	}
	// a Config built by hand gets the bounds a spec gets (spec.go)
	c.PlayoutCap = min(c.PlayoutCap, MaxPlayoutCap)
	c.EndgamePositions = min(c.EndgamePositions, MaxEndgame)
	c.Threads = min(c.Threads, MaxThreads)
	if c.PreferProb == 0 {
		c.PreferProb = DefaultPreferProb
	}
	if c.VirtualLoss <= 0 {
		c.VirtualLoss = 1
	}
	if c.MaxNodes <= 0 {
		c.MaxNodes = DefaultMaxNodes
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = DefaultProgressEvery
	}
	c.NetMix = min(max(c.NetMix, 0), 1)
	c.NetPrior = min(max(c.NetPrior, 0), MaxNetPrior)
	c.NetMinimax = min(max(c.NetMinimax, 0), 1)
	if c.Discount <= 0 || c.Discount > 1 {
		c.Discount = DefaultDiscount
	}
	return c
}

// Config reports the configuration in force (defaults filled in).
func (s *MCTS[P, M]) Config() Config { return s.cfg }
