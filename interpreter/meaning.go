package interpreter

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/stackrules/stackrules/board"
)

// Meaning checks: things a file can say that load fine but cannot be what
// the author meant, found in the compiled rules without playing them (terms
// that are constant, bear-offs no piece can reach). They read the compiler's
// own tables (each term's level, the targets of each move rule), so they
// live here; package authoring's Lint reports them with its other checks.

// condSet is one compiled expression with what it is and where its rule is.
type condSet struct {
	cp   *compiled
	what string
	kind scope
	move *moveRule
	bear *bearOffRule
}

func (g *Game) conditions() []condSet {
	var out []condSet
	for _, r := range g.moveRules {
		if r.cond != nil {
			out = append(out, condSet{cp: r.cond, what: fmt.Sprintf("move rule %q", r.name), kind: inMove, move: r})
		}
	}
	for _, r := range g.bearRules {
		if r.cond != nil {
			out = append(out, condSet{cp: r.cond, what: fmt.Sprintf("bear-off rule %q", r.name), kind: inBearOff, bear: r})
		}
	}
	for _, e := range g.endRules() {
		if e.cond != nil {
			out = append(out, condSet{cp: e.cond, what: "end: " + e.result, kind: inEnd})
		}
	}
	if g.prefer != nil {
		out = append(out, condSet{cp: g.prefer, what: "playout: prefer", kind: inPrefer})
	}
	if g.avoid != nil {
		out = append(out, condSet{cp: g.avoid, what: "search: avoid", kind: inAvoid})
	}
	return out
}

// MeaningChecks runs the checks that need the compiled game but do not play
// it: `stackrules lint` reports them (package authoring).
func (g *Game) MeaningChecks() Diagnostics {
	var ds Diagnostics
	neverTrue := map[*bearOffRule]bool{}
	for _, cs := range g.conditions() {
		cds := g.constantTerms(cs)
		for _, d := range cds {
			if cs.bear != nil && strings.Contains(d.Message, "false") {
				neverTrue[cs.bear] = true
			}
		}
		ds = append(ds, cds...)
	}
	if g.evaluate != nil && len(g.evaluate.terms) == 1 && g.evaluate.terms[0].level == lvConst {
		t := &g.evaluate.terms[0]
		from, to := g.evaluate.termSpan(t)
		ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", "use the names of the position, like borne_off(me) or progress(me)",
			"evaluate is a constant: it scores every position the same"))
	}
	ds = append(ds, g.unreachableBearOffs(neverTrue)...)
	return ds
}

// constantTerms reports terms whose value never changes: terms of literals
// and player names, terms over static names that are the same for every
// player and square the rule can apply to, and a constant operand that
// decides an `||` or `&&`.
func (g *Game) constantTerms(cs condSet) Diagnostics {
	var ds Diagnostics
	cp := cs.cp
	for i := range cp.terms {
		t := &cp.terms[i]
		if t.test == nil {
			continue
		}
		if b, isBool := t.node.(*ast.BoolNode); isBool && len(cp.terms) == 1 && b.Value {
			continue // `when: true` says "always" on purpose
		}
		from, to := cp.termSpan(t)
		text := cp.termText(t)
		switch {
		case t.level == lvConst:
			c := g.ctx(nil, 0)
			v, err := g.testTerm(c, t)
			g.release(c)
			if err != nil {
				continue
			}
			ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", constHint(v, cs),
				"%s: `%s` is always %v", cs.what, text, v))
			continue
		case t.static:
			seenTrue, seenFalse, any := g.staticDomain(cs, t)
			if !any {
				continue
			}
			if !seenTrue {
				hint := constHint(false, cs)
				if mentionsRow(t.node) {
					hint = fmt.Sprintf("rows count from each player's home row, 1 to %d; ", g.Board.Height) + hint
				}
				ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", hint,
					"%s: `%s` is false for every player and square", cs.what, text))
				continue
			}
			if !seenFalse {
				ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", "leave it out: it changes nothing",
					"%s: `%s` is true for every player and square", cs.what, text))
				continue
			}
		}
		ds = append(ds, g.constantOperands(cs, t.node)...)
	}
	return ds
}

func constHint(v bool, cs condSet) string {
	if v {
		return "leave it out: it changes nothing"
	}
	switch cs.kind {
	case inMove, inBearOff:
		return "so the rule never makes a move"
	case inEnd:
		return "so this end condition never ends a game"
	}
	return ""
}

func mentionsRow(n ast.Node) bool {
	found := false
	ast.Find(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.IdentifierNode); ok && (id.Value == "row" || id.Value == "to_row") {
			found = true
		}
		return false
	})
	return found
}

// staticDomain evaluates a static term for every player and every square
// (and destination, for a move rule) it can be asked about.
func (g *Game) staticDomain(cs condSet, t *condition) (seenTrue, seenFalse, any bool) {
	b := g.Board
	c := g.newCtx()
	defer func() {
		// A term that fails somewhere is not known to be constant.
		if recover() != nil || c.err != nil {
			seenTrue, seenFalse, any = false, false, false
		}
	}()
	for pi := range g.Players {
		c.me, c.opp = pi, g.next(pi)
		switch cs.kind {
		case inMove:
			for sq := 0; sq < b.NumSquares(); sq++ {
				c.from = board.Square(sq)
				for _, step := range cs.move.absDirs[pi] {
					// A flying rule reaches every square along the line.
					for to, ok := b.Step(board.Square(sq), step); ok; to, ok = b.Step(to, step) {
						c.to = to
						any = true
						if t.test(c) {
							seenTrue = true
						} else {
							seenFalse = true
						}
						if !cs.move.flying {
							break
						}
					}
				}
			}
		case inBearOff:
			c.to, c.lifted = noSquare, 1
			for sq := 0; sq < b.NumSquares(); sq++ {
				c.from = board.Square(sq)
				any = true
				if t.test(c) {
					seenTrue = true
				} else {
					seenFalse = true
				}
			}
		case inEnd:
			c.from, c.to = noSquare, noSquare
			any = true
			if t.test(c) {
				seenTrue = true
			} else {
				seenFalse = true
			}
		default:
			return false, false, false
		}
	}
	return
}

