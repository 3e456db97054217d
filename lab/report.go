package lab

import (
	"math"
	"sort"

	"github.com/stackrules/stackrules/ai"
)

// Meta is what a run played: the game, the players, the seed and the cap.
// Shards of one run have the same Meta.
type Meta struct {
	Game      string `json:"game"`
	Variant   string `json:"variant"`
	RulesHash string `json:"rules_hash"`
	// Seats are the players' names, in turn order.
	Seats   []string    `json:"seats"`
	Players PlayersMeta `json:"players"`
	Seed    uint64      `json:"seed"`
	// MaxPlies is the ply cap (0: none).
	MaxPlies int `json:"max_plies"`
	// TotalGames is the number of self-play games of the whole run, every
	// shard's (with a sequential stop: the most it would play).
	TotalGames   int      `json:"total_games"`
	LadderLevels []string `json:"ladder_levels,omitempty"`
	LadderGames  int      `json:"ladder_games,omitempty"`
	// Reproducible: every player plays the same moves from the same seed.
	Reproducible bool `json:"reproducible"`
	HasEvaluate  bool `json:"has_evaluate"`
}

// PlayersMeta is Players as specs: A and B (A rotating through the seats
// with Swap), or a spec per seat.
type PlayersMeta struct {
	A     string   `json:"a,omitempty"`
	B     string   `json:"b,omitempty"`
	Swap  bool     `json:"swap,omitempty"`
	Seats []string `json:"seats,omitempty"`
}

func metaOf(c *Config) Meta {
	g := c.Game
	m := Meta{Game: g.Name, Variant: c.Variant, RulesHash: g.RulesHash, Seed: c.Seed, MaxPlies: c.MaxPlies,
		TotalGames: c.Games, Reproducible: c.Reproducible(), HasEvaluate: g.HasEvaluate()}
	for _, p := range g.Players {
		m.Seats = append(m.Seats, p.Name)
	}
	if c.Players.Seats != nil {
		for _, sp := range c.Players.Seats {
			m.Players.Seats = append(m.Players.Seats, sp.String())
		}
	} else {
		m.Players.A, m.Players.B, m.Players.Swap = c.Players.A.String(), c.Players.B.String(), c.Players.Swap
	}
	if len(c.Ladder) > 1 {
		for _, sp := range c.Ladder {
			m.LadderLevels = append(m.LadderLevels, sp.String())
		}
		m.LadderGames = c.LadderGames
	}
	return m
}

// Report is what `stackrules analyze` prints: the run (Meta), the
// statistics worked out from its Tally, findings in words, and how long it
// took (Timing: the only part that differs between runs of the same games,
// and between a run and its merged shards).
type Report struct {
	Meta
	// Shard is the part of the run this report covers (nil: all of it).
	Shard *ShardInfo `json:"shard,omitempty"`
	// Planned is the number of self-play games this report was to cover;
	// Games the number played.
	Planned  int  `json:"planned"`
	Games    int  `json:"games"`
	Complete bool `json:"complete"`
	// Until is the sequential stop, when asked for.
	Until     *Until  `json:"until,omitempty"`
	PliesMean float64 `json:"plies_mean"`
	// FairScore is the score every seat would have if none had an edge:
	// ½ with two players or for places, about 1/n with n who win or lose.
	FairScore float64   `json:"fair_score"`
	First     SeatStats `json:"first_player"`
	// FirstBySeat counts the games each seat moved first in.
	FirstBySeat []int       `json:"first_by_seat"`
	BySeat      []SeatStats `json:"by_seat"`
	Draws       Rate        `json:"draws"`
	Endings     []EndStats  `json:"endings"`
	Length      Length      `json:"length"`
	Branching   BranchStats `json:"branching"`
	Progress    []Point     `json:"progress"`
	// AgainstB is A's results against B, when they differ.
	AgainstB *SeatStats  `json:"a_against_b,omitempty"`
	Ladder   *LadderInfo `json:"ladder,omitempty"`
	Findings []string    `json:"findings"`
	Tally    *Tally      `json:"tally"`
	Timing   Timing      `json:"timing"`
}

