package interpreter

import (
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"
)

// The closure compiler: an expression's terms become Go closures over the
// evaluation context (Ctx), the fast path; what it does not know runs on
// expr's VM (runVM, compile.go).

// closureTerms splits a condition into its top-level `&&` terms and compiles
// each; nil when any term uses something the closure compiler does not know.
func (cl closures) closureTerms(tree ast.Node) []condition {
	g := cl.g
	parts := conjuncts(tree)
	out := make([]condition, 0, len(parts))
	for _, p := range parts {
		f, ok := cl.boolClosure(p)
		if !ok {
			return nil
		}
		out = append(out, condition{node: p, text: p.String(), level: g.levelOf(p), static: g.isStatic(p), test: f})
	}
	return out
}

func kindOf(n ast.Node) reflect.Kind {
	t := n.Type()
	if t == nil {
		return reflect.Invalid
	}
	return t.Kind()
}

func (cl closures) boolClosure(n ast.Node) (boolFn, bool) {
	if kindOf(n) != reflect.Bool {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.BoolNode:
		v := n.Value
		return func(*Ctx) bool { return v }, true
	case *ast.IdentifierNode:
		if d, ok := names[n.Value]; ok && d.flag != nil {
			return d.flag, true
		}
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok {
			return nil, false
		}
		if setFuncs[id.Value].args > 0 {
			return cl.setCallBool(n, id.Value)
		}
		if d, known := names[id.Value]; known && d.test != nil && len(n.Arguments) == 1 {
			arg, ok := cl.intClosure(n.Arguments[0])
			if !ok {
				return nil, false
			}
			test := d.test
			return func(c *Ctx) bool { return test(c, arg(c)) }, true
		}
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			x, ok := cl.boolClosure(n.Node)
			if !ok {
				return nil, false
			}
			return func(c *Ctx) bool { return !x(c) }, true
		}
	case *ast.ConditionalNode:
		cond, ok1 := cl.boolClosure(n.Cond)
		a, ok2 := cl.boolClosure(n.Exp1)
		b, ok3 := cl.boolClosure(n.Exp2)
		if ok1 && ok2 && ok3 {
			return func(c *Ctx) bool {
				if cond(c) {
					return a(c)
				}
				return b(c)
			}, true
		}
	case *ast.BinaryNode:
		return cl.binaryBool(n)
	}
	return nil, false
}

func (cl closures) binaryBool(n *ast.BinaryNode) (boolFn, bool) {
	switch n.Operator {
	case "&&", "and", "||", "or":
		a, ok1 := cl.boolClosure(n.Left)
		b, ok2 := cl.boolClosure(n.Right)
		if !ok1 || !ok2 {
			return nil, false
		}
		// `lifted == K || ...` (Liger's forward rule) tests the field inline.
		if l, ok := n.Left.(*ast.BinaryNode); ok && l.Operator == "==" {
			if id, ok := l.Left.(*ast.IdentifierNode); ok && id.Value == "lifted" {
				if k, ok := cl.constInt(l.Right); ok {
					if n.Operator == "&&" || n.Operator == "and" {
						return func(c *Ctx) bool { return c.lifted == k && b(c) }, true
					}
					return func(c *Ctx) bool { return c.lifted == k || b(c) }, true
				}
			}
		}
		if n.Operator == "&&" || n.Operator == "and" {
			return func(c *Ctx) bool { return a(c) && b(c) }, true
		}
		return func(c *Ctx) bool { return a(c) || b(c) }, true
	case "==", "!=":
		if kindOf(n.Left) == reflect.Bool && kindOf(n.Right) == reflect.Bool {
			a, ok1 := cl.boolClosure(n.Left)
			b, ok2 := cl.boolClosure(n.Right)
			if !ok1 || !ok2 {
				return nil, false
			}
			if n.Operator == "==" {
				return func(c *Ctx) bool { return a(c) == b(c) }, true
			}
			return func(c *Ctx) bool { return a(c) != b(c) }, true
		}
		return cl.compare(n)
	case "<", "<=", ">", ">=":
		return cl.compare(n)
	case "in":
		return cl.membership(n)
	}
	return nil, false
}

