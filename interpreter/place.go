package interpreter

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Pieces in hand, placements and lines that trigger (the Morris family).
// A placement puts a piece from the mover's hand on a point; a trigger says
// what a step or placement that completes lines of the mover's pieces does
// as well: remove opposing pieces, one move per choice. All of it is plain
// data of the Game, so a rule file without these keys compiles as before.

type placeRule struct {
	name    string
	cond    *compiled
	squares [board.MaxPlayers][]bool // static terms, folded per player and point
	pos     boolFn                   // position terms
	dest    boolFn                   // terms on the point
	toEmpty bool                     // a folded `to_height == 0`
	// piece[pi] is the code of the piece player pi places, pool[pi] the
	// code of the pieces in hand it takes (a wall is a stone from the
	// stones' pool); mark[pi] is Move.Piece: 0 for pi's plain piece.
	piece, pool [board.MaxPlayers]int
	mark        [board.MaxPlayers]uint8
	again       *compiled // then the same player moves again when it holds
}

// trigger is what a move completing lines does: the mover removes up to
// remove opposing pieces among those which allows.
type trigger struct {
	cond   *compiled
	when   boolFn // nil: any move that completes a line
	remove int
	which  boolFn // nil: any opposing piece
	whichC *compiled
}

func (g *Game) buildPlacement(d *decoder, rf *ruleFile) {
	b := g.Board
	if len(rf.Place) > 32 {
		d.errorf(rf.root, "too-many-rules", "", "at most 32 placement rules")
		return
	}
	for _, ps := range rf.Place {
		what := fmt.Sprintf("placement rule %q", ps.Name)
		r := &placeRule{name: ps.Name}
		g.placedPieces(d, ps, r, what)
		r.cond = g.compileExpr(d, ps.When, what, inPlace, true)
		if ps.Again != nil {
			r.again = g.compileExpr(d, ps.Again, what+": again", inEnd, true)
			g.againRules = g.againRules || r.again != nil
		}
		var static boolFn
		if r.cond != nil {
			for _, t := range r.cond.terms {
				switch {
				case t.node != nil && t.node.String() == "to_height == 0":
					r.toEmpty = true
				case t.level <= lvStatic:
					static = and(static, t.test)
				case t.level == lvPosition:
					r.pos = and(r.pos, t.test)
				default:
					r.dest = and(r.dest, t.test)
				}
			}
		}
		g.folding(d, ps.When, what, func() {
			for pi := range g.Players {
				r.squares[pi] = make([]bool, b.NumSquares())
				c := d.foldCtx(g, pi)
				c.lifted = 1
				for sq := 0; sq < b.NumSquares(); sq++ {
					c.to = board.Square(sq)
					r.squares[pi][sq] = static == nil || static(c)
				}
			}
		})
		g.placeRules = append(g.placeRules, r)
	}
	g.buildLineMasks()
	for _, ts := range rf.Triggers {
		t := &trigger{remove: ts.Remove}
		if ts.When != nil {
			t.cond = g.compileExpr(d, ts.When, "trigger: when", inTrigger, true)
			if t.cond != nil {
				t.when = allTermsFn(t.cond)
			}
		}
		if ts.Which != nil {
			t.whichC = g.compileExpr(d, ts.Which, "trigger: which", inRemove, true)
			if t.whichC != nil {
				t.which = allTermsFn(t.whichC)
			}
		}
		if len(b.Lines()) == 0 {
			d.errorf(ts.node, "no-lines", "declare `lines:` under `board:`", "a trigger fires when a move completes a line, but the board declares no lines")
		}
		g.triggers = append(g.triggers, t)
	}
}

