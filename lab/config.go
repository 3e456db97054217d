package lab

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// DefaultSpec is the player a run uses when none is given: fast enough for
// 10⁵ games, and far better than random. With the rule file's `evaluate`, a
// search of 100 iterations whose playouts are cut after 10 plies and scored
// by it; without one, 50 iterations of whole playouts (cut playouts would
// score as draws).
func DefaultSpec(g *interpreter.Game) string {
	if g.HasEvaluate() {
		return "mcts:iterations=100,playout=10"
	}
	return "mcts:iterations=50"
}

// DefaultLadder is the ladder of `--ladder default`, weakest first. Every
// level has an iteration budget and one thread, so the ladder is
// reproducible and can be sharded.
const DefaultLadder = "random < greedy < mcts:iterations=100 < mcts:easy < mcts:iterations=1000"

// Players says who plays each seat. With Seats, seat i is played by
// Seats[i] in every game. Otherwise A plays one seat and B every other: seat
// 0 in every game, or, with Swap, seat i mod the number of players in game i
// (as `match` does), so that every seat is played by A equally often.
type Players struct {
	A, B  ai.Spec
	Swap  bool
	Seats []ai.Spec
}

// lineup is the specs of game i, one per seat, and A's seat (-1: the seats
// are fixed).
func (p Players) lineup(i, n int) ([]ai.Spec, int) {
	out := make([]ai.Spec, n)
	if p.Seats != nil {
		copy(out, p.Seats)
		return out, -1
	}
	seatA := 0
	if p.Swap {
		seatA = i % n
	}
	for s := range out {
		out[s] = p.B
	}
	out[seatA] = p.A
	return out, seatA
}

// AgainstB reports whether A and B differ, so that the report says how A
// fared against B.
func (p Players) AgainstB() bool { return p.Seats == nil && p.A.String() != p.B.String() }

// Shard is the part of a run a process plays: the games Index, Index+Count,
// Index+2·Count... Count 0 (or 1) is the whole run.
type Shard struct {
	Index, Count int
}

// Whole reports whether the shard is the whole run.
func (s Shard) Whole() bool { return s.Count <= 1 }

// String is "K/N", or "" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// ParseShard reads "K/N" (0 <= K < N).
func ParseShard(text string) (Shard, error) {
	var s Shard
	k, n, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok {
		return s, fmt.Errorf("shard %q: want K/N, e.g. 0/8 (the first of 8 shards)", text)
	}
	if _, err := fmt.Sscan(k, &s.Index); err != nil {
		return s, fmt.Errorf("shard %q: K is not a number", text)
	}
	if _, err := fmt.Sscan(n, &s.Count); err != nil {
		return s, fmt.Errorf("shard %q: N is not a number", text)
	}
	if s.Count < 1 || s.Count > 1_000_000 {
		return s, fmt.Errorf("shard %q: N must be 1 to 1000000", text)
	}
	if s.Index < 0 || s.Index >= s.Count {
		return s, fmt.Errorf("shard %q: K must be 0 to %d (shards are numbered from 0, as Slurm's array tasks and Kubernetes' completion indexes are)", text, s.Count-1)
	}
	return s, nil
}

// count is how many of n games the shard plays.
func (s Shard) count(n int) int {
	if s.Whole() {
		return n
	}
	if n <= s.Index {
		return 0
	}
	return (n-s.Index-1)/s.Count + 1
}

// game is the number of the shard's j-th game.
func (s Shard) game(j int) int {
	if s.Whole() {
		return j
	}
	return s.Index + j*s.Count
}

// Config is a run: what is played, by whom, how many games, from what seed.
type Config struct {
	Game *interpreter.Game
	// Variant is the game as it was named (a built-in's name or a rule
	// file's path), for the report.
	Variant string
	Players Players
	// Games is the number of self-play games of the whole run (with Until:
	// the most it plays).
	Games int
	Seed  uint64
	// MaxPlies calls a game still going after that many plies a draw, and
	// counts it as a hit of the ply cap (0: no cap).
	MaxPlies int
	Shard    Shard
	// Until, when above 0, stops the run once the 95% interval of the first
	// player's score is at most ±Until wide (it cannot be sharded).
	Until float64
	// Ladder is the skill ladder, weakest first; each level plays
	// LadderGames games against the one below it.
	Ladder      []ai.Spec
	LadderGames int
	// Jobs is how many games are played at once (0: one per CPU).
	Jobs int
}

