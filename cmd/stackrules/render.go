package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The board as a person reads it: one text line per rank, coordinates on all
// four sides, each playing square showing its top piece's letter (a capital
// for a king) and the stack's height when it is two or more, the squares of
// the last move in brackets, and beside the board (or under it, when the two
// would not fit in 80 columns) whose turn it is, each player's counts and
// every stack of two or more, bottom to top. A game whose kinds stay on top
// of their stacks writes the kind by its mark (render_stack.go: wS, bC3);
// a hex board is drawn as a honeycomb (render_hex.go).
//
//	     a    b    c    d    e    f    g    h
//	  ┌────────────────────────────────────────┐
//	8 │       b         b         b         b  │ 8
//	...
//	3 │  r        r  [ ·]       r         r    │ 3
//	...

// renderOpts say how to draw.
type renderOpts struct {
	Color bool // ANSI colours (256-colour palette)
	ASCII bool // no Unicode: +-| borders, '.' for an empty square
	Flip  bool // seen from the second player's side: a1 top right
	Width int  // the columns available; 0 means 80
	// Numeric writes moves in numeric notation (11-15) on boards that number
	// their squares.
	Numeric bool
	// Numbers shows each empty square's number on a numbered board, even
	// while moves are written by name (the player typed c3-d4).
	Numbers bool
}

// boardView is what the panel says besides the position itself.
type boardView struct {
	Last    *board.Move // the last move played, highlighted; nil for none
	LastNo  string      // its number as written in a record ("12." or "12..."), for the panel
	Labels  []string    // who plays each side ("you", "mcts:medium"); optional
	Outcome string      // "blue wins (…)" when the game is over
	Partial string      // in a dice game, the checker moves typed so far this turn ("" for none)
	Left    []int       // and the dice they leave to play
}

// ANSI 256-colour codes. Playing squares are green and the others buff, as
// on a tournament board; a piece is a block in its owner's colour.
const (
	colDark      = 29  // playing square
	colLight     = 187 // other square
	colDot       = 72  // the dot of an empty playing square
	colHighlight = 226 // the brackets of the last move
	colCoord     = 244 // coordinates and borders
)

type pieceColor struct{ bg, fg int }

var namedColors = map[string]pieceColor{
	"red": {160, 231}, "blue": {26, 231}, "black": {232, 231}, "white": {255, 16},
	"green": {34, 16}, "yellow": {220, 16}, "orange": {208, 16}, "purple": {91, 231},
	"brown": {94, 231}, "pink": {212, 16}, "gray": {245, 16}, "grey": {245, 16},
	"cyan": {44, 16}, "magenta": {164, 231},
}

var fallbackColors = []pieceColor{{160, 231}, {26, 231}, {220, 16}, {91, 231}}

// playerColor is the colour of a player's pieces: by the player's name when
// it names a colour, else by turn order.
func playerColor(g *interpreter.Game, player int) pieceColor {
	if c, ok := namedColors[strings.ToLower(g.Players[player].Name)]; ok {
		return c
	}
	return fallbackColors[player%len(fallbackColors)]
}

func sgr(codes ...string) string { return "\x1b[" + strings.Join(codes, ";") + "m" }
func fg256(c int) string         { return "38;5;" + strconv.Itoa(c) }
func bg256(c int) string         { return "48;5;" + strconv.Itoa(c) }

const reset = "\x1b[0m"

// paint wraps s in SGR codes when colour is on.
func (o renderOpts) paint(s string, codes ...string) string {
	if !o.Color || len(codes) == 0 {
		return s
	}
	return sgr(codes...) + s + reset
}

// glyphs are the characters that differ between Unicode and --ascii.
type glyphs struct {
	tl, tr, bl, br, h, v, dot, turn, arrow string
}

func (o renderOpts) glyphs() glyphs {
	if o.ASCII {
		return glyphs{"+", "+", "+", "+", "-", "|", ".", ">", "->"}
	}
	return glyphs{"┌", "┐", "└", "┘", "─", "│", "·", "▶", "→"}
}

// visibleWidth is the number of columns s takes on a terminal: runes, less
// the ANSI escape sequences.
func visibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := i + 1
			if j < len(s) && s[j] == '[' {
				j++
				for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
					j++
				}
			}
			i = j + 1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

