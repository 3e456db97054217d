package interpreter_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The interpreter, reading english-checkers.yaml and lasca.yaml, must agree
// with the reference generator in draughts_reference_test.go — written from
// the rule texts only (draughts-family.md, the checkers half of
// cowboy-checkers-and-checkers.txt, pinned.md), sharing no code — on the
// position string, the sorted move list, the position after every legal
// move, the result and perft(3), over positions reached by seeded random
// play. Half the games are played by a biased player that prefers the longest
// captures, crowning moves and advances, which reaches kings/officers, long
// multi-jumps and tall Lasca columns; the test counts them and fails if they
// were not met.
//
// perft(3) is compared at every position: the whole file runs in a few
// seconds. STACKRULES_DEEP=1 plays four times as many positions.

const (
	drDiffPositions = 3000 // per game, in the default run
	drMaxPlies      = 120  // per random game
	drMaxReports    = 5    // disagreements printed per game before giving up
	drSetups        = 2000 // random setups per game, in the default run
)

func drInterpMoves(g *interpreter.Game, p *board.Position) []string {
	var out []string
	for _, m := range g.LegalMoves(p, nil) {
		out = append(out, g.MoveString(m))
	}
	sort.Strings(out)
	return out
}

// drDiff lists the entries of a missing from b and of b missing from a,
// counting duplicates.
func drDiff(a, b []string) (onlyA, onlyB []string) {
	count := map[string]int{}
	for _, s := range a {
		count[s]++
	}
	for _, s := range b {
		count[s]--
	}
	for s, n := range count {
		for ; n > 0; n-- {
			onlyA = append(onlyA, s)
		}
		for ; n < 0; n++ {
			onlyB = append(onlyB, s)
		}
	}
	sort.Strings(onlyA)
	sort.Strings(onlyB)
	return onlyA, onlyB
}

// drScore ranks a move for the biased player: longest captures first, then
// moves that crown, then advances toward the far row.
func drScore(ref *refDraughts, move string) int {
	score := 100 * strings.Count(move, "x")
	after, err := ref.apply(move)
	if err != nil {
		return score
	}
	kings := func(p *refDraughts) int {
		n := 0
		for f := 0; f < p.size; f++ {
			for r := 0; r < p.size; r++ {
				if s := p.cells[f][r]; s != "" && drPromoted(s[len(s)-1]) {
					n++
				}
			}
		}
		return n
	}
	if kings(after) > kings(ref) {
		score += 50
	}
	// advance: the rank of the landing square against the rank of the
	// origin, in the mover's forward direction
	from := move[:strings.IndexAny(move, "-x")]
	to := move[strings.LastIndexAny(move, "-x")+1:]
	fr, tr := int(from[1]-'0'), int(to[1]-'0')
	score += (tr - fr) * ref.forward(ref.turn)
	return score
}

// drStats counts the features met, to show the positions exercise them.
type drStats struct {
	positions, over, kings, multiJumps, captures, tall, perfts int
}

func TestDraughtsDifferential(t *testing.T) {
	for _, name := range []string{"english-checkers", "lasca"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g, err := interpreter.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(2026, uint64(len(name))))
			var st drStats
			reports := 0
			report := func(format string, args ...any) {
				t.Helper()
				t.Errorf(format, args...)
				reports++
				if reports >= drMaxReports {
					t.Fatalf("%s: giving up after %d disagreements", name, reports)
				}
			}
			n := drDiffPositions
			if drDeep() {
				n *= 4
			}
			for game := 0; st.positions < n; game++ {
				p := g.Start()
				if game == 0 {
					if got, want := g.FormatPosition(&p), refDraughtsStart(name).String(); got != want {
						report("start position:\ninterpreter %q\nreference   %q", got, want)
					}
				}
				biased := game%2 == 1
				for ply := 0; ply <= drMaxPlies && st.positions < n; ply++ {
					ps := g.FormatPosition(&p)
					ref, err := refDraughtsParse(name, ps)
					if err != nil {
						t.Fatalf("reference cannot parse the interpreter's %q: %v", ps, err)
					}
					if ref.String() != ps {
						report("position %q prints as %q in the reference", ps, ref.String())
					}
					if q, err := g.ParsePosition(ps); err != nil || g.FormatPosition(&q) != ps {
						report("position %q does not round-trip through the interpreter: %v", ps, err)
					}
					st.positions++
					drCompareAt(g, &p, ref, ps, &st, report)

					got := g.LegalMoves(&p, nil)
					if len(got) == 0 {
						break
					}
					var pick board.Move
					if biased && rng.IntN(10) < 8 {
						best := -1 << 30
						var bests []board.Move
						for _, m := range got {
							s := drScore(ref, g.MoveString(m))
							switch {
							case s > best:
								best, bests = s, []board.Move{m}
							case s == best:
								bests = append(bests, m)
							}
						}
						pick = bests[rng.IntN(len(bests))]
					} else {
						pick = got[rng.IntN(len(got))]
					}
					g.Apply(&p, pick)
				}
			}
			t.Logf("%s: %d positions, %d finished, %d with a king/officer, %d captures of which %d multi-jumps, %d with a column of 3+, perft(3) at %d",
				name, st.positions, st.over, st.kings, st.captures, st.multiJumps, st.tall, st.perfts)
			if st.kings < 100 || st.multiJumps < 50 || st.over < 5 {
				t.Errorf("the random positions do not exercise kings/officers (%d), multi-jumps (%d) or finished games (%d)",
					st.kings, st.multiJumps, st.over)
			}
			if name == "lasca" && st.tall < 100 {
				t.Errorf("the random positions do not exercise columns of height 3+ (%d)", st.tall)
			}
		})
	}
}

