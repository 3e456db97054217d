package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/ast"

	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/board"
)

// Dice, tracks and chance (Backgammon; the primitives are meant for Ludo too).
//
// A rule file with `dice:` rolls dice; the roll is part of the position, and a
// position without one is a chance node whose legal "moves" are the distinct
// rolls (board.Roll), each with its weight (ChanceWeights). With a roll, a
// legal move is a whole turn (board.Play): the dice played one at a time, each
// by a `dice_moves:` rule that moves one piece along its owner's track (the
// `tracks:` path, first square to last, then off its end). Plays that lead to
// the same position are one play. `dice: use` says how much of the roll must
// be played. All of it is data of the Game: a rule file without these keys
// compiles and plays as before.

// diceSpec is the rule file's `dice:` section.
type diceSpec struct {
	node    *yaml.Node
	Count   int  // dice rolled at once: 1 or 2
	Sides   int  // numbered 1..Sides
	Doubles int  // a double is played this many times (2: as two dice)
	Opening bool // `opening: one each`: each player rolls one die, the higher starts with both
	Most    bool // as many dice as can be played must be played
	Larger  bool // when only one die of two can be played, the larger if it can
	// Exact: under Most, a play that takes a piece off its track's end with
	// one die exactly may leave the rest of the roll unplayed (Ludo's exact
	// finish), when nothing can play it after.
	Exact bool
	// HitsAtEnd: hits are settled when the play ends, on the squares where
	// a piece moved this play ended (Ludo), not as each die lands.
	HitsAtEnd bool
}

// trackSpec is one player's path in `tracks:`.
type trackSpec struct {
	Player string
	node   *yaml.Node
	value  *yaml.Node
	Path   []string
}

// diceMoveSpec is a rule of `dice_moves:`: move one piece along its track by
// a die (or a fixed count), when a condition holds, hitting what `hit` says.
type diceMoveSpec struct {
	Name      string
	node      *yaml.Node
	Count     int  // 0: the die's number
	Sum       bool // `steps: sum`: the whole roll's total, as one count
	countNode *yaml.Node
	When      *exprText
	Hit       *exprText
	Once      bool // a piece this rule moves is not moved again in the play
	Again     bool // after a play that used this rule, the same player rolls again
}

// diceRules is the compiled dice configuration of a Game.
type diceRules struct {
	count, sides, doubles int
	opening, most, larger bool
	exact, hitsAtEnd      bool                             // see diceSpec
	bounce                bool                             // a count past the track's end walks back from it
	fromStart             bool                             // the notation numbers steps from the start square (0) up, not the points to go
	once                  bool                             // some rule has once: true
	hasSum                bool                             // some rule has steps: sum
	anyAgain              bool                             // some rule has again: true
	start                 string                           // how the notation writes a track's first square
	tracks                [board.MaxPlayers][]board.Square // each player's path, first square to last
	stepOf                [board.MaxPlayers][]int16        // square -> its step on the player's track, -1 off it
	rules                 []*diceMoveRule
	tab                   *stepTable // nil unless the rules' conditions allow one (dicetable.go)
	// commuting: two dice played by different pieces lead to the same
	// position in either order, so the search need not play the second die
	// first where another piece then takes the first (see below).
	commuting bool
}

type diceMoveRule struct {
	name  string
	count int // 0: the die
	sum   bool
	once  bool
	again bool
	cond  *compiled
	pos   boolFn // terms of the whole position and the die: once per die tried
	rest  boolFn // the others: once per piece
	hit   boolFn // nil: never hits
	hitC  *compiled
	// spec is rest's terms specialised per die (see dicespec.go); nil when
	// they are tested as rest.
	spec []specTerm
}

// HasDice reports whether the game rolls dice.
func (g *Game) HasDice() bool { return g.dice != nil }

