package interpreter_test

// An independent, deliberately plain reference move generator for Liger and
// Stackers, written only from the rule texts in /work/shared/rules (liger.txt,
// stackers.txt and, authoritatively, pinned.md). It exists solely as test
// code for differential testing of the rules interpreter and shares no code
// with it. Clarity matters more than speed here.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// refPos is a position of Liger or Stackers, built only from the rule texts.
type refPos struct {
	game string // "liger" or "stackers"
	turn byte   // letter of the player to move
	// cells[file][rank] is the stack on that square, written bottom to top as
	// player letters; "" means the square is empty. file 0 = 'a', rank 0 = '1'.
	cells [8][8]string
}

// refPlayers gives the player letters of a game: first is the player who
// moves first, has home rank 1 and moves "forward" toward rank 8.
func refPlayers(game string) (first, second byte, ok bool) {
	switch game {
	case "liger":
		return 'r', 'b', true
	case "stackers":
		return 'b', 'w', true
	}
	return 0, 0, false
}

// refDark reports whether (file, rank), both 0-based, is a playing square.
// a1 is dark, so the dark squares are those with file+rank even.
func refDark(file, rank int) bool { return (file+rank)%2 == 0 }

func refOnBoard(file, rank int) bool { return file >= 0 && file < 8 && rank >= 0 && rank < 8 }

func refSquare(file, rank int) string {
	return string(rune('a'+file)) + strconv.Itoa(rank+1)
}

func (p *refPos) first() byte {
	f, _, _ := refPlayers(p.game)
	return f
}

func (p *refPos) other(player byte) byte {
	f, s, _ := refPlayers(p.game)
	if player == f {
		return s
	}
	return f
}

// forward is the rank direction a player moves forward in.
func (p *refPos) forward(player byte) int {
	if player == p.first() {
		return +1
	}
	return -1
}

// farthest is the 0-based rank of a player's farthest row (the opponent's home row).
func (p *refPos) farthest(player byte) int {
	if player == p.first() {
		return 7
	}
	return 0
}

// showing counts the stacks whose top checker is the player's.
func (p *refPos) showing(player byte) int {
	n := 0
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			s := p.cells[f][r]
			if s != "" && s[len(s)-1] == player {
				n++
			}
		}
	}
	return n
}

// count counts all of the player's checkers on the board.
func (p *refPos) count(player byte) int {
	n := 0
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			n += strings.Count(p.cells[f][r], string(player))
		}
	}
	return n
}

func refStart(game string) *refPos {
	first, second, ok := refPlayers(game)
	if !ok {
		return nil
	}
	p := &refPos{game: game, turn: first}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if !refDark(f, r) {
				continue
			}
			if r <= 2 {
				p.cells[f][r] = string(first)
			} else if r >= 5 {
				p.cells[f][r] = string(second)
			}
		}
	}
	return p
}

func refParse(game, pos string) (*refPos, error) {
	first, second, ok := refPlayers(game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", game)
	}
	fields := strings.Fields(pos)
	if len(fields) == 0 {
		return nil, fmt.Errorf("position %q: missing turn", pos)
	}
	turn := fields[0]
	if len(turn) != 1 || (turn[0] != first && turn[0] != second) {
		return nil, fmt.Errorf("position %q: unknown turn %q (want %c or %c)", pos, turn, first, second)
	}
	if len(fields) == 1 {
		return nil, fmt.Errorf("position %q: missing cells (use - for an empty board)", pos)
	}
	if len(fields) > 2 {
		return nil, fmt.Errorf("position %q: unexpected extra field %q", pos, fields[2])
	}
	p := &refPos{game: game, turn: turn[0]}
	if fields[1] == "-" {
		return p, nil
	}
	seen := map[string]bool{}
	for _, cell := range strings.Split(fields[1], ",") {
		sq, stack, found := strings.Cut(cell, ":")
		if !found {
			return nil, fmt.Errorf("position %q: cell %q is not square:stack", pos, cell)
		}
		if len(sq) < 2 || sq[0] < 'a' || sq[0] > 'z' || strings.Trim(sq[1:], "0123456789") != "" {
			return nil, fmt.Errorf("position %q: cell %q: bad square %q", pos, cell, sq)
		}
		f, r := int(sq[0]-'a'), -1
		if n, err := strconv.Atoi(sq[1:]); err == nil && sq[1] != '0' && n <= 8 {
			r = n - 1
		}
		if !refOnBoard(f, r) {
			return nil, fmt.Errorf("position %q: square %s is off the board", pos, sq)
		}
		if !refDark(f, r) {
			return nil, fmt.Errorf("position %q: square %s is not a playing square", pos, sq)
		}
		if seen[sq] {
			return nil, fmt.Errorf("position %q: duplicate square %s", pos, sq)
		}
		seen[sq] = true
		if stack == "" {
			return nil, fmt.Errorf("position %q: empty stack on %s", pos, sq)
		}
		for i := 0; i < len(stack); i++ {
			if stack[i] != first && stack[i] != second {
				return nil, fmt.Errorf("position %q: unknown letter %q in stack on %s", pos, stack[i], sq)
			}
		}
		p.cells[f][r] = stack
	}
	return p, nil
}

