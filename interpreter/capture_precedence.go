package interpreter

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/board"
)

// Capture precedence: after "you must capture" (and `maximum`), the rule
// file may list criteria that choose among the captures, in order: of the
// captures left, only those best by the first criterion stay, then of those
// the best by the second, and so on (the quality rules of Italian, Spanish
// and Frisian draughts, and Czech's "a king must capture when it can").
//
//	capture:
//	  precedence: [most_pieces, {by: king}, {most: king}, {earliest: king}]

type precedenceOp uint8

const (
	precPieces   precedenceOp = iota // most_pieces: the most stacks jumped
	precMost                         // most: K — the most pieces of kind K taken
	precValue                        // most_value: {K: w...} — the largest sum of the weights of the pieces taken
	precBy                           // by: K — a capture made by a piece of kind K
	precEarliest                     // earliest: K — a piece of kind K taken the soonest (compared jump by jump)
)

type precedenceRule struct {
	op      precedenceOp
	kind    int
	weights [8]int64 // per kind, for most_value
}

var precedenceNames = []string{"most_pieces", "most", "most_value", "by", "earliest"}

func (g *Game) buildPrecedence(d *decoder, cs *captureSettings) {
	if cs.precedenceNode == nil {
		return
	}
	if len(cs.Precedence) == 0 {
		d.diagAt(nodePos(cs.precedenceNode), Warning, "no-effect", "list the criteria, or leave precedence out", "capture: precedence is empty")
		return
	}
	kindOf := func(n *yaml.Node, what string) (int, bool) {
		if len(g.Kinds) == 0 {
			d.errorf(n, "no-kinds", "add `kinds: [man, king]`", "capture: precedence: %s names a kind of piece, but the game has no kinds", what)
			return 0, false
		}
		if n.Kind == yaml.ScalarNode {
			for i, k := range g.Kinds {
				if k == n.Value {
					return i, true
				}
			}
		}
		d.errorf(n, "unknown-kind", suggest(n.Value, g.Kinds), "capture: precedence: %s: %q is not a kind of this game (its kinds: %s)", what, n.Value, strings.Join(g.Kinds, ", "))
		return 0, false
	}
	for i, n := range cs.Precedence {
		name, arg := n.Value, (*yaml.Node)(nil)
		if n.Kind == yaml.MappingNode && len(n.Content) == 2 {
			name, arg = n.Content[0].Value, n.Content[1]
		} else if n.Kind != yaml.ScalarNode {
			d.errorf(n, "bad-value", "most_pieces, {most: KIND}, {most_value: {KIND: N, ...}}, {by: KIND} or {earliest: KIND}",
				"capture: precedence: criterion %d must be a name or a one-key mapping", i+1)
			continue
		}
		var r precedenceRule
		switch name {
		case "most_pieces":
			if arg != nil {
				d.errorf(n, "bad-value", "write it alone: - most_pieces", "capture: precedence: most_pieces takes no value")
				continue
			}
			r.op = precPieces
		case "most", "by", "earliest":
			if arg == nil || (arg.Kind == yaml.ScalarNode && arg.Value == "") {
				d.errorf(n, "bad-value", fmt.Sprintf("name the kind: {%s: king}", name), "capture: precedence: %s needs a kind of piece", name)
				continue
			}
			k, ok := kindOf(arg, name)
			if !ok {
				continue
			}
			r.op, r.kind = map[string]precedenceOp{"most": precMost, "by": precBy, "earliest": precEarliest}[name], k
		case "most_value":
			if arg == nil || arg.Kind != yaml.MappingNode {
				d.errorf(n, "bad-value", "give each kind its weight: {most_value: {man: 20, king: 39}}", "capture: precedence: most_value needs a weight per kind")
				continue
			}
			seen := map[int]bool{}
			ok := true
			for j := 0; j+1 < len(arg.Content); j += 2 {
				k, kok := kindOf(arg.Content[j], "most_value")
				w := d.integer(arg.Content[j+1], "capture: precedence: most_value: "+arg.Content[j].Value, 0, 1<<20)
				if !kok {
					ok = false
					continue
				}
				r.weights[k], seen[k] = int64(w), true
			}
			if ok && len(seen) < len(g.Kinds) {
				var missing []string
				for k, name := range g.Kinds {
					if !seen[k] {
						missing = append(missing, name)
					}
				}
				d.errorf(arg, "bad-value", "", "capture: precedence: most_value gives no weight to %s", strings.Join(missing, ", "))
				ok = false
			}
			if !ok {
				continue
			}
			r.op = precValue
		default:
			d.errorf(n, "bad-value", suggest(name, precedenceNames), "capture: precedence: unknown criterion %q (known: %s)", name, strings.Join(precedenceNames, ", "))
			continue
		}
		// Most pieces first is the maximum rule, which the search applies
		// as it goes (cutting the shorter sequences) rather than after.
		if r.op == precPieces && len(g.capture.precedence) == 0 {
			g.capture.maximum = true
			continue
		}
		g.capture.precedence = append(g.capture.precedence, r)
	}
}