func padRight(s string, w int) string {
	if d := w - visibleWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// cellText is what a square holds: the top piece's letter, then the height
// when it is two or more ("r", "r2", "R12").
func cellText(b *board.Board, s board.Stack) string {
	if s.Height() == 0 {
		return ""
	}
	t := string(b.Letter(b.Top(s)))
	if s.Height() > 1 {
		t += strconv.Itoa(s.Height())
	}
	return t
}

// renderBoard draws p with its side panel. The result ends with a newline.
func renderBoard(g *interpreter.Game, p *board.Position, v boardView, o renderOpts) string {
	if tb := trackBoardOf(g); tb != nil {
		return renderTrackBoard(g, tb, p, v, o)
	}
	if g.HasDice() {
		return renderDiceGrid(g, p, v, o)
	}
	width := o.Width
	if width <= 0 {
		width = 80
	}
	gl := o.glyphs()
	b := g.Board
	W, H := b.Width, b.Height
	rankW := len(strconv.Itoa(H))

	marked := map[board.Square]bool{}
	if v.Last != nil {
		for _, sq := range moveSquares(b, *v.Last) {
			marked[sq] = true
		}
	}
	if b.IsHex() {
		return renderHexBoard(g, p, v, o, marked, width)
	}
	look := newStackLook(g, p)
	cw := look.inner + 2 // a slot for '[', the content, a slot for ']'
	files := make([]int, W)
	ranks := make([]int, H)
	for i := range files {
		files[i] = i
		if o.Flip {
			files[i] = W - 1 - i
		}
	}
	for i := range ranks {
		ranks[i] = H - 1 - i
		if o.Flip {
			ranks[i] = i
		}
	}

	coordLine := strings.Repeat(" ", rankW+2)
	for _, f := range files {
		coordLine += padRight("  "+string(rune('a'+f)), cw)
	}
	coordLine = o.paint(strings.TrimRight(coordLine, " "), fg256(colCoord))
	border := func(l, r string) string {
		return strings.Repeat(" ", rankW+1) + o.paint(l+strings.Repeat(gl.h, W*cw)+r, fg256(colCoord))
	}

	var left []string
	if b.IsGraph() {
		left = renderGraphBoard(g, p, v, o, marked)
	} else {
		left = append(left, coordLine, border(gl.tl, gl.tr))
	}
	for _, r := range ranks {
		if b.IsGraph() {
			break
		}
		var sb strings.Builder
		label := fmt.Sprintf("%*d", rankW, r+1)
		sb.WriteString(o.paint(label, fg256(colCoord)) + " " + o.paint(gl.v, fg256(colCoord)))
		for _, f := range files {
			sq, playing := b.At(f, r)
			if !playing {
				sb.WriteString(o.paint(strings.Repeat(" ", cw), bg256(colLight)))
				continue
			}
			label := "" // an empty square shows its number where moves are numbered
			if (o.Numeric || o.Numbers) && b.Numbered() {
				label = strconv.Itoa(b.SquareNumber(sq))
			}
			sb.WriteString(renderCell(g, look, p.Cells[sq], marked[sq], o, gl, label))
		}
		sb.WriteString(o.paint(gl.v, fg256(colCoord)) + " " + o.paint(strconv.Itoa(r+1), fg256(colCoord)))
		left = append(left, sb.String())
	}
	boardW := rankW + 1 + 1 + W*cw + 1 + 1 + rankW
	if b.IsGraph() {
		boardW = 0
		for _, l := range left {
			boardW = max(boardW, visibleWidth(l))
		}
	} else {
		left = append(left, border(gl.bl, gl.br), coordLine)
	}
	panelW := width - boardW - panelGap
	beside := panelW >= 28
	if !beside {
		panelW = width - 2
	}
	panel := renderPanel(g, p, v, o, gl, panelW)
	return sideBySide(left, panel, boardW, beside)
}

// panelGap is the columns between the board and the panel beside it.
const panelGap = 3

// sideBySide puts the panel beside the board's lines (a gap between), or
// under them.
func sideBySide(left, panel []string, boardW int, beside bool) string {
	var out strings.Builder
	if beside {
		n := max(len(left), len(panel))
		for i := 0; i < n; i++ {
			l, r := "", ""
			if i < len(left) {
				l = left[i]
			}
			if i < len(panel) {
				r = panel[i]
			}
			line := padRight(l, boardW)
			if r != "" {
				line += strings.Repeat(" ", panelGap) + r
			}
			out.WriteString(strings.TrimRight(line, " ") + "\n")
		}
		return out.String()
	}
	for _, l := range left {
		out.WriteString(strings.TrimRight(l, " ") + "\n")
	}
	for _, r := range panel {
		out.WriteString(strings.TrimRight("  "+r, " ") + "\n")
	}
	return out.String()
}

// renderCell draws one playing square, look.inner+2 columns wide; label
// stands for the dot of an empty square when it fits (a draughts square's
// number).
func renderCell(g *interpreter.Game, look *stackLook, s board.Stack, marked bool, o renderOpts, gl glyphs, label string) string {
	open, closeB := " ", " "
	if marked {
		open, closeB = "[", "]"
	}
	dotText := gl.dot
	if label != "" && len(label) <= look.inner {
		dotText = label
	}
	mid := padContent(look.text(s), dotText, look.inner)
	if !o.Color {
		return open + mid + closeB
	}
	sq := bg256(colDark)
	slot := func(t string) string {
		if marked {
			return sgr(sq, fg256(colHighlight), "1") + t
		}
		return sgr(sq) + t
	}
	var body string
	if s.Height() == 0 {
		dot := fg256(colDot)
		if marked {
			dot = fg256(colHighlight)
		}
		body = sgr(sq, dot) + mid
	} else {
		pc := topColor(g, s)
		body = sgr(bg256(pc.bg), fg256(pc.fg), "1") + mid
	}
	return slot(open) + reset + body + reset + slot(closeB) + reset
}

// padContent places a square's content in inner columns: a space before
// it when there is room (" w ", " w3", "w12"), the dot of an empty square.
func padContent(content, dot string, inner int) string {
	if content == "" {
		content = dot
	}
	if visibleWidth(content) < inner {
		content = " " + content
	}
	return padRight(content, inner)
}

// pieceSample is a player's piece as drawn on the board, for the panel.
func pieceSample(g *interpreter.Game, player int, o renderOpts) string {
	l := string(g.Board.Letter(player))
	if !o.Color {
		return l
	}
	pc := playerColor(g, player)
	return sgr(bg256(pc.bg), fg256(pc.fg), "1") + " " + l + " " + reset
}

// renderPanel is the text beside the board, as lines at most width wide:
// who plays, a table of each player's counts, whose turn, the last move and
// the stacks of two or more.
func renderPanel(g *interpreter.Game, p *board.Position, v boardView, o renderOpts, gl glyphs, width int) []string {
	b := g.Board
	look := newStackLook(g, p)
	var lines []string
	say := func(text string) {
		lines = append(lines, wrapItems(strings.Fields(text), " ", 2, width)...)
	}
	nameW := 0
	for _, pl := range g.Players {
		nameW = max(nameW, len(pl.Name))
	}
	for i, pl := range g.Players {
		marker := "  "
		if int(p.ToMove) == i && v.Outcome == "" {
			marker = gl.turn + " "
		}
		head := marker + pieceSample(g, i, o) + " " + o.paint(padRight(pl.Name, nameW), "1")
		if i < len(v.Labels) && v.Labels[i] != "" {
			label := v.Labels[i]
			if visibleWidth(head)+2+len(label) <= width {
				head += "  " + label
			} else {
				// A long player spec goes on a line of its own.
				lines = append(lines, head)
				head = "    " + label
				if len(head) > width {
					head = head[:width-3] + "..."
				}
			}
		}
		lines = append(lines, head)
	}
	lines = append(lines, "")

	// The counts, one row each, a column per player.
	rows := []row{
		{"showing", func(i int) int { return int(p.Showing[i]) }},
		{"on board", func(i int) int { return int(p.OnBoard[i]) }},
	}
	if b.IsGraph() {
		rows = rows[1:] // one piece a point: showing is on board
	}
	if g.HasHands() {
		rows = append(rows, handRows(g, p)...)
		if g.CanRemovePieces() {
			rows = append(rows, row{"removed", func(i int) int { return captured(g, p, i) }})
		}
	}
	if g.HasBearOff() {
		rows = append(rows, row{"borne off", func(i int) int { return int(p.Off[i]) }})
	}
	if g.HasCaptures() {
		rows = append(rows, row{"captured", func(i int) int { return captured(g, p, i) }})
	}
	if len(g.Kinds) > 1 && !b.OnTop() {
		// kinds kept on top (walls, capstones) are seen on the board
		rows = append(rows, row{plural(2, g.Kinds[1]), func(i int) int { return g.Crowned(p, i) }})
	}
	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, len(r.label))
	}
	colW := make([]int, len(g.Players))
	header := "  " + strings.Repeat(" ", labelW)
	for i, pl := range g.Players {
		colW[i] = max(3, len(pl.Name))
		header += "  " + fmt.Sprintf("%*s", colW[i], pl.Name)
	}
	lines = append(lines, header)
	for _, r := range rows {
		line := "  " + padRight(r.label, labelW)
		for i := range g.Players {
			line += "  " + fmt.Sprintf("%*d", colW[i], r.count(i))
		}
		lines = append(lines, line)
	}
	for _, n := range neutralToPlace(g, p) {
		say(n)
	}
	if key := look.key(); key != nil {
		lines = append(lines, wrapItems(key, ", ", 2, width)...)
	}
	lines = append(lines, "")
	if v.Outcome != "" {
		say("Game over: " + v.Outcome)
	} else {
		say(o.paint(g.Players[p.ToMove].Name, "1") + " to move")
	}
	if v.Last != nil {
		say("Last move: " + strings.TrimSpace(v.LastNo+" "+moveText(g, *v.Last, o.Numeric)))
	}
	var stacks []string
	for _, r := range rankOrder(b) {
		for f := 0; f < b.Width; f++ {
			sq, ok := b.At(f, r)
			if !ok || p.Cells[sq].Height() < 2 {
				continue
			}
			stacks = append(stacks, look.stackItem(p, sq, width-4, o.ASCII))
		}
	}
	if len(stacks) > 0 {
		lines = append(lines, "", fmt.Sprintf("  Stacks, bottom %s top:", gl.arrow))
		lines = append(lines, wrapItems(stacks, "   ", 4, width)...)
	}
	return lines
}

