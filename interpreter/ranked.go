package interpreter

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Games played for places. A rule file whose ends are `place:` conditions
// ranks the players instead of naming one winner: after each move, if a
// condition holds for the player who just moved, that player takes the next
// place (1st, 2nd, ...) and drops out of the turn order; play goes on until
// one player is left, who takes the last place. The places live in the
// position (board.Position.Place), so Result still needs nothing but the
// position. With two players the first place ends the game: a plain win.

// rankedEnd reports whether a rule file's ends rank the players.
func rankedEnd(rf *ruleFile) bool {
	for _, e := range rf.End {
		if e.Result == "place" {
			return true
		}
	}
	return false
}

// checkRanked refuses a rule file that mixes `place:` with the other ends:
// a game played for places ends when the places are taken.
func (g *Game) checkRanked(d *decoder, rf *ruleFile) {
	if !rankedEnd(rf) {
		return
	}
	for _, e := range rf.End {
		if e.Result != "place" {
			d.errorf(e.node, "bad-value", "write every end as `place:` (a player who reaches it takes the next place; the last one left takes the last)",
				"end: %s cannot be mixed with place: a game played for places ends when every place is taken", e.Result)
			return
		}
	}
}

// Ranked reports whether the game is played for places (end: place:).
func (g *Game) Ranked() bool { return g.rankRules != nil }

// endTurn passes the turn after a move: to the next player, or in a game
// played for places to the next still playing, once the mover has taken a
// place if it has earned one. It returns a runtime error met in the place
// conditions (they then count as not holding).
func (g *Game) endTurn(p *board.Position) *EvalError {
	if g.rankRules == nil {
		p.SetToMove(g.next(int(p.ToMove)))
		return nil
	}
	return g.rankAndPass(p)
}

func (g *Game) rankAndPass(p *board.Position) *EvalError {
	mover, n := int(p.ToMove), len(g.Players)
	var err *EvalError
	if p.Place[mover] == 0 {
		var holds bool
		holds, err = g.placeHolds(p, mover)
		if holds {
			k := p.Placed() + 1
			p.SetPlace(mover, k)
			if k >= n-1 { // one player left: it takes the last place
				for i := 0; i < n; i++ {
					if p.Place[i] == 0 {
						p.SetPlace(i, n)
						p.SetToMove(i)
					}
				}
				return nil
			}
		}
	}
	next := g.next(mover)
	for i := 0; i < n && p.Place[next] != 0; i++ {
		next = g.next(next)
	}
	p.SetToMove(next)
	return err
}

// placeHolds evaluates the place conditions for player, who just moved. A
// runtime error in them counts as not holding and is returned (Apply drops
// it, ApplyErr and History.Play report it, a search stops on it); lint finds
// the failing term (FindRuntimeError takes the place conditions).
func (g *Game) placeHolds(p *board.Position, player int) (bool, *EvalError) {
	c := g.ctx(p, player)
	holds := false
	for i := range g.rankRules {
		if g.rankRules[i].test(c) {
			holds = true
			break
		}
	}
	var err *EvalError
	if c.err != nil {
		holds = false
		err = g.takeErr(c)
	}
	g.release(c)
	return holds, err
}

// rankedOver reports whether every place is taken at p (the last one left
// needs none written: it has the last).
func (g *Game) rankedOver(p *board.Position) bool {
	return p.Placed() >= len(g.Players)-1
}

// rankedOutcome is the result of a game for places where every place is
// taken: the first is the winner; with more than two players Places says
// every place.
func (g *Game) rankedOutcome(p *board.Position) Outcome {
	e := &g.rankRules[0]
	o := Outcome{Over: true, Winner: -1, Points: 1, Reason: e.label, Why: e.reason}
	n := len(g.Players)
	for i := 0; i < n; i++ {
		k := int(p.Place[i])
		if k == 0 {
			k = n
		}
		if k == 1 {
			o.Winner = i
		}
		if n > 2 {
			o.Places[i] = int8(k)
		}
	}
	return o
}

// Ranked reports whether the outcome ranks more than two players by place.
func (o Outcome) Ranked() bool { return o.Winner >= 0 && o.Places[o.Winner] != 0 }

// Ordinal writes a place as people do: 1st, 2nd, 3rd, 4th.
func Ordinal(k int) string {
	switch {
	case k%100 >= 11 && k%100 <= 13:
	case k%10 == 1:
		return strconv.Itoa(k) + "st"
	case k%10 == 2:
		return strconv.Itoa(k) + "nd"
	case k%10 == 3:
		return strconv.Itoa(k) + "rd"
	}
	return strconv.Itoa(k) + "th"
}

// PlacesText lists the players by place: "red 1st, blue 2nd, green 3rd".
func (g *Game) PlacesText(o Outcome) string {
	var parts []string
	for k := 1; k <= len(g.Players); k++ {
		for i := range g.Players {
			if int(o.Places[i]) == k {
				parts = append(parts, g.Players[i].Name+" "+Ordinal(k))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// endRules is the rule file's end list as written: its place: conditions in
// a game played for places (the two are never mixed).
func (g *Game) endRules() []endRule {
	if g.rankRules != nil {
		return g.rankRules
	}
	return g.ends
}

// checkPlaces says what is wrong with the places of a position read from
// text: each place from 1st on given once, in order, the player to move
// still playing; "" when nothing is.
func (g *Game) checkPlaces(p *board.Position) string {
	n, placed := len(g.Players), p.Placed()
	if placed == 0 {
		return ""
	}
	seen := [board.MaxPlayers + 1]bool{}
	for i := 0; i < n; i++ {
		k := int(p.Place[i])
		switch {
		case k == 0:
		case k > n || seen[k]:
			return fmt.Sprintf("place: %s's place %d: the places go from 1 to %d, each given once", g.Players[i].Name, k, n)
		case k > placed:
			return fmt.Sprintf("place: %s's place %d skips a place (the places taken run from 1 up)", g.Players[i].Name, k)
		default:
			seen[k] = true
		}
	}
	if placed < n-1 && p.Place[p.ToMove] != 0 {
		return fmt.Sprintf("place: %s is to move but has a place (a player with one is out of the turn order)", g.Players[p.ToMove].Name)
	}
	return ""
}