// placedPieces works out which piece a placement rule puts down for each
// player, and from which pieces in hand: `kind:` (a neutral piece's name
// too), `owner:` (a static expression: opponent) and `from:`.
func (g *Game) placedPieces(d *decoder, ps placeSpec, r *placeRule, what string) {
	b := g.Board
	kind, from := 0, -1
	if ps.Kind != "" {
		if kind = g.kindIndex(ps.Kind); kind < 0 {
			d.errorf(ps.kindNode, "bad-value", suggest(ps.Kind, append(append([]string(nil), g.Kinds...), g.pieceSet.neutral...)), "%s: %q is not a kind of this game's pieces (%s)", what, ps.Kind, g.kindsText())
			kind = 0
		}
	}
	if ps.From != "" {
		if from = g.kindIndex(ps.From); from < 0 || from >= g.pieceSet.kinds {
			d.errorf(ps.fromNode, "bad-value", "", "%s: from: %q is not a kind of the players' pieces (%s)", what, ps.From, strings.Join(g.Kinds, ", "))
			from = -1
		}
	}
	var owner *compiled
	if ps.Owner != nil {
		owner = g.compileExpr(d, ps.Owner, what+": owner", inEnd, false)
		if owner != nil && !owner.terms[0].static {
			d.errorf(ps.Owner.node, "bad-value", "write me, opponent, next, previous or a player's name", "%s: owner must depend on the player only", what)
			owner = nil
		}
	}
	neutral := kind >= g.pieceSet.kinds
	if neutral && (ps.Owner != nil || from >= 0) {
		d.errorf(ps.kindNode, "bad-value", "", "%s: a neutral piece belongs to nobody: leave out owner and from", what)
	}
	for pi := range g.Players {
		o := pi
		if owner != nil {
			c := d.foldCtx(g, pi)
			o = owner.terms[0].value(c)
			if o < 0 || o >= len(g.Players) {
				d.errorf(ps.Owner.node, "bad-value", "", "%s: owner is %d for %s, not a player", what, o, g.Players[pi].Name)
				o = pi
			}
		}
		r.piece[pi] = b.CodeOf(o, kind)
		r.pool[pi] = r.piece[pi]
		if from >= 0 {
			r.pool[pi] = b.CodeOf(o, from)
		}
		if r.piece[pi] != b.CodeOf(pi, 0) {
			r.mark[pi] = uint8(r.piece[pi] + 1)
		}
		if (neutral || from >= 0 || kind > 0) && !g.pieceSet.pools {
			d.errorf(ps.node, "bad-value", "give the pieces in hand by kind: setup: hand: {white: {flat: 21, capstone: 1}}",
				"%s places a %s, but the game keeps no pieces in hand by kind", what, g.kindName(kind))
			return
		}
		g.poolFor(d, r.pool[pi])
	}
}

// place takes the piece placement m puts down out of the hand it comes
// from and counts it on the board, and returns its code.
func (g *Game) place(p *board.Position, m board.Move) int {
	me := int(p.ToMove)
	code, pool := me, me
	if m.Piece > 0 {
		code, pool = int(m.Piece)-1, int(m.Piece)-1
	}
	if int(m.Rule) < len(g.placeRules) {
		pool = g.placeRules[m.Rule].pool[me]
	}
	if o := g.Board.Owner(code); o >= 0 {
		p.OnBoard[o]++
	}
	g.takeFromHand(p, me, pool)
	return code
}

// kindName is the name of kind k, for messages.
func (g *Game) kindName(k int) string {
	if k < len(g.Kinds) {
		return g.Kinds[k]
	}
	if j := k - g.pieceSet.kinds; j >= 0 && j < len(g.pieceSet.neutral) {
		return g.pieceSet.neutral[j]
	}
	return "piece"
}

// allTermsFn is a compiled condition as one test.
func allTermsFn(c *compiled) boolFn {
	return func(x *Ctx) bool { return allTerms(c, x) }
}

// placeAllows reports whether placement rule r puts the piece it places
// on to at c.pos.
func (r *placeRule) allows(c *Ctx, to board.Square) bool {
	dst := c.pos.Cells[to]
	if !r.squares[c.me][to] || (r.toEmpty && dst != 0) || !c.g.handHas(c.pos, c.me, r.pool[c.me]) || (r.pos != nil && !r.pos(c)) {
		return false
	}
	c.to, c.dst = to, dst
	return r.dest == nil || r.dest(c)
}

