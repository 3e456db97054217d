package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The dice grid: a dice game whose tracks are not a track board (Ludo's
// cross, its paths sharing a loop from different starting squares) is drawn
// on its grid with three columns a square, so that a 15×15 cross fits 80
// columns with its panel. Squares on one player's track only (its base, its
// home column) are tinted in its colour; each square shows its top piece and
// how many stand there; the panel has each player's pieces in base, on the
// way and home, and the dice.

const diceCellWidth = 3

// ownSquares maps a square on exactly one player's track to that player.
func ownSquares(g *interpreter.Game) map[board.Square]int {
	seen := map[board.Square]int{}
	owner := map[board.Square]int{}
	for pl := range g.Players {
		for _, sq := range g.Track(pl) {
			seen[sq]++
			owner[sq] = pl
		}
	}
	for sq, n := range seen {
		if n != 1 {
			delete(owner, sq)
		}
	}
	return owner
}

// renderDiceGrid draws p on its grid, compactly, with its panel.
func renderDiceGrid(g *interpreter.Game, p *board.Position, v boardView, o renderOpts) string {
	gl := o.glyphs()
	b := g.Board
	W, H := b.Width, b.Height
	own := ownSquares(g)
	frame := func(s string) string { return o.paint(s, fg256(colCoord)) }
	var left []string
	left = append(left, " "+frame(gl.tl+strings.Repeat(gl.h, W*diceCellWidth)+gl.tr))
	for i := 0; i < H; i++ {
		r := H - 1 - i
		if o.Flip {
			r = i
		}
		var sb strings.Builder
		sb.WriteString(" " + frame(gl.v))
		for j := 0; j < W; j++ {
			f := j
			if o.Flip {
				f = W - 1 - j
			}
			sq, playing := b.At(f, r)
			if !playing {
				sb.WriteString(strings.Repeat(" ", diceCellWidth))
				continue
			}
			text := cellText(b, p.Cells[sq])
			if text == "" {
				text = gl.dot
			}
			if len(text) < diceCellWidth && visibleWidth(text) < diceCellWidth {
				text = " " + text
			}
			text = padRight(text, diceCellWidth)
			codes := []string{}
			if pl, ok := own[sq]; ok && o.Color {
				pc := playerColor(g, pl)
				codes = append(codes, bg256(pc.bg), fg256(pc.fg))
			} else if o.Color {
				codes = append(codes, bg256(colLight), fg256(16))
			}
			if s := p.Cells[sq]; s != 0 && o.Color {
				codes = append(codes, "1")
			}
			if _, ok := own[sq]; ok && !o.Color && p.Cells[sq] == 0 {
				text = " : " // without colour, a player's own square
			}
			sb.WriteString(o.paint(text, codes...))
		}
		sb.WriteString(frame(gl.v))
		left = append(left, sb.String())
	}
	left = append(left, " "+frame(gl.bl+strings.Repeat(gl.h, W*diceCellWidth)+gl.br))

	boardW := 0
	for _, l := range left {
		boardW = max(boardW, visibleWidth(l))
	}
	return besidePanel(left, diceGridPanel(g, p, v, o), boardW, o.Width)
}

// diceGridPanel: for each player its pieces in base (the track's first
// square), on the way and home (borne off); whose turn; the dice; the last
// move.
func diceGridPanel(g *interpreter.Game, p *board.Position, v boardView, o renderOpts) []string {
	var lines []string
	for pl := range g.Players {
		t := g.Track(pl)
		base, onWay := 0, 0
		for i, sq := range t {
			n := trackCount(g, p, sq, pl)
			if i == 0 {
				base += n
			} else {
				onWay += n
			}
		}
		mark := "  "
		if int(p.ToMove) == pl {
			mark = o.glyphs().turn + " "
		}
		name := g.Players[pl].Name
		if k := int(p.Place[pl]); k > 0 { // in a game for places
			name += " " + interpreter.Ordinal(k)
		}
		if pl < len(v.Labels) && v.Labels[pl] != "" {
			name += " (" + v.Labels[pl] + ")"
		}
		lines = append(lines, mark+pieceSample(g, pl, o)+" "+name,
			fmt.Sprintf("    base %d, out %d, home %d", base, onWay, p.Off[pl]))
	}
	if !o.Color {
		lines = append(lines, "  : one player's path only")
	}
	lines = append(lines, "")
	lines = append(lines, diceStatus(g, p, v, o))
	if last := lastPlay(g, v); last != "" {
		lines = append(lines, last)
	}
	return lines
}

// diceStatus is the dice boards' status line: the end of the game, the
// roll to play, or the roll to come.
func diceStatus(g *interpreter.Game, p *board.Position, v boardView, o renderOpts) string {
	turn := g.Players[p.ToMove].Name
	switch {
	case v.Outcome != "":
		return v.Outcome
	case v.Partial != "" && len(v.Left) > 0:
		var left []string
		for _, d := range v.Left {
			left = append(left, strconv.Itoa(d))
		}
		return fmt.Sprintf("so far %s; dice left %s: %s to play", v.Partial, o.paint(strings.Join(left, " "), "1"), turn)
	case p.Rolled():
		dice := strconv.Itoa(int(p.Dice[0]))
		if p.Dice[1] != 0 {
			dice += " " + strconv.Itoa(int(p.Dice[1]))
		}
		return fmt.Sprintf("dice %s: %s to play", o.paint(dice, "1"), turn)
	}
	return turn + " to move: dice to roll"
}

// lastPlay is the last play for the dice boards ("" when there is none: a
// roll shows as the dice).
func lastPlay(g *interpreter.Game, v boardView) string {
	if v.Last == nil || v.Last.Kind == board.Roll {
		return ""
	}
	return fmt.Sprintf("last: %s %s", v.LastNo, g.MoveString(*v.Last))
}

// besidePanel writes the board's lines with the panel's to their right,
// three spaces apart, the panel fitted to the width left (both dice boards).
func besidePanel(left, panel []string, boardW, width int) string {
	if w := width; (w <= 0 && 80-boardW-3 < minPanelWidth) || (w > 0 && w-boardW-3 < minPanelWidth) {
		// A board too wide to leave the panel room (Parcheesi's 19
		// columns): the panel goes under it.
		var out strings.Builder
		for _, l := range left {
			out.WriteString(strings.TrimRight(l, " ") + "\n")
		}
		for _, r := range fitPanel(panel, width, 2) {
			out.WriteString(strings.TrimRight("  "+r, " ") + "\n")
		}
		return out.String()
	}
	panel = fitPanel(panel, width, boardW+3)
	var out strings.Builder
	for i := 0; i < max(len(left), len(panel)); i++ {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(panel) {
			r = panel[i]
		}
		out.WriteString(strings.TrimRight(padRight(l, boardW)+"   "+r, " ") + "\n")
	}
	return out.String()
}

// minPanelWidth is the least room beside a board for its panel.
const minPanelWidth = 28

// fitPanel keeps a panel beside a board boardW columns wide within the
// width (80 when 0): a line too long for it ("red (mcts:hard,threads=2)")
// puts what is in its last brackets on a line of its own.
func fitPanel(lines []string, width, boardW int) []string {
	if width <= 0 {
		width = 80
	}
	avail := width - boardW
	var out []string
	for _, l := range lines {
		i := strings.LastIndex(l, " (")
		if visibleWidth(l) <= avail {
			out = append(out, l)
			continue
		}
		if i < 0 { // words, like the end of a game's: wrapped
			out = append(out, wrapWords(l, avail)...)
			continue
		}
		out = append(out, l[:i], "    "+l[i+1:])
	}
	return out
}

// wrapWords breaks plain text into lines of at most width columns at its
// spaces ("red 1st, green 2nd, yellow 3rd, blue 4th: brought all four
// pieces home" beside a board); a word longer than that keeps a line.
func wrapWords(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case visibleWidth(line)+1+visibleWidth(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
