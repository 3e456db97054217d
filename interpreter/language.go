package interpreter

import (
	"fmt"
	"math/big"

	"github.com/expr-lang/expr/ast"
	"github.com/stackrules/stackrules/board"
)

// What an expression may contain, checked at load time after expr has
// parsed and type-checked it: the rule language is a small part of expr's,
// and arithmetic that could overflow is refused before it can run.

// allowedNode reports whether n is part of the rule language, and if not,
// what to say. The language is integers, truth values, the names, player
// and kind names, `+ - * %`, comparisons, `&& || !`, `c ? a : b`, `x in
// lo..hi`, `x in [a, b]`, `/` by a constant, and abs, min, max; expr's other
// features (floats, `**`, `^`, strings, arrays and maps as values, indexing, member
// access, pipes, predicates) have no meaning for stacks and are refused.
func allowedNode(n ast.Node, parent ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		if n.Value == "opponents" {
			if call, ok := parent.(*ast.CallNode); ok {
				if id, ok := call.Callee.(*ast.IdentifierNode); ok && id.Value != "piece" {
					return "", true
				}
			}
			return "`opponents` is only what a count adds up, as in `checkers(opponents)`; to ask whether an owner is an opponent write `to_top != me && to_top != none`", false
		}
		return "", true
	case *ast.IntegerNode, *ast.BoolNode, *ast.ConditionalNode:
		return "", true
	case *ast.UnaryNode:
		switch n.Operator {
		case "!", "not", "-", "+":
			return "", true
		}
		return fmt.Sprintf("the operator `%s` is not part of the rule language", n.Operator), false
	case *ast.BinaryNode:
		switch n.Operator {
		case "%":
			if k, ok := n.Right.(*ast.IntegerNode); ok && k.Value == 0 {
				return "modulo by zero", false
			}
			return "", true
		case "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "&&", "||", "and", "or", "in":
			return "", true
		case "..":
			if p, ok := parent.(*ast.BinaryNode); ok && p.Operator == "in" && p.Right == n {
				return "", true
			}
			return "a range `lo..hi` is only for `x in lo..hi`", false
		case "/":
			// `/` divides into a fraction (the score of evaluate is then
			// truncated). Only by a constant, so it can never divide by zero.
			if k, ok := n.Right.(*ast.IntegerNode); ok && k.Value != 0 {
				return "", true
			}
			return "`/` divides only by a whole number other than 0 written out (`progress(me) / 4`); use `%` or compare products (`a >= 2 * b` rather than `a / b >= 2`)", false
		}
		return fmt.Sprintf("the operator `%s` is not part of the rule language (it has `+ - * %%`, comparisons, `&& || !`, `?:` and `in`)", n.Operator), false
	case *ast.ArrayNode:
		if p, ok := parent.(*ast.BinaryNode); ok && p.Operator == "in" && p.Right == n {
			return "", true
		}
		return "a list `[a, b]` is only for `x in [a, b]`", false
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			if d, known := names[id.Value]; known {
				if (d.call != nil || d.test != nil) && len(n.Arguments) == 1 || d.call2 != nil && len(n.Arguments) == 2 {
					return "", true
				}
			} else {
				return "", true // a region function or a region: checkSets
			}
		}
		return "only the names of the table (showing(p), piece(i)...) and regions can be called", false
	case *ast.BuiltinNode:
		switch n.Name {
		case "abs":
			return "", len(n.Arguments) == 1
		case "min", "max":
			if len(n.Arguments) == 2 {
				return "", true
			}
			return fmt.Sprintf("%s takes two numbers here", n.Name), false
		}
		return fmt.Sprintf("`%s` is not part of the rule language (only abs, min and max are)", n.Name), false
	case *ast.FloatNode:
		return "numbers in rule files are whole numbers", false
	case *ast.StringNode:
		return "strings are not part of the rule language", false
	case *ast.NilNode:
		return "nil is not part of the rule language; `none` is the owner of no piece", false
	case *ast.MemberNode, *ast.ChainNode:
		return "indexing and member access are not part of the rule language", false
	case *ast.SliceNode:
		return "slices are not part of the rule language", false
	case *ast.MapNode, *ast.PairNode:
		return "maps are not part of the rule language", false
	}
	return fmt.Sprintf("`%s` is not part of the rule language", n.String()), false
}

// checkLanguage reports the first node of tree outside the rule language.
func checkLanguage(tree ast.Node) (ast.Node, string) {
	var bad ast.Node
	var msg string
	var walk func(n, parent ast.Node)
	walk = func(n, parent ast.Node) {
		if bad != nil || n == nil {
			return
		}
		if m, ok := allowedNode(n, parent); !ok {
			bad, msg = n, m
			if msg == "" {
				msg = fmt.Sprintf("`%s` is not part of the rule language", n.String())
			}
			return
		}
		for _, c := range children(n) {
			walk(c, n)
		}
	}
	walk(tree, nil)
	return bad, msg
}

func children(n ast.Node) []ast.Node {
	switch n := n.(type) {
	case *ast.UnaryNode:
		return []ast.Node{n.Node}
	case *ast.BinaryNode:
		return []ast.Node{n.Left, n.Right}
	case *ast.ConditionalNode:
		return []ast.Node{n.Cond, n.Exp1, n.Exp2}
	case *ast.ArrayNode:
		return n.Nodes
	case *ast.CallNode:
		return n.Arguments
	case *ast.BuiltinNode:
		return n.Arguments
	}
	return nil
}