// generatePlacements appends the placements of c.me at c.pos.
func (g *Game) generatePlacements(c *Ctx, buf []board.Move, any bool) []board.Move {
	p, me := c.pos, c.me
	if p.Hand[me] <= 0 && !g.pieceSet.pools {
		return buf
	}
	n := g.Board.NumSquares()
	c.from, c.src, c.lifted = noSquare, 0, 1
	for ri, r := range g.placeRules {
		if !g.handHas(p, me, r.pool[me]) || (r.pos != nil && !r.pos(c)) {
			continue
		}
		squares := r.squares[me]
	points:
		for sq := 0; sq < n; sq++ {
			dst := p.Cells[sq]
			if !squares[sq] || (r.toEmpty && dst != 0) {
				continue
			}
			to := board.Square(sq)
			c.to, c.dst = to, dst
			if r.dest != nil && !r.dest(c) {
				continue
			}
			for _, e := range g.placeRules[:ri] {
				if e.piece[me] == r.piece[me] && e.allows(c, to) {
					continue points
				}
			}
			buf = append(buf, board.Move{From: noSquare, To: to, Lift: 1, Kind: board.Place, Rule: uint8(ri), Piece: r.mark[me]})
			if any {
				return buf
			}
		}
	}
	return buf
}

// generateTriggered generates the moves of a game with triggers: the steps
// and placements as the rules make them, into a scratch list, then each
// appended to buf, or expanded into one move per choice of removal. The
// generator's loops stay those of every other game, at no cost to them.
func (g *Game) generateTriggered(c *Ctx, buf []board.Move, any bool) []board.Move {
	c.expanding = true
	base := g.generate(c, c.base[:0], any)
	c.expanding = false
	c.base = base
	for _, m := range base {
		if m.Kind != board.Step && m.Kind != board.Place {
			buf = append(buf, m)
			continue
		}
		buf = g.emit(c, buf, m)
	}
	return buf
}

// emit appends move m, or, when it completes lines and a trigger fires, one
// move per choice of the pieces it removes.
func (g *Game) emit(c *Ctx, buf []board.Move, m board.Move) []board.Move {
	if len(g.triggers) == 0 {
		return append(buf, m)
	}
	made := g.linesMade(c.pos, &m, c.me)
	if made == 0 {
		return append(buf, m)
	}
	c.made = made
	for _, t := range g.triggers {
		if t.when == nil || t.when(c) {
			return g.appendRemovals(c, buf, m, t)
		}
	}
	return append(buf, m)
}

// linesMade counts the lines through m's destination whose every point holds
// the mover's piece once m is played (before any removal): a few word
// operations per line, since every move of a game with triggers asks.
func (g *Game) linesMade(p *board.Position, m *board.Move, me int) int {
	tops := p.Tops[me]
	if m.Kind == board.Step {
		b := g.Board
		src := p.Cells[m.From]
		if m.Lift == 0 || int(m.Lift) >= src.Height() {
			tops.Remove(m.From)
		} else if under := b.Piece(src, int(m.Lift)+1); under < 0 && g.tall {
			// Below the word's window: PieceAt reads the Deep store.
			if b.Owner(b.PieceAt(p, m.From, int(m.Lift)+1)) != me {
				tops.Remove(m.From)
			}
		} else if b.Owner(under) != me {
			tops.Remove(m.From)
		}
	}
	n := 0
	for i := range g.lineOthers[m.To] {
		if covers(&tops, &g.lineOthers[m.To][i]) {
			n++
		}
	}
	return n
}

// covers reports whether set holds every square of mask.
func covers(set, mask *board.SquareSet) bool {
	for w := range mask {
		if set[w]&mask[w] != mask[w] {
			return false
		}
	}
	return true
}

// buildLineMasks makes, for every square, the sets of the other points of
// each line through it.
func (g *Game) buildLineMasks() {
	b := g.Board
	g.lineOthers = make([][]board.SquareSet, b.NumSquares())
	g.lineSets = nil
	for _, line := range b.Lines() {
		var all board.SquareSet
		for _, q := range line {
			all.Add(q)
		}
		g.lineSets = append(g.lineSets, all)
		for _, q := range line {
			others := all
			others.Remove(q)
			g.lineOthers[q] = append(g.lineOthers[q], others)
		}
	}
}

