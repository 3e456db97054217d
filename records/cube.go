package records

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
)

// The doubling cube in records. A record of a game with a cube (`cube:` in
// its rule file) writes the cube's actions among the moves, as words:
// `double`, `take`, `drop` (and `beaver`), before the roll they come
// before; tags give the match: [Match "7"] (its length; absent or 0 for a
// money game), [Score "2-3"] (the points each player had before this game)
// and [Crawford "yes"] for the Crawford game; [Cube "2 white"] gives the
// cube a game begun in a set position starts with. A game ended by a drop has
// [Termination "black dropped the cube at 2"].

// CubeEvent is a cube action of a game: Ply is the number of moves played
// before it.
type CubeEvent struct {
	Ply    int
	Action interpreter.CubeAction
	Player int
}

// CubeGame is what the cube did in a game.
type CubeGame struct {
	Start  interpreter.CubeState // at the start of the game
	Cube   interpreter.CubeState // now
	Events []CubeEvent
	Loser  int // the player who dropped a double, ending the game; -1 for none
}

// Over reports whether a drop ended the game, and the winner and points.
func (c *CubeGame) Over() (winner, points int, over bool) {
	if c == nil || c.Loser < 0 {
		return -1, 0, false
	}
	return 1 - c.Loser, c.Cube.Value, true
}

// ValueBefore is the cube's value when the game's i-th cube action was
// taken (the value a double doubles, a drop loses).
func (c *CubeGame) ValueBefore(i int) int {
	value := c.Start.Value
	for _, e := range c.Events[:i] {
		switch e.Action {
		case interpreter.Take:
			value *= 2
		case interpreter.Beaver:
			value *= 4
		}
	}
	return value
}

// Dropped reports whether a drop ended the game.
func (c *CubeGame) Dropped() bool { return c != nil && c.Loser >= 0 }

// CubeStart is the cube and score a record's game starts with, from its
// [Match], [Score] and [Crawford] tags.
func CubeStart(g *interpreter.Game, r *Record) (interpreter.CubeState, error) {
	cs := interpreter.Centred()
	if g.Cube() != nil && g.Cube().Jacoby {
		cs.Jacoby = true
	}
	if g.Cube() != nil && g.Cube().Beavers {
		cs.Beavers = true
	}
	if t := strings.TrimSpace(r.Tag("Match")); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n > 32767 {
			return cs, fmt.Errorf("[Match %q]: want the match's length in points (0 for a money game)", t)
		}
		cs.Length = n
	}
	if t := strings.TrimSpace(r.Tag("Score")); t != "" {
		a, b, ok := strings.Cut(t, "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || x < 0 || y < 0 {
			return cs, fmt.Errorf("[Score %q]: want each player's points before this game, like 2-3", t)
		}
		cs.Score = [2]int{x, y}
	}
	if cs.Length > 0 {
		cs.Jacoby, cs.Beavers = false, false
		if cs.Score[0] >= cs.Length || cs.Score[1] >= cs.Length {
			return cs, fmt.Errorf("[Score %q]: in a match to %d the match would be over", r.Tag("Score"), cs.Length)
		}
	} else if cs.Score != [2]int{} {
		return cs, fmt.Errorf("[Score %q] without a [Match] length", r.Tag("Score"))
	}
	if t := strings.TrimSpace(r.Tag("Cube")); t != "" {
		val, owner, _ := strings.Cut(t, " ")
		v, err := strconv.Atoi(val)
		if err != nil || v < 1 || v&(v-1) != 0 {
			return cs, fmt.Errorf("[Cube %q]: want the cube's value at the start (a power of two) and who holds it, like \"2 white\" or \"1 centred\"", t)
		}
		cs.Value, cs.Owner = v, -1
		if owner = strings.TrimSpace(owner); owner != "" && owner != "centred" {
			cs.Owner = -2
			for i, p := range g.Players {
				if p.Name == owner {
					cs.Owner = i
				}
			}
			if cs.Owner < 0 {
				return cs, fmt.Errorf("[Cube %q]: %q is not a player of %s (or centred)", t, owner, g.Name)
			}
		}
	}
	switch t := strings.TrimSpace(r.Tag("Crawford")); t {
	case "", "no":
	case "yes":
		if cs.Length == 0 || (cs.Score[0] != cs.Length-1 && cs.Score[1] != cs.Length-1) {
			return cs, fmt.Errorf("[Crawford \"yes\"]: the Crawford game is the game after a player first comes within 1 point of the match")
		}
		cs.Crawford = true
	default:
		return cs, fmt.Errorf("[Crawford %q]: want yes or no", t)
	}
	return cs, nil
}

