package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Start-position perft of the draughts family against published tables.
// Rein Halbersma's engine dctl publishes two rows per game in its tests
// (github.com/rhalbersma/dctl, test/src/algo/traversal/initial/
// board_08x08.cpp, board_10x10.cpp and board_large.cpp): captures of the
// same pieces from the same start to the same end by different routes
// counted again ("keep duplicates", our perft) and counted once ("drop
// duplicates", perft --dedup). Their sources there: the "Standard
// validation generator moves" thread on shashki.com (Russian, Pool,
// Brazilian, International) and the FMJD forum threads "Perft for all
// recognized draughts variants" (damforum.nl t=2822: Czech, Spanish,
// Italian, Thai, Frisian) and "Perft on large boards" (t=4563: 12×12,
// dedup only). A nil row is not published.
var publishedPerft = []struct {
	game        string
	keep, dedup []int64
	// depths checked by default and with STACKRULES_DEEP=1
	quick, deep int
	// rewrite, when set, changes the rule file first: dctl plays Thai from
	// three rows of men each, not two.
	rewrite []string
}{
	{"russian",
		[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628},
		[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032},
		6, 10, nil},
	{"international",
		[]int64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614},
		[]int64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423},
		5, 9, nil},
	{"pool",
		[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615, 22442551},
		[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955},
		6, 10, nil},
	{"brazilian",
		[]int64{7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606},
		[]int64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022},
		6, 10, nil},
	{"canadian", nil,
		[]int64{11, 121, 1222, 10053, 79049, 584100, 4369366},
		4, 7, nil},
	{"czech",
		[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918},
		[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918},
		6, 10, nil},
	{"spanish",
		[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464},
		[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464},
		6, 10, nil},
	{"italian",
		[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384},
		[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384},
		6, 10, nil},
	{"frisian",
		[]int64{9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497},
		[]int64{9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069},
		5, 9, nil},
	{"thai",
		[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523},
		[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523},
		6, 10, []string{"white: rows 1-2", "white: rows 1-3", "black: rows 7-8", "black: rows 6-8"}},
}

func TestPublishedPerft(t *testing.T) {
	for _, c := range publishedPerft {
		t.Run(c.game, func(t *testing.T) {
			g := open(t, c.game)
			if c.rewrite != nil {
				src, _ := variants.Source(c.game)
				text := strings.NewReplacer(c.rewrite...).Replace(string(src))
				var err error
				if g, err = interpreter.Load(c.game+".yaml", []byte(text)); err != nil || text == string(src) {
					t.Fatalf("%s rewritten: %v", c.game, err)
				}
			}
			p := g.Start()
			depth := c.quick
			if testing.Short() {
				depth = min(depth, 5)
			}
			if deepTests() {
				depth = c.deep
			}
			for _, row := range []struct {
				want  []int64
				dedup bool
			}{{c.keep, false}, {c.dedup, true}} {
				for d := 1; d <= min(depth, len(row.want)); d++ {
					if got := g.PerftWith(&p, d, interpreter.PerftOptions{Dedup: row.dedup}); got != row.want[d-1] {
						t.Errorf("%s perft(%d) dedup=%v = %d, published %d", c.game, d, row.dedup, got, row.want[d-1])
					}
				}
			}
		})
	}
}
