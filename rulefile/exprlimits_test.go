package rulefile

import (
	"strings"
	"testing"
)

func TestCheckExprLimits(t *testing.T) {
	deep := func(n int, open, close string) string {
		return strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
	}
	for _, c := range []struct {
		name string
		text string
		off  int // -1: within the limits
	}{
		{"an ordinary condition", "lifted == 1 || (bottom == opponent && to_top != me)", -1},
		{"brackets at the limit", deep(MaxExprDepth, "(", ")"), -1},
		{"one bracket more", deep(MaxExprDepth+1, "(", ")"), MaxExprDepth},
		{"499,000 brackets", deep(499000, "(", ")"), -2},
		{"square and curly brackets count too", deep(MaxExprDepth+1, "[", "]"), MaxExprDepth},
		{"brackets in a string do not count", `"` + strings.Repeat("(", 500) + `" == "x"`, -1},
		{"prefix operators", strings.Repeat("!", MaxExprDepth+1) + "true", MaxExprDepth},
		{"minus signs", strings.Repeat("- ", MaxExprDepth+1) + "1", 2 * MaxExprDepth},
		{"not", strings.Repeat("not ", MaxExprDepth+1) + "true", 4*MaxExprDepth + 3},
		{"a flat sum is not nesting", strings.Repeat("1 - ", 500) + "1", -1},
		{"conditionals", strings.Repeat("a ? b : ", MaxExprDepth+1) + "c", 8*MaxExprDepth + 2},
		{"too long", strings.Repeat("1+", MaxExprBytes) + "1", MaxExprBytes},
	} {
		err := CheckExprLimits(c.text)
		switch {
		case c.off == -1 && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.off == -2 && err == nil:
			t.Errorf("%s: accepted", c.name)
		case c.off >= 0 && (err == nil || err.Offset != c.off):
			t.Errorf("%s: %+v, want a limit at offset %d", c.name, err, c.off)
		}
	}
}
