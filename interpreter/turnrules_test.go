package interpreter_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The dice rules that shape a turn beyond one roll: the opening roll that
// only decides who starts (opening: reroll), a pass that rolls again
// (pass_again), the penalty of a roll (penalty), bonus moves (bonus:), and
// the counters the position keeps for them (turn_rolls, bonus:N).

// At a reroll opening the chance events are the two starters, equally
// likely; any a-b names its starter; the starter then rolls both dice, a
// chance event of its own.
func TestRerollOpening(t *testing.T) {
	g := open(t, "plakoto")
	p := g.Start()
	if !g.IsChance(&p) || !p.Opening {
		t.Fatalf("the start %s is not the opening roll", g.FormatPosition(&p))
	}
	legal := g.LegalMoves(&p, nil)
	if got := playTexts(g, legal); got != "1-2, 2-1" {
		t.Fatalf("opening events %s, want 1-2, 2-1", got)
	}
	if w := g.ChanceWeights(&p, nil); len(w) != 2 || w[0] != w[1] {
		t.Errorf("opening weights %v, want two equal", w)
	}
	for text, starter := range map[string]int{"6-5": 0, "2-1": 0, "3-4": 1, "1-6": 1} {
		m, err := g.ParseMove(&p, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		q := p
		g.Apply(&q, m)
		if int(q.ToMove) != starter || q.Opening || !g.IsChance(&q) {
			t.Errorf("after %s: %s, want player %d to roll", text, g.FormatPosition(&q), starter)
		}
		if rolls := g.LegalMoves(&q, nil); len(rolls) != 21 {
			t.Errorf("after %s: %d rolls, want 21", text, len(rolls))
		}
	}
	for _, text := range []string{"3-3", "65", "7-1"} {
		if _, err := g.ParseMove(&p, text); err == nil {
			t.Errorf("%s is read as an opening event", text)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[board.Move]int{}
	for range 200 {
		m := g.RandomRoll(&p, rng)
		seen[m]++
	}
	if len(seen) != 2 || seen[legal[0]] < 60 || seen[legal[1]] < 60 {
		t.Errorf("random opening events %v, want both legal ones about equally", seen)
	}
	// Either player starting, from one layout the same for both colours:
	// perft counts each starter once.
	white, _ := g.ParsePosition("w m2:wwwwwwwwwwwwwww,m1:bbbbbbbbbbbbbbb")
	if got, want := g.Perft(&p, 2), 2*g.Perft(&white, 2); got != want {
		t.Errorf("perft(2) from the opening %d, want twice white's %d", got, want)
	}
	// backgammon's opening is played: 30 events
	bg := open(t, "backgammon")
	s := bg.Start()
	if n := len(bg.LegalMoves(&s, nil)); n != 30 {
		t.Errorf("backgammon's opening: %d events, want 30", n)
	}
}

// The turn's counters are written in position strings, read back, hashed,
// and kept by Apply as Recount would make them.
func TestTurnCounters(t *testing.T) {
	for _, c := range []struct{ game, pos, counters string }{
		{"mensch", "r b2:rrrr,b10:bbbb,j10:gggg,j2:yyyy turn_rolls:2 roll:3", " roll:3 turn_rolls:2"},
		{"mensch", "r e1:r,b2:rrr,b10:bbbb,j10:gggg,j2:yyyy extra turn_rolls:3", " extra turn_rolls:3"},
		{"parcheesi", "y n9:y,p4:yyy,p16:bbbb,d16:rrrr,d4:gggg bonus:20 extra turn_rolls:1", " bonus:20 extra turn_rolls:1"},
		{"parcheesi", "y l9:y,p4:yyy,p16:bbbb,d16:rrrr,d4:gggg bonus:10", "bbbb bonus:10"},
		{"parcheesi", "y l9:y,p4:yyy,p16:bbbb,d16:rrrr,d4:gggg bonus:20,10 extra", "bbbb bonus:20,10 extra"},
	} {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		got := g.FormatPosition(&p)
		if !strings.HasSuffix(got, c.counters) {
			t.Errorf("%s is written back as %s", c.pos, got)
		}
		if back, err := g.ParsePosition(got); err != nil || back != p {
			t.Errorf("%s is read back as %s, %v", got, g.FormatPosition(&back), err)
		}
		bare := p
		bare.Rolls, bare.Bonus, bare.BonusNext = 0, 0, [3]uint8{}
		if p.Bonus > 0 {
			bare.Dice = [2]uint8{}
		}
		bare.Recount(g.Board)
		if bare.Hash == p.Hash {
			t.Errorf("%s: the counters do not change the hash", c.pos)
		}
	}
	g := open(t, "parcheesi")
	for _, bad := range []string{
		"y p4:yyyy,p16:bbbb,d16:rrrr,d4:gggg turn_rolls:0",
		"y p4:yyyy,p16:bbbb,d16:rrrr,d4:gggg turn_rolls:x",
		"y p4:yyyy,p16:bbbb,d16:rrrr,d4:gggg bonus:0",
		"y p4:yyyy,p16:bbbb,d16:rrrr,d4:gggg bonus:20 roll:31",
		"y p4:yyyy,p16:bbbb,d16:rrrr,d4:gggg bonus:20,20,20,20,20",
		"y p4:yyyy,p16:bbbb,d16:rrrr,d4:gggg bonus:20,",
	} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("%s is read", bad)
		}
	}
	// Applying keeps the hash Recount gives, through a whole turn of each kind.
	for _, c := range []struct{ game, pos, plays string }{
		{"mensch", "r b2:rrrr,b10:bbbb,j10:gggg,j2:yyyy", "3 pass 3 pass 6 base/0 4 0/4"},
		{"parcheesi", "y k7:y,p4:yyy,n9:b,p16:bbb,d16:rrrr,d4:gggg", "22 2/4_4/6* 6/26 11 26/28 33 penalty"},
		{"parcheesi", "y l9:y,m9:y,n9:b,p9:b,p4:yy,p16:bb,d16:rrrr,d4:gggg", "32 4/6*_5/8* 6/26 8/28"},
	} {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range strings.Fields(c.plays) {
			text = strings.ReplaceAll(text, "_", " ")
			m, err := g.ParseMove(&p, text)
			if err != nil {
				t.Fatalf("%s at %s: %v", text, g.FormatPosition(&p), err)
			}
			g.Apply(&p, m)
			q := p
			q.Recount(g.Board)
			if q.Hash != p.Hash {
				t.Fatalf("after %s (%s): hash %x, Recount %x", text, g.FormatPosition(&p), p.Hash, q.Hash)
			}
		}
		if p.MidTurn() || !g.IsChance(&p) {
			t.Errorf("%s: the turn did not end: %s", c.game, g.FormatPosition(&p))
		}
	}
}

// Generating the moves of a bonus move, a penalty, a pass that rolls again
// and a double's tops and bottoms allocates nothing.
func TestTurnRulesAllocs(t *testing.T) {
	for _, c := range []struct{ game, pos, want string }{
		{"parcheesi", "y k6:y,l9:y,p4:yy,p16:bbbb,d16:rrrr,d4:gggg bonus:20", "1/21, 4/24"},
		{"parcheesi", "y k7:y,j3:y,p4:yy,p16:bbbb,d16:rrrr,d4:gggg extra turn_rolls:2 roll:33", "penalty"},
		{"mensch", "r b2:rrrr,b10:bbbb,j10:gggg,j2:yyyy roll:3", "pass"},
		{"parcheesi", "y k7:y,p16:bbbb,d16:rrrr,d4:gggg roll:22", "2/16"}, // tops and bottoms
	} {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		buf := g.LegalMoves(&p, nil)
		if got := playTexts(g, buf); got != c.want {
			t.Fatalf("%s: %s, want %s", c.pos, got, c.want)
		}
		if n := testing.AllocsPerRun(50, func() { buf = g.LegalMoves(&p, buf) }); n != 0 {
			t.Errorf("%s: %v allocations per LegalMoves", c.pos, n)
		}
	}
}

// What a rule file may not say of these.
func TestTurnRulesErrors(t *testing.T) {
	src, err := os.ReadFile("../variants/ludo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), "  move:", "  move:\n    bonus: 20", 1)
	if _, err := interpreter.Load("ludo-bonus.yaml", []byte(text)); err == nil || !strings.Contains(err.Error(), "bonus") {
		t.Errorf("a bonus with hits: end: %v", err)
	}
	src, err = os.ReadFile("../variants/mensch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text = strings.Replace(string(src), "  sides: 6\n", "  sides: 6\n  opening: reroll\n", 1)
	if _, err := interpreter.Load("mensch-opening.yaml", []byte(text)); err == nil || !strings.Contains(err.Error(), "two players") {
		t.Errorf("an opening roll among four players: %v", err)
	}
	text = strings.Replace(string(src), "pass_again: >-", "pass_again: turn_rolls\n  penalty: >-", 1)
	if _, err := interpreter.Load("mensch-bad.yaml", []byte(text)); err == nil || !strings.Contains(err.Error(), "pass_again") {
		t.Errorf("a pass_again that is no condition: %v", err)
	}
}

// The dice a roll is played as: a double's tops and bottoms, a bonus
// move's count.
func TestRollFaces(t *testing.T) {
	for _, c := range []struct{ game, pos, want string }{
		{"parcheesi", "y k7:y,p16:bbbb,d16:rrrr,d4:gggg roll:22", "[2 2 5 5]"},
		{"parcheesi", "y k7:y,p4:y,p16:bbbb,d16:rrrr,d4:gggg roll:22", "[2 2]"},
		{"parcheesi", "y k7:y,p16:bbbb,d16:rrrr,d4:gggg roll:52", "[5 2]"},
		{"parcheesi", "y l9:y,p4:yy,p16:bbbb,d16:rrrr,d4:gggg bonus:10", "[10]"},
		{"backgammon", "w m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:33", "[3 3 3 3]"},
		{"backgammon", "w m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb", "[]"},
	} {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(g.RollFaces(&p)); got != c.want {
			t.Errorf("%s: faces %s, want %s", c.pos, got, c.want)
		}
	}
}
