package interpreter

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"

	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
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

// diceSpec is the rule file's `dice:` section: the engine's settings
// (the tracks' options are filled in from `tracks:` when the engine is made).
type diceSpec struct {
	node *yaml.Node
	dice.Config
	// PassAgain: a player who cannot play the roll rolls again where this
	// holds; Penalty: a roll where this holds is not played (see
	// dice.Engine.SetTurnRules).
	PassAgain, Penalty *exprText
	// Bottoms: a double is played by its tops and bottoms where this holds.
	Bottoms *exprText
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
	Once      bool      // a piece this rule moves is not moved again in the play
	Again     bool      // after a play that used this rule, the same player rolls again
	AgainIf   *exprText // the same, where this holds of the die move
	Bonus     *exprText // the count of the bonus move the die move earns (0: none)
}

// diceEngine is the seam between the interpreter and the dice engine
// (internal/dice): the generator of rolls and plays, applying them, the
// notation of plays, positions in GNU Backgammon's formats with the cube,
// and playing a typed play by the rules (for explaining it). It is nil for
// a game without dice, and the interpreter branches on it where it
// dispatches (generate, apply, parse, format). The interpreter compiles the
// rule file's dice sections into it (buildDice); the dice package knows no
// YAML and no expression.
type diceEngine interface {
	// Bind makes d, a part of the interpreter's context host, one of this
	// game's (newCtx).
	Bind(d *dice.Ctx[*Ctx], host *Ctx)
	Dice() *dice.Config
	Track(player int) []board.Square
	StepOf(player int, sq board.Square) int

	// Generate lists the rolls or the plays (see dice.Engine.Generate).
	Generate(d *dice.Ctx[*Ctx], buf []board.Move, any bool) []board.Move
	AppendRolls(p *board.Position, buf []board.Move) []board.Move
	RollWeights(p *board.Position, buf []float64) []float64
	RollMove(p *board.Position, d1, d2 int) board.Move
	RandomRoll(p *board.Position, rng interface{ IntN(int) int }) board.Move
	Faces(d *dice.Ctx[*Ctx], p *board.Position) []int
	// Apply plays a roll or a play, and says whether the turn ends.
	Apply(p *board.Position, m board.Move) (endTurn bool)
	BuildTable(d *dice.Ctx[*Ctx], readsLeft, readsExtra bool, setPlayer func(me int), failed func() bool)
	SafeSquares(d *dice.Ctx[*Ctx], start *board.Position, setPlayer func(me int), failed func() bool) []board.Square

	// The notation of plays (internal/dice/notation.go).
	MoveString(m board.Move) string
	CheckMoveText(text string) error
	ParsePlayText(text string, finish int) ([]dice.ParsedStep, error)
	PlayAsWritten(p *board.Position, t string, steps []dice.ParsedStep, who string) (board.Position, error)
	Routes(p *board.Position, steps []dice.ParsedStep) [][]dice.ParsedStep
	LegalPlaysHint(legal []board.Move) string
	MatchRollOrPass(p *board.Position, t string, legal []board.Move) (board.Move, error)
	ExplainRollUse(p *board.Position, steps []dice.ParsedStep, legal []board.Move) string
	DieMoves(m board.Move) []dice.DieMove
	Notation() dice.Notation

	// Explaining a typed play: played hop by hop by the rules that allow
	// each (internal/dice/explain.go).
	PlayByRules(d *dice.Ctx[*Ctx], p *board.Position, steps []dice.ParsedStep, who string) (board.Position, []int, *dice.Refusal)

	// Positions in GNU Backgammon's and eXtreme Gammon's formats, with the
	// cube and the score (internal/dice/positions.go).
	BackgammonBoard() bool
	FormatXGID(g dice.Game, p *board.Position, cs dice.CubeState) (string, error)
	FormatPositionID(g dice.Game, p *board.Position) (string, error)
	FormatMatchID(g dice.Game, p *board.Position, cs dice.CubeState, over bool) (string, error)
	FormatGNUbgID(g dice.Game, p *board.Position, cs dice.CubeState, over bool) (string, error)
	ParsePositionCube(g dice.Game, text string) (p board.Position, cs dice.CubeState, ok bool, err error)
}

var _ diceEngine = (*dice.Engine[*Ctx])(nil)

// diceMoveRule is a rule of dice_moves: as compiled, for explaining plays
// and checking them; the engine holds its Tests (dice.Rule).
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
	// againC: another roll where it holds (again: written as a condition)
	againC *compiled
	// bonusC: the count of the bonus move a die move earns
	bonusC *compiled
}

