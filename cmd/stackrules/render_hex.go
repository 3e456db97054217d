package main

import (
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// A hex board (board.NewHex: rows of cells in axial coordinates, a cell
// drawn at x = file - row/2) is drawn as a honeycomb: each cell a hexagon
// of three columns of content between bars, the rows half a cell apart, the
// row numbers on the left, and the file letters on a line above the board
// and a line below it, each where its file (which runs up and to the left)
// would go on: a down and to the right of a1, c up and to the left of c5.
// The cells of the last move have brackets for bars.
//
//	a   b   c   d   e   f   g   h   i   j   k
//	         / \ / \ / \ / \ / \ / \ / \ / \ / \
//	5       | . | . | . | . | . | w2| . | w | . |
//	       / \ / \ / \ / \ / \ / \ / \ / \ / \ / \
//	4     | . | . | . | . | . | w | w | w | w2| b3|
//	     / \ / \ / \ / \ / \ / \ / \ / \ / \ / \ / \
//	3   | . | . | . | . | . | b | w3| b | d | d | w |
//	     \ / \ / \ / \ / \ / \ / \ / \ / \ / \ / \ /
//	2     | . | . | . | . [b3*| . ] b2| b | . | . |
//	       \ / \ / \ / \ / \ / \ / \ / \ / \ / \ /
//	1       | . | . | . | w2| w | . | w | b | b |
//	         \ / \ / \ / \ / \ / \ / \ / \ / \ /
//	            a   b   c   d   e   f   g   h   i   j   k

const (
	hexPitch  = 4 // columns from one cell to the next in a row
	hexMargin = 1 // columns between the row numbers and the board
)

// hexPlace is where a cell (or a label beside the board) is drawn: text
// line y, centre column x.
type hexPlace struct{ x, y int }

// hexLayout places the cells of a hex board, seen from the first player's
// side or flipped.
type hexLayout struct {
	b      *board.Board
	flip   bool
	x0, y0 int // the canvas position of x2 = 0, row line 0
}

// at is where the cell of file f, row r (on the board or not) is drawn.
func (h hexLayout) at(f, r int) hexPlace {
	x2 := 2*f - r // twice the cell's x
	d := h.b.Height - 1 - r
	if h.flip {
		x2, d = -x2, r
	}
	return hexPlace{h.x0 + x2*hexPitch/2, h.y0 + 2*d}
}

// renderHexBoard draws a hex board with the panel beside it, or under it
// when it does not fit.
func renderHexBoard(g *interpreter.Game, p *board.Position, v boardView, o renderOpts, marked map[board.Square]bool, width int) string {
	b := g.Board
	gl := o.glyphs()
	look := newStackLook(g, p)
	rankW := len(strconv.Itoa(b.Height))

	// The labels: each file's letter on the lines above and below the
	// board, where the file would go on (it runs up and to the left).
	type label struct {
		f, r int
		text string
	}
	var labels []label
	for f := 0; f < b.Width; f++ {
		name := string(rune('a' + f))
		labels = append(labels, label{f, -1, name}, label{f, b.Height, name})
	}

	// Measure, then place: the row numbers left of the leftmost bar, the
	// letters no farther left than them.
	lay := hexLayout{b: b, flip: o.Flip}
	minBar, minLabel, maxX := 1<<30, 1<<30, -1<<30
	for sq := 0; sq < b.NumSquares(); sq++ {
		f, r := b.Coord(board.Square(sq))
		at := lay.at(f, r)
		minBar, maxX = min(minBar, at.x-2), max(maxX, at.x+2)
	}
	for _, l := range labels {
		at := lay.at(l.f, l.r)
		minLabel, maxX = min(minLabel, at.x), max(maxX, at.x)
	}
	lay.x0 = max(rankW+hexMargin-minBar, -minLabel)
	lay.y0 = 2
	canvasW := maxX + lay.x0 + 1
	lines := 2*b.Height + 3
	canvas := make(graphCanvas, lines)
	for y := range canvas {
		canvas[y] = make([]string, canvasW)
		for x := range canvas[y] {
			canvas[y][x] = " "
		}
	}
	coord := func(s string) string { return o.paint(s, fg256(colCoord)) }

	// The edges first, then the cells' bars and contents over them.
	for sq := 0; sq < b.NumSquares(); sq++ {
		f, r := b.Coord(board.Square(sq))
		at := lay.at(f, r)
		canvas.put(at.x-1, at.y-1, coord("/"))
		canvas.put(at.x+1, at.y-1, coord("\\"))
		canvas.put(at.x-1, at.y+1, coord("\\"))
		canvas.put(at.x+1, at.y+1, coord("/"))
	}
	bars := map[hexPlace]int{} // each bar: 1 when a marked cell is left of it, 2 right, 3 both
	for sq := 0; sq < b.NumSquares(); sq++ {
		f, r := b.Coord(board.Square(sq))
		at := lay.at(f, r)
		if _, seen := bars[hexPlace{at.x - 2, at.y}]; !seen {
			bars[hexPlace{at.x - 2, at.y}] = 0
		}
		if _, seen := bars[hexPlace{at.x + 2, at.y}]; !seen {
			bars[hexPlace{at.x + 2, at.y}] = 0
		}
		if marked[board.Square(sq)] {
			bars[hexPlace{at.x - 2, at.y}] |= 2 // the cell is right of this bar
			bars[hexPlace{at.x + 2, at.y}] |= 1
		}
		content := hexContent(g, look, p, board.Square(sq), o, gl)
		for i, c := range content {
			canvas.put(at.x-1+i, at.y, c)
		}
	}
	for at, m := range bars {
		bar := gl.v
		switch m {
		case 1:
			bar = "]"
		case 2:
			bar = "["
		}
		if m != 0 && o.Color {
			canvas.put(at.x, at.y, sgr(fg256(colHighlight), "1")+bar+reset)
		} else {
			canvas.put(at.x, at.y, coord(bar))
		}
	}
	for _, l := range labels {
		at := lay.at(l.f, l.r)
		canvas.put(at.x, at.y, coord(l.text))
	}
	var left []string
	for y, row := range canvas {
		line := strings.Join(row, "")
		if d := y - lay.y0; d >= 0 && d%2 == 0 && d/2 < b.Height {
			r := b.Height - 1 - d/2
			if o.Flip {
				r = d / 2
			}
			num := strconv.Itoa(r + 1)
			line = coord(strings.Repeat(" ", rankW-len(num))+num) + line[rankW:]
		}
		left = append(left, line)
	}
	boardW := 0
	for _, l := range left {
		boardW = max(boardW, visibleWidth(l))
	}
	// The panel goes beside the board when its lines fit there.
	if panelW := width - boardW - panelGap; panelW >= 20 {
		panel := renderPanel(g, p, v, o, gl, panelW)
		fits := true
		for _, l := range panel {
			fits = fits && visibleWidth(l) <= panelW
		}
		if fits {
			return sideBySide(left, panel, boardW, true)
		}
	}
	return sideBySide(left, renderPanel(g, p, v, o, gl, width-2), boardW, false)
}

// hexContent is a cell's three columns: the stack as a grid square shows
// it, a '*' after a stack that holds a piece of nobody below its top when
// there is room, in colour the piece's colour behind it.
func hexContent(g *interpreter.Game, look *stackLook, p *board.Position, sq board.Square, o renderOpts, gl glyphs) []string {
	b := g.Board
	s := p.Cells[sq]
	text := look.text(s)
	star := holdsNeutral(b, p, sq) && len(text) < 3
	if star {
		text += "*"
	}
	mid := padContent(text, gl.dot, 3)
	out := make([]string, 0, 3)
	for _, r := range mid {
		out = append(out, string(r))
	}
	if !o.Color {
		return out
	}
	if s.Height() == 0 {
		for i := range out {
			out[i] = sgr(bg256(colDark), fg256(colDot)) + out[i] + reset
		}
		return out
	}
	pc := topColor(g, s)
	for i := range out {
		code := sgr(bg256(pc.bg), fg256(pc.fg), "1")
		if star && strings.TrimSpace(out[i]) == "*" {
			code = sgr(bg256(pc.bg), fg256(neutralColor(g, b.NeutralCode(0)).bg), "1")
		}
		out[i] = code + out[i] + reset
	}
	return out
}
