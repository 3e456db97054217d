package interpreter

import (
	"fmt"
	"slices"

	"github.com/stackrules/stackrules/board"
	"go.yaml.in/yaml/v3"
)

func directionNames() []string {
	var out []string
	for n := range compass {
		out = append(out, n)
	}
	for n := range directionGroups {
		out = append(out, n)
	}
	return append(out, "anywhere")
}

// absolute turns a direction named from a player's side into a board step.
func absolute(d board.Direction, home string) board.Direction {
	switch home {
	case "top":
		return board.Direction{DF: -d.DF, DR: -d.DR}
	case "left": // facing east: ahead is east, the right hand south
		return board.Direction{DF: d.DR, DR: -d.DF}
	case "right": // facing west: ahead is west, the right hand north
		return board.Direction{DF: -d.DR, DR: d.DF}
	}
	return d
}

func (g *Game) buildRules(d *decoder, rf *ruleFile) {
	if len(rf.Moves)+len(rf.BearOff)+len(rf.Captures)+len(rf.Place)+len(rf.DiceMoves) == 0 {
		d.errorf(rf.root, "no-rules", "", "the game has no move, capture, bear-off or placement rules")
	}
	if len(rf.Moves) > 32 || len(rf.BearOff) > 32 {
		d.errorf(rf.root, "too-many-rules", "", "at most 32 move rules and 32 bear-off rules")
		return
	}
	b := g.Board
	g.compileRegions(d, rf)
	for mi := range rf.Moves {
		ms := &rf.Moves[mi]
		r := &moveRule{name: ms.Name, liftMin: ms.LiftMin, liftMax: ms.LiftMax, liftAll: ms.LiftAll, kinds: allKinds}
		var rel []board.Direction
		dirs := ms.Directions
		for i, dn := range dirs {
			if dn.Value == "anywhere" {
				r.anywhere = true
				dirs = append(append([]*yaml.Node(nil), dirs[:i]...), dirs[i+1:]...)
				break
			}
		}
		if r.anywhere && ms.Flying {
			d.errorf(ms.directionsNode, "bad-direction", "leave out `distance: any`", "move rule %q: `anywhere` already reaches every point; `distance: any` slides along lines", ms.Name)
		}
		rel, r.dirNames = g.directions(d, dirs, fmt.Sprintf("move rule %q", ms.Name))
		if r.anywhere {
			r.dirNames = append(r.dirNames, "anywhere")
		}
		r.flying = ms.Flying
		r.leaping = ms.Leaping
		r.spread = ms.Spread
		r.farther = r.flying || r.leaping || r.spread
		if r.spread && (r.anywhere || b.IsGraph()) {
			d.errorf(ms.dropsNode, "bad-value", "", "move rule %q: `drops: spread` drops along a straight line of a grid or hex board", ms.Name)
		}
		if ms.Drop != nil {
			r.drop = g.compileExpr(d, ms.Drop, fmt.Sprintf("move rule %q: drop", ms.Name), inDrop, true)
			if r.drop != nil {
				r.dropTest = allTermsFn(r.drop)
			}
		}
		if ms.Again != nil {
			r.again = g.compileExpr(d, ms.Again, fmt.Sprintf("move rule %q: again", ms.Name), inEnd, true)
			g.againRules = g.againRules || r.again != nil
		}
		if r.leaping && (r.anywhere || b.IsGraph()) {
			d.errorf(ms.distanceNode, "bad-value", "", "move rule %q: `distance: lifted` counts squares on a grid, in compass directions", ms.Name)
		}
		for pi, p := range g.Players {
			for _, step := range rel {
				r.absDirs[pi] = append(r.absDirs[pi], absolute(step, p.Home))
			}
		}
		r.cond = g.compileExpr(d, ms.When, fmt.Sprintf("move rule %q", ms.Name), inMove, true)
		g.folding(d, ms.When, fmt.Sprintf("move rule %q", ms.Name), func() { g.placeMoveTerms(d, r) })
		g.moveRules = append(g.moveRules, r)
	}
	for bi := range rf.BearOff {
		bs := &rf.BearOff[bi]
		r := &bearOffRule{name: bs.Name}
		r.cond = g.compileExpr(d, bs.When, fmt.Sprintf("bear-off rule %q", bs.Name), inBearOff, true)
		var static boolFn
		if r.cond != nil {
			for _, t := range r.cond.terms {
				switch {
				case t.static:
					static = and(static, t.test)
				case t.level == lvPosition:
					r.pos = and(r.pos, t.test)
				default:
					r.src = and(r.src, t.test)
				}
			}
		}
		g.folding(d, bs.When, fmt.Sprintf("bear-off rule %q", bs.Name), func() {
			for pi := range g.Players {
				r.squares[pi] = make([]bool, b.NumSquares())
				c := d.foldCtx(g, pi)
				c.to, c.lifted = noSquare, 1
				for sq := 0; sq < b.NumSquares(); sq++ {
					c.from = board.Square(sq)
					r.squares[pi][sq] = static == nil || static(c)
					if r.squares[pi][sq] {
						r.squareSet[pi].Add(board.Square(sq))
					}
				}
			}
		})
		g.bearRules = append(g.bearRules, r)
	}
	for _, e := range rf.End {
		c := g.compileExpr(d, e.When, "end: "+e.Result, inEnd, true)
		if c == nil {
			continue
		}
		var test boolFn
		for _, t := range c.terms {
			test = and(test, t.test)
		}
		if test == nil {
			test = func(*Ctx) bool { return true }
		}
		if e.Result == "loss" && len(g.Players) > 2 {
			d.errorf(e.node, "players", "write the end as a win for the player who wins, or as a draw",
				"end: a loss does not say who wins when %d play", len(g.Players))
			continue
		}
		er := endRule{result: e.Result, reason: e.Reason, label: e.Result + ": " + c.src.Text, cond: c, test: test}
		if e.Result == "place" {
			g.rankRules = append(g.rankRules, er)
			continue
		}
		g.maxPoints = max(g.maxPoints, 1)
		if e.Points != nil {
			er.points = g.compileExpr(d, e.Points, "end: points", inEnd, false)
			if er.points != nil {
				g.maxPoints = max(g.maxPoints, g.pointsBound(d, e.Points, er.points))
			}
		}
		g.ends = append(g.ends, er)
	}
	g.checkRanked(d, rf)
	g.buildCaptures(d, rf)
	if rf.Streak != nil {
		g.streak = g.compileExpr(d, rf.Streak, "streak: when", inMove, true)
		g.streakSame = rf.StreakSame
		g.streakKeep = g.compileExpr(d, rf.StreakKeep, "streak: keep", inEnd, true)
	}
	g.buildPlacement(d, rf)
	g.checkStackRoom(d, rf)
	g.buildProgress(d, rf)
	for _, q := range rf.Draw.Quiet {
		if c := g.compileExpr(d, q.When, "draw: quiet", inEnd, true); c != nil {
			g.quietRules = append(g.quietRules, quietRule{plies: q.Plies, cond: c, reason: q.Reason})
		}
	}
	g.evaluate = g.compileExpr(d, rf.Evaluate, "evaluate", inEval, false)
	g.prefer = g.compileExpr(d, rf.Playout.Prefer, "playout: prefer", inPrefer, true)
	g.avoid = g.compileExpr(d, rf.SearchAvoid, "search: avoid", inAvoid, true)
	g.buildAfterMove(d, rf)
	g.buildNotation(d, rf)
	g.findOverlaps()
}

