package interpreter

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// The pieces a rule file declares beyond each player's plain piece: kinds
// (with their letters, and whether they stay on top of their stack) and
// neutral pieces, which belong to nobody. Compiled in pieces.go.

// kindSpec is one kind of piece: `kinds: [flat, {name: wall, on_top:
// true}, {name: capstone, on_top: true, letters: CD}]`.
type kindSpec struct {
	Name        string
	node        *yaml.Node
	Letters     string // one per player, in turn order; "" for the default
	lettersNode *yaml.Node
	OnTop       bool // always the top piece of its stack (covered, it becomes plain)
}

// neutralSpec is a neutral piece: `neutral: {dvonn: {code: d}}`.
type neutralSpec struct {
	Name     string
	node     *yaml.Node
	Code     string
	codeNode *yaml.Node
}

func (d *decoder) decodeKinds(n *yaml.Node, rf *ruleFile) {
	if n.Kind != yaml.SequenceNode || len(n.Content) < 2 {
		d.errorf(n, "wrong-type", "for example `kinds: [man, king]`", "kinds must list two names or more: the plain piece, then the others (the second is written with capital letters)")
		return
	}
	for i, item := range n.Content {
		k := kindSpec{node: item}
		switch item.Kind {
		case yaml.ScalarNode:
			k.Name = item.Value
		case yaml.MappingNode:
			what := fmt.Sprintf("kind %d", i+1)
			d.mapping(item, what, []field{
				{"name", true, func(_, v *yaml.Node) { k.Name, k.node = d.str(v, what+": name"), v }},
				{"letters", false, func(_, v *yaml.Node) { k.Letters, k.lettersNode = d.str(v, what+": letters"), v }},
				{"on_top", false, func(_, v *yaml.Node) { k.OnTop = d.boolean(v, what+": on_top") }},
			})
		default:
			d.errorf(item, "wrong-type", "write a name, or {name: wall, on_top: true}", "kinds: an entry must be a name or a mapping, not %s", kindName(item))
			continue
		}
		if i == 0 && (k.OnTop || k.Letters != "") {
			d.errorf(item, "bad-value", "the first kind is each player's plain piece, written with the player's code", "kinds: the plain kind %q takes neither letters nor on_top", k.Name)
		}
		rf.Kinds = append(rf.Kinds, k)
	}
}

func (d *decoder) decodeNeutral(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "neutral piece", func(k, v *yaml.Node) {
		ns := neutralSpec{Name: k.Value, node: k}
		what := fmt.Sprintf("neutral piece %q", k.Value)
		d.mapping(v, what, []field{
			{"code", true, func(_, v *yaml.Node) { ns.Code, ns.codeNode = d.str(v, what+": code"), v }},
		})
		rf.Neutral = append(rf.Neutral, ns)
	})
}