// ShardInfo says which shard a report covers.
type ShardInfo struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Until is a sequential stop: the run played until the first player's score
// interval was at most ±HalfWidth (Reached), which took Games games.
type Until struct {
	HalfWidth float64 `json:"half_width"`
	Reached   bool    `json:"reached"`
	Games     int     `json:"games"`
}

// SeatStats are one player's (or seat's) results with their 95% intervals.
type SeatStats struct {
	Player  string  `json:"player,omitempty"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Score   float64 `json:"score"`
	ScoreLo float64 `json:"score_lo"`
	ScoreHi float64 `json:"score_hi"`
	WinRate float64 `json:"win_rate"`
	WinLo   float64 `json:"win_lo"`
	WinHi   float64 `json:"win_hi"`
	// Elo is the rating difference the score implies (A against B).
	Elo    *float64 `json:"elo,omitempty"`
	Places []int    `json:"places,omitempty"`
	Points int64    `json:"points,omitempty"`
}

func seatStats(name string, r Record, n int) SeatStats {
	s := SeatStats{Player: name, Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, Places: r.Places}
	s.Score, s.ScoreLo, s.ScoreHi = r.score(n)
	w := rate(r.Wins, r.Games)
	s.WinRate, s.WinLo, s.WinHi = w.Rate, w.Lo, w.Hi
	if r.Points != int64(r.Wins) {
		s.Points = r.Points
	}
	return s
}

// EndStats is how many games ended for one reason, with the rule file's
// words for it, and who won them.
type EndStats struct {
	Reason string `json:"reason"`
	Why    string `json:"why,omitempty"`
	Rate
	// Wins are the games of this ending won by each seat.
	Wins  []int `json:"wins"`
	Draws int   `json:"draws"`
}

// Length is how long games are, in plies (moves of either player; a roll of
// the dice is not one).
type Length struct {
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Min    int     `json:"min"`
	P10    int     `json:"p10"`
	P25    int     `json:"p25"`
	Median int     `json:"median"`
	P75    int     `json:"p75"`
	P90    int     `json:"p90"`
	Max    int     `json:"max"`
	// Cap is the ply cap; CapHits the games that reached it.
	Cap       int   `json:"cap"`
	CapHits   Rate  `json:"cap_hits"`
	Histogram []Bin `json:"histogram"`
}

// Bin is a bar of the length histogram: the games From to To plies long.
type Bin struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Games int `json:"games"`
}

// BranchStats is how many legal moves a player has to choose from, over
// the whole game and by phase.
type BranchStats struct {
	Mean float64 `json:"mean"`
	// Forced is the share of plies with one legal move.
	Forced float64       `json:"forced"`
	Phases []PhaseBranch `json:"phases"`
	Tenths []PhaseBranch `json:"tenths"`
}

// PhaseBranch is the branching in a part of the games: From to To of each
// game's length (0.0 to 0.333 is the opening third).
type PhaseBranch struct {
	Phase  string  `json:"phase,omitempty"`
	From   float64 `json:"from"`
	To     float64 `json:"to"`
	Plies  int64   `json:"plies"`
	Mean   float64 `json:"mean"`
	Forced float64 `json:"forced"`
}

// Point is the state of the games at a point of their length (At: 0 the
// start, 1 the end), per seat: evaluate's estimate of each seat's chances
// (when the rule file has one), pieces in play, pieces borne off.
type Point struct {
	At     float64   `json:"at"`
	Eval   []float64 `json:"evaluate,omitempty"`
	InPlay []float64 `json:"in_play"`
	Off    []float64 `json:"borne_off"`
	// WinnerEval is the eventual winner's estimate, over the games someone
	// won; LeaderWins how often the player ahead by evaluate here went on
	// to win (a game that is decided early has little drama left).
	WinnerEval *float64 `json:"winner_evaluate,omitempty"`
	LeaderWins *Rate    `json:"leader_wins,omitempty"`
}

// LadderInfo is the skill ladder: each level against the one below it.
type LadderInfo struct {
	GamesPerPair int         `json:"games_per_pair"`
	Pairs        []LadderRow `json:"pairs"`
	// Verdict: "holds" (every level beats the one below), "holds in part",
	// "does not hold" (no level does), "reversed" somewhere.
	Verdict string `json:"verdict"`
}

// LadderRow is the stronger level's results against the weaker.
type LadderRow struct {
	Weaker   string `json:"weaker"`
	Stronger string `json:"stronger"`
	SeatStats
	// Fair is the stronger level's score if it were no stronger (½ with
	// two players).
	Fair float64 `json:"fair"`
	// Verdict: "holds" (the interval is above Fair), "reversed" (below),
	// "not shown" (it holds Fair).
	Verdict string `json:"verdict"`
}

// Timing is how long the run took.
type Timing struct {
	Seconds        float64 `json:"seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
	PliesPerSecond float64 `json:"plies_per_second"`
	Jobs           int     `json:"jobs"`
	// Shards is the number of shards merged (0: one run).
	Shards int `json:"shards,omitempty"`
}

