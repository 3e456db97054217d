package interpreter_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/backgammon"
	"github.com/stackrules/stackrules/interpreter"
)

// Backgammon from variants/backgammon.yaml against the pinned tables and
// against the independent generator in internal/reference/backgammon
// (written from the pinned page, sharing no code with the interpreter).

// bgStart is the starting layout with white to roll and no roll yet
// (XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10), not the opening roll.
const bgStart = "w m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb"

func TestBackgammonPerftRolls(t *testing.T) {
	g := open(t, "backgammon")
	rolls := strings.Fields("21 31 41 51 61 32 42 52 62 43 53 63 54 64 65 11 22 33 44 55 66")
	want := []int64{15, 16, 14, 8, 10, 17, 18, 8, 14, 17, 9, 14, 9, 14, 7, 42, 75, 73, 52, 4, 11}
	for i, r := range rolls {
		p, err := g.ParsePosition(bgStart + " roll:" + r)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Perft(&p, 1); got != want[i] {
			t.Errorf("perft(1) with roll %s = %d, want %d", r, got, want[i])
		}
	}
}

func TestBackgammonPerft(t *testing.T) {
	g := open(t, "backgammon")
	p, err := g.ParsePosition(bgStart)
	if err != nil {
		t.Fatal(err)
	}
	if !g.IsChance(&p) {
		t.Fatal("the start without a roll is not a chance node")
	}
	want := []int64{447, 202782}
	if os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() {
		want = append(want, 116154993)
	}
	for d, w := range want {
		if got := g.Perft(&p, d+1); got != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, w)
		}
	}
}

// bgKey names a position of the interpreter's by what the reference sees:
// each player's checkers on its own points 1..24, its bar and off, and the
// player to move.
func bgKey(g *interpreter.Game, p *board.Position) string {
	var sb strings.Builder
	for pl := 0; pl < 2; pl++ {
		tr := g.Track(pl)
		fmt.Fprintf(&sb, "%d:", p.Off[pl])
		for pt := 1; pt <= 25; pt++ { // 25 is the bar: step 0
			s := p.Cells[tr[25-pt]]
			n := 0
			if s != 0 && g.Board.TopOwner(s) == pl {
				n = s.Height()
			}
			fmt.Fprintf(&sb, "%d,", n)
		}
		sb.WriteByte(' ')
	}
	fmt.Fprintf(&sb, "%d", p.ToMove)
	return sb.String()
}

func refKey(p *backgammon.Position) string {
	var sb strings.Builder
	for pl := 0; pl < 2; pl++ {
		fmt.Fprintf(&sb, "%d:", p.Checkers(pl, 0))
		for pt := 1; pt <= 25; pt++ {
			fmt.Fprintf(&sb, "%d,", p.Checkers(pl, pt))
		}
		sb.WriteByte(' ')
	}
	fmt.Fprintf(&sb, "%d", p.ToMove())
	return sb.String()
}

