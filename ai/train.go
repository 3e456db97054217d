package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"
)

// Training a value network by self-play, TD(λ) as TD-Gammon did: the net
// plays both (all) sides, choosing at each turn the move after which it
// rates its own return highest, and after each game every position the game
// went through (rolls included) moves towards its λ-return: the mix of the
// net's values of the positions after it, weighted by λ per step, ending in
// the game's real returns. Nothing about the game is known beyond the Game
// interface and its Encoder.
//
// Games are played in rounds, one per thread, each with the weights as they
// were at the start of the round, and learned in the order of their
// numbers; game k's dice and exploration come from the seed and k alone.
// So a run with a given seed and thread count is reproducible, and a run
// resumed from a checkpoint continues as if it had never stopped.

// Training defaults (see TrainConfig).
const (
	DefaultTrainRate    = 0.05
	DefaultAnnealAfter  = 20000 // games; then the rate is a fifth
	DefaultLambda       = 0.7
	DefaultHidden       = 40
	DefaultTrainPlies   = 2000
	DefaultCheckEvery   = 1000
	DefaultCheckGames   = 40
	DefaultTrainExplore = 0.1 // in games without chance; with chance the dice explore
)

// TrainConfig sets up Train. Zero fields take the defaults.
type TrainConfig struct {
	// Games: stop once the net has learned from this many games in all,
	// counting those before a resume (0: no limit).
	Games int64
	// Time: stop after this long (0: no limit). With neither, Train runs
	// until ctx is done.
	Time    time.Duration
	Threads int
	Seed    uint64
	// Rate is the step size of the gradient steps (0: DefaultTrainRate),
	// for the first AnnealAfter games the net learns (0:
	// DefaultAnnealAfter; negative: never), a fifth of it after. Backgammon,
	// judged by GNU Backgammon: a net trained 100,000 games at 0.05 lost 113
	// millipoints a decision, and 61 after 15,000 more at 0.01 (docs/ai.md).
	Rate        float64
	AnnealAfter int64
	// Lambda weighs the later positions' values in a target, in [0,1]
	// (0: DefaultLambda; negative: 0, one-step TD).
	Lambda float64
	// Explore is the chance of a uniformly random move in self-play (0:
	// DefaultTrainExplore in a game without chance, none with it; negative:
	// none).
	Explore float64
	// RandomStart, where > 0, begins each self-play game with k uniformly
	// random moves, k drawn from 0..RandomStart (game k's seed), which are
	// not learned from: exploring starts, so the net also learns positions
	// its own play never reaches (those of weaker players, or set up for
	// analysis). Backgammon judged by GNU Backgammon on positions from
	// random games: see docs/ai.md.
	RandomStart int
	// MaxPlies ends a self-play game still running after so many moves as a
	// draw (0: DefaultTrainPlies).
	MaxPlies int
	// CheckEvery is the number of games between checkpoints (0:
	// DefaultCheckEvery). At each the net plays CheckGames games against the
	// previous checkpoint's net and as many against a random player.
	CheckEvery int64
	CheckGames int // 0: DefaultCheckGames; negative: no matches
	// OnCheckpoint is called at each checkpoint and at the end, with the net
	// and the figures so far (e.g. to save it).
	OnCheckpoint func(net *Net, p TrainProgress) error
	// Progress is called about every ProgressEvery (0: a second).
	Progress      func(TrainProgress)
	ProgressEvery time.Duration
}

// TrainProgress is what a progress line shows.
type TrainProgress struct {
	Games       int64 // learned in all, with those before a resume
	NewGames    int64 // learned in this run
	Elapsed     time.Duration
	GamesPerSec float64 // of this run
	// VsPrevious and VsRandom are the net's score (wins plus half the
	// draws, over the games) at the last checkpoint against the previous
	// checkpoint's net and against a random player; -1 before any.
	VsPrevious, VsRandom float64
	Checkpoints          int
	Done                 bool // the final report
}

func (p TrainProgress) String() string {
	s := fmt.Sprintf("%d games, %.1f games/s", p.Games, p.GamesPerSec)
	score := func(x float64) string {
		if x < 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f%%", 100*x)
	}
	return s + fmt.Sprintf(", vs previous %s, vs random %s", score(p.VsPrevious), score(p.VsRandom))
}

func (c TrainConfig) normalized(chance bool) TrainConfig {
	c.Threads = min(max(c.Threads, 1), MaxThreads)
	if c.Rate <= 0 {
		c.Rate = DefaultTrainRate
	}
	if c.AnnealAfter == 0 {
		c.AnnealAfter = DefaultAnnealAfter
	}
	if c.Lambda == 0 {
		c.Lambda = DefaultLambda
	}
	c.Lambda = min(max(c.Lambda, 0), 1)
	if c.Explore == 0 && !chance {
		c.Explore = DefaultTrainExplore
	}
	c.Explore = max(c.Explore, 0)
	if c.MaxPlies <= 0 {
		c.MaxPlies = DefaultTrainPlies
	}
	if c.CheckEvery <= 0 {
		c.CheckEvery = DefaultCheckEvery
	}
	if c.CheckGames == 0 {
		c.CheckGames = DefaultCheckGames
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = time.Second
	}
	return c
}