// directions resolves direction names (named from the player's side) into
// steps, reporting unknown names and directions that never lead from a
// playing square to another.
func (g *Game) directions(d *decoder, nodes []*yaml.Node, what string) (rel []board.Direction, names []string) {
	return g.directionsWhere(d, nodes, what, g.stepExists)
}

// directionsWhere is directions with lines saying which steps lead from a
// playing square to another along a line (captures: see buildLines). A
// group that mixes diagonal and orthogonal steps (forward, any) keeps to
// the steps to a neighbouring square: only orthogonal directions named as
// such go along the rows and files of a board of dark squares.
func (g *Game) directionsWhere(d *decoder, nodes []*yaml.Node, what string, lines func(board.Direction) bool) (rel []board.Direction, names []string) {
	seen := map[string]bool{}
	steps, groups := g.compassOf()
	for _, dn := range nodes {
		list := []string{dn.Value}
		group, isGroup := groups[dn.Value]
		exists := lines
		if isGroup {
			list = group
			for _, n := range group {
				if s := steps[n]; s.DF != 0 && s.DR != 0 {
					exists = g.stepExists
				}
			}
		} else if _, ok := steps[dn.Value]; !ok {
			hint := suggest(dn.Value, directionNames())
			if g.Board.IsHex() {
				hint = "on a hex board: e, w, ne, nw, se, sw, or forward, backward, sideways, any"
			}
			d.errorf(dn, "bad-direction", hint, "%s: unknown direction %q", what, dn.Value)
			continue
		}
		reaches := false
		for _, n := range list {
			if seen[n] {
				continue
			}
			step := steps[n]
			if !exists(step) {
				if !isGroup {
					d.errorf(dn, "bad-direction", "on a board of dark or light squares only the diagonals lead from one playing square to another",
						"%s: direction %q never leads to a playing square on this board", what, n)
				}
				continue
			}
			reaches = true
			seen[n] = true
			names = append(names, n)
			rel = append(rel, step)
		}
		if isGroup && !reaches {
			d.errorf(dn, "bad-direction", "", "%s: no direction in %q leads to a playing square on this board", what, dn.Value)
		}
	}
	return rel, names
}

