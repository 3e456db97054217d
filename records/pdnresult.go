package records

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
)

// MaxPDNSize is the most a PDN file may be: a database of a few tens of
// thousands of games (records of one game stop at MaxRecordSize).
const MaxPDNSize = 64 << 20

// PDNOutcome is how the moves of a replayed PDN game end it: only by the
// rules' ends (a player without moves, a win condition). A draw by
// repetition or by moves without progress is a claim, which a record's
// players may leave unmade and play on.
func PDNOutcome(h *interpreter.History) interpreter.Outcome {
	p := h.Position()
	o, err := h.Game().ResultErr(&p)
	if err != nil || !o.Over {
		return interpreter.Outcome{Winner: -1}
	}
	return o
}

// CheckPDNResult reports whether a PDN game's result can be true of its
// moves, o being PDNOutcome: the one the moves reach when they end the
// game; any otherwise, as a game stops by resignation, an agreed or claimed
// draw or adjudication without a [Termination] tag in PDN. The scores are
// the first player's first, as for every stackrules record: in English
// checkers "1-0" is a win for black, who moves first, as CheckerBoard has it.
func CheckPDNResult(g *interpreter.Game, r *Record, o interpreter.Outcome) error {
	res := r.Result
	if res == "*" || res == "" {
		return nil
	}
	if res == "0-0" && len(g.Players) == 2 { // both lost: a double forfeit
		if o.Over {
			return fmt.Errorf("the record's result is 0-0, but the moves end the game %s (%s)", ResultText(g, o), o.Reason)
		}
		return nil
	}
	cp := *r
	cp.Tags = nil
	cp.SetTag("Termination", "as the record says") // PDN needs none
	return CheckResult(g, &cp, o)
}

// PDNEnding says how a PDN game that its moves leave unfinished ended, as
// far as its record tells: its [Termination], a resignation (the loser's),
// a draw by repetition or moves without progress its moves reach, or an
// agreed draw.
func PDNEnding(g *interpreter.Game, r *Record, h *interpreter.History) string {
	if t := strings.TrimSpace(r.Tag("Termination")); t != "" {
		return t
	}
	scores := strings.Split(r.Result, "-")
	if len(scores) == len(g.Players) && len(g.Players) == 2 {
		for i, sc := range scores {
			if sc == "0" && scores[1-i] == "1" {
				return g.Players[i].Name + " resigned"
			}
		}
	}
	if o := h.Outcome(); o.Over && o.Winner < 0 {
		if o.Why != "" {
			return "a draw: " + o.Why
		}
		return o.Reason
	}
	if r.Result == "1/2-1/2" {
		return "a draw agreed"
	}
	return "as the record says"
}
