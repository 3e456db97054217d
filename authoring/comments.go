package authoring

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/rulefile"
)

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
	add("search: avoid", get(get(doc, "search"), "avoid"))
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
func commentCuts(src *rulefile.Source, root *yaml.Node, g *interpreter.Game) rulefile.Diagnostics {
	known := map[string]bool{}
	for _, n := range interpreter.Names() {
		known[n.Name] = true
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
	var ds rulefile.Diagnostics
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
		if rulefile.CheckExprLimits(value+" #"+comment) != nil {
			continue // too deep to parse safely; the loader reports the value
		}
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
		sev := rulefile.Warning
		if valueErr != nil {
			sev = rulefile.Error
		}
		at := rulefile.Pos{Line: end.Line, Col: i + 1}
		ds = append(ds, rulefile.Span(src.Name, at, rulefile.Pos{Line: end.Line, Col: len(line) + 1}, sev, "comment-cut",
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
