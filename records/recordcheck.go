package records

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
)

// CheckResult reports whether a record's result can be true of its game, o
// being the outcome its moves reach: one score per player, either one 1 and
// the others 0 or 1/2 each; the outcome itself when the moves end the game;
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
	if !(ones == 1 && halves == 0) && halves != len(scores) {
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
