package draughts_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/draughts"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// The built-in draughts games (variants/NAME.yaml) against this package, at
// positions from random games played by the interpreter and at random
// set-ups with kings and capture chains (RandomPosition): the legal moves
// compared as sets of (origin, destination, position after), each with its
// number of routes, and the move texts.
//
// Every game of draughts.Variants that is built in is compared; russian and
// international must be. When a game of the table is not built in yet, the
// test says so in its log (go test -v), and compares it as soon as it is.

func TestDifferentialBuiltIns(t *testing.T) {
	builtIn := map[string]bool{}
	for _, n := range variants.Names() {
		builtIn[n] = true
	}
	var compared, missing []string
	for _, name := range draughts.VariantNames() {
		if builtIn[name] {
			compared = append(compared, name)
		} else {
			missing = append(missing, name)
		}
	}
	for _, must := range []string{"russian", "international"} {
		if !builtIn[must] {
			t.Errorf("%s is not built in", must)
		}
	}
	t.Logf("compared with the interpreter: %v; not built in yet: %v", compared, missing)
	for _, name := range compared {
		t.Run(name, func(t *testing.T) { differential(t, name) })
	}
}

type diffStats struct {
	positions, over, kings, captures, multi, routesMerged int
	deciding                                              map[draughts.Criterion]int
	barred                                                int
}

func differential(t *testing.T, name string) {
	g, err := interpreter.Open(name)
	if err != nil {
		t.Fatalf("open %s: %v", name, err)
	}
	rules, err := draughts.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	start := g.Start()
	if got, want := g.FormatPosition(&start), draughts.Start(&rules).String(); got != want {
		t.Fatalf("start position:\ninterpreter %s\nreference   %s", got, want)
	}
	playouts, setups := 1000, 1500
	if os.Getenv("STACKRULES_DEEP") == "1" {
		playouts, setups = 20000, 30000
	}
	rng := rand.New(rand.NewPCG(2026, 32))
	st := diffStats{deciding: map[draughts.Criterion]int{}}
	failures := 0
	check := func(p *board.Position) {
		if failures < 10 && !diffCompare(t, g, &rules, p, &st) {
			failures++
		}
	}
	for _, text := range sameLinePositions(&rules) {
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Fatalf("the interpreter cannot read %q: %v", text, err)
		}
		check(&p)
	}
	for n := 0; n < playouts; {
		p := g.Start()
		for ply := 0; ply < 150 && n < playouts; ply++ {
			check(&p)
			n++
			moves := g.LegalMoves(&p, nil)
			if len(moves) == 0 {
				break
			}
			g.Apply(&p, moves[rng.IntN(len(moves))])
		}
	}
	for i := 0; i < setups; i++ {
		text := draughts.RandomPosition(&rules, rng).String()
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Errorf("the interpreter cannot read the reference's %q: %v", text, err)
			failures++
			if failures >= 10 {
				break
			}
			continue
		}
		check(&p)
	}
	if failures >= 10 {
		t.Fatal("giving up after 10 disagreements")
	}
	t.Logf("%d positions (%d finished, %d with kings, %d with captures, %d with multi-jumps, %d with routes merged by Distinct); precedence deciding %v; king-move limit deciding %d",
		st.positions, st.over, st.kings, st.captures, st.multi, st.routesMerged, st.deciding, st.barred)
	if st.positions < 2000 || st.kings < 500 || st.captures < 500 || st.multi < 100 || st.over < 10 {
		t.Errorf("the positions do not exercise the rules: %+v", st)
	}
	for _, c := range rules.Precedence {
		if st.deciding[c] < 5 {
			t.Errorf("%v decided only %d positions", c, st.deciding[c])
		}
	}
	if rules.KingMoveLimit > 0 && st.barred < 10 {
		t.Errorf("the king-move limit decided only %d positions", st.barred)
	}
}