// compare compiles an integer comparison, with the common "name op constant"
// shape specialised so it costs one call.
func (cl closures) compare(n *ast.BinaryNode) (boolFn, bool) {
	a, ok1 := cl.intClosure(n.Left)
	b, ok2 := cl.intClosure(n.Right)
	if !ok1 || !ok2 {
		return nil, false
	}
	if f, ok := cl.fusedCompare(n); ok {
		return f, true
	}
	if k, isConst := cl.constInt(n.Right); isConst {
		switch n.Operator {
		case "==":
			return func(c *Ctx) bool { return a(c) == k }, true
		case "!=":
			return func(c *Ctx) bool { return a(c) != k }, true
		case "<":
			return func(c *Ctx) bool { return a(c) < k }, true
		case "<=":
			return func(c *Ctx) bool { return a(c) <= k }, true
		case ">":
			return func(c *Ctx) bool { return a(c) > k }, true
		case ">=":
			return func(c *Ctx) bool { return a(c) >= k }, true
		}
	}
	switch n.Operator {
	case "==":
		return func(c *Ctx) bool { return a(c) == b(c) }, true
	case "!=":
		return func(c *Ctx) bool { return a(c) != b(c) }, true
	case "<":
		return func(c *Ctx) bool { return a(c) < b(c) }, true
	case "<=":
		return func(c *Ctx) bool { return a(c) <= b(c) }, true
	case ">":
		return func(c *Ctx) bool { return a(c) > b(c) }, true
	case ">=":
		return func(c *Ctx) bool { return a(c) >= b(c) }, true
	}
	return nil, false
}

// fusedCompare compiles `name == constant`, `x == opponent` and a kept count
// compared with a constant into one closure each.
func (cl closures) fusedCompare(n *ast.BinaryNode) (boolFn, bool) {
	g := cl.g
	if n.Operator != "==" && n.Operator != "!=" && n.Operator != "<" {
		return nil, false
	}
	eq := n.Operator == "=="
	k, isConst := cl.constInt(n.Right)
	if id, ok := n.Left.(*ast.IdentifierNode); ok && isConst && n.Operator != "<" {
		switch id.Value {
		case "lifted":
			return func(c *Ctx) bool { return (c.lifted == k) == eq }, true
		case "height":
			return func(c *Ctx) bool { return (c.src.Height() == k) == eq }, true
		case "to_height":
			return func(c *Ctx) bool { return (c.dst.Height() == k) == eq }, true
		}
	}
	if call, ok := n.Left.(*ast.CallNode); ok && isConst && n.Operator != "<" && len(call.Arguments) == 1 {
		if id, ok := call.Callee.(*ast.IdentifierNode); ok {
			if r, ok := counterOf(id.Value, call.Arguments[0]); ok {
				return func(c *Ctx) bool { return (r.read(c) == k) == eq }, true
			}
		}
	}
	// bottom/top/to_top == me/opponent: the owner names read the stacks.
	// One closure with predictable branches costs less than two calls.
	if rid, ok := n.Right.(*ast.IdentifierNode); ok && (rid.Value == "me" || rid.Value == "opponent") && n.Operator != "<" {
		if id, ok := n.Left.(*ast.IdentifierNode); ok {
			b := g.Board
			mine := rid.Value == "me"
			which := map[string]int{"bottom": 1, "top": 2, "to_top": 3}[id.Value]
			if which > 0 {
				return func(c *Ctx) bool {
					var o int
					switch which {
					case 1:
						code := b.Piece(c.src, c.lifted)
						if code < 0 && c.g.tall {
							code = c.deepPiece(c.lifted)
						}
						o = b.Owner(code)
					case 2:
						o = b.TopOwner(c.src)
					default:
						o = b.TopOwner(c.dst)
					}
					want := c.opp
					if mine {
						want = c.me
					}
					return (o == want) == eq
				}, true
			}
		}
	}
	// showing(me) < showing(opponent) and the like.
	if n.Operator == "<" {
		lc, ok1 := n.Left.(*ast.CallNode)
		rc, ok2 := n.Right.(*ast.CallNode)
		if ok1 && ok2 && len(lc.Arguments) == 1 && len(rc.Arguments) == 1 {
			li, ok3 := lc.Callee.(*ast.IdentifierNode)
			ri, ok4 := rc.Callee.(*ast.IdentifierNode)
			if ok3 && ok4 {
				a, ok5 := counterOf(li.Value, lc.Arguments[0])
				b, ok6 := counterOf(ri.Value, rc.Arguments[0])
				if ok5 && ok6 {
					return func(c *Ctx) bool { return a.read(c) < b.read(c) }, true
				}
			}
		}
	}
	return nil, false
}

