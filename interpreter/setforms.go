package interpreter

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/stackrules/stackrules/board"
)

// Set forms: a move rule's terms evaluated for many moves at once.
//
// The closures (closures.go) answer one question about one candidate move:
// does the term hold for this square, this lift, this destination? A set
// form answers it for a whole set of candidates in a few word operations:
//
//   - a lift term, for one source stack, gives the set of lift sizes it
//     allows, as bits of a word (`bottom == me` reads the owners of the top
//     pieces straight from the stack word: Board.OwnerMask);
//   - a destination term, once per move generation, gives the set of
//     squares it allows (`to_top == opponent` is the opponent's Tops).
//
// The generator then lists a source's moves by copying move templates,
// made at load time per rule, player and square (moveRule.tmpl), for each
// lift size in the set, filtered by the destination set: no closure call
// per lift size or destination.
//
// A term has a set form when it is built from the shapes below; any other
// term keeps its closure, evaluated per candidate as before, after the set
// forms of the terms written before it. A set form is only used for terms
// that cannot fail at run time (no `%`, no region, no VM), so that the
// moves, and the runtime errors met, are exactly the closures': the
// differential tests (setforms_test.go) check that on random positions of
// every built-in and on random rule files.

// liftSetFn is the set form of a lift term: for the stack in c.src, bit k
// (1 <= k <= n) is set when the term holds with k pieces lifted.
type liftSetFn func(c *Ctx, n int) uint64

// destSetFn is the set form of a destination term: the squares it allows as
// destinations, for the position and player in c.
type destSetFn func(c *Ctx) board.SquareSet

// destWordFn is destSetFn in a word game: the squares as bits of the
// game's word layout, read from Ctx.words (shifts.go).
type destWordFn func(c *Ctx) uint64

// liftBits is the set of lift sizes 1..n.
func liftBits(n int) uint64 {
	if n <= 0 {
		return 0
	}
	if n >= 63 {
		return ^uint64(1)
	}
	return (uint64(1)<<uint(n) - 1) << 1
}

// liftRange is the set of lift sizes lo..hi.
func liftRange(lo, hi int) uint64 { return liftBits(hi) &^ liftBits(lo-1) }

// setsOn reports whether the game's move rules use set forms: not in the
// baselines the closures are measured and checked against.
func (g *Game) setsOn() bool { return !g.opts.VMOnly && !g.opts.reference && !g.opts.noSets }

// pure reports whether a tree can be evaluated anywhere without changing
// what is observed: it cannot fail at run time (no `%`), reads no region and
// calls nothing that searches.
func (g *Game) pure(n ast.Node) bool {
	ok := true
	ast.Find(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IntegerNode, *ast.BoolNode:
		case *ast.IdentifierNode:
			if g.isRegionName(n.Value) {
				ok = false
			}
		case *ast.UnaryNode:
			switch n.Operator {
			case "!", "not", "-", "+":
			default:
				ok = false
			}
		case *ast.BinaryNode:
			switch n.Operator {
			case "&&", "and", "||", "or", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*":
			default:
				ok = false
			}
		case *ast.CallNode:
			id, isName := n.Callee.(*ast.IdentifierNode)
			if !isName {
				ok = false
				break
			}
			switch id.Value {
			case "piece", "showing", "checkers", "borne_off", "in_hand", "captured":
			default:
				ok = false
			}
		default:
			ok = false
		}
		return false
	})
	return ok
}

// outerInt compiles a number the set forms compare with: a pure expression
// of no deeper level than lv.
func (cl closures) outerInt(n ast.Node, lv level) (intFn, bool) {
	g := cl.g
	if kindOf(n) != reflect.Int || g.levelOf(n) > lv || !g.pure(n) {
		return nil, false
	}
	return cl.intClosure(n)
}

// liftSet compiles the set form of a lift term, if it has one.
func (cl closures) liftSet(n ast.Node) (liftSetFn, bool) {
	g := cl.g
	if kindOf(n) != reflect.Bool || !g.pure(n) {
		return nil, false
	}
	if g.levelOf(n) <= lvSource {
		// The same for every lift size.
		f, ok := cl.boolClosure(n)
		if !ok {
			return nil, false
		}
		return func(c *Ctx, k int) uint64 {
			if f(c) {
				return liftBits(k)
			}
			return 0
		}, true
	}
	switch n := n.(type) {
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			x, ok := cl.liftSet(n.Node)
			if !ok {
				return nil, false
			}
			return func(c *Ctx, k int) uint64 { return liftBits(k) &^ x(c, k) }, true
		}
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and", "||", "or":
			a, ok1 := cl.liftSet(n.Left)
			b, ok2 := cl.liftSet(n.Right)
			if !ok1 || !ok2 {
				return nil, false
			}
			if n.Operator == "&&" || n.Operator == "and" {
				return func(c *Ctx, k int) uint64 { return a(c, k) & b(c, k) }, true
			}
			return func(c *Ctx, k int) uint64 { return a(c, k) | b(c, k) }, true
		case "==", "!=", "<", "<=", ">", ">=":
			return cl.liftCompare(n)
		}
	}
	return nil, false
}

