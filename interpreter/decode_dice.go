package interpreter

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// The dice games' sections of a rule file: dice:, tracks:, dice_moves:
// and cube: (the engine they make is built in dice.go and cube.go).

func (d *decoder) decodeCube(n *yaml.Node, rf *ruleFile) {
	c := &CubeRules{Max: 64, Crawford: true}
	d.mapping(n, "cube", []field{
		{"max", false, func(_, v *yaml.Node) {
			c.Max = d.integer(v, "cube: max", 2, 1<<15)
			if c.Max&(c.Max-1) != 0 {
				d.errorf(v, "bad-value", "a power of two, like 64", "cube: max: %d is not a power of two", c.Max)
			}
		}},
		{"double", false, func(_, v *yaml.Node) {
			c.Anyone = d.oneOf(v, "cube: double", "centred or owner", "anyone") == "anyone"
		}},
		{"beavers", false, func(_, v *yaml.Node) { c.Beavers = d.boolean(v, "cube: beavers") }},
		{"jacoby", false, func(_, v *yaml.Node) { c.Jacoby = d.boolean(v, "cube: jacoby") }},
		{"crawford", false, func(_, v *yaml.Node) { c.Crawford = d.boolean(v, "cube: crawford") }},
	})
	rf.Cube = c
}

// The dice sections (see dice.go).

func (d *decoder) decodeDice(n *yaml.Node, rf *ruleFile) {
	ds := &diceSpec{node: n, Config: dice.Config{Count: 2, Sides: 6, Doubles: 2}}
	d.mapping(n, "dice", []field{
		{"count", false, func(_, v *yaml.Node) { ds.Count = d.integer(v, "dice: count", 1, 2) }},
		{"sides", false, func(_, v *yaml.Node) { ds.Sides = d.integer(v, "dice: sides", 2, 9) }},
		{"doubles", false, func(_, v *yaml.Node) { ds.Doubles = d.integer(v, "dice: doubles", 2, board.MaxDiceMoves) }},
		{"opening", false, func(_, v *yaml.Node) {
			switch d.oneOf(v, "dice: opening", "one each", "reroll", "none") {
			case "one each":
				ds.Opening = true
			case "reroll":
				ds.Opening, ds.Reroll = true, true
			}
		}},
		{"pass_again", false, func(_, v *yaml.Node) { ds.PassAgain = d.expression(v, "dice: pass_again") }},
		{"penalty", false, func(_, v *yaml.Node) { ds.Penalty = d.expression(v, "dice: penalty") }},
		{"bottoms", false, func(_, v *yaml.Node) { ds.Bottoms = d.expression(v, "dice: bottoms") }},
		{"hits", false, func(_, v *yaml.Node) { ds.HitsAtEnd = d.oneOf(v, "dice: hits", "landing", "end") == "end" }},
		{"use", false, func(_, v *yaml.Node) {
			for _, w := range d.words(v, "dice: use") {
				switch w {
				case "most":
					ds.Most = true
				case "larger":
					ds.Larger = true
				case "exact":
					ds.Exact = true
				default:
					d.errorf(v, "bad-value", suggest(w, []string{"most", "larger", "exact"}), "dice: use: %q is not most (as many dice as can be played), larger (with only one die playable, the larger) or exact (a piece taken off with one die exactly may leave the rest unplayed)", w)
				}
			}
		}},
	})
	rf.Dice = ds
}

func (d *decoder) decodeTracks(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "track for player", func(k, v *yaml.Node) {
		if k.Value == "start" {
			rf.TrackStart = d.str(v, "tracks: start")
			return
		}
		if k.Value == "numbers" {
			rf.TrackNumbers = d.oneOf(v, "tracks: numbers", "to_go", "from_start")
			return
		}
		if k.Value == "past_end" {
			rf.TrackBounce = d.oneOf(v, "tracks: past_end", "none", "bounce") == "bounce"
			return
		}
		rf.Tracks = append(rf.Tracks, trackSpec{Player: k.Value, node: k, value: v, Path: d.words(v, "tracks: "+k.Value)})
	})
}

func (d *decoder) decodeDiceMoves(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "dice move rule", func(k, v *yaml.Node) {
		m := diceMoveSpec{Name: k.Value, node: k}
		what := fmt.Sprintf("dice move rule %q", k.Value)
		var reasons *termReasons
		if isEmpty(v) {
			rf.DiceMoves = append(rf.DiceMoves, m)
			return
		}
		d.mapping(v, what, []field{
			{"steps", false, func(_, v *yaml.Node) {
				m.countNode = v
				if v.Kind == yaml.ScalarNode && v.Value == "die" {
					return
				}
				if v.Kind == yaml.ScalarNode && v.Value == "sum" {
					m.Sum = true
					return
				}
				m.Count = d.integer(v, what+": steps", 1, 255)
			}},
			{"uses", false, func(_, v *yaml.Node) {
				// both: the rule plays the two dice of a roll as one move,
				// `die` being their total (steps: sum is uses: both moving
				// by that total).
				if d.oneOf(v, what+": uses", "one", "both") == "both" {
					m.Sum = true
					if m.countNode == nil {
						m.countNode = v
					}
				}
			}},
			{"when", false, func(_, v *yaml.Node) { m.When = d.expression(v, what+": when") }},
			{"reasons", false, func(k, v *yaml.Node) { reasons = d.decodeTermReasons(k, v, what) }},
			{"hit", false, func(_, v *yaml.Node) { m.Hit = d.expression(v, what+": hit") }},
			{"once", false, func(_, v *yaml.Node) { m.Once = d.boolean(v, what+": once") }},
			{"bonus", false, func(_, v *yaml.Node) { m.Bonus = d.expression(v, what+": bonus") }},
			{"again", false, func(_, v *yaml.Node) {
				// true, false, or a condition of the die move (again: double)
				if v.Kind == yaml.ScalarNode && (v.Value == "true" || v.Value == "false") {
					m.Again = d.boolean(v, what+": again")
					return
				}
				m.AgainIf = d.expression(v, what+": again")
			}},
		})
		d.attachReasons(v, m.When, reasons, what)
		rf.DiceMoves = append(rf.DiceMoves, m)
	})
}
