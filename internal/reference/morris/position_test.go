package morris

import (
	"strings"
	"testing"
)

func TestStart(t *testing.T) {
	if got, want := Start().String(), "r - hand:r9,b9"; got != want {
		t.Errorf("Start() = %q, want %q", got, want)
	}
}

func TestParseStringRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// canonical forms print back unchanged
		{"r - hand:r9,b9", ""},
		{"r a1:r,d2:b hand:r7,b8", ""},
		{"b a1:r,d2:b hand:r0,b1", ""},
		{"b a1:r,d2:b hand:r1,b0", ""},
		{"r a1:r,d1:b,d2:r,a4:b,b4:b,e4:r,d7:b,g7:r", ""},
		{"b -", ""},
		{"r a1:r,d1:r,g1:r,b2:r,d2:r,f2:r,c3:r,d3:r,e3:r,a4:b,b4:b,c4:b,e4:b,f4:b,g4:b,c5:b,d5:b,e5:b", ""},
		// any cell order and hand order in, canonical order out
		{"r d2:b,a1:r hand:r7,b8", "r a1:r,d2:b hand:r7,b8"},
		{"r g7:b,a1:r,d1:b", "r a1:r,d1:b,g7:b"},
		{"b g7:b,d7:b,a7:b,f6:b,d6:b,b6:b,e5:b,d5:b,c5:b,g4:r,f4:r,e4:r,c4:r,b4:r,a4:r,e3:r,d3:r,c3:r",
			"b c3:r,d3:r,e3:r,a4:r,b4:r,c4:r,e4:r,f4:r,g4:r,c5:b,d5:b,e5:b,b6:b,d6:b,f6:b,a7:b,d7:b,g7:b"},
		{"b d2:b,a1:r hand:b1,r0", "b a1:r,d2:b hand:r0,b1"},
		{"r - hand:r0,b0", "r -"},
		{"r  a1:r   hand:r3,b9 ", "r a1:r hand:r3,b9"},
	} {
		want := tc.want
		if want == "" {
			want = tc.in
		}
		p, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got := p.String(); got != want {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, wantErr string }{
		{"", "fields"},
		{"r", "fields"},
		{"r - hand:r1,b1 extra", "fields"},
		{"x -", "unknown turn"},
		{"R -", "unknown turn"},
		{"rb -", "unknown turn"},
		{"r z9:r", "unknown point \"z9\""},
		{"r d4:r", "unknown point \"d4\""}, // the centre is not a point
		{"r a2:r", "unknown point \"a2\""}, // on the grid, not on a line
		{"r A1:r", "unknown point \"A1\""}, // names are lower case
		{"r a1:r,a1:b", "duplicate point a1"},
		{"r a1:r,d2:b,a1:r", "duplicate point a1"},
		{"r a1:rr", "taller than 1"},
		{"r a1:rb", "taller than 1"},
		{"r a1:x", "unknown piece letters"},
		{"r a1:R", "unknown piece letters"},
		{"r a1:r1", "unknown piece letters"},
		{"r a1:", "empty stack"},
		{"r a1", "want point:stack"},
		{"r a1:r,", "want point:stack"},
		{"r ,a1:r", "want point:stack"},
		{"r - hnd:r1,b1", "want hand:rN,bM"},
		{"r - r1,b1", "want hand:rN,bM"},
		{"r - hand:r1", "both counts"},
		{"r - hand:r1,b1,r1", "both counts"},
		{"r - hand:", "both counts"},
		{"r - hand:r1,r2", "r given twice"},
		{"r - hand:r1,", "empty count"},
		{"r - hand:x1,b2", "unknown player"},
		{"r - hand:r,b2", "not a number"},
		{"r - hand:r-1,b2", "not a number"},
		{"r - hand:r+1,b2", "not a number"},
		{"r - hand:r1,b2x", "not a number"},
		{"r - hand:r10,b0", "over 9"},
		{"r - hand:r0,b99999999999999999999", "over 9"},
		// a player owns nine pieces in all, on the board and in hand together
		{"r a1:r,d1:r,g1:r,b2:r,d2:r,f2:r,c3:r,d3:r,e3:r,a4:r", "r has 10 pieces"},
		{"r a1:b,d1:b hand:r0,b8", "b has 10 pieces"},
	} {
		p, err := Parse(tc.in)
		if err == nil {
			t.Errorf("Parse(%q) = %q, want an error containing %q", tc.in, p, tc.wantErr)
			continue
		}
		if !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("Parse(%q) error %q, want it to contain %q", tc.in, err, tc.wantErr)
		}
	}
}