// row is a row of the panel's counts: a number per player.
type row struct {
	label string
	count func(i int) int
}

// handRows are the counts of the pieces in hand: one row, or in a game
// that keeps them by kind, a row per kind of the players' pieces, named
// by the kinds placed from it ("flats/walls", "capstones").
func handRows(g *interpreter.Game, p *board.Position) []row {
	total := row{"in hand", func(i int) int { return int(p.Hand[i]) }}
	type group struct {
		label string
		pools []int
	}
	var groups []*group
	byLabel := map[string]*group{}
	for i, hp := range g.HandPools() {
		if hp.Owner < 0 {
			continue
		}
		var names []string
		for _, k := range hp.Placed {
			names = append(names, plural(2, g.KindName(k)))
		}
		label := strings.Join(names, "/")
		gr := byLabel[label]
		if gr == nil {
			gr = &group{label: label}
			byLabel[label] = gr
			groups = append(groups, gr)
		}
		gr.pools = append(gr.pools, i)
	}
	if len(groups) < 2 {
		return []row{total}
	}
	b := g.Board
	rows := []row{total}
	for _, gr := range groups {
		pools := gr.pools
		rows = append(rows, row{"  " + gr.label, func(pl int) int {
			n := 0
			for _, i := range pools {
				if b.Owner(b.Pools()[i]) == pl {
					n += int(p.Pools[i])
				}
			}
			return n
		}})
	}
	return rows
}

