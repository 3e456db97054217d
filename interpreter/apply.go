package interpreter

import (
	"github.com/stackrules/stackrules/board"
)

// Applying a move and judging the result: with generate (game.go), the
// hot path that playouts and the search call for every move.

// Apply plays m at p in place. m must be one of p's legal moves.
//
// The rule file's conditions evaluated after a move (the place conditions
// of a game played for places) count as not holding where they meet a
// runtime error; ApplyErr reports it.
func (g *Game) Apply(p *board.Position, m board.Move) { g.apply(p, m) }

// ApplyErr is Apply returning a runtime error met in the rule file's
// expressions evaluated after the move (an *EvalError); p is then as Apply
// leaves it.
func (g *Game) ApplyErr(p *board.Position, m board.Move) error {
	if e := g.apply(p, m); e != nil {
		return e
	}
	return nil
}

func (g *Game) apply(p *board.Position, m board.Move) *EvalError {
	if g.streak != nil {
		err := g.countStreak(p, m)
		if e := g.applyMove(p, m); err == nil {
			err = e
		}
		if e := g.keepStreaks(p); err == nil {
			err = e
		}
		return err
	}
	return g.applyMove(p, m)
}

func (g *Game) applyMove(p *board.Position, m board.Move) *EvalError {
	if g.dice != nil {
		return g.applyDice(p, m)
	}
	if g.tall {
		g.applyColumns(p, m)
		return g.finishMove(p, m)
	}
	b := g.Board
	switch m.Kind {
	case board.Step:
		k := int(m.Lift)
		if k == 0 {
			k = p.Cells[m.From].Height()
		}
		rest, section := b.Lift(p.Cells[m.From], k)
		if g.canPromote && g.promotable(int(p.ToMove), m.To, section) {
			section = g.promoted(section)
		}
		p.Set(b, m.From, rest)
		p.Set(b, m.To, b.Push(p.Cells[m.To], section))
		if g.stackMax > 0 {
			g.cutStack(p, m.To)
		}
	case board.Capture:
		g.applyCapture(p, m)
	case board.BearOff:
		rest, section := b.Lift(p.Cells[m.From], 1)
		owner := b.Owner(b.Top(section))
		p.Set(b, m.From, rest)
		p.OnBoard[owner]--
		p.Off[owner]++
	case board.Place:
		code := g.place(p, m)
		p.Set(b, m.To, b.Push(p.Cells[m.To], b.Single(code)))
		if g.stackMax > 0 {
			g.cutStack(p, m.To)
		}
	case board.Spread:
		g.applySpread(p, m)
	}
	if m.Removed > 0 {
		g.applyRemovals(p, &m)
	}
	return g.finishMove(p, m)
}

// finishMove ends move m, played by the player to move at p: what leaves
// the board after every move (after_move), the ply, and the turn, which
// passes unless the rule that made m says the player moves again. It
// returns a runtime error met in those conditions.
func (g *Game) finishMove(p *board.Position, m board.Move) *EvalError {
	if g.afterMove == nil && !g.againRules && !g.Board.PlyCounted() {
		return g.endTurn(p) // every game of the first years: nothing else
	}
	var err *EvalError
	mover := int(p.ToMove)
	if g.afterMove != nil {
		err = g.removeAfterMove(p, mover)
	}
	again := false
	if cond := g.againOf(m); cond != nil {
		c := g.ctx(p, mover)
		again = allTerms(cond, c)
		if e := g.takeErr(c); e != nil {
			again = false
			if err == nil {
				err = e
			}
		}
		g.release(c)
	}
	if g.Board.PlyCounted() {
		p.SetPly(g.Board, int(p.Ply)+1)
	}
	if again {
		return err
	}
	if e := g.endTurn(p); err == nil {
		err = e
	}
	return err
}

// againOf is the `again` condition of the rule that made m, nil for none.
func (g *Game) againOf(m board.Move) *compiled {
	switch m.Kind {
	case board.Place:
		if int(m.Rule) < len(g.placeRules) {
			return g.placeRules[m.Rule].again
		}
	case board.Step, board.Spread:
		if int(m.Rule) < len(g.moveRules) {
			return g.moveRules[m.Rule].again
		}
	}
	return nil
}

