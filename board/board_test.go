package board_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// Geometries and boards shared by the tests. Boards are read-only values, so
// one of each serves every test.

func isDark(f, r int) bool  { return (f+r)%2 == 0 }
func isLight(f, r int) bool { return (f+r)%2 == 1 }

func mustGrid(t testing.TB, w, h int, playing func(f, r int) bool) *board.Geometry {
	t.Helper()
	g, err := board.NewGrid(w, h, playing)
	if err != nil {
		t.Fatalf("NewGrid(%d, %d): %v", w, h, err)
	}
	return g
}

func mustBoard(t testing.TB, g *board.Geometry, letters string) *board.Board {
	t.Helper()
	b, err := board.NewBoard(g, 2, []byte(letters))
	if err != nil {
		t.Fatalf("NewBoard(%q): %v", letters, err)
	}
	return b
}

// noPanic runs f and turns a panic into a test error naming the input, so that
// one bad input does not hide the results for the others.
func noPanic(t *testing.T, what, input string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s(%q) panicked: %v", what, input, r)
		}
	}()
	f()
}

// ---------------------------------------------------------------- squares

func TestSquareRoundTrip(t *testing.T) {
	tests := []struct {
		name       string
		w, h       int
		playing    func(f, r int) bool
		wantN      int
		playingSq  []string // must parse
		notPlaying []string // on the board but not playing squares
	}{
		{"8x8 dark", 8, 8, isDark, 32,
			[]string{"a1", "c1", "g1", "b2", "h2", "a7", "b8", "h8"},
			[]string{"b1", "h1", "a2", "a8", "g8"}},
		{"12x12 light", 12, 12, isLight, 72,
			[]string{"b1", "l1", "a2", "k2", "a12", "k12", "b11"},
			[]string{"a1", "k1", "b2", "l12", "a11"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGrid(t, tc.w, tc.h, tc.playing)
			if g.NumSquares() != tc.wantN {
				t.Fatalf("NumSquares() = %d, want %d", g.NumSquares(), tc.wantN)
			}
			seen := map[string]board.Square{}
			prevF, prevR := -1, -1
			for i := 0; i < g.NumSquares(); i++ {
				sq := board.Square(i)
				name := g.SquareName(sq)
				f, r := g.Coord(sq)
				if want := fmt.Sprintf("%c%d", 'a'+f, r+1); name != want {
					t.Errorf("SquareName(%d) = %q, but Coord gives %q", i, name, want)
				}
				if !tc.playing(f, r) {
					t.Errorf("square %d (%s) is not a playing square", i, name)
				}
				// Dense order is rank by rank, file by file within a rank.
				if r < prevR || (r == prevR && f <= prevF) {
					t.Errorf("square %d (%s) comes after (%d,%d): dense order is not rank then file", i, name, prevF, prevR)
				}
				prevF, prevR = f, r
				if other, dup := seen[name]; dup {
					t.Errorf("squares %d and %d are both named %s", other, i, name)
				}
				seen[name] = sq
				got, err := g.ParseSquare(name)
				if err != nil || got != sq {
					t.Errorf("ParseSquare(SquareName(%d) = %q) = %d, %v; want %d, nil", i, name, got, err, i)
				}
				if at, ok := g.At(f, r); !ok || at != sq {
					t.Errorf("At(%d, %d) = %d, %v; want %d, true", f, r, at, ok, i)
				}
			}
			// Every grid square parses if and only if it is a playing square.
			for r := 0; r < tc.h; r++ {
				for f := 0; f < tc.w; f++ {
					name := fmt.Sprintf("%c%d", 'a'+f, r+1)
					_, err := g.ParseSquare(name)
					if tc.playing(f, r) != (err == nil) {
						t.Errorf("ParseSquare(%q): err = %v, playing = %v", name, err, tc.playing(f, r))
					}
				}
			}
			for _, name := range tc.playingSq {
				if _, err := g.ParseSquare(name); err != nil {
					t.Errorf("ParseSquare(%q) = %v, want a playing square", name, err)
				}
			}
			for _, name := range tc.notPlaying {
				_, err := g.ParseSquare(name)
				if err == nil || !strings.Contains(err.Error(), "not a playing square") {
					t.Errorf("ParseSquare(%q) = %v, want \"not a playing square\"", name, err)
				}
			}
		})
	}
}

func TestParseSquareErrors(t *testing.T) {
	dark := mustGrid(t, 8, 8, isDark)
	light := mustGrid(t, 12, 12, isLight)
	tests := []struct {
		geo  *board.Geometry
		in   string
		want string // in the message
	}{
		{dark, "", `"" is not a square`},
		{dark, "a", `"a" is not a square`},
		{dark, "1a", `"1a" is not a square`},
		{dark, "i1", "i1 is off the 8×8 board"},
		{dark, "a9", "a9 is off the 8×8 board"},
		{dark, "a10", "a10 is off the 8×8 board"},
		{dark, "a0", `"a0" is not a square`},
		{dark, "b1", "b1 is not a playing square"},
		{dark, "A1", `"A1" is not a square`},
		{dark, "a1x", `"a1x" is not a square`},
		{dark, " a1", `" a1" is not a square`},
		{dark, "a-1", `"a-1" is not a square`},
		{dark, "a1234", `"a1234" is not a square`},
		{light, "a1", "a1 is not a playing square"},
		{light, "m1", "m1 is off the 12×12 board"},
		{light, "a13", "a13 is off the 12×12 board"},
		{light, "l12", "l12 is not a playing square"},
	}
	for _, tc := range tests {
		t.Run(strconv.Quote(tc.in), func(t *testing.T) {
			noPanic(t, "ParseSquare", tc.in, func() {
				sq, err := tc.geo.ParseSquare(tc.in)
				if err == nil {
					t.Fatalf("ParseSquare(%q) = %d, nil; want an error", tc.in, sq)
				}
				if sq != board.NoSquare {
					t.Errorf("ParseSquare(%q) returned square %d with its error, want NoSquare", tc.in, sq)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("ParseSquare(%q) error %q does not contain %q", tc.in, err, tc.want)
				}
			})
		})
	}
}