// noLargerRule is backgammon.yaml with `use: most` only: where it has more
// plays than the real rules, the larger-die rule decided.
func noLargerRule(t *testing.T) *interpreter.Game {
	src, err := os.ReadFile("../variants/backgammon.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "use: most larger", "use: most", 1)
	if text == string(src) {
		t.Fatal("backgammon.yaml has no `use: most larger` line")
	}
	g, err := interpreter.Load("backgammon-without-larger.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBackgammonDifferential(t *testing.T) {
	g := open(t, "backgammon")
	loose := noLargerRule(t)
	rng := rand.New(rand.NewPCG(13, 21))
	var met struct{ bar, blocked, hit, higher, oneDie, larger, pass, gammon, wins int }
	textDiffs := 0
	positions := 0
	target := 3000
	if os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() {
		target = 30000
	}
	var buf []board.Move
	for positions < target {
		ref := backgammon.Start()
		p, err := g.ParsePosition(bgStart)
		if err != nil {
			t.Fatal(err)
		}
		for {
			if w, pts := ref.Winner(); w >= 0 {
				o := g.Result(&p)
				if !o.Over || o.Winner != w || o.Points != pts {
					t.Fatalf("%s: reference: player %d wins %d points; interpreter: %+v", refKey(ref), w, pts, o)
				}
				met.wins++
				if pts > 1 {
					met.gammon++
				}
				break
			}
			if o := g.Result(&p); o.Over {
				t.Fatalf("%s: interpreter ends the game (%+v), the reference does not", refKey(ref), o)
			}
			d1, d2 := rng.IntN(6)+1, rng.IntN(6)+1
			refRolled := ref.WithRoll(d1, d2)
			g.Apply(&p, g.RollMove(&p, d1, d2))
			positions++

			plays := refRolled.Plays()
			want := map[string]string{}
			for _, pl := range plays {
				want[refKey(pl.After)] = pl.Text
			}
			buf = g.LegalMoves(&p, buf)
			got := map[string]board.Move{}
			for _, m := range buf {
				q := p
				g.Apply(&q, m)
				k := bgKey(g, &q)
				if _, dup := got[k]; dup {
					t.Fatalf("%s roll %d%d: two plays reach one position: %s", refKey(refRolled), d1, d2, g.MoveString(m))
				}
				got[k] = m
			}
			for k, text := range want {
				m, ok := got[k]
				if !ok {
					t.Fatalf("%s roll %d%d: the interpreter lacks the play %s (%s); has %v", refKey(refRolled), d1, d2, text, k, got)
				}
				if g.MoveString(m) != text {
					textDiffs++
					if textDiffs <= 5 {
						t.Errorf("%s roll %d%d: play written %q, GNU Backgammon writes %q", refKey(refRolled), d1, d2, g.MoveString(m), text)
					}
				}
				back, err := g.ParseMove(&p, text)
				if err != nil || back != m {
					t.Fatalf("%s roll %d%d: %q reads back as %v, %v", refKey(refRolled), d1, d2, text, back, err)
				}
			}
			for k, m := range got {
				if _, ok := want[k]; !ok {
					t.Fatalf("%s roll %d%d: the interpreter has the extra play %s", refKey(refRolled), d1, d2, g.MoveString(m))
				}
			}

			// What the position shows.
			me, opp := refRolled.ToMove(), 1-refRolled.ToMove()
			if refRolled.Checkers(me, 25) > 0 {
				met.bar++
				if refRolled.Checkers(opp, d1) >= 2 || refRolled.Checkers(opp, d2) >= 2 {
					met.blocked++
				}
			}
			hit, off := false, false
			for _, pl := range plays {
				hit = hit || strings.Contains(pl.Text, "*")
				off = off || strings.Contains(pl.Text, "off")
			}
			if hit {
				met.hit++
			}
			high := 0
			home := refRolled.Checkers(me, 25) == 0
			for pt := 1; pt <= 24; pt++ {
				if refRolled.Checkers(me, pt) > 0 {
					high = pt
				}
			}
			home = home && high <= 6
			if home && off && max(d1, d2) > high {
				met.higher++
			}
			if len(plays) == 1 && plays[0].Text == "pass" {
				met.pass++
			}
			if d1 != d2 && len(buf) > 0 && buf[0].Kind == board.Play && buf[0].Jumps == 1 {
				met.oneDie++
				q := p
				if n := len(loose.LegalMoves(&q, nil)); n > len(buf) {
					met.larger++
				}
			}

			keys := make([]string, 0, len(want))
			for k := range want {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			k := keys[rng.IntN(len(keys))]
			for _, pl := range plays {
				if refKey(pl.After) == k {
					ref = pl.After
				}
			}
			g.Apply(&p, got[k])
		}
	}
	t.Logf("%d positions; met: %+v; plays written otherwise than GNU Backgammon: %d", positions, met, textDiffs)
	for name, n := range map[string]int{"entering from the bar": met.bar, "a blocked entry": met.blocked, "a hit": met.hit,
		"bearing off with a higher number": met.higher, "only one die playable": met.oneDie, "the larger die required": met.larger,
		"a pass": met.pass, "a gammon or backgammon": met.gammon} {
		if n == 0 {
			t.Errorf("no position met %s", name)
		}
	}
}

func TestBackgammonPoints(t *testing.T) {
	g := open(t, "backgammon")
	for _, c := range []struct {
		pos  string
		want int
	}{
		{"w m1:w,h2:bbbbbbbbbbbbbb roll:21", 1},      // black has borne off one
		{"w m1:w,h2:bbbbbbbbbbbbbbb roll:21", 2},     // a gammon
		{"w m1:w,k1:b,h2:bbbbbbbbbbbbbb roll:21", 3}, // a backgammon: a checker in white's home board
		{"w m1:w,g2:b,h2:bbbbbbbbbbbbbb roll:21", 3}, // ... or on the bar
		{"b m2:b,h1:wwwwwwwwwwwwwww roll:21", 2},     // black wins a gammon, in its own numbering
		{"b m2:b,f2:w,h1:wwwwwwwwwwwwww roll:21", 2}, // white's checker is outside black's home board: a gammon, not a backgammon
	} {
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.ParseMove(&p, "1/off")
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		g.Apply(&p, m)
		o := g.Result(&p)
		if !o.Over || o.Winner != int(m.Lift) || o.Points != c.want {
			t.Errorf("%s, 1/off: %+v, want a win of %d", c.pos, o, c.want)
		}
	}
	if g.MaxPoints() != 3 {
		t.Errorf("MaxPoints() = %d, want 3", g.MaxPoints())
	}
}

// A variant where two checkers are not a block is one line of the rule file.
func TestBackgammonTwoCheckersNoBlock(t *testing.T) {
	src, err := os.ReadFile("../variants/backgammon.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "to_height < 2", "to_height < 3", 1)
	if text == string(src) {
		t.Fatal("backgammon.yaml has no `to_height < 2`")
	}
	loose, err := interpreter.Load("backgammon-three-block.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	g := open(t, "backgammon")
	pos := "w a2:w,c1:bb,h2:bbbbbbbbbbbbb roll:31" // black holds white's 10-point with two
	for _, c := range []struct {
		g     *interpreter.Game
		legal bool
	}{{g, false}, {loose, true}} {
		p, err := c.g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := c.g.ParseMove(&p, "13/10*/9")
		if (err == nil) != c.legal {
			t.Fatalf("%s: 13/10*/9 legal = %v, want %v", c.g.File, err == nil, c.legal)
		}
		if c.legal {
			c.g.Apply(&p, m)
			if got, want := c.g.FormatPosition(&p), "b d1:w,g2:bb,h2:bbbbbbbbbbbbb"; got != want {
				t.Errorf("after 13/10*/9: %s, want %s (both black checkers on the bar)", got, want)
			}
		}
	}
}

// The AI adapter of a dice game is an ai.Chance.
func TestBackgammonAIChance(t *testing.T) {
	g := open(t, "backgammon")
	a, ok := g.AI().(ai.Chance[interpreter.SearchPosition])
	if !ok {
		t.Fatal("the AI adapter of a dice game does not implement the chance interface")
	}
	game := g.AI()
	sp := interpreter.SearchPosition{Position: g.Start()}
	if !a.IsChance(&sp) || len(game.LegalMoves(&sp, nil)) != 0 {
		t.Fatal("the opening is not a chance node without moves")
	}
	var r [2]float64
	if game.Result(&sp, r[:]) {
		t.Fatal("a chance node is over")
	}
	w := a.Outcomes(&sp, nil)
	if len(w) != 30 {
		t.Fatalf("the opening roll has %d outcomes, want 30", len(w))
	}
	a.Resolve(&sp, 0)
	if a.IsChance(&sp) || len(game.LegalMoves(&sp, nil)) == 0 {
		t.Fatal("after the opening roll there is nothing to play")
	}
	p, _ := g.ParsePosition(bgStart)
	sp = interpreter.SearchPosition{Position: p}
	w = a.Outcomes(&sp, w)
	total := 0.0
	for _, x := range w {
		total += x
	}
	if len(w) != 21 || total != 36 {
		t.Fatalf("rolls: %d outcomes weighing %v, want 21 weighing 36", len(w), total)
	}
	// A gammon is worth 2 of at most 3 points.
	q, _ := g.ParsePosition("w m1:w,h2:bbbbbbbbbbbbbbb roll:21")
	m, _ := g.ParseMove(&q, "1/off")
	g.Apply(&q, m)
	sp = interpreter.SearchPosition{Position: q}
	if !game.Result(&sp, r[:]) || math.Abs(r[0]-(0.5+0.5*2/3.0)) > 1e-12 || math.Abs(r[1]-(0.5-0.5*2/3.0)) > 1e-12 {
		t.Errorf("returns of a gammon: %v", r)
	}
}

func TestBackgammonAllocations(t *testing.T) {
	g := open(t, "backgammon")
	var ps []board.Position
	p, _ := g.ParsePosition(bgStart)
	rng := rand.New(rand.NewPCG(1, 2))
	for len(ps) < 200 {
		if o := g.Result(&p); o.Over {
			p, _ = g.ParsePosition(bgStart)
		}
		g.Apply(&p, g.RandomRoll(&p, rng))
		ps = append(ps, p)
		moves := g.LegalMoves(&p, nil)
		g.Apply(&p, moves[rng.IntN(len(moves))])
	}
	buf := make([]board.Move, 0, 4096)
	for i := range ps {
		buf = g.LegalMoves(&ps[i], buf)
	}
	i := 0
	q := new(board.Position) // a position on the stack would escape into the pooled context
	allocs := testing.AllocsPerRun(400, func() {
		*q = ps[i%len(ps)]
		buf = g.LegalMoves(q, buf)
		g.Apply(q, buf[0])
		i++
	})
	if allocs != 0 {
		t.Errorf("%v allocations per generation and play", allocs)
	}
}

func TestBackgammonXGIDAndPositionID(t *testing.T) {
	g := open(t, "backgammon")
	start, err := g.ParsePosition("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := g.ParsePosition(bgStart)
	if got := g.FormatPosition(&start); got != g.FormatPosition(&want) {
		t.Errorf("the start's XGID reads as %s, want %s", got, g.FormatPosition(&want))
	}
	if id, _ := g.FormatPositionID(&start); id != "4HPwATDgc/ABMA" {
		t.Errorf("the start's Position ID is %s, want 4HPwATDgc/ABMA", id)
	}
	// Against the reference (itself checked against GNU Backgammon), over
	// positions from random games, both ways.
	rng := rand.New(rand.NewPCG(5, 8))
	ref := backgammon.Start()
	n := 0
	for n < 1500 {
		if w, _ := ref.Winner(); w >= 0 {
			ref = backgammon.Start()
		}
		rolled := ref.WithRoll(rng.IntN(6)+1, rng.IntN(6)+1)
		for _, r := range []*backgammon.Position{ref, rolled} {
			p, err := g.ParsePosition(r.XGID())
			if err != nil {
				t.Fatalf("%s: %v", r.XGID(), err)
			}
			if bgKey(g, &p) != refKey(r) {
				t.Fatalf("%s reads as %s, want %s", r.XGID(), bgKey(g, &p), refKey(r))
			}
			if x, _ := g.FormatXGID(&p); x != r.XGID() {
				t.Fatalf("%s is written back as %s", r.XGID(), x)
			}
			if d1, d2 := r.Roll(); d1 != int(p.Dice[0]) || d2 != int(p.Dice[1]) {
				t.Fatalf("%s: roll %v", r.XGID(), p.Dice)
			}
			id, _ := g.FormatPositionID(&p)
			if id != r.PositionID() {
				t.Fatalf("%s: Position ID %s, want %s", r.XGID(), id, r.PositionID())
			}
			text, _ := g.FormatPositionAs(&p, "gnubgid")
			q, err := g.ParsePosition(text)
			if err != nil || q.Cells != p.Cells || q.ToMove != p.ToMove || q.Dice != p.Dice {
				t.Fatalf("%s reads back as %s, %v", text, g.FormatPosition(&q), err)
			}
			n++
		}
		plays := rolled.Plays()
		ref = plays[rng.IntN(len(plays))].After
	}
	for _, bad := range []string{"XGID=-b----E-C---eE---c-e----B:0:0:1:00", "XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10", "XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:0:10"} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("%s is read without an error", bad)
		}
	}
}

func TestBackgammonExplain(t *testing.T) {
	g := open(t, "backgammon")
	for _, c := range []struct{ pos, move, want string }{
		{"w a2:w,e1:bb,h2:bbbbbbbbbbbbb roll:65", "13/7", "you must use both dice: 13/2 plays both"},
		// the rule file's words for the term that fails, then the term with its values
		{"w a2:w,e1:bb,h2:bbbbbbbbbbbbb roll:65", "13/8", "13/8 with the 5: that point is blocked (two or more opposing checkers)\n  dice move rule \"checker\": to_top != opponent || to_height < 2 is false (black != black || 2 < 2)"},
		{"w a2:w,l1:bb,h2:bbbbbbbbbbbbb roll:65", "13/8", "only one die can be played, and then the larger, 6"},
		{"w g1:w,m2:w,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:65", "13/7 13/8", "step == 0 || rearmost(me) > 0 is false"},
		{"w g1:w,m2:w,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:65", "13/7 13/8", "13/7 with the 6: a checker on the bar must enter first"},
		{"w h1:wwwwwwwwwwwww,j1:w,a1:w,a2:bbbbbbbbbbbbbbb roll:65", "6/off 12/6", "6/off with the 6: checkers bear off only once all fifteen are in the home board"},
		{"w h1:wwwwwwwwwwwww,j1:w,l1:w,a2:bbbbbbbbbbbbbbb roll:65", "4/off 6/off", "a die higher than the point only from the highest point holding a checker\n  dice move rule \"checker\": to_step < finish || rearmost(me) >= 19 && (to_step == finish || step == rearmost(me)) is false (27 < 25 || (19 >= 19 && (27 == 25 || 21 == 19)))"},
		{"w a2:w,e1:bb,h2:bbbbbbbbbbbbb roll:65", "24/18", "no checker of white's on 24"},
		{"w a2:w,e1:bb,h2:bbbbbbbbbbbbb", "13/7", "the dice are rolled next"},
		{"w a2:w,e1:bb,h2:bbbbbbbbbbbbb roll:65", "13/2", "13/2: legal"},
		// the dice left after the first checker's move
		{"w a1:bbbbb,e1:www,h1:wwwww,m1:bb,a2:wwwww,e2:bbb,h2:bbbbb,m2:ww roll:65", "24/18 13/7", "13/7: that is 6 points, and the dice left (5) do not make it"},
		{"w a1:bbbbb,e1:www,h1:wwwww,m1:bb,a2:wwwww,e2:bbb,h2:bbbbb,m2:ww roll:65", "24/13 8/3", "8/3: the roll 65 is used up before it"},
		{"w a1:bbbbb,e1:www,h1:wwwww,m1:bb,a2:wwwww,e2:bbb,h2:bbbbb,m2:ww roll:11", "8/3", "8/3: that is 5 points, and the dice left (1, 1, 1 and 1) do not make it"},
	} {
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Explain(&p, c.move).String(); !strings.Contains(got, c.want) {
			t.Errorf("%s, %s: %q, want it to say %q", c.pos, c.move, got, c.want)
		}
	}
}
