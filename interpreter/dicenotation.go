package interpreter

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// The notation of dice games (GNU Backgammon's: `24/18 13/11`, rolls `65`)
// is the dice engine's (internal/dice/notation.go): writing and reading
// plays, the routes of a play through the dice, hints. What stays here
// reads the rule file's compiled conditions: matching a play as written
// against the legal plays, playing it hop by hop by the rules that allow
// each hop, and explaining a play no rule allows in the rule file's words.

// parseDiceMove matches move text against the legal moves at p: a roll at a
// chance node, a play (in any order, as GNU Backgammon reads it) or `pass`
// otherwise. A play matches the legal play that leads to the same position.
func (g *Game) parseDiceMove(p *board.Position, text string) (board.Move, error) {
	t := strings.TrimSpace(text)
	legal := g.LegalMoves(p, nil)
	if len(legal) == 0 {
		if o := g.Result(p); o.Over {
			return board.Move{}, fmt.Errorf("move %q: the game is over (%s)", t, o.Reason)
		}
	}
	if !p.Rolled() || t == "pass" || t == "penalty" {
		return g.dice.MatchRollOrPass(p, t, legal)
	}
	me := int(p.ToMove)
	dr := g.dice
	finish := len(dr.Track(me))
	steps, err := dr.ParsePlayText(t, finish)
	if err != nil {
		return board.Move{}, err
	}
	q, err := dr.PlayAsWritten(p, t, steps, g.Players[me].Name)
	if err != nil {
		return board.Move{}, err
	}
	for _, m := range legal {
		if m.Kind != board.Play {
			continue
		}
		r := *p
		unsettled := m
		if dr.Dice().HitsAtEnd {
			unsettled.Removed = 0 // compared before the hits settled at the end
		}
		g.applyDice(&r, unsettled)
		r.SetDice(0, 0, false)
		r.SetToMove(me)
		if r.Cells == q.Cells {
			return m, nil
		}
	}
	// Where the rules say a landing on another player's checker does not
	// hit (it pins, as in Plakoto), the text played by the rules, each hop
	// by a die and a rule that allows it, reaches the play's position.
	// A checker's move over several dice (11/5 with 51) is tried by each
	// order of the dice, the points touched on the way differing.
	for _, route := range dr.Routes(p, steps) {
		q, _, why := g.playTextByRules(p, route, new([]RuleCheck))
		if why != "" || q.Cells == p.Cells {
			continue
		}
		for _, m := range legal {
			if m.Kind != board.Play {
				continue
			}
			r := *p
			g.applyDice(&r, m)
			if r.Cells == q.Cells {
				return m, nil
			}
		}
	}
	return board.Move{}, fmt.Errorf("move %q is not legal here (roll %s): %s", t, board.RollString(int(p.Dice[0]), int(p.Dice[1])), g.dice.LegalPlaysHint(legal))
}

// explainDicePlay says why a dice game's move text is not legal at p: the
// die move that no rule allows (and the condition that stops it, in the
// rule file's words when it has some; checks has each rule's failing terms
// with their values), or, when every move written can be played, the rule
// on using the roll that it breaks, with a play that keeps it.
func (g *Game) explainDicePlay(p *board.Position, text string) (problem string, checks []RuleCheck) {
	problem = g.explainDiceSteps(p, text, &checks)
	return problem, checks
}

func (g *Game) explainDiceSteps(p *board.Position, text string, checks *[]RuleCheck) string {
	if !p.Rolled() {
		return "the dice are rolled next: write the roll, like 65"
	}
	if legal := g.LegalMoves(p, nil); len(legal) == 1 && g.dice.MoveString(legal[0]) == "penalty" {
		return "this roll is not played (the rule file's dice: penalty holds): write penalty; your piece farthest along its track goes back to its start"
	}
	if text == "pass" {
		return "the roll can be played: " + g.dice.LegalPlaysHint(g.LegalMoves(p, nil))
	}
	dr := g.dice
	me := int(p.ToMove)
	finish := len(dr.Track(me))
	steps, err := g.dice.ParsePlayText(text, finish)
	if err != nil {
		return err.Error()
	}
	if _, _, why := g.playTextByRules(p, steps, checks); why != "" {
		return why
	}
	return g.dice.ExplainRollUse(p, steps, g.LegalMoves(p, nil))
}