func TestNewGridErrors(t *testing.T) {
	all := func(int, int) bool { return true }
	none := func(int, int) bool { return false }
	tests := []struct {
		w, h    int
		playing func(f, r int) bool
		want    string
	}{
		{0, 8, all, "width 0"},
		{27, 8, all, "width 27"},
		{8, 0, all, "height 0"},
		{8, 100, all, "height 100"},
		{8, 8, none, "no playing squares"},
		{13, 12, all, "more than 144"},
	}
	for _, tc := range tests {
		g, err := board.NewGrid(tc.w, tc.h, tc.playing)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewGrid(%d, %d) = %v, %v; want error containing %q", tc.w, tc.h, g, err, tc.want)
		}
	}
	if g, err := board.NewGrid(12, 12, all); err != nil || g.NumSquares() != board.MaxSquares {
		t.Errorf("NewGrid(12, 12, all) = %v; want %d squares", err, board.MaxSquares)
	}
}

// ---------------------------------------------------------------- stacks

// stackModel is the naive model of a stack: its letters, bottom to top.
type stackModel struct {
	letters string // the board's alphabet; code = index
	players int
}

func (m stackModel) code(c byte) int { return strings.IndexByte(m.letters, c) }
func (m stackModel) top(s string) int {
	if s == "" {
		return -1
	}
	return m.code(s[len(s)-1])
}
func (m stackModel) topOwner(s string) int {
	if s == "" {
		return -1
	}
	return m.top(s) % m.players
}
func (m stackModel) piece(s string, i int) int {
	if i < 1 || i > len(s) {
		return -1
	}
	return m.code(s[len(s)-i])
}

func randomStack(rng *rand.Rand, letters string, maxH int) string {
	h := 1 + rng.IntN(maxH)
	out := make([]byte, h)
	for i := range out {
		out[i] = letters[rng.IntN(len(letters))]
	}
	return string(out)
}

