package lab

import (
	"fmt"
	"maps"
	"slices"
)

// Tally is what a run counted: whole numbers only, so that the tallies of
// shards add up (Add) to the tally of the whole run exactly, in any order.
type Tally struct {
	Games   int   `json:"games"`
	Plies   int64 `json:"plies"`
	PliesSq int64 `json:"plies_sq"`
	// Lengths counts the games of each length in plies.
	Lengths map[int]int `json:"lengths"`
	Capped  int         `json:"capped"`
	Draws   int         `json:"draws"`
	// First is the results of the player who made the first move (the
	// first seat, unless an opening roll decides who starts).
	First Record `json:"first"`
	// FirstBy counts the games each seat moved first in.
	FirstBy []int `json:"first_by"`
	// Seats are the results of each seat, in turn order.
	Seats []Record `json:"seats"`
	// A is A's results against B (when they differ).
	A *Record `json:"a,omitempty"`
	// Endings count the games by the reason they ended.
	Endings map[string]*Ending `json:"endings"`
	// Phases are the legal moves in each third of the games (opening,
	// middle, end); Tenths in each tenth.
	Phases [3]Branching  `json:"phases"`
	Tenths [10]Branching `json:"tenths"`
	// Progress sums the samples at the start, at each tenth of the games
	// and at their end.
	Progress [11]Progress `json:"progress"`
	// Ladder is the stronger level's results in each pair of the ladder.
	Ladder []Record `json:"ladder,omitempty"`
}

// Record is one player's (or seat's) results: wins, draws and losses, and,
// so that any number of players and games for places add up exactly, the
// score in units of 1/(2(n-1)) for n players: a win 2(n-1), a draw n-1, a
// loss 0, place k of a game for places 2(n-k).
type Record struct {
	Games  int   `json:"games"`
	Wins   int   `json:"wins"`
	Draws  int   `json:"draws"`
	Losses int   `json:"losses"`
	Units  int64 `json:"units"`
	// UnitsSq is the sum of the squares of each game's units, for the
	// score's variance.
	UnitsSq int64 `json:"units_sq"`
	// Places counts the places taken (1st first) in a game for places.
	Places []int `json:"places,omitempty"`
	// Points are the points won, in a game whose wins are worth points.
	Points int64 `json:"points"`
}

// Ending counts the games that ended for one reason: won by each seat, or
// drawn.
type Ending struct {
	Why   string `json:"why,omitempty"`
	Games int    `json:"games"`
	Wins  []int  `json:"wins"`
	Draws int    `json:"draws"`
}

// Branching sums the legal moves over the plies of a phase of the games,
// and counts the plies with one legal move (forced).
type Branching struct {
	Plies  int64 `json:"plies"`
	Moves  int64 `json:"moves"`
	Forced int64 `json:"forced"`
}

// Progress sums, per seat, what the samples at one point of the games held:
// evaluate's estimates (in 1/evalUnit, over EvalGames games), pieces in play
// and pieces borne off (over Games games).
type Progress struct {
	Games     int64   `json:"games"`
	EvalGames int64   `json:"eval_games"`
	Eval      []int64 `json:"eval"`
	InPlay    []int64 `json:"in_play"`
	Off       []int64 `json:"off"`
	// Of the games someone won (Decisive, with evaluate): the sum of the
	// winner's estimate, the games with one player ahead by the estimate
	// (Led), and those the player ahead went on to win (LeaderWon).
	Decisive   int64 `json:"decisive"`
	WinnerEval int64 `json:"winner_eval"`
	Led        int64 `json:"led"`
	LeaderWon  int64 `json:"leader_won"`
}

// newTally is an empty tally for n seats.
func newTally(n int) *Tally {
	t := &Tally{Lengths: map[int]int{}, Endings: map[string]*Ending{}, Seats: make([]Record, n), FirstBy: make([]int, n)}
	for k := range t.Progress {
		t.Progress[k] = Progress{Eval: make([]int64, n), InPlay: make([]int64, n), Off: make([]int64, n)}
	}
	return t
}

// add counts one result for a record of a game of n players: winner is the
// winning seat (-1 a draw), seat the record's, place its place in a game for
// places (0: none).
func (r *Record) add(n, winner, seat, place, points int) {
	r.Games++
	var units int64
	switch {
	case place > 0:
		units = int64(2 * (n - place))
		if r.Places == nil {
			r.Places = make([]int, n)
		}
		r.Places[place-1]++
		if place == 1 {
			r.Wins++
		} else {
			r.Losses++
		}
	case winner < 0:
		r.Draws++
		units = int64(n - 1)
	case winner == seat:
		r.Wins++
		units = int64(2 * (n - 1))
		r.Points += int64(points)
	default:
		r.Losses++
	}
	r.Units += units
	r.UnitsSq += units * units
}

// addRecord adds another record's counts to r.
func (r *Record) addRecord(o Record) {
	r.Games += o.Games
	r.Wins += o.Wins
	r.Draws += o.Draws
	r.Losses += o.Losses
	r.Units += o.Units
	r.UnitsSq += o.UnitsSq
	r.Points += o.Points
	if o.Places != nil {
		if r.Places == nil {
			r.Places = make([]int, len(o.Places))
		}
		for i, k := range o.Places {
			r.Places[i] += k
		}
	}
}

