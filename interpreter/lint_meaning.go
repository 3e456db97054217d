package interpreter

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/stackrules/stackrules/board"
	"go.yaml.in/yaml/v3"
)

// Meaning checks: things a file can say that load fine but cannot be what
// the author meant.

// exprNodes finds every YAML scalar that holds an expression, with what it is.
func exprNodes(root *yaml.Node) []struct {
	what string
	n    *yaml.Node
} {
	var out []struct {
		what string
		n    *yaml.Node
	}
	add := func(what string, n *yaml.Node) {
		if n != nil && n.Kind == yaml.ScalarNode {
			out = append(out, struct {
				what string
				n    *yaml.Node
			}{what, n})
		}
	}
	doc := root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		doc = doc.Content[0]
	}
	get := func(m *yaml.Node, key string) *yaml.Node {
		if m == nil || m.Kind != yaml.MappingNode {
			return nil
		}
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == key {
				return m.Content[i+1]
			}
		}
		return nil
	}
	for _, sec := range []struct{ key, what string }{{"moves", "move rule"}, {"bear_off", "bear-off rule"}, {"captures", "capture rule"}} {
		m := get(doc, sec.key)
		if m == nil || m.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(m.Content); i += 2 {
			add(fmt.Sprintf("%s %q: when", sec.what, m.Content[i].Value), get(m.Content[i+1], "when"))
		}
	}
	if e := get(doc, "end"); e != nil && e.Kind == yaml.SequenceNode {
		for _, c := range e.Content {
			if c.Kind == yaml.MappingNode && len(c.Content) == 2 {
				add("end: "+c.Content[0].Value, c.Content[1])
			}
		}
	}
	if ev := get(doc, "evaluate"); ev != nil {
		if ev.Kind == yaml.MappingNode {
			add("evaluate: score", get(ev, "score"))
		} else {
			add("evaluate", ev)
		}
	}
	add("playout: prefer", get(get(doc, "playout"), "prefer"))
	add("promote: when", get(get(doc, "promote"), "when"))
	return out
}

// commentCuts finds expressions cut short by a comment. YAML ends a plain
// scalar at ` #`, so in `when: to_top == "x #1"` the expression is only
// `to_top == "x`. A comment after an expression is reported when what
// follows the `#` reads as part of the expression: the expression with the
// comment's text joined on (without the `#`, or with it, for a `#` inside a
// string) parses, or the comment's text is itself an expression over the
// game's names with an operator in it. A comment in words never parses, so
// `when: row == farthest  # the far row` passes.
func commentCuts(src *source, root *yaml.Node, g *Game) Diagnostics {
	known := map[string]bool{}
	for n := range names {
		known[n] = true
	}
	if g != nil {
		for _, p := range g.Players {
			known[p.Name] = true
		}
		for _, k := range g.Kinds {
			known[k] = true
		}
	} else if m := valueOf(root, "players"); m != nil && m.Kind == yaml.MappingNode {
		for i := 0; i < len(m.Content); i += 2 {
			known[m.Content[i].Value] = true
		}
	}
	var ds Diagnostics
	for _, e := range exprNodes(root) {
		n := e.n
		if n.Style != 0 && n.Style != yaml.TaggedStyle {
			continue // quoted and block scalars keep their #
		}
		pos := src.ScalarPositions(n)
		end := pos[len(pos)-1]
		if end.Line < 1 || end.Line > len(src.Lines) {
			continue
		}
		line := src.Lines[end.Line-1]
		i := end.Col - 1
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) || line[i] != '#' || i == end.Col-1 {
			continue
		}
		comment := string(line[i+1:])
		value := n.Value
		_, valueErr := parser.Parse(value)
		cut := false
		if _, err := parser.Parse(value + " " + comment); err == nil && strings.TrimSpace(comment) != "" {
			cut = true
		} else if _, err := parser.Parse(value + " #" + comment); err == nil {
			cut = true
		} else if t, err := parser.Parse(strings.TrimSpace(comment)); err == nil && usesOnly(t.Node, known) && hasOperator(t.Node) {
			cut = true
		}
		if !cut {
			continue
		}
		sev := Warning
		if valueErr != nil {
			sev = Error
		}
		at := srcPos{Line: end.Line, Col: i + 1}
		ds = append(ds, diagSpan(src.Name, at, srcPos{Line: end.Line, Col: len(line) + 1}, sev, "comment-cut",
			"YAML reads ` #` as the start of a comment: quote the whole expression, or put a space after `#` and words in the comment",
			"%s: the expression ends at this `#`; `%s` is a comment, not part of it", e.what, strings.TrimSpace(string(line[i:]))))
	}
	return ds
}

func valueOf(root *yaml.Node, key string) *yaml.Node {
	doc := root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		doc = doc.Content[0]
	}
	if doc.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value == key {
			return doc.Content[i+1]
		}
	}
	return nil
}

func usesOnly(n ast.Node, known map[string]bool) bool {
	ok := true
	ast.Find(n, func(x ast.Node) bool {
		if id, isID := x.(*ast.IdentifierNode); isID && !known[id.Value] {
			ok = false
		}
		return false
	})
	return ok
}

func hasOperator(n ast.Node) bool {
	switch n.(type) {
	case *ast.BinaryNode, *ast.UnaryNode, *ast.CallNode, *ast.ConditionalNode:
		return true
	}
	return false
}

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
	for _, e := range g.ends {
		if e.cond != nil {
			out = append(out, condSet{cp: e.cond, what: "end: " + e.result, kind: inEnd})
		}
	}
	if g.prefer != nil {
		out = append(out, condSet{cp: g.prefer, what: "playout: prefer", kind: inPrefer})
	}
	return out
}

// lintMeaning runs the checks that need the compiled game but do not play it.
func (g *Game) lintMeaning() Diagnostics {
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
	c := &Ctx{g: g}
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
			f, ok := g.boolClosure(side)
			if !ok {
				continue
			}
			v := f(&Ctx{g: g})
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
