package dice

import "fmt"

// The doubling cube (`cube:` in a rule file). The cube is no part of the
// move generator: a double, a take and a drop happen between turns, at a
// chance position (before the player on roll rolls), and what they change —
// the cube's value and owner, and the game's end on a drop — lives in a
// CubeState beside the position (the session, the record, the XGID and
// GNUbg ID). A game without `cube:` is played and searched exactly as before.

// CubeRules is a rule file's `cube:` section.
type CubeRules struct {
	Max      int  // the highest value the cube may reach
	Anyone   bool // either player may double at any turn, whoever holds the cube (else: centred or its owner)
	Beavers  bool // money game: a taker may beaver (take and redouble at once, keeping the cube)
	Jacoby   bool // money game: gammons and backgammons count 1 until the cube was turned
	Crawford bool // matches: no doubling in the game after a player first comes within 1 point of the match
}

// CubeAction is one thing done with the cube.
type CubeAction uint8

const (
	Double CubeAction = iota + 1 // the player on roll offers the cube, before rolling
	Take                         // the other accepts: the cube doubles, and is the taker's
	Drop                         // the other refuses: it loses the game at the cube's value
	Beaver                       // the other takes and redoubles at once, keeping the cube
)

// CubeWords are the record's words for the cube actions.
var CubeWords = map[string]CubeAction{"double": Double, "take": Take, "drop": Drop, "beaver": Beaver}

func (a CubeAction) String() string {
	for w, b := range CubeWords {
		if a == b {
			return w
		}
	}
	return "?"
}

// CubeState is the doubling cube and the score of a game of a match or a
// money session: what a position alone does not say.
type CubeState struct {
	Value    int    // the cube's value: 1, 2, 4, ...
	Owner    int    // the player who holds the cube, -1 when it is centred
	Offered  bool   // the player to move has doubled; the other is to take or drop
	Length   int    // the match's length in points, 0 for a money game
	Score    [2]int // points won so far in the match, by player
	Crawford bool   // this game is the Crawford game: no doubling
	Jacoby   bool   // money game: gammons count only once the cube was turned
	Beavers  bool   // money game: a taker may beaver
}

// Centred is the cube of a new game: value 1, in the middle.
func Centred() CubeState { return CubeState{Value: 1, Owner: -1} }

// NewCube is the cube at the start of a game with the match's score: the
// Crawford game when one player has just come within a point of the match.
func (r *CubeRules) NewCube(length int, score [2]int, crawfordPlayed bool) CubeState {
	cs := Centred()
	cs.Length, cs.Score = length, score
	if length == 0 {
		cs.Score = [2]int{}
		cs.Jacoby, cs.Beavers = r.Jacoby, r.Beavers
		return cs
	}
	cs.Crawford = r.Crawford && !crawfordPlayed && (score[0] == length-1) != (score[1] == length-1)
	return cs
}

// NextGame is the cube at the start of a match's next game, after a game
// that started as start was won by winner for points; over reports that
// the game won the match (no next game). Once a game has started with a
// player a point from the match, the Crawford game has been played (or was
// that one).
func (r *CubeRules) NextGame(start CubeState, winner, points int) (next CubeState, over bool) {
	score := start.Score
	if winner >= 0 {
		score[winner] += points
		if score[winner] >= start.Length {
			return CubeState{}, true
		}
	}
	crawfordPlayed := start.Crawford || start.Score[0] == start.Length-1 || start.Score[1] == start.Length-1
	return r.NewCube(start.Length, score, crawfordPlayed), false
}

// Offer makes the double of the player on roll.
func (cs *CubeState) Offer() { cs.Offered = true }

// Accept takes the double offered: the cube doubles and is the taker's;
// beaver takes and redoubles at once, the cube staying with the taker.
func (cs *CubeState) Accept(taker int, beaver bool) {
	cs.Offered = false
	cs.Value *= 2
	if beaver {
		cs.Value *= 2
	}
	cs.Owner = taker
}

// Outcome is a game's end as the cube counts it (the interpreter's
// Outcome): whether it is over, the winner (-1 for a draw) and the points
// the rule file gives the win.
type Outcome interface {
	Won() (over bool, winner, points int)
}

// Points is what a finished game is worth under the cube: the rule file's
// points for the win times the cube's value (gammons count 1 under the
// Jacoby rule with the cube not turned).
func (cs CubeState) Points(o Outcome) int {
	over, winner, points := o.Won()
	if !over || winner < 0 {
		return 0
	}
	pts := max(points, 1)
	if cs.Length == 0 && cs.Jacoby && cs.Owner < 0 {
		pts = 1
	}
	return pts * cs.Value
}

// AddGame adds a game's points to the match score; it reports whether the
// match is won.
func (cs *CubeState) AddGame(winner, points int) bool {
	if winner < 0 {
		return false
	}
	cs.Score[winner] += points
	return cs.Length > 0 && cs.Score[winner] >= cs.Length
}

// check says what is wrong with a cube and score that cannot be.
func (cs CubeState) check() error {
	switch {
	case cs.Value < 1 || cs.Value&(cs.Value-1) != 0:
		return fmt.Errorf("the cube's value %d is not a power of two", cs.Value)
	case cs.Length > 0 && (cs.Score[0] >= cs.Length || cs.Score[1] >= cs.Length):
		return fmt.Errorf("the score %d-%d in a match to %d: the match would be over", cs.Score[0], cs.Score[1], cs.Length)
	case cs.Length == 0 && cs.Crawford:
		return fmt.Errorf("a Crawford game in a money game")
	case cs.Crawford && cs.Score[0] != cs.Length-1 && cs.Score[1] != cs.Length-1:
		return fmt.Errorf("a Crawford game when neither player is 1 point from winning the match")
	case cs.Crawford && (cs.Value != 1 || cs.Owner >= 0 || cs.Offered):
		return fmt.Errorf("the cube was turned in the Crawford game")
	}
	return nil
}
