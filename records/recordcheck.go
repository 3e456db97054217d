package records

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
)

// CheckResult reports whether a record's result can be true of its game, o
// being the outcome its moves reach: one score per player, either one 1 and
// the others 0 or 1/2 each, or in a game played for places one place per
// player, each place once; the outcome itself when the moves end the game;
// and on a game the moves leave unfinished, a [Termination] tag saying how
// it ended (a resignation, an agreed or adjudicated draw), the player who
// resigned not winning. "*" (going on) is always possible.
func CheckResult(g *interpreter.Game, r *Record, o interpreter.Outcome) error {
	res := r.Result
	if res == "*" || res == "" {
		return nil
	}
	scores := strings.Split(res, "-")
	if len(scores) != len(g.Players) {
		return fmt.Errorf("the result %s has %d scores, but %s has %d players", res, len(scores), g.Name, len(g.Players))
	}
	ones, halves := 0, 0
	for _, s := range scores {
		switch s {
		case "1":
			ones++
		case "1/2":
			halves++
		}
	}
	places := placesOf(scores)
	if places != nil && !g.Ranked() {
		return fmt.Errorf("the result %s gives places, but %s is not played for places", res, g.Name)
	}
	if places == nil && strings.ContainsAny(res, "snrt") {
		return fmt.Errorf("the result %s is not a possible result: give each player a different place from 1st to %s", res, interpreter.Ordinal(len(scores)))
	}
	if places == nil && !(ones == 1 && halves == 0) && halves != len(scores) {
		return fmt.Errorf("the result %s is not a possible result: the winner scores 1 and the others 0, or each scores 1/2 in a draw", res)
	}
	if o.Over {
		if want := ResultText(g, o); res != want {
			return fmt.Errorf("the record's result is %s, but the moves end the game %s (%s)", res, want, o.Reason)
		}
		return nil
	}
	term := strings.TrimSpace(r.Tag("Termination"))
	if term == "" {
		return fmt.Errorf("the record's result is %s, but its moves do not end the game and no [Termination] tag says how it ended", res)
	}
	for i, p := range g.Players {
		if strings.EqualFold(term, p.Name+" resigned") && scores[i] != "0" {
			return fmt.Errorf("the record's result is %s, but [Termination] says %s resigned", res, p.Name)
		}
	}
	return nil
}

// placesOf reads a result of places, one per player ("2nd", "1st", "3rd"):
// each place from 1st to the number of players once, or nil.
func placesOf(scores []string) []int {
	out := make([]int, len(scores))
	seen := make([]bool, len(scores)+1)
	for i, s := range scores {
		for k := 1; k <= len(scores); k++ {
			if s == interpreter.Ordinal(k) && !seen[k] {
				out[i], seen[k] = k, true
			}
		}
		if out[i] == 0 {
			return nil
		}
	}
	return out
}