// applyPrecedence keeps, in place, the captures of moves best by each
// criterion in turn, and returns how many are left. p is the position they
// are made from.
func (g *Game) applyPrecedence(p *board.Position, moves []board.Move) int {
	n := len(moves)
	for _, r := range g.capture.precedence {
		if n < 2 {
			break
		}
		best := int64(-1 << 62)
		for _, m := range moves[:n] {
			best = max(best, g.precedenceScore(p, m, &r))
		}
		k := 0
		for _, m := range moves[:n] {
			if g.precedenceScore(p, m, &r) == best {
				moves[k] = m
				k++
			}
		}
		n = k
	}
	return n
}

// precedenceScore is how good capture m from p is by criterion r: larger is
// better.
func (g *Game) precedenceScore(p *board.Position, m board.Move, r *precedenceRule) int64 {
	b := g.Board
	switch r.op {
	case precPieces:
		return int64(m.Jumps)
	case precBy:
		if b.TopKind(p.Cells[m.From]) == r.kind {
			return 1
		}
		return 0
	}
	var over [board.MaxJumps]board.Square
	jumps := g.jumpedInOrder(p, m, &over)
	var score int64
	for i := 0; i < jumps; i++ {
		k := b.TopKind(p.Cells[over[i]])
		switch r.op {
		case precMost:
			if k == r.kind {
				score++
			}
		case precValue:
			if k >= 0 && k < len(r.weights) {
				score += r.weights[k]
			}
		case precEarliest:
			if k == r.kind {
				score |= 1 << (board.MaxJumps - 1 - i)
			}
		}
	}
	return score
}

// jumpedInOrder writes the squares capture m from p jumps, in the order it
// jumps them, to over and returns how many there are (see jumpedSquares).
func (g *Game) jumpedInOrder(p *board.Position, m board.Move, over *[board.MaxJumps]board.Square) int {
	b := g.Board
	var taken board.SquareSet
	cur := m.From
	n := 0
	for i := 0; i < int(m.Jumps); i++ {
		land := m.Landing(i)
		f0, r0 := b.Coord(cur)
		f1, r1 := b.Coord(land)
		d := board.DirectionIndex(board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))})
		sq := g.lineNext[d][cur]
		for sq != noSquare && sq != land && (p.Cells[sq] == 0 || sq == m.From || taken.Has(sq)) {
			sq = g.lineNext[d][sq]
		}
		if sq != noSquare && sq != land {
			taken.Add(sq)
			over[n] = sq
			n++
		}
		cur = land
	}
	return n
}

// precedenceText describes the criteria in words, for the rules summary.
func (g *Game) precedenceText() string {
	var parts []string
	if g.capture.maximum {
		parts = append(parts, "the most pieces")
	}
	for _, r := range g.capture.precedence {
		switch r.op {
		case precMost:
			parts = append(parts, "the most "+g.Kinds[r.kind]+"s")
		case precValue:
			var ws []string
			for k, name := range g.Kinds {
				ws = append(ws, fmt.Sprintf("%s %d", name, r.weights[k]))
			}
			sort.Strings(ws)
			parts = append(parts, "the most value ("+strings.Join(ws, ", ")+")")
		case precBy:
			parts = append(parts, "a capture by a "+g.Kinds[r.kind])
		case precEarliest:
			parts = append(parts, "a "+g.Kinds[r.kind]+" taken the soonest")
		}
	}
	return strings.Join(parts, ", then ")
}