func TestStacks(t *testing.T) {
	geo := mustGrid(t, 8, 8, isDark)
	tests := []struct {
		letters  string
		minMax   int      // MaxHeight must hold at least every piece of a 12+12 game
		fixed    []string // stacks checked besides the random ones
		badLetts []string // stacks with a letter the board does not have
	}{
		{"rb", 24, []string{"r", "b", "rb", "br", "rrb", "bbbr", "rbrbrbrbrbrb"}, []string{"x", "rx", "R", "rB", "r b", "r,", "é"}},
		{"rbRB", 24, []string{"r", "B", "R", "rB", "Rb", "BRbr", "rrRRbbBB"}, []string{"x", "rx", "W", "r b", "Rr:"}},
	}
	for _, tc := range tests {
		t.Run(tc.letters, func(t *testing.T) {
			b := mustBoard(t, geo, tc.letters)
			m := stackModel{tc.letters, 2}
			max := b.MaxHeight()
			if max < tc.minMax {
				t.Fatalf("MaxHeight() = %d, want at least %d", max, tc.minMax)
			}
			for code := 0; code < len(tc.letters); code++ {
				if b.Letter(code) != tc.letters[code] {
					t.Errorf("Letter(%d) = %q, want %q", code, b.Letter(code), tc.letters[code])
				}
				if b.Owner(code) != code%2 {
					t.Errorf("Owner(%d) = %d, want %d", code, b.Owner(code), code%2)
				}
				if s := b.Single(code); b.StackString(s) != tc.letters[code:code+1] {
					t.Errorf("StackString(Single(%d)) = %q, want %q", code, b.StackString(s), tc.letters[code:code+1])
				}
			}

			rng := rand.New(rand.NewPCG(1, uint64(len(tc.letters))))
			stacks := append([]string{}, tc.fixed...)
			for _, l := range []byte(tc.letters) {
				// The tallest stack, of each letter: the highest code sets
				// every piece bit, so any spill into the height shows.
				stacks = append(stacks, strings.Repeat(string(l), max))
			}
			for i := 0; i < 300; i++ {
				stacks = append(stacks, randomStack(rng, tc.letters, max))
			}
			for _, str := range stacks {
				s, err := b.ParseStack(str)
				if err != nil {
					t.Errorf("ParseStack(%q): %v", str, err)
					continue
				}
				if s.Height() != len(str) {
					t.Errorf("ParseStack(%q).Height() = %d, want %d", str, s.Height(), len(str))
				}
				if got := b.StackString(s); got != str {
					t.Errorf("StackString(ParseStack(%q)) = %q", str, got)
				}
				if got, want := b.Top(s), m.top(str); got != want {
					t.Errorf("Top(%q) = %d, want %d", str, got, want)
				}
				if got, want := b.TopOwner(s), m.topOwner(str); got != want {
					t.Errorf("TopOwner(%q) = %d, want %d", str, got, want)
				}
				for i := -1; i <= len(str)+1; i++ {
					if got, want := b.Piece(s, i), m.piece(str, i); got != want {
						t.Errorf("Piece(%q, %d) = %d, want %d", str, i, got, want)
					}
				}
				for k := 1; k <= len(str); k++ {
					rest, sec := b.Lift(s, k)
					keep := len(str) - k
					if rest.Height() != keep || sec.Height() != k {
						t.Errorf("Lift(%q, %d) heights = %d, %d; want %d, %d", str, k, rest.Height(), sec.Height(), keep, k)
					}
					if got := b.StackString(rest); got != str[:keep] {
						t.Errorf("Lift(%q, %d) rest = %q, want %q", str, k, got, str[:keep])
					}
					if got := b.StackString(sec); got != str[keep:] {
						t.Errorf("Lift(%q, %d) section = %q, want %q", str, k, got, str[keep:])
					}
					// Packed words are canonical: the pieces lifted leave no
					// trace in what stays, and the empty stack is 0.
					var wantRest board.Stack
					if keep > 0 {
						wantRest, _ = b.ParseStack(str[:keep])
					}
					if rest != wantRest {
						t.Errorf("Lift(%q, %d) rest = %#x, want %#x as parsed from %q", str, k, rest, wantRest, str[:keep])
					}
					if wantSec, _ := b.ParseStack(str[keep:]); sec != wantSec {
						t.Errorf("Lift(%q, %d) section = %#x, want %#x as parsed from %q", str, k, sec, wantSec, str[keep:])
					}
					if back := b.Push(rest, sec); back != s {
						t.Errorf("Push(Lift(%q, %d)) = %q (%#x), want the stack back (%#x)", str, k, b.StackString(back), back, s)
					}
				}
			}
			// Push of two stacks is the stack of both, one on the other.
			for i := 0; i < 200; i++ {
				lo := randomStack(rng, tc.letters, max/2)
				hi := randomStack(rng, tc.letters, max-len(lo))
				sl, _ := b.ParseStack(lo)
				sh, _ := b.ParseStack(hi)
				want, err := b.ParseStack(lo + hi)
				if err != nil {
					t.Fatalf("ParseStack(%q): %v", lo+hi, err)
				}
				if got := b.Push(sl, sh); got != want {
					t.Errorf("Push(%q, %q) = %q, want %q", lo, hi, b.StackString(got), lo+hi)
				}
			}

			// The empty stack.
			var empty board.Stack
			if empty.Height() != 0 || b.StackString(empty) != "" || b.Top(empty) != -1 || b.TopOwner(empty) != -1 || b.Piece(empty, 1) != -1 {
				t.Errorf("empty stack: height %d, %q, top %d, top owner %d, piece(1) %d; want 0, \"\", -1, -1, -1",
					empty.Height(), b.StackString(empty), b.Top(empty), b.TopOwner(empty), b.Piece(empty, 1))
			}
			if _, err := b.ParseStack(""); err == nil || !strings.Contains(err.Error(), "empty stack") {
				t.Errorf("ParseStack(\"\") = %v, want an \"empty stack\" error", err)
			}
			// Too tall.
			tall := strings.Repeat(tc.letters[:1], max+1)
			if _, err := b.ParseStack(tall); err == nil || !strings.Contains(err.Error(), "taller than the "+strconv.Itoa(max)) {
				t.Errorf("ParseStack(%d pieces) = %v, want a \"taller than the %d\" error", max+1, err, max)
			}
			// Unknown letters.
			for _, bad := range tc.badLetts {
				noPanic(t, "ParseStack", bad, func() {
					_, err := b.ParseStack(bad)
					if err == nil || !strings.Contains(err.Error(), "unknown piece letter") {
						t.Errorf("ParseStack(%q) = %v, want an \"unknown piece letter\" error", bad, err)
					}
				})
			}
		})
	}
}

func TestNewBoardErrors(t *testing.T) {
	geo := mustGrid(t, 8, 8, isDark)
	tests := []struct {
		players int
		letters string
		want    string
	}{
		{0, "rb", "0 players"},
		{5, "rbwgy", "5 players"},
		{2, "r", "does not fit 2 players"},
		{2, "rbR", "does not fit 2 players"},
		{2, "rr", "not a distinct ASCII letter"},
		{2, "r1", "not a distinct ASCII letter"},
		{2, "r_", "not a distinct ASCII letter"},
	}
	for _, tc := range tests {
		_, err := board.NewBoard(geo, tc.players, []byte(tc.letters))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewBoard(%d, %q) = %v, want an error containing %q", tc.players, tc.letters, err, tc.want)
		}
	}
}

// ---------------------------------------------------------------- positions

// posModel is the naive model of a position: square name -> stack letters.
type posModel struct {
	turn  int
	cells map[board.Square]string
}

func randomPosition(rng *rand.Rand, b *board.Board, letters string, maxH int) posModel {
	m := posModel{turn: rng.IntN(b.Players), cells: map[board.Square]string{}}
	n := rng.IntN(b.NumSquares() + 1)
	for _, i := range rng.Perm(b.NumSquares())[:n] {
		m.cells[board.Square(i)] = randomStack(rng, letters, maxH)
	}
	return m
}

