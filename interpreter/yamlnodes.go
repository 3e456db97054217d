package interpreter

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/internal/didyoumean"
	"go.yaml.in/yaml/v3"
)

// decoder reads a rule file's YAML nodes into a ruleFile (decode.go), with
// a diagnostic at the node for every mistake instead of stopping at the
// first; these are its readers of single nodes.
type decoder struct {
	src   *source
	diags Diagnostics
	// commaMoves: move lists in tests are split at commas only (a dice
	// game's play is written with spaces).
	commaMoves bool
	// folds are the contexts of a load-time evaluation of static terms
	// (Game.folding), for their runtime errors.
	folds []*Ctx
}

func (d *decoder) errorf(n *yaml.Node, code, hint, format string, args ...any) {
	d.diagAt(nodePos(n), Error, code, hint, format, args...)
}

func (d *decoder) diagAt(p srcPos, sev Severity, code, hint, format string, args ...any) {
	d.diags = append(d.diags, Diagnostic{File: d.src.Name, Line: p.Line, Col: p.Col, EndLine: p.Line, EndCol: p.Col + 1,
		Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// field is one key a mapping may hold.
type field struct {
	name     string
	required bool
	decode   func(key, value *yaml.Node)
}

// mapping decodes a mapping node key by key: it reports unknown keys (with the
// nearest known key as a hint), duplicate keys (which yaml.v3 lets through when
// decoding to nodes) and missing required keys.
func (d *decoder) mapping(n *yaml.Node, what string, fields []field) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "wrong-type", "", "%s must be a mapping of keys to values, not %s", what, kindName(n))
		return
	}
	seen := map[string]*yaml.Node{}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if prev, dup := seen[k.Value]; dup {
			d.errorf(k, "duplicate-key", fmt.Sprintf("first given at line %d", prev.Line), "duplicate key %q in %s", k.Value, what)
			continue
		}
		seen[k.Value] = k
		var f *field
		for j := range fields {
			if fields[j].name == k.Value {
				f = &fields[j]
			}
		}
		if f == nil {
			d.errorf(k, "unknown-key", suggest(k.Value, names), "unknown key %q in %s", k.Value, what)
			continue
		}
		if isEmpty(v) {
			d.errorf(v, "empty-value", "", "%s: %q has no value", what, k.Value)
			continue
		}
		f.decode(k, v)
	}
	for _, f := range fields {
		if f.required && seen[f.name] == nil {
			d.errorf(n, "missing-key", "", "%s needs the key %q", what, f.name)
		}
	}
}

// namedMapping decodes a mapping whose keys are names the author chooses (rule
// names, player names), keeping their order.
func (d *decoder) namedMapping(n *yaml.Node, what string, each func(key, value *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "wrong-type", "", "%s must be a mapping of names to entries, not %s", what, kindName(n))
		return
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if prev, dup := seen[k.Value]; dup {
			d.errorf(k, "duplicate-key", fmt.Sprintf("first given at line %d", prev.Line), "%s %q is given twice", what, k.Value)
			continue
		}
		seen[k.Value] = k
		each(k, v)
	}
}

func isEmpty(v *yaml.Node) bool {
	return v.Kind == yaml.ScalarNode && v.Tag == "!!null" && (v.Value == "" || v.Value == "~" || v.Value == "null")
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return fmt.Sprintf("the value %q", n.Value)
	case yaml.AliasNode:
		return "an alias"
	}
	return "nothing"
}

func (d *decoder) str(n *yaml.Node, what string) string {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "wrong-type", "", "%s must be text, not %s", what, kindName(n))
		return ""
	}
	return n.Value
}

func (d *decoder) integer(n *yaml.Node, what string, lo, hi int) int {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "wrong-type", "", "%s must be a whole number, not %s", what, kindName(n))
		return 0
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		d.errorf(n, "wrong-type", "", "%s must be a whole number, not %q", what, n.Value)
		return 0
	}
	if v < lo || v > hi {
		d.errorf(n, "out-of-range", "", "%s is %d; it must be between %d and %d", what, v, lo, hi)
		return 0
	}
	return v
}

