package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"
)

// Player chooses moves. Choose must not modify p. On a finished position it
// returns the zero move with Info.Legal == 0. A player is never asked to
// move at a chance position (see Chance): the driver of the game resolves
// the roll; asked anyway, Choose returns the zero move with Info.Err ==
// ErrChance (and Legal 0), so check Err before reading Legal as game over.
type Player[P any, M comparable] interface {
	Choose(ctx context.Context, p *P) (M, Info)
}

// Info is what a CLI may print about a choice.
type Info struct {
	// Legal is the number of legal moves (0: the game was over).
	Legal int
	// Iterations of search spent (MCTS only).
	Iterations int
	// Value estimates the mover's return in [0,1] when HasValue.
	Value    float64
	HasValue bool
	// Proof is the solver's verdict for the mover (MCTS only).
	Proof   Proof
	Elapsed time.Duration
	// Err says why the player could not choose (ErrChance: p waits for a
	// roll; the game's failure, see Failer); nil otherwise.
	Err error
}

// String renders the info on one line, e.g. "5000 it, value 0.62, 310ms" or
// "proven win".
func (i Info) String() string {
	var parts []string
	if i.Err != nil {
		return i.Err.Error()
	}
	if i.Legal == 0 {
		return "no legal moves"
	}
	if i.Legal == 1 {
		parts = append(parts, "forced")
	}
	if i.Iterations > 0 {
		parts = append(parts, fmt.Sprintf("%d it", i.Iterations))
	}
	if i.Proof != Unknown {
		parts = append(parts, "proven "+i.Proof.String())
	} else if i.HasValue {
		parts = append(parts, fmt.Sprintf("value %.2f", i.Value))
	}
	if i.Elapsed > 0 {
		parts = append(parts, i.Elapsed.Round(time.Millisecond).String())
	}
	return strings.Join(parts, ", ")
}

// NewPlayer builds the player a Spec describes. seed is used unless the spec
// sets its own.
func NewPlayer[P any, M comparable](g Game[P, M], spec Spec, seed uint64) Player[P, M] {
	if spec.HasSeed {
		seed = spec.Seed
	}
	net := spec.Network
	if spec.Net == NoNet {
		net = nil
	} else if spec.Net != "" {
		var err error
		if net, err = specNet(g, spec.Net); err != nil {
			return failedPlayer[P, M]{err}
		}
	}
	switch spec.Kind {
	case KindRandom:
		return NewRandom(g, seed)
	case KindGreedy:
		return NewGreedy(g, seed)
	case KindNet:
		p, err := NewNetPlayer(g, net, seed)
		if err != nil {
			return failedPlayer[P, M]{err}
		}
		return p
	}
	if net == nil && spec.usesNetwork() {
		return failedPlayer[P, M]{errNoNetwork}
	}
	mp := NewMCTSPlayer(g, spec.Config(seed))
	if net != nil {
		if err := mp.Engine.SetValue(net); err != nil {
			return failedPlayer[P, M]{err}
		}
	}
	return mp
}

// errNoNetwork: netplayout= or netminimax= with no network to use.
var errNoNetwork = errors.New("netplayout= and netminimax= need a network: net=FILE, or a rule file that names one (network:)")

// usesNetwork reports whether an MCTS spec sets how to use a network.
func (sp Spec) usesNetwork() bool {
	return sp.Kind == KindMCTS && (sp.NetPlayout != 0 || sp.NetMinimax != 0)
}

// CheckSpec reports whether NewPlayer can make spec's player for g: the
// network it names (if any) can be read and was trained for g's rules, and
// where it says how to use a network, there is one (spec.Network, the rule
// file's, or one it names).
func CheckSpec[P any, M comparable](g Game[P, M], spec Spec) error {
	if spec.Net == "" && spec.Network == nil && spec.usesNetwork() {
		return errNoNetwork
	}
	if spec.Net == "" || spec.Net == NoNet {
		return nil
	}
	_, err := specNet(g, spec.Net)
	return err
}

