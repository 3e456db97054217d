package interpreter_test

// An independent, deliberately plain reference move generator for English
// checkers and Lasca, written only from the rule texts in /work/shared/rules:
// draughts-family.md (authoritative), the checkers half of
// cowboy-checkers-and-checkers.txt and pinned.md (notation). It exists solely
// as test code for differential testing of the rules interpreter and shares
// no code with it (nor with reference_test.go). Clarity matters more than
// speed here.
//
// Summary of the rules as implemented (see draughts-family.md):
//   - English checkers: 8×8, black `b` moves first from ranks 1-3, white `w`
//     from ranks 6-8. Men step one square diagonally forward, kings one square
//     in any diagonal direction, onto an empty square. A capture jumps an
//     adjacent enemy piece to the empty square beyond; men jump forward only,
//     kings in all four directions; the jumped piece is removed at once; the
//     same piece keeps jumping while it can; capturing is mandatory but any
//     sequence may be chosen and must be completed. A man reaching the far row
//     is crowned and the move ends there.
//   - Lasca: 7×7, white `w` moves first from ranks 1-3, black `b` from ranks
//     5-7. Columns are commanded by their top piece and move whole. A capture
//     jumps an adjacent enemy-commanded column to the empty square beyond,
//     takes only its top piece and puts it under the bottom of the capturing
//     column; the same column may not be jumped twice in one move. A soldier
//     commander reaching the far row becomes an officer (commander only) and
//     the move ends there.
//   - Both: a player with no legal move loses.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// refDraughts is a position of English checkers or Lasca.
type refDraughts struct {
	game string // "english-checkers" or "lasca"
	size int    // 8 or 7
	turn byte   // lower-case letter of the player to move
	// cells[file][rank] is the stack on that square, bottom to top, as piece
	// letters (lower case plain, upper case king/officer); "" = empty.
	// file 0 = 'a', rank 0 = '1'. In English checkers a stack has exactly one
	// piece.
	cells [8][8]string
}

// refDraughtsMove is a legal move: its notation and the position after it.
type refDraughtsMove struct {
	text  string
	after *refDraughts
}

// drGame gives the board size and the players of a game; first moves first,
// has home rank 1 and moves "forward" toward higher ranks.
func drGame(game string) (size int, first, second byte, ok bool) {
	switch game {
	case "english-checkers":
		return 8, 'b', 'w', true
	case "lasca":
		return 7, 'w', 'b', true
	}
	return 0, 0, 0, false
}

func drOwner(piece byte) byte { return strings.ToLower(string(piece))[0] }

func drPromoted(piece byte) bool { return piece >= 'A' && piece <= 'Z' }

func drDark(file, rank int) bool { return (file+rank)%2 == 0 }

func drSquare(file, rank int) string {
	return string(rune('a'+file)) + strconv.Itoa(rank+1)
}

func (p *refDraughts) onBoard(file, rank int) bool {
	return file >= 0 && file < p.size && rank >= 0 && rank < p.size
}

func (p *refDraughts) lasca() bool { return p.game == "lasca" }

func (p *refDraughts) first() byte {
	_, first, _, _ := drGame(p.game)
	return first
}

func (p *refDraughts) other(player byte) byte {
	_, first, second, _ := drGame(p.game)
	if player == first {
		return second
	}
	return first
}

// forward is the rank direction a player's plain pieces move in.
func (p *refDraughts) forward(player byte) int {
	if player == p.first() {
		return +1
	}
	return -1
}

// farRank is the row where a player's plain pieces are crowned: the
// opponent's home row.
func (p *refDraughts) farRank(player byte) int {
	if player == p.first() {
		return p.size - 1
	}
	return 0
}

// top is the commanding piece on a square, 0 when it is empty.
func (p *refDraughts) top(file, rank int) byte {
	s := p.cells[file][rank]
	if s == "" {
		return 0
	}
	return s[len(s)-1]
}

