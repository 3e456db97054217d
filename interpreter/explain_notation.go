package interpreter

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Why a move written in the rule file's own notation is not legal: which
// rule could have placed that kind of piece there, or for a spread which
// square's drop the rules refuse, in the rule file's words.

// explainNotation explains text read with the game's notation; it reports
// false when the text is not in the notation.
func (g *Game) explainNotation(p *board.Position, text string, e *Explanation) bool {
	nt := g.notation
	for _, form := range []struct {
		keys []string
		kind board.MoveKind
		ok   bool
	}{{nt.placeKeys, board.Place, nt.placeRE != nil}, {nt.moveKeys, board.Step, nt.moveRE != nil}} {
		if !form.ok {
			continue
		}
		re := nt.placeRE
		if form.kind == board.Step {
			re = nt.moveRE
		}
		sm := re.FindStringSubmatch(strings.TrimSpace(text))
		if sm == nil {
			continue
		}
		w, err := g.notationFields(form.keys, sm[1:], form.kind, text)
		if err != nil {
			e.Problem = err.Error()
			return true
		}
		if form.kind == board.Place {
			g.explainNotationPlace(p, w, e)
		} else {
			g.explainSpread(p, w, e)
		}
		return true
	}
	return false
}

// explainNotationPlace says why no rule places the piece written there.
func (g *Game) explainNotationPlace(p *board.Position, w notationMove, e *Explanation) {
	me := int(p.ToMove)
	b := g.Board
	c := g.ctx(p, me)
	defer g.release(c)
	c.from, c.src, c.to, c.dst, c.lifted = noSquare, 0, w.to, p.Cells[w.to], 1
	any := false
	for _, r := range g.placeRules {
		kind := b.Kind(r.piece[me])
		if w.placed >= 0 && kind != w.placed || w.placed == -1 && kind != 0 {
			continue
		}
		any = true
		var rc RuleCheck
		if !g.handHas(p, me, r.pool[me]) {
			rc = RuleCheck{Rule: r.name, Kind: "placement rule", Reason: fmt.Sprintf("no %s left in hand", g.kindName(b.Kind(r.pool[me]))),
				Words: fmt.Sprintf("%s has no %s left to place", g.Players[me].Name, g.kindName(b.Kind(r.pool[me])))}
			rc.words = []string{rc.Words}
		} else {
			rc = g.checkTerms(c, r.cond, r.name, "placement rule")
			if rc.Reason == "" {
				rc.Reason = "every condition holds; the placement is made by an earlier rule"
			}
		}
		e.Checks = append(e.Checks, rc)
	}
	if !any {
		name := "plain piece"
		if w.placed >= 0 {
			name = g.kindName(w.placed)
		}
		e.Problem = fmt.Sprintf("no placement rule of this game places a %s", name)
	}
}

// explainSpread says why a move along a line is not legal: the stack, the
// lift, the direction, and each square's drop, rule by rule.
func (g *Game) explainSpread(p *board.Position, w notationMove, e *Explanation) {
	b := g.Board
	me := int(p.ToMove)
	who := g.Players[me].Name
	from := b.SquareName(w.from)
	s := p.Cells[w.from]
	switch {
	case s.Height() == 0:
		e.Problem = fmt.Sprintf("there is no piece on %s", from)
		return
	case b.TopOwner(s) != me:
		owner := "nobody"
		if o := b.TopOwner(s); o >= 0 {
			owner = g.Players[o].Name
		}
		e.Problem = fmt.Sprintf("the top piece on %s is %s's, and %s is to move", from, owner, who)
		return
	case w.count > s.Height():
		e.Problem = fmt.Sprintf("%s holds %d, so %d cannot be lifted from it", from, s.Height(), w.count)
		return
	}
	// the squares dropped on, along the line
	squares := make([]board.Square, len(w.drops))
	at := w.from
	for i := range w.drops {
		f, r := b.Coord(at)
		next, ok := b.At(f+int(w.dir.DF), r+int(w.dir.DR))
		if !ok {
			e.Problem = fmt.Sprintf("the drops go past the edge of the board (%d squares from %s)", len(w.drops), from)
			return
		}
		squares[i], at = next, next
	}
	c := g.ctx(p, me)
	defer g.release(c)
	c.from, c.src, c.lifted = w.from, s, w.count
	any := false
	for _, r := range g.moveRules {
		if !r.spread && len(w.drops) > 1 {
			continue
		}
		goes := false
		for _, d := range r.absDirs[me] {
			goes = goes || d == w.dir
		}
		if !goes {
			continue
		}
		any = true
		rc := RuleCheck{Rule: r.name, Kind: "move rule"}
		hi := r.liftMax
		if hi == 0 {
			hi = s.Height()
		}
		if w.count < r.liftMin || w.count > hi {
			rc.Reason = fmt.Sprintf("it lifts %d to %d pieces, not %d", r.liftMin, hi, w.count)
			rc.Words = fmt.Sprintf("at most %d pieces are carried", hi)
			rc.words = []string{rc.Words}
			e.Checks = append(e.Checks, rc)
			continue
		}
		c.to, c.dst = squares[len(squares)-1], p.Cells[squares[len(squares)-1]]
		rc = g.checkTerms(c, r.cond, r.name, "move rule")
		if rc.Reason == "" && r.drop != nil {
			left := w.count
			for i, sq := range squares {
				c.to, c.dst, c.dropped, c.carried = sq, p.Cells[sq], w.drops[i], left-w.drops[i]
				left -= w.drops[i]
				dc := g.checkTerms(c, r.drop, r.name, "move rule")
				if dc.Reason != "" {
					dc.Reason = fmt.Sprintf("dropping %d on %s: %s", w.drops[i], b.SquareName(sq), dc.Reason)
					rc = dc
					break
				}
			}
		}
		if rc.Reason == "" {
			rc.Reason = "every condition holds; the move is made by an earlier rule"
		}
		e.Checks = append(e.Checks, rc)
	}
	if !any {
		e.Problem = fmt.Sprintf("no move rule of this game moves %s's pieces that way", who)
	}
}
