package interpreter

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Explain says why a move is or is not legal: for a legal move, the rule that
// makes it; for an illegal one, every rule that could have made it and the
// condition that stopped it, with the values it was evaluated with; for text
// that is not a move here at all, why (bad syntax, no piece there, not the
// mover's piece, a direction no rule moves in, a lift out of range...).

// Explanation is the answer of Explain.
type Explanation struct {
	Move     string      // the move text as given, trimmed
	Legal    bool        // the move is one of the legal moves
	Rule     string      // for a legal move: the rule that makes it ("" for a pass)
	RuleKind string      // "move rule" or "bear-off rule", with Rule
	Problem  string      // why the text is not a move here at all; "" when rules were checked
	Checks   []RuleCheck // for an illegal move: each rule that could have made it
	// Err is the runtime error in the rule file's expressions met while
	// explaining (an *EvalError; Problem then says so): the game cannot go
	// on at p.
	Err error
}

// RuleCheck is why one rule does not make a move.
type RuleCheck struct {
	Rule   string // the rule's name
	Kind   string // "move rule" or "bear-off rule"
	Reason string // e.g. "showing(me) < showing(opponent) is false (5 < 4)"
	// Words is the rule file's reasons for the terms that failed, joined
	// with "; " ("" when the file gives none): what a player reads.
	Words string
	words []string // the same, one by one
	// Aside: the rule is for another kind of piece (its `kind` term fails),
	// or every term that fails has an empty reason (it only says which
	// pieces or places the rule is for); a player is told about it only when
	// no other rule was checked.
	Aside bool
	// notFor: a term that says which pieces or places the rule is for
	// (empty reason) fails, whatever else does.
	notFor bool
	// Line and Col are where in the rule file the failing condition is, 0
	// when the reason is not a condition (a direction or a lift).
	Line, Col int
}

// String is the explanation for people, one line per rule checked; a rule
// whose failing terms have words in the rule file gives the words, then the
// terms with their values on a line of their own.
func (e Explanation) String() string {
	switch {
	case e.Legal && e.Rule != "":
		return fmt.Sprintf("%s: legal, by %s %q", e.Move, e.RuleKind, e.Rule)
	case e.Legal:
		return e.Move + ": legal"
	}
	var sb strings.Builder
	if e.Problem != "" {
		fmt.Fprintf(&sb, "%s: not a legal move: %s", e.Move, e.Problem)
	} else {
		fmt.Fprintf(&sb, "%s: not legal", e.Move)
	}
	for _, c := range e.Checks {
		if c.Words != "" && e.Problem == "" {
			fmt.Fprintf(&sb, "\n  %s %q: %s\n    %s", c.Kind, c.Rule, c.Words, c.Reason)
		} else {
			fmt.Fprintf(&sb, "\n  %s %q: %s", c.Kind, c.Rule, c.Reason)
		}
	}
	return sb.String()
}

// Short is the explanation on one line, for a player's "illegal move" message.
func (e Explanation) Short() string {
	switch {
	case e.Legal:
		return e.String()
	case e.Problem != "":
		return fmt.Sprintf("%s: not a legal move: %s", e.Move, e.Problem)
	case len(e.Checks) == 0:
		return e.Move + ": not legal"
	}
	return fmt.Sprintf("%s is not legal: %s", e.Move, e.Why())
}

// Why is why an illegal move is not legal, on one line and without the
// move: the problem, or what the rules checked say (see sayChecks).
func (e Explanation) Why() string {
	if e.Problem != "" || len(e.Checks) == 0 {
		return e.Problem
	}
	return sayChecks(e.Checks, func(c RuleCheck) string { return c.Rule + ": " + c.Reason })
}

// sayChecks is what a player is told about the rules checked: for each, the
// rule file's words for the terms that failed, or plain(check) when it has
// none; the same words once; rules aside (see RuleCheck) only when every
// rule checked is.
func sayChecks(checks []RuleCheck, plain func(RuleCheck) string) string {
	allAside := true
	for _, c := range checks {
		allAside = allAside && c.Aside
	}
	var parts []string
	for _, c := range checks {
		if c.Aside && !allAside {
			continue
		}
		say := c.words
		if len(say) == 0 {
			say = []string{plain(c)}
		}
		for _, part := range say {
			if !slices.Contains(parts, part) {
				parts = append(parts, part)
			}
		}
	}
	return strings.Join(parts, "; ")
}