// flipped is the comparison with its sides swapped: a < b is b > a.
var flipped = map[string]string{"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// liftCompare compiles `lifted OP x` and `bottom == x`, `bottom != x`
// (either way round), x a number that does not depend on the lift.
func (cl closures) liftCompare(n *ast.BinaryNode) (liftSetFn, bool) {
	g := cl.g
	op, name, other := n.Operator, "", ast.Node(nil)
	if id, ok := n.Left.(*ast.IdentifierNode); ok && (id.Value == "lifted" || id.Value == "bottom") {
		name, other = id.Value, n.Right
	} else if id, ok := n.Right.(*ast.IdentifierNode); ok && (id.Value == "lifted" || id.Value == "bottom") {
		name, other, op = id.Value, n.Left, flipped[op]
	}
	if name == "" {
		return nil, false
	}
	x, ok := cl.outerInt(other, lvSource)
	if !ok {
		return nil, false
	}
	if name == "bottom" {
		if op != "==" && op != "!=" {
			return nil, false
		}
		b := g.Board
		eq := op == "=="
		return func(c *Ctx, k int) uint64 {
			m := b.OwnerMask(c.src, x(c), k) << 1
			if eq {
				return m
			}
			return liftBits(k) &^ m
		}, true
	}
	// lifted OP v: the lift sizes in 1..k on the right side of v.
	below := func(v, k int) uint64 { return liftBits(min(v, k)) } // sizes < v+1, i.e. <= v
	var f func(v, k int) uint64
	switch op {
	case "==":
		f = func(v, k int) uint64 {
			if v < 1 || v > k {
				return 0
			}
			return 1 << uint(v)
		}
	case "!=":
		f = func(v, k int) uint64 {
			if v < 1 || v > k {
				return liftBits(k)
			}
			return liftBits(k) &^ (1 << uint(v))
		}
	case "<":
		f = func(v, k int) uint64 { return below(v-1, k) }
	case "<=":
		f = func(v, k int) uint64 { return below(v, k) }
	case ">":
		f = func(v, k int) uint64 { return liftBits(k) &^ below(v, k) }
	case ">=":
		f = func(v, k int) uint64 { return liftBits(k) &^ below(v-1, k) }
	default:
		return nil, false
	}
	if v, isConst := cl.constInt(other); isConst {
		return func(_ *Ctx, k int) uint64 { return f(v, k) }, true
	}
	return func(c *Ctx, k int) uint64 { return f(x(c), k) }, true
}

// destSet compiles the set form of a destination term, if it has one:
// `to_top == x` and `to_top != x`, x a number known for the whole position
// (me, opponent, none, a player).
func (cl closures) destSet(n ast.Node) (destSetFn, bool) {
	g := cl.g
	if kindOf(n) != reflect.Bool || !g.pure(n) {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and", "||", "or":
			a, ok1 := cl.destSet(n.Left)
			b, ok2 := cl.destSet(n.Right)
			if !ok1 || !ok2 {
				return nil, false
			}
			if n.Operator == "&&" || n.Operator == "and" {
				return func(c *Ctx) board.SquareSet { return a(c).And(b(c)) }, true
			}
			return func(c *Ctx) board.SquareSet { return a(c).Or(b(c)) }, true
		case "==", "!=":
			var other ast.Node
			if id, ok := n.Left.(*ast.IdentifierNode); ok && id.Value == "to_top" {
				other = n.Right
			} else if id, ok := n.Right.(*ast.IdentifierNode); ok && id.Value == "to_top" {
				other = n.Left
			}
			if other == nil {
				return nil, false
			}
			x, ok := cl.outerInt(other, lvPosition)
			if !ok {
				return nil, false
			}
			players := len(g.Players)
			eq := n.Operator == "=="
			return func(c *Ctx) board.SquareSet {
				// to_top is a player where that player's piece is on top,
				// none elsewhere (empty squares, neutral pieces on top).
				var s board.SquareSet
				v, in := x(c), eq
				switch {
				case v >= 0 && v < players:
					s = c.pos.Tops[v]
				case v == none:
					for p := 0; p < players; p++ {
						s = s.Or(c.pos.Tops[p])
					}
					in = !in
				}
				if in {
					return s
				}
				return allSquares.AndNot(s)
			}, true
		}
	}
	return nil, false
}