// String gives the canonical position string: cells by rank, then file.
func (p *refPos) String() string {
	var cells []string
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if s := p.cells[f][r]; s != "" {
				cells = append(cells, refSquare(f, r)+":"+s)
			}
		}
	}
	if len(cells) == 0 {
		return string(p.turn) + " -"
	}
	return string(p.turn) + " " + strings.Join(cells, ",")
}

// result evaluates the end rules from the position alone; the "mover" is the
// player who just moved, i.e. the one NOT to move.
func (p *refPos) result() (over bool, winner byte) {
	mover := p.other(p.turn)
	if p.count(mover) == 0 {
		return true, mover // bore off everything: the mover wins
	}
	if p.game == "liger" && p.showing(p.turn) == 0 {
		return true, p.turn // the mover left the opponent nothing showing: the mover loses
	}
	return false, 0
}

type refMove struct {
	name string
	next *refPos
}

// lift moves the top k checkers from (f, r) to (tf, tr) and passes the turn.
func (p *refPos) lift(f, r, k, tf, tr int) refMove {
	q := *p
	s := q.cells[f][r]
	q.cells[f][r] = s[:len(s)-k]
	q.cells[tf][tr] += s[len(s)-k:]
	q.turn = p.other(p.turn)
	name := refSquare(f, r) + "-" + refSquare(tf, tr)
	if k > 1 {
		name = strconv.Itoa(k) + name
	}
	return refMove{name, &q}
}

// bearOff removes the top checker of (f, r) and passes the turn.
func (p *refPos) bearOff(f, r int) refMove {
	q := *p
	s := q.cells[f][r]
	q.cells[f][r] = s[:len(s)-1]
	q.turn = p.other(p.turn)
	return refMove{refSquare(f, r) + "-off", &q}
}

func (p *refPos) ligerMoves() []refMove {
	me, opp := p.turn, p.other(p.turn)
	fwd := p.forward(me)
	backAllowed := p.showing(me) < p.showing(opp)
	var ms []refMove
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			s := p.cells[f][r]
			if s == "" || s[len(s)-1] != me {
				continue
			}
			for _, df := range []int{-1, +1} {
				// forward: top 1, or top 2 when the second from the top is the opponent's
				tf, tr := f+df, r+fwd
				if refOnBoard(tf, tr) {
					ms = append(ms, p.lift(f, r, 1, tf, tr))
					if len(s) >= 2 && s[len(s)-2] == opp {
						ms = append(ms, p.lift(f, r, 2, tf, tr))
					}
				}
				// backward: a lone checker onto a square showing the opponent
				bf, br := f+df, r-fwd
				if backAllowed && len(s) == 1 && refOnBoard(bf, br) {
					t := p.cells[bf][br]
					if t != "" && t[len(t)-1] == opp {
						ms = append(ms, p.lift(f, r, 1, bf, br))
					}
				}
			}
			if r == p.farthest(me) {
				ms = append(ms, p.bearOff(f, r))
			}
		}
	}
	return ms
}

func (p *refPos) stackersMoves() []refMove {
	me := p.turn
	var ms []refMove
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			s := p.cells[f][r]
			if s == "" || s[len(s)-1] != me {
				continue
			}
			for k := 1; k <= len(s); k++ {
				if s[len(s)-k] != me {
					continue // the bottom of the lifted section must be mine
				}
				for _, d := range [][2]int{{-1, -1}, {-1, +1}, {+1, -1}, {+1, +1}} {
					tf, tr := f+d[0], r+d[1]
					if refOnBoard(tf, tr) {
						ms = append(ms, p.lift(f, r, k, tf, tr))
					}
				}
			}
			if r == p.farthest(me) {
				ms = append(ms, p.bearOff(f, r))
			}
		}
	}
	if len(ms) == 0 {
		q := *p
		q.turn = p.other(p.turn)
		ms = append(ms, refMove{"pass", &q})
	}
	return ms
}