// drCompareAt compares the interpreter and the reference at one position.
func drCompareAt(g *interpreter.Game, p *board.Position, ref *refDraughts, ps string, st *drStats, report func(string, ...any)) {
	got, want := drInterpMoves(g, p), ref.moves()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		onlyI, onlyR := drDiff(got, want)
		report("position %q:\ninterpreter moves %v\nreference moves   %v\nonly interpreter  %v\nonly reference    %v",
			ps, got, want, onlyI, onlyR)
	}

	o := g.Result(p)
	rOver, rWinner := ref.result()
	if o.Over != rOver || (o.Over && (o.Winner < 0 || g.Players[o.Winner].Code != rWinner)) {
		report("position %q: interpreter result %+v, reference over=%v winner=%q", ps, o, rOver, rWinner)
	}
	if rOver {
		st.over++
	}

	for _, m := range g.LegalMoves(p, nil) {
		ms := g.MoveString(m)
		q := *p
		g.Apply(&q, m)
		r2, err := ref.apply(ms)
		if err != nil {
			continue // already reported with the move lists
		}
		if gs := g.FormatPosition(&q); gs != r2.String() {
			report("position %q, move %s:\ninterpreter %q\nreference   %q", ps, ms, gs, r2.String())
		}
		if n := strings.Count(ms, "x"); n > 0 {
			st.captures++
			if n > 1 {
				st.multiJumps++
			}
		}
	}

	king, tall := false, false
	for f := 0; f < ref.size; f++ {
		for r := 0; r < ref.size; r++ {
			s := ref.cells[f][r]
			if strings.ContainsAny(s, "BW") {
				king = true
			}
			if len(s) >= 3 {
				tall = true
			}
		}
	}
	if king {
		st.kings++
	}
	if tall {
		st.tall++
	}

	st.perfts++
	if gp, rp := g.Perft(p, 3), refDraughtsPerft(ref, 3); gp != rp {
		report("position %q: perft(3) interpreter %d, reference %d", ps, gp, rp)
	}
}

// The positions worked out by hand for the reference (drHandCases in
// draughts_reference_test.go) must give the same answers in the interpreter.
func TestDraughtsInterpreterHandPositions(t *testing.T) {
	games := map[string]*interpreter.Game{}
	for _, c := range drHandCases {
		t.Run(c.game+"/"+c.clause, func(t *testing.T) {
			g := games[c.game]
			if g == nil {
				var err error
				if g, err = interpreter.Open(c.game); err != nil {
					t.Fatal(err)
				}
				games[c.game] = g
			}
			p, err := g.ParsePosition(c.pos)
			if err != nil {
				t.Fatalf("interpreter cannot parse %q: %v", c.pos, err)
			}
			if got := g.FormatPosition(&p); got != c.pos {
				t.Errorf("position %q prints as %q", c.pos, got)
			}
			if got := strings.Join(drInterpMoves(g, &p), " "); got != c.want {
				t.Errorf("position %q:\nmoves %q\nwant  %q", c.pos, got, c.want)
			}
			if c.move != "" {
				found := false
				for _, m := range g.LegalMoves(&p, nil) {
					if g.MoveString(m) != c.move {
						continue
					}
					found = true
					q := p
					g.Apply(&q, m)
					if got := g.FormatPosition(&q); got != c.after {
						t.Errorf("position %q, move %s:\nafter %q\nwant  %q", c.pos, c.move, got, c.after)
					}
				}
				if !found {
					t.Errorf("position %q: the interpreter has no move %s", c.pos, c.move)
				}
			}
			o := g.Result(&p)
			if o.Over != c.over || (o.Over && (o.Winner < 0 || g.Players[o.Winner].Code != c.winner)) {
				t.Errorf("position %q: result %+v, want over=%v winner=%q", c.pos, o, c.over, c.winner)
			}
		})
	}
}

