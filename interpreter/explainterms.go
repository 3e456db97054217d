package interpreter

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// checkTerms evaluates every term of a condition in c and describes the
// false ones, with the rule file's words for them when it has some; Reason
// is "" when all hold.
func (g *Game) checkTerms(c *Ctx, cp *compiled, rule, kind string) RuleCheck {
	rc := RuleCheck{Rule: rule, Kind: kind}
	if cp == nil {
		return rc
	}
	var reasons, words []string
	silent, failed := 0, 0 // failing terms whose reason is empty; terms that fail to evaluate
	for i, t := range cp.writtenTerms() {
		var ok bool
		var err error
		if t.term != nil {
			ok, err = g.testTerm(c, t.term)
		} else {
			// A condition the VM runs whole: its terms one by one.
			var v any
			v, err = g.evalNode(c, t.node)
			ok, _ = v.(bool)
		}
		text := cp.nodeText(t.node)
		switch {
		case err != nil:
			reasons = append(reasons, fmt.Sprintf("%s fails: %v", text, err))
			failed++
		case !ok:
			reasons = append(reasons, fmt.Sprintf("%s is false (%s)", text, g.valuesText(c, t.node)))
			switch {
			case i >= len(cp.words):
			case cp.words[i] == "":
				silent++
			default:
				words = append(words, cp.words[i])
			}
		default:
			continue
		}
		if rc.Line == 0 {
			p, _ := cp.nodeSpan(t.node)
			rc.Line, rc.Col = p.Line, p.Col
		}
	}
	rc.Reason = strings.Join(reasons, "; ")
	rc.Words, rc.words = strings.Join(words, "; "), words
	rc.Aside = silent > 0 && len(words) == 0 && failed == 0
	rc.notFor = silent > 0
	return rc
}

// writtenTerm is one `&&` term of a condition as written, with its compiled
// term (nil when the VM runs the condition whole).
type writtenTerm struct {
	node ast.Node
	term *condition
}

// writtenTerms are a condition's `&&` terms in the order written: the ones
// its reasons say in words.
func (cp *compiled) writtenTerms() []writtenTerm {
	if len(cp.terms) == 1 && cp.terms[0].test != nil {
		if parts := conjuncts(cp.terms[0].node); len(parts) > 1 {
			out := make([]writtenTerm, len(parts))
			for i, n := range parts {
				out[i] = writtenTerm{node: n}
			}
			return out
		}
	}
	out := make([]writtenTerm, len(cp.terms))
	for i := range cp.terms {
		out[i] = writtenTerm{node: cp.terms[i].node, term: &cp.terms[i]}
	}
	return out
}

// termWords is the rule file's reason for the compiled term t, "" when it
// has none.
func (cp *compiled) termWords(t *condition) string {
	for i, w := range cp.writtenTerms() {
		if w.term == t && i < len(cp.words) {
			return cp.words[i]
		}
	}
	return ""
}

// testTerm evaluates one condition term, turning a panic (a division by
// zero) into an error.
func (g *Game) testTerm(c *Ctx, t *condition) (ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	defer func() {
		if c.err != nil {
			err = errors.New("runtime error: " + c.err.Msg)
			c.err = nil
		}
	}()
	if t.test != nil {
		return t.test(c), nil
	}
	if t.value != nil {
		t.value(c)
		return true, nil
	}
	return true, nil
}

func panicError(r any) error {
	if e, ok := r.(error); ok {
		return e
	}
	return fmt.Errorf("%v", r)
}

// termSpan is where a term is in the rule file: its first character and the
// place just after its last.
func (cp *compiled) termSpan(t *condition) (srcPos, srcPos) { return cp.nodeSpan(t.node) }

// nodeSpan is where a part of an expression is in the rule file.
func (cp *compiled) nodeSpan(n ast.Node) (srcPos, srcPos) {
	if cp.src == nil || len(cp.src.pos) == 0 {
		return srcPos{Line: 1, Col: 1}, srcPos{Line: 1, Col: 2}
	}
	from, to := cp.src.span(n)
	return cp.src.at(from), cp.src.at(to)
}