// folding runs the load-time evaluation of a rule's static terms, turning a
// runtime error in them (a division by zero) into a diagnostic at the
// expression instead of a crash.
func (g *Game) folding(d *decoder, e *exprText, what string, fold func()) {
	d.folds = d.folds[:0]
	defer func() {
		if r := recover(); r != nil {
			at := srcPos{Line: 1, Col: 1}
			if e != nil {
				at = e.at(0)
			}
			d.diagAt(at, Error, "runtime-error", "", "%s: evaluating its static terms when loading: %v", what, r)
		}
	}()
	fold()
	for _, c := range d.folds {
		if c.err != nil {
			d.diagAt(srcPos{Line: c.err.Line, Col: c.err.Col}, Error, "runtime-error", "",
				"%s: evaluating its static terms when loading: runtime error: %s in `%s` (for %s)", what, c.err.Msg, c.err.Expr, g.Players[c.me].Name)
			break
		}
	}
	d.folds = d.folds[:0]
}

// foldCtx is a context for evaluating static terms of g at load time for
// player pi; folding reports the runtime errors met in it.
func (d *decoder) foldCtx(g *Game, pi int) *Ctx {
	c := g.newCtx()
	c.me, c.opp, c.from, c.to = pi, g.next(pi), noSquare, noSquare
	d.folds = append(d.folds, c)
	return c
}

// stepExists reports whether a step leads from some playing square to another
// for some player.
func (g *Game) stepExists(step board.Direction) bool {
	b := g.Board
	for sq := 0; sq < b.NumSquares(); sq++ {
		if _, ok := b.Step(board.Square(sq), step); ok {
			return true
		}
	}
	return false
}