// sameLinePositions are positions where a flying king jumps a piece and then
// another further along the same line (issue 32: one move, not one per
// square between the two). Where jumped pieces leave at once, the second has
// the king land, between two pieces of one line, on a square it emptied
// earlier in the same capture (b5, on its way b1xb5xb8); the interpreter
// once listed b1xb5xb8 and b1xb6xb8 there as two moves. They are compared
// like every other position: moves with their number of routes, and texts.
func sameLinePositions(rules *draughts.Rules) []string {
	if !rules.FlyingKings || rules.LandDirectlyBehind {
		return nil
	}
	probes := []string{"b a1:B,b2:w,e5:w"} // a1xc3xf6, a1xc3xg7, a1xc3xh8 (and on: i9, j10 ...)
	switch {
	case rules.KingCaptures&draughts.Diagonal == 0:
		probes = []string{"b a1:B,b1:w,e1:w"} // along the first rank, all squares playing
	case !rules.A1Playing && !rules.AllSquares:
		probes = []string{"b h1:B,g2:w,d5:w"}
	}
	if rules.RemoveAtOnce && rules.AllSquares && rules.KingCaptures&draughts.Orthogonal == draughts.Orthogonal {
		probes = append(probes, "b c1:w,a3:B,a4:w,b4:w,b5:w,g6:w,b7:w,d7:w,e8:W")
	}
	return probes
}

// outcome is a move as an outcome: origin, destination and position after.
type outcome struct{ from, to, after string }

// endpoints are the first and last squares of a move text (c3-d4, c3xe5xg7).
func endpoints(text string) (string, string) {
	parts := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })
	if len(parts) == 0 {
		return text, text
	}
	return parts[0], parts[len(parts)-1]
}

// diffCompare compares the interpreter and the reference at p; it reports and
// returns false on a disagreement.
func diffCompare(t *testing.T, g *interpreter.Game, rules *draughts.Rules, p *board.Position, st *diffStats) bool {
	t.Helper()
	ps := g.FormatPosition(p)
	ref, err := draughts.Parse(rules, ps)
	if err != nil {
		t.Errorf("the reference cannot read %s: %v", ps, err)
		return false
	}
	if ref.String() != ps {
		t.Errorf("%s prints as %s in the reference", ps, ref)
		return false
	}
	st.positions++
	if strings.ContainsAny(ps[2:], "WB") {
		st.kings++
	}
	got := map[outcome]int{}
	var gotTexts []string
	for _, m := range g.LegalMoves(p, nil) {
		q := *p
		g.Apply(&q, m)
		text := g.MoveString(m)
		from, to := endpoints(text)
		got[outcome{from, to, g.FormatPosition(&q)}]++
		gotTexts = append(gotTexts, text)
	}
	want := map[outcome]int{}
	var wantTexts []string
	moves := ref.Moves()
	for _, m := range moves {
		want[outcome{rules.SquareName(m.From), rules.SquareName(m.To), ref.Apply(m).String()}]++
		wantTexts = append(wantTexts, m.Text)
	}
	if len(moves) == 0 {
		st.over++
	} else if moves[0].IsCapture() {
		st.captures++
		if slices.ContainsFunc(moves, func(m draughts.Move) bool { return len(m.Captured) > 1 }) {
			st.multi++
		}
		if len(draughts.Distinct(moves)) < len(moves) {
			st.routesMerged++
		}
	}
	for _, c := range ref.Deciding() {
		st.deciding[c]++
	}
	if rules.KingMoveLimit > 0 {
		free := ref.Clone()
		free.RunSquare, free.RunCount = [2]int{-1, -1}, [2]int{}
		if len(free.Moves()) != len(moves) {
			st.barred++
		}
	}
	if !maps(got, want) {
		t.Errorf("%s: moves as (from, to, after) x routes differ\ninterpreter %v\nreference   %v\nonly in the interpreter %v\nonly in the reference   %v",
			ps, gotTexts, wantTexts, diffKeys(got, want), diffKeys(want, got))
		return false
	}
	sort.Strings(gotTexts)
	sort.Strings(wantTexts)
	if !slices.Equal(gotTexts, wantTexts) {
		t.Errorf("%s: same moves, different texts\ninterpreter %v\nreference   %v", ps, gotTexts, wantTexts)
		return false
	}
	return true
}

func maps(a, b map[outcome]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// diffKeys lists the outcomes of a that b lacks or has a different number of
// routes to.
func diffKeys(a, b map[outcome]int) []string {
	var out []string
	for k, v := range a {
		if b[k] != v {
			out = append(out, fmt.Sprintf("%s-%s %q x%d", k.from, k.to, k.after, v))
		}
	}
	sort.Strings(out)
	return out
}