// membership compiles `x in lo..hi` and `x in [a, b, c]` over integers.
func (cl closures) membership(n *ast.BinaryNode) (boolFn, bool) {
	x, ok := cl.intClosure(n.Left)
	if !ok {
		return nil, false
	}
	switch r := n.Right.(type) {
	case *ast.BinaryNode:
		if r.Operator != ".." {
			return nil, false
		}
		lo, ok1 := cl.intClosure(r.Left)
		hi, ok2 := cl.intClosure(r.Right)
		if !ok1 || !ok2 {
			return nil, false
		}
		return func(c *Ctx) bool { v := x(c); return v >= lo(c) && v <= hi(c) }, true
	case *ast.ArrayNode:
		var fs []intFn
		for _, e := range r.Nodes {
			f, ok := cl.intClosure(e)
			if !ok {
				return nil, false
			}
			fs = append(fs, f)
		}
		return func(c *Ctx) bool {
			v := x(c)
			for _, f := range fs {
				if f(c) == v {
					return true
				}
			}
			return false
		}, true
	}
	return nil, false
}

// constInt reports whether n is an integer known at load time (a literal, a
// negated literal, `none` or a player name).
func (cl closures) constInt(n ast.Node) (int, bool) {
	g := cl.g
	switch n := n.(type) {
	case *ast.IntegerNode:
		return n.Value, true
	case *ast.UnaryNode:
		if v, ok := cl.constInt(n.Node); ok && n.Operator == "-" {
			return -v, true
		}
	case *ast.IdentifierNode:
		if n.Value == "none" {
			return none, true
		}
		if g.isRegionName(n.Value) {
			return 0, false
		}
		if v, ok := g.constant(n.Value); ok {
			return v, true
		}
	}
	return 0, false
}

func (cl closures) intClosure(n ast.Node) (intFn, bool) {
	if kindOf(n) != reflect.Int {
		return nil, false
	}
	if k, ok := cl.constInt(n); ok {
		return func(*Ctx) int { return k }, true
	}
	switch n := n.(type) {
	case *ast.IdentifierNode:
		if d, ok := names[n.Value]; ok && d.value != nil {
			return d.value, true
		}
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok {
			return nil, false
		}
		if setFuncs[id.Value].args > 0 {
			return cl.setCallInt(n, id.Value)
		}
		if d, known := names[id.Value]; known && d.call2 != nil && len(n.Arguments) == 2 {
			a, ok1 := cl.intClosure(n.Arguments[0])
			b, ok2 := cl.intClosure(n.Arguments[1])
			if !ok1 || !ok2 {
				return nil, false
			}
			call2 := d.call2
			return func(c *Ctx) int { return call2(c, a(c), b(c)) }, true
		}
		if len(n.Arguments) != 1 {
			return nil, false
		}
		d, known := names[id.Value]
		if !known || d.call == nil {
			return nil, false
		}
		call := d.call
		if a, isName := n.Arguments[0].(*ast.IdentifierNode); isName && a.Value == "opponents" {
			return func(c *Ctx) int { return countOpponents(c, call) }, true
		}
		if f, ok := counterClosure(id.Value, n.Arguments[0]); ok {
			return f, true
		}
		if k, isConst := cl.constInt(n.Arguments[0]); isConst {
			return func(c *Ctx) int { return call(c, k) }, true
		}
		arg, ok := cl.intClosure(n.Arguments[0])
		if !ok {
			return nil, false
		}
		if a, isName := n.Arguments[0].(*ast.IdentifierNode); isName && a.Value == "me" {
			return func(c *Ctx) int { return call(c, c.me) }, true
		}
		if a, isName := n.Arguments[0].(*ast.IdentifierNode); isName && a.Value == "opponent" {
			return func(c *Ctx) int { return call(c, c.opp) }, true
		}
		return func(c *Ctx) int { return callPlayer(c, call, arg(c)) }, true
	case *ast.UnaryNode:
		x, ok := cl.intClosure(n.Node)
		if !ok {
			return nil, false
		}
		switch n.Operator {
		case "-":
			return func(c *Ctx) int { return -x(c) }, true
		case "+":
			return x, true
		}
	case *ast.ConditionalNode:
		cond, ok1 := cl.boolClosure(n.Cond)
		a, ok2 := cl.intClosure(n.Exp1)
		b, ok3 := cl.intClosure(n.Exp2)
		if ok1 && ok2 && ok3 {
			return func(c *Ctx) int {
				if cond(c) {
					return a(c)
				}
				return b(c)
			}, true
		}
	case *ast.BinaryNode:
		a, ok1 := cl.intClosure(n.Left)
		b, ok2 := cl.intClosure(n.Right)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.Operator {
		case "+":
			return func(c *Ctx) int { return a(c) + b(c) }, true
		case "-":
			return func(c *Ctx) int { return a(c) - b(c) }, true
		case "*":
			return func(c *Ctx) int { return a(c) * b(c) }, true
		case "%":
			// A zero divisor is the rule file's error, recorded, not a panic.
			site := cl.site(n)
			return func(c *Ctx) int {
				d := b(c)
				if d == 0 {
					c.fail(site, "integer divide by zero")
					return 0
				}
				return a(c) % d
			}, true
		}
	case *ast.BuiltinNode:
		var args []intFn
		for _, e := range n.Arguments {
			f, ok := cl.intClosure(e)
			if !ok {
				return nil, false
			}
			args = append(args, f)
		}
		switch {
		case n.Name == "abs" && len(args) == 1:
			x := args[0]
			return func(c *Ctx) int {
				if v := x(c); v < 0 {
					return -v
				} else {
					return v
				}
			}, true
		case (n.Name == "min" || n.Name == "max") && len(args) == 2:
			a, b := args[0], args[1]
			if n.Name == "min" {
				return func(c *Ctx) int { return min(a(c), b(c)) }, true
			}
			return func(c *Ctx) int { return max(a(c), b(c)) }, true
		}
	}
	return nil, false
}