// directions gives the diagonal directions a commanding piece may move and
// jump in: plain pieces forward only, kings/officers all four.
func (p *refDraughts) directions(commander byte) [][2]int {
	if drPromoted(commander) {
		return [][2]int{{-1, -1}, {+1, -1}, {-1, +1}, {+1, +1}}
	}
	fw := p.forward(drOwner(commander))
	return [][2]int{{-1, fw}, {+1, fw}}
}

// promote turns the commander of a stack into a king/officer, leaving the
// pieces below alone.
func drPromote(stack string) string {
	n := len(stack)
	return stack[:n-1] + strings.ToUpper(stack[n-1:])
}

// refDraughtsStart is the start position of a game.
func refDraughtsStart(game string) *refDraughts {
	size, first, second, ok := drGame(game)
	if !ok {
		panic("unknown game " + game)
	}
	p := &refDraughts{game: game, size: size, turn: first}
	for rank := 0; rank < size; rank++ {
		for file := 0; file < size; file++ {
			if !drDark(file, rank) {
				continue
			}
			switch {
			case rank < 3:
				p.cells[file][rank] = string(first)
			case rank >= size-3:
				p.cells[file][rank] = string(second)
			}
		}
	}
	return p
}

// refDraughtsParse reads a position string "TURN CELLS".
func refDraughtsParse(game, pos string) (*refDraughts, error) {
	size, first, second, ok := drGame(game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", game)
	}
	p := &refDraughts{game: game, size: size}
	fields := strings.Split(pos, " ")
	if len(fields) != 2 {
		return nil, fmt.Errorf("want \"TURN CELLS\", got %q", pos)
	}
	if fields[0] != string(first) && fields[0] != string(second) {
		return nil, fmt.Errorf("unknown turn %q", fields[0])
	}
	p.turn = fields[0][0]
	if fields[1] == "-" {
		return p, nil
	}
	for _, cell := range strings.Split(fields[1], ",") {
		sq, stack, found := strings.Cut(cell, ":")
		if !found {
			return nil, fmt.Errorf("cell %q: want square:stack", cell)
		}
		if len(sq) < 2 {
			return nil, fmt.Errorf("cell %q: bad square", cell)
		}
		file := int(sq[0]) - 'a'
		rank, err := strconv.Atoi(sq[1:])
		rank--
		if err != nil || !p.onBoard(file, rank) || drSquare(file, rank) != sq {
			return nil, fmt.Errorf("cell %q: square %q is off the board", cell, sq)
		}
		if !drDark(file, rank) {
			return nil, fmt.Errorf("cell %q: square %q is not a playing square", cell, sq)
		}
		if p.cells[file][rank] != "" {
			return nil, fmt.Errorf("cell %q: square %q given twice", cell, sq)
		}
		if stack == "" {
			return nil, fmt.Errorf("cell %q: empty stack", cell)
		}
		if !p.lasca() && len(stack) != 1 {
			return nil, fmt.Errorf("cell %q: checkers pieces do not stack", cell)
		}
		for i := 0; i < len(stack); i++ {
			c := stack[i]
			if drOwner(c) != first && drOwner(c) != second {
				return nil, fmt.Errorf("cell %q: unknown piece %q", cell, c)
			}
		}
		p.cells[file][rank] = stack
	}
	return p, nil
}

// String is the canonical position string: cells by rank, then file.
func (p *refDraughts) String() string {
	var cells []string
	for rank := 0; rank < p.size; rank++ {
		for file := 0; file < p.size; file++ {
			if s := p.cells[file][rank]; s != "" {
				cells = append(cells, drSquare(file, rank)+":"+s)
			}
		}
	}
	if len(cells) == 0 {
		return string(p.turn) + " -"
	}
	return string(p.turn) + " " + strings.Join(cells, ",")
}