// addGame counts one self-play game.
func (t *Tally) addGame(res gameResult) {
	n := len(t.Seats)
	o := res.outcome
	winner := o.Winner
	if !o.Over {
		winner = -1
	}
	place := func(seat int) int {
		if o.Ranked() {
			return int(o.Places[seat])
		}
		return 0
	}
	t.Games++
	t.Plies += int64(res.plies)
	t.PliesSq += int64(res.plies) * int64(res.plies)
	t.Lengths[res.plies]++
	if res.capped {
		t.Capped++
	}
	if winner < 0 {
		t.Draws++
	}
	t.First.add(n, winner, res.first, place(res.first), o.Points)
	t.FirstBy[res.first]++
	for s := range t.Seats {
		t.Seats[s].add(n, winner, s, place(s), o.Points)
	}
	if res.seatA >= 0 && t.A != nil {
		t.A.add(n, winner, res.seatA, place(res.seatA), o.Points)
	}
	e := t.Endings[o.Reason]
	if e == nil {
		e = &Ending{Why: o.Why, Wins: make([]int, n)}
		t.Endings[o.Reason] = e
	}
	e.Games++
	if winner < 0 {
		e.Draws++
	} else {
		e.Wins[winner]++
	}
	for j, k := range res.legal {
		t.Phases[3*j/res.plies].add(k)
		t.Tenths[10*j/res.plies].add(k)
	}
	for k := range t.Progress {
		s := res.samples[(k*res.plies+5)/10]
		p := &t.Progress[k]
		p.Games++
		for i := 0; i < n; i++ {
			p.InPlay[i] += s.inPlay[i]
			p.Off[i] += s.off[i]
		}
		if s.hasEval {
			p.EvalGames++
			for i := 0; i < n; i++ {
				p.Eval[i] += s.eval[i]
			}
			if winner >= 0 {
				p.Decisive++
				p.WinnerEval += s.eval[winner]
				if lead := leader(s.eval); lead >= 0 {
					p.Led++
					if lead == winner {
						p.LeaderWon++
					}
				}
			}
		}
	}
}

// leader is the seat with the highest estimate, -1 when two share it.
func leader(eval []int64) int {
	best, at := int64(-1), -1
	for i, v := range eval {
		switch {
		case v > best:
			best, at = v, i
		case v == best:
			at = -1
		}
	}
	return at
}

func (b *Branching) add(moves int) {
	b.Plies++
	b.Moves += int64(moves)
	if moves == 1 {
		b.Forced++
	}
}

func (b *Branching) addBranching(o Branching) {
	b.Plies += o.Plies
	b.Moves += o.Moves
	b.Forced += o.Forced
}

// Add adds another tally (of the same game and players) to t.
func (t *Tally) Add(o *Tally) error {
	if len(o.Seats) != len(t.Seats) {
		return fmt.Errorf("a tally of %d seats cannot be added to one of %d", len(o.Seats), len(t.Seats))
	}
	if len(o.Ladder) != len(t.Ladder) {
		return fmt.Errorf("a tally of %d ladder pairs cannot be added to one of %d", len(o.Ladder), len(t.Ladder))
	}
	if (o.A == nil) != (t.A == nil) {
		return fmt.Errorf("one tally has A's results against B and the other has not")
	}
	t.Games += o.Games
	t.Plies += o.Plies
	t.PliesSq += o.PliesSq
	for k, v := range o.Lengths {
		t.Lengths[k] += v
	}
	t.Capped += o.Capped
	t.Draws += o.Draws
	t.First.addRecord(o.First)
	for s, k := range o.FirstBy {
		t.FirstBy[s] += k
	}
	for s := range t.Seats {
		t.Seats[s].addRecord(o.Seats[s])
	}
	if o.A != nil {
		t.A.addRecord(*o.A)
	}
	for _, reason := range slices.Sorted(maps.Keys(o.Endings)) {
		oe := o.Endings[reason]
		e := t.Endings[reason]
		if e == nil {
			e = &Ending{Why: oe.Why, Wins: make([]int, len(t.Seats))}
			t.Endings[reason] = e
		}
		e.Games += oe.Games
		e.Draws += oe.Draws
		for s, k := range oe.Wins {
			e.Wins[s] += k
		}
	}
	for k := range t.Phases {
		t.Phases[k].addBranching(o.Phases[k])
	}
	for k := range t.Tenths {
		t.Tenths[k].addBranching(o.Tenths[k])
	}
	for k := range t.Progress {
		p, q := &t.Progress[k], o.Progress[k]
		p.Games += q.Games
		p.EvalGames += q.EvalGames
		p.Decisive += q.Decisive
		p.WinnerEval += q.WinnerEval
		p.Led += q.Led
		p.LeaderWon += q.LeaderWon
		for i := range p.Eval {
			p.Eval[i] += q.Eval[i]
			p.InPlay[i] += q.InPlay[i]
			p.Off[i] += q.Off[i]
		}
	}
	for k := range t.Ladder {
		t.Ladder[k].addRecord(o.Ladder[k])
	}
	return nil
}
