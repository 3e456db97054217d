package dice

import (
	"fmt"

	"github.com/stackrules/stackrules/board"
)

// Config is the rule file's `dice:` section and the tracks' options.
type Config struct {
	Count   int  // dice rolled at once: 1 or 2
	Sides   int  // numbered 1..Sides
	Doubles int  // a double is played this many times (2: as two dice)
	Opening bool // `opening:`: each player rolls one die, the higher starts
	// Reroll (`opening: reroll`): the starter then rolls both dice anew
	// (the Greek games), rather than playing the two opening dice.
	Reroll bool
	// CountRolls: Position.Rolls is kept (some condition reads turn_rolls).
	CountRolls bool
	Most       bool // as many dice as can be played must be played
	Larger     bool // when only one die of two can be played, the larger if it can
	// Exact: under Most, a play that takes a piece off its track's end with
	// one die exactly may leave the rest of the roll unplayed (Ludo's exact
	// finish), when nothing can play it after.
	Exact bool
	// HitsAtEnd: hits are settled when the play ends, on the squares where
	// a piece moved this play ended (Ludo), not as each die lands.
	HitsAtEnd bool
	Bounce    bool   // a count past the track's end walks back from it
	FromStart bool   // the notation numbers steps from the start square (0) up, not the points to go
	Start     string // how the notation writes a track's first square
}

// Test is a compiled condition of a dice move rule: the interpreter's own
// closure, run on its context H (Ctx.Host), where the engine has put the
// move it asks about (SetSync).
type Test[H any] func(host H) bool

// Rule is a rule of `dice_moves:`: move one piece along its track by a die
// (or a fixed count), when its conditions hold, hitting what Hit says.
type Rule[H any] struct {
	Name  string
	Count int  // 0: the die's number
	Sum   bool // `steps: sum`: the whole roll's total, as one count
	Once  bool // a piece this rule moves is not moved again in the play
	Again bool // after a play that used this rule, the same player rolls again
	// AgainIf: the same, where it holds of the die move (nil: as Again says).
	AgainIf Test[H]
	// Pos: the terms of the whole position and the die, tested once per
	// die tried; Rest: the others, once per piece; Hit: nil never hits.
	// Nil is true.
	Pos, Rest, Hit Test[H]
	// Spec is Rest's terms specialised per die (see SpecTerm); nil when
	// they are tested as Rest.
	Spec []SpecTerm[H]
	// Bonus is the count of the bonus move a die move by this rule earns
	// (0: none), asked as it is played; nil: none.
	Bonus func(host H) int
	// All: every term, in the rule file's order, for playing a typed play
	// by the rules (PlayByRules); nil is true.
	All Test[H]
}

// SpecTerm is one piece-level term of a rule, specialised per die: its
// facts (parts that depend on the position and the die only, worked out
// once per die tried), and for each combination of their values (bit i:
// fact i holds) the term with them put in.
type SpecTerm[H any] struct {
	Facts []Test[H]
	// Variants[mask] is the test of the term given the facts' values; nil
	// where it is then true whatever the piece.
	Variants []Test[H]
	Never    uint32 // bit mask: the term is then false whatever the piece
}

// MaxSpecRules bounds the rules of a game whose terms are specialised (the
// generator keeps their tests in an array per die tried).
const MaxSpecRules = 8

// MaxSpecTerms bounds the piece-level terms of a rule that is specialised.
const MaxSpecTerms = 8

// MaxRules is the most dice move rules a game has.
const MaxRules = 32

// Engine is a game's dice: its configuration, tracks and rules, and the
// move generator over them.
type Engine[H any] struct {
	Config
	b       *board.Board
	players int
	tracks  [board.MaxPlayers][]board.Square // each player's path, first square to last
	stepOf  [board.MaxPlayers][]int16        // square -> its step on the player's track, -1 off it
	rules   []*Rule[H]
	tab     *stepTable // nil unless the rules' conditions allow one (table.go)
	once    bool       // some rule has once: true
	hasSum  bool       // some rule has steps: sum
	again   bool       // some rule has again: true
	bonus   bool       // some rule earns a bonus move
	// passAgain: a player who cannot play the roll rolls again where it
	// holds; penalty: a roll where it holds is not played, and the mover's
	// piece farthest along its track goes back to its first square.
	passAgain, penalty Test[H]
	// bottoms: a double where it holds is played by its tops and bottoms.
	bottoms Test[H]
	// sync puts the move asked about in the host's context, for the Tests:
	// once per die and per piece tried, not per test (SetSync).
	sync func(host H, pos *board.Position, from board.Square, src board.Stack, to board.Square, dst board.Stack)
	// commuting: two dice played by different pieces lead to the same
	// position in either order, so the search need not play the second die
	// first where another piece then takes the first (see BuildTable).
	commuting bool
}

// New makes the dice of a game of players on b; tracks and rules are added
// after.
func New[H any](b *board.Board, players int, cfg Config) *Engine[H] {
	if cfg.Start == "" {
		cfg.Start = "start"
	}
	e := &Engine[H]{Config: cfg, b: b, players: players, sync: func(H, *board.Position, board.Square, board.Stack, board.Square, board.Stack) {}}
	for pi := 0; pi < players; pi++ {
		e.stepOf[pi] = make([]int16, b.NumSquares())
		for i := range e.stepOf[pi] {
			e.stepOf[pi][i] = -1
		}
	}
	return e
}

// SetSync says how the move the engine asks about (the position, the
// square and stack moved from and to) reaches the host's context, where
// the Tests read it: the engine calls it before testing.
func (e *Engine[H]) SetSync(sync func(host H, pos *board.Position, from board.Square, src board.Stack, to board.Square, dst board.Stack)) {
	e.sync = sync
}

