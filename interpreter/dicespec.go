package interpreter

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// The piece-level terms of a dice move's condition, specialised per die.
//
// A term the generator tests for every piece often has parts that depend on
// the position and the die only: in `step == 0 || rearmost(me) > 0` the
// right side, in `to_step < finish || rearmost(me) >= 19 && ...` the left
// operand of `&&`. Such parts (facts) are worked out once per die tried, and
// the term's copy with those values put in is tested per piece: mostly it is
// `true` (and skipped) or a single comparison. Only terms that cannot fail
// (no `%`) are specialised, so testing them in another order changes nothing
// but the time taken.

// maxFacts bounds the facts of one term (a term has 1<<maxFacts copies).
const maxFacts = 3

// specialiseTerms makes the specTerms of a rule's piece-level terms, or
// returns nil when some term cannot be specialised (the rule's rest is then
// tested as it is).
func (g *Game) specialiseTerms(terms []condition) []dice.SpecTerm[*Ctx] {
	if len(terms) > dice.MaxSpecTerms {
		return nil
	}
	out := make([]dice.SpecTerm[*Ctx], 0, len(terms))
	for _, t := range terms {
		if t.test == nil || t.node == nil || canFail(t.node) {
			return nil
		}
		var facts []ast.Node
		g.findFacts(t.node, &facts)
		if len(facts) > maxFacts {
			return nil
		}
		st := dice.SpecTerm[*Ctx]{Variants: make([]dice.Test[*Ctx], 1<<len(facts))}
		for _, f := range facts {
			fn, ok := g.closures(nil).boolClosure(f)
			if !ok {
				return nil
			}
			st.Facts = append(st.Facts, diceTest(fn))
		}
		for mask := range st.Variants {
			n, v := substituteFacts(t.node, facts, uint32(mask))
			switch v {
			case 1:
				continue // true: nothing to test
			case 0:
				st.Never |= 1 << mask
				continue
			}
			if n == t.node {
				st.Variants[mask] = diceTest(t.test)
				continue
			}
			fn, ok := g.closures(nil).boolClosure(n)
			if !ok {
				return nil
			}
			st.Variants[mask] = diceTest(fn)
		}
		out = append(out, st)
	}
	return out
}

// canFail reports whether evaluating n may record a runtime error.
func canFail(n ast.Node) bool {
	fails := false
	ast.Find(n, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "%" || b.Operator == "/") {
			fails = true
		}
		return false
	})
	return fails
}

// findFacts collects the operands of n's `&&` and `||` (nested) that depend
// on the position and the die only, not on the piece.
func (g *Game) findFacts(n ast.Node, facts *[]ast.Node) {
	b, ok := n.(*ast.BinaryNode)
	if !ok || !isAndOr(b.Operator) {
		return
	}
	for _, side := range []ast.Node{b.Left, b.Right} {
		if kindOf(side) == reflect.Bool && g.levelOf(side) <= lvPosition && g.levelOf(side) > lvConst {
			*facts = append(*facts, side)
			continue
		}
		g.findFacts(side, facts)
	}
}

func isAndOr(op string) bool { return op == "&&" || op == "and" || op == "||" || op == "or" }

func isAnd(op string) bool { return op == "&&" || op == "and" }

// substituteFacts is n with fact i replaced by the bit i of values,
// simplified: v is 1 or 0 when the whole is then true or false, -1 when it
// still depends on the piece (and node is what is left to test).
func substituteFacts(n ast.Node, facts []ast.Node, values uint32) (node ast.Node, v int) {
	for i, f := range facts {
		if n == f {
			return nil, int(values>>i) & 1
		}
	}
	b, ok := n.(*ast.BinaryNode)
	if !ok || !isAndOr(b.Operator) {
		return n, -1
	}
	l, lv := substituteFacts(b.Left, facts, values)
	r, rv := substituteFacts(b.Right, facts, values)
	if isAnd(b.Operator) {
		switch {
		case lv == 0 || rv == 0:
			return nil, 0
		case lv == 1:
			return r, rv
		case rv == 1:
			return l, lv
		}
	} else {
		switch {
		case lv == 1 || rv == 1:
			return nil, 1
		case lv == 0:
			return r, rv
		case rv == 0:
			return l, lv
		}
	}
	if l == b.Left && r == b.Right {
		return n, -1
	}
	out := &ast.BinaryNode{Operator: b.Operator, Left: l, Right: r}
	out.SetType(b.Type())
	return out, -1
}
