package interpreter

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// The level optimisations (terms folded into tables, evaluated once per
// generation, per square, per lift) must never change a move list. This test
// writes random rule files whose conditions are random expressions over every
// name of the language, and compares the final move lists and results of the
// closure-compiled game with those of a reference game that evaluates each
// condition whole, with expr's VM, for every candidate move (Options.reference:
// no tables, no levels, no folded terms), at random positions.

// condGen writes random expressions over the names available in one scope.
type condGen struct {
	rng     *rand.Rand
	ints    []string // names with a number value
	calls   []string // names of a function of a player
	calls2  []string // names of a function of two numbers
	tests   []string // names of a truth value of one number
	flags   []string // names with a truth value
	consts  []string // player and kind names
	regions []string // region-valued expressions: names, region(p), edges
}

func newCondGen(rng *rand.Rand, sc scope, consts []string, regions ...string) *condGen {
	cg := &condGen{rng: rng, consts: consts, regions: regions}
	for n, d := range names {
		if d.scopes&sc == 0 {
			continue
		}
		switch {
		case d.call != nil:
			cg.calls = append(cg.calls, n)
		case d.call2 != nil:
			cg.calls2 = append(cg.calls2, n)
		case d.test != nil:
			cg.tests = append(cg.tests, n)
		case d.flag != nil:
			cg.flags = append(cg.flags, n)
		case n == "opponents": // only a count's argument, not a number
		default:
			cg.ints = append(cg.ints, n)
		}
	}
	// Map order is random: sort so that a seed gives the same file.
	sort.Strings(cg.ints)
	sort.Strings(cg.calls)
	sort.Strings(cg.calls2)
	sort.Strings(cg.tests)
	sort.Strings(cg.flags)
	return cg
}

// region is a random region-valued expression: a region, one called with a
// player, an edge, or reach of two.
func (cg *condGen) region(d int) string {
	r := cg.pick(cg.regions)
	if strings.HasSuffix(r, "(") {
		r += cg.player() + ")"
	}
	if d > 0 && cg.rng.IntN(4) == 0 {
		return "reach(" + r + ", " + cg.region(d-1) + ")"
	}
	return r
}

// square is a random square-valued expression.
func (cg *condGen) square() string {
	switch cg.rng.IntN(4) {
	case 0:
		return fmt.Sprint(cg.rng.IntN(40) - 2)
	case 1:
		return []string{"a1", "c3", "d4", "f6", "b2"}[cg.rng.IntN(5)]
	}
	for _, n := range []string{"from", "to", "square"} {
		if slices.Contains(cg.ints, n) && cg.rng.IntN(2) == 0 {
			return n
		}
	}
	return cg.intAtom()
}

func (cg *condGen) pick(s []string) string { return s[cg.rng.IntN(len(s))] }

func (cg *condGen) literal() string { return fmt.Sprint(cg.rng.IntN(12) - 2) }

func (cg *condGen) player() string {
	switch cg.rng.IntN(4) {
	case 0:
		return "me"
	case 1:
		return "opponent"
	case 2:
		return cg.consts[cg.rng.IntN(2)] // a player name
	}
	return cg.literal()
}

func (cg *condGen) intAtom() string {
	switch cg.rng.IntN(8) {
	case 6:
		if len(cg.regions) > 0 {
			switch cg.rng.IntN(5) {
			case 0:
				return "count(" + cg.region(1) + ")"
			case 1:
				return "pieces(" + cg.region(1) + ")"
			case 2:
				return "run_through(" + cg.square() + ", " + cg.region(1) + ", " + cg.player() + ")"
			case 3:
				return fmt.Sprintf("on_track(%s, %s, %d, %s)", cg.region(1), cg.player(), cg.rng.IntN(5), cg.literal())
			}
			return "neighbors(" + cg.square() + ", " + cg.region(1) + ")"
		}
		return cg.literal()
	case 7:
		if len(cg.calls2) > 0 {
			return cg.pick(cg.calls2) + "(" + cg.player() + ", " + fmt.Sprint(cg.rng.IntN(30)-2) + ")"
		}
		return cg.literal()
	case 0:
		return cg.literal()
	case 1:
		return cg.pick(cg.consts)
	case 2:
		if len(cg.calls) > 0 {
			c := cg.pick(cg.calls)
			if c == "piece" {
				return fmt.Sprintf("piece(%d)", cg.rng.IntN(5))
			}
			return fmt.Sprintf("%s(%s)", c, cg.player())
		}
	}
	return cg.pick(cg.ints)
}

