package session

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

func backgammon(t testing.TB) *interpreter.Game {
	g, err := interpreter.Open("backgammon")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The cube's rules in a session: who may double and when, take and drop,
// the drop's outcome and points, the record, and undo stopping at a cube
// action.
func TestSessionCube(t *testing.T) {
	g := backgammon(t)
	humans := []Seat{{Human: true}, {Human: true}}
	s, _ := New(g, "backgammon", humans, g.Start())
	if why := s.MayDouble(); !strings.Contains(why, "without the cube") {
		t.Errorf("no cube in use: %q", why)
	}
	if err := s.UseCube(g.Cube().NewCube(0, [2]int{}, false)); err != nil {
		t.Fatal(err)
	}
	if why := s.MayDouble(); !strings.Contains(why, "before rolling") {
		t.Errorf("at the opening roll: %q", why)
	}
	s.Roll("6-5")
	s.Play("24/13")
	if !s.AtChance() || s.MayDouble() != "" {
		t.Fatalf("black on roll may double: %q", s.MayDouble())
	}
	if err := s.Double(); err != nil {
		t.Fatal(err)
	}
	if s.AtChance() || !s.Offered() {
		t.Fatal("the dice wait for the answer to a double")
	}
	if err := s.Double(); err == nil {
		t.Error("a second double while one is offered")
	}
	if err := s.Take(true); err == nil {
		t.Error("a beaver where the rules allow none")
	}
	if err := s.Take(false); err != nil {
		t.Fatal(err)
	}
	cs, _ := s.Cube()
	if cs.Value != 2 || cs.Owner != 0 || cs.Offered {
		t.Fatalf("after the take: %+v", cs)
	}
	s.Roll("21")
	s.Play("13/11 6/5")
	// White holds the cube: white may redouble, black not.
	if why := s.MayDouble(); why != "" {
		t.Fatalf("white, holding the cube, may redouble: %q", why)
	}
	s.Roll("31")
	s.Play("8/5 6/5")
	if why := s.MayDouble(); !strings.Contains(why, "white holds the cube") {
		t.Fatalf("black may not double a cube white holds: %q", why)
	}
	// Undo takes back black's play but nothing before the take.
	if n := s.Undo(); n != 1 {
		t.Errorf("undo took back %d moves", n)
	}
	s.Play("8/5 6/5")
	s.Roll("42")
	s.Play("8/4 6/4")
	s.Double() // white redoubles to 4
	if err := s.Drop(); err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	if !o.Over || o.Winner != 0 || s.Points() != 2 || !strings.Contains(o.Reason, "black dropped the cube at 4") {
		t.Fatalf("after the drop: %+v, %d points", o, s.Points())
	}
	if s.Undo() != 0 || len(s.Legal()) != 0 {
		t.Error("a dropped game goes on")
	}
	rec := s.Record()
	text := rec.String()
	flat := strings.Join(strings.Fields(text), " ")
	for _, w := range []string{"[Result \"1-0\"]", "[Points \"2\"]", "[Termination \"black dropped the cube at 4\"]", "1. 6-5 24/13 2. double take 21 13/11 6/5 3. 31", "6/4 5. double drop 1-0"} {
		if !strings.Contains(flat, w) {
			t.Errorf("the record lacks %q:\n%s", w, text)
		}
	}
	back, err := records.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	h, c, err := records.ReplayCube(g, back)
	if err != nil || h.Len() != s.History().Len() || fmtEvents(c) != fmtEvents(s.CubeGame()) || !c.Dropped() {
		t.Fatalf("the record replays as %v %v, %v", fmtEvents(c), c, err)
	}
	if err := records.CheckResult(g, back, h.Outcome()); err != nil {
		t.Error(err)
	}
}

func fmtEvents(c *records.CubeGame) string {
	var sb strings.Builder
	for _, e := range c.Events {
		sb.WriteString(strconv.Itoa(e.Ply) + e.Action.String() + strconv.Itoa(e.Player) + " ")
	}
	return sb.String()
}

// The Crawford rule and the match's end: no double in the Crawford game,
// nor by a player any win takes to the match.
func TestSessionCubeMatch(t *testing.T) {
	g := backgammon(t)
	r := g.Cube()
	if cs := r.NewCube(5, [2]int{4, 2}, false); !cs.Crawford {
		t.Error("4-2 in a match to 5, first time: the Crawford game")
	}
	if cs := r.NewCube(5, [2]int{4, 3}, true); cs.Crawford {
		t.Error("after the Crawford game: not one")
	}
	s, _ := New(g, "backgammon", []Seat{{Human: true}, {Human: true}}, g.Start())
	s.UseCube(r.NewCube(5, [2]int{4, 2}, false))
	s.Roll("6-5")
	s.Play("24/13")
	if why := s.MayDouble(); !strings.Contains(why, "Crawford") {
		t.Errorf("in the Crawford game: %q", why)
	}
	s, _ = New(g, "backgammon", []Seat{{Human: true}, {Human: true}}, g.Start())
	s.UseCube(r.NewCube(5, [2]int{4, 2}, true))
	s.Roll("5-6") // black starts
	s.Play("24/13")
	if why := s.MayDouble(); !strings.Contains(why, "match") {
		t.Errorf("white, 1 away after the Crawford game, doubling: %q", why)
	}
}

// cubePolicy decides for one seat: the AI's advice, or random cube play
// (a double at a tenth of the turns where one may double, a take half the
// time).
type cubePolicy func(s *Session, rng *rand.Rand, answering bool) bool

func aiCube(s *Session, _ *rand.Rand, answering bool) bool {
	p := s.Position()
	cs, _ := s.Cube()
	cs.Offered = false
	d := s.Game.CubeAdvice(&p, cs, s.rollouts())
	if answering {
		if !d.Take && !d.Double && d.DP > d.ND {
			panic("the AI drops a position it would neither double nor play on for more")
		}
		return d.Take
	}
	return d.Double
}

func randomCube(_ *Session, rng *rand.Rand, answering bool) bool {
	if answering {
		return rng.IntN(2) == 0
	}
	return rng.IntN(10) == 0
}

// playCubeGame plays one money game with random moves for both seats and the
// cube decided by each seat's policy; it returns the winner's points, with
// the sign of player 0's gain.
func playCubeGame(t testing.TB, g *interpreter.Game, cube [2]cubePolicy, rollouts int, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, 99))
	s, _ := New(g, "backgammon", []Seat{{Human: true}, {Human: true}}, g.Start())
	s.UseCube(g.Cube().NewCube(0, [2]int{}, false))
	s.CubeRollouts = rollouts
	s.SetDiceSeed(seed)
	for !s.Outcome().Over {
		me := s.ToMove()
		switch {
		case s.Offered():
			if cube[1-me](s, rng, true) {
				s.Take(false)
			} else {
				s.Drop()
			}
			continue
		case s.MayDouble() == "" && cube[me](s, rng, false):
			s.Double()
			continue
		case s.AtChance():
			s.Settle()
			continue
		}
		legal := s.Legal()
		if err := s.PlayMove(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	o := s.Outcome()
	if o.Winner == 0 {
		return s.Points()
	}
	return -s.Points()
}

// TestCubeAgainstRandomCube plays money games where both seats move at
// random and differ only in the cube: the AI's decisions against random
// ones, seats alternating. It checks on every drop of the AI that it would
// have doubled the position itself (aiCube panics otherwise), and, with
// STACKRULES_DEEP=1, measures the AI's points per game (docs/ai.md).
func TestCubeAgainstRandomCube(t *testing.T) {
	g := backgammon(t)
	games, rollouts := 4, 12
	if os.Getenv("STACKRULES_DEEP") == "1" {
		games, rollouts = 200, interpreter.CubeRollouts
		if n, err := strconv.Atoi(os.Getenv("STACKRULES_CUBE_GAMES")); err == nil {
			games = n
		}
	}
	first := 0 // the first game's seed, to split a measurement over processes
	if n, err := strconv.Atoi(os.Getenv("STACKRULES_CUBE_FIRST")); err == nil {
		first = n
	}
	var sum, sq float64
	for i := first; i < first+games; i++ {
		var pts int
		if i%2 == 0 {
			pts = playCubeGame(t, g, [2]cubePolicy{aiCube, randomCube}, rollouts, uint64(i))
		} else {
			pts = -playCubeGame(t, g, [2]cubePolicy{randomCube, aiCube}, rollouts, uint64(i))
		}
		sum += float64(pts)
		sq += float64(pts * pts)
		if games > 10 {
			t.Logf("game %d: %+d", i, pts)
		}
	}
	mean := sum / float64(games)
	se := math.Sqrt((sq/float64(games) - mean*mean) / float64(games))
	t.Logf("the AI's cube against random cube play, random moves, %d money games: %+.3f ± %.3f points a game (one standard error)", games, mean, se)
}

var _ = board.Roll
