package board_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// Columns taller than the word: a board with AllowTall reads, writes, hashes
// and changes them whole, against a model of columns as strings.
func TestTallColumns(t *testing.T) {
	all := func(f, r int) bool { return true }
	b := mustBoard(t, mustGrid(t, 4, 4, all), "rbRB")
	if b.Window() != 29 || b.MaxHeight() != 29 || b.TallLimit() != 58 {
		t.Fatalf("window %d, max height %d, tall limit %d; want 29, 29, 58", b.Window(), b.MaxHeight(), b.TallLimit())
	}
	tall := strings.Repeat("rB", 20) // 40 pieces
	if _, err := b.ParsePosition("r a1:" + tall); err == nil || !strings.Contains(err.Error(), "taller than the 29") {
		t.Fatalf("a 40-piece column without AllowTall: %v, want a \"taller than the 29\" error", err)
	}
	b.AllowTall()
	if b.MaxHeight() != 58 {
		t.Fatalf("max height %d with AllowTall, want 58", b.MaxHeight())
	}
	for _, tc := range []struct{ text, err string }{
		{"r a1:" + strings.Repeat("r", 59), "taller than the 58"},
		{"r a1:" + strings.Repeat("r", 30) + ",b2:" + strings.Repeat("b", 30), "a second stack taller than 29"},
		{"r a1:" + strings.Repeat("r", 40) + "x", "unknown piece letter"},
	} {
		if _, err := b.ParsePosition(tc.text); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParsePosition(%.20q...) = %v, want %q", tc.text, err, tc.err)
		}
	}

	// Columns that differ only below the word: different positions, with
	// different hashes (repetition keys compare both).
	p1, err1 := b.ParsePosition("r a1:r" + strings.Repeat("b", 39))
	p2, err2 := b.ParsePosition("r a1:R" + strings.Repeat("b", 39))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if p1 == p2 || p1.Hash == p2.Hash || p1.Cells != p2.Cells {
		t.Errorf("columns differing at the bottom only: equal %v, same hash %v, same words %v; want false, false, true", p1 == p2, p1.Hash == p2.Hash, p1.Cells == p2.Cells)
	}

	letters := "rbRB"
	rng := rand.New(rand.NewPCG(5, 6))
	random := func(n int) string {
		out := make([]byte, n)
		for i := range out {
			out[i] = letters[rng.IntN(4)]
		}
		return string(out)
	}
	for iter := 0; iter < 300; iter++ {
		// One column of 1..58 pieces on a1, a short one on d4.
		model := map[board.Square]string{0: random(1 + rng.IntN(58)), 15: random(1 + rng.IntN(10))}
		text := "r a1:" + model[0] + ",d4:" + model[15]
		p, err := b.ParsePosition(text)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		if got := b.FormatPosition(&p); got != text {
			t.Fatalf("FormatPosition(ParsePosition(%q)) = %q", text, got)
		}
		for i := 1; i <= len(model[0])+1; i++ {
			want := -1
			if i <= len(model[0]) {
				want = strings.IndexByte(letters, model[0][len(model[0])-i])
			}
			if got := b.PieceAt(&p, 0, i); got != want {
				t.Fatalf("%q: PieceAt(a1, %d) = %d, want %d", text, i, got, want)
			}
		}
		// Move k pieces from one column to the other, as Apply does, and
		// compare with the model and with a fresh parse (hash, counts).
		from, to := board.Square(0), board.Square(15)
		if rng.IntN(2) == 0 {
			from, to = to, from
		}
		src, dst := b.ColumnAt(&p, from), b.ColumnAt(&p, to)
		k := 1 + rng.IntN(src.N)
		sec := src.Lift(k)
		if rng.IntN(3) == 0 {
			dst.Bottomed(int(sec.Codes[0])) // and a prisoner under it
			sec.DropBottom(1)
			model[to] = model[from][len(model[from])-k:len(model[from])-k+1] + model[to]
			model[from] = model[from][:len(model[from])-k] + model[from][len(model[from])-k+1:]
			k--
		}
		dst.Push(&sec)
		model[to] += model[from][len(model[from])-k:]
		model[from] = model[from][:len(model[from])-k]
		if src.N+dst.N > 58 {
			continue
		}
		b.SetColumn(&p, from, &src)
		b.SetColumn(&p, to, &dst)
		var cells []string
		for _, sq := range []board.Square{0, 15} {
			if model[sq] != "" {
				cells = append(cells, b.SquareName(sq)+":"+model[sq])
			}
		}
		want := "r " + strings.Join(cells, ",")
		if got := b.FormatPosition(&p); got != want {
			t.Fatalf("after moving %d from %s: %q, want %q", k, b.SquareName(from), got, want)
		}
		fresh, err := b.ParsePosition(want)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", want, err)
		}
		if fresh != p {
			t.Fatalf("after moving %d from %s: the position kept by SetColumn differs from %q parsed afresh (hash, counts or Deep)", k, b.SquareName(from), want)
		}
	}
}
