package dice

import "github.com/stackrules/stackrules/board"

// Ctx is the part of an evaluation context that dice conditions read
// besides the position: the die being played and the move along the track.
// The interpreter keeps one in each of its contexts (Host is that context)
// and binds it to the game's Engine when the context is made.
type Ctx[H any] struct {
	Host H          // the interpreter's context this one is part of
	E    *Engine[H] // nil in a game without dice
	// The position searched and the mover (the move a Test asks about
	// goes to the host's context, see SetSync).
	Pos    *board.Position
	Me     int
	Die    int // the die being played
	Left   int // the dice left after it
	Step   int // the track step moved from
	ToStep int // the step reached (may be past the end)
	// Double: the roll being played is a double (the search plays it on a
	// position whose roll is cleared).
	Double bool
	rear   rearCache
	w      *work[H] // scratch space of the play search, made on first use
}

// Bind makes d part of host's context in e's game.
func (e *Engine[H]) Bind(d *Ctx[H], host H) { d.E, d.Host = e, host }

// SetRoll says which roll d's moves play (see Double).
func (d *Ctx[H]) SetRoll(p *board.Position) { d.Double = p.Dice[0] == p.Dice[1] && p.Dice[1] != 0 }

// SetMove points d at a move of the mover's piece from step s to step ts
// of its track, by die with left dice after it (for explaining a play, and
// for tests).
func (d *Ctx[H]) SetMove(die, left, s, ts int) {
	d.Die, d.Left, d.Step, d.ToStep = die, left, s, ts
}

// rearCache holds Rearmost(p) of the position at pos with the given hash,
// for the players whose bit is in have: conditions ask it for every piece
// and die, and the move search keeps it up to date as it moves (tryDie).
type rearCache struct {
	hash uint64
	pos  *board.Position
	have uint8
	rear [board.MaxPlayers]int16
}

// rearmost is e.Rearmost(pos, p), cached in d.
func (d *Ctx[H]) rearmost(pos *board.Position, p int) int {
	r := &d.rear
	if r.pos != pos || r.hash != pos.Hash {
		r.pos, r.hash, r.have = pos, pos.Hash, 0
	}
	if r.have&(1<<p) == 0 {
		r.rear[p] = int16(d.E.Rearmost(pos, p))
		r.have |= 1 << p
	}
	return int(r.rear[p])
}

// Level is what a name's value depends on, as the interpreter places terms.
type Level int

const (
	Static   Level = iota // the player and the squares only
	Position              // the whole position and the die
	Source                // the square moved from
	Target                // the square moved to
)

// Name is a name dice conditions (or, Everywhere, all expressions) read.
// Of reads its value at pos for the player me (arg: a function's argument,
// a valid player); in a game without dice (d.E nil) it is 0.
type Name[H any] struct {
	Name       string
	Doc        string
	Level      Level
	Everywhere bool // every kind of expression, not only dice move conditions
	Func       bool // a function of a player: name(p)
	Flag       bool // a truth value (Of is 0 or 1)
	// Field: the name is the field of Ctx it names (Of reads it too), for
	// a host that reads the field directly.
	Field Field
	Of    func(d *Ctx[H], pos *board.Position, me, arg int) int
}

// Field is a field of Ctx that a name reads as it is.
type Field int

const (
	NoField Field = iota
	FieldDie
	FieldLeft
	FieldStep
	FieldToStep
)

// Names are the names of dice games, which the interpreter adds to its
// name table.
func Names[H any]() []Name[H] {
	return []Name[H]{
		{Name: "die", Doc: "the number of the die being played", Level: Position, Field: FieldDie,
			Of: func(d *Ctx[H], _ *board.Position, _, _ int) int { return d.Die }},
		{Name: "extra_roll", Doc: "whether the roll being played is an extra roll, earned by a rule with `again: true`", Level: Position, Flag: true,
			Of: func(_ *Ctx[H], pos *board.Position, _, _ int) int {
				if pos != nil && pos.Extra {
					return 1
				}
				return 0
			}},
		{Name: "double", Doc: "whether the roll being played is a double, two dice showing the same number (`again: double`: doubles roll again)", Level: Position, Flag: true,
			Of: func(d *Ctx[H], pos *board.Position, _, _ int) int {
				double := d.Double
				if pos != nil && pos.Rolled() {
					double = pos.Dice[0] == pos.Dice[1] && pos.Dice[1] != 0
				}
				if double {
					return 1
				}
				return 0
			}},
		{Name: "turn_rolls", Doc: "the rolls the player has made this turn before the one being played: 0 on a turn's first roll, 1 after an extra roll or a pass that rolls again (`dice: pass_again`)", Level: Position,
			Of: func(_ *Ctx[H], pos *board.Position, _, _ int) int {
				if pos == nil {
					return 0
				}
				return int(pos.Rolls)
			}},
		{Name: "dice_left", Doc: "how many dice of the roll are left to play after this one (a double counts as many dice as it is played)", Level: Position, Field: FieldLeft,
			Of: func(d *Ctx[H], _ *board.Position, _, _ int) int { return d.Left }},
		{Name: "step", Doc: "the step of the square moved from along the mover's track: 0 for its first square (the bar, a base)", Level: Source, Field: FieldStep,
			Of: func(d *Ctx[H], _ *board.Position, _, _ int) int { return d.Step }},
		{Name: "to_step", Doc: "the step the move reaches along the mover's track: `finish` is off its end, more is past it", Level: Target, Field: FieldToStep,
			Of: func(d *Ctx[H], _ *board.Position, _, _ int) int { return d.ToStep }},
		{Name: "finish", Doc: "the step just past the last square of `me`'s track: a piece that gets there is off (borne off)", Level: Static, Everywhere: true,
			Of: func(d *Ctx[H], _ *board.Position, me, _ int) int {
				if d.E == nil {
					return 0
				}
				return d.E.Finish(me)
			}},
		{Name: "rearmost", Doc: "rearmost(p): the lowest step of p's track holding one of p's pieces (0: one is on the track's first square, the bar); `finish` when none is left", Level: Position, Everywhere: true, Func: true,
			Of: func(d *Ctx[H], pos *board.Position, _, p int) int {
				if d.E == nil {
					return 0
				}
				return d.rearmost(pos, p)
			}},
		{Name: "pips", Doc: "pips(p): the steps p's pieces still have to go along p's track to be off its end (the pip count)", Level: Position, Everywhere: true, Func: true,
			Of: func(d *Ctx[H], pos *board.Position, _, p int) int {
				if d.E == nil {
					return 0
				}
				return d.E.Pips(pos, p)
			}},
	}
}