// trajectory is one self-play game: the features of every position it went
// through before the end, and the returns.
type trajectory struct {
	xs      []float32 // len(positions) × In
	persp   []int8    // each position's Perspective
	returns []float32 // in turn order
}

// selfPlayer plays by the net at one ply without looking at the rolls: the
// position after each move (before the next roll) is rated directly. It
// is the trainer's player, and a Player for checkpoint matches.
type selfPlayer[P any, M comparable] struct {
	g       Game[P, M]
	e       *NetEval[P]
	rng     *rand.Rand
	explore float64
	policy  PlayoutPolicy[P, M] // exploring moves favour its moves, as playouts do
	moves   []M
	pref    []M
	values  []float64
}

func newSelfPlayer[P any, M comparable](g Game[P, M], net *Net, seed uint64, explore float64) (*selfPlayer[P, M], error) {
	enc, _ := g.(Encoder[P])
	e, err := NewNetEval(net, enc, g.Players())
	if err != nil {
		return nil, err
	}
	policy, _ := g.(PlayoutPolicy[P, M])
	return &selfPlayer[P, M]{g: g, e: e, rng: newRand(seed), explore: explore, policy: policy, values: make([]float64, g.Players())}, nil
}

// choose picks among moves (non-empty) at p.
func (sp *selfPlayer[P, M]) choose(p *P, moves []M) M {
	if len(moves) == 1 {
		return moves[0]
	}
	if sp.explore > 0 && sp.rng.Float64() < sp.explore {
		// an exploring move is drawn as a playout draws it: among the moves
		// the game's playout policy prefers, most of the time, so that
		// exploring makes the progress playouts make (in a game whose
		// uniformly random moves wander, such as Stackers, self-play
		// otherwise ends in draws that teach nothing)
		if sp.policy != nil && sp.rng.Float64() < DefaultPreferProb {
			sp.pref = sp.pref[:0]
			for _, m := range moves {
				if sp.policy.Prefer(p, m) {
					sp.pref = append(sp.pref, m)
				}
			}
			if len(sp.pref) > 0 {
				return sp.pref[sp.rng.IntN(len(sp.pref))]
			}
		}
		return moves[sp.rng.IntN(len(moves))]
	}
	mover := sp.g.ToMove(p)
	best, bestV := moves[0], -1.0
	for _, m := range moves {
		q := *p
		sp.g.Apply(&q, m)
		if !sp.g.Result(&q, sp.values) {
			sp.e.Evaluate(&q, sp.values)
		}
		if v := sp.values[mover]; v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// Choose is Player.Choose (checkpoint matches).
func (sp *selfPlayer[P, M]) Choose(_ context.Context, p *P) (M, Info) {
	var zero M
	if isChance(sp.g, p) {
		return zero, Info{Err: ErrChance}
	}
	sp.moves = sp.g.LegalMoves(p, sp.moves[:0])
	if len(sp.moves) == 0 {
		return zero, Info{}
	}
	return sp.choose(p, sp.moves), Info{Legal: len(sp.moves)}
}

// trainWorker plays self-play games on its own Fork of the game.
type trainWorker[P any, M comparable] struct {
	g       Game[P, M]
	chance  Chance[P]
	rep     Repetition[P]
	player  *selfPlayer[P, M]
	weights []float64
	keys    []uint64
	returns []float64
	traj    trajectory
}

// play plays game index from start and records it in w.traj.
func (w *trainWorker[P, M]) play(start P, seed uint64, index int64, maxPlies, randomStart int) {
	g := w.g
	in := w.player.e.Net.In
	w.player.rng = newRand(mix(seed, uint64(index), 11))
	dice := newRand(mix(seed, uint64(index), 12))
	w.traj.xs = w.traj.xs[:0]
	w.traj.persp = w.traj.persp[:0]
	w.keys = w.keys[:0]
	enc := w.player.e.enc
	record := func(p *P) {
		n := len(w.traj.xs)
		w.traj.xs = slices.Grow(w.traj.xs, in)[:n+in]
		enc.Encode(p, w.traj.xs[n:n+in])
		w.traj.persp = append(w.traj.persp, int8(enc.Perspective(p)))
	}
	pos := start
	over := false
	prefix := 0 // random moves still to play before the game is learned from
	if randomStart > 0 {
		prefix = newRand(mix(seed, uint64(index), 14)).IntN(randomStart + 1)
	}
	for ply, rolls := 0, 0; ply < maxPlies && rolls < 1000; {
		if w.chance != nil && w.chance.IsChance(&pos) {
			if prefix == 0 {
				record(&pos)
			}
			w.weights = w.chance.Outcomes(&pos, w.weights[:0])
			k := sampleOutcome(w.weights, dice.Float64())
			if k < 0 {
				break
			}
			w.chance.Resolve(&pos, k)
			rolls++
			continue
		}
		rolls = 0
		if w.rep != nil && w.rep.RepetitionLimit() > 0 {
			if repeats(w.rep, &pos, w.keys) >= w.rep.RepetitionLimit() {
				fill(w.returns, 0.5)
				over = true
				break
			}
			w.keys = append(w.keys, w.rep.RepetitionKey(&pos))
		}
		w.player.moves = g.LegalMoves(&pos, w.player.moves[:0])
		if len(w.player.moves) == 0 {
			if !g.Result(&pos, w.returns) {
				fill(w.returns, 0.5)
			}
			over = true
			break
		}
		if prefix > 0 {
			prefix--
			g.Apply(&pos, w.player.moves[w.player.rng.IntN(len(w.player.moves))])
			ply++
			continue
		}
		record(&pos)
		g.Apply(&pos, w.player.choose(&pos, w.player.moves))
		ply++
	}
	if !over {
		fill(w.returns, 0.5) // cut short: a draw
	}
	w.traj.returns = w.traj.returns[:0]
	for _, r := range w.returns {
		w.traj.returns = append(w.traj.returns, float32(r))
	}
}

// learner applies trajectories to the net.
type learner struct {
	net              *Net
	rate, lambda     float32
	h, out, dh, next []float32
	target           []float32
	targets          []float32 // per position, in turn order
	own              []float32 // a position's target from its own perspective
}

func newLearner(net *Net, cfg TrainConfig) *learner {
	return &learner{net: net, rate: float32(cfg.Rate), lambda: float32(cfg.Lambda),
		h: make([]float32, net.Hidden), dh: make([]float32, net.Hidden),
		out: make([]float32, net.Out), next: make([]float32, net.Out), target: make([]float32, net.Out), own: make([]float32, net.Out)}
}

// learn moves every position of t towards its λ-return, computed with the
// weights as they are before this game's steps.
func (l *learner) learn(t *trajectory) {
	n := l.net
	in, out := n.In, n.Out
	K := n.kinds()
	players := out / K
	steps := len(t.xs) / in
	if steps == 0 {
		return
	}
	if cap(l.targets) < steps*out {
		l.targets = make([]float32, steps*out)
	}
	targets := l.targets[:steps*out]
	// the output k of a position is player (persp + k/K) % players's, kind
	// k%K: where it is in turn order
	at := func(persp, k int) int { return (persp+k/K)%players*K + k%K }
	// G_{T-1} = z; G_t = (1-λ) V(s_{t+1}) + λ G_{t+1}, in turn order (the
	// net's outputs for a position start with its Perspective's player)
	n.outcomeTargets(t.returns, targets[(steps-1)*out:])
	for s := steps - 2; s >= 0; s-- {
		n.Forward(t.xs[(s+1)*in:(s+2)*in], l.h, l.next)
		persp := int(t.persp[s+1])
		for k := 0; k < out; k++ {
			pl := at(persp, k)
			targets[s*out+pl] = (1-l.lambda)*l.next[k] + l.lambda*targets[(s+1)*out+pl]
		}
	}
	for s := 0; s < steps; s++ {
		persp := int(t.persp[s])
		for k := 0; k < out; k++ {
			l.own[k] = targets[s*out+at(persp, k)]
		}
		n.learn(t.xs[s*in:(s+1)*in], l.own, l.rate, l.h, l.out, l.dh)
	}
}

// Train improves net by self-play of g, game k from start(k), until the budget in cfg
// is spent or ctx is done, and returns the final figures. g must be an
// Encoder whose layout the net was made for. After ctx is done the games
// under way are finished and learned, so the net is consistent and
// net.Games exact; OnCheckpoint is called once more at the end.
func Train[P any, M comparable](ctx context.Context, g Game[P, M], start func(game int64) P, net *Net, cfg TrainConfig) (TrainProgress, error) {
	chance := chanceOf(g)
	cfg = cfg.normalized(chance != nil)
	began := time.Now()
	prog := TrainProgress{Games: net.Games, VsPrevious: -1, VsRandom: -1}
	workers := make([]*trainWorker[P, M], cfg.Threads)
	for i := range workers {
		wg := g
		if f, ok := g.(Forker[P, M]); ok && cfg.Threads > 1 {
			wg = f.Fork()
		}
		sp, err := newSelfPlayer(wg, net, 0, cfg.Explore)
		if err != nil {
			return prog, err
		}
		w := &trainWorker[P, M]{g: wg, player: sp, returns: make([]float64, g.Players())}
		w.chance = chanceOf(wg)
		w.rep, _ = wg.(Repetition[P])
		workers[i] = w
	}
	l := newLearner(net, cfg)
	previous := net.Clone()
	lastReport := began
	nextCheck := (net.Games/cfg.CheckEvery + 1) * cfg.CheckEvery
	var deadline time.Time
	if cfg.Time > 0 {
		deadline = began.Add(cfg.Time)
	}
	update := func() {
		prog.Games = net.Games
		prog.Elapsed = time.Since(began)
		if s := prog.Elapsed.Seconds(); s > 0 {
			prog.GamesPerSec = float64(prog.NewGames) / s
		}
	}
	checkpoint := func() error {
		if cfg.CheckGames > 0 {
			vsPrev, err := netScore(ctx, g, start, net, previous, cfg)
			if err != nil {
				return err
			}
			vsRandom, err := netScore(ctx, g, start, net, nil, cfg)
			if err != nil {
				return err
			}
			prog.VsPrevious, prog.VsRandom = vsPrev, vsRandom
		}
		previous = net.Clone()
		prog.Checkpoints++
		update()
		if cfg.OnCheckpoint != nil {
			return cfg.OnCheckpoint(net, prog)
		}
		return nil
	}
	for {
		if ctx.Err() != nil || (cfg.Games > 0 && net.Games >= cfg.Games) || (!deadline.IsZero() && time.Now().After(deadline)) {
			break
		}
		k := len(workers)
		if cfg.Games > 0 {
			k = int(min(int64(k), cfg.Games-net.Games))
		}
		first := net.Games
		if k == 1 {
			workers[0].play(start(first), cfg.Seed, first, cfg.MaxPlies, cfg.RandomStart)
		} else {
			var wg sync.WaitGroup
			for i := 0; i < k; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					workers[i].play(start(first+int64(i)), cfg.Seed, first+int64(i), cfg.MaxPlies, cfg.RandomStart)
				}()
			}
			wg.Wait()
		}
		for i := 0; i < k; i++ {
			l.rate = float32(cfg.Rate)
			if cfg.AnnealAfter > 0 && net.Games >= cfg.AnnealAfter {
				l.rate /= 5
			}
			l.learn(&workers[i].traj)
			net.Games++
			prog.NewGames++
		}
		if err := failure(g); err != nil {
			return prog, err
		}
		if net.Games >= nextCheck {
			nextCheck += cfg.CheckEvery
			if err := checkpoint(); err != nil && !errors.Is(err, context.Canceled) {
				return prog, err
			}
		}
		if cfg.Progress != nil && time.Since(lastReport) >= cfg.ProgressEvery {
			lastReport = time.Now()
			update()
			cfg.Progress(prog)
		}
	}
	update()
	prog.Done = true
	if cfg.OnCheckpoint != nil {
		if err := cfg.OnCheckpoint(net, prog); err != nil {
			return prog, err
		}
	}
	return prog, nil
}