// Integer overflow is ruled out at load time: every number expression gets
// an interval its value always lies in (from the bounds of the names: a
// board has at most board.MaxSquares squares and a stack at most 64
// pieces), and an expression whose interval leaves the 64-bit range is
// refused at its operator. Real rules are nowhere near the limit, and
// neither the closures nor the VM pay anything at run time.

type interval struct{ lo, hi *big.Int }

var (
	minInt = big.NewInt(-1 << 63)
	maxInt = big.NewInt(1<<63 - 1)
)

func span(lo, hi int64) interval { return interval{big.NewInt(lo), big.NewInt(hi)} }

func (v interval) fits() bool { return v.lo.Cmp(minInt) >= 0 && v.hi.Cmp(maxInt) <= 0 }

func bigMin(xs ...*big.Int) *big.Int {
	m := xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(m) < 0 {
			m = x
		}
	}
	return m
}

func bigMax(xs ...*big.Int) *big.Int {
	m := xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(m) > 0 {
			m = x
		}
	}
	return m
}

func bigAbs(x *big.Int) *big.Int { return new(big.Int).Abs(x) }

// nameBound is the interval of a name's value, or of a call's.
func (g *Game) nameBound(name string) interval {
	pieces := int64(board.MaxSquares * 64)
	switch name {
	case "me", "opponent", "next", "previous", "top", "bottom", "to_top", "jumped_top", "piece":
		return span(none, int64(board.MaxPlayers))
	case "opponents":
		return span(allOpponents, allOpponents)
	case "players":
		return span(2, int64(board.MaxPlayers))
	case "none":
		return span(none, none)
	case "streak":
		return span(0, 9999)
	case "height", "lifted", "to_height", "jumped_height":
		return span(0, 64)
	case "row", "to_row", "farthest":
		return span(0, board.MaxSquares)
	case "kind":
		return span(-1, 64)
	case "progress":
		return span(0, pieces*board.MaxSquares)
	case "ply", "turn":
		return span(0, 65536)
	case "top_at", "bottom_at", "player":
		return span(none, int64(board.MaxPlayers))
	case "kind_at", "to_kind", "jumped_kind":
		return span(-1, 64)
	}
	return span(-pieces, pieces) // counts of pieces, stacks and squares
}

// overflow finds an integer operation of tree whose result may leave the
// 64-bit range; it returns the node and nil when there is none.
func (g *Game) overflow(tree ast.Node) ast.Node {
	var bad ast.Node
	var bound func(n ast.Node) interval
	bound = func(n ast.Node) interval {
		unknown := span(-1<<62, 1<<62)
		var out interval
		switch n := n.(type) {
		case *ast.IntegerNode:
			out = span(int64(n.Value), int64(n.Value))
		case *ast.BoolNode:
			out = span(0, 1)
		case *ast.IdentifierNode:
			if _, known := names[n.Value]; known {
				out = g.nameBound(n.Value)
			} else if k, ok := g.closures(nil).constInt(n); ok {
				out = span(int64(k), int64(k))
			} else {
				out = unknown
			}
		case *ast.CallNode:
			for _, a := range n.Arguments {
				bound(a)
			}
			if id, ok := n.Callee.(*ast.IdentifierNode); ok {
				out = g.nameBound(id.Value)
			} else {
				out = unknown
			}
		case *ast.UnaryNode:
			x := bound(n.Node)
			if n.Operator == "-" {
				out = interval{new(big.Int).Neg(x.hi), new(big.Int).Neg(x.lo)}
			} else {
				out = x
			}
		case *ast.ConditionalNode:
			bound(n.Cond)
			a, b := bound(n.Exp1), bound(n.Exp2)
			out = interval{bigMin(a.lo, b.lo), bigMax(a.hi, b.hi)}
		case *ast.BuiltinNode:
			var args []interval
			for _, a := range n.Arguments {
				args = append(args, bound(a))
			}
			switch {
			case n.Name == "abs" && len(args) == 1:
				m := bigMax(bigAbs(args[0].lo), bigAbs(args[0].hi))
				out = interval{big.NewInt(0), m}
			case len(args) == 2:
				out = interval{bigMin(args[0].lo, args[1].lo), bigMax(args[0].hi, args[1].hi)}
			default:
				out = unknown
			}
		case *ast.BinaryNode:
			a, b := bound(n.Left), bound(n.Right)
			switch n.Operator {
			case "+":
				out = interval{new(big.Int).Add(a.lo, b.lo), new(big.Int).Add(a.hi, b.hi)}
			case "-":
				out = interval{new(big.Int).Sub(a.lo, b.hi), new(big.Int).Sub(a.hi, b.lo)}
			case "*":
				ps := []*big.Int{new(big.Int).Mul(a.lo, b.lo), new(big.Int).Mul(a.lo, b.hi), new(big.Int).Mul(a.hi, b.lo), new(big.Int).Mul(a.hi, b.hi)}
				out = interval{bigMin(ps...), bigMax(ps...)}
			case "%", "/":
				m := bigMax(bigAbs(a.lo), bigAbs(a.hi))
				out = interval{new(big.Int).Neg(m), m}
			default:
				out = span(0, 1) // comparisons and logic: a truth value
			}
		case *ast.ArrayNode:
			for _, e := range n.Nodes {
				bound(e)
			}
			out = unknown
		default:
			out = unknown
		}
		if bad == nil && !out.fits() {
			bad = n
		}
		return out
	}
	bound(tree)
	return bad
}
