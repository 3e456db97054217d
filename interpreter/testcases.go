package interpreter

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/stackrules/stackrules/board"
	"go.yaml.in/yaml/v3"
)

// A rule file may carry its own tests: a `tests:` list of cases, each a
// position (the start when omitted) and what must hold there:
//
//	tests:
//	  - name: backward only while showing fewer
//	    position: r d4:r,c3:b,e3:b,h6:b
//	    legal: [d4-c3, d4-e3]        # these moves are legal
//	    illegal: [d4-b2]             # these are not
//	  - position: r c3:r,d4:b,a1:r
//	    play: c3-d4                  # a move, or a list of moves played in turn
//	    result: blue wins            # then: NAME wins, win, loss, draw or ongoing
//	  - position: r c3:rbr,f6:b
//	    moves: 2c3-b4 2c3-d4 c3-b4 c3-d4   # exactly these moves are legal
//	  - players: 2                   # the game played by 2 of its players (seats:)
//	    moves: ...
//
// A list of moves is a YAML list or one string of moves separated by spaces.
// `win` and `loss` are for the player who made the last move of `play`;
// `after` gives the position `play` must lead to. The draw rules count from
// the test's position.

// The cases are decoded here, with the rest of the rule file; package
// authoring runs them (`stackrules test`, `stackrules lint`).

// MoveText is a move as a test writes it, with its place in the rule file.
type MoveText struct {
	Text     string
	From, To srcPos // the move's first character and the place after its last
}

// TestCase is one case of a rule file's tests: section, as decoded.
type TestCase struct {
	Name                  string
	Node                  *yaml.Node // the case's mapping
	Position              string
	PositionNode          *yaml.Node
	Moves                 []MoveText // `moves`: exactly these are legal
	MovesNode             *yaml.Node
	HasMoves              bool
	Legal, Illegal, Play  []MoveText
	Result                string
	ResultNode, AfterNode *yaml.Node
	After                 string
	// Players is how many of the rule file's players the test's game has,
	// when fewer than it declares (0: all).
	Players     int
	PlayersNode *yaml.Node
	Broken      bool // the case is malformed: a diagnostic says how
}

// TestCases decodes the rule file's tests: section; the diagnostics are the
// malformed cases (code "bad-test").
func (g *Game) TestCases() ([]*TestCase, Diagnostics) {
	d := &decoder{src: g.src}
	tests := g.decodeTests(d)
	return tests, d.diags
}

// HasTests reports whether the rule file has a tests: section.
func (g *Game) HasTests() bool { return g.testsNode != nil }

func (g *Game) decodeTests(d *decoder) []*TestCase {
	d.commaMoves = g.dice != nil // a dice game's play has spaces: 24/18 13/11
	n := g.testsNode
	if n == nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "bad-test", "write a list: `- position: ...`", "tests must be a list of cases, not %s", kindName(n))
		return nil
	}
	var out []*TestCase
	for _, e := range n.Content {
		t := &TestCase{Node: e, Name: fmt.Sprintf("at line %d", e.Line)}
		before := len(d.diags)
		d.mapping(e, "a test", []field{
			{"name", false, func(_, v *yaml.Node) { t.Name = d.str(v, "test name") }},
			{"players", false, func(_, v *yaml.Node) { t.Players, t.PlayersNode = d.integer(v, "test players", 2, board.MaxPlayers), v }},
			{"position", false, func(_, v *yaml.Node) { t.Position = d.str(v, "test position"); t.PositionNode = v }},
			{"moves", false, func(_, v *yaml.Node) { t.Moves, t.HasMoves, t.MovesNode = d.moveList(v, "moves"), true, v }},
			{"legal", false, func(_, v *yaml.Node) { t.Legal = d.moveList(v, "legal") }},
			{"illegal", false, func(_, v *yaml.Node) { t.Illegal = d.moveList(v, "illegal") }},
			{"play", false, func(_, v *yaml.Node) { t.Play = d.moveList(v, "play") }},
			{"result", false, func(_, v *yaml.Node) { t.Result = strings.TrimSpace(d.str(v, "test result")); t.ResultNode = v }},
			{"after", false, func(_, v *yaml.Node) { t.After = d.str(v, "test after"); t.AfterNode = v }},
		})
		if e.Kind == yaml.MappingNode && !t.HasMoves && t.Legal == nil && t.Illegal == nil && t.Play == nil && t.ResultNode == nil && t.AfterNode == nil && len(d.diags) == before {
			d.errorf(e, "bad-test", "give moves, legal, illegal, or play with result or after", "test %q checks nothing", t.Name)
		}
		if t.AfterNode != nil && len(t.Play) == 0 {
			d.errorf(t.AfterNode, "bad-test", "", "test %q: after needs play: the moves that lead there", t.Name)
		}
		t.Broken = len(d.diags) > before
		out = append(out, t)
	}
	return out
}

// moveList reads a list of moves: a YAML list, or one string of moves
// separated by spaces or commas.
func (d *decoder) moveList(n *yaml.Node, what string) []MoveText {
	out := []MoveText{}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				d.errorf(e, "bad-test", "", "%s: each move is text like c3-d4, not %s", what, kindName(e))
				continue
			}
			out = append(out, d.moveWords(e)...)
		}
	case yaml.ScalarNode:
		out = append(out, d.moveWords(n)...)
	default:
		d.errorf(n, "bad-test", "", "%s must be a move or a list of moves, not %s", what, kindName(n))
	}
	return out
}

// moveWords splits a scalar into moves, each with its place in the file.
func (d *decoder) moveWords(n *yaml.Node) []MoveText {
	pos := d.src.ScalarPositions(n)
	r := []rune(n.Value)
	var out []MoveText
	at := func(i int) srcPos {
		if i >= len(pos) {
			i = len(pos) - 1
		}
		return pos[i]
	}
	for i := 0; i < len(r); {
		if unicode.IsSpace(r[i]) || r[i] == ',' {
			i++
			continue
		}
		j := i
		for j < len(r) && (!unicode.IsSpace(r[j]) || d.commaMoves) && r[j] != ',' {
			j++
		}
		for j > i && unicode.IsSpace(r[j-1]) {
			j--
		}
		end := at(j - 1)
		end.Col++
		out = append(out, MoveText{Text: string(r[i:j]), From: at(i), To: end})
		i = j
	}
	return out
}
