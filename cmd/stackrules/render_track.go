package main

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The track board: a dice game for two players whose tracks run the same
// points in opposite directions (each starting from a square of its own off
// the points, such as a bar) is drawn as a backgammon board, whatever grid
// its rule file uses: the points in two rows, numbered from the side of the
// player to move, each point's checkers stacked with a count where tall,
// the start squares in the middle column, and beside it the dice, the pip
// counts and the pieces borne off.
//
//	 13 14 15 16 17 18       19 20 21 22 23 24
//	+------------------+---+------------------+
//	| W           B    |   | B              W |
//	...

// trackBoard is the shape read from the rule file's tracks.
type trackBoard struct {
	points int // the points shared by both tracks (24)
	tracks [2][]board.Square
}

// trackBoardOf is the track board of g, nil when its tracks do not have
// that shape.
func trackBoardOf(g *interpreter.Game) *trackBoard {
	if !g.HasDice() || len(g.Players) != 2 {
		return nil
	}
	a, b := g.Track(0), g.Track(1)
	n := len(a)
	if n != len(b) || n < 5 || (n-1)%2 != 0 || a[0] == b[0] {
		return nil
	}
	for i := 1; i < n; i++ {
		if a[i] != b[n-i] {
			return nil
		}
	}
	return &trackBoard{points: n - 1, tracks: [2][]board.Square{a, b}}
}

const trackStackRows = 5 // checkers drawn on a point; a taller stack shows its count

// count is how many of player's pieces stand on sq.
func trackCount(g *interpreter.Game, p *board.Position, sq board.Square, player int) int {
	var counts [board.MaxPlayers]int16
	g.Board.CountAt(p, sq, &counts)
	return int(counts[player])
}

// pips is how far player's pieces have to go: each piece the steps left
// along its track to the end.
func (tb *trackBoard) pips(g *interpreter.Game, p *board.Position, player int) int {
	t := tb.tracks[player]
	total := 0
	for i, sq := range t {
		total += trackCount(g, p, sq, player) * (len(t) - i)
	}
	return total
}

// renderTrackBoard draws p as a track board seen from player me, with the
// panel beside it, in at most 80 columns.
func renderTrackBoard(g *interpreter.Game, tb *trackBoard, p *board.Position, v boardView, o renderOpts) string {
	gl := o.glyphs()
	me := 0
	if o.Flip {
		me = 1
	}
	opp := 1 - me
	n := tb.points
	half := n / 2
	// point k (1..n) of me's numbering is step n+1-k of its track.
	pointSq := func(k int) board.Square { return tb.tracks[me][n+1-k] }
	// Labels follow the player to move (as GNU Backgammon numbers them).
	label := func(k int) int {
		if int(p.ToMove) != me {
			return n + 1 - k
		}
		return k
	}
	// The top row runs from half+1 on the left to n on the right; the bottom
	// row from half on the left down to 1: me's home is bottom right.
	top := make([]int, half)
	bottom := make([]int, half)
	for i := range top {
		top[i] = half + 1 + i
		bottom[i] = half - i
	}
	piece := func(player int) string {
		l := strings.ToUpper(string(g.Players[player].Code))
		if !o.Color {
			return l
		}
		pc := playerColor(g, player)
		return o.paint(l, bg256(pc.bg), fg256(pc.fg), "1")
	}
	// cell is row r (0 nearest the edge) of a stack of c of player's pieces.
	cell := func(c, player, r int) string {
		switch {
		case c == 0 || r >= c:
			return "   "
		case c > trackStackRows && r == trackStackRows-1:
			return o.paint(fmt.Sprintf("%2d ", c), "1")
		}
		return " " + piece(player) + " "
	}
	// pointCell draws a point's stack from the bottom, at the edge: in a
	// game where a checker landed on is pinned (Plakoto), the pinned one
	// shows under the checkers on it.
	pointCell := func(k, r int) string {
		sq := pointSq(k)
		s := p.Cells[sq]
		h := s.Height()
		if h == 0 || r >= h {
			return "   "
		}
		if h > trackStackRows && r == trackStackRows-1 {
			return o.paint(fmt.Sprintf("%2d ", h), "1")
		}
		owner := g.Board.Owner(g.Board.Piece(s, h-r))
		if owner < 0 || owner > 1 {
			return cell(h, 0, r)
		}
		return " " + piece(owner) + " "
	}
	frame := func(s string) string { return o.paint(s, fg256(colCoord)) }
	// A row is the left half of its points, the bar column, the right half.
	h2 := half / 2
	side := func(ks []int, r int) string {
		var sb strings.Builder
		for _, k := range ks {
			sb.WriteString(pointCell(k, r))
		}
		return sb.String()
	}
	numbers := func(ks []int) string {
		var sb strings.Builder
		sb.WriteString("  ")
		for i, k := range ks {
			if i == h2 {
				sb.WriteString(strings.Repeat(" ", 5))
			}
			sb.WriteString(fmt.Sprintf("%2d ", label(k)))
		}
		return strings.TrimRight(sb.String(), " ")
	}
	rule := func(l, mid, r string) string {
		if o.ASCII {
			mid = "+"
		}
		return " " + frame(l+strings.Repeat(gl.h, 3*h2)+mid+strings.Repeat(gl.h, 3)+mid+strings.Repeat(gl.h, 3*(half-h2))+r)
	}
	v2 := frame(gl.v)
	row := func(ks []int, bar string, r int) string {
		return " " + v2 + side(ks[:h2], r) + v2 + bar + v2 + side(ks[h2:], r) + v2
	}
	barTop := trackCount(g, p, tb.tracks[opp][0], opp)
	barBottom := trackCount(g, p, tb.tracks[me][0], me)
	left := []string{numbers(top), rule(gl.tl, "┬", gl.tr)}
	for r := 0; r < trackStackRows; r++ {
		left = append(left, row(top, cell(barTop, opp, r), r))
	}
	blank := func(w int) string { return strings.Repeat(" ", w) }
	left = append(left, " "+v2+blank(3*h2)+v2+frame("BAR")+v2+blank(3*(half-h2))+v2)
	for r := trackStackRows - 1; r >= 0; r-- {
		left = append(left, row(bottom, cell(barBottom, me, r), r))
	}
	left = append(left, rule(gl.bl, "┴", gl.br), numbers(bottom))

	boardW := 0
	for _, l := range left {
		boardW = max(boardW, visibleWidth(l))
	}
	return besidePanel(left, trackPanel(g, tb, p, v, o, me, piece), boardW, o.Width)
}

// trackPanel is the text beside a track board: the opponent, the dice and
// whose turn, the last play, and the player seen from (pips and pieces
// borne off for each).
func trackPanel(g *interpreter.Game, tb *trackBoard, p *board.Position, v boardView, o renderOpts, me int, piece func(int) string) []string {
	who := func(pl int) []string {
		name := g.Players[pl].Name
		if pl < len(v.Labels) && v.Labels[pl] != "" {
			name += " (" + v.Labels[pl] + ")"
		}
		return []string{
			piece(pl) + " " + name,
			fmt.Sprintf("  pips %d, borne off %d", tb.pips(g, p, pl), p.Off[pl]),
		}
	}
	opp := 1 - me
	var lines []string
	lines = append(lines, who(opp)...)
	lines = append(lines, "")
	lines = append(lines, diceStatus(g, p, v, o), lastPlay(g, v))
	for len(lines) < 11 {
		lines = append(lines, "")
	}
	lines = append(lines, who(me)...)
	return lines
}