// canonical writes the model the way pinned.md prints a position: cells by
// rank, then file, found through the coordinates rather than the dense order.
func (m posModel) canonical(b *board.Board, letters string) string {
	var cells []string
	for r := 0; r < b.Height; r++ {
		for f := 0; f < b.Width; f++ {
			sq, ok := b.At(f, r)
			if !ok {
				continue
			}
			if s, ok := m.cells[sq]; ok {
				cells = append(cells, b.SquareName(sq)+":"+s)
			}
		}
	}
	body := "-"
	if len(cells) > 0 {
		body = strings.Join(cells, ",")
	}
	return letters[m.turn:m.turn+1] + " " + body
}

// shuffled writes the model with its cells in a random order.
func (m posModel) shuffled(rng *rand.Rand, b *board.Board, letters string) string {
	var cells []string
	for sq, s := range m.cells {
		cells = append(cells, b.SquareName(sq)+":"+s)
	}
	sort.Strings(cells)
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	body := "-"
	if len(cells) > 0 {
		body = strings.Join(cells, ",")
	}
	return letters[m.turn:m.turn+1] + " " + body
}

// counts are what the model says Showing, OnBoard and Tops must be.
func (m posModel) counts(letters string) (showing, onBoard [board.MaxPlayers]int16, tops [board.MaxPlayers]board.SquareSet) {
	sm := stackModel{letters, 2}
	for sq, s := range m.cells {
		o := sm.topOwner(s)
		showing[o]++
		tops[o].Add(sq)
		for i := 0; i < len(s); i++ {
			onBoard[sm.code(s[i])%2]++
		}
	}
	return
}

func TestPositions(t *testing.T) {
	tests := []struct {
		name    string
		w, h    int
		playing func(f, r int) bool
		letters string
		maxH    int
	}{
		{"8x8 rb", 8, 8, isDark, "rb", 6},
		{"8x8 rbRB", 8, 8, isDark, "rbRB", 6},
		{"12x12 light rb", 12, 12, isLight, "rb", 4},
		{"8x8 rb tall", 8, 8, isDark, "rb", 58},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, mustGrid(t, tc.w, tc.h, tc.playing), tc.letters)
			maxH := min(tc.maxH, b.MaxHeight())
			rng := rand.New(rand.NewPCG(7, uint64(tc.w*100+len(tc.letters)+tc.maxH)))
			hashes := map[uint64]string{}
			for iter := 0; iter < 200; iter++ {
				m := randomPosition(rng, b, tc.letters, maxH)
				if iter == 0 {
					m.cells = map[board.Square]string{} // the empty board
				}
				want := m.canonical(b, tc.letters)
				text := m.shuffled(rng, b, tc.letters)
				p, err := b.ParsePosition(text)
				if err != nil {
					t.Fatalf("ParsePosition(%q): %v", text, err)
				}
				if got := b.FormatPosition(&p); got != want {
					t.Fatalf("FormatPosition(ParsePosition(%q)) =\n  %q\nwant\n  %q", text, got, want)
				}
				// The printed form is a fixed point.
				p2, err := b.ParsePosition(want)
				if err != nil || p2 != p {
					t.Fatalf("ParsePosition(%q) (canonical) = %v; differs from the shuffled parse", want, err)
				}
				if int(p.ToMove) != m.turn {
					t.Errorf("%q: ToMove = %d, want %d", text, p.ToMove, m.turn)
				}
				for sq := 0; sq < board.MaxSquares; sq++ {
					got := b.StackString(p.Cells[sq])
					if sq >= b.NumSquares() {
						if p.Cells[sq] != 0 {
							t.Errorf("%q: cell %d beyond the board holds %q", text, sq, got)
						}
						continue
					}
					if wantS := m.cells[board.Square(sq)]; got != wantS {
						t.Errorf("%q: %s holds %q, want %q", text, b.SquareName(board.Square(sq)), got, wantS)
					}
				}
				showing, onBoard, tops := m.counts(tc.letters)
				if p.Showing != showing || p.OnBoard != onBoard || p.Tops != tops {
					t.Errorf("%q: parsed Showing %v, OnBoard %v, Tops %v;\nwant %v, %v, %v", text, p.Showing, p.OnBoard, p.Tops, showing, onBoard, tops)
				}
				if p.Off != [board.MaxPlayers]int16{} {
					t.Errorf("%q: Off = %v, want zero", text, p.Off)
				}
				if prev, dup := hashes[p.Hash]; dup && prev != want {
					t.Errorf("positions %q and %q have the same hash %#x", prev, want, p.Hash)
				}
				hashes[p.Hash] = want

				// The same position built one Set at a time, with detours:
				// squares first given another stack, squares filled and
				// emptied again.
				q, err := b.ParsePosition(tc.letters[m.turn:m.turn+1] + " -")
				if err != nil {
					t.Fatal(err)
				}
				for _, i := range rng.Perm(b.NumSquares()) {
					sq := board.Square(i)
					final, filled := m.cells[sq]
					if rng.IntN(3) == 0 {
						other, _ := b.ParseStack(randomStack(rng, tc.letters, maxH))
						q.Set(b, sq, other)
					}
					if filled {
						s, _ := b.ParseStack(final)
						q.Set(b, sq, s)
					} else {
						q.Set(b, sq, 0)
					}
				}
				if q.Cells != p.Cells {
					t.Errorf("%q: cells built with Set differ from the parsed ones", want)
				}
				if q.Showing != p.Showing || q.Tops != p.Tops || q.Hash != p.Hash {
					t.Errorf("%q: built with Set: Showing %v, Tops %v, Hash %#x;\nparsed: %v, %v, %#x", want, q.Showing, q.Tops, q.Hash, p.Showing, p.Tops, p.Hash)
				}
				r := q
				r.Recount(b)
				if r.Showing != q.Showing || r.Tops != q.Tops || r.Hash != q.Hash {
					t.Errorf("%q: Set kept Showing %v, Tops %v, Hash %#x; Recount gives %v, %v, %#x", want, q.Showing, q.Tops, q.Hash, r.Showing, r.Tops, r.Hash)
				}
				if r.OnBoard != p.OnBoard {
					t.Errorf("%q: Recount OnBoard %v, parsed %v", want, r.OnBoard, p.OnBoard)
				}

				// Only the side to move differs: the hash differs, and
				// SetToMove gets the other side's hash incrementally.
				other := 1 - m.turn
				mo := m
				mo.turn = other
				po, err := b.ParsePosition(mo.canonical(b, tc.letters))
				if err != nil {
					t.Fatal(err)
				}
				if po.Hash == p.Hash {
					t.Errorf("%q: hash %#x does not change with the side to move", want, p.Hash)
				}
				ps := p
				ps.SetToMove(other)
				if ps.Hash != po.Hash || ps.ToMove != po.ToMove {
					t.Errorf("%q: SetToMove(%d) gives hash %#x, parsing gives %#x", want, other, ps.Hash, po.Hash)
				}
				ps.SetToMove(m.turn)
				if ps != p {
					t.Errorf("%q: SetToMove there and back does not restore the position", want)
				}
			}
		})
	}
}