// legal lists the legal moves with their resulting positions, sorted by name;
// empty when the game is over.
func (p *refPos) legal() []refMove {
	if over, _ := p.result(); over {
		return nil
	}
	var ms []refMove
	switch p.game {
	case "liger":
		ms = p.ligerMoves()
	case "stackers":
		ms = p.stackersMoves()
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].name < ms[j].name })
	return ms
}

func (p *refPos) moves() []string {
	var names []string
	for _, m := range p.legal() {
		names = append(names, m.name)
	}
	sort.Strings(names)
	return names
}

func (p *refPos) apply(mv string) (*refPos, error) {
	for _, m := range p.legal() {
		if m.name == mv {
			return m.next, nil
		}
	}
	return nil, fmt.Errorf("%s: illegal move %q in %q", p.game, mv, p.String())
}

func refPerft(p *refPos, depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, m := range p.legal() {
		n += refPerft(m.next, depth-1)
	}
	return n
}

// ---------------------------------------------------------------- tests

func refMustParse(t *testing.T, game, pos string) *refPos {
	t.Helper()
	p, err := refParse(game, pos)
	if err != nil {
		t.Fatalf("refParse(%q, %q): %v", game, pos, err)
	}
	return p
}

func refDeep() bool {
	return !testing.Short() && os.Getenv("STACKRULES_DEEP") == "1"
}

func TestReferenceStartPerft(t *testing.T) {
	tests := []struct {
		game  string
		depth int
		want  int64
		deep  bool
	}{
		{"liger", 1, 21, false},
		{"liger", 2, 441, false},
		{"liger", 3, 8715, false},
		{"liger", 4, 172179, false},
		{"liger", 5, 3239666, true},
		{"liger", 6, 60920399, true},
		{"stackers", 1, 35, false},
		{"stackers", 2, 1225, false},
		{"stackers", 3, 42875, false},
		{"stackers", 4, 1500533, true},
		{"stackers", 5, 52564624, true},
	}
	for _, tt := range tests {
		if tt.deep && !refDeep() {
			continue
		}
		if got := refPerft(refStart(tt.game), tt.depth); got != tt.want {
			t.Errorf("%s perft(%d) = %d, want %d", tt.game, tt.depth, got, tt.want)
		}
	}
}

func TestReferenceStartPosition(t *testing.T) {
	tests := map[string]string{
		"liger": "r a1:r,c1:r,e1:r,g1:r,b2:r,d2:r,f2:r,h2:r,a3:r,c3:r,e3:r,g3:r," +
			"b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b",
		"stackers": "b a1:b,c1:b,e1:b,g1:b,b2:b,d2:b,f2:b,h2:b,a3:b,c3:b,e3:b,g3:b," +
			"b6:w,d6:w,f6:w,h6:w,a7:w,c7:w,e7:w,g7:w,b8:w,d8:w,f8:w,h8:w",
	}
	for game, want := range tests {
		p := refStart(game)
		if got := p.String(); got != want {
			t.Errorf("refStart(%s) = %q, want %q", game, got, want)
		}
		if over, _ := p.result(); over {
			t.Errorf("refStart(%s) is over", game)
		}
	}
	if got := refStart("liger").moves(); !slices.Equal(got, []string{
		"a1-b2", "a3-b4", "b2-a3", "b2-c3", "c1-b2", "c1-d2", "c3-b4", "c3-d4",
		"d2-c3", "d2-e3", "e1-d2", "e1-f2", "e3-d4", "e3-f4", "f2-e3", "f2-g3",
		"g1-f2", "g1-h2", "g3-f4", "g3-h4", "h2-g3"}) {
		t.Errorf("liger start moves = %v", got)
	}
	if refStart("chess") != nil {
		t.Errorf("refStart(chess) should be nil")
	}
}

// refCase is a hand-worked position: its exact move list, and optionally a
// move to play with the expected result afterwards.
type refCase struct {
	name      string
	game, pos string
	moves     []string
	play      string // optional
	after     string // expected String() after play
	over      bool   // expected result after play
	winner    byte
}