func newTiming(seconds float64, t *Tally, jobs int) Timing {
	tm := Timing{Seconds: seconds, Jobs: jobs}
	if seconds > 0 {
		tm.GamesPerSecond = float64(t.Games) / seconds
		tm.PliesPerSecond = float64(t.Plies) / seconds
	}
	return tm
}

// phaseNames name the thirds of a game.
var phaseNames = [3]string{"opening", "middle", "end"}

// Build works out the statistics of a tally. Planned, Complete, Until,
// Shard, Timing and the findings are the caller's.
func Build(meta Meta, t *Tally) *Report {
	n := len(meta.Seats)
	r := &Report{Meta: meta, Games: t.Games, Tally: t}
	if t.Games > 0 {
		r.PliesMean = float64(t.Plies) / float64(t.Games)
	}
	r.First = seatStats("", t.First, n)
	r.FairScore = t.First.fair(n)
	r.FirstBySeat = make([]int, n)
	for s := range t.Seats {
		r.BySeat = append(r.BySeat, seatStats(meta.Seats[s], t.Seats[s], n))
	}
	if t.FirstBy != nil {
		copy(r.FirstBySeat, t.FirstBy)
		only := -1
		for s, k := range t.FirstBy {
			if k == t.Games {
				only = s
			}
		}
		if only >= 0 && t.Games > 0 {
			r.First.Player = meta.Seats[only]
		}
	}
	r.Draws = rate(t.Draws, t.Games)
	r.Endings = endStats(t)
	r.Length = lengthOf(t, meta.MaxPlies)
	r.Branching = branchStats(t)
	r.Progress = progressOf(t, n)
	if t.A != nil {
		a := seatStats(meta.Players.A, *t.A, n)
		elo := ai.EloFromScore(a.Score)
		a.Elo = &elo
		r.AgainstB = &a
	}
	if len(meta.LadderLevels) > 1 {
		r.Ladder = ladderOf(meta, t, n)
	}
	return r
}

func endStats(t *Tally) []EndStats {
	var out []EndStats
	for reason, e := range t.Endings {
		out = append(out, EndStats{Reason: reason, Why: e.Why, Rate: rate(e.Games, t.Games), Wins: e.Wins, Draws: e.Draws})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Reason < out[j].Reason
	})
	return out
}

