package interpreter

import (
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Describing a game to people: what the terminal board, `stackrules rules`
// and the prompt's help say about a game's pieces, its pieces in hand, its
// spreads and its own notation, read from the compiled rule file. Small
// views made on demand; play never calls these.

// KindName is the name of kind k: a kind of the players' pieces, then the
// neutral pieces; "piece" for a game without kinds.
func (g *Game) KindName(k int) string { return g.kindName(k) }

// NeutralNames are the names of the neutral pieces (pieces of nobody), in
// the order of their kinds after the players'.
func (g *Game) NeutralNames() []string { return append([]string(nil), g.pieceSet.neutral...) }

// PlayerKinds is the number of kinds of the players' pieces (1 without
// kinds); the neutral pieces' kinds follow.
func (g *Game) PlayerKinds() int { return g.pieceSet.kinds }

// HandPool is one pool of pieces in hand (board.Board.Pools, counted in
// Position.Pools): whose pieces, of which kind, and the kinds put down from
// it.
type HandPool struct {
	Code  int // the piece code of its pieces
	Owner int // the player, -1 for a neutral piece
	Kind  int
	// Placed are the kinds the placement rules put down from the pool, in
	// kind order: its own and those placed `from:` it (a wall stood up from
	// the flats in hand).
	Placed []int
}

// HandPools describes the pools of a game that keeps pieces in hand by kind
// or places neutral pieces; nil for a game without pools.
func (g *Game) HandPools() []HandPool {
	b := g.Board
	var out []HandPool
	for _, code := range b.Pools() {
		hp := HandPool{Code: code, Owner: b.Owner(code), Kind: b.Kind(code)}
		var placed uint64
		for _, r := range g.placeRules {
			for pi := range g.Players {
				if r.pool[pi] == code {
					placed |= 1 << uint(b.Kind(r.piece[pi]))
				}
			}
		}
		if placed == 0 {
			placed = 1 << uint(hp.Kind)
		}
		for k := 0; k < 64; k++ {
			if placed&(1<<uint(k)) != 0 {
				hp.Placed = append(hp.Placed, k)
			}
		}
		out = append(out, hp)
	}
	return out
}

// PlacementInfo is one placement rule, as people are told it.
type PlacementInfo struct {
	Name string
	Kind int // the kind put down
	// Opponent: the piece put down is another player's (Tak's first
	// turns), for the first player; Neutral: it is nobody's.
	Opponent, Neutral bool
	From              int // the kind whose pieces in hand it takes, -1 its own
}

// Placements lists the placement rules in the rule file's order.
func (g *Game) Placements() []PlacementInfo {
	b := g.Board
	var out []PlacementInfo
	for _, r := range g.placeRules {
		pi := PlacementInfo{Name: r.name, Kind: b.Kind(r.piece[0]), From: -1}
		o := b.Owner(r.piece[0])
		pi.Neutral = o < 0
		pi.Opponent = o > 0
		if r.pool[0] != r.piece[0] {
			pi.From = b.Kind(r.pool[0])
		}
		out = append(out, pi)
	}
	return out
}

// CanRemovePieces reports whether pieces can leave the board other than by
// bearing off: captures, lines that remove, what after_move removes, stacks
// over their limit, hits in a dice game.
func (g *Game) CanRemovePieces() bool {
	return len(g.captureRules) > 0 || len(g.triggers) > 0 || g.afterMove != nil || g.stackMax > 0 || g.dice != nil
}

// SpreadInfo is a move rule with `drops: spread`, as people are told it.
type SpreadInfo struct {
	Rule             string
	LiftMin, LiftMax int // LiftMax 0: up to the whole stack
	Directions       []string
}

// Spreads lists the move rules that drop their pieces along a line.
func (g *Game) Spreads() []SpreadInfo {
	var out []SpreadInfo
	for _, r := range g.moveRules {
		if !r.spread {
			continue
		}
		out = append(out, SpreadInfo{Rule: r.name, LiftMin: r.liftMin, LiftMax: r.liftMax, Directions: append([]string(nil), r.dirNames...)})
	}
	return out
}

// KindMark is how a notation marks a kind of piece.
type KindMark struct {
	Kind int
	Mark string // "" for the kind written without a mark
}

// DirectionMark is one direction of a notation and its mark.
type DirectionMark struct {
	Name string          // as the rule file names it: north, south_east...
	Dir  board.Direction // the step on the board, as the first player sees it
	Mark string
}

// PositionNotationInfo is a notation's position format, as written.
type PositionNotationInfo struct {
	Name, Rows, Cells, Empty string
	Pieces                   string // number or letter
	After                    string // "{to_move} {turn}"
	Default                  bool   // the game's positions are written so by default
}

// NotationInfo is a rule file's own notation (`notation:`), as written.
type NotationInfo struct {
	Place, Move string     // the templates ("{kind}{to}"), "" for none
	Kinds       []KindMark // the marks written, in kind order
	ReadKinds   []KindMark // marks read for a kind besides those, sorted
	Directions  []DirectionMark
	Position    *PositionNotationInfo // nil when the notation writes no positions
}

// notationDirections are the directions a notation may name, in the order
// people list them (the same names buildNotation reads).
func notationDirections(hex bool) []DirectionMark {
	if hex {
		return []DirectionMark{{Name: "east", Dir: board.Direction{DF: 1}}, {Name: "west", Dir: board.Direction{DF: -1}},
			{Name: "north_east", Dir: board.Direction{DF: 1, DR: 1}}, {Name: "north_west", Dir: board.Direction{DR: 1}},
			{Name: "south_east", Dir: board.Direction{DR: -1}}, {Name: "south_west", Dir: board.Direction{DF: -1, DR: -1}}}
	}
	return []DirectionMark{{Name: "north", Dir: board.Direction{DR: 1}}, {Name: "south", Dir: board.Direction{DR: -1}},
		{Name: "east", Dir: board.Direction{DF: 1}}, {Name: "west", Dir: board.Direction{DF: -1}},
		{Name: "north_east", Dir: board.Direction{DF: 1, DR: 1}}, {Name: "north_west", Dir: board.Direction{DF: -1, DR: 1}},
		{Name: "south_east", Dir: board.Direction{DF: 1, DR: -1}}, {Name: "south_west", Dir: board.Direction{DF: -1, DR: -1}}}
}

// Notation describes the rule file's own notation; ok is false when it
// declares none.
func (g *Game) Notation() (NotationInfo, bool) {
	nt := g.notation
	if nt == nil {
		return NotationInfo{}, false
	}
	info := NotationInfo{Place: strings.Join(nt.place, ""), Move: strings.Join(nt.move, "")}
	written := map[string]bool{}
	for k, mark := range nt.kindMark {
		if mark == string(rune(0)) {
			continue
		}
		info.Kinds = append(info.Kinds, KindMark{Kind: k, Mark: mark})
		written[mark] = true
	}
	for mark, k := range nt.readKinds {
		if !written[mark] {
			info.ReadKinds = append(info.ReadKinds, KindMark{Kind: k, Mark: mark})
		}
	}
	for i := 1; i < len(info.ReadKinds); i++ {
		for j := i; j > 0 && info.ReadKinds[j].Mark < info.ReadKinds[j-1].Mark; j-- {
			info.ReadKinds[j], info.ReadKinds[j-1] = info.ReadKinds[j-1], info.ReadKinds[j]
		}
	}
	for _, d := range notationDirections(g.Board.IsHex()) {
		if mark, ok := nt.dirMark[d.Dir]; ok {
			d.Mark = mark
			info.Directions = append(info.Directions, d)
		}
	}
	if ps := nt.pos; ps != nil {
		info.Position = &PositionNotationInfo{Name: ps.Name, Rows: ps.Rows, Cells: ps.Cells, Empty: ps.Empty,
			Pieces: ps.Pieces, After: ps.After, Default: ps.Default}
	}
	return info, true
}