func (cg *condGen) intExpr(d int) string {
	if d <= 0 || cg.rng.IntN(3) == 0 {
		return cg.intAtom()
	}
	a, b := cg.intExpr(d-1), cg.intExpr(d-1)
	switch cg.rng.IntN(12) {
	case 0, 1:
		return "(" + a + " + " + b + ")"
	case 2, 3:
		return "(" + a + " - " + b + ")"
	case 4:
		return "(" + a + " * " + b + ")"
	case 5:
		return "(" + a + " % " + b + ")"
	case 6:
		return "-(" + a + ")"
	case 7:
		return "abs(" + a + ")"
	case 8:
		return "min(" + a + ", " + b + ")"
	case 9:
		return "max(" + a + ", " + b + ")"
	case 10:
		return "(" + cg.boolExpr(d-1) + " ? " + a + " : " + b + ")"
	}
	if len(cg.calls) > 0 {
		return cg.pick(cg.calls) + "(" + a + ")"
	}
	return a
}

func (cg *condGen) boolExpr(d int) string {
	if d <= 0 || cg.rng.IntN(4) == 0 {
		return cg.comparison(0)
	}
	a, b := cg.boolExpr(d-1), cg.boolExpr(d-1)
	switch cg.rng.IntN(11) {
	case 0:
		return "(" + a + " && " + b + ")"
	case 1:
		return "(" + a + " || " + b + ")"
	case 2:
		return "(" + a + " and " + b + ")"
	case 3:
		return "(" + a + " or " + b + ")"
	case 4:
		return "!(" + a + ")"
	case 5:
		return "not (" + a + ")"
	case 6:
		return "(" + cg.boolExpr(d-1) + " ? " + a + " : " + b + ")"
	case 7:
		return "((" + a + ") == (" + b + "))"
	case 8:
		return "((" + a + ") != (" + b + "))"
	}
	return cg.comparison(d - 1)
}

func (cg *condGen) comparison(d int) string {
	switch cg.rng.IntN(10) {
	case 8:
		if len(cg.regions) > 0 {
			if cg.rng.IntN(2) == 0 {
				return "within(" + cg.square() + ", " + cg.region(1) + ")"
			}
			return "connects(" + cg.region(1) + ", " + cg.region(0) + ", " + cg.region(0) + ")"
		}
		return "true"
	case 9:
		if len(cg.tests) > 0 {
			return cg.pick(cg.tests) + "(" + cg.intAtom() + ")"
		}
		return "false"
	case 0:
		if len(cg.flags) > 0 {
			return cg.pick(cg.flags)
		}
		return []string{"true", "false"}[cg.rng.IntN(2)]
	case 1:
		lo := cg.rng.IntN(6) - 1
		return fmt.Sprintf("%s in %d..%d", cg.intExpr(d), lo, lo+cg.rng.IntN(4))
	case 2:
		return fmt.Sprintf("%s in [%s, %s, %s]", cg.intExpr(d), cg.intAtom(), cg.literal(), cg.intAtom())
	}
	ops := []string{"==", "!=", "<", "<=", ">", ">="}
	return cg.intExpr(d) + " " + ops[cg.rng.IntN(len(ops))] + " " + cg.intExpr(d)
}