// constantOperands finds `x || true`, `x && false` and their useless
// counterparts inside a term.
func (g *Game) constantOperands(cs condSet, n ast.Node) Diagnostics {
	var ds Diagnostics
	ast.Find(n, func(x ast.Node) bool {
		b, ok := x.(*ast.BinaryNode)
		if !ok {
			return false
		}
		and := b.Operator == "&&" || b.Operator == "and"
		or := b.Operator == "||" || b.Operator == "or"
		if !and && !or {
			return false
		}
		for _, side := range []ast.Node{b.Left, b.Right} {
			if kindOf(side) != reflect.Bool || g.levelOf(side) != lvConst {
				continue
			}
			f, ok := g.closures(nil).boolClosure(side)
			if !ok {
				continue
			}
			v := f(g.newCtx())
			fromR, toR := cs.cp.src.span(side)
			from, to := cs.cp.src.at(fromR), cs.cp.src.at(toR)
			text := cs.cp.src.slice(side)
			whole := cs.cp.src.slice(b)
			switch {
			case or && v:
				ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", "",
					"%s: `%s` is always true, so `%s` is always true", cs.what, text, whole))
			case and && !v:
				ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", "",
					"%s: `%s` is always false, so `%s` is always false", cs.what, text, whole))
			default:
				ds = append(ds, diagSpan(g.File, from, to, Warning, "constant", "leave it out",
					"%s: `%s` is always %v and changes nothing in `%s`", cs.what, text, v, whole))
			}
		}
		return false
	})
	return ds
}

// unreachableBearOffs reports bear-off rules that can never let a player's
// piece leave: the static part of the condition holds on no square, or on
// none that a piece can reach from the setup by the move rules' directions.
func (g *Game) unreachableBearOffs(neverTrue map[*bearOffRule]bool) Diagnostics {
	var ds Diagnostics
	b := g.Board
	// The squares each player's pieces can stand on: their setup squares,
	// then the destinations of the player's own move rules, and of the other
	// players' rules that lift more than one piece (and so can carry them).
	reach := make([][]bool, len(g.Players))
	for pi := range g.Players {
		reach[pi] = make([]bool, b.NumSquares())
		var counts [board.MaxPlayers]int16
		var queue []int
		for sq := 0; sq < b.NumSquares(); sq++ {
			counts = [board.MaxPlayers]int16{}
			b.Count(g.start.Cells[sq], &counts)
			if counts[pi] > 0 {
				reach[pi][sq] = true
				queue = append(queue, sq)
			}
		}
		for len(queue) > 0 {
			sq := queue[0]
			queue = queue[1:]
			for _, r := range g.moveRules {
				for qi := range g.Players {
					if qi != pi && r.liftMax == 1 && !r.liftAll {
						continue
					}
					for _, t := range r.targets[qi][sq] {
						if !reach[pi][t] {
							reach[pi][t] = true
							queue = append(queue, int(t))
						}
					}
					if r.flying {
						for _, ray := range r.rays[qi][sq] {
							for _, st := range ray {
								if st.ok && !reach[pi][st.to] {
									reach[pi][st.to] = true
									queue = append(queue, int(st.to))
								}
							}
						}
					}
				}
			}
		}
	}
	for _, r := range g.bearRules {
		if neverTrue[r] {
			continue
		}
		key := keyNode(g.root, "bear_off", r.name)
		at, to := srcPos{Line: 1, Col: 1}, srcPos{Line: 1, Col: 2}
		if key != nil {
			at = nodePos(key)
			to = srcPos{Line: at.Line, Col: at.Col + len([]rune(key.Value))}
		}
		nowhere := 0
		for pi := range g.Players {
			found := false
			for sq := 0; sq < b.NumSquares(); sq++ {
				found = found || r.squares[pi][sq]
			}
			if !found {
				nowhere++
			}
		}
		if nowhere == len(g.Players) {
			ds = append(ds, diagSpan(g.File, at, to, Warning, "unreachable-bear-off", fmt.Sprintf("the board has %d rows; row counts from the player's home row", b.Height),
				"bear-off rule %q: no player can bear off by it: its condition is false on every square", r.name))
			continue
		}
		for pi, p := range g.Players {
			if g.initial[pi] == 0 {
				continue
			}
			anywhere, reachable := false, false
			for sq := 0; sq < b.NumSquares(); sq++ {
				if r.squares[pi][sq] {
					anywhere = true
					if reach[pi][sq] {
						reachable = true
					}
				}
			}
			if reachable {
				continue
			}
			if !anywhere {
				ds = append(ds, diagSpan(g.File, at, to, Warning, "unreachable-bear-off", fmt.Sprintf("the board has %d rows; row counts from the player's home row", b.Height),
					"bear-off rule %q: %s can bear off from no square: its condition is false on all of them", r.name, p.Name))
			} else {
				ds = append(ds, diagSpan(g.File, at, to, Warning, "unreachable-bear-off", "a piece reaches only its setup squares and where the move rules' directions lead from them",
					"bear-off rule %q: %s's pieces can reach no square where it lets %s bear off", r.name, p.Name, p.Name))
			}
		}
	}
	return ds
}
