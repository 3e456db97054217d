package interpreter_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Columns taller than a Stack word, checked on testdata/tall-columns.yaml (16
// + 16 pieces of two kinds, so one column may hold all 32 where a word holds
// 29) against tallRef, a brute-force generator of that file's rules written
// on strings, which knows nothing of words or the Deep store.

const tallFile = "testdata/tall-columns.yaml"

func loadTall(t testing.TB) *interpreter.Game {
	t.Helper()
	g, err := interpreter.Open(tallFile)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// tallRef is a position of the tall-columns game: each square's column as
// letters bottom to top (square = rank*8 + file), and the player to move.
type tallRef struct {
	cells [64]string
	turn  int
}

func tallOwner(l byte) int {
	if l == 'w' || l == 'W' {
		return 0
	}
	return 1
}

func parseTallRef(t testing.TB, text string) tallRef {
	var r tallRef
	f := strings.Fields(text)
	r.turn = tallOwner(f[0][0])
	if f[1] == "-" {
		return r
	}
	for _, cell := range strings.Split(f[1], ",") {
		name, col, ok := strings.Cut(cell, ":")
		if !ok || len(name) != 2 {
			t.Fatalf("bad cell %q in %q", cell, text)
		}
		r.cells[int(name[1]-'1')*8+int(name[0]-'a')] = col
	}
	return r
}

// String is the position string without count fields.
func (r tallRef) String() string {
	var cells []string
	for sq, col := range r.cells {
		if col != "" {
			cells = append(cells, string(rune('a'+sq%8))+string(rune('1'+sq/8))+":"+col)
		}
	}
	body := "-"
	if len(cells) > 0 {
		body = strings.Join(cells, ",")
	}
	return string("wb"[r.turn]) + " " + body
}

var (
	tallOrth = [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	tallDiag = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func tallStep(sq int, d [2]int) int {
	f, r := sq%8+d[0], sq/8+d[1]
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

// crown makes the top of col a king if it is a man of me arriving on me's
// farthest row.
func (r *tallRef) crown(col string, to int) string {
	far := 7
	if r.turn == 1 {
		far = 0
	}
	top := col[len(col)-1]
	if to/8 == far && (top == 'w' || top == 'b') {
		return col[:len(col)-1] + strings.ToUpper(string(top))
	}
	return col
}

// results are the positions after each legal move.
func (r tallRef) results() []string {
	var out []string
	for sq, col := range r.cells {
		if col != "" && tallOwner(col[len(col)-1]) == r.turn {
			cells := r.cells
			cells[sq] = ""
			var jumped [64]bool
			r.jump(cells, sq, col, jumped, 0, &out)
		}
	}
	if len(out) > 0 { // captures are mandatory
		return out
	}
	for sq, col := range r.cells {
		if col == "" || tallOwner(col[len(col)-1]) != r.turn {
			continue
		}
		h := len(col)
		for _, d := range tallOrth {
			to := tallStep(sq, d)
			if to < 0 {
				continue
			}
			for k := 1; k <= h; k++ {
				q := r
				q.cells[sq] = col[:h-k]
				q.cells[to] += r.crown(col[h-k:], to)
				q.turn ^= 1
				out = append(out, q.String())
			}
		}
		top := col[h-1]
		if (top == 'W' || top == 'B') && tallOwner(col[0]) == r.turn {
			for _, d := range tallDiag {
				if to := tallStep(sq, d); to >= 0 && r.cells[to] == "" {
					q := r
					q.cells[sq], q.cells[to] = "", col
					q.turn ^= 1
					out = append(out, q.String())
				}
			}
		}
	}
	return out
}

// jump extends a capture by the column sec standing on cur (off the board
// in cells) after n jumps.
func (r tallRef) jump(cells [64]string, cur int, sec string, jumped [64]bool, n int, out *[]string) {
	extended := false
	if tallOwner(sec[0]) == r.turn || len(sec) < 3 {
		for _, d := range tallOrth {
			over := tallStep(cur, d)
			if over < 0 || cells[over] == "" || jumped[over] || tallOwner(cells[over][len(cells[over])-1]) == r.turn {
				continue
			}
			land := tallStep(over, d)
			if land < 0 || cells[land] != "" {
				continue
			}
			extended = true
			c2, j2 := cells, jumped
			os := c2[over]
			c2[over] = os[:len(os)-1]
			j2[over] = true
			r.jump(c2, land, r.crown(os[len(os)-1:]+sec, land), j2, n+1, out)
		}
	}
	if !extended && n > 0 {
		q := tallRef{cells: cells, turn: r.turn ^ 1}
		q.cells[cur] = sec
		*out = append(*out, q.String())
	}
}

func (r tallRef) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, s := range r.results() {
		q := tallRef{}
		q = parseTallRefNoT(s)
		n += q.perft(depth - 1)
	}
	return n
}

func parseTallRefNoT(s string) tallRef {
	var t testing.T
	return parseTallRef(&t, s)
}

// tallStarts are positions with columns at and over the word's 29 pieces.
var tallStarts = []string{
	"w d4:" + strings.Repeat("Bw", 16),
	"w d4:" + strings.Repeat("b", 16) + strings.Repeat("w", 15) + ",d3:w",
	"w d4:w" + strings.Repeat("b", 15) + strings.Repeat("w", 15) + ",d5:b",
	"w d4:" + strings.Repeat("w", 15) + strings.Repeat("b", 16) + ",d3:w",
	"b d4:" + strings.Repeat("wB", 14) + ",e4:bwb,c3:W", // 28 + 3 + 1, black to move
	"w c4:" + strings.Repeat("wb", 8) + ",d4:" + strings.Repeat("bw", 8),
	"w g7:" + strings.Repeat("b", 16) + strings.Repeat("w", 15) + ",a1:w",
	// The prisoner taken at d5 is the 31-piece column's bottom at d6: it
	// may not jump e6 on.
	"w d4:w" + strings.Repeat("b", 14) + strings.Repeat("w", 15) + ",d5:b,e6:b",
}

// checkTallPosition compares the interpreter's moves at p with tallRef's,
// and checks that each position after them keeps its counts and hash and
// reads back from its string.
func checkTallPosition(t *testing.T, g *interpreter.Game, p *board.Position, buf []board.Move) []board.Move {
	t.Helper()
	b := g.Board
	text := g.FormatPosition(p)
	ref := parseTallRef(t, text)
	buf = g.LegalMoves(p, buf)
	var got []string
	for _, m := range buf {
		q := *p
		g.Apply(&q, m)
		qs := g.FormatPosition(&q)
		got = append(got, parseTallRef(t, qs).String())
		again := q
		again.Recount(b)
		if again != q {
			t.Fatalf("%s after %s: counts or hash kept by Apply differ from Recount's", text, g.MoveString(m))
		}
		back, err := g.ParsePosition(qs)
		if err != nil {
			t.Fatalf("%s after %s: %q does not read back: %v", text, g.MoveString(m), qs, err)
		}
		if back.Cells != q.Cells || back.Deep != q.Deep || g.FormatPosition(&back) != qs {
			t.Fatalf("%s after %s: %q reads back as %q", text, g.MoveString(m), qs, g.FormatPosition(&back))
		}
	}
	want := ref.results()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("at %s: the interpreter's %d moves lead to\n%s\nthe reference's %d to\n%s", text, len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
	}
	return buf
}

func TestTallColumnsAgainstReference(t *testing.T) {
	g := loadTall(t)
	if !g.Board.Tall() || g.Board.Window() != 29 || g.Board.MaxHeight() != 58 {
		t.Fatalf("tall %v, window %d, max height %d; want true, 29, 58", g.Board.Tall(), g.Board.Window(), g.Board.MaxHeight())
	}
	walks, plies := 12, 60
	if os.Getenv("STACKRULES_DEEP") != "" {
		walks, plies = 200, 150
	}
	rng := rand.New(rand.NewPCG(10, 32))
	var buf []board.Move
	tallest := 0
	for w := 0; w < walks; w++ {
		p := g.Start()
		if w%(len(tallStarts)+1) > 0 {
			var err error
			if p, err = g.ParsePosition(tallStarts[w%(len(tallStarts)+1)-1]); err != nil {
				t.Fatal(err)
			}
		}
		for ply := 0; ply < plies; ply++ {
			buf = checkTallPosition(t, g, &p, buf)
			if len(buf) == 0 {
				break
			}
			for sq := range p.Cells {
				tallest = max(tallest, p.Cells[sq].Height())
			}
			g.Apply(&p, buf[rng.IntN(len(buf))])
		}
	}
	if tallest <= 29 {
		t.Errorf("the walks never met a column taller than the word (tallest %d)", tallest)
	}
}

// TestTallColumnsPerft counts by hand at depth 1 and by tallRef below.
func TestTallColumnsPerft(t *testing.T) {
	g := loadTall(t)
	// A 32-piece column topped by a white man on d4, alone: 4 directions
	// times 32 lifts, no capture, no leap (a man).
	p, err := g.ParsePosition(tallStarts[0])
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Perft(&p, 1); n != 128 {
		t.Errorf("perft(1) of %s = %d, want 4 × 32 = 128", tallStarts[0], n)
	}
	depth := 3
	if os.Getenv("STACKRULES_DEEP") != "" {
		depth = 4
	}
	for _, text := range tallStarts {
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		ref := parseTallRef(t, text)
		for d := 1; d <= depth; d++ {
			if got, want := g.Perft(&p, d), ref.perft(d); got != want {
				t.Errorf("perft(%d) of %s = %d, the reference counts %d", d, text, got, want)
			}
		}
	}
}

func TestTallColumnsRuleTests(t *testing.T) {
	g := loadTall(t)
	results, diags := authoring.RunTests(g)
	if len(results) < 10 || len(diags) > 0 {
		t.Fatalf("%d tests, diagnostics %v", len(results), diags)
	}
}

// TestTallColumnsLimit: a game whose pieces could stack past the limit is
// refused at its setup, with the limit and why.
func TestTallColumnsLimit(t *testing.T) {
	data, err := os.ReadFile(tallFile)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "  width: 8\n  height: 8\n", "  width: 10\n  height: 10\n", 1)
	text = strings.Replace(text, "white: rows 1-2", "white: rows 1-3", 1)
	text = strings.Replace(text, "black: rows 7-8", "black: rows 8-10", 1)
	_, err = interpreter.Load("big.yaml", []byte(text))
	if err == nil {
		t.Fatal("a 30 + 30 game of stacking columns loaded; want the limit of 58 as an error")
	}
	line := 1 + strings.Count(text[:strings.Index(text, "  white: rows 1-3")], "\n")
	for _, want := range []string{"big.yaml:" + strconv.Itoa(line) + ":3", "60 pieces", "at most 58", "29 in one word", "2 players × 2 kinds of piece need 2 bits a piece", "one column at a time"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// TestTallColumnsInSetup: a setup position may hold a column taller than the
// word in a game whose rules can build one, and not otherwise.
func TestTallColumnsInSetup(t *testing.T) {
	data, err := os.ReadFile(tallFile)
	if err != nil {
		t.Fatal(err)
	}
	start := "w c3:w,d4:" + strings.Repeat("Bw", 15) + ",e5:b"
	text := strings.Replace(string(data), "  white: rows 1-2\n  black: rows 7-8\n", "  position: \""+start+"\"\n", 1)
	g, err := interpreter.Load("setup.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	if got := g.FormatPosition(&p); got != start {
		t.Errorf("start %q, want %q", got, start)
	}
	if g.Initial(0) != 16 || g.Initial(1) != 16 {
		t.Errorf("initial pieces %d and %d, want 16 and 16", g.Initial(0), g.Initial(1))
	}
	// Rules that never stack: no column grows, so a tall one cannot start.
	flat := strings.Replace(text, "    lift: any\n", "    lift: any\n    when: to_height == 0\n", 1)
	flat = strings.Replace(flat, "  take: top\n", "", 1)
	_, err = interpreter.Load("flat.yaml", []byte(flat))
	if err == nil || !strings.Contains(err.Error(), "the stack on d4 has 30 pieces, more than the 29") {
		t.Errorf("a 30-piece column in the setup of a game that cannot stack: %v, want an error naming it", err)
	}
}

// TestTallColumnsNotWithDice: the dice moves work on words, so a dice game
// whose stacks could outgrow one is refused. Backgammon's 30 checkers with
// two kinds (2 bits a piece, 29 a word) and a move rule that stacks.
func TestTallColumnsNotWithDice(t *testing.T) {
	data, err := os.ReadFile("../variants/backgammon.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "\nsetup:", "\nkinds: [man, king]\n\nsetup:", 1)
	text = strings.Replace(text, "\ndice_moves:", "\nmoves:\n  drop:\n    directions: any\n\ndice_moves:", 1)
	_, err = interpreter.Load("dice.yaml", []byte(text))
	if err == nil || !strings.Contains(err.Error(), "a game with dice holds at most 29 in a stack") {
		t.Errorf("a dice game whose 30 pieces could stack past the word: %v, want the dice limit", err)
	}
}

// TestBuiltinsKeepTheWordPath: no built-in game pays for the Deep store
// unless it has more pieces than a word holds and its rules can pile them
// up: those listed, which need it.
func TestBuiltinsKeepTheWordPath(t *testing.T) {
	needs := map[string]string{
		"tak-6":      "62 stones and capstones; a word holds 56 of two players' pieces with kinds on top",
		"tak-6-komi": "the same as tak-6",
		"dvonn":      "49 pieces of three letters; a word holds 29 pieces of 2 bits",
	}
	for _, name := range variants.Names() {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, need := needs[name]; g.Board.Tall() != need {
			t.Errorf("%s: columns taller than a word %v, want %v", name, g.Board.Tall(), need)
		}
	}
}

// BenchmarkTallColumns prices the column path: the tall-columns game with 16
// + 16 pieces (columns may outgrow the word, so Apply works on whole
// columns) against the same rules with 8 + 8 (they may not: the word path).
//
//	go test ./interpreter -run '^$' -bench TallColumns -benchmem
func BenchmarkTallColumns(b *testing.B) {
	data, err := os.ReadFile(tallFile)
	if err != nil {
		b.Fatal(err)
	}
	small := strings.Replace(strings.Replace(string(data), "white: rows 1-2", "white: row 1", 1), "black: rows 7-8", "black: row 8", 1)
	for _, tc := range []struct{ name, text string }{{"16+16", string(data)}, {"8+8", small}} {
		g, err := interpreter.Load(tc.name+".yaml", []byte(tc.text))
		if err != nil {
			b.Fatal(err)
		}
		ps, ms := benchPositions(b, g, 512)
		b.Run(tc.name+"/legal", func(b *testing.B) {
			b.ReportAllocs()
			legalMovesLoop(g, ps, b.N)
		})
		b.Run(tc.name+"/apply", func(b *testing.B) {
			b.ReportAllocs()
			applyLoop(g, ps, ms, b.N)
		})
	}
}