// jobs is the number of games played at once.
func (c *Config) jobs() int {
	if c.Jobs > 0 {
		return c.Jobs
	}
	return runtime.GOMAXPROCS(0)
}

// Reproducible reports whether a spec plays the same moves given the same
// seed: no time budget and one thread.
func Reproducible(sp ai.Spec) bool {
	return sp.Kind != ai.KindMCTS || sp.Time == 0 && sp.Threads <= 1
}

// specs are every player spec of the run.
func (c *Config) specs() []ai.Spec {
	out := []ai.Spec{c.Players.A, c.Players.B}
	if c.Players.Seats != nil {
		out = append([]ai.Spec(nil), c.Players.Seats...)
	}
	return append(out, c.Ladder...)
}

// Reproducible reports whether every player of the run is reproducible.
func (c *Config) Reproducible() bool {
	for _, sp := range c.specs() {
		if !Reproducible(sp) {
			return false
		}
	}
	return true
}

// ErrConfig marks a run that cannot be played as configured.
var ErrConfig = errors.New("lab")

// Check says what is wrong with the configuration, if anything: a shard
// needs reproducible players (no time budgets, one thread), and a
// sequential stop cannot be sharded.
func (c *Config) Check() error {
	if c.Game == nil {
		return fmt.Errorf("%w: no game", ErrConfig)
	}
	if c.Games < 0 || c.LadderGames < 0 {
		return fmt.Errorf("%w: a negative number of games", ErrConfig)
	}
	if n := len(c.Game.Players); c.Players.Seats != nil && len(c.Players.Seats) != n {
		return fmt.Errorf("%w: %d seat players for %d seats", ErrConfig, len(c.Players.Seats), n)
	}
	if len(c.Ladder) == 1 {
		return fmt.Errorf("%w: a ladder needs at least two levels", ErrConfig)
	}
	if c.Until < 0 || c.Until >= 0.5 {
		return fmt.Errorf("%w: until ±%g: want a half-width above 0 and below 0.5 (e.g. 0.01)", ErrConfig, c.Until)
	}
	if !c.Shard.Whole() {
		if c.Until > 0 {
			return fmt.Errorf("%w: --until decides when to stop from every game played so far, so it cannot be split into shards; give the shards a fixed number of games", ErrConfig)
		}
		for _, sp := range c.specs() {
			if !Reproducible(sp) {
				return fmt.Errorf("%w: player %s is not reproducible (a time budget or more than one thread plays differently on every machine), so shards would not add up to the unsharded run; give it an iteration budget and one thread, e.g. mcts:iterations=1000", ErrConfig, sp)
			}
		}
	}
	return nil
}

// ParseLadder reads a ladder of player specs, weakest first, separated by
// "<", white space or commas ("random < greedy < mcts:easy"); a comma
// followed by KEY=VALUE continues the spec before it, so that
// "random,mcts:iterations=500,threads=1" is two levels. "default" is
// DefaultLadder.
func ParseLadder(text string) ([]ai.Spec, error) {
	if strings.TrimSpace(text) == "default" {
		text = DefaultLadder
	}
	var words []string
	for _, part := range strings.FieldsFunc(text, func(r rune) bool { return r == '<' || r == ' ' || r == '\t' || r == '\n' }) {
		for _, w := range strings.Split(part, ",") {
			if w == "" {
				continue
			}
			if strings.Contains(w, "=") && !strings.Contains(w, ":") && len(words) > 0 {
				words[len(words)-1] += "," + w
				continue
			}
			words = append(words, w)
		}
	}
	var out []ai.Spec
	for _, w := range words {
		sp, err := ai.ParseSpec(w)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("ladder %q: want at least two levels, weakest first (e.g. %q)", text, DefaultLadder)
	}
	return out, nil
}