// captures lists every complete capture sequence of the column on
// (file, rank), which the player to move commands.
func (p *refDraughts) captures(file, rank int) []refDraughtsMove {
	var out []refDraughtsMove
	start := *p
	column := start.cells[file][rank]
	start.cells[file][rank] = "" // the column is lifted; its square is empty now

	// walk continues a sequence: b is the board without the moving column,
	// col the moving column standing (in thought) on (f, r), text the notation
	// so far, jumps the number of jumps made and jumped the squares of the
	// columns jumped so far (Lasca: each at most once).
	var walk func(b refDraughts, col string, f, r int, text string, jumps int, jumped [8][8]bool)
	finish := func(b refDraughts, col string, f, r int, text string) {
		b.cells[f][r] = col
		b.turn = b.other(b.turn)
		out = append(out, refDraughtsMove{text: text, after: &b})
	}
	walk = func(b refDraughts, col string, f, r int, text string, jumps int, jumped [8][8]bool) {
		commander := col[len(col)-1]
		extended := false
		for _, d := range b.directions(commander) {
			mf, mr := f+d[0], r+d[1]     // the square jumped over
			lf, lr := f+2*d[0], r+2*d[1] // the landing square
			if !b.onBoard(lf, lr) {
				continue
			}
			over := b.cells[mf][mr]
			if over == "" || drOwner(over[len(over)-1]) == b.turn {
				continue // nothing to jump, or our own
			}
			if b.cells[lf][lr] != "" {
				continue // the landing square must be empty
			}
			if jumped[mf][mr] {
				continue // Lasca: a column is jumped at most once per move
			}
			extended = true
			nb := b
			ncol := col
			if b.lasca() {
				taken := over[len(over)-1]
				nb.cells[mf][mr] = over[:len(over)-1] // the rest of the column stays
				ncol = string(taken) + col            // the prisoner goes under the bottom
			} else {
				nb.cells[mf][mr] = "" // the jumped piece is removed at once
			}
			nj := jumped
			nj[mf][mr] = true
			ntext := text + "x" + drSquare(lf, lr)
			if !drPromoted(commander) && lr == b.farRank(b.turn) {
				// crowned on the far row: the move ends here
				finish(nb, drPromote(ncol), lf, lr, ntext)
				continue
			}
			walk(nb, ncol, lf, lr, ntext, jumps+1, nj)
		}
		if !extended && jumps > 0 {
			finish(b, col, f, r, text)
		}
	}
	walk(start, column, file, rank, drSquare(file, rank), 0, [8][8]bool{})
	return out
}

// steps lists the simple moves of the column on (file, rank).
func (p *refDraughts) steps(file, rank int) []refDraughtsMove {
	var out []refDraughtsMove
	column := p.cells[file][rank]
	commander := column[len(column)-1]
	for _, d := range p.directions(commander) {
		tf, tr := file+d[0], rank+d[1]
		if !p.onBoard(tf, tr) || p.cells[tf][tr] != "" {
			continue
		}
		b := *p
		b.cells[file][rank] = ""
		if !drPromoted(commander) && tr == p.farRank(p.turn) {
			b.cells[tf][tr] = drPromote(column)
		} else {
			b.cells[tf][tr] = column
		}
		b.turn = b.other(b.turn)
		out = append(out, refDraughtsMove{text: drSquare(file, rank) + "-" + drSquare(tf, tr), after: &b})
	}
	return out
}