// buildDice compiles dice:, tracks: and dice_moves:.
func (g *Game) buildDice(d *decoder, rf *ruleFile) {
	if rf.Dice == nil {
		for _, t := range rf.Tracks {
			d.errorf(t.node, "no-dice", "declare `dice:`", "tracks are walked by dice; the rule file declares no dice")
			return
		}
		if len(rf.DiceMoves) > 0 {
			d.errorf(rf.DiceMoves[0].node, "no-dice", "declare `dice:`", "dice moves need dice; the rule file declares no dice")
		}
		return
	}
	ds := rf.Dice
	if ds.Count == 0 || ds.Sides == 0 {
		return
	}
	dr := &diceRules{count: ds.Count, sides: ds.Sides, doubles: ds.Doubles, opening: ds.Opening, most: ds.Most, larger: ds.Larger,
		exact: ds.Exact, hitsAtEnd: ds.HitsAtEnd, bounce: rf.TrackBounce, fromStart: rf.TrackNumbers == "from_start", start: rf.TrackStart}
	if dr.start == "" {
		dr.start = "start"
	}
	if ds.Count == 1 && (ds.Opening || ds.Doubles > 2) {
		d.errorf(ds.node, "bad-value", "", "dice: one die has no doubles and no opening roll of one die each")
	}
	if len(g.Players) != 2 && ds.Opening {
		d.errorf(ds.node, "bad-value", "", "dice: opening: one each is for two players")
	}
	b := g.Board
	b.UseDice(ds.Sides)
	b.UseDiceCount(ds.Count)
	for pi := range g.Players {
		dr.stepOf[pi] = make([]int16, b.NumSquares())
		for i := range dr.stepOf[pi] {
			dr.stepOf[pi][i] = -1
		}
	}
	seen := make([]bool, len(g.Players))
	for _, t := range rf.Tracks {
		pi := g.playerIndex(t.Player)
		if pi < 0 && g.absent(t.Player) {
			continue
		}
		if pi < 0 {
			d.errorf(t.node, "unknown-player", suggest(t.Player, g.playerNames()), "tracks: %q is not a player", t.Player)
			continue
		}
		seen[pi] = true
		if len(t.Path) < 2 {
			d.errorf(t.value, "bad-value", "", "tracks: %s: a track lists at least two squares", t.Player)
			continue
		}
		for i, name := range t.Path {
			sq, err := b.ParseSquare(name)
			if err != nil {
				d.errorf(t.value, "bad-square", "", "tracks: %s: %v", t.Player, err)
				break
			}
			if dr.stepOf[pi][sq] >= 0 {
				d.errorf(t.value, "bad-square", "", "tracks: %s: %s is on the track twice", t.Player, name)
				break
			}
			dr.stepOf[pi][sq] = int16(i)
			dr.tracks[pi] = append(dr.tracks[pi], sq)
		}
	}
	for pi, ok := range seen {
		if !ok && len(rf.Tracks) > 0 {
			d.errorf(rf.tracksNode, "missing-key", "", "tracks: no track for %s", g.Players[pi].Name)
		}
	}
	if len(rf.DiceMoves) == 0 {
		d.errorf(ds.node, "no-rules", "add `dice_moves:`", "the game rolls dice but has no dice moves to play them")
	}
	if len(rf.Tracks) == 0 && len(rf.DiceMoves) > 0 {
		d.errorf(rf.DiceMoves[0].node, "no-tracks", "add `tracks:`", "dice moves go along tracks; the rule file declares none")
	}
	for _, ms := range rf.DiceMoves {
		what := fmt.Sprintf("dice move rule %q", ms.Name)
		r := &diceMoveRule{name: ms.Name, count: ms.Count, sum: ms.Sum, once: ms.Once, again: ms.Again}
		if ms.Again && !ds.HitsAtEnd {
			d.errorf(ms.node, "bad-value", "add `hits: end` to dice:", "%s: again: true needs dice: hits: end (the hits of the play wait for the extra roll's)", what)
		}
		dr.once = dr.once || ms.Once
		dr.anyAgain = dr.anyAgain || ms.Again
		dr.hasSum = dr.hasSum || ms.Sum
		if ms.Sum && ds.Count != 2 {
			d.errorf(ms.countNode, "bad-value", "", "%s: steps: sum needs two dice", what)
		}
		r.cond = g.compileExpr(d, ms.When, what, inDice, true)
		if r.cond != nil {
			var rest []condition
			for _, t := range r.cond.terms {
				if t.level <= lvPosition {
					r.pos = and(r.pos, t.test)
				} else {
					r.rest = and(r.rest, t.test)
					rest = append(rest, t)
				}
			}
			if !r.cond.vm && len(rest) > 0 {
				r.spec = g.specialiseTerms(rest)
			}
		}
		if ms.Hit != nil {
			r.hitC = g.compileExpr(d, ms.Hit, what+": hit", inDice, true)
			if r.hitC != nil {
				r.hit = allTermsFn(r.hitC)
			}
		}
		dr.rules = append(dr.rules, r)
	}
	if len(dr.rules) > 32 {
		d.errorf(rf.root, "too-many-rules", "", "at most 32 dice move rules")
	}
	g.dice = dr
	g.buildStepTable(dr)
}

