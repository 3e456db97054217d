package session

import (
	"fmt"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// The doubling cube of a session (a game whose rule file has `cube:`,
// played as a money game or a game of a match: UseCube). The player on roll
// may double before rolling (MayDouble, Double); the dice then wait
// (AtChance is false) until the other takes or drops (Take, Drop). AI seats
// decide with the AI's cube advice (CubeTurn). Front ends read the cube with
// Cube: its value, owner, an offer pending, the match's length and score.

// UseCube plays this game with the cube, starting as cs (interpreter's
// CubeRules.NewCube makes one for a money game or a match's score).
func (s *Session) UseCube(cs interpreter.CubeState) error {
	if s.Game.Cube() == nil {
		return fmt.Errorf("%s has no doubling cube (no cube: in its rule file)", s.Game.Name)
	}
	s.cube = &records.CubeGame{Start: cs, Cube: cs, Loser: -1}
	s.baseCube = -1 // the cube is new to this game: a resumed record changes
	return nil
}

// ContinueCube continues the cube of a record replayed (ReplayCube), when it
// was played with one.
func (s *Session) ContinueCube(c *records.CubeGame) {
	if c != nil && s.Game.Cube() != nil && (len(c.Events) > 0 || c.Start.Length > 0 || c.Start.Value > 1 || c.Start.Owner >= 0) {
		s.cube = c
		s.baseCube = len(c.Events)
	}
}

// Cube is the cube now, and whether the game is played with one.
func (s *Session) Cube() (interpreter.CubeState, bool) {
	if s.cube == nil {
		return interpreter.CubeState{}, false
	}
	return s.cube.Cube, true
}

// CubeGame is the cube's actions so far, nil without a cube.
func (s *Session) CubeGame() *records.CubeGame { return s.cube }

// MayDouble says why the player on roll may not double now, "" when it may.
func (s *Session) MayDouble() string {
	if s.cube == nil {
		return "this game is played without the cube (play --cube, or --match N)"
	}
	if s.EndedByPlayers() || s.cube.Loser >= 0 {
		return "the game is over"
	}
	p := s.hist.Position()
	return s.Game.MayDouble(&p, s.cube.Cube)
}

// Offered reports whether a double waits for an answer; the player to
// answer is the one not on roll.
func (s *Session) Offered() bool { return s.cube != nil && s.cube.Cube.Offered }

// Double offers the cube for the player on roll.
func (s *Session) Double() error {
	if why := s.MayDouble(); why != "" {
		return fmt.Errorf("no double: %s", why)
	}
	p := s.hist.Position()
	s.cube.Cube.Offer()
	s.cube.Events = append(s.cube.Events, records.CubeEvent{Ply: s.hist.Len(), Action: interpreter.Double, Player: int(p.ToMove)})
	return nil
}

// Take accepts the double offered (beaver: and redoubles at once, in a money
// game whose rules allow beavers).
func (s *Session) Take(beaver bool) error {
	if !s.Offered() {
		return fmt.Errorf("no double is offered")
	}
	taker := 1 - s.ToMove()
	a := interpreter.Take
	if beaver {
		if !s.cube.Cube.Beavers || s.cube.Cube.Length > 0 {
			return fmt.Errorf("no beaver: the rules allow none here")
		}
		a = interpreter.Beaver
	}
	s.cube.Cube.Accept(taker, beaver)
	s.cube.Events = append(s.cube.Events, records.CubeEvent{Ply: s.hist.Len(), Action: a, Player: taker})
	return nil
}

// Drop refuses the double offered: the game is over, lost at the cube's
// value before the double.
func (s *Session) Drop() error {
	if !s.Offered() {
		return fmt.Errorf("no double is offered")
	}
	taker := 1 - s.ToMove()
	s.cube.Cube.Offered = false
	s.cube.Loser = taker
	s.cube.Events = append(s.cube.Events, records.CubeEvent{Ply: s.hist.Len(), Action: interpreter.Drop, Player: taker})
	return nil
}

// dropOutcome is the outcome of a game a drop ended.
func (s *Session) dropOutcome() (interpreter.Outcome, bool) {
	if s.cube == nil || s.cube.Loser < 0 {
		return interpreter.Outcome{}, false
	}
	w, pts, _ := s.cube.Over()
	why := fmt.Sprintf("%s dropped the cube at %d", s.Game.Players[s.cube.Loser].Name, 2*pts)
	return interpreter.Outcome{Over: true, Winner: w, Points: pts, Reason: why, Why: why}, true
}

// Points is what the finished game is worth to its winner under the cube
// (0 while it goes on, or for a draw).
func (s *Session) Points() int {
	o := s.Outcome()
	if !o.Over || o.Winner < 0 {
		return 0
	}
	if s.cube == nil {
		return max(o.Points, 1)
	}
	if _, pts, over := s.cube.Over(); over {
		return pts
	}
	if s.resigned >= 0 {
		return s.cube.Cube.Value
	}
	return s.cube.Cube.Points(o)
}

// CubeTurn lets AI seats take their cube decisions at this point of the
// game: the AI on roll doubles when its advice says so, the AI doubled
// takes or drops. It returns the actions taken, in order.
func (s *Session) CubeTurn() []interpreter.CubeAction {
	if s.cube == nil {
		return nil
	}
	var done []interpreter.CubeAction
	for i := 0; i < 2; i++ {
		p := s.hist.Position()
		switch {
		case s.Offered() && !s.Seats[1-int(p.ToMove)].Human:
			// Advice as the doubler sees the position, before the double.
			cs := s.cube.Cube
			cs.Offered = false
			if s.Game.CubeAdvice(&p, cs, s.rollouts()).Take {
				s.Take(false)
				done = append(done, interpreter.Take)
			} else {
				s.Drop()
				done = append(done, interpreter.Drop)
			}
			return done
		case !s.Offered() && s.MayDouble() == "" && !s.Seats[p.ToMove].Human:
			if !s.Game.CubeAdvice(&p, s.cube.Cube, s.rollouts()).Double {
				return done
			}
			s.Double()
			done = append(done, interpreter.Double)
		default:
			return done
		}
	}
	return done
}

// cubeFloor is the number of moves a cube action was taken after: undo
// takes nothing back before it.
func (s *Session) cubeFloor() int {
	if s.cube == nil || len(s.cube.Events) == 0 {
		return 0
	}
	return s.cube.Events[len(s.cube.Events)-1].Ply
}

// rollouts is the playouts of a cube decision: CubeRollouts unless set.
func (s *Session) rollouts() int {
	if s.CubeRollouts > 0 {
		return s.CubeRollouts
	}
	return interpreter.CubeRollouts
}

// cubeUnchanged reports whether the cube is as the record resumed had it.
func (s *Session) cubeUnchanged() bool {
	if s.cube == nil {
		return true
	}
	return s.baseCube == len(s.cube.Events)
}