func TestPositionHashDistinguishes(t *testing.T) {
	b := mustBoard(t, mustGrid(t, 8, 8, isDark), "rbRB")
	pairs := [][2]string{
		{"r -", "b -"},
		{"r a1:rb", "r a1:br"},
		{"r a1:r,c1:b", "r a1:b,c1:r"},
		{"r a1:r", "r a1:R"},
		{"r a1:r", "r a1:rr"},
		{"r a1:r", "r c1:r"},
		{"r a1:r", "r -"},
	}
	for _, pr := range pairs {
		p, err1 := b.ParsePosition(pr[0])
		q, err2 := b.ParsePosition(pr[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("%v, %v", err1, err2)
		}
		if p.Hash == q.Hash {
			t.Errorf("%q and %q have the same hash %#x", pr[0], pr[1], p.Hash)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	rb := mustBoard(t, mustGrid(t, 8, 8, isDark), "rb")
	kinds := mustBoard(t, mustGrid(t, 8, 8, isDark), "rbRB")
	tests := []struct {
		b    *board.Board
		in   string
		at   []int  // byte offsets accepted for the fault; the first is the expected one
		want string // in the message
		bug  string // a known fault in board/position.go: see the report
	}{
		// unknown letter
		{rb, "r a1:x", []int{5}, "unknown piece letter 'x'", ""},
		{rb, "r a1:r,c3:rbx", []int{10, 12}, "c3: unknown piece letter 'x'", ""},
		{rb, "r a1:R", []int{5}, "unknown piece letter 'R'", ""},
		{kinds, "r a1:rW", []int{5, 6}, "unknown piece letter 'W'", ""},
		// off-board or non-playing square
		{rb, "r i1:r", []int{2}, "i1 is off the 8×8 board", ""},
		{rb, "r a1:r,a9:b", []int{7}, "a9 is off the 8×8 board", ""},
		{rb, "r b1:r", []int{2}, "b1 is not a playing square", ""},
		{rb, "r a1:r,c3:b,d3:r", []int{12}, "d3 is not a playing square", ""},
		{rb, "r A1:r", []int{2}, `"A1" is not a square`, ""},
		// duplicate square
		{rb, "r a1:r,a1:b", []int{7}, "square a1 is given twice", ""},
		{rb, "r a1:r,c3:b,e5:r,c3:r", []int{17}, "square c3 is given twice", ""},
		// empty stack
		{rb, "r a1:", []int{5}, "empty stack on a1", ""},
		{rb, "r a1:r,c3:", []int{10}, "empty stack on c3", ""},
		// missing or unknown turn
		{rb, "", []int{0}, "empty position", ""},
		{rb, "   ", []int{0}, "empty position", ""},
		{rb, "r", []int{1}, "missing cells", ""},
		{rb, "x a1:r", []int{0}, `unknown player to move "x"`, ""},
		{rb, "  x a1:r", []int{2}, `unknown player to move "x"`, ""},
		{rb, "rb a1:r", []int{0}, `unknown player to move "rb"`, ""},
		{kinds, "R a1:r", []int{0}, `unknown player to move "R"`, ""},
		{rb, "a1:r,c3:r", []int{0}, "player to move", ""},
		// trailing comma and other empty cells
		{rb, "r a1:r,", []int{7}, "empty cell", ""},
		{rb, "r a1:r,,c3:r", []int{7}, "empty cell", ""},
		{rb, "r ,a1:r", []int{2}, "empty cell", ""},
		// other malformed cells
		{rb, "r a1", []int{2}, `cell "a1" has no ':'`, ""},
		{rb, "r -,a1:r", []int{2}, "has no ':'", ""},
		{rb, "r a1:" + strings.Repeat("r", rb.MaxHeight()+1), []int{5}, "taller than", ""},
	}
	for _, tc := range tests {
		t.Run(strconv.Quote(tc.in), func(t *testing.T) {
			noPanic(t, "ParsePosition", tc.in, func() {
				p, err := tc.b.ParsePosition(tc.in)
				if err == nil {
					t.Fatalf("ParsePosition(%q) = %q, nil; want an error", tc.in, tc.b.FormatPosition(&p))
				}
				var pe *board.PositionError
				if !errors.As(err, &pe) {
					t.Fatalf("ParsePosition(%q) error %v is a %T, want *board.PositionError", tc.in, err, err)
				}
				if p != (board.Position{}) {
					t.Errorf("ParsePosition(%q) returned a non-zero position with its error", tc.in)
				}
				if pe.Text != tc.in {
					t.Errorf("PositionError.Text = %q, want %q", pe.Text, tc.in)
				}
				ok := strings.Contains(pe.Msg, tc.want) && slices.Contains(tc.at, pe.Offset) &&
					strings.Contains(err.Error(), fmt.Sprintf("column %d:", pe.Offset+1)) &&
					!claimsNoCells(tc.in, pe.Msg)
				if tc.bug != "" {
					if ok {
						t.Errorf("known bug (%s) seems fixed: drop the bug note", tc.bug)
					} else {
						t.Skipf("known bug: %s; got %q", tc.bug, err)
					}
					return
				}
				if !strings.Contains(pe.Msg, tc.want) {
					t.Errorf("ParsePosition(%q) message %q does not contain %q", tc.in, pe.Msg, tc.want)
				}
				if claimsNoCells(tc.in, pe.Msg) {
					t.Errorf("ParsePosition(%q) says %q, but the text has cells", tc.in, pe.Msg)
				}
				if !slices.Contains(tc.at, pe.Offset) {
					t.Errorf("ParsePosition(%q) offset = %d, want one of %v (error %q)", tc.in, pe.Offset, tc.at, err)
				}
				if want := fmt.Sprintf("column %d:", pe.Offset+1); !strings.Contains(err.Error(), want) {
					t.Errorf("ParsePosition(%q) error %q does not say %q", tc.in, err, want)
				}
			})
		})
	}
}

// claimsNoCells reports a message that says the cells are missing from a
// text that has some.
func claimsNoCells(text, msg string) bool {
	return strings.Contains(text, ":") && strings.Contains(msg, "missing cells")
}

// checkAccepted is what must hold of any position string the parser accepts:
// its printed form parses back to the same position and prints the same.
func checkAccepted(t *testing.T, b *board.Board, text string, p board.Position) {
	t.Helper()
	out := b.FormatPosition(&p)
	q, err := b.ParsePosition(out)
	if err != nil {
		t.Fatalf("ParsePosition(%q) accepted, but its printed form %q is rejected: %v", text, out, err)
	}
	if q != p {
		t.Fatalf("ParsePosition(%q) and ParsePosition(%q) differ", text, out)
	}
	if again := b.FormatPosition(&q); again != out {
		t.Fatalf("printed form not stable: %q then %q", out, again)
	}
	r := p
	r.Recount(b)
	if r != p {
		t.Fatalf("ParsePosition(%q): counts or hash differ from Recount", text)
	}
}

func TestParsePositionGarbage(t *testing.T) {
	b := mustBoard(t, mustGrid(t, 8, 8, isDark), "rbRB")
	rng := rand.New(rand.NewPCG(3, 4))
	tokens := []string{"r", "b", "R", "B", "x", " ", "  ", "\t", "-", ",", ":", ":", "a1", "c3", "h8", "b1", "i9", "a10",
		"rb", "rrb", "0", "9", "\x00", "\xff", "é", "a1:r", "c3:bR", ","}
	valid := "r a1:r,c3:bR,e5:rrbB,h8:b"
	accepted := 0
	for i := 0; i < 2000; i++ {
		var text string
		switch i % 3 {
		case 0: // random bytes
			buf := make([]byte, rng.IntN(24))
			for j := range buf {
				buf[j] = byte(rng.IntN(256))
			}
			text = string(buf)
		case 1: // random tokens
			var sb strings.Builder
			for n := rng.IntN(12); n > 0; n-- {
				sb.WriteString(tokens[rng.IntN(len(tokens))])
			}
			text = sb.String()
		case 2: // a valid string with a few edits
			buf := []byte(valid)
			for n := 1 + rng.IntN(3); n > 0; n-- {
				j := rng.IntN(len(buf))
				switch rng.IntN(3) {
				case 0:
					buf = slices.Delete(buf, j, j+1)
				case 1:
					buf = slices.Insert(buf, j, valid[rng.IntN(len(valid))])
				default:
					buf[j] = valid[rng.IntN(len(valid))]
				}
				if len(buf) == 0 {
					break
				}
			}
			text = string(buf)
		}
		noPanic(t, "ParsePosition", text, func() {
			p, err := b.ParsePosition(text)
			if err != nil {
				var pe *board.PositionError
				if !errors.As(err, &pe) {
					t.Errorf("ParsePosition(%q) error is a %T, want *board.PositionError", text, err)
				} else if pe.Offset < 0 || pe.Offset > len(text) {
					t.Errorf("ParsePosition(%q) error offset %d is outside the text", text, pe.Offset)
				}
				return
			}
			accepted++
			checkAccepted(t, b, text, p)
		})
		noPanic(t, "ParseSquare", text, func() { b.ParseSquare(text) })
		noPanic(t, "ParseStack", text, func() { b.ParseStack(text) })
		noPanic(t, "ParseMove", text, func() { b.ParseMove(text) })
	}
	if accepted == 0 {
		t.Errorf("no garbage string was accepted: the edits of a valid string should sometimes stay valid")
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"r -", "b -", "r a1:r,c3:br,d4:rrb", "b h8:bR,a1:B", "r a1:r,", "r a1:r,a1:b",
		"r i1:r", "x a1:r", "", " r  a1:r ", "r a1:", "a1:r",
	} {
		f.Add(s)
	}
	b := mustBoard(f, mustGrid(f, 8, 8, isDark), "rbRB")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := b.ParsePosition(text)
		if err != nil {
			var pe *board.PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("ParsePosition(%q) error is a %T, want *board.PositionError", text, err)
			}
			return
		}
		checkAccepted(t, b, text, p)
	})
}