func (g *Game) playerNames() []string {
	var out []string
	for _, p := range g.Players {
		out = append(out, p.Name)
	}
	return out
}

// diceCtx is what a dice move's conditions read besides the move itself.
type diceCtx struct {
	die, left    int // the die being played, the dice left after it
	step, toStep int // the track steps moved from and reached (toStep may be past the end)
	rear         rearCache
}

// rearCache holds rearmost(p) of the position at pos with the given hash,
// for the players whose bit is in have: conditions ask it for every piece
// and die, and the move search keeps it up to date as it moves (tryDie).
type rearCache struct {
	hash uint64
	pos  *board.Position
	have uint8
	rear [board.MaxPlayers]int16
}

// finish is the step past the last square of player's track: off.
func (g *Game) finish(player int) int { return len(g.dice.tracks[player]) }

// rearmost is the lowest step of player's track holding one of player's
// pieces, finish when none is on the track.
func (g *Game) rearmost(p *board.Position, player int) int { return g.rearmostFrom(p, player, 0) }

// rearmostFrom is rearmost where no step before from holds player's pieces.
func (g *Game) rearmostFrom(p *board.Position, player int, from int) int {
	dr := g.dice
	b := g.Board
	track := dr.tracks[player]
	for i := from; i < len(track); i++ {
		if s := p.Cells[track[i]]; s != 0 && (b.TopOwner(s) == player || s.Height() > 1 && hasPiece(b, s, player)) {
			return i
		}
	}
	return len(track)
}