// Explain explains moveText at position p for the player to move.
func (g *Game) Explain(p *board.Position, moveText string) (e Explanation) {
	if err := catchEval(func() { e = g.explain(p, moveText) }); err != nil {
		e = Explanation{Move: strings.TrimSpace(moveText), Problem: "the rule file failed: " + err.Error(), Err: err}
	}
	return e
}

func (g *Game) explain(p *board.Position, moveText string) Explanation {
	text := strings.TrimSpace(moveText)
	e := Explanation{Move: text}
	if text == "" {
		e.Problem = "no move given"
		return e
	}
	m, err := g.ParseMoveText(text)
	if err != nil {
		e.Problem = strings.TrimPrefix(err.Error(), fmt.Sprintf("move %q: ", moveText))
		e.Problem = strings.TrimPrefix(e.Problem, fmt.Sprintf("move %q: ", text))
		return e
	}
	if l, err := g.ParseMove(p, text); err == nil {
		e.Legal = true
		e.Rule = g.RuleName(l)
		switch l.Kind {
		case board.Step:
			e.RuleKind = "move rule"
		case board.BearOff:
			e.RuleKind = "bear-off rule"
		case board.Capture:
			e.RuleKind = "capture rule"
			if int(l.Rule) < len(g.captureRules) {
				e.Rule = g.captureRules[l.Rule].name
			}
		case board.Place:
			e.RuleKind = "placement rule"
		case board.Pass:
			e.Rule = ""
		default:
			e.RuleKind = "rule"
		}
		return e
	}
	if o := g.Result(p); !o.Over && g.dice != nil {
		e.Problem, e.Checks = g.explainDicePlay(p, text)
		return e
	}
	legal := g.LegalMoves(p, nil)
	if o := g.Result(p); o.Over {
		e.Problem = "the game is over (" + o.Reason + ")"
		if o.Ranked() {
			e.Problem = "the game is over: " + g.PlacesText(o)
		}
		return e
	}
	me := int(p.ToMove)
	who := g.Players[me].Name
	if g.notation != nil && g.explainNotation(p, text, &e) {
		return e
	}
	if g.explainRemovals(m, legal, &e) {
		return e
	}
	switch m.Kind {
	case board.Place:
		g.explainPlace(p, m, &e)
		return e
	case board.Pass:
		if g.NoMoves != "pass" {
			e.Problem = fmt.Sprintf("this game has no passing (no_moves: %s)", g.NoMoves)
		} else {
			e.Problem = fmt.Sprintf("%s may pass only without any other move, and has %d", who, len(legal))
		}
		return e
	case board.Step, board.BearOff, board.Capture:
	default:
		e.Problem = "no rule of this game makes a move of this kind"
		return e
	}
	s := p.Cells[m.From]
	from := g.Board.SquareName(m.From)
	if s.Height() == 0 {
		e.Problem = fmt.Sprintf("there is no piece on %s", from)
		return e
	}
	if top := g.Board.TopOwner(s); top != me {
		e.Problem = fmt.Sprintf("the top piece on %s is %s's, and %s is to move", from, g.Players[top].Name, who)
		return e
	}
	var captures []string
	for _, l := range legal {
		if l.Kind == board.Capture {
			captures = append(captures, g.MoveString(l))
		}
	}
	sort.Strings(captures)
	switch {
	case m.Kind == board.Capture:
		g.explainCapture(m, captures, &e)
	case len(captures) > 0 && g.capture.mandatory:
		e.Problem = fmt.Sprintf("captures are mandatory, and %s can capture: %s", who, listSome(captures))
	case m.Kind == board.BearOff:
		g.explainBearOff(p, m, &e)
	default:
		g.explainStep(p, m, &e, strings.IndexAny(text, "0123456789") == 0)
	}
	return e
}

// explainRemovals explains a step or placement that is legal with other
// removals than the ones written (or none): a move that completes a line
// names the piece it removes.
func (g *Game) explainRemovals(m board.Move, legal []board.Move, e *Explanation) bool {
	if m.Kind != board.Step && m.Kind != board.Place {
		return false
	}
	var same []string
	bare := false
	for _, l := range legal {
		if l.Kind == m.Kind && l.From == m.From && l.To == m.To && (l.Lift == m.Lift || l.Lift == 0) {
			same = append(same, g.MoveString(l))
			bare = bare || l.Removed == 0
		}
	}
	switch {
	case len(same) == 0:
		return false
	case bare && m.Removed > 0:
		e.Problem = fmt.Sprintf("this move completes no line that removes a piece; write it %s", same[0])
	case m.Removed == 0:
		e.Problem = fmt.Sprintf("this move completes a line and removes a piece; write which: %s", listSome(same))
	default:
		sort.Strings(same)
		e.Problem = fmt.Sprintf("the pieces this move may remove are given by its trigger's which; the choices are %s", listSome(same))
		for _, t := range g.triggers {
			if t.whichC != nil {
				e.Problem += " (which: " + t.whichC.src.Text + ")"
				break
			}
		}
	}
	return true
}