// termText is a term as written in the rule file.
func (cp *compiled) termText(t *condition) string {
	if cp.src == nil {
		return t.text
	}
	return cp.src.slice(t.node)
}

// nodeText is a part of an expression as written in the rule file.
func (cp *compiled) nodeText(n ast.Node) string {
	if cp.src == nil {
		return n.String()
	}
	return cp.src.slice(n)
}

// slice is the source text of an expression subtree.
func (e *exprText) slice(n ast.Node) string {
	from, to := e.span(n)
	r := []rune(e.Text)
	if from < 0 || to > len(r) || from >= to {
		return n.String()
	}
	return strings.Join(strings.Fields(string(r[from:to])), " ")
}

// span is the range of runes a subtree covers in the expression, with the
// parentheses that belong to it.
func (e *exprText) span(n ast.Node) (from, to int) {
	from, to = nodeSpan(n)
	r := []rune(e.Text)
	if from < 0 || to > len(r) || from >= to {
		return from, to
	}
	open := 0
	for _, c := range r[from:to] {
		switch c {
		case '(':
			open++
		case ')':
			open--
		}
	}
	for open > 0 && to < len(r) {
		if r[to] == ')' {
			open--
		} else if r[to] != ' ' && r[to] != '\n' && r[to] != '\t' {
			break
		}
		to++
	}
	for open < 0 && from > 0 {
		if r[from-1] == '(' {
			open++
		} else if r[from-1] != ' ' && r[from-1] != '\n' && r[from-1] != '\t' {
			break
		}
		from--
	}
	return from, to
}

// nodeSpan is the range of runes a subtree covers in its expression: expr
// places a binary node at its operator, so the span is taken over every node
// below it. A call's closing parenthesis is not a node, so it is added.
func nodeSpan(n ast.Node) (from, to int) {
	from, to = -1, -1
	ast.Find(n, func(x ast.Node) bool {
		l := x.Location()
		if l.From == 0 && l.To == 0 {
			if _, isNil := x.(*ast.NilNode); !isNil {
				// Nodes made by the checker have no place; skip them.
				if _, isInt := x.(*ast.IntegerNode); !isInt {
					return false
				}
			}
		}
		if from < 0 || l.From < from {
			from = l.From
		}
		if l.To > to {
			to = l.To
		}
		if _, isCall := x.(*ast.CallNode); isCall {
			to++ // the `)`
		}
		if _, isCall := x.(*ast.BuiltinNode); isCall {
			to++
		}
		if _, isList := x.(*ast.ArrayNode); isList {
			to++ // the `]`
		}
		return false
	})
	if from < 0 {
		return 0, 0
	}
	return from, to
}

// evalNode evaluates any checked subtree of an expression in c: with a
// closure where the closure compiler knows it, else with expr's VM.
func (g *Game) evalNode(c *Ctx, n ast.Node) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError(r)
		}
	}()
	defer func() {
		if c.err != nil {
			v, err = nil, c.err
			c.err = nil
		}
	}()
	switch kindOf(n) {
	case reflect.Bool:
		if f, ok := g.closures(nil).boolClosure(n); ok {
			return f(c), nil
		}
	case reflect.Int:
		if f, ok := g.closures(nil).intClosure(n); ok {
			return f(c), nil
		}
	}
	prog, err := expr.Compile(n.String(), expr.Env(g.exprEnv()), expr.DisableAllBuiltins(),
		expr.EnableBuiltin("abs"), expr.EnableBuiltin("min"), expr.EnableBuiltin("max"))
	if err != nil {
		return nil, err
	}
	site := g.closures(nil).site(n)
	site.reads = vmReads(n)
	return c.runVM(prog, site), nil
}