// pips is the number of steps player's pieces on its track still have to go
// to be off its end (the pip count, in backgammon).
func (g *Game) pips(p *board.Position, player int) int {
	dr := g.dice
	b := g.Board
	n := len(dr.tracks[player])
	total := 0
	for i, sq := range dr.tracks[player] {
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

func hasPiece(b *board.Board, s board.Stack, player int) bool {
	var counts [board.MaxPlayers]int16
	b.Count(s, &counts)
	return counts[player] > 0
}

func init() {
	diceNames := map[string]nameDef{
		"die": {doc: "the number of the die being played", level: lvPosition, scopes: inDice,
			value: func(c *Ctx) int { return c.dice.die }},
		"extra_roll": {doc: "whether the roll being played is an extra roll, earned by a rule with `again: true`", level: lvPosition, scopes: inDice,
			flag: func(c *Ctx) bool { return c.pos != nil && c.pos.Extra }},
		"dice_left": {doc: "how many dice of the roll are left to play after this one (a double counts as many dice as it is played)", level: lvPosition, scopes: inDice,
			value: func(c *Ctx) int { return c.dice.left }},
		"step": {doc: "the step of the square moved from along the mover's track: 0 for its first square (the bar, a base)", level: lvSource, scopes: inDice,
			value: func(c *Ctx) int { return c.dice.step }},
		"to_step": {doc: "the step the move reaches along the mover's track: `finish` is off its end, more is past it", level: lvTarget, scopes: inDice,
			value: func(c *Ctx) int { return c.dice.toStep }},
		"finish": {doc: "the step just past the last square of `me`'s track: a piece that gets there is off (borne off)", level: lvStatic, static: true, scopes: everywhere,
			value: func(c *Ctx) int {
				if c.g.dice == nil {
					return 0
				}
				return c.g.finish(c.me)
			}},
		"rearmost": {doc: "rearmost(p): the lowest step of p's track holding one of p's pieces (0: one is on the track's first square, the bar); `finish` when none is left", level: lvPosition, scopes: everywhere,
			call: func(c *Ctx, p int) int {
				if !validPlayer(c, p) || c.g.dice == nil {
					return 0
				}
				d := &c.dice.rear
				if d.pos != c.pos || d.hash != c.pos.Hash {
					d.pos, d.hash, d.have = c.pos, c.pos.Hash, 0
				}
				if d.have&(1<<p) == 0 {
					d.rear[p] = int16(c.g.rearmost(c.pos, p))
					d.have |= 1 << p
				}
				return int(d.rear[p])
			}},
		"pips": {doc: "pips(p): the steps p's pieces still have to go along p's track to be off its end (the pip count)", level: lvPosition, scopes: everywhere,
			call: func(c *Ctx, p int) int {
				if !validPlayer(c, p) || c.g.dice == nil {
					return 0
				}
				return c.g.pips(c.pos, p)
			}},
	}
	for n, d := range diceNames {
		names[n] = d
	}
}

// trackPoint is how the notation writes step s of a track of finish steps:
// the number of steps left to go (GNU Backgammon's point numbers, from the
// mover's side), the start place's name for step 0, `off` past the end.
func (dr *diceRules) trackPoint(finish, s int) string {
	switch {
	case s == 0:
		return dr.start
	case s >= finish:
		return "off"
	case dr.fromStart:
		return fmt.Sprint(s - 1)
	}
	return fmt.Sprint(finish - s)
}

// parseTrackPoint reads a point as trackPoint writes it.
func (dr *diceRules) parseTrackPoint(finish int, t string) (int, bool) {
	switch t {
	case dr.start:
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
	if dr.fromStart {
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

// pointsBound is the most an `end: points` expression can give: it must be a
// whole number from 1 up, or conditions choosing between such numbers
// (`borne_off(opponent) > 0 ? 1 : 2`), so that the most is known when the
// file is loaded (the AI scales results by it).
func (g *Game) pointsBound(d *decoder, src *exprText, c *compiled) int {
	var bound func(n ast.Node) (int, bool)
	bound = func(n ast.Node) (int, bool) {
		switch n := n.(type) {
		case *ast.IntegerNode:
			return n.Value, n.Value >= 1
		case *ast.ConditionalNode:
			a, okA := bound(n.Exp1)
			b, okB := bound(n.Exp2)
			return max(a, b), okA && okB
		}
		return 0, false
	}
	v, ok := bound(c.terms[0].node)
	if !ok || v > 1000 {
		d.errorf(src.node, "bad-value", "for example `points: borne_off(opponent) > 0 ? 1 : 2`",
			"end: points must be a whole number from 1 to 1000, or conditions choosing between such numbers (cond ? 1 : 2)")
		return 1
	}
	return v
}

// MaxPoints is the most a win is worth in this game (1 without `end: points`).
func (g *Game) MaxPoints() int { return max(g.maxPoints, 1) }

// Track is player's track in a dice game, first square to last (nil without
// dice): step i of the track is Track(player)[i].
func (g *Game) Track(player int) []board.Square {
	if g.dice == nil {
		return nil
	}
	return g.dice.tracks[player]
}

// Plies is the number of moves played, rolls of the dice left out.
func (h *History) Plies() int {
	n := 0
	for _, m := range h.moves {
		if m.Kind != board.Roll {
			n++
		}
	}
	return n
}

// IsRollText reports whether a word of a record or of input is a roll of
// this dice game (`65`, `6-5`), not part of a play.
func (g *Game) IsRollText(t string) bool { return g.dice != nil && isRollText(t) }

// pointsText is " 2 points" for a win worth points in a game whose wins
// are worth different numbers of points, "" otherwise.
func (g *Game) pointsText(o Outcome) string {
	switch {
	case g.MaxPoints() <= 1 || o.Winner < 0:
		return ""
	case o.Points == 1:
		return " 1 point"
	}
	return fmt.Sprintf(" %d points", o.Points)
}
