package board_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

func handBoard(t *testing.T) *board.Board {
	b := mustBoard(t, mustGrid(t, 8, 8, isDark), "rb")
	b.UseCounts(board.HandField)
	return b
}

func TestCountFieldRoundTrip(t *testing.T) {
	b := handBoard(t)
	for _, tc := range []struct{ in, want string }{
		{"r a1:r,c3:b hand:r7,b8", "r a1:r,c3:b hand:r7,b8"},
		{"b c3:b,a1:r hand:b1,r0", "b a1:r,c3:b hand:r0,b1"}, // players in any order, written in turn order
		{"r - hand:r9,b9", "r - hand:r9,b9"},
		{"r a1:r hand:r0,b0", "r a1:r"}, // all zero: the field is left out
		{"r a1:r", "r a1:r"},
	} {
		p, err := b.ParsePosition(tc.in)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", tc.in, err)
		}
		if got := b.FormatPosition(&p); got != tc.want {
			t.Errorf("FormatPosition(ParsePosition(%q)) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCountFieldInHash(t *testing.T) {
	b := handBoard(t)
	p, _ := b.ParsePosition("r a1:r hand:r7,b8")
	q, _ := b.ParsePosition("r a1:r hand:r8,b7")
	if p.Hash == q.Hash {
		t.Errorf("positions differing only in hands hash the same")
	}
	// SetHand keeps the hash as Recount computes it.
	p.SetHand(0, 8)
	p.SetHand(1, 7)
	if p.Hash != q.Hash || p != q {
		t.Errorf("after SetHand: hash %x, want %x", p.Hash, q.Hash)
	}
	z, _ := b.ParsePosition("r a1:r")
	plain, _ := mustBoard(t, mustGrid(t, 8, 8, isDark), "rb").ParsePosition("r a1:r")
	if z.Hash != plain.Hash {
		t.Errorf("empty hands change the hash: games without hands must hash as before")
	}
}

func TestCountFieldErrors(t *testing.T) {
	b := handBoard(t)
	for _, tc := range []struct {
		in   string
		at   int
		want string
	}{
		{"r a1:r hand:r7", 7, "no count for player b"},
		{"r a1:r hand:r7,b8 hand:r1,b1", 18, `"hand" is given twice`},
		{"r a1:r off:r1,b2", 7, `"off:r1,b2" is not a count field of this game (want hand:r0,b0)`},
		{"r a1:r hand:x7,b8", 12, `unknown player "x"`},
		{"r a1:r hand:r7,r8", 15, "player r is given twice"},
		{"r a1:r hand:r-1,b8", 13, `"-1" is not a count`},
		{"r a1:r hand:rx,b8", 13, `"x" is not a count`},
		{"r a1:r hand:r", 12, "not a player letter and a count"},
		{"r a1:r hand", 7, "not a count field"},
	} {
		_, err := b.ParsePosition(tc.in)
		pe, ok := err.(*board.PositionError)
		if !ok {
			t.Errorf("ParsePosition(%q) = %v, want a PositionError", tc.in, err)
			continue
		}
		if !strings.Contains(pe.Msg, tc.want) || pe.Offset != tc.at {
			t.Errorf("ParsePosition(%q): %q at %d, want %q at %d", tc.in, pe.Msg, pe.Offset, tc.want, tc.at)
		}
	}
	// A board without count fields rejects them, saying so.
	plain := mustBoard(t, mustGrid(t, 8, 8, isDark), "rb")
	if _, err := plain.ParsePosition("r a1:r hand:r1,b1"); err == nil || !strings.Contains(err.Error(), "it has none") {
		t.Errorf("board without count fields: %v", err)
	}
}