// explainPlace says why a placement is not legal.
func (g *Game) explainPlace(p *board.Position, m board.Move, e *Explanation) {
	me := int(p.ToMove)
	if len(g.placeRules) == 0 {
		e.Problem = "this game has no placement rules"
		return
	}
	if p.Hand[me] <= 0 {
		e.Problem = fmt.Sprintf("%s has no pieces in hand to place", g.Players[me].Name)
		return
	}
	c := g.ctx(p, me)
	defer g.release(c)
	c.from, c.src, c.to, c.dst, c.lifted = noSquare, 0, m.To, p.Cells[m.To], 1
	for _, r := range g.placeRules {
		rc := g.checkTerms(c, r.cond, r.name, "placement rule")
		if rc.Reason == "" {
			rc.Reason = "every condition holds; the placement is made by an earlier rule"
		}
		e.Checks = append(e.Checks, rc)
	}
}

func (g *Game) explainCapture(m board.Move, captures []string, e *Explanation) {
	from := g.Board.SquareName(m.From)
	var mine []string
	for _, c := range captures {
		if strings.HasPrefix(c, from+"x") {
			mine = append(mine, c)
		}
	}
	switch {
	case len(g.captureRules) == 0:
		e.Problem = "this game has no captures"
	case len(mine) > 0:
		e.Problem = fmt.Sprintf("the captures from %s are %s", from, listSome(mine))
		if g.capture.noTurnBack && g.turnsBack(m) {
			e.Problem += " (no jump may go straight back the way the last one came)"
		} else if g.capture.landContinue && len(mine) < 9 && g.stopsShort(m, mine) {
			e.Problem += " (a king jumping from afar lands where it can jump on)"
		} else if len(g.capture.precedence) > 0 {
			e.Problem += " (only the captures best by " + g.precedenceText() + ")"
		} else if g.capture.maximum {
			e.Problem += " (a capture must take as many as it can)"
		} else {
			e.Problem += " (a capture goes on while it can)"
		}
	case len(captures) > 0:
		e.Problem = fmt.Sprintf("the piece on %s cannot capture here; the captures are %s", from, listSome(captures))
		if len(g.capture.precedence) > 0 {
			e.Problem += " (only the captures best by " + g.precedenceText() + ")"
		}
	default:
		e.Problem = "no capture is possible here"
	}
}

// turnsBack reports whether a written capture has a jump straight back
// along the line of the jump before it.
func (g *Game) turnsBack(m board.Move) bool {
	last := -1
	cur := m.From
	for i := 0; i < int(m.Jumps); i++ {
		land := m.Landing(i)
		f0, r0 := g.Board.Coord(cur)
		f1, r1 := g.Board.Coord(land)
		d := board.DirectionIndex(board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))})
		if last >= 0 && d == board.Opposite(last) {
			return true
		}
		last, cur = d, land
	}
	return false
}

// stopsShort reports whether one of the legal captures jumps from the same
// square along the same line as the written one and goes on further: the
// written one landed where it could not jump on.
func (g *Game) stopsShort(m board.Move, legal []string) bool {
	first := g.Board.SquareName(m.Landing(0))
	f0, r0 := g.Board.Coord(m.From)
	f1, r1 := g.Board.Coord(m.Landing(0))
	for _, text := range legal {
		l, err := g.Board.ParseMove(text)
		if err != nil || l.Jumps <= m.Jumps || g.Board.SquareName(l.Landing(0)) == first {
			continue
		}
		f2, r2 := g.Board.Coord(l.Landing(0))
		if sign(f2-f0) == sign(f1-f0) && sign(r2-r0) == sign(r1-r0) && (f2-f0)*(r1-r0) == (f1-f0)*(r2-r0) {
			return true
		}
	}
	return false
}

func listSome(s []string) string {
	if len(s) > 8 {
		return strings.Join(s[:8], ", ") + fmt.Sprintf(" and %d more", len(s)-8)
	}
	return strings.Join(s, ", ")
}