func refRunCases(t *testing.T, cases []refCase) {
	t.Helper()
	for _, c := range cases {
		p := refMustParse(t, c.game, c.pos)
		if over, w := p.result(); over {
			t.Errorf("%s: %q is already over (winner %c)", c.name, c.pos, w)
		}
		got := p.moves()
		want := slices.Clone(c.moves)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: moves(%q)\n got %v\nwant %v", c.name, c.pos, got, want)
		}
		if c.play == "" {
			continue
		}
		q, err := p.apply(c.play)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.after != "" && q.String() != c.after {
			t.Errorf("%s: after %s got %q, want %q", c.name, c.play, q.String(), c.after)
		}
		over, w := q.result()
		if over != c.over || w != c.winner {
			t.Errorf("%s: after %s result = (%v, %q), want (%v, %q)", c.name, c.play, over, w, c.over, c.winner)
		}
		if over && len(q.moves()) != 0 {
			t.Errorf("%s: finished game has moves %v", c.name, q.moves())
		}
	}
}

func TestReferenceLigerHandPositions(t *testing.T) {
	refRunCases(t, []refCase{
		{
			name: "fig5a backward when showing fewer (1 < 2)",
			game: "liger", pos: "r c3:b,d4:r,e3:b",
			moves: []string{"d4-c3", "d4-c5", "d4-e3", "d4-e5"},
			play:  "d4-c3", after: "b c3:br,e3:b",
		},
		{
			name: "no backward when showing equal (1 = 1)",
			game: "liger", pos: "r c3:b,d4:r",
			moves: []string{"d4-c5", "d4-e5"},
		},
		{
			name: "fig5b no backward with a 2-stack",
			game: "liger", pos: "r c3:b,d4:br,e3:b,g3:b",
			moves: []string{"d4-c5", "d4-e5", "2d4-c5", "2d4-e5"},
			play:  "2d4-e5", after: "b c3:b,e3:b,g3:b,e5:br",
		},
		{
			name: "fig5c no backward leaving an occupied square behind",
			game: "liger", pos: "r c3:b,d4:rr,e3:b,g3:b",
			moves: []string{"d4-c5", "d4-e5"}, // never two own checkers as a pair
		},
		{
			name: "fig5d no backward onto an empty square or own colour",
			game: "liger", pos: "r c3:br,d4:r,f6:b,h6:b,a7:b",
			moves: []string{"c3-b4", "c3-d4", "2c3-b4", "2c3-d4", "d4-c5", "d4-e5"},
		},
		{
			name: "fig3 any height and composition; top 2 only when second is the opponent's",
			game: "liger", pos: "r b2:rbrr,c3:brbrr,h8:b",
			moves: []string{"b2-a3", "b2-c3", "c3-b4", "c3-d4"},
			play:  "b2-c3", after: "b b2:rbr,c3:brbrrr,h8:b",
		},
		{
			name: "fig7a covering the only showing enemy checker loses",
			game: "liger", pos: "r c3:r,d4:b,h2:r",
			moves: []string{"c3-b4", "c3-d4", "h2-g3"},
			play:  "c3-d4", after: "b h2:r,d4:br", over: true, winner: 'b',
		},
		{
			name: "fig7a a harmless move does not end the game",
			game: "liger", pos: "r c3:r,d4:b,h2:r",
			moves: []string{"c3-b4", "c3-d4", "h2-g3"},
			play:  "h2-g3", after: "b c3:r,g3:r,d4:b",
		},
		{
			name: "fig7b covering it while uncovering another is fine",
			game: "liger", pos: "r c3:br,d4:b",
			moves: []string{"c3-b4", "c3-d4", "2c3-b4", "2c3-d4"},
			play:  "c3-d4", after: "b c3:b,d4:br",
		},
		{
			name: "fig7b lifting both covers without uncovering: loses",
			game: "liger", pos: "r c3:br,d4:b",
			moves: []string{"c3-b4", "c3-d4", "2c3-b4", "2c3-d4"},
			play:  "2c3-d4", after: "b d4:bbr", over: true, winner: 'b',
		},
		{
			name: "fig8c the only move covers the only showing enemy checker",
			game: "liger", pos: "r a7:r,b8:b",
			moves: []string{"a7-b8"},
			play:  "a7-b8", after: "b b8:br", over: true, winner: 'b',
		},
		{
			name: "fig6 bear off the last checker wins",
			game: "liger", pos: "r b8:r,c3:b",
			moves: []string{"b8-off"},
			play:  "b8-off", after: "b c3:b", over: true, winner: 'r',
		},
		{
			name: "bear off the top checker of a stack; not from the nearest row",
			game: "liger", pos: "r a1:r,d8:br",
			moves: []string{"a1-b2", "d8-off"},
			play:  "d8-off", after: "b a1:r,d8:b",
		},
		{
			name: "blue moves toward rank 1 and bears off there, backward toward rank 8",
			game: "liger", pos: "b c1:b,d2:b,e3:r,g3:r,h4:r",
			moves: []string{"c1-off", "d2-c1", "d2-e1", "d2-e3"},
			play:  "d2-e3", after: "r c1:b,e3:rb,g3:r,h4:r",
		},
	})
}