// netCache keeps the networks players have loaded, by file, layout and
// modification time, so that a match does not read the file for every game.
var netCache sync.Map

// specNet loads the network at path for g.
func specNet[P any, M comparable](g Game[P, M], path string) (*Net, error) {
	enc, ok := g.(Encoder[P])
	if !ok {
		return nil, fmt.Errorf("network %s: this game cannot describe its positions for a network", path)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("network: %w", err)
	}
	key := fmt.Sprintf("%s\x00%s\x00%d\x00%d", path, enc.FeatureLayout(), st.ModTime().UnixNano(), st.Size())
	if n, ok := netCache.Load(key); ok {
		return n.(*Net), nil
	}
	n, err := LoadNet(path, enc.FeatureLayout(), enc.Features(), g.Players())
	if err != nil {
		return nil, err
	}
	netCache.Store(key, n)
	return n, nil
}

// failedPlayer is a player that could not be made: it reports why at its
// first move.
type failedPlayer[P any, M comparable] struct{ err error }

func (f failedPlayer[P, M]) Choose(context.Context, *P) (M, Info) {
	var zero M
	return zero, Info{Err: f.err}
}

func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d))
}

// isChance reports whether p waits for a roll in g.
func isChance[P any, M comparable](g Game[P, M], p *P) bool {
	c := chanceOf(g)
	return c != nil && c.IsChance(p)
}

// Random plays uniformly random legal moves.
type Random[P any, M comparable] struct {
	g     Game[P, M]
	rng   *rand.Rand
	moves []M
}

// NewRandom makes a uniformly random player.
func NewRandom[P any, M comparable](g Game[P, M], seed uint64) *Random[P, M] {
	return &Random[P, M]{g: g, rng: newRand(seed)}
}

// Choose picks a legal move uniformly at random.
func (r *Random[P, M]) Choose(_ context.Context, p *P) (M, Info) {
	start := time.Now()
	var zero M
	if isChance(r.g, p) {
		return zero, Info{Err: ErrChance}
	}
	r.moves = r.g.LegalMoves(p, r.moves[:0])
	if err := failure(r.g); err != nil {
		return zero, Info{Err: err}
	}
	var m M
	if len(r.moves) > 0 {
		m = r.moves[r.rng.IntN(len(r.moves))]
	}
	return m, Info{Legal: len(r.moves), Elapsed: time.Since(start)}
}

// Greedy looks one ply ahead: it plays a move that wins at once if there is
// one, otherwise the move whose position the Evaluator rates best for the
// mover (ties broken at random). Without an Evaluator it plays at random
// among the moves that do not lose at once. Where a move leads to a roll it
// rates the position after each outcome and takes the expectation (a move is
// a certain win only if every roll ends the game won).
type Greedy[P any, M comparable] struct {
	g       Game[P, M]
	eval    Evaluator[P]
	chance  Chance[P]
	rng     *rand.Rand
	moves   []M
	best    []M
	values  []float64
	weights []float64
}

// NewGreedy makes a one-ply player; it uses g's Evaluator if g has one.
func NewGreedy[P any, M comparable](g Game[P, M], seed uint64) *Greedy[P, M] {
	e, _ := any(g).(Evaluator[P])
	c := chanceOf(g)
	return &Greedy[P, M]{g: g, eval: e, chance: c, rng: newRand(seed), values: make([]float64, g.Players())}
}

// rate is the mover's value of q: 2 for a certain win (it beats any
// estimate of 1), the return where the game is over, else the Evaluator's
// estimate or 0.5. At a roll it is the expectation over the outcomes.
func (gr *Greedy[P, M]) rate(q *P, mover int) float64 {
	if gr.chance != nil && gr.chance.IsChance(q) {
		gr.weights = gr.chance.Outcomes(q, gr.weights[:0])
		sum, total, allWin := 0.0, 0.0, true
		for i, x := range gr.weights {
			if x <= 0 {
				continue
			}
			r := *q
			gr.chance.Resolve(&r, i)
			v := gr.rateOne(&r, mover)
			if v != 2 {
				allWin = false
			}
			sum += x * min(v, 1)
			total += x
		}
		if total == 0 {
			return 0.5
		}
		if allWin {
			return 2
		}
		return sum / total
	}
	return gr.rateOne(q, mover)
}