// Start-position perft: the published English figures and the hand-counted
// Lasca ones, and agreement with the reference a few plies deeper.
func TestDraughtsInterpreterStartPerft(t *testing.T) {
	cases := []struct {
		game string
		want []int64
	}{
		{"english-checkers", []int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931}},
		{"lasca", []int64{6, 6}},
	}
	for _, c := range cases {
		g, err := interpreter.Open(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Start()
		for d := 1; d <= len(c.want); d++ {
			if d > 6 && !drDeep() {
				break
			}
			if got := g.Perft(&p, d); got != c.want[d-1] {
				t.Errorf("%s perft(%d) = %d, want %d", c.game, d, got, c.want[d-1])
			}
		}
		if c.game == "lasca" {
			ref := refDraughtsStart(c.game)
			for d := 3; d <= 6; d++ {
				if got, want := g.Perft(&p, d), refDraughtsPerft(ref, d); got != want {
					t.Errorf("lasca perft(%d): interpreter %d, reference %d", d, got, want)
				}
			}
		}
	}
}

// drRandomSetup places pieces at random: up to 12 (English) or 11 (Lasca) of
// each colour, some of them kings/officers, in Lasca piled into columns of
// mixed pieces. A plain piece never commands on its own crowning row, which
// play cannot reach (it is crowned on arrival, and a column on the edge
// cannot be jumped to free a prisoner there).
func drRandomSetup(rng *rand.Rand, game string) *refDraughts {
	p := refDraughtsStart(game)
	p.cells = [8][8]string{}
	if rng.IntN(2) == 1 {
		p.turn = p.other(p.turn)
	}
	var squares [][2]int
	for f := 0; f < p.size; f++ {
		for r := 0; r < p.size; r++ {
			if drDark(f, r) {
				squares = append(squares, [2]int{f, r})
			}
		}
	}
	rng.Shuffle(len(squares), func(i, j int) { squares[i], squares[j] = squares[j], squares[i] })
	max := 12
	if p.lasca() {
		max = 11
	}
	var pieces []byte
	for _, c := range []byte{p.first(), p.other(p.first())} {
		for i := 1 + rng.IntN(max); i > 0; i-- {
			if rng.IntN(10) < 3 {
				pieces = append(pieces, c-'a'+'A')
			} else {
				pieces = append(pieces, c)
			}
		}
	}
	rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	columns := len(pieces)
	if p.lasca() {
		columns = 1 + rng.IntN(len(pieces))
	}
	if columns > len(squares) {
		columns = len(squares)
	}
	for i, c := range pieces {
		k := i
		if k >= columns {
			k = rng.IntN(columns)
		}
		if !p.lasca() && k != i {
			continue // checkers pieces do not stack: drop the extras
		}
		sq := squares[k]
		p.cells[sq[0]][sq[1]] += string(c)
	}
	// a plain commander on its own crowning row becomes a king/officer
	for _, sq := range squares {
		s := p.cells[sq[0]][sq[1]]
		if s == "" {
			continue
		}
		c := s[len(s)-1]
		if !drPromoted(c) && sq[1] == p.farRank(drOwner(c)) {
			p.cells[sq[0]][sq[1]] = drPromote(s)
		}
	}
	return p
}

// Positions set up at random rather than reached by play: odd piles of
// prisoners, officers under soldiers, kings everywhere. Same comparisons.
func TestDraughtsDifferentialRandomSetups(t *testing.T) {
	for _, name := range []string{"english-checkers", "lasca"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g, err := interpreter.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1911, uint64(len(name))))
			var st drStats
			reports := 0
			report := func(format string, args ...any) {
				t.Helper()
				t.Errorf(format, args...)
				reports++
				if reports >= drMaxReports {
					t.Fatalf("%s: giving up after %d disagreements", name, reports)
				}
			}
			n := drSetups
			if drDeep() {
				n *= 4
			}
			for i := 0; i < n; i++ {
				ref := drRandomSetup(rng, name)
				ps := ref.String()
				p, err := g.ParsePosition(ps)
				if err != nil {
					report("interpreter cannot parse %q: %v", ps, err)
					continue
				}
				if got := g.FormatPosition(&p); got != ps {
					report("position %q prints as %q in the interpreter", ps, got)
				}
				st.positions++
				drCompareAt(g, &p, ref, ps, &st, report)
			}
			t.Logf("%s: %d positions, %d finished, %d with a king/officer, %d captures of which %d multi-jumps, %d with a column of 3+",
				name, st.positions, st.over, st.kings, st.captures, st.multiJumps, st.tall)
		})
	}
}
