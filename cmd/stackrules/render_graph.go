package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// A board of points joined by lines (Nine Men's Morris) is drawn as points on
// a grid of text, the lines between them, file letters above and below and
// rank numbers at the sides; the panel is the same as for a grid.
//
//	     a     b     c     d     e     f     g
//	7    r ─────────────── · ─────────────── ·   7
//	     │                 │                 │
//	6    │     · ───────── b ───────── ·     │   6

const (
	graphColStep = 5 // text columns from one file to the next
	graphRowStep = 2 // text rows from one rank to the next
	graphMargin  = 5 // columns before file a's points
)

// graphCanvas is a grid of text cells, each one column on the terminal (a
// cell may carry colour codes).
type graphCanvas [][]string

func (c graphCanvas) put(x, y int, s string) {
	if y >= 0 && y < len(c) && x >= 0 && x < len(c[y]) {
		c[y][x] = s
	}
}

func renderGraphBoard(g *interpreter.Game, p *board.Position, v boardView, o renderOpts, marked map[board.Square]bool) []string {
	b := g.Board
	W, H := b.Width, b.Height
	gl := o.glyphs()
	step := graphColStep
	if graphMargin+(W-1)*step+6 > 80 {
		step = graphColStep - 1 // a wide board (Ludo's 15 files) still fits in 80 columns
	}
	col := func(f int) int {
		if o.Flip {
			f = W - 1 - f
		}
		return graphMargin + f*step
	}
	row := func(r int) int {
		if !o.Flip {
			r = H - 1 - r
		}
		return r * graphRowStep
	}
	width := graphMargin + (W-1)*step + 2
	canvas := make(graphCanvas, (H-1)*graphRowStep+1)
	for y := range canvas {
		canvas[y] = make([]string, width)
		for x := range canvas[y] {
			canvas[y][x] = " "
		}
	}
	horiz, vert, up, down := "─", "│", "╱", "╲"
	if o.ASCII {
		horiz, vert, up, down = "-", "|", "/", "\\"
	}
	paintLine := func(s string) string { return o.paint(s, fg256(colCoord)) }
	for _, line := range append(append([][]board.Square(nil), b.Lines()...), b.Joins()...) {
		for i := 0; i+1 < len(line); i++ {
			af, ar := b.Coord(line[i])
			bf, br := b.Coord(line[i+1])
			x0, y0, x1, y1 := col(af), row(ar), col(bf), row(br)
			switch {
			case y0 == y1:
				for x := min(x0, x1) + 1; x < max(x0, x1); x++ {
					canvas.put(x, y0, paintLine(horiz))
				}
			case x0 == x1:
				for y := min(y0, y1) + 1; y < max(y0, y1); y++ {
					canvas.put(x0, y, paintLine(vert))
				}
			default:
				// A diagonal: one mark on each text row between its ends.
				ch := down
				if (x1 > x0) == (y1 < y0) {
					ch = up
				}
				for y := min(y0, y1) + 1; y < max(y0, y1); y++ {
					x := x0 + ((x1-x0)*(y-y0)*2+(y1-y0))/((y1-y0)*2)
					canvas.put(x, y, paintLine(ch))
				}
			}
		}
	}
	for sq := 0; sq < b.NumSquares(); sq++ {
		f, r := b.Coord(board.Square(sq))
		x, y := col(f), row(r)
		cell := renderGraphPoint(g, p.Cells[sq], marked[board.Square(sq)], o, gl)
		for i, s := range cell {
			canvas.put(x-1+i, y, s)
		}
	}
	rankW := len(strconv.Itoa(H))
	files := strings.Repeat(" ", rankW+1)
	for x := rankW + 1; x < width; x++ {
		ch := " "
		for f := 0; f < W; f++ {
			if col(f) == x {
				ch = string(rune('a' + f))
			}
		}
		files += ch
	}
	files = o.paint(strings.TrimRight(files, " "), fg256(colCoord))
	out := []string{files}
	for y := range canvas {
		left, right := strings.Repeat(" ", rankW), ""
		for r := 0; r < H; r++ {
			if row(r) == y {
				left = fmt.Sprintf("%*d", rankW, r+1)
				right = strconv.Itoa(r + 1)
			}
		}
		line := o.paint(left, fg256(colCoord)) + strings.Join(canvas[y][rankW:], "")
		if right != "" {
			line += "  " + o.paint(right, fg256(colCoord))
		}
		out = append(out, line)
	}
	return append(out, files)
}

// renderGraphPoint draws a point three columns wide: its piece or a dot, in
// brackets when the last move touched it.
func renderGraphPoint(g *interpreter.Game, s board.Stack, marked bool, o renderOpts, gl glyphs) []string {
	b := g.Board
	open, closeB := " ", " "
	if marked {
		open, closeB = "[", "]"
	}
	content := cellText(b, s)
	if len(content) > 1 {
		content = content[:1] // a point holds one piece in the Morris games; the panel lists stacks
	}
	if content == "" {
		content = gl.dot
	}
	if !o.Color {
		return []string{open, content, closeB}
	}
	bracket := func(t string) string {
		if marked {
			return sgr(fg256(colHighlight), "1") + t + reset
		}
		return t
	}
	if s.Height() == 0 {
		dot := fg256(colDot)
		if marked {
			dot = fg256(colHighlight)
		}
		return []string{bracket(open), sgr(dot) + content + reset, bracket(closeB)}
	}
	pc := topColor(g, s)
	return []string{bracket(open), sgr(bg256(pc.bg), fg256(pc.fg), "1") + content + reset, bracket(closeB)}
}