// cutStack cuts the stack on sq back to stackMax pieces, taking them from
// its bottom: the mover's go to its hand or the captured count, and so do
// the others' (as stack: overflow says).
func (g *Game) cutStack(p *board.Position, sq board.Square) {
	b := g.Board
	s := p.Cells[sq]
	h := s.Height()
	if h <= g.stackMax {
		return
	}
	me := int(p.ToMove)
	for i := 0; i < h-g.stackMax; i++ {
		owner := b.Owner(b.Piece(s, h-i)) // the i-th piece from the bottom
		p.OnBoard[owner]--
		toCaptured := g.overflowTheirs
		if owner == me {
			toCaptured = g.overflowMine
		}
		if toCaptured {
			p.AddCaptured(owner, 1)
		} else {
			p.SetHand(owner, int(p.Hand[owner])+1)
		}
	}
	p.Set(b, sq, b.DropBottom(s, h-g.stackMax))
}

// endTest evaluates the end conditions for the player who just moved (c.me)
// and returns the index of the first that holds, or -1. At the start
// position nobody has moved, so none is evaluated: a placement game whose
// end is `checkers(opponent) == 0` is not over before it starts.
func (g *Game) endTest(c *Ctx) int {
	if c.unhashed && g.pureEnds {
		// The start's test, without the hash, only once an end holds:
		// asking the ends first changes nothing when none can fail.
		for i := range g.ends {
			if g.ends[i].test(c) {
				if g.atStartUnhashed(c) {
					return -1
				}
				return i
			}
		}
		return -1
	}
	if c.unhashed {
		if g.atStartUnhashed(c) {
			return -1
		}
	} else if g.isStart(c.pos) {
		return -1
	}
	for i := range g.ends {
		if g.ends[i].test(c) {
			return i
		}
	}
	if g.rankRules != nil && g.rankedOver(c.pos) {
		return len(g.ends) // every place is taken (ranked.go)
	}
	return -1
}

// Result says whether the game is over at p and who won. It is derived from
// the position alone: the end conditions for the player who just moved, then
// the no-move rule for the player to move. Draws by repetition or by quiet
// plies need the game's history; see History.
//
// A runtime error in the rule file's expressions makes it panic with an
// *EvalError; ResultErr returns it instead.
func (g *Game) Result(p *board.Position) Outcome {
	o, err := g.ResultErr(p)
	if err != nil {
		panic(err)
	}
	return o
}

// lastMover is the player who made the last move at p: the one before the
// player to move, or the player to move itself in the middle of its turn
// (before an extra roll or a bonus move it earned, or after a pass that
// rolls again), whose play may have won.
func (g *Game) lastMover(p *board.Position) int {
	if p.MidTurn() {
		return int(p.ToMove)
	}
	return g.prev(int(p.ToMove))
}

// ResultErr is Result returning a runtime error in the rule file's
// expressions (an *EvalError) instead of panicking.
func (g *Game) ResultErr(p *board.Position) (Outcome, error) {
	c := g.ctx(p, g.lastMover(p))
	defer g.release(c)
	o := g.result(c)
	if c.err != nil {
		return Outcome{}, g.takeErr(c)
	}
	return o, nil
}

// result is Result on a context pointing at the position.
func (g *Game) result(c *Ctx) Outcome {
	p := c.pos
	mover := g.lastMover(p)
	c.me, c.opp = mover, g.next(mover)
	if g.rankRules != nil && g.rankedOver(p) {
		return g.rankedOutcome(p)
	}
	if i := g.endTest(c); i >= 0 {
		e := g.ends[i]
		o := Outcome{Over: true, Reason: e.label, Why: e.reason}
		switch e.result {
		case "win":
			o.Winner = mover
		case "loss":
			o.Winner = g.next(mover)
		default:
			o.Winner = -1
		}
		if o.Winner >= 0 {
			o.Points = 1
			if e.points != nil {
				o.Points = e.points.terms[0].value(c)
			}
		}
		return o
	}
	if g.rollsNext(p) {
		return Outcome{Winner: -1} // a chance node: the dice are rolled next
	}
	c.me, c.opp = int(p.ToMove), g.next(int(p.ToMove))
	if len(g.generate(c, c.anyMove[:0], true)) > 0 {
		return Outcome{Winner: -1}
	}
	// Here NoMoves is lose or draw: a pass would have been generated.
	if g.NoMoves == "draw" {
		return Outcome{Over: true, Winner: -1, Reason: "no legal move: draw", Why: g.words.noMove[p.ToMove]}
	}
	return Outcome{Over: true, Winner: g.next(int(p.ToMove)), Points: 1, Reason: "no legal move: the player to move loses", Why: g.words.noMove[p.ToMove]}
}
