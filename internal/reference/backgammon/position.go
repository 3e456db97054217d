// Package backgammon is an independent reference implementation of the pinned
// backgammon rules (docs: /work/shared/rules/morris-and-dice.md, "Backgammon"),
// written from the rule texts only, so tests can compare the project's rule-file
// interpreter against it. It knows nothing of stackrules' board or interpreter.
//
// Every player numbers the points 1..24 from its own ace point; white's point n
// is black's point 25-n. A checker travels from its 24-point down to its 1-point,
// then off.
package backgammon

import (
	"fmt"
	"strings"
)

// The two players. White moves first from the starting layout.
const (
	White = 0
	Black = 1
)

// Indexes into a player's row of the board besides the points 1..24.
const (
	offIndex = 0
	barIndex = 25
)

const checkersPerPlayer = 15

// board holds, per player and in that player's own numbering, the checkers on
// each point 1..24, on the bar (index 25) and borne off (index 0). It is a
// comparable value, so it serves directly as a map key when plays are deduplicated.
type board [2][26]int8

// Position is a backgammon position: the checkers, the player to roll or move,
// and the roll, if rolled. Positions are values; every method returns copies.
type Position struct {
	b    board
	turn int
	// dice holds the roll higher die first; {0, 0} means not rolled yet.
	dice [2]int
}

// Start returns the starting layout with white to roll and no roll yet.
func Start() *Position {
	p := &Position{turn: White}
	for pl := 0; pl < 2; pl++ {
		p.b[pl][24] = 2
		p.b[pl][13] = 5
		p.b[pl][8] = 3
		p.b[pl][6] = 5
	}
	return p
}

// Checkers returns how many checkers player has on its own point (1..24), on the
// bar (point 25) or borne off (point 0).
func (p *Position) Checkers(player, point int) int {
	return int(p.b[player][point])
}

// ToMove returns the player to roll or move.
func (p *Position) ToMove() int { return p.turn }

// Roll returns the dice, higher first; 0, 0 when not rolled.
func (p *Position) Roll() (int, int) { return p.dice[0], p.dice[1] }

// WithRoll returns a copy with the dice set (in either order); 0, 0 clears them.
// It panics on a die outside 1..6, which is a programming error in a test.
func (p *Position) WithRoll(d1, d2 int) *Position {
	q := *p
	if d1 == 0 && d2 == 0 {
		q.dice = [2]int{}
		return &q
	}
	if d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 {
		panic(fmt.Sprintf("backgammon: roll %d%d: dice must be 1..6", d1, d2))
	}
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	q.dice = [2]int{d1, d2}
	return &q
}

// Winner returns the winner and the points won (1, 2 for a gammon, 3 for a
// backgammon), or -1, 0 while the game goes on.
func (p *Position) Winner() (player int, points int) {
	for w := 0; w < 2; w++ {
		if p.b[w][offIndex] != checkersPerPlayer {
			continue
		}
		l := 1 - w
		if p.b[l][offIndex] > 0 {
			return w, 1
		}
		// The winner's home board is the loser's points 19..24.
		if p.b[l][barIndex] > 0 {
			return w, 3
		}
		for pt := 19; pt <= 24; pt++ {
			if p.b[l][pt] > 0 {
				return w, 3
			}
		}
		return w, 2
	}
	return -1, 0
}

// Key returns a canonical text naming the position exactly: the checkers (in
// white's numbering, as the XGID board), the borne-off counts, the player to move
// and the roll. Two positions are equal exactly when their keys are.
func (p *Position) Key() string {
	var sb strings.Builder
	sb.WriteString(xgidBoard(&p.b))
	fmt.Fprintf(&sb, " off %d %d ", p.b[White][offIndex], p.b[Black][offIndex])
	if p.turn == White {
		sb.WriteString("w")
	} else {
		sb.WriteString("b")
	}
	fmt.Fprintf(&sb, " %d%d", p.dice[0], p.dice[1])
	return sb.String()
}

// String returns the key, for test failure messages.
func (p *Position) String() string { return p.Key() }

// check reports a board that cannot arise: a player with other than 15 checkers,
// negative counts, or both players on one point.
func (b *board) check() error {
	for pl := 0; pl < 2; pl++ {
		total := 0
		for i := 0; i < 26; i++ {
			if b[pl][i] < 0 {
				return fmt.Errorf("%s has a negative count at %d", playerName(pl), i)
			}
			total += int(b[pl][i])
		}
		if total != checkersPerPlayer {
			return fmt.Errorf("%s has %d checkers, want %d", playerName(pl), total, checkersPerPlayer)
		}
	}
	for pt := 1; pt <= 24; pt++ {
		if b[White][pt] > 0 && b[Black][25-pt] > 0 {
			return fmt.Errorf("white's point %d holds checkers of both players", pt)
		}
	}
	return nil
}

func playerName(pl int) string {
	if pl == White {
		return "white"
	}
	return "black"
}