// isOwner reports whether a subtree's value is a player.
func (g *Game) isOwner(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		if ownerNames[n.Value] {
			return true
		}
		if _, isName := names[n.Value]; !isName {
			return g.playerIndex(n.Value) >= 0
		}
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok && id.Value == "piece" {
			return true
		}
	case *ast.ConditionalNode:
		return g.isOwner(n.Exp1) || g.isOwner(n.Exp2)
	}
	return false
}

// isKindValue reports whether a subtree's value is a kind of piece (kind,
// to_kind, kind_at(sq), a kind's name), in a game that names its kinds.
func (g *Game) isKindValue(n ast.Node) bool {
	if len(g.Kinds) == 0 && len(g.pieceSet.neutral) == 0 {
		return false
	}
	switch n := n.(type) {
	case *ast.IdentifierNode:
		return n.Value == "kind" || n.Value == "to_kind" || n.Value == "jumped_kind" || g.kindIndex(n.Value) >= 0
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		return ok && id.Value == "kind_at"
	}
	return false
}

// kindValue writes a kind's value by its name (none for an empty square).
func (g *Game) kindValue(c *Ctx, n ast.Node) string {
	v, err := g.evalNode(c, n)
	if err != nil {
		return "error: " + err.Error()
	}
	if k, ok := v.(int); ok {
		switch {
		case k == none:
			return "none"
		case k >= 0 && k < g.pieceSet.kinds+len(g.pieceSet.neutral):
			return g.kindName(k)
		}
	}
	return g.show(v, false)
}

// show writes a value for people: players by name.
func (g *Game) show(v any, owner bool) string {
	if i, ok := v.(int); ok && owner {
		if i == none {
			return "none"
		}
		if i >= 0 && i < len(g.Players) {
			return g.Players[i].Name
		}
	}
	switch v := v.(type) {
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(v)
}

func (g *Game) value(c *Ctx, n ast.Node, owner bool) string {
	v, err := g.evalNode(c, n)
	if err != nil {
		return "error: " + err.Error()
	}
	return g.show(v, owner)
}

// valuesText writes a condition with the values its parts had in c:
// `showing(me) < showing(opponent)` as `5 < 4`.
func (g *Game) valuesText(c *Ctx, n ast.Node) string {
	switch n := n.(type) {
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and", "||", "or":
			return g.wrapped(c, n.Left, n.Operator) + " " + n.Operator + " " + g.wrapped(c, n.Right, n.Operator)
		case "==", "!=", "<", "<=", ">", ">=":
			if g.isKindValue(n.Left) || g.isKindValue(n.Right) {
				return g.kindValue(c, n.Left) + " " + n.Operator + " " + g.kindValue(c, n.Right)
			}
			owner := g.isOwner(n.Left) || g.isOwner(n.Right)
			return g.value(c, n.Left, owner) + " " + n.Operator + " " + g.value(c, n.Right, owner)
		case "in":
			right := n.Right.String()
			switch r := n.Right.(type) {
			case *ast.BinaryNode:
				if r.Operator == ".." {
					right = g.value(c, r.Left, false) + ".." + g.value(c, r.Right, false)
				}
			case *ast.ArrayNode:
				var es []string
				for _, x := range r.Nodes {
					es = append(es, g.value(c, x, g.isOwner(n.Left)))
				}
				right = "[" + strings.Join(es, ", ") + "]"
			}
			return g.value(c, n.Left, g.isOwner(n.Left)) + " in " + right
		}
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			return n.Operator + "(" + g.valuesText(c, n.Node) + ")"
		}
	}
	return g.value(c, n, g.isOwner(n))
}

func (g *Game) wrapped(c *Ctx, n ast.Node, parentOp string) string {
	s := g.valuesText(c, n)
	if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and" || b.Operator == "||" || b.Operator == "or") && b.Operator != parentOp {
		return "(" + s + ")"
	}
	return s
}