// fraction is a number from 0 to 1.
func (d *decoder) fraction(n *yaml.Node, what string) float64 {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "wrong-type", "", "%s must be a number from 0 to 1, not %s", what, kindName(n))
		return 0
	}
	v, err := strconv.ParseFloat(n.Value, 64)
	if err != nil {
		d.errorf(n, "wrong-type", "for example 0.5", "%s must be a number from 0 to 1, not %q", what, n.Value)
		return 0
	}
	if !(v >= 0 && v <= 1) {
		d.errorf(n, "out-of-range", "", "%s is %s; it must be between 0 and 1", what, n.Value)
		return 0
	}
	return v
}

func (d *decoder) oneOf(n *yaml.Node, what string, choices ...string) string {
	s := d.str(n, what)
	for _, c := range choices {
		if s == c {
			return s
		}
	}
	if s != "" || n.Kind == yaml.ScalarNode {
		d.errorf(n, "bad-value", suggest(s, choices), "%s is %q; it must be one of: %s", what, s, strings.Join(choices, ", "))
	}
	return ""
}

// expression takes a scalar as an expression, rejecting the YAML forms that
// silently change what was written: a tag (`when: !captured` is the tag
// "!captured" on an empty value) and a non-string scalar such as `true`,
// which stays allowed as the constant it is.
func (d *decoder) expression(n *yaml.Node, what string) *exprText {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "wrong-type", "", "%s must be an expression, not %s", what, kindName(n))
		return nil
	}
	if n.Tag != "" && n.Tag[0] == '!' && !strings.HasPrefix(n.Tag, "!!") {
		d.errorf(n, "yaml-tag", "quote the expression, or write `not` instead of a leading `!`",
			"%s starts with %q, which YAML reads as a tag, not as part of the expression", what, n.Tag)
		return nil
	}
	return &exprText{Text: n.Value, node: n, pos: d.src.ScalarPositions(n)}
}

func (d *decoder) strings(n *yaml.Node, what string) []string {
	if n.Kind == yaml.ScalarNode {
		return []string{n.Value}
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "wrong-type", "", "%s must be a list of text, not %s", what, kindName(n))
		return nil
	}
	var out []string
	for _, e := range n.Content {
		out = append(out, d.str(e, what))
	}
	return out
}

// words reads a list of names written as a YAML list or as one text of
// names separated by spaces: [a1, d1, g1] or "a1 d1 g1".
func (d *decoder) words(n *yaml.Node, what string) []string {
	if n.Kind == yaml.ScalarNode {
		return strings.Fields(n.Value)
	}
	return d.strings(n, what)
}

func (d *decoder) distance(v *yaml.Node, what string) bool {
	switch d.str(v, what+": distance") {
	case "1":
		return false
	case "any":
		return true
	}
	d.errorf(v, "bad-value", "", "%s: distance must be 1 (one step), any (along a line of empty squares) or, for a move rule, lifted (as many squares as pieces lifted, over anything)", what)
	return false
}

func (d *decoder) boolean(v *yaml.Node, what string) bool {
	switch d.str(v, what) {
	case "true", "yes":
		return true
	case "false", "no":
		return false
	}
	d.errorf(v, "wrong-type", "", "%s must be true or false", what)
	return false
}

// suggest returns a "did you mean" hint for the known name nearest to s.
func suggest(s string, known []string) string {
	cands := append([]string(nil), known...)
	sort.Strings(cands)
	best, bestD := didyoumean.Nearest(s, cands)
	// Short names are a letter or two from many others: only suggest a
	// near-certain fix for them.
	limit := max(2, len(s)/3)
	if len(s) <= 3 {
		limit = 1 // `me` is two edits from `len`, but no fix for it
	}
	if best == "" || bestD > limit {
		return ""
	}
	return fmt.Sprintf("did you mean `%s`?", best)
}
