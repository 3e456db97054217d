package interpreter

import (
	"math/rand/v2"

	"github.com/stackrules/stackrules/board"
)

// RandomPlayout plays uniformly random moves at p, in place, until the game
// ends or maxPlies have been played, and returns the plies played. buf is the
// move buffer to reuse; the grown buffer is returned so steady state
// allocates nothing. A runtime error in the rule file's expressions ends it
// and is returned (an *EvalError).
func (g *Game) RandomPlayout(p *board.Position, rng *rand.Rand, maxPlies int, buf []board.Move) (int, []board.Move, error) {
	if g.dice != nil {
		return g.randomDicePlayout(p, rng, maxPlies, buf)
	}
	if g.compact {
		return g.randomCompactPlayout(p, rng, maxPlies, buf)
	}
	c := g.ctx(p, 0)
	defer g.release(c)
	plies := 0
	for plies < maxPlies {
		g.resetCtx(c, p)
		buf = g.legalMoves(c, buf)
		if c.err != nil {
			return plies, buf[:0], g.takeErr(c)
		}
		if len(buf) == 0 {
			break
		}
		if e := g.apply(p, buf[rng.IntN(len(buf))]); e != nil {
			return plies, buf, e
		}
		plies++
	}
	return plies, buf, nil
}

// randomCompactPlayout is RandomPlayout in a compact game (compact.go):
// the same moves, listed and picked as 4-byte moves (in a word game,
// shifts.go, listed a word at a time and played by applyWord).
func (g *Game) randomCompactPlayout(p *board.Position, rng *rand.Rand, maxPlies int, buf []board.Move) (int, []board.Move, error) {
	c := g.ctx(p, 0)
	defer g.release(c)
	g.startPlayout(c, p)
	defer g.endPlayout(c, p)
	plies := 0
	for plies < maxPlies {
		_, played, err := g.compactPly(c, p, rng)
		if err != nil {
			return plies, buf[:0], err
		}
		if !played {
			break
		}
		plies++
	}
	return plies, buf[:0], nil
}

// startPlayout readies c for compactPly at p: in a word game, the word
// view of p, and where applyWord plays the moves, the hash left stale
// until endPlayout.
func (g *Game) startPlayout(c *Ctx, p *board.Position) {
	if g.wordMoves {
		c.words = g.scanWords(p)
	}
	c.unhashed = g.fastApply
}

// endPlayout makes p whole again after plies of compactPly: its hash.
func (g *Game) endPlayout(c *Ctx, p *board.Position) {
	if c.unhashed {
		p.Recount(g.Board)
		c.unhashed = false
	}
}

// compactPly plays a uniformly random move of the player to move at p, c
// pointing at p and readied by startPlayout, and returns it; played is
// false when the game is over.
func (g *Game) compactPly(c *Ctx, p *board.Position, rng *rand.Rand) (m move32, played bool, err *EvalError) {
	ms, err := g.compactMoves(c, p)
	if err != nil || len(ms) == 0 {
		return 0, false, err
	}
	m = ms[rng.IntN(len(ms))]
	if e := g.playCompact(c, p, m); e != nil {
		return m, false, e
	}
	return m, true, nil
}

// compactMoves lists the legal moves at p as compact moves, in c.cbuf (c
// pointing at p and readied by startPlayout): none when the game is over.
func (g *Game) compactMoves(c *Ctx, p *board.Position) ([]move32, *EvalError) {
	g.resetCtx(c, p)
	// g.ended, written out: a compact game has no turns of several parts,
	// and a call per ply cost Liger's playouts 2-3%
	turn := int(p.ToMove)
	c.me, c.opp = g.prev(turn), turn
	c.cbuf = c.cbuf[:0]
	if g.endTest(c) < 0 {
		c.me, c.opp = turn, g.next(turn)
		if g.allWords {
			c.cbuf = g.generateWords(c, c.cbuf)
		} else {
			c.cbuf = g.generateSets(c, c.cbuf)
		}
	}
	if c.err != nil {
		return nil, g.takeErr(c)
	}
	return c.cbuf, nil
}

// playCompact plays m, one of compactMoves' at p, keeping c's word view
// up to date.
func (g *Game) playCompact(c *Ctx, p *board.Position, m move32) *EvalError {
	if c.unhashed {
		g.applyWord(p, m, &c.words)
		return nil
	}
	if e := g.apply(p, m.move()); e != nil {
		return e
	}
	if g.wordMoves {
		c.words.refresh(g.Board, g.layout, p, board.Square(m))
		c.words.refresh(g.Board, g.layout, p, board.Square(m>>8))
	}
	return nil
}

// randomDicePlayout is RandomPlayout in a dice game, on one context for the
// whole playout: Result and LegalMoves would each take one from the pool
// and give it back, twice a turn (a tenth of a random Ludo game's time).
func (g *Game) randomDicePlayout(p *board.Position, rng *rand.Rand, maxPlies int, buf []board.Move) (int, []board.Move, error) {
	c := g.ctx(p, 0)
	defer g.release(c)
	plies := 0
	for plies < maxPlies {
		if !p.Rolled() {
			// A chance node: roll the dice (not a ply, and not a uniform
			// choice among the distinct rolls).
			g.resetCtx(c, p)
			over := g.result(c).Over
			if c.err != nil {
				return plies, buf, g.takeErr(c)
			}
			if over {
				break
			}
			g.Apply(p, g.RandomRoll(p, rng))
			if !p.Rolled() {
				continue // an opening roll that decides only who starts: the starter rolls
			}
		}
		g.resetCtx(c, p)
		buf = g.legalMoves(c, buf)
		if c.err != nil {
			return plies, buf[:0], g.takeErr(c)
		}
		if len(buf) == 0 {
			break
		}
		if e := g.apply(p, buf[rng.IntN(len(buf))]); e != nil {
			return plies, buf, e
		}
		plies++
	}
	return plies, buf, nil
}

// resetCtx points c at p as g.ctx does a context from the pool.
func (g *Game) resetCtx(c *Ctx, p *board.Position) {
	c.pos = p
	c.from, c.to, c.src, c.dst, c.lifted, c.off = noSquare, noSquare, 0, 0, 0, false
	c.at = noSquare
}