func (gr *Greedy[P, M]) rateOne(q *P, mover int) float64 {
	if gr.g.Result(q, gr.values) {
		if v := gr.values[mover]; v != 1 {
			return v
		}
		return 2
	}
	if gr.eval != nil && gr.eval.Evaluate(q, gr.values) {
		return gr.values[mover]
	}
	return 0.5
}

// Choose rates every move and picks among the best.
func (gr *Greedy[P, M]) Choose(_ context.Context, p *P) (M, Info) {
	start := time.Now()
	g := gr.g
	var zero M
	if gr.chance != nil && gr.chance.IsChance(p) {
		return zero, Info{Err: ErrChance}
	}
	gr.moves = g.LegalMoves(p, gr.moves[:0])
	info := Info{Legal: len(gr.moves)}
	if err := failure(g); err != nil {
		return zero, Info{Err: err}
	}
	if len(gr.moves) == 0 {
		return zero, info
	}
	mover := g.ToMove(p)
	bestV := -1.0
	gr.best = gr.best[:0]
	for _, m := range gr.moves {
		q := *p
		g.Apply(&q, m)
		v := gr.rate(&q, mover)
		const eps = 1e-9
		switch {
		case v > bestV+eps:
			bestV = v
			gr.best = append(gr.best[:0], m)
		case v >= bestV-eps:
			gr.best = append(gr.best, m)
		}
	}
	if bestV == 2 {
		info.Proof, bestV = Win, 1
	}
	info.Value, info.HasValue = bestV, gr.eval != nil || info.Proof == Win
	info.Elapsed = time.Since(start)
	if err := failure(g); err != nil {
		return zero, Info{Err: err}
	}
	return gr.best[gr.rng.IntN(len(gr.best))], info
}

// MCTSPlayer plays with a Monte Carlo tree search, keeping the tree from move
// to move.
type MCTSPlayer[P any, M comparable] struct {
	// Engine is the search, exposed for its Config, Reset and Advance.
	Engine *MCTS[P, M]
	last   Result[M]
}

// NewMCTSPlayer makes an MCTS player with the given configuration.
func NewMCTSPlayer[P any, M comparable](g Game[P, M], cfg Config) *MCTSPlayer[P, M] {
	return &MCTSPlayer[P, M]{Engine: NewMCTS(g, cfg)}
}

// SetProgress installs a progress callback for the searches (see
// MCTS.SetProgress); a CLI uses it for a spinner.
func (mp *MCTSPlayer[P, M]) SetProgress(f func(Progress[M])) { mp.Engine.SetProgress(f) }

// SetHistory passes the game's earlier positions to the search (HistoryUser).
func (mp *MCTSPlayer[P, M]) SetHistory(keys []uint64) { mp.Engine.SetHistory(keys) }

// Last is the full result of the latest Choose (move statistics, PV).
func (mp *MCTSPlayer[P, M]) Last() Result[M] { return mp.last }

// Choose searches p and plays the best move; ctx cancellation means "move now".
func (mp *MCTSPlayer[P, M]) Choose(ctx context.Context, p *P) (M, Info) {
	r := mp.Engine.Search(ctx, p)
	mp.last = r
	if r.Err != nil {
		return r.Move, Info{Err: r.Err}
	}
	info := Info{
		Legal:      r.Legal,
		Iterations: r.Iterations,
		Value:      r.Value,
		HasValue:   r.Legal > 0 && r.Visits > 0 || r.Proof != Unknown,
		Proof:      r.Proof,
		Elapsed:    r.Elapsed,
	}
	if r.Legal > 0 {
		mp.Engine.Advance(r.Move) // keep only the subtree we are going into
	}
	return r.Move, info
}
