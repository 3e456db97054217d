package interpreter

import (
	"fmt"
	"sort"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/rulefile"
	"go.yaml.in/yaml/v3"
)

// Inspection: what the authoring tools (package authoring: lint, rule-file
// tests) ask of a compiled game beyond playing it — the rule file it came
// from, its rules by name, and its conditions evaluated term by term, so a
// tool can say which term of which rule fails and where it is written. Play
// never calls these.

// Text is the rule file's text, line by line, for diagnostics.
func (g *Game) Text() *rulefile.Source { return g.src }

// SyntaxTree is the rule file's YAML, for finding where a key is written.
func (g *Game) SyntaxTree() *yaml.Node { return g.root }

// PlayerIndex is the turn-order index of the player with this name or
// letter, -1 when none has it.
func (g *Game) PlayerIndex(name string) int { return g.playerIndex(name) }

// RuleNames are the names of the move, bear-off and capture rules, indexed
// as a generated move's Rule is.
func (g *Game) RuleNames() (moves, bearOffs, captures []string) {
	for _, r := range g.moveRules {
		moves = append(moves, r.name)
	}
	for _, r := range g.bearRules {
		bearOffs = append(bearOffs, r.name)
	}
	for _, r := range g.captureRules {
		captures = append(captures, r.name)
	}
	return moves, bearOffs, captures
}

// EndCondition is one entry of the rule file's end list.
type EndCondition struct {
	Result   string // win, loss, draw or place for the player who just moved
	Text     string // the condition as written
	From, To rulefile.Pos
	Written  bool // the condition has a place in the rule file
}

// EndConditions lists the end conditions in the rule file's order.
func (g *Game) EndConditions() []EndCondition {
	out := make([]EndCondition, len(g.endRules()))
	for i, e := range g.endRules() {
		out[i].Result = e.result
		if e.cond != nil && e.cond.src != nil {
			src := e.cond.src
			out[i].Text, out[i].From, out[i].To, out[i].Written = src.Text, src.at(0), src.at(len(src.pos)-1), true
		}
	}
	return out
}

// TermFailure is a term of a condition that fails with a runtime error.
type TermFailure struct {
	What     string // the rule: `move rule "step"`, "end: win", "playout: prefer", "evaluate"
	Text     string // the term as written
	From, To rulefile.Pos
	Err      error
}

func termFailure(cp *compiled, t *condition, what string, err error) *TermFailure {
	from, to := cp.termSpan(t)
	return &TermFailure{What: what, Text: cp.termText(t), From: from, To: to, Err: err}
}

// Prefers evaluates `playout: prefer` for m at p term by term: whether it
// holds, or the term that fails. It is false for a game without it.
func (g *Game) Prefers(p *board.Position, m board.Move) (bool, *TermFailure) {
	return g.hintHolds(g.prefer, "playout: prefer", p, 0, m)
}

// Avoids evaluates `search: avoid` for m at sp term by term, as Prefers.
func (g *Game) Avoids(sp *SearchPosition, m board.Move) (bool, *TermFailure) {
	return g.hintHolds(g.avoid, "search: avoid", &sp.Position, int(sp.Quiet), m)
}

// hintHolds evaluates cp, a hint about candidate move m at p after quiet
// plies without progress, term by term; false for a pass or no hint.
func (g *Game) hintHolds(cp *compiled, what string, p *board.Position, quiet int, m board.Move) (bool, *TermFailure) {
	if cp == nil || m.Kind == board.Pass {
		return false, nil
	}
	c := g.ctx(p, int(p.ToMove))
	defer g.release(c)
	c.candidate(p, m)
	c.quiet = quiet
	for i := range cp.terms {
		t := &cp.terms[i]
		ok, err := g.testTerm(c, t)
		if err != nil {
			return false, termFailure(cp, t, what, err)
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}

// HasEvaluate reports whether the rule file has `evaluate`.
func (g *Game) HasEvaluate() bool { return g.evaluate != nil }

// EvaluateFailure runs the rule file's evaluate at p for every player and
// returns its term if it fails there.
func (g *Game) EvaluateFailure(p *board.Position) *TermFailure {
	if g.evaluate == nil {
		return nil
	}
	c := g.ctx(p, 0)
	defer g.release(c)
	t := &g.evaluate.terms[0]
	for i := range g.Players {
		c.me, c.opp = i, g.next(i)
		if _, err := g.testTerm(c, t); err != nil {
			return termFailure(g.evaluate, t, "evaluate", err)
		}
	}
	return nil
}

// EndsHeld sets held[i] for each end condition (as EndConditions lists
// them) that holds at p for the player who just moved.
func (g *Game) EndsHeld(p *board.Position, held []bool) {
	c := g.ctx(p, g.lastMover(p))
	defer g.release(c)
	for i, e := range g.endRules() {
		if held[i] {
			continue
		}
		ok := true
		for j := range e.cond.terms {
			v, err := g.testTerm(c, &e.cond.terms[j])
			if err != nil || !v {
				ok = false
				break
			}
		}
		held[i] = ok
	}
}

// FindRuntimeError evaluates, term by term in the order play does, the
// conditions asked about at p, and returns the first term that fails; nil
// when none fails on its own.
func (g *Game) FindRuntimeError(p *board.Position) *TermFailure {
	b := g.Board
	// The end conditions, for the player who just moved.
	c := g.ctx(p, g.lastMover(p))
	defer g.release(c)
	for _, e := range g.endRules() {
		if t, err := g.firstFailing(c, e.cond); t != nil {
			return termFailure(e.cond, t, "end: "+e.result, err)
		}
	}
	me := int(p.ToMove)
	c.me, c.opp = me, g.next(me)
	for sq := 0; sq < b.NumSquares(); sq++ {
		s := p.Cells[sq]
		if b.TopOwner(s) != me {
			continue
		}
		c.from, c.src = board.Square(sq), s
		h := s.Height()
		for _, r := range g.moveRules {
			lo, hi := r.liftMin, r.liftMax
			if hi == 0 || hi > h {
				hi = h
			}
			if r.liftAll {
				lo = h
			}
			for k := lo; k <= hi; k++ {
				c.lifted = k
				for _, tg := range r.targets[me][sq] {
					c.to, c.dst = tg, p.Cells[tg]
					if t, err := g.firstFailing(c, r.cond); t != nil {
						return termFailure(r.cond, t, fmt.Sprintf("move rule %q", r.name), err)
					}
				}
			}
		}
		c.to, c.dst, c.lifted = noSquare, 0, 1
		for _, r := range g.bearRules {
			if !r.squares[me][sq] {
				continue
			}
			if t, err := g.firstFailing(c, r.cond); t != nil {
				return termFailure(r.cond, t, fmt.Sprintf("bear-off rule %q", r.name), err)
			}
		}
	}
	return nil
}

// firstFailing evaluates a condition's terms by level, as play does, until
// one is false; it returns the first that fails with an error.
func (g *Game) firstFailing(c *Ctx, cp *compiled) (*condition, error) {
	if cp == nil {
		return nil, nil
	}
	order := make([]int, len(cp.terms))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return cp.terms[order[i]].level < cp.terms[order[j]].level })
	for _, i := range order {
		t := &cp.terms[i]
		ok, err := g.testTerm(c, t)
		if err != nil {
			return t, err
		}
		if !ok {
			return nil, nil
		}
	}
	return nil, nil
}