// appendRemovals appends m once per choice of t.remove opposing pieces that
// t.which allows in the position after m (fewer when fewer are allowed; m
// alone when none is).
func (g *Game) appendRemovals(c *Ctx, buf []board.Move, m board.Move, t *trigger) []board.Move {
	before := c.pos
	after := &c.after
	*after = *before
	g.applyPieces(after, m)
	c.pos = after
	n := 0
	for o := range g.Players {
		if o == c.me {
			continue
		}
		for wi, w := range after.Tops[o] {
			for w != 0 {
				sq := board.Square(wi*64 + bitsTrailing(w))
				w &= w - 1
				c.at = sq
				if t.which == nil || t.which(c) {
					c.removable[n] = sq
					n++
				}
			}
		}
	}
	c.pos = before
	if n == 0 {
		return append(buf, m)
	}
	k := min(t.remove, n, len(m.Via))
	m.Removed = uint8(k)
	return g.appendChoices(buf, m, c.removable[:n], 0, 0, k)
}

// appendChoices appends m with every choice of k squares from cand (in
// increasing order) in m.Via[depth:].
func (g *Game) appendChoices(buf []board.Move, m board.Move, cand []board.Square, start, depth, k int) []board.Move {
	if depth == k {
		return append(buf, m)
	}
	for i := start; i <= len(cand)-(k-depth); i++ {
		m.Via[depth] = cand[i]
		buf = g.appendChoices(buf, m, cand, i+1, depth+1, k)
	}
	return buf
}

// linesOf counts the lines whose every point holds player's piece.
func (g *Game) linesOf(p *board.Position, player int) int {
	n := 0
	for i := range g.lineSets {
		if covers(&p.Tops[player], &g.lineSets[i]) {
			n++
		}
	}
	return n
}

// inLine reports whether the piece on sq is on a line of its owner's pieces.
func (g *Game) inLine(p *board.Position, sq board.Square) bool {
	// The VM fills in every name, in_line too, wherever it runs: outside a
	// trigger there is no piece to ask about, and at load time no position.
	if sq == noSquare || p == nil || int(sq) >= len(g.lineOthers) {
		return false
	}
	owner := g.Board.TopOwner(p.Cells[sq])
	if owner < 0 {
		return false
	}
	for i := range g.lineOthers[sq] {
		if covers(&p.Tops[owner], &g.lineOthers[sq][i]) {
			return true
		}
	}
	return false
}

// lined counts player's pieces that are on a line of player's pieces.
func (g *Game) lined(p *board.Position, player int) int {
	n := 0
	for wi, w := range p.Tops[player] {
		for w != 0 {
			sq := board.Square(wi*64 + bitsTrailing(w))
			w &= w - 1
			if g.inLine(p, sq) {
				n++
			}
		}
	}
	return n
}

// applyPieces plays m's step or placement at p without its removals and
// without passing the turn: the position a trigger judges removals on. It is
// Apply, so that the two cannot drift apart; handing the turn back costs two
// hash updates, only for the moves that complete a line.
func (g *Game) applyPieces(p *board.Position, m board.Move) {
	me := int(p.ToMove)
	m.Removed = 0
	g.Apply(p, m)
	p.SetToMove(me)
}

// applyRemovals takes the top piece off each square m removes.
func (g *Game) applyRemovals(p *board.Position, m *board.Move) {
	b := g.Board
	for i := 0; i < int(m.Removed); i++ {
		sq := m.Via[i]
		rest, section := b.Lift(p.Cells[sq], 1)
		owner := b.Owner(b.Top(section))
		p.Set(b, sq, rest)
		p.OnBoard[owner]--
		p.AddCaptured(owner, 1)
	}
}

func bitsTrailing(w uint64) int { return bits.TrailingZeros64(w) }