func lengthOf(t *Tally, maxPlies int) Length {
	l := Length{Cap: maxPlies, CapHits: rate(t.Capped, t.Games)}
	if t.Games == 0 {
		return l
	}
	g := float64(t.Games)
	l.Mean = float64(t.Plies) / g
	l.SD = math.Sqrt(max(0, float64(t.PliesSq)/g-l.Mean*l.Mean))
	l.Min, l.Max = quantile(t.Lengths, t.Games, 0), quantile(t.Lengths, t.Games, 1)
	l.P10, l.P25, l.Median = quantile(t.Lengths, t.Games, 0.1), quantile(t.Lengths, t.Games, 0.25), quantile(t.Lengths, t.Games, 0.5)
	l.P75, l.P90 = quantile(t.Lengths, t.Games, 0.75), quantile(t.Lengths, t.Games, 0.9)
	w := binWidth(l.Max - l.Min + 1)
	from := l.Min / w * w
	for lo := from; lo <= l.Max; lo += w {
		b := Bin{From: lo, To: lo + w - 1}
		for k, v := range t.Lengths {
			if k >= b.From && k <= b.To {
				b.Games += v
			}
		}
		l.Histogram = append(l.Histogram, b)
	}
	return l
}

// binWidth is a round width (1, 2 or 5 times a power of ten) that cuts a
// span of plies into at most 30 bars.
func binWidth(span int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if w := m * p; (span+w-1)/w <= 30 {
				return w
			}
		}
	}
}

func branchStats(t *Tally) BranchStats {
	var b BranchStats
	var all Branching
	for k, p := range t.Phases {
		all.addBranching(p)
		b.Phases = append(b.Phases, phaseBranch(phaseNames[k], float64(k)/3, float64(k+1)/3, p))
	}
	for k, p := range t.Tenths {
		b.Tenths = append(b.Tenths, phaseBranch("", float64(k)/10, float64(k+1)/10, p))
	}
	whole := phaseBranch("", 0, 1, all)
	b.Mean, b.Forced = whole.Mean, whole.Forced
	return b
}

func phaseBranch(name string, from, to float64, p Branching) PhaseBranch {
	pb := PhaseBranch{Phase: name, From: from, To: to, Plies: p.Plies}
	if p.Plies > 0 {
		pb.Mean = float64(p.Moves) / float64(p.Plies)
		pb.Forced = float64(p.Forced) / float64(p.Plies)
	}
	return pb
}

func progressOf(t *Tally, n int) []Point {
	var out []Point
	for k, p := range t.Progress {
		if p.Games == 0 {
			continue
		}
		pt := Point{At: float64(k) / 10, InPlay: make([]float64, n), Off: make([]float64, n)}
		g := float64(p.Games)
		for i := 0; i < n; i++ {
			pt.InPlay[i] = float64(p.InPlay[i]) / g
			pt.Off[i] = float64(p.Off[i]) / g
		}
		if p.EvalGames > 0 {
			pt.Eval = make([]float64, n)
			for i := 0; i < n; i++ {
				pt.Eval[i] = float64(p.Eval[i]) / evalUnit / float64(p.EvalGames)
			}
			if p.Decisive > 0 {
				we := float64(p.WinnerEval) / evalUnit / float64(p.Decisive)
				pt.WinnerEval = &we
			}
			if p.Led > 0 {
				lw := rate(int(p.LeaderWon), int(p.Led))
				pt.LeaderWins = &lw
			}
		}
		out = append(out, pt)
	}
	return out
}

func ladderOf(meta Meta, t *Tally, n int) *LadderInfo {
	li := &LadderInfo{GamesPerPair: meta.LadderGames}
	holds, reversed := 0, 0
	for p, rec := range t.Ladder {
		row := LadderRow{Weaker: meta.LadderLevels[p], Stronger: meta.LadderLevels[p+1], SeatStats: seatStats("", rec, n), Fair: rec.fair(n)}
		switch {
		case rec.Games > 0 && row.ScoreLo > row.Fair:
			row.Verdict = "holds"
			holds++
		case rec.Games > 0 && row.ScoreHi < row.Fair:
			row.Verdict = "reversed"
			reversed++
		default:
			row.Verdict = "not shown"
		}
		li.Pairs = append(li.Pairs, row)
	}
	switch {
	case reversed > 0:
		li.Verdict = "reversed"
	case holds == len(li.Pairs):
		li.Verdict = "holds"
	case holds > 0:
		li.Verdict = "holds in part"
	default:
		li.Verdict = "does not hold"
	}
	return li
}