// counterClosure compiles showing, checkers and borne_off of me or opponent
// — the calls end conditions and most rules make — to a direct read of the
// count the position keeps.
// counterRef is a count of a player's that counterClosure reads: which
// (showing, checkers, borne_off, in_hand, captured) and whose (me or
// opponent). The comparisons of counts (fusedCompare) read them inline:
// a closure calling two closures cost a tenth of a Liger playout.
type counterRef struct {
	which int8
	opp   bool
}

var counterNames = []string{"showing", "checkers", "borne_off", "in_hand", "captured"}

// counterOf is the counterRef of fn(arg), arg me or opponent.
func counterOf(fn string, arg ast.Node) (counterRef, bool) {
	id, ok := arg.(*ast.IdentifierNode)
	if !ok || (id.Value != "me" && id.Value != "opponent") {
		return counterRef{}, false
	}
	i := slices.Index(counterNames, fn)
	if i < 0 {
		return counterRef{}, false
	}
	return counterRef{which: int8(i), opp: id.Value == "opponent"}, true
}

// read is the count r names in c.
func (r counterRef) read(c *Ctx) int {
	who := c.me
	if r.opp {
		who = c.opp
	}
	p := c.pos
	switch r.which {
	case 0:
		return int(p.Showing[who])
	case 1:
		return int(p.OnBoard[who])
	case 2:
		return int(p.Off[who])
	case 3:
		return int(p.Hand[who])
	}
	return int(p.Captured[who])
}

func counterClosure(fn string, arg ast.Node) (intFn, bool) {
	id, ok := arg.(*ast.IdentifierNode)
	if !ok || (id.Value != "me" && id.Value != "opponent") {
		return nil, false
	}
	me := id.Value == "me"
	switch {
	case fn == "showing" && me:
		return func(c *Ctx) int { return int(c.pos.Showing[c.me]) }, true
	case fn == "showing":
		return func(c *Ctx) int { return int(c.pos.Showing[c.opp]) }, true
	case fn == "checkers" && me:
		return func(c *Ctx) int { return int(c.pos.OnBoard[c.me]) }, true
	case fn == "checkers":
		return func(c *Ctx) int { return int(c.pos.OnBoard[c.opp]) }, true
	case fn == "borne_off" && me:
		return func(c *Ctx) int { return int(c.pos.Off[c.me]) }, true
	case fn == "borne_off":
		return func(c *Ctx) int { return int(c.pos.Off[c.opp]) }, true
	case fn == "in_hand" && me:
		return func(c *Ctx) int { return int(c.pos.Hand[c.me]) }, true
	case fn == "in_hand":
		return func(c *Ctx) int { return int(c.pos.Hand[c.opp]) }, true
	case fn == "captured" && me:
		return func(c *Ctx) int { return int(c.pos.Captured[c.me]) }, true
	case fn == "captured":
		return func(c *Ctx) int { return int(c.pos.Captured[c.opp]) }, true
	}
	return nil, false
}