func (g *Game) explainBearOff(p *board.Position, m board.Move, e *Explanation) {
	if len(g.bearRules) == 0 {
		e.Problem = "this game has no bear-off rules"
		return
	}
	me := int(p.ToMove)
	c := g.ctx(p, me)
	defer g.release(c)
	c.from, c.src, c.to, c.dst, c.lifted = m.From, p.Cells[m.From], noSquare, 0, 1
	for _, r := range g.bearRules {
		e.Checks = append(e.Checks, g.checkTerms(c, r.cond, r.name, "bear-off rule"))
	}
}

func (g *Game) explainStep(p *board.Position, m board.Move, e *Explanation, counted bool) {
	b := g.Board
	me := int(p.ToMove)
	who := g.Players[me].Name
	from, to := b.SquareName(m.From), b.SquareName(m.To)
	h := p.Cells[m.From].Height()
	k := int(m.Lift)
	if k > h {
		e.Problem = fmt.Sprintf("%s holds %d, so %d cannot be lifted from it", from, h, k)
		return
	}
	ff, fr := b.Coord(m.From)
	tf, tr := b.Coord(m.To)
	df, dr := tf-ff, tr-fr
	dist := max(iabs(df), iabs(dr))
	if b.IsGraph() {
		// On points joined by lines, one step is to the next point along a line.
		dist = 2
		for d := range board.Compass {
			if b.Neighbor(m.From, d) == m.To {
				dist, df, dr = 1, int(board.Compass[d].DF), int(board.Compass[d].DR)
			}
		}
	}
	var anywhere []*moveRule
	for _, r := range g.moveRules {
		if r.anywhere {
			anywhere = append(anywhere, r)
		}
	}
	if (dist == 0 || (df != 0 && dr != 0 && iabs(df) != iabs(dr)) || (b.IsGraph() && dist > 1)) && len(anywhere) == 0 {
		if b.IsGraph() {
			e.Problem = fmt.Sprintf("%s is not next to %s along a line", to, from)
		} else {
			e.Problem = fmt.Sprintf("%s is not in a straight line from %s", to, from)
		}
		return
	}
	abs1 := board.Direction{DF: int8(isign(df)), DR: int8(isign(dr))}
	rel := absolute(abs1, g.Players[me].Home)
	dir := ""
	for n, d := range compass {
		if d == rel {
			dir = n
		}
	}
	// The squares passed over on the way, for a rule that moves any distance.
	blocked := ""
	for i := 1; i < dist && !b.IsGraph(); i++ {
		sq, ok := b.At(ff+i*isign(df), fr+i*isign(dr))
		if ok && p.Cells[sq] != 0 {
			blocked = b.SquareName(sq)
			break
		}
	}
	var candidates []*moveRule
	flyingOnly := true
	for _, r := range g.moveRules {
		if r.anywhere && m.From != m.To {
			candidates = append(candidates, r)
			continue
		}
		if dist > 1 && !r.flying && !r.leaping {
			continue
		}
		for _, n := range r.dirNames {
			if n == dir {
				candidates = append(candidates, r)
			}
		}
	}
	for _, r := range g.moveRules {
		if !r.flying && !r.leaping {
			flyingOnly = false
		}
	}
	if len(candidates) == 0 {
		if dist > 1 {
			if flyingOnly || len(g.moveRules) == 0 {
				e.Problem = fmt.Sprintf("no move rule goes %s from %s to %s", dir, from, to)
			} else {
				e.Problem = fmt.Sprintf("%s is not next to %s: a move goes one step", to, from)
			}
			return
		}
		var all []string
		for _, r := range g.moveRules {
			all = append(all, r.dirNames...)
		}
		e.Problem = fmt.Sprintf("%s to %s is %s (%s) for %s, and no move rule moves that way", from, to, dir, directionWords(dir), who)
		if len(all) > 0 {
			e.Problem += " (the rules move " + strings.Join(dedupe(all), ", ") + ")"
		}
		return
	}
	// A rule that moves anywhere is aside (see RuleCheck) for a move that
	// a rule moving in directions could make: the player is told about that.
	directed := slices.ContainsFunc(candidates, func(r *moveRule) bool { return !r.anywhere })
	c := g.ctx(p, me)
	defer g.release(c)
	c.from, c.src, c.to, c.dst, c.lifted = m.From, p.Cells[m.From], m.To, p.Cells[m.To], k
	for _, r := range candidates {
		lo, hi := r.liftMin, r.liftMax
		if hi == 0 || hi > h {
			hi = h
		}
		k := int(m.Lift)
		if r.liftAll {
			lo = h
			if !counted {
				k = h // the notation leaves the whole stack's count out
			}
		}
		c.lifted = k
		if k < lo || k > hi {
			e.Checks = append(e.Checks, RuleCheck{Rule: r.name, Kind: "move rule", Reason: liftReason(r, k, h)})
			continue
		}
		if kb := uint8(1) << uint(max(b.TopKind(p.Cells[m.From]), 0)); r.kinds != 0 && r.kinds&kb == 0 && len(g.Kinds) > 0 {
			words := g.kindWords(r.cond)
			e.Checks = append(e.Checks, RuleCheck{Rule: r.name, Kind: "move rule", Aside: true,
				Reason: fmt.Sprintf("does not move a %s", g.Kinds[b.TopKind(p.Cells[m.From])]), Words: strings.Join(words, "; "), words: words})
			continue
		}
		if r.leaping && dist != k {
			e.Checks = append(e.Checks, RuleCheck{Rule: r.name, Kind: "move rule", Reason: fmt.Sprintf("moves as many squares as pieces lifted (distance: lifted): %d, not %d", k, dist)})
			continue
		}
		if dist > 1 && blocked != "" && !r.anywhere && !r.leaping {
			e.Checks = append(e.Checks, RuleCheck{Rule: r.name, Kind: "move rule", Reason: fmt.Sprintf("moves over empty squares only, and %s is in the way", blocked)})
			continue
		}
		rc := g.checkTerms(c, r.cond, r.name, "move rule")
		if rc.Reason == "" && r.drop != nil {
			// A spread dropping everything on the next square: its drop
			// condition there, as explainSpread asks it.
			c.dropped, c.carried = k, 0
			if dc := g.checkTerms(c, r.drop, r.name, "move rule"); dc.Reason != "" {
				dc.Reason = fmt.Sprintf("dropping %d on %s: %s", k, to, dc.Reason)
				rc = dc
			}
		}
		if rc.Reason == "" {
			// Every condition holds: an earlier rule makes the same move.
			rc.Reason = "every condition holds, yet the rule does not make the move (please report this: it is a bug in stackrules)"
			for _, ei := range r.earlier {
				if e := g.moveRules[ei]; e.allows(c) {
					rc.Reason = fmt.Sprintf("every condition holds; the move is made by the earlier rule %q", e.name)
					break
				}
			}
		}
		rc.Aside = rc.Aside || (r.anywhere && directed)
		e.Checks = append(e.Checks, rc)
	}
}