// RollFaces are the dice to play at p, as the plays use them: a non-double
// roll's two, a double as many times as it is played (its tops and bottoms
// where the rule file's dice: bottoms holds), a bonus move's count; none
// where p has no roll.
func (g *Game) RollFaces(p *board.Position) []int {
	if g.dice == nil || !p.Rolled() {
		return nil
	}
	c := g.ctx(p, int(p.ToMove))
	defer g.release(c)
	return g.dice.Faces(&c.dice, p)
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
	if ds.Count == 1 && (ds.Opening || ds.Doubles > 2) {
		d.errorf(ds.node, "bad-value", "", "dice: one die has no doubles and no opening roll of one die each")
	}
	if len(g.Players) != 2 && ds.Opening {
		d.errorf(ds.node, "bad-value", "", "dice: opening: one each and reroll are for two players")
	}
	b := g.Board
	b.UseDice(ds.Sides)
	b.UseDiceCount(ds.Count)
	cfg := ds.Config
	cfg.Bounce, cfg.FromStart, cfg.Start = rf.TrackBounce, rf.TrackNumbers == "from_start", rf.TrackStart
	cfg.CountRolls = ds.PassAgain != nil || ds.Penalty != nil || readsTurnRolls(rf)
	e := dice.New[*Ctx](b, len(g.Players), cfg)
	e.SetSync(syncDiceMove)
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
		for _, name := range t.Path {
			sq, err := b.ParseSquare(name)
			if err != nil {
				d.errorf(t.value, "bad-square", "", "tracks: %s: %v", t.Player, err)
				break
			}
			if !e.AddTrackSquare(pi, sq) {
				d.errorf(t.value, "bad-square", "", "tracks: %s: %s is on the track twice", t.Player, name)
				break
			}
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
	// The conditions compiled below may be evaluated at load (folding):
	// the contexts they run on are bound to the engine from here on.
	g.dice = e
	for _, ms := range rf.DiceMoves {
		what := fmt.Sprintf("dice move rule %q", ms.Name)
		r := &diceMoveRule{name: ms.Name, count: ms.Count, sum: ms.Sum, once: ms.Once, again: ms.Again}
		er := &dice.Rule[*Ctx]{Name: ms.Name, Count: ms.Count, Sum: ms.Sum, Once: ms.Once, Again: ms.Again}
		if ms.Sum && ds.Count != 2 {
			d.errorf(ms.countNode, "bad-value", "", "%s: steps: sum and uses: both need two dice", what)
		}
		r.cond = g.compileExpr(d, ms.When, what, inDice, true)
		if r.cond != nil {
			er.All = diceTest(allTermsFn(r.cond))
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
				er.Spec = g.specialiseTerms(rest)
			}
		}
		if ms.Hit != nil {
			r.hitC = g.compileExpr(d, ms.Hit, what+": hit", inDice, true)
			if r.hitC != nil {
				r.hit = allTermsFn(r.hitC)
			}
		}
		if ms.AgainIf != nil {
			r.againC = g.compileExpr(d, ms.AgainIf, what+": again", inDice, true)
			if r.againC != nil {
				er.AgainIf = diceTest(allTermsFn(r.againC))
			}
		}
		if ms.Bonus != nil {
			if ds.HitsAtEnd {
				d.errorf(ms.Bonus.node, "bad-value", "", "%s: bonus: bonus moves are played with hits as each die lands, not with dice: hits: end", what)
			}
			r.bonusC = g.compileExpr(d, ms.Bonus, what+": bonus", inDice, false)
			if r.bonusC != nil {
				er.Bonus = r.bonusC.terms[0].value
			}
		}
		er.Pos, er.Rest, er.Hit = diceTest(r.pos), diceTest(r.rest), diceTest(r.hit)
		g.diceRules = append(g.diceRules, r)
		e.AddRule(er)
	}
	var turnRules [2]dice.Test[*Ctx]
	for i, src := range []*exprText{ds.PassAgain, ds.Penalty} {
		if src == nil {
			continue
		}
		what := []string{"dice: pass_again", "dice: penalty"}[i]
		if c := g.compileExpr(d, src, what, inDice, true); c != nil {
			turnRules[i] = diceTest(allTermsFn(c))
		}
	}
	e.SetTurnRules(turnRules[0], turnRules[1])
	if ds.Bottoms != nil {
		if ds.Count != 2 || 2*ds.Doubles > board.MaxDiceMoves {
			d.errorf(ds.Bottoms.node, "bad-value", "", "dice: bottoms: a double's tops and bottoms need two dice played at most %d times each", board.MaxDiceMoves/2)
		} else if c := g.compileExpr(d, ds.Bottoms, "dice: bottoms", inDice, true); c != nil {
			e.SetBottoms(diceTest(allTermsFn(c)))
		}
	}
	if len(g.diceRules) > dice.MaxRules {
		d.errorf(rf.root, "too-many-rules", "", "at most %d dice move rules", dice.MaxRules)
	}
	g.buildStepTable()
}

// readsTurnRolls reports whether a dice move rule's expressions name
// turn_rolls, so that the rolls of a turn must be counted.
func readsTurnRolls(rf *ruleFile) bool {
	for _, ms := range rf.DiceMoves {
		for _, e := range []*exprText{ms.When, ms.Hit, ms.AgainIf, ms.Bonus} {
			if e != nil && strings.Contains(e.Text, "turn_rolls") {
				return true
			}
		}
	}
	return false
}