// AddTrackSquare appends sq to player's track; it reports false when sq
// is on the track already.
func (e *Engine[H]) AddTrackSquare(player int, sq board.Square) bool {
	if e.stepOf[player][sq] >= 0 {
		return false
	}
	e.stepOf[player][sq] = int16(len(e.tracks[player]))
	e.tracks[player] = append(e.tracks[player], sq)
	return true
}

// AddRule appends a dice move rule (tried in the order added).
func (e *Engine[H]) AddRule(r *Rule[H]) {
	e.rules = append(e.rules, r)
	e.once = e.once || r.Once
	e.again = e.again || r.Again || r.AgainIf != nil
	e.hasSum = e.hasSum || r.Sum
	e.bonus = e.bonus || r.Bonus != nil
}

// SetTurnRules sets the conditions asked of a rolled position: passAgain,
// whether a player who cannot play it rolls again, and penalty, whether it
// is not played and the mover's piece farthest along its track goes back
// to the track's first square (nil: never).
func (e *Engine[H]) SetTurnRules(passAgain, penalty Test[H]) {
	e.passAgain, e.penalty = passAgain, penalty
}

// SetBottoms sets the condition under which a double is played by its tops
// and bottoms: Doubles dice of its number and as many of the number on the
// opposite faces, sides + 1 - n (nil: never).
func (e *Engine[H]) SetBottoms(bottoms Test[H]) { e.bottoms = bottoms }

// Dice is the configuration.
func (e *Engine[H]) Dice() *Config { return &e.Config }

// Rule is the i-th rule.
func (e *Engine[H]) Rule(i int) *Rule[H] { return e.rules[i] }

// Track is player's track, first square to last: step i is Track(player)[i].
func (e *Engine[H]) Track(player int) []board.Square { return e.tracks[player] }

// StepOf is the step of sq on player's track, -1 off it.
func (e *Engine[H]) StepOf(player int, sq board.Square) int { return int(e.stepOf[player][sq]) }

// Finish is the step past the last square of player's track: off.
func (e *Engine[H]) Finish(player int) int { return len(e.tracks[player]) }

// Rearmost is the lowest step of player's track holding one of player's
// pieces at p, Finish when none is on the track.
func (e *Engine[H]) Rearmost(p *board.Position, player int) int { return e.rearmostFrom(p, player, 0) }

// rearmostFrom is Rearmost where no step before from holds player's pieces.
func (e *Engine[H]) rearmostFrom(p *board.Position, player int, from int) int {
	b := e.b
	track := e.tracks[player]
	for i := from; i < len(track); i++ {
		if s := p.Cells[track[i]]; s != 0 && (b.TopOwner(s) == player || s.Height() > 1 && ownPieces(b, s, player) > 0) {
			return i
		}
	}
	return len(track)
}

// Pips is the number of steps player's pieces on its track still have to
// go to be off its end (the pip count, in backgammon).
func (e *Engine[H]) Pips(p *board.Position, player int) int {
	b := e.b
	n := len(e.tracks[player])
	total := 0
	for i, sq := range e.tracks[player] {
		s := p.Cells[sq]
		if s == 0 {
			continue
		}
		var counts [board.MaxPlayers]int16
		b.Count(s, &counts)
		total += int(counts[player]) * (n - i)
	}
	return total
}

// TrackPoint is how the notation writes step s of a track of finish steps:
// the number of steps left to go (GNU Backgammon's point numbers, from the
// mover's side), the start place's name for step 0, `off` past the end.
func (e *Engine[H]) TrackPoint(finish, s int) string {
	switch {
	case s == 0:
		return e.Start
	case s >= finish:
		return "off"
	case e.FromStart:
		return fmt.Sprint(s - 1)
	}
	return fmt.Sprint(finish - s)
}

// ParseTrackPoint reads a point as TrackPoint writes it.
func (e *Engine[H]) ParseTrackPoint(finish int, t string) (int, bool) {
	switch t {
	case e.Start:
		return 0, true
	case "off":
		return finish, true
	}
	n := 0
	if t == "" || len(t) > 3 {
		return 0, false
	}
	for _, ch := range t {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		n = n*10 + int(ch-'0')
	}
	if e.FromStart {
		if n > finish-2 {
			return 0, false
		}
		return n + 1, true
	}
	if n < 1 || n >= finish {
		return 0, false
	}
	return finish - n, true
}

// PlayExamples writes three die moves in this game's numbering, for
// messages: 24/18, bar/22 or 6/off in backgammon; 10/14, base/0 or 53/off
// in Ludo.
func (e *Engine[H]) PlayExamples(finish int) string {
	name := func(s int) string { return e.TrackPoint(finish, s) }
	mid := min(finish-1, max(1, finish/2))
	return fmt.Sprintf("%s/%s, %s/%s or %s/off", name(mid), name(min(mid+4, finish-1)), e.Start, name(1), name(finish-1))
}

// ownPieces counts player's pieces in stack s.
func ownPieces(b *board.Board, s board.Stack, player int) int {
	var counts [board.MaxPlayers]int16
	b.Count(s, &counts)
	return int(counts[player])
}

// OwnPieces counts player's pieces in stack s.
func OwnPieces(b *board.Board, s board.Stack, player int) int { return ownPieces(b, s, player) }

// hasOpposing reports whether stack s holds a piece of a player other than me.
func hasOpposing(b *board.Board, s board.Stack, me int) bool {
	var counts [board.MaxPlayers]int16
	b.Count(s, &counts)
	for p, n := range counts {
		if p != me && n > 0 {
			return true
		}
	}
	return false
}

// HasOpposing reports whether stack s holds a piece of a player other than me.
func HasOpposing(b *board.Board, s board.Stack, me int) bool { return hasOpposing(b, s, me) }