// kindWords are the rule file's reasons for the `kind` terms of a
// condition (the pieces its rule moves).
func (g *Game) kindWords(cp *compiled) []string {
	if cp == nil {
		return nil
	}
	var words []string
	for i := range cp.terms {
		if _, ok := g.kindTerm(cp.terms[i]); ok {
			if w := cp.termWords(&cp.terms[i]); w != "" {
				words = append(words, w)
			}
		}
	}
	return words
}

func liftReason(r *moveRule, k, h int) string {
	switch {
	case r.liftAll:
		return fmt.Sprintf("lifts the whole stack (%d), not %d", h, k)
	case r.liftMax == 0:
		return fmt.Sprintf("lifts %d up to the whole stack, not %d", r.liftMin, k)
	case r.liftMin == r.liftMax:
		return fmt.Sprintf("lifts %d, not %d", r.liftMin, k)
	}
	return fmt.Sprintf("lifts %d-%d, not %d", r.liftMin, r.liftMax, k)
}

func directionWords(d string) string {
	switch d {
	case "n":
		return "straight forward"
	case "s":
		return "straight back"
	case "e":
		return "sideways, right"
	case "w":
		return "sideways, left"
	case "ne":
		return "diagonally forward, right"
	case "nw":
		return "diagonally forward, left"
	case "se":
		return "diagonally back, right"
	case "sw":
		return "diagonally back, left"
	}
	return d
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// ownerNames are the names whose value is a player (or none).
var ownerNames = map[string]bool{"me": true, "opponent": true, "top": true, "bottom": true, "to_top": true, "jumped_top": true, "none": true}

// legalMoveTexts lists the legal moves at p as sorted text.
func (g *Game) legalMoveTexts(p *board.Position) []string {
	var out []string
	for _, m := range g.LegalMoves(p, nil) {
		out = append(out, g.MoveString(m))
	}
	sort.Strings(out)
	return out
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func isign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