func TestReferenceLigerNoMovesWhenOver(t *testing.T) {
	// red to move with nothing showing: blue (the mover) left red nothing, blue lost.
	p := refMustParse(t, "liger", "r d4:rb")
	if over, w := p.result(); !over || w != 'r' {
		t.Errorf("result(%q) = (%v, %q), want (true, 'r')", p, over, w)
	}
	if m := p.moves(); len(m) != 0 {
		t.Errorf("moves of finished game = %v", m)
	}
	if n := refPerft(p, 1); n != 0 {
		t.Errorf("perft(1) of finished game = %d", n)
	}
	// blue (the mover) has no checkers left: blue won.
	p = refMustParse(t, "liger", "r d4:r")
	if over, w := p.result(); !over || w != 'b' {
		t.Errorf("result(%q) = (%v, %q), want (true, 'b')", p, over, w)
	}
}

func TestReferenceStackersHandPositions(t *testing.T) {
	refRunCases(t, []refCase{
		{
			name: "WBBWWB (bottom to top) moves for black as sections of 1, 4 or 5",
			game: "stackers", pos: "b d4:wbbwwb,h8:w",
			moves: []string{
				"d4-c3", "d4-c5", "d4-e3", "d4-e5",
				"4d4-c3", "4d4-c5", "4d4-e3", "4d4-e5",
				"5d4-c3", "5d4-c5", "5d4-e3", "5d4-e5",
			},
			play: "4d4-e5", after: "w d4:wb,e5:bwwb,h8:w",
		},
		{
			name: "white cannot touch a stack topped by black",
			game: "stackers", pos: "w d4:wbbwwb,h8:w",
			moves: []string{"h8-g7"}, // h8 is white's home row: no bear-off there
		},
		{
			name: "whole stack, any direction, onto anything",
			game: "stackers", pos: "b a1:bwb,b2:w,h8:w",
			moves: []string{"a1-b2", "3a1-b2"}, // never 2: its bottom would be white
			play:  "3a1-b2", after: "w b2:wbwb,h8:w",
		},
		{
			name: "no legal move: pass",
			game: "stackers", pos: "w d4:wb,h8:b",
			moves: []string{"pass"},
			play:  "pass", after: "b d4:wb,h8:b",
		},
		{
			name: "bear off the last checker wins",
			game: "stackers", pos: "b h8:b,a1:w",
			moves: []string{"h8-g7", "h8-off"},
			play:  "h8-off", after: "w a1:w", over: true, winner: 'b',
		},
		{
			name: "white bears off from rank 1, top checker only",
			game: "stackers", pos: "w c1:bw,a7:w,h8:b",
			moves: []string{"a7-b6", "a7-b8", "c1-b2", "c1-d2", "c1-off"},
			play:  "c1-off", after: "b c1:b,a7:w,h8:b",
		},
		{
			name: "nothing showing for either is not an end in stackers",
			game: "stackers", pos: "b c3:wb,d4:bw",
			moves: []string{"c3-b2", "c3-b4", "c3-d2", "c3-d4"},
			play:  "c3-d4", after: "w c3:w,d4:bwb",
		},
	})
}