// neutralToPlace says how many pieces of nobody are still to be placed:
// "3 dvonn pieces to place".
func neutralToPlace(g *interpreter.Game, p *board.Position) []string {
	var out []string
	for i, hp := range g.HandPools() {
		if hp.Owner >= 0 || p.Pools[i] == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%s to place: %d", g.KindName(hp.Kind), p.Pools[i]))
	}
	return out
}

// rankOrder lists ranks from 1 up.
func rankOrder(b *board.Board) []int {
	r := make([]int, b.Height)
	for i := range r {
		r[i] = i
	}
	return r
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// captured is the number of player's pieces gone from the board other than
// by bearing off.
func captured(g *interpreter.Game, p *board.Position, player int) int {
	return max(0, g.Initial(player)-int(p.OnBoard[player])-int(p.Off[player])-int(p.Hand[player]))
}

// wrapItems joins items with sep into lines at most width wide, each line
// starting with indent spaces; an item is never broken.
func wrapItems(items []string, sep string, indent, width int) []string {
	pad := strings.Repeat(" ", indent)
	var lines []string
	cur := ""
	for _, it := range items {
		switch {
		case cur == "":
			cur = pad + it
		case visibleWidth(cur)+len(sep)+visibleWidth(it) > width:
			lines = append(lines, cur)
			cur = pad + it
		default:
			cur += sep + it
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// moveList writes moves sorted, in rows at most width wide.
func moveList(g *interpreter.Game, moves []board.Move, width int, numeric bool) []string {
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = moveText(g, m, numeric)
	}
	sort.Strings(texts)
	if numeric && g.Board.Numbered() {
		sort.SliceStable(texts, func(i, j int) bool { return numericLess(texts[i], texts[j]) })
	}
	if g.HasDice() { // a play has spaces in it: 24/18 13/11
		return wrapItems(texts, ", ", 2, width)
	}
	return wrapItems(texts, " ", 2, width)
}

// numericLess orders moves in numbers as a draughts player reads them:
// 9-13 before 10-14, by each square's number in turn.
func numericLess(a, b string) bool {
	split := func(s string) []int {
		var out []int
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
			n, _ := strconv.Atoi(f)
			out = append(out, n)
		}
		return out
	}
	x, y := split(a), split(b)
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return len(x) < len(y)
}
