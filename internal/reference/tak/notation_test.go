package tak

import (
	"strings"
	"testing"
)

func TestTPSRoundTrip(t *testing.T) {
	for _, s := range []string{
		"x3/x3/x3 1 1",
		"x4/x4/x4/x4 2 1",
		"x5/x5/x5/x5/x5 1 1",
		"x6/x6/x6/x6/x6/x6 1 1",
		"x7/x7/x7/x7/x7/x7/x7 1 1",
		"x8/x8/x8/x8/x8/x8/x8/x8 1 1",
		"2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42",
		"x,1,x/2S,x2/x,12S,x 2 17",
		"x2,2,x5/x8/x8/x8/x8/x8/x8/x7,1 1 2",
	} {
		p, err := ParseTPS(s)
		if err != nil {
			t.Fatalf("ParseTPS(%q): %v", s, err)
		}
		if got := p.TPS(); got != s {
			t.Errorf("TPS round trip %q -> %q", s, got)
		}
	}
}

func TestTPSCanonical(t *testing.T) {
	for in, want := range map[string]string{
		"x,x,x/x3/x3 1 1":           "x3/x3/x3 1 1",
		"x2,x/x,x2/x1,x1,x1 2 3":    "x3/x3/x3 2 3",
		"x,1,x1/x3/2,x,x 1 2":       "x,1,x/x3/2,x2 1 2",
		"x1,x4/x5/x5/x5/x3,x,1 2 1": "x5/x5/x5/x5/x4,1 2 1",
	} {
		p, err := ParseTPS(in)
		if err != nil {
			t.Fatalf("ParseTPS(%q): %v", in, err)
		}
		if got := p.TPS(); got != want {
			t.Errorf("ParseTPS(%q).TPS() = %q, want %q", in, got, want)
		}
	}
}

func TestTPSMalformed(t *testing.T) {
	for in, why := range map[string]string{
		"":                               "want 3 fields",
		"x3/x3/x3 1":                     "want 3 fields",
		"x3/x3/x3  1 1":                  "want 3 fields",
		"x3/x3/x3 1 1 ":                  "want 3 fields",
		"x3/x3 1 1":                      "2 rows",
		"x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1": "9 rows",
		"x3/x3/x3 3 1":                   "player to move",
		"x3/x3/x3 1 0":                   "move number",
		"x3/x3/x3 1 a":                   "move number",
		"x3/x3/x3 1 +2":                  "move number",
		"x3/x3/x3 0 1":                   "player to move",
		"x3/x4/x3 1 1":                   "row 2 (rank 2), cell 1",
		"x3/x2/x3 1 1":                   "row 2 (rank 2) has 2 squares",
		"x3/x3/x3,1 1 1":                 "row 3 (rank 1), cell 2",
		"x3/x3/x,3,x 1 1":                "row 3 (rank 1), cell 2 \"3\"",
		"x3/x3/x,S,x 1 1":                "cell 2 \"S\"",
		"x3/x3/x,1S2,x 1 1":              "cell 2 \"1S2\"",
		"x3/x3/x,1C,x 1 1":               "capstones",
		"x3/x3/x0,x3 1 1":                "cell 1 \"x0\"",
		"x3/x3/xa,x2 1 1":                "cell 1 \"xa\"",
		"x3/x3/x,,x 1 1":                 "cell 2 \"\": empty cell",
		"x3//x3 1 1":                     "row 2 (rank 2), cell 1",
		"x3/x3/11111111111,x2 1 1":       "11 stones",
		"x5/x5/x5/x5/1C,1C,x3 1 1":       "2 capstones",
		"x3/x3/x,1s,x 1 1":               "cell 2 \"1s\"",
	} {
		_, err := ParseTPS(in)
		if err == nil {
			t.Errorf("ParseTPS(%q) succeeded, want an error saying %q", in, why)
			continue
		}
		if !strings.Contains(err.Error(), why) {
			t.Errorf("ParseTPS(%q) error %q, want it to say %q", in, err, why)
		}
	}
}

func TestPTNVariants(t *testing.T) {
	for in, canon := range map[string]string{
		"Fb2":   "b2",
		"b2'":   "b2",
		"Sb2!?": "Sb2",
		"Cb2*":  "Cb2",
		"e5<?":  "e5<",
	} {
		p := mustTPS(t, "x4,1/x5/x5/x5/2,x4 1 2")
		if got := mustPlay(t, p, in).TPS(); got != mustPlay(t, p, canon).TPS() {
			t.Errorf("Play(%q) = %s, differs from %q", in, got, canon)
		}
	}
	p := mustTPS(t, "x5/x5/x5/x5/1121C,x2,2S,x 1 3")
	for in, canon := range map[string]string{
		"1a1>1":     "a1>",
		"a1>1":      "a1>",
		"1a1>":      "a1>",
		"2a1>2":     "2a1>",
		"3a1>111\"": "3a1>111",
		"4a1>211'!": "4a1>211",
		"4a1+4":     "4a1+",
		"4a1+1111":  "4a1+1111",
	} {
		m, err := parsePTN(in, p.n)
		if err != nil {
			t.Fatalf("parsePTN(%q): %v", in, err)
		}
		if got := m.ptn(p.n); got != canon {
			t.Errorf("parsePTN(%q) prints %q, want %q", in, got, canon)
		}
		a, b := mustPlay(t, p, in), mustPlay(t, p, canon)
		if a.TPS() != b.TPS() {
			t.Errorf("Play(%q) = %s, Play(%q) = %s", in, a.TPS(), canon, b.TPS())
		}
	}
	for _, m := range Moves(p) {
		pm, err := parsePTN(m.PTN, p.n)
		if err != nil || pm.ptn(p.n) != m.PTN {
			t.Errorf("PTN %q does not parse back to itself (%v)", m.PTN, err)
		}
	}
}

func TestPTNMalformed(t *testing.T) {
	p := mustTPS(t, "x3/x3/211,x2 1 3")
	for in, why := range map[string]string{
		"":        "no move",
		"'":       "no move",
		"a":       "want a square",
		"a0":      "want a square",
		"A1":      "want a square",
		"i1":      "want a square",
		"d1":      "off the 3×3 board",
		"a4":      "off the 3×3 board",
		"Xa1":     "want a square",
		"Sa1>":    "after a placement",
		"Fa1+":    "after a placement",
		"Sa":      "want a square",
		"2a1":     "needs a direction",
		"0a1>":    "carry count",
		"a1^":     "want a direction",
		"a1>>":    "drop counts",
		"a1>0":    "drop counts",
		"2a1>3":   "add up to 3",
		"3a1>21x": "drop counts",
		"a1>21":   "add up to 3 but 1",
		"a1'>":    "want a direction",
		" a1":     "want a square",
		"a1 ":     "want a direction",
	} {
		_, err := Play(p, in)
		if err == nil {
			t.Errorf("Play(%q) succeeded, want an error saying %q", in, why)
			continue
		}
		if !strings.Contains(err.Error(), "malformed") || !strings.Contains(err.Error(), why) {
			t.Errorf("Play(%q) error %q, want it malformed and saying %q", in, err, why)
		}
	}
}

func TestPlayAfterGameOver(t *testing.T) {
	p := mustTPS(t, "1,1,1/2,2,x/x3 2 3")
	wantIllegal(t, p, "c2", "game is over")
}