// cubeStep plays a cube word of a record on c at position pos; it says
// what is wrong when the word cannot be played there.
func cubeStep(g *interpreter.Game, h *interpreter.History, c *CubeGame, a interpreter.CubeAction) error {
	if g.Cube() == nil {
		return fmt.Errorf("%s has no doubling cube (no cube: in its rule file)", g.Name)
	}
	if c.Loser >= 0 {
		return fmt.Errorf("the game is over: %s dropped the cube", g.Players[c.Loser].Name)
	}
	pos := h.Position()
	doubler := int(pos.ToMove)
	switch a {
	case interpreter.Double:
		if why := g.MayDouble(&pos, c.Cube); why != "" {
			return fmt.Errorf("%s may not double: %s", g.Players[doubler].Name, why)
		}
		c.Cube.Offer()
		c.Events = append(c.Events, CubeEvent{Ply: h.Len(), Action: a, Player: doubler})
		return nil
	}
	if !c.Cube.Offered {
		return fmt.Errorf("no double is offered")
	}
	taker := 1 - doubler
	switch a {
	case interpreter.Take:
		c.Cube.Accept(taker, false)
	case interpreter.Beaver:
		if !c.Cube.Beavers || c.Cube.Length > 0 {
			return fmt.Errorf("beavers are not allowed here (only in money games whose rule file says cube: beavers: true)")
		}
		c.Cube.Accept(taker, true)
	case interpreter.Drop:
		c.Cube.Offered = false
		c.Loser = taker
	}
	c.Events = append(c.Events, CubeEvent{Ply: h.Len(), Action: a, Player: taker})
	return nil
}

// ReplayCube is Replay with the cube: the record's cube words are checked
// and played on the cube its tags start with.
func ReplayCube(g *interpreter.Game, r *Record) (*interpreter.History, *CubeGame, error) {
	cs, err := CubeStart(g, r)
	if err != nil {
		return nil, nil, err
	}
	c := &CubeGame{Start: cs, Cube: cs, Loser: -1}
	h, err := replay(g, r, c)
	return h, c, err
}

// CubeResult is the record's result and termination for a game that a drop
// ended.
func (c *CubeGame) dropTermination(g *interpreter.Game) string {
	return fmt.Sprintf("%s dropped the cube at %d", g.Players[c.Loser].Name, c.Cube.Value*2)
}

// NewCube makes the record of a game played with the cube.
func NewCube(g *interpreter.Game, h *interpreter.History, c *CubeGame, variant string, players []string, date string) *Record {
	r := New(g, h, variant, players, date)
	if c == nil {
		return r
	}
	if c.Start.Value > 1 || c.Start.Owner >= 0 {
		owner := "centred"
		if c.Start.Owner >= 0 {
			owner = g.Players[c.Start.Owner].Name
		}
		r.SetTag("Cube", fmt.Sprintf("%d %s", c.Start.Value, owner))
	}
	if c.Start.Length > 0 {
		r.SetTag("Match", strconv.Itoa(c.Start.Length))
		r.SetTag("Score", fmt.Sprintf("%d-%d", c.Start.Score[0], c.Start.Score[1]))
		if c.Start.Crawford {
			r.SetTag("Crawford", "yes")
		}
	}
	if w, pts, over := c.Over(); over {
		r.Result = ResultText(g, interpreter.Outcome{Over: true, Winner: w, Points: 1})
		r.SetTag("Result", r.Result)
		r.SetTag("Points", strconv.Itoa(pts))
		r.SetTag("Termination", c.dropTermination(g))
	} else if o := h.Outcome(); o.Over && o.Winner >= 0 && c.Cube.Value > 1 {
		r.SetTag("Points", strconv.Itoa(c.Cube.Points(o)))
	}
	// The cube's words go before the move they precede, numbered with it.
	var moves []RecordMove
	ev := 0
	for i := 0; i <= len(r.Moves); i++ {
		first := len(moves)
		for ev < len(c.Events) && c.Events[ev].Ply == i {
			moves = append(moves, RecordMove{Text: c.Events[ev].Action.String()})
			ev++
		}
		if i == len(r.Moves) {
			// Cube words after the last play open the next turn.
			if len(moves) > first && i > 0 && !g.IsRollText(r.Moves[i-1].Text) {
				n := 0
				for _, m := range r.Moves {
					n = max(n, m.Number)
				}
				moves[first].Number = n + 1
			}
			break
		}
		m := r.Moves[i]
		if len(moves) > first {
			moves[first].Number, m.Number = m.Number, 0
		}
		moves = append(moves, m)
	}
	r.Moves = moves
	return r
}