// condition is a whole rule condition: one to four `&&` terms, sometimes
// with the shapes the generator specialises (kind == K, to_height == 0,
// lifted == K || ...).
func (cg *condGen) condition(sc scope) string {
	n := 1 + cg.rng.IntN(4)
	var terms []string
	for i := 0; i < n; i++ {
		t := cg.boolExpr(1 + cg.rng.IntN(3))
		switch r := cg.rng.IntN(10); {
		case r == 0 && len(cg.consts) > 2 && sc&(inMove|inCapture) != 0:
			t = "kind == " + cg.consts[2+cg.rng.IntN(2)]
		case r == 1 && sc == inMove:
			t = "to_height == 0"
		case r == 2 && sc&(inMove|inBearOff) != 0:
			t = fmt.Sprintf("(lifted == %d || %s)", 1+cg.rng.IntN(2), t)
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, " && ")
}

// randomRuleFile writes a rule file of one of several shapes of game, with
// random conditions, directions, lifts and distances.
func randomRuleFile(rng *rand.Rand, shape int) string {
	var sb strings.Builder
	players := []string{"red", "blue"}
	consts := append([]string{}, players...)
	dirs := []string{"n", "s", "e", "w", "ne", "nw", "se", "sw", "forward", "backward", "sideways", "orthogonal", "diagonal", "any"}
	if shape == 1 {
		consts = append(consts, "man", "king")
		dirs = []string{"ne", "nw", "se", "sw", "forward", "backward", "diagonal"}
	}
	twoDirs := func() string {
		a, b := rng.IntN(len(dirs)), rng.IntN(len(dirs)-1)
		if b >= a {
			b++
		}
		return dirs[a] + ", " + dirs[b]
	}
	quoted := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	switch shape {
	case 0:
		sb.WriteString("name: random stacks\nboard: {width: 6, height: 6, squares: all}\n")
		sb.WriteString("players:\n  red: {code: r, home: bottom}\n  blue: {code: b, home: top}\n")
		sb.WriteString("setup:\n  red: rows 1-2\n  blue: rows 5-6\n")
		// Conditions may read `streak`, which needs a count to read.
		sb.WriteString("streak: {when: \"lifted == 1\"}\n")
	default:
		sb.WriteString("name: random draughts\nboard: {width: 8, height: 8}\nkinds: [man, king]\n")
		sb.WriteString("players:\n  red: {code: r, home: bottom}\n  blue: {code: b, home: top}\n")
		sb.WriteString("setup:\n  red: rows 1-3\n  blue: rows 6-8\n")
		// Conditions may read `streak`, which needs a count to read.
		sb.WriteString("streak: {when: \"lifted == 1\"}\n")
	}
	// Regions: one for any player, one read for a player, and the edges.
	// occupied asks about the edges only, mine (read for a player) about
	// occupied too: no region is defined through itself.
	regions := []string{"occupied", "mine(", "north_edge", "south_edge", "edge"}
	edgeGen := newCondGen(rng, inRegion, consts, regions[2:]...)
	edgeGen.ints = slices.DeleteFunc(edgeGen.ints, func(n string) bool { return n == "player" })
	regionGen := newCondGen(rng, inRegion, consts, append([]string{"occupied"}, regions[2:]...)...)
	fmt.Fprintf(&sb, "regions:\n  occupied: %s\n  mine: %s\n", quoted(edgeGen.condition(inRegion)),
		quoted("top == player && ("+regionGen.condition(inRegion)+")"))
	moveGen := newCondGen(rng, inMove, consts, regions...)
	sb.WriteString("moves:\n")
	for i := 0; i < 1+rng.IntN(3); i++ {
		fmt.Fprintf(&sb, "  m%d:\n    directions: [%s]\n", i, twoDirs())
		if shape == 0 {
			fmt.Fprintf(&sb, "    lift: %s\n", []string{"1", "1-2", "2-3", "any", "all"}[rng.IntN(5)])
		} else if rng.IntN(3) == 0 {
			sb.WriteString("    lift: all\n")
		}
		if rng.IntN(3) == 0 {
			sb.WriteString("    distance: any\n")
		}
		fmt.Fprintf(&sb, "    when: %s\n", quoted(moveGen.condition(inMove)))
	}
	if shape == 0 {
		bearGen := newCondGen(rng, inBearOff, consts, regions...)
		fmt.Fprintf(&sb, "bear_off:\n  off:\n    when: %s\n", quoted(bearGen.condition(inBearOff)))
	} else {
		capGen := newCondGen(rng, inCapture, consts, regions...)
		sb.WriteString("captures:\n")
		for i := 0; i < 1+rng.IntN(2); i++ {
			fmt.Fprintf(&sb, "  c%d:\n    directions: [%s]\n", i, twoDirs())
			if rng.IntN(3) == 0 {
				sb.WriteString("    distance: any\n")
			}
			fmt.Fprintf(&sb, "    when: %s\n", quoted(capGen.condition(inCapture)))
		}
		fmt.Fprintf(&sb, "capture: {mandatory: %v, maximum: %v, removal: %s, take: %s}\n",
			rng.IntN(2) == 0, rng.IntN(2) == 0, []string{"end", "immediate"}[rng.IntN(2)], []string{"top", "stack"}[rng.IntN(2)])
		fmt.Fprintf(&sb, "promote: {when: to_row == farthest, mid_capture: %s}\n", []string{"stop", "continue", "skip"}[rng.IntN(3)])
	}
	endGen := newCondGen(rng, inEnd, consts, regions...)
	fmt.Fprintf(&sb, "end:\n  - win: checkers(opponent) == 0\n  - draw: %s\n", quoted(endGen.condition(inEnd)))
	fmt.Fprintf(&sb, "no_moves: %s\n", []string{"lose", "pass", "draw"}[rng.IntN(3)])
	evalGen := newCondGen(rng, inEval, consts, regions...)
	fmt.Fprintf(&sb, "evaluate: %s\n", quoted(evalGen.intExpr(3)))
	preferGen := newCondGen(rng, inPrefer, consts, regions...)
	fmt.Fprintf(&sb, "playout:\n  prefer: %s\n", quoted(preferGen.condition(inPrefer)))
	return sb.String()
}

// randomPosition puts random stacks on a random third of the squares.
func randomPosition(rng *rand.Rand, g *Game) board.Position {
	b := g.Board
	var p board.Position
	kinds := 1
	maxH := 5
	if len(g.Kinds) > 0 {
		kinds, maxH = 2, 3
	}
	for sq := 0; sq < b.NumSquares(); sq++ {
		if rng.IntN(3) != 0 {
			continue
		}
		h := 1 + rng.IntN(maxH)
		if rng.IntN(2) == 0 {
			h = 1
		}
		var s board.Stack
		for i := 0; i < h; i++ {
			s = b.Push(s, b.Single(rng.IntN(len(g.Players))+len(g.Players)*rng.IntN(kinds)))
		}
		p.Cells[sq] = s
	}
	p.ToMove = uint8(rng.IntN(len(g.Players)))
	for i := range g.Players {
		p.Off[i] = int16(rng.IntN(3))
	}
	p.Recount(b)
	return p
}

// movesAndResult is the sorted move list (with the rules that make the
// moves) and the result at p, or the runtime error met.
func movesAndResult(g *Game, p *board.Position) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	out = moveTexts(g, p) + fmt.Sprintf(" %+v", g.Result(p))
	// The AI's view: evaluate for each player, prefer for each move.
	a := g.newSearchGame(&searchFailure{})
	sp := SearchPosition{Position: *p}
	values := make([]float64, len(g.Players))
	if a.Evaluate(&sp, values) {
		out += fmt.Sprintf(" evaluate %.6f", values)
	}
	if pg, ok := a.withPolicy().(policyGame); ok {
		for _, m := range g.LegalMoves(p, nil) {
			if pg.Prefer(&sp, m) {
				out += " prefer " + g.MoveString(m)
			}
		}
	}
	if e := a.failure.err.Load(); e != nil {
		return "", e
	}
	return out, nil
}