// netScore plays cfg.CheckGames games of net against other (nil: a random
// player), seats alternating, and returns net's score.
func netScore[P any, M comparable](ctx context.Context, g Game[P, M], start func(int64) P, net, other *Net, cfg TrainConfig) (float64, error) {
	m := Match[P, M]{
		Game:     g,
		Start:    func(i int) P { return start(int64(i)) },
		Games:    cfg.CheckGames,
		Seed:     mix(cfg.Seed, uint64(net.Games), 13),
		MaxPlies: cfg.MaxPlies,
	}
	// no exploration, except in a game without chance, where two
	// deterministic players would play the same game over and over
	explore := 0.0
	if chanceOf(g) == nil {
		explore = 0.05
	}
	var ferr error
	mk := func(n *Net) func(seed uint64) Player[P, M] {
		return func(seed uint64) Player[P, M] {
			sp, err := newSelfPlayer(g, n, seed, explore)
			if err != nil {
				ferr = err
				return NewRandom(g, seed)
			}
			return sp
		}
	}
	m.A = mk(net)
	if other != nil {
		m.B = mk(other)
	} else {
		m.B = func(seed uint64) Player[P, M] { return NewRandom(g, seed) }
	}
	rec, err := m.Run(ctx)
	if ferr != nil {
		return 0, ferr
	}
	if err != nil {
		return 0, err
	}
	games := rec.Wins + rec.Draws + rec.Losses
	if games == 0 {
		return -1, nil
	}
	return (float64(rec.Wins) + float64(rec.Draws)/2) / float64(games), nil
}
