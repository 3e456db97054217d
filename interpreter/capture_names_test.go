package interpreter

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/variants"
)

// In a capture rule's condition the names of the square moved from describe
// the capturing stack before each jump (docs/rule-language.md): lifted is the
// whole stack, bottom its bottom piece's owner, row the row it jumps from.
func TestCaptureConditionNames(t *testing.T) {
	data, _ := variants.Source("english-checkers")
	text := strings.Replace(string(data), "  man-jump:\n    directions: forward\n    when: kind == man\n",
		"  man-jump:\n    directions: forward\n    when: kind == man && row <= 3 && lifted == height && bottom == me && top == me && piece(1) == me && height == 1\n", 1)
	if text == string(data) {
		t.Fatal("english-checkers.yaml changed: the man-jump rule is not where the test expects it")
	}
	g, err := Load("ec.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ pos, want string }{
		// From row 3 the man jumps; it cannot go on from e5 (row 5).
		{"b c3:b,d4:w,f6:w,h8:w", "[c3xe5/man-jump]"},
		// From row 5 it does not jump, so it steps.
		{"b c5:b,d6:w,h8:w", "[c5-b6/man-step]"},
	} {
		p, err := g.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := moveTexts(g, &p); got != tc.want {
			t.Errorf("%s: moves %s, want %s", tc.pos, got, tc.want)
		}
	}
}
