package dvonn

import (
	"strings"
	"testing"
)

func TestSquares(t *testing.T) {
	sq := Squares()
	if len(sq) != 49 {
		t.Fatalf("%d squares", len(sq))
	}
	want := map[int]string{0: "a1", 8: "i1", 9: "a2", 18: "j2", 19: "a3", 29: "k3", 30: "b4", 39: "k4", 40: "c5", 48: "k5"}
	for i, name := range want {
		if sq[i] != name {
			t.Errorf("Squares()[%d] = %s, want %s", i, sq[i], name)
		}
	}
	sq[0] = "zz"
	if Squares()[0] != "a1" {
		t.Error("Squares() shares its slice")
	}
}

func TestRoundTrip(t *testing.T) {
	for _, s := range []string{
		"w - hand:w23,b23,d3",
		"b a1:d hand:w23,b23,d2",
		"w a1:d,b1:d,c1:d,d1:b hand:w23,b22,d0",
		"w a3:d,b3:b,c3:w,d3:b,e3:w,e4:b",
		"b c3:wd,e3:dbdw",
		"w e3:wdb,k5:bbbbbbbbbbbbbbbbbbbbbbwwwwwwwwwwwwwwwwwwwwwwdd",
		"w -",
		"b -",
	} {
		if got := mustParse(t, s).String(); got != s {
			t.Errorf("Parse(%q).String() = %q", s, got)
		}
	}
	// Accepted non-canonical forms.
	for in, want := range map[string]string{
		"w  b3:b,a3:d":                   "w a3:d,b3:b",
		"w a3:d,b3:b hand:w0,b0,d0":      "w a3:d,b3:b",
		"b - hand:w23,b23,d003":          "b - hand:w23,b23,d3",
		"w k5:d,a1:d hand:w23,b23,d1":    "w a1:d,k5:d hand:w23,b23,d1",
		"w a1:b,b1:w hand:w20,b20,d0":    "w a1:b,b1:w hand:w20,b20,d0",
		"b a1:b,b1:w,c1:d hand:w0,b1,d0": "b a1:b,b1:w,c1:d hand:w0,b1,d0",
	} {
		if got := mustParse(t, in).String(); got != want {
			t.Errorf("Parse(%q).String() = %q, want %q", in, got, want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	many := func(letter string, n int) string {
		var parts []string
		for _, sq := range Squares()[:n] {
			parts = append(parts, sq+":"+letter)
		}
		return strings.Join(parts, ",")
	}
	cases := []struct{ in, why string }{
		{"", "fields"},
		{"w", "fields"},
		{"w - hand:w1,b1,d1 x", "fields"},
		{"x -", `turn "x"`},
		{"W -", `turn "W"`},
		{"w a1w", `entry 1 "a1w": want square:stack`},
		{"w a1:w,z9:b", `entry 2 "z9:b": unknown square "z9"`},
		{"w a4:w", `unknown square "a4"`},
		{"w k1:w", `unknown square "k1"`},
		{"w A1:w", `unknown square "A1"`},
		{"w a1:", `entry 1 "a1:": empty stack`},
		{"w a1:w,,b1:b", `entry 2 "": want square:stack`},
		{"w a1:wxb", `bad stack letter 'x' at height 2`},
		{"w a1:W", `bad stack letter 'W' at height 1`},
		{"w a1:w,a1:b", `entry 2 "a1:b": square a1 given twice`},
		{"w - hand:w1,b2", "hand"},
		{"w - hand:b1,w2,d0", "hand"},
		{"w - hand:w-1,b0,d0", "hand"},
		{"w - hand:w+1,b0,d0", "hand"},
		{"w - hand:w,b0,d0", "hand"},
		{"w - hnd:w1,b0,d0", "hand"},
		{"w - hand:w24,b23,d3", "white pieces: 0 on the board + 24 in hand = 24, more than 23"},
		{"w a1:b hand:w23,b23,d3", "black pieces: 1 on the board + 23 in hand = 24, more than 23"},
		{"w a1:d hand:w23,b23,d3", "DVONN pieces: 1 on the board + 3 in hand = 4, more than 3"},
		{"w a1:d,b1:d,c1:d,d1:d", "DVONN pieces: 4 on the board"},
		{"w " + many("w", 24), "white pieces: 24 on the board"},
		{"w a1:ww hand:w1,b0,d0", "stack on a1 has height 2"},
		{"w - hand:w0,b1,d0", "white to move has nothing to place"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q) accepted; want an error about %s", c.in, c.why)
			continue
		}
		if !strings.Contains(err.Error(), c.why) {
			t.Errorf("Parse(%q) = %v; want it to mention %s", c.in, err, c.why)
		}
	}
}
