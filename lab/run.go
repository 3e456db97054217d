package lab

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stackrules/stackrules/ai"
)

// Status is where a run is, for a progress line.
type Status struct {
	// Stage is "self-play", or the ladder pair being played ("random <
	// greedy").
	Stage string
	// Done and Planned count the games of the stage, in this shard.
	Done, Planned int
	// First is the first player's record so far (self-play).
	First   Record
	Seats   int
	Elapsed time.Duration
}

// Score is the first player's score and interval so far.
func (s Status) Score() (score, lo, hi float64) { return s.First.score(s.Seats) }

// Options are how a run reports as it goes.
type Options struct {
	// Progress, when set, is called after each game is counted (from the
	// goroutine running Run).
	Progress func(Status)
}

// minUntilGames is the fewest games a sequential stop looks at: with
// fewer, the interval's approximation is poor.
const minUntilGames = 30

// Run plays the games of cfg (its shard's) and reports on them. When ctx is
// cancelled (Ctrl-C) it stops and reports on the games finished so far: the
// first ones of the shard's list, in order, so that a rerun knows which;
// the report's Complete is then false. A game a player cannot finish (a
// runtime error in the rule file) stops the run with the error.
func Run(ctx context.Context, cfg Config, opts Options) (*Report, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	start := time.Now()
	g := cfg.Game
	n := len(g.Players)
	t := newTally(n)
	if cfg.Players.AgainstB() {
		t.A = &Record{}
	}
	if len(cfg.Ladder) > 1 {
		t.Ladder = make([]Record, len(cfg.Ladder)-1)
	}
	progress := func(stage string, done, planned int) {
		if opts.Progress != nil {
			opts.Progress(Status{Stage: stage, Done: done, Planned: planned, First: t.First, Seats: n, Elapsed: time.Since(start)})
		}
	}

	planned := cfg.Shard.count(cfg.Games)
	var until *Until
	if cfg.Until > 0 {
		until = &Until{HalfWidth: cfg.Until}
	}
	done, err := playAll(ctx, cfg.jobs(), planned, func(ctx context.Context, j int) (gameResult, error) {
		i := cfg.Shard.game(j)
		specs, seatA := cfg.Players.lineup(i, n)
		seeds, dice := gameSeeds(cfg.Seed, selfPlayStream, i, n)
		res, err := playGame(ctx, g, newPlayers(g, specs, seeds), cfg.MaxPlies, dice)
		res.seatA = seatA
		return res, gameError(err, "game", i)
	}, func(j int, res gameResult) bool {
		t.addGame(res)
		progress("self-play", j+1, planned)
		if until != nil && t.Games >= minUntilGames {
			_, lo, hi := t.First.score(n)
			if (hi-lo)/2 <= until.HalfWidth {
				until.Reached = true
				return true
			}
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	complete := done == planned || until != nil && until.Reached
	if until != nil {
		until.Games = done
	}

	ladderPlanned := cfg.Shard.count(cfg.LadderGames)
	for p := 0; p+1 < len(cfg.Ladder) && ctx.Err() == nil; p++ {
		weak, strong := cfg.Ladder[p], cfg.Ladder[p+1]
		stage := weak.String() + " < " + strong.String()
		progress(stage, 0, ladderPlanned)
		done, err := playAll(ctx, cfg.jobs(), ladderPlanned, func(ctx context.Context, j int) (gameResult, error) {
			i := cfg.Shard.game(j)
			specs, seat := ladderLineup(weak, strong, i, n)
			seeds, dice := gameSeeds(cfg.Seed, ladderStreamOf(p), i, n)
			res, err := playGame(ctx, g, newPlayers(g, specs, seeds), cfg.MaxPlies, dice)
			res.seatA = seat
			return res, gameError(err, "ladder game "+stage, i)
		}, func(j int, res gameResult) bool {
			o := res.outcome
			place := 0
			if o.Ranked() {
				place = int(o.Places[res.seatA])
			}
			t.Ladder[p].add(n, o.Winner, res.seatA, place, o.Points)
			progress(stage, j+1, ladderPlanned)
			return false
		})
		if err != nil {
			return nil, err
		}
		complete = complete && done == ladderPlanned
	}
	if len(cfg.Ladder) > 1 && ctx.Err() != nil {
		complete = false
	}
	elapsed := time.Since(start)
	r := Build(metaOf(&cfg), t)
	r.Planned = planned
	r.Complete = complete
	r.Until = until
	if !cfg.Shard.Whole() {
		r.Shard = &ShardInfo{Index: cfg.Shard.Index, Count: cfg.Shard.Count}
	}
	r.Timing = newTiming(elapsed.Seconds(), t, cfg.jobs())
	r.findings()
	return r, nil
}

// ladderLineup is game i of a ladder pair: the stronger level in seat i mod
// n, the weaker in every other seat.
func ladderLineup(weak, strong ai.Spec, i, n int) ([]ai.Spec, int) {
	out := make([]ai.Spec, n)
	for s := range out {
		out[s] = weak
	}
	out[i%n] = strong
	return out, i % n
}

// gameError says which game (numbered from 0, as shards count them) an
// error is about.
func gameError(err error, what string, i int) error {
	if err == nil || errors.Is(err, errInterrupted) {
		return err
	}
	return fmt.Errorf("%s %d: %w", what, i, err)
}

type played struct {
	j   int
	res gameResult
	err error
}

// playAll plays games 0..count-1 of a list, jobs at a time, and counts them
// in order with add, which may stop the list (a sequential stop). It
// returns how many were counted: all of them, unless add stopped the list
// or ctx was cancelled (then the games before the first unfinished one).
func playAll(ctx context.Context, jobs, count int, play func(context.Context, int) (gameResult, error), add func(int, gameResult) bool) (int, error) {
	if count == 0 {
		return 0, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	results := make(chan played, 2*jobs)
	var wg sync.WaitGroup
	for range min(jobs, count) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				j := int(next.Add(1) - 1)
				if j >= count {
					return
				}
				var p played
				func() {
					defer catchPanic(&p.err)
					p.res, p.err = play(ctx, j)
				}()
				p.j = j
				results <- p
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]played{}
	counted := 0
	stopped := false
	var firstErr error
	for p := range results {
		if stopped {
			continue
		}
		pending[p.j] = p
		for {
			q, ok := pending[counted]
			if !ok {
				break
			}
			delete(pending, counted)
			if q.err != nil {
				stopped = true
				cancel()
				if !errors.Is(q.err, errInterrupted) {
					firstErr = q.err
				}
				break
			}
			counted++
			if add(q.j, q.res) {
				stopped = true
				cancel()
				break
			}
		}
	}
	return counted, firstErr
}