func TestReferenceParseErrors(t *testing.T) {
	bad := []struct{ game, pos string }{
		{"liger", "r a1:x"},           // unknown letter
		{"liger", "r a1:w"},           // a stackers letter in liger
		{"stackers", "b a1:r"},        // a liger letter in stackers
		{"liger", "r a1:R"},           // no kings in liger
		{"liger", "r a2:r"},           // light square
		{"liger", "r b1:r"},           // light square
		{"liger", "r i1:r"},           // off board
		{"liger", "r a9:r"},           // off board
		{"liger", "r a0:r"},           // off board
		{"liger", "r a10:r"},          // off board
		{"liger", "r a1:r,c3:b,a1:b"}, // duplicate square
		{"liger", "r a1:"},            // empty stack
		{"liger", "r a1:r,"},          // empty cell
		{"liger", "r a1r"},            // no colon
		{"liger", "r a1:r:b"},         // two colons
		{"liger", "r :r"},             // missing square
		{"liger", ""},                 // missing turn
		{"liger", "   "},              // missing turn
		{"liger", "a1:r"},             // missing turn
		{"liger", "x a1:r"},           // unknown turn
		{"liger", "w a1:r"},           // unknown turn (stackers letter)
		{"stackers", "r a1:b"},        // unknown turn (liger letter)
		{"liger", "rb a1:r"},          // unknown turn
		{"liger", "r"},                // missing cells
		{"liger", "r a1:r c3:b"},      // extra field
		{"liger", "r -,a1:r"},         // dash mixed with cells
		{"chess", "r -"},              // unknown game
	}
	for _, b := range bad {
		if p, err := refParse(b.game, b.pos); err == nil {
			t.Errorf("refParse(%q, %q) = %q, want an error", b.game, b.pos, p)
		}
	}
}

func TestReferenceStringRoundTrip(t *testing.T) {
	good := []struct{ game, in, want string }{
		{"liger", "r -", "r -"},
		{"liger", "b -", "b -"},
		{"liger", "r a1:r,c3:br,d4:rrb", "r a1:r,c3:br,d4:rrb"},
		{"liger", "b h8:b,d4:rrb,a1:r,g1:bbbr,b2:r", "b a1:r,g1:bbbr,b2:r,d4:rrb,h8:b"},
		{"stackers", "w e5:w,a7:bw,c1:wbbwwb", "w c1:wbbwwb,e5:w,a7:bw"},
	}
	for _, g := range good {
		p := refMustParse(t, g.game, g.in)
		if got := p.String(); got != g.want {
			t.Errorf("refParse(%q).String() = %q, want %q", g.in, got, g.want)
		}
		q := refMustParse(t, g.game, p.String())
		if *q != *p {
			t.Errorf("round trip of %q changed the position", g.in)
		}
	}

	// Random playouts: every position round-trips, moves are sorted and
	// distinct, illegal moves are refused, and checkers are conserved except
	// that a bear-off removes exactly one of the mover's.
	// 10 games each (the reference lists its moves as text, slowly); 40
	// with STACKRULES_DEEP=1.
	games := 10
	if refDeep() {
		games = 40
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, game := range []string{"liger", "stackers"} {
		for g := 0; g < games; g++ {
			p := refStart(game)
			for ply := 0; ply < 300; ply++ {
				s := p.String()
				q, err := refParse(game, s)
				if err != nil || *q != *p || q.String() != s {
					t.Fatalf("%s: round trip of %q failed: %v", game, s, err)
				}
				ms := p.moves()
				if !slices.IsSorted(ms) || len(slices.Compact(slices.Clone(ms))) != len(ms) {
					t.Fatalf("%s: moves of %q not sorted/distinct: %v", game, s, ms)
				}
				if _, err := p.apply("a1-a1"); err == nil {
					t.Fatalf("%s: apply accepted a1-a1 in %q", game, s)
				}
				if len(ms) == 0 {
					if over, _ := p.result(); !over {
						t.Fatalf("%s: no moves but not over in %q", game, s)
					}
					break
				}
				mv := ms[rng.IntN(len(ms))]
				next, err := p.apply(mv)
				if err != nil {
					t.Fatalf("%s: %v", game, err)
				}
				me, opp := p.turn, p.other(p.turn)
				lost := 0
				if strings.HasSuffix(mv, "-off") {
					lost = 1
				}
				if next.count(me) != p.count(me)-lost || next.count(opp) != p.count(opp) || next.turn != opp {
					t.Fatalf("%s: %s in %q gave %q", game, mv, s, next)
				}
				p = next
			}
		}
	}
}

func TestReferenceParseNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "rbwRx-:, a0123456789chi"
	for i := 0; i < 20000; i++ {
		buf := make([]byte, rng.IntN(16))
		for j := range buf {
			buf[j] = alphabet[rng.IntN(len(alphabet))]
		}
		for _, game := range []string{"liger", "stackers"} {
			p, err := refParse(game, string(buf))
			if err == nil {
				// anything accepted must print and re-parse to the same position
				if q, err := refParse(game, p.String()); err != nil || *q != *p {
					t.Fatalf("%s: %q accepted but %q does not round-trip: %v", game, buf, p, err)
				}
			}
		}
	}
}