// ---------------------------------------------------------------- moves

func TestMoveRoundTrip(t *testing.T) {
	g := mustGrid(t, 8, 8, isDark)
	sq := func(name string) board.Square {
		s, err := g.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	tests := []struct {
		text string
		want board.Move
	}{
		{"c3-d4", board.Move{From: sq("c3"), To: sq("d4"), Lift: 1, Kind: board.Step}},
		{"d4-c3", board.Move{From: sq("d4"), To: sq("c3"), Lift: 1, Kind: board.Step}},
		{"2c3-d4", board.Move{From: sq("c3"), To: sq("d4"), Lift: 2, Kind: board.Step}},
		{"12c3-d4", board.Move{From: sq("c3"), To: sq("d4"), Lift: 12, Kind: board.Step}},
		{"255a1-h8", board.Move{From: sq("a1"), To: sq("h8"), Lift: 255, Kind: board.Step}},
		{"b8-off", board.Move{From: sq("b8"), To: board.NoSquare, Lift: 1, Kind: board.BearOff}},
		{"a1-off", board.Move{From: sq("a1"), To: board.NoSquare, Lift: 1, Kind: board.BearOff}},
		{"pass", board.Move{From: board.NoSquare, To: board.NoSquare, Kind: board.Pass}},
	}
	for _, tc := range tests {
		m, err := g.ParseMove(tc.text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.text, err)
			continue
		}
		if m != tc.want {
			t.Errorf("ParseMove(%q) = %+v, want %+v", tc.text, m, tc.want)
		}
		if got := g.MoveString(tc.want); got != tc.text {
			t.Errorf("MoveString(%+v) = %q, want %q", tc.want, got, tc.text)
		}
	}
	// Every step between two squares and every bear-off, each lift.
	for i := 0; i < g.NumSquares(); i++ {
		from := board.Square(i)
		for _, m := range []board.Move{{From: from, To: board.NoSquare, Lift: 1, Kind: board.BearOff}} {
			if back, err := g.ParseMove(g.MoveString(m)); err != nil || back != m {
				t.Errorf("ParseMove(%q) = %+v, %v; want %+v", g.MoveString(m), back, err, m)
			}
		}
		for j := 0; j < g.NumSquares(); j++ {
			for _, lift := range []uint8{1, 2, 9, 10, 58, 255} {
				m := board.Move{From: from, To: board.Square(j), Lift: lift, Kind: board.Step}
				text := g.MoveString(m)
				if back, err := g.ParseMove(text); err != nil || back != m {
					t.Errorf("ParseMove(%q) = %+v, %v; want %+v", text, back, err, m)
				}
			}
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	g := mustGrid(t, 8, 8, isDark)
	tests := []struct{ in, want string }{
		{"c3", "want from-to"},
		{"c3-", `"" is not a square`},
		{"0c3-d4", `"0" is not a number of pieces to lift`},
		{"256c3-d4", `"256" is not a number of pieces to lift`},
		{"99999999999999999999c3-d4", "is not a number of pieces to lift"},
		{"2b8-off", "a bear-off takes one piece; write b8-off"},
		{"c3-z9", "z9 is off the 8×8 board"},
		{"c3-b3", "b3 is not a playing square"},
		{"i1-off", "i1 is off the 8×8 board"},
		{"-d4", `"" is not a square`},
		{"c3xd4-e5", "is not a square"},
		{"c3-d4-e5", `"d4-e5" is not a square`},
		{"x", "is not a square"},
		{"", "want from-to"},
		{"2", "want from-to"},
		{"Pass", "want from-to"},
	}
	for _, tc := range tests {
		noPanic(t, "ParseMove", tc.in, func() {
			m, err := g.ParseMove(tc.in)
			if err == nil {
				t.Errorf("ParseMove(%q) = %+v, nil; want an error", tc.in, m)
				return
			}
			if !strings.Contains(err.Error(), "move "+strconv.Quote(tc.in)) {
				t.Errorf("ParseMove(%q) error %q does not quote the input", tc.in, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseMove(%q) error %q does not contain %q", tc.in, err, tc.want)
			}
		})
	}
}

func TestMoveSameAs(t *testing.T) {
	m := board.Move{From: 3, To: 7, Lift: 2, Kind: board.Step, Rule: 1}
	tests := []struct {
		o    board.Move
		want bool
	}{
		{board.Move{From: 3, To: 7, Lift: 2, Kind: board.Step, Rule: 4}, true},
		{board.Move{From: 4, To: 7, Lift: 2, Kind: board.Step, Rule: 1}, false},
		{board.Move{From: 3, To: 8, Lift: 2, Kind: board.Step, Rule: 1}, false},
		{board.Move{From: 3, To: 7, Lift: 1, Kind: board.Step, Rule: 1}, false},
		{board.Move{From: 3, To: 7, Lift: 2, Kind: board.BearOff, Rule: 1}, false},
	}
	for _, tc := range tests {
		if got := m.SameAs(tc.o); got != tc.want {
			t.Errorf("%+v.SameAs(%+v) = %v, want %v", m, tc.o, got, tc.want)
		}
	}
}

// ---------------------------------------------------------------- square sets

func TestSquareSet(t *testing.T) {
	var s board.SquareSet
	if s.Len() != 0 || len(s.Squares(nil)) != 0 {
		t.Fatalf("zero SquareSet: Len %d, Squares %v; want empty", s.Len(), s.Squares(nil))
	}
	// Word boundaries first, then random operations against a map.
	ops := []struct {
		add bool
		sq  board.Square
	}{
		{true, 0}, {true, 63}, {true, 64}, {true, 127}, {true, 128}, {true, board.MaxSquares - 1},
		{true, 63}, {false, 64}, {false, 64}, {false, 5}, {true, 1},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 3000; i++ {
		ops = append(ops, struct {
			add bool
			sq  board.Square
		}{rng.IntN(3) > 0, board.Square(rng.IntN(board.MaxSquares))})
	}
	model := map[board.Square]bool{}
	for i, op := range ops {
		if op.add {
			s.Add(op.sq)
			model[op.sq] = true
		} else {
			s.Remove(op.sq)
			delete(model, op.sq)
		}
		if s.Has(op.sq) != op.add {
			t.Fatalf("op %d: after %v %d, Has = %v", i, map[bool]string{true: "Add", false: "Remove"}[op.add], op.sq, s.Has(op.sq))
		}
		if s.Len() != len(model) {
			t.Fatalf("op %d: Len = %d, want %d", i, s.Len(), len(model))
		}
		if i%100 == 0 || i < 20 {
			var want []board.Square
			for sq := board.Square(0); sq < board.MaxSquares; sq++ {
				if s.Has(sq) != model[sq] {
					t.Fatalf("op %d: Has(%d) = %v, want %v", i, sq, s.Has(sq), model[sq])
				}
				if model[sq] {
					want = append(want, sq)
				}
			}
			prefix := []board.Square{200, 201}
			got := s.Squares(prefix)
			if !slices.Equal(got[:2], prefix) || !slices.Equal(got[2:], want) {
				t.Fatalf("op %d: Squares([200 201]) = %v, want [200 201] then %v", i, got, want)
			}
		}
	}
}

func TestCaptureNotation(t *testing.T) {
	g, err := board.NewGrid(8, 8, func(f, r int) bool { return (f+r)%2 == 0 })
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"c3xe5", "c3xe5xg7", "a1xc3xe5xg7xe5xc3xa1"} {
		m, err := g.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if m.Kind != board.Capture || int(m.Jumps) != strings.Count(text, "x") {
			t.Errorf("%s parsed as %+v", text, m)
		}
		if got := g.MoveString(m); got != text {
			t.Errorf("%s prints back as %s", text, got)
		}
	}
	for _, bad := range []string{"c3x", "xe5", "c3xe5x", "c3xi9", "c3xb3"} {
		if _, err := g.ParseMove(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// DropBottom keeps the top of a stack: what a stack over a game's height
// limit keeps after losing pieces from its bottom.
func TestDropBottom(t *testing.T) {
	geo := mustGrid(t, 8, 8, isDark)
	for _, letters := range []string{"rb", "rbRB"} {
		b := mustBoard(t, geo, letters)
		cases := []struct {
			stack string
			n     int
			want  string
		}{
			{"rrbbr", 0, "rrbbr"},
			{"rrbbr", 1, "rbbr"},
			{"rbbrrbb", 2, "brrbb"},
			{"rbrbrbrbrb", 5, "brbrb"},
			{"br", 2, ""},
		}
		if letters == "rbRB" {
			cases = append(cases, struct {
				stack string
				n     int
				want  string
			}{"RbBrr", 3, "rr"})
		}
		for _, tc := range cases {
			s, err := b.ParseStack(tc.stack)
			if err != nil {
				t.Fatalf("ParseStack(%q): %v", tc.stack, err)
			}
			got := b.DropBottom(s, tc.n)
			if b.StackString(got) != tc.want || got.Height() != len(tc.want) {
				t.Errorf("%s: DropBottom(%s, %d) = %q (height %d), want %q", letters, tc.stack, tc.n, b.StackString(got), got.Height(), tc.want)
			}
			if tc.want == "" && got != 0 {
				t.Errorf("%s: DropBottom(%s, %d) = %#x, want the empty stack 0", letters, tc.stack, tc.n, uint64(got))
			}
		}
	}
}