// destWord is destSet over the word view's tops (shifts.go): the same
// terms, the same sets, as bits of the word layout (bits of no square
// may be in them: no move leads there).
func (cl closures) destWord(n ast.Node) (destWordFn, bool) {
	g := cl.g
	if kindOf(n) != reflect.Bool || !g.pure(n) {
		return nil, false
	}
	switch n := n.(type) {
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and", "||", "or":
			a, ok1 := cl.destWord(n.Left)
			b, ok2 := cl.destWord(n.Right)
			if !ok1 || !ok2 {
				return nil, false
			}
			if n.Operator == "&&" || n.Operator == "and" {
				return func(c *Ctx) uint64 { return a(c) & b(c) }, true
			}
			return func(c *Ctx) uint64 { return a(c) | b(c) }, true
		case "==", "!=":
			var other ast.Node
			if id, ok := n.Left.(*ast.IdentifierNode); ok && id.Value == "to_top" {
				other = n.Right
			} else if id, ok := n.Right.(*ast.IdentifierNode); ok && id.Value == "to_top" {
				other = n.Left
			}
			if other == nil {
				return nil, false
			}
			players := len(g.Players)
			eq := n.Operator == "=="
			if id, ok := other.(*ast.IdentifierNode); ok && (id.Value == "me" || id.Value == "opponent") {
				// The common case, without the call for the player.
				opp := id.Value == "opponent"
				return func(c *Ctx) uint64 {
					v := c.me
					if opp {
						v = c.opp
					}
					if eq {
						return c.words.tops[v]
					}
					return ^c.words.tops[v]
				}, true
			}
			x, ok := cl.outerInt(other, lvPosition)
			if !ok {
				return nil, false
			}
			return func(c *Ctx) uint64 {
				var s uint64
				v, in := x(c), eq
				switch {
				case v >= 0 && v < players:
					s = c.words.tops[v]
				case v == none:
					for p := 0; p < players; p++ {
						s |= c.words.tops[p]
					}
					in = !in
				}
				if in {
					return s
				}
				return ^s
			}, true
		}
	}
	return nil, false
}

// allSquares is every square a board can have.
var allSquares = func() board.SquareSet {
	var s board.SquareSet
	for i := range s {
		s[i] = ^uint64(0)
	}
	return s
}()

// simpleLift recognises the lift terms the generator computes inline: an
// `||` of `lifted OP constant` and at most one `bottom == me` or
// `bottom == opponent` (Liger's `lifted == 1 || bottom == opponent`,
// Stackers' `bottom == me`). always is the set of the lift sizes the
// comparisons allow (bits 1..63), owner 1 for me, 2 for opponent, 0 for
// no bottom term.
func (cl closures) simpleLift(n ast.Node) (always uint64, owner int8, ok bool) {
	b, isBin := n.(*ast.BinaryNode)
	if !isBin {
		return 0, 0, false
	}
	switch b.Operator {
	case "||", "or":
		a1, o1, ok1 := cl.simpleLift(b.Left)
		a2, o2, ok2 := cl.simpleLift(b.Right)
		if !ok1 || !ok2 || (o1 != 0 && o2 != 0) {
			return 0, 0, false
		}
		return a1 | a2, o1 | o2, true
	case "==":
		l, isName := b.Left.(*ast.IdentifierNode)
		if !isName {
			return 0, 0, false
		}
		if r, isName := b.Right.(*ast.IdentifierNode); isName && l.Value == "bottom" {
			switch r.Value {
			case "me":
				return 0, 1, true
			case "opponent":
				return 0, 2, true
			}
		}
	}
	if f, ok := cl.liftCompare(b); ok {
		if id, isName := b.Left.(*ast.IdentifierNode); isName && id.Value == "lifted" {
			if _, isConst := cl.constInt(b.Right); isConst {
				return f(nil, 63), 0, true
			}
		}
	}
	return 0, 0, false
}