// diceTest is a compiled condition as the dice engine runs it: itself, on
// the context the dice context is part of, where the engine has put the
// move it asks about (syncDiceMove).
func diceTest(f boolFn) dice.Test[*Ctx] {
	if f == nil {
		return nil
	}
	return dice.Test[*Ctx](f)
}

// syncDiceMove puts the move the dice engine asks about in the context
// the dice context is part of, where the conditions read it.
func syncDiceMove(c *Ctx, pos *board.Position, from board.Square, src board.Stack, to board.Square, dst board.Stack) {
	c.pos, c.from, c.src, c.to, c.dst, c.lifted = pos, from, src, to, dst, 1
}

// newCtx is a new context of g's (not from the pool).
func (g *Game) newCtx() *Ctx {
	c := &Ctx{g: g}
	if g.dice != nil {
		g.dice.Bind(&c.dice, c)
	}
	return c
}

// generateDice appends the moves of c.me at c.pos in a dice game (see
// dice.Engine.Generate).
func (g *Game) generateDice(c *Ctx, buf []board.Move, any bool) []board.Move {
	p := c.pos
	d := &c.dice
	d.Pos, d.Me = p, c.me
	buf = g.dice.Generate(d, buf, any)
	c.pos = p
	c.from, c.to, c.src, c.dst = noSquare, noSquare, 0, 0
	return buf
}

// applyDice plays a Roll or a Play at p in place.
func (g *Game) applyDice(p *board.Position, m board.Move) *EvalError {
	if !g.dice.Apply(p, m) {
		return nil
	}
	return g.endTurn(p)
}

// ChanceWeights appends to buf[:0] the relative weights of the chance events
// LegalMoves lists at p, in the same order (a non-double roll of two dice is
// twice as likely as a double); none where p is not a chance node.
func (g *Game) ChanceWeights(p *board.Position, buf []float64) []float64 {
	buf = buf[:0]
	if !g.IsChance(p) {
		return buf
	}
	return g.dice.RollWeights(p, buf)
}

// rollsNext reports whether p is a dice game's position without a roll:
// the dice are rolled next, unless the game is over (IsChance).
func (g *Game) rollsNext(p *board.Position) bool { return g.dice != nil && !p.Rolled() }

// IsChance reports whether the next event at p is a roll of the dice rather
// than a player's choice: a dice game's position without a roll, not over.
func (g *Game) IsChance(p *board.Position) bool {
	if !g.rollsNext(p) {
		return false
	}
	c := g.ctx(p, g.lastMover(p))
	defer g.release(c)
	return g.endTest(c) < 0
}

// RollMove is the chance event of rolling d1 and d2 at p (d2 is ignored with
// one die; at the opening roll, d1 is the first player's die and d2 the
// second's, and they must differ).
func (g *Game) RollMove(p *board.Position, d1, d2 int) board.Move { return g.dice.RollMove(p, d1, d2) }

// RandomRoll rolls the dice at chance node p: the event, each die uniform
// (the opening roll rolls again on equal dice).
func (g *Game) RandomRoll(p *board.Position, rng interface{ IntN(int) int }) board.Move {
	return g.dice.RandomRoll(p, rng)
}

func (g *Game) playerNames() []string {
	var out []string
	for _, p := range g.Players {
		out = append(out, p.Name)
	}
	return out
}

// withDiceNames is the name table with the dice engine's names (dice.Names)
// added, each read from the context's dice part.
func withDiceNames(table map[string]nameDef) map[string]nameDef {
	levels := map[dice.Level]level{dice.Static: lvStatic, dice.Position: lvPosition, dice.Source: lvSource, dice.Target: lvTarget}
	for _, n := range dice.Names[*Ctx]() {
		of := n.Of
		def := nameDef{doc: n.Doc, level: levels[n.Level], static: n.Level == dice.Static, scopes: inDice}
		if n.Everywhere {
			def.scopes = everywhere
		}
		switch {
		case n.Func:
			def.call = func(c *Ctx, p int) int {
				if !validPlayer(c, p) {
					return 0
				}
				return of(&c.dice, c.pos, c.me, p)
			}
		case n.Flag:
			def.flag = func(c *Ctx) bool { return of(&c.dice, c.pos, c.me, 0) != 0 }
		case n.Field == dice.FieldDie: // read as they are: conditions ask them per piece
			def.value = func(c *Ctx) int { return c.dice.Die }
		case n.Field == dice.FieldLeft:
			def.value = func(c *Ctx) int { return c.dice.Left }
		case n.Field == dice.FieldStep:
			def.value = func(c *Ctx) int { return c.dice.Step }
		case n.Field == dice.FieldToStep:
			def.value = func(c *Ctx) int { return c.dice.ToStep }
		default:
			def.value = func(c *Ctx) int { return of(&c.dice, c.pos, c.me, 0) }
		}
		table[n.Name] = def
	}
	return table
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
	return g.dice.Track(player)
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
func (g *Game) IsRollText(t string) bool { return g.dice != nil && dice.IsRollText(t) }

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