// legal lists the legal moves sorted by notation: the captures when there
// is any (capturing is mandatory), else the steps.
func (p *refDraughts) legal() []refDraughtsMove {
	var caps, steps []refDraughtsMove
	for rank := 0; rank < p.size; rank++ {
		for file := 0; file < p.size; file++ {
			if c := p.top(file, rank); c == 0 || drOwner(c) != p.turn {
				continue
			}
			caps = append(caps, p.captures(file, rank)...)
			steps = append(steps, p.steps(file, rank)...)
		}
	}
	out := steps
	if len(caps) > 0 {
		out = caps
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// moves lists the notation of the legal moves, sorted.
func (p *refDraughts) moves() []string {
	var out []string
	for _, m := range p.legal() {
		out = append(out, m.text)
	}
	return out
}

// apply returns the position after the move written text.
func (p *refDraughts) apply(text string) (*refDraughts, error) {
	for _, m := range p.legal() {
		if m.text == text {
			return m.after, nil
		}
	}
	return nil, fmt.Errorf("%q is not a legal move at %q", text, p.String())
}

// result: the game is over when the player to move has no legal move; the
// other player wins.
func (p *refDraughts) result() (over bool, winner byte) {
	if len(p.legal()) == 0 {
		return true, p.other(p.turn)
	}
	return false, 0
}

func refDraughtsPerft(p *refDraughts, depth int) int64 {
	if depth == 0 {
		return 1
	}
	ms := p.legal()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		n += refDraughtsPerft(m.after, depth-1)
	}
	return n
}

func drMustParse(t *testing.T, game, pos string) *refDraughts {
	t.Helper()
	p, err := refDraughtsParse(game, pos)
	if err != nil {
		t.Fatalf("%s: cannot parse %q: %v", game, pos, err)
	}
	return p
}

func drDeep() bool { return os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() }

func TestDraughtsReferenceStartPerft(t *testing.T) {
	// English checkers, published (Aart Bik), duplicates not merged.
	want := []int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931}
	p := refDraughtsStart("english-checkers")
	for d := 1; d <= len(want); d++ {
		if d > 6 && !drDeep() {
			break
		}
		if got := refDraughtsPerft(p, d); got != want[d-1] {
			t.Errorf("english-checkers perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
	// Lasca has no published figures in the rule texts; two plies are
	// counted by hand: the four white soldiers on rank 3 (a3, c3, e3, g3)
	// step to b4, d4, f4 — a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4 — and each
	// lands next to a black soldier that must jump it to the square just
	// vacated (a3-b4 c5xa3, c3-b4 a5xc3, c3-d4 e5xc3, e3-d4 c5xe3, e3-f4 g5xe3,
	// g3-f4 e5xg3), with no way to jump on: perft(2) = 6.
	q := refDraughtsStart("lasca")
	if got := strings.Join(q.moves(), " "); got != "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4" {
		t.Errorf("lasca first moves: %s", got)
	}
	if got := refDraughtsPerft(q, 2); got != 6 {
		t.Errorf("lasca perft(2) = %d, want 6", got)
	}
	for _, m := range q.legal() {
		if got := m.after.moves(); len(got) != 1 || strings.Count(got[0], "x") != 1 {
			t.Errorf("lasca after %s: %v, want one single capture", m.text, got)
		}
	}
}

func TestDraughtsReferenceStartPosition(t *testing.T) {
	want := map[string]string{
		"english-checkers": "b a1:b,c1:b,e1:b,g1:b,b2:b,d2:b,f2:b,h2:b,a3:b,c3:b,e3:b,g3:b," +
			"b6:w,d6:w,f6:w,h6:w,a7:w,c7:w,e7:w,g7:w,b8:w,d8:w,f8:w,h8:w",
		"lasca": "w a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,a3:w,c3:w,e3:w,g3:w," +
			"a5:b,c5:b,e5:b,g5:b,b6:b,d6:b,f6:b,a7:b,c7:b,e7:b,g7:b",
	}
	for game, w := range want {
		if got := refDraughtsStart(game).String(); got != w {
			t.Errorf("%s start:\ngot  %s\nwant %s", game, got, w)
		}
		if got := drMustParse(t, game, w).String(); got != w {
			t.Errorf("%s start does not round-trip: %s", game, got)
		}
	}
	if got := refDraughtsStart("english-checkers").moves(); strings.Join(got, " ") != "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4" {
		t.Errorf("english-checkers first moves: %v", got)
	}
}

// drCase is a position worked out by hand from the rule texts. want is the
// sorted, space-separated list of legal moves ("" when there is none). When
// move is set, after is the position string after it. When over is set, the
// game is over at pos and winner is the winner's letter.
type drCase struct {
	game, clause, pos string
	want              string
	move, after       string
	over              bool
	winner            byte
}

// drHandCases is shared with draughts_differential_test.go, which runs the
// same positions through the interpreter.
var drHandCases = []drCase{
	// English checkers: black b moves up from rank 1, white w down from rank 8.
	{game: "english-checkers", clause: "men step diagonally forward only",
		pos: "b d4:b,h8:w", want: "d4-c5 d4-e5"},
	{game: "english-checkers", clause: "white men step down the board",
		pos: "w a1:b,d4:w", want: "d4-c3 d4-e3"},
	{game: "english-checkers", clause: "kings step in all four diagonal directions",
		pos: "b d4:B,h8:w", want: "d4-c3 d4-c5 d4-e3 d4-e5"},
	{game: "english-checkers", clause: "steps only onto empty squares; a man on the edge has one forward square",
		pos: "b a3:b,b4:b,h8:w", want: "b4-a5 b4-c5"},
	{game: "english-checkers", clause: "a man jumps an adjacent enemy to the empty square beyond; capture is mandatory, steps are excluded",
		pos: "b a1:b,c3:b,d4:w,h8:w", want: "c3xe5", move: "c3xe5", after: "w a1:b,e5:b,h8:w"},
	{game: "english-checkers", clause: "a man does not jump backward",
		pos: "b d4:w,f4:w,e5:b", want: "e5-d6 e5-f6"},
	{game: "english-checkers", clause: "a king jumps backward (and steps are excluded)",
		pos: "b a1:b,d4:w,f4:w,e5:B", want: "e5xc3 e5xg3", move: "e5xg3", after: "w a1:b,g3:B,d4:w"},
	{game: "english-checkers", clause: "multi-jumps change direction; every landing square written; any sequence may be chosen",
		pos: "b c3:b,d4:w,d6:w,f6:w,h8:w", want: "c3xe5xc7 c3xe5xg7", move: "c3xe5xc7", after: "w f6:w,c7:b,h8:w"},
	{game: "english-checkers", clause: "a sequence must be completed: no stopping after the first jump",
		pos: "b a1:b,b2:w,d4:w,h8:w", want: "a1xc3xe5", move: "a1xc3xe5", after: "w e5:b,h8:w"},
	{game: "english-checkers", clause: "a man is crowned by a jump onto the far row and the move ends there, though the new king could jump g7",
		pos: "b d6:b,e7:w,g7:w", want: "d6xf8", move: "d6xf8", after: "w g7:w,f8:B"},
	{game: "english-checkers", clause: "a man is crowned by a step onto the far row",
		pos: "b h2:w,c7:b", want: "c7-b8 c7-d8", move: "c7-d8", after: "w h2:w,d8:B"},
	{game: "english-checkers", clause: "a white man is crowned on rank 1 and its jump ends there",
		pos: "w b2:b,d2:b,c3:w,h8:b", want: "c3xa1 c3xe1", move: "c3xa1", after: "b a1:W,d2:b,h8:b"},
	{game: "english-checkers", clause: "a king loops round and lands back on its vacated start square; jumped pieces are removed",
		pos: "b d2:B,c3:w,e3:w,c5:w,e5:w,h8:w", want: "d2xb4xd6xf4xd2 d2xf4xd6xb4xd2",
		move: "d2xb4xd6xf4xd2", after: "w d2:B,h8:w"},
	{game: "english-checkers", clause: "a king on the far row keeps jumping",
		pos: "b h2:w,e5:w,c7:w,b8:B", want: "b8xd6xf4", move: "b8xd6xf4", after: "w h2:w,f4:B"},
	{game: "english-checkers", clause: "a piece may not jump its own colour, nor onto an occupied square",
		pos: "b c3:b,b4:w,d4:b,a5:w,h8:w", want: "d4-c5 d4-e5"},
	{game: "english-checkers", clause: "a king can be jumped by a man",
		pos: "b c3:b,d4:W", want: "c3xe5", move: "c3xe5", after: "w e5:b"},
	{game: "english-checkers", clause: "a player with no pieces loses",
		pos: "w e5:b", want: "", over: true, winner: 'b'},
	{game: "english-checkers", clause: "a player whose pieces are all blocked loses",
		pos: "w a1:b,c1:b,b2:w", want: "", over: true, winner: 'b'},
	{game: "english-checkers", clause: "black, blocked (the step and the jump land on occupied squares), loses",
		pos: "b a1:b,b2:w,c3:w", want: "", over: true, winner: 'w'},

	// Lasca: white w moves up from rank 1, black b down from rank 7; 7×7.
	{game: "lasca", clause: "soldiers step diagonally forward; a column moves whole",
		pos: "w c3:bw,g7:b", want: "c3-b4 c3-d4", move: "c3-d4", after: "b d4:bw,g7:b"},
	{game: "lasca", clause: "a column commanded by the enemy cannot be moved",
		pos: "w a1:w,c3:wb,g7:b", want: "a1-b2"},
	{game: "lasca", clause: "officers step in all four directions",
		pos: "b a1:w,d4:wB", want: "d4-c3 d4-c5 d4-e3 d4-e5"},
	{game: "lasca", clause: "capture takes the top piece only and puts it under the bottom of the capturing column",
		pos: "w a1:w,c3:bw,d4:wbb,g7:b", want: "c3xe5", move: "c3xe5", after: "b a1:w,d4:wb,e5:bbw,g7:b"},
	{game: "lasca", clause: "freed prisoner: the jumped column's next piece is the jumper's and commands; black is left without a move and loses",
		pos: "w c3:bW,d4:wB", want: "c3xe5", move: "c3xe5", after: "b d4:w,e5:BbW"},
	{game: "lasca", clause: "a player whose pieces are all prisoners loses",
		pos: "b d4:w,e5:BbW", want: "", over: true, winner: 'w'},
	{game: "lasca", clause: "a column is not jumped twice in one move, though still enemy-commanded; order of prisoners kept",
		pos: "w d2:W,c3:bB,e3:bb,c5:bb,e5:bb", want: "d2xb4xd6xf4xd2 d2xf4xd6xb4xd2",
		move: "d2xb4xd6xf4xd2", after: "b d2:bbbBW,c3:b,e3:b,c5:b,e5:b"},
	{game: "lasca", clause: "the other loop direction collects the prisoners in the other order",
		pos: "w d2:W,c3:bB,e3:bb,c5:bb,e5:bb", want: "d2xb4xd6xf4xd2 d2xf4xd6xb4xd2",
		move: "d2xf4xd6xb4xd2", after: "b d2:BbbbW,c3:b,e3:b,c5:b,e5:b"},
	{game: "lasca", clause: "a soldier commander reaching the far row by a step becomes an officer; the prisoners below stay soldiers",
		pos: "w a1:b,b6:bw", want: "b6-a7 b6-c7", move: "b6-c7", after: "b a1:b,c7:bW"},
	{game: "lasca", clause: "promotion by a capture ends the move even with another jump available",
		pos: "w a1:b,c5:bw,d6:b,f6:b", want: "c5xe7", move: "c5xe7", after: "b a1:b,f6:b,e7:bbW"},
	{game: "lasca", clause: "black soldiers are promoted on rank 1",
		pos: "b d2:w,c3:wb,g7:w", want: "c3xe1", move: "c3xe1", after: "w e1:wwB,g7:w"},
	{game: "lasca", clause: "officers keep their rank when captured and when freed",
		pos: "w b2:w,c3:Wb,e5:b,g7:b", want: "b2xd4xf6", move: "b2xd4xf6", after: "b c3:W,f6:bbw,g7:b"},
	{game: "lasca", clause: "a soldier does not jump backward; officers do; capture mandatory",
		pos: "w a1:w,d4:b,e5:w,b6:B,c7:W", want: "c7xa5"},
	{game: "lasca", clause: "jumping changes direction; any sequence may be chosen",
		pos: "w a1:w,b2:b,b4:b,d4:b", want: "a1xc3xa5 a1xc3xe5", move: "a1xc3xe5", after: "b b4:b,e5:bbw"},
}

func drRunCase(t *testing.T, c drCase) {
	t.Helper()
	p := drMustParse(t, c.game, c.pos)
	if got := p.String(); got != c.pos {
		t.Errorf("position %q prints as %q", c.pos, got)
	}
	if got := strings.Join(p.moves(), " "); got != c.want {
		t.Errorf("position %q:\nmoves %q\nwant  %q", c.pos, got, c.want)
	}
	if c.move != "" {
		q, err := p.apply(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := q.String(); got != c.after {
			t.Errorf("position %q, move %s:\nafter %q\nwant  %q", c.pos, c.move, got, c.after)
		}
	}
	over, winner := p.result()
	if over != c.over || winner != c.winner {
		t.Errorf("position %q: result over=%v winner=%q, want over=%v winner=%q", c.pos, over, winner, c.over, c.winner)
	}
}

func TestDraughtsReferenceHandPositions(t *testing.T) {
	for _, c := range drHandCases {
		t.Run(c.game+"/"+c.clause, func(t *testing.T) { drRunCase(t, c) })
	}
}

func TestDraughtsReferenceParseErrors(t *testing.T) {
	bad := []struct{ game, pos string }{
		{"english-checkers", ""},
		{"english-checkers", "b"},
		{"english-checkers", "x a1:b"},
		{"english-checkers", "B a1:b"},
		{"english-checkers", "b a1:x"},
		{"english-checkers", "b a2:b"},  // not a playing square
		{"english-checkers", "b i1:b"},  // off the board
		{"english-checkers", "b a9:b"},  // off the board
		{"english-checkers", "b a01:b"}, // not canonical
		{"english-checkers", "b a1:b,a1:w"},
		{"english-checkers", "b a1:"},
		{"english-checkers", "b a1:bw"}, // checkers pieces do not stack
		{"english-checkers", "b a1"},
		{"lasca", "w h8:w"}, // off the 7×7 board
		{"lasca", "w g7:w,a8:b"},
		{"lasca", "w b1:w"},
		{"lasca", "w c3:wxb"},
		{"lasca", "r c3:w"},
	}
	for _, b := range bad {
		if _, err := refDraughtsParse(b.game, b.pos); err == nil {
			t.Errorf("%s: %q parsed without error", b.game, b.pos)
		}
	}
	good := []struct{ game, pos, canonical string }{
		{"english-checkers", "w -", "w -"},
		{"english-checkers", "w h8:W,a1:b", "w a1:b,h8:W"},
		{"lasca", "b g7:bWwB,a1:w", "b a1:w,g7:bWwB"},
	}
	for _, g := range good {
		p, err := refDraughtsParse(g.game, g.pos)
		if err != nil {
			t.Errorf("%s: %q: %v", g.game, g.pos, err)
			continue
		}
		if p.String() != g.canonical {
			t.Errorf("%s: %q prints as %q, want %q", g.game, g.pos, p.String(), g.canonical)
		}
	}
}

// The reference is self-consistent over random play: every position string
// round-trips, pieces are conserved (Lasca) or only lost by capture (English),
// and the side to move alternates.
func TestDraughtsReferenceRandomPlayInvariants(t *testing.T) {
	for _, game := range []string{"english-checkers", "lasca"} {
		rng := rand.New(rand.NewPCG(3, 4))
		pieces := func(p *refDraughts) int {
			n := 0
			for f := 0; f < p.size; f++ {
				for r := 0; r < p.size; r++ {
					n += len(p.cells[f][r])
				}
			}
			return n
		}
		for g := 0; g < 20; g++ {
			p := refDraughtsStart(game)
			for ply := 0; ply < 150; ply++ {
				if q := drMustParse(t, game, p.String()); q.String() != p.String() {
					t.Fatalf("%s: %q does not round-trip", game, p.String())
				}
				ms := p.legal()
				if len(ms) == 0 {
					break
				}
				m := ms[rng.IntN(len(ms))]
				jumps := strings.Count(m.text, "x")
				switch {
				case game == "lasca" && pieces(m.after) != pieces(p):
					t.Fatalf("%s: %q then %s: pieces not conserved", game, p.String(), m.text)
				case game != "lasca" && pieces(m.after) != pieces(p)-jumps:
					t.Fatalf("%s: %q then %s: %d pieces became %d", game, p.String(), m.text, pieces(p), pieces(m.after))
				case m.after.turn != p.other(p.turn):
					t.Fatalf("%s: %q then %s: turn did not pass", game, p.String(), m.text)
				}
				p = m.after
			}
		}
	}
}