// PlayedSoFar is the position after the checker moves of text, the start
// of a play at p typed one checker at a time, and the dice they leave to
// play (the roll is cleared in the position): what a player sees in the
// middle of a turn. Each move is played by a die and a dice move rule that
// allows it; the error says which one no rule allows.
func (g *Game) PlayedSoFar(p *board.Position, text string) (q board.Position, left []int, err error) {
	if g.dice == nil || !p.Rolled() {
		return *p, nil, fmt.Errorf("no roll to play")
	}
	steps, err := g.dice.ParsePlayText(text, len(g.dice.Track(int(p.ToMove))))
	if err != nil {
		return *p, nil, err
	}
	if ferr := catchEval(func() {
		var why string
		if q, left, why = g.playTextByRules(p, steps, new([]RuleCheck)); why != "" {
			err = errors.New(why)
		}
	}); ferr != nil {
		return *p, nil, ferr
	}
	return q, left, err
}

// playTextByRules plays the checker moves of a play as written, each hop by
// a die and a dice move rule that allows it, hitting where that rule's hit
// says (so a landing that pins, as in Plakoto, does not hit): the position
// reached, with the roll cleared, or what stops a hop (checks then has the
// failing rules' terms). The dice engine plays it (PlayByRules); a hop the
// rules refuse is said here, in the rule file's words.
func (g *Game) playTextByRules(p *board.Position, steps []dice.ParsedStep, checks *[]RuleCheck) (board.Position, []int, string) {
	me := int(p.ToMove)
	c := g.ctx(p, me)
	defer g.release(c)
	q, rem, ref := g.dice.PlayByRules(&c.dice, p, steps, g.Players[me].Name)
	switch {
	case ref == nil:
		return q, rem, ""
	case ref.Why != "":
		return q, rem, ref.Why
	}
	// c still holds the hop refused.
	var fails []RuleCheck
	for _, i := range ref.Rules {
		r := g.diceRules[i]
		fails = append(fails, g.checkTerms(c, r.cond, r.name, "dice move rule"))
	}
	if ref.Fixed && !slices.ContainsFunc(fails, func(rc RuleCheck) bool { return !rc.notFor }) {
		// Only rules of a fixed count make the hop, and they are for
		// other pieces (ludo's entering on a 6 is one step): what is
		// wrong is the distance.
		*checks = fails
		return q, rem, ref.NoDie
	}
	// Without words, the first term that fails, as written.
	plain := func(rc RuleCheck) string {
		for _, r := range g.diceRules {
			if r.name != rc.Rule {
				continue
			}
			for _, t := range r.cond.terms {
				if !t.test(c) {
					return fmt.Sprintf("rule %q: %s is false", r.name, t.text)
				}
			}
		}
		return fmt.Sprintf("rule %q: %s", rc.Rule, rc.Reason)
	}
	why := fmt.Sprintf("%s with the %d: %s", ref.Written, ref.Die, sayChecks(fails, plain))
	if len(fails) == 0 {
		why = fmt.Sprintf("%s with the %d: no dice move rule moves a piece that far", ref.Written, ref.Die)
	}
	*checks = fails
	return q, rem, why
}

// DieMove is one die's move of a play, in the mover's point numbers (the
// steps left to the end of its track: the track's first square, a bar, is
// its length, and 0 is off the end): From, To and Hit (`go doc
// ./interpreter/internal/dice.DieMove`).
type DieMove = dice.DieMove

// DieMoves are the die moves of a play, in the order they were played.
func (g *Game) DieMoves(m board.Move) []DieMove {
	if g.dice == nil {
		return nil
	}
	return g.dice.DieMoves(m)
}

// DiceNotation is how a dice game writes its plays, for help texts: the
// name of a track's first square (bar, base), whether steps are counted
// from the start square up (Ludo) rather than as points left to go
// (backgammon), whether a play can hit (written *), whether counts past
// the end walk back, the dice rolled at once and an opening roll (`go doc
// ./interpreter/internal/dice.Notation`).
type DiceNotation = dice.Notation

// DiceNotation describes the notation of a dice game (false without dice).
func (g *Game) DiceNotation() (DiceNotation, bool) {
	if g.dice == nil {
		return DiceNotation{}, false
	}
	return g.dice.Notation(), true
}
