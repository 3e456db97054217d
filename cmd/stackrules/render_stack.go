package main

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// How a stack is written on the terminal board. Most games write the top
// piece's letter and the height ("b", "w3", "B12": cellText). A game whose
// kinds stay on top of their stacks (walls and capstones) writes the top
// piece's owner by its plain letter and its kind by the mark the rule
// file's notation gives it, then the height: "w" a flat, "wS" a wall
// standing, "bC" a capstone, "w4" a stack of four with white's flat on top,
// "bS7" seven under a black wall. Pieces of nobody are drawn in a colour
// no player has.

// stackLook is how one game's stacks are written.
type stackLook struct {
	g     *interpreter.Game
	onTop bool     // kinds stay on top: owner letter, kind mark, height
	marks []string // by kind, on an onTop board: "" for the plain kind
	inner int      // columns of content in a square of the grid
}

func newStackLook(g *interpreter.Game, p *board.Position) *stackLook {
	l := &stackLook{g: g, onTop: g.Board.OnTop(), inner: 3}
	if !l.onTop {
		return l
	}
	l.marks = kindMarks(g)
	l.inner = 4 // "wS12"
	for sq := 0; sq < g.Board.NumSquares(); sq++ {
		l.inner = max(l.inner, len(l.text(p.Cells[sq])))
	}
	return l
}

// kindMarks are the marks of the players' kinds, for a board that shows
// them: the notation's mark, else the kind name's first letter, else its
// number; "" for the plain kind.
func kindMarks(g *interpreter.Game) []string {
	n := g.PlayerKinds()
	marks := make([]string, n)
	if info, ok := g.Notation(); ok {
		for _, km := range info.Kinds {
			if km.Kind > 0 && km.Kind < n {
				marks[km.Kind] = km.Mark
			}
		}
	}
	used := map[string]bool{}
	for k := 1; k < n; k++ {
		used[marks[k]] = marks[k] != ""
	}
	for k := 1; k < n; k++ {
		if marks[k] != "" {
			continue
		}
		if r := []rune(g.KindName(k)); len(r) > 0 {
			m := string(unicode.ToUpper(r[0]))
			if !used[m] && r[0] < unicode.MaxASCII {
				marks[k], used[m] = m, true
				continue
			}
		}
		marks[k] = strconv.Itoa(k)
	}
	return marks
}

// plainLetter is the letter of the owner of code as its plain piece, the
// piece's own letter for a piece of nobody.
func plainLetter(b *board.Board, code int) string {
	if o := b.Owner(code); o >= 0 {
		return string(b.Letter(b.CodeOf(o, 0)))
	}
	return string(b.Letter(code))
}

// text is what a square holds: "" when empty.
func (l *stackLook) text(s board.Stack) string {
	b := l.g.Board
	if !l.onTop {
		return cellText(b, s)
	}
	if s.Height() == 0 {
		return ""
	}
	top := b.Top(s)
	t := plainLetter(b, top)
	if k := b.Kind(top); k > 0 && k < len(l.marks) {
		t += l.marks[k]
	}
	if s.Height() > 1 {
		t += strconv.Itoa(s.Height())
	}
	return t
}

// full writes the stack on sq bottom to top: piece letters, or on an onTop
// board the owners' letters and the top's kind mark ("wbwS").
func (l *stackLook) full(p *board.Position, sq board.Square) string {
	b := l.g.Board
	if !l.onTop {
		return b.CellString(p, sq)
	}
	h := p.Cells[sq].Height()
	var sb strings.Builder
	for i := h; i >= 1; i-- {
		code := b.PieceAt(p, sq, i)
		sb.WriteString(plainLetter(b, code))
		if i == 1 {
			if k := b.Kind(code); k > 0 && k < len(l.marks) {
				sb.WriteString(l.marks[k])
			}
		}
	}
	return sb.String()
}

// stackItem is a stack for the panel's list: "c3 wbwS", or for a stack too
// long for width, its height and its top pieces: "c3 (14) …bwbwS".
func (l *stackLook) stackItem(p *board.Position, sq board.Square, width int, ascii bool) string {
	name := l.g.Board.SquareName(sq)
	s := l.full(p, sq)
	item := name + " " + s
	if len(item) <= width {
		return item
	}
	dots := "…"
	if ascii {
		dots = "..."
	}
	head := name + " (" + strconv.Itoa(p.Cells[sq].Height()) + ") " + dots
	keep := max(width-visibleWidth(head), 3)
	return head + s[max(len(s)-keep, 0):]
}

// key says how the board writes the kinds, for the panel: "wS wall, wC
// capstone, w3 three high"; "" on a board that writes only letters.
func (l *stackLook) key() []string {
	if !l.onTop {
		return nil
	}
	b := l.g.Board
	w := string(b.Letter(b.CodeOf(0, 0)))
	var items []string
	for k := 1; k < len(l.marks); k++ {
		items = append(items, w+l.marks[k]+" "+l.g.KindName(k))
	}
	return append(items, w+"3 a stack of 3, "+w+" on top")
}

// neutralColor is the colour of the pieces of nobody: the neutral piece's
// name when it names a colour, else the first colour no player has.
func neutralColor(g *interpreter.Game, code int) pieceColor {
	names := g.NeutralNames()
	if j := g.Board.Kind(code) - g.PlayerKinds(); j >= 0 && j < len(names) {
		if c, ok := namedColors[strings.ToLower(names[j])]; ok {
			return c
		}
	}
	taken := map[pieceColor]bool{}
	for i := range g.Players {
		taken[playerColor(g, i)] = true
	}
	for _, c := range append(fallbackColors, namedColors["orange"], namedColors["green"]) {
		if !taken[c] {
			return c
		}
	}
	return namedColors["gray"]
}

// topColor is the colour of the top piece of a stack that is not empty.
func topColor(g *interpreter.Game, s board.Stack) pieceColor {
	b := g.Board
	if o := b.TopOwner(s); o >= 0 {
		return playerColor(g, o)
	}
	return neutralColor(g, b.Top(s))
}

// holdsNeutral reports whether the stack on sq holds a piece of nobody
// below its top.
func holdsNeutral(b *board.Board, p *board.Position, sq board.Square) bool {
	if b.Neutral() == 0 {
		return false
	}
	for i := 2; i <= p.Cells[sq].Height(); i++ {
		if b.Owner(b.PieceAt(p, sq, i)) < 0 {
			return true
		}
	}
	return false
}

// moveSquares are the squares a move touches, for the board to mark: where
// it starts, every square it lands or drops on, the squares it clears.
func moveSquares(b *board.Board, m board.Move) []board.Square {
	var out []board.Square
	switch m.Kind {
	case board.Step:
		out = append(out, m.From, m.To)
	case board.BearOff:
		out = append(out, m.From)
	case board.Capture:
		out = append(out, m.From)
		for i := 0; i < int(m.Jumps); i++ {
			out = append(out, m.Landing(i))
		}
	case board.Place:
		out = append(out, m.To)
	case board.Spread:
		out = append(out, m.From)
		f0, r0 := b.Coord(m.From)
		f1, r1 := b.Coord(m.To)
		df, dr := sign(f1-f0), sign(r1-r0)
		for i := 1; i <= int(m.Jumps); i++ {
			if sq, ok := b.At(f0+i*df, r0+i*dr); ok {
				out = append(out, sq)
			}
		}
	}
	if m.Kind != board.Capture && m.Kind != board.Spread {
		for i := 0; i < int(m.Removed); i++ {
			out = append(out, m.Via[i])
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