// heightSet recognises `height OP constant` (either way round), the
// source term whose set form is the set of heights it allows (bit h).
func (cl closures) heightSet(n ast.Node) (uint64, bool) {
	b, ok := n.(*ast.BinaryNode)
	if !ok {
		return 0, false
	}
	op, other := b.Operator, b.Right
	if id, ok := b.Left.(*ast.IdentifierNode); !ok || id.Value != "height" {
		id, ok := b.Right.(*ast.IdentifierNode)
		if !ok || id.Value != "height" {
			return 0, false
		}
		op, other = flipped[op], b.Left
	}
	v, ok := cl.constInt(other)
	if !ok {
		return 0, false
	}
	var hs uint64
	for h := 0; h < 64; h++ {
		var in bool
		switch op {
		case "==":
			in = h == v
		case "!=":
			in = h != v
		case "<":
			in = h < v
		case "<=":
			in = h <= v
		case ">":
			in = h > v
		case ">=":
			in = h >= v
		default:
			return 0, false
		}
		if in {
			hs |= 1 << uint(h)
		}
	}
	return hs, true
}

// placeSetForms splits a move rule's source, lift and destination terms
// into the set forms of those written first and the closures of the rest.
func (g *Game) placeSetForms(r *moveRule, src, lift, dest []condition) {
	r.srcRest, r.liftRest, r.destRest = r.src, r.lift, r.dest
	r.liftAlways, r.srcHeights = ^uint64(0), ^uint64(0)
	if !g.setsOn() || r.cond == nil || r.cond.vm || r.farther {
		return
	}
	cl := g.closures(r.cond)
	i := 0
	for ; i < len(src); i++ {
		hs, ok := cl.heightSet(src[i].node)
		if !ok {
			break
		}
		r.srcHeights &= hs
	}
	if i > 0 {
		r.srcRest = nil
		for _, t := range src[i:] {
			r.srcRest = and(r.srcRest, t.test)
		}
	}
	if len(lift) == 1 {
		if always, owner, ok := cl.simpleLift(lift[0].node); ok {
			r.liftAlways, r.liftOwner, r.liftRest = always, owner, nil
			lift = nil
		}
	}
	i = 0
	for ; i < len(lift); i++ {
		f, ok := cl.liftSet(lift[i].node)
		if !ok {
			break
		}
		if prev := r.liftSet; prev != nil {
			r.liftSet = func(c *Ctx, k int) uint64 { return prev(c, k) & f(c, k) }
		} else {
			r.liftSet = f
		}
	}
	if r.liftSet != nil {
		r.liftRest = nil
		for _, t := range lift[i:] {
			r.liftRest = and(r.liftRest, t.test)
		}
	}
	i = 0
	for ; i < len(dest); i++ {
		f, ok := cl.destSet(dest[i].node)
		if !ok {
			break
		}
		w, _ := cl.destWord(dest[i].node) // the same terms
		if prev, prevWord := r.destSet, r.destWord; prev != nil {
			r.destSet = func(c *Ctx) board.SquareSet { return prev(c).And(f(c)) }
			r.destWord = func(c *Ctx) uint64 { return prevWord(c) & w(c) }
		} else {
			r.destSet, r.destWord = f, w
		}
	}
	if r.destSet != nil {
		r.destRest = nil
		for _, t := range dest[i:] {
			r.destRest = and(r.destRest, t.test)
		}
	}
}

// tmplLifts is the largest lift size with templates of its own.
const tmplLifts = 16

// makeTemplates fills the move templates of a step rule: per player and
// square, its moves to each target, with the lift left to fill in. A plain
// rule (no destination terms, no earlier rule making the same moves) lists
// a source's moves for one lift size by copying them whole.
func (g *Game) makeTemplates(ri int, r *moveRule) {
	// A game whose columns outgrow the word (g.tall, known only once every
	// rule is read) keeps their bottom pieces apart, where `bottom` reads
	// them one by one: its rules keep their closures.
	if !g.setsOn() || r.farther || g.tall {
		return
	}
	r.sets = true
	r.plain = r.destSet == nil && r.destRest == nil && !r.toEmpty && r.earlier == nil
	// Templates for the lift sizes up to tmplLifts come with their Lift
	// filled in; a larger lift is written into a copy of tmpl[..][0].
	lifts := tmplLifts
	if r.liftMax > 0 {
		lifts = min(lifts, r.liftMax)
	}
	if r.liftAll {
		lifts = 0
	}
	for pi := range g.Players {
		r.tmpl[pi] = make([][][]move32, len(r.targets[pi]))
		for sq, targets := range r.targets[pi] {
			if len(targets) == 0 {
				continue
			}
			r.fromSet[pi].Add(board.Square(sq))
			r.tmpl[pi][sq] = make([][]move32, lifts+1)
			for k := 0; k <= lifts; k++ {
				for _, to := range targets {
					m := compact(board.Square(sq), to, k, board.Step, ri)
					r.tmpl[pi][sq][k] = append(r.tmpl[pi][sq][k], m)
				}
			}
		}
	}
	for pi := range g.Players {
		r.step[pi] = g.makeStep(r, ri, pi)
	}
}