func TestRandomConditionsAgreeWithReference(t *testing.T) {
	files, positions := 160, 25
	if os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() {
		files = 6000
	}
	rng := rand.New(rand.NewPCG(2026, 10))
	loaded, compared, withMoves, errored := 0, 0, 0, 0
	for f := 0; f < files; f++ {
		src := randomRuleFile(rng, f%2)
		fast, ferr := Load("random.yaml", []byte(src))
		ref, rerr := Load("random.yaml", []byte(src), Options{VMOnly: true, reference: true})
		if ferr != nil || rerr != nil {
			// Both refuse a file the checker refuses; a static term that
			// fails when folded fails only where folding happens.
			if (ferr == nil) != (rerr == nil) && !strings.Contains(fmt.Sprint(ferr, rerr), "runtime") {
				t.Fatalf("one game loads and the other does not:\n%s\nclosures: %v\nreference: %v", src, ferr, rerr)
			}
			continue
		}
		loaded++
		for i := 0; i < positions; i++ {
			p := randomPosition(rng, fast)
			for ply := 0; ply < 3; ply++ {
				fo, fe := movesAndResult(fast, &p)
				ro, re := movesAndResult(ref, &p)
				if fe != nil || re != nil {
					// Terms evaluated at different places may meet a
					// division by zero the other order never reaches.
					errored++
					break
				}
				compared++
				if fo != ro {
					t.Fatalf("position %s:\nclosures:  %s\nreference: %s\nrule file:\n%s", fast.FormatPosition(&p), fo, ro, src)
				}
				moves := ref.LegalMoves(&p, nil)
				if len(moves) == 0 {
					break
				}
				withMoves++
				ref.Apply(&p, moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("%d of %d random rule files loaded; %d positions compared, %d with moves, %d stopped by a runtime error",
		loaded, files, compared, withMoves, errored)
	if loaded < files/2 || withMoves < compared/10 {
		t.Errorf("the random files test too little: %d loaded, %d positions with moves of %d", loaded, withMoves, compared)
	}
}