// placeMoveTerms puts each term of a move rule's condition at its level;
// static terms are folded into the per-square target tables.
func (g *Game) placeMoveTerms(d *decoder, r *moveRule) {
	var static boolFn
	var srcTerms, liftTerms, destTerms []condition
	if r.cond != nil {
		for _, t := range r.cond.terms {
			if mask, ok := g.kindTerm(t); ok {
				r.kinds &= mask
				continue
			}
			if t.node != nil && !r.flying && !r.spread && !g.opts.reference && t.node.String() == "to_height == 0" {
				r.toEmpty = true
				continue
			}
			switch {
			case t.static:
				static = and(static, t.test)
			case t.level <= lvPosition:
				r.pos = and(r.pos, t.test)
			case t.level == lvSource:
				r.src = and(r.src, t.test)
				srcTerms = append(srcTerms, t)
			case t.level == lvLift:
				r.lift = and(r.lift, t.test)
				liftTerms = append(liftTerms, t)
			default:
				r.dest = and(r.dest, t.test)
				destTerms = append(destTerms, t)
			}
		}
	}
	g.placeSetForms(r, srcTerms, liftTerms, destTerms)
	b := g.Board
	for pi := range g.Players {
		r.targets[pi] = make([][]board.Square, b.NumSquares())
		c := d.foldCtx(g, pi)
		r.rays[pi] = make([][][]rayStep, b.NumSquares())
		for sq := 0; sq < b.NumSquares(); sq++ {
			c.from = board.Square(sq)
			if r.anywhere {
				for to := 0; to < b.NumSquares(); to++ {
					c.to = board.Square(to)
					if to != sq && (static == nil || static(c)) && !slices.Contains(r.targets[pi][sq], c.to) {
						r.targets[pi][sq] = append(r.targets[pi][sq], c.to)
					}
				}
			}
			if r.leaping {
				g.placeLeaps(r, pi, c, static)
				continue
			}
			for _, step := range r.absDirs[pi] {
				var ray []rayStep
				for to, ok := b.Step(board.Square(sq), step); ok; to, ok = b.Step(to, step) {
					c.to = to
					allowed := static == nil || static(c)
					ray = append(ray, rayStep{to: to, ok: allowed})
					if allowed && !slices.Contains(r.targets[pi][sq], to) {
						r.targets[pi][sq] = append(r.targets[pi][sq], to)
					}
					if !r.flying && !r.spread {
						break
					}
				}
				if (r.flying || r.spread) && len(ray) > 0 {
					r.rays[pi][sq] = append(r.rays[pi][sq], ray)
				}
			}
		}
	}
}

// placeLeaps fills the targets of a `distance: lifted` rule from one square
// (c.from) for player pi: for each lift k, the squares exactly k steps away
// in each direction, whatever lies between (squares cut from the board too),
// that the static terms allow.
func (g *Game) placeLeaps(r *moveRule, pi int, c *Ctx, static boolFn) {
	b := g.Board
	if r.leaps[pi] == nil {
		r.leaps[pi] = make([][][]board.Square, b.NumSquares())
	}
	far := max(b.Width, b.Height) - 1
	if r.liftMax > 0 {
		far = min(far, r.liftMax)
	}
	leaps := make([][]board.Square, far+1)
	f0, r0 := b.Coord(c.from)
	for k := max(r.liftMin, 1); k <= far; k++ {
		for _, step := range r.absDirs[pi] {
			to, ok := b.At(f0+k*int(step.DF), r0+k*int(step.DR))
			if !ok {
				continue
			}
			c.to = to
			if static != nil && !static(c) {
				continue
			}
			leaps[k] = append(leaps[k], to)
			if !slices.Contains(r.targets[pi][c.from], to) {
				r.targets[pi][c.from] = append(r.targets[pi][c.from], to)
			}
		}
	}
	r.leaps[pi][c.from] = leaps
}

// findOverlaps records, for each move rule, the earlier rules that can make
// a move with the same source, destination and lift, so such a move is listed
// once. Rules with disjoint directions or lifts cost nothing.
func (g *Game) findOverlaps() {
	for i, r := range g.moveRules {
		for j := 0; j < i; j++ {
			e := g.moveRules[j]
			if !kindsOverlap(r, e) || !liftsOverlap(r, e) || !targetsOverlap(r, e, len(g.Players)) {
				continue
			}
			r.earlier = append(r.earlier, j)
		}
		g.makeTemplates(i, r)
		if r.kinds != allKinds {
			g.kindRules = true
		}
	}
}

func kindsOverlap(a, b *moveRule) bool { return a.kinds&b.kinds != 0 }

func liftsOverlap(a, b *moveRule) bool {
	hi := func(r *moveRule) int {
		if r.liftMax == 0 {
			return 1 << 20
		}
		return r.liftMax
	}
	lo := func(r *moveRule) int {
		if r.liftAll {
			return 1
		}
		return r.liftMin
	}
	return lo(a) <= hi(b) && lo(b) <= hi(a)
}

func targetsOverlap(a, b *moveRule, players int) bool {
	for pi := 0; pi < players; pi++ {
		for sq := range a.targets[pi] {
			for _, t := range a.targets[pi][sq] {
				for _, u := range b.targets[pi][sq] {
					if t == u {
						return true
					}
				}
			}
		}
	}
	return false
}
