package authoring

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/rulefile"
)

// Behaviour checks: the linter plays seeded random games and reports what
// the rules do in play. Half the games pick uniformly among the legal moves;
// the other half favour the moves `playout: prefer` picks (or bear-offs,
// when there is no such hint), so that races finish.

type behaviour struct {
	g         *interpreter.Game
	opts      LintOptions
	ds        rulefile.Diagnostics
	seen      map[string]bool // runtime errors already reported, by place
	moveFired []bool
	bearFired []bool
	capFired  []bool
	endHeld   []bool
	positions int
	decisive  int
	drawRule  int
	cut       int
	asymmetry bool
}

func lintBehaviour(g *interpreter.Game, opts LintOptions) rulefile.Diagnostics {
	if opts.MaxPlies <= 0 {
		opts.MaxPlies = 1000
	}
	moves, bearOffs, captures := g.RuleNames()
	bh := &behaviour{g: g, opts: opts, seen: map[string]bool{},
		moveFired: make([]bool, len(moves)), bearFired: make([]bool, len(bearOffs)), capFired: make([]bool, len(captures)),
		endHeld: make([]bool, len(g.EndConditions()))}
	if !bh.startMoves() {
		return bh.ds
	}
	mirror := mirrorOf(g)
	for game := 0; game < opts.Playouts; game++ {
		bh.play(game, mirror)
	}
	for _, p := range testPlayedPositions(g) {
		bh.endConditions(&p)
		// A game whose random playouts wander on (Focus recycles its
		// pieces through the reserves) still ends by its rules when its
		// own tests play to a result.
		if r, err := g.ResultErr(&p); err == nil && r.Over {
			bh.decisive++
		}
	}
	bh.summary()
	return bh.ds
}

// startMoves reports a player who would have no move at the start.
func (bh *behaviour) startMoves() bool {
	g := bh.g
	for pi, p := range g.Players {
		q := g.Start()
		q.SetToMove(pi)
		moves, err := g.LegalMovesErr(&q, nil)
		if err != nil {
			bh.runtimeError(&q, err)
			return false
		}
		n := 0
		for _, m := range moves {
			if m.Kind != board.Pass {
				n++
			}
		}
		if n > 0 {
			continue
		}
		sev, what := rulefile.Warning, "would have no legal move"
		if pi == 0 {
			sev, what = rulefile.Error, "has no legal move: the game is over before it starts"
		}
		at, to := bh.keySpan("setup")
		bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, sev, "no-start-move",
			"check the setup, the move rules' directions and their conditions (`stackrules explain` says why a move is not legal)",
			"at the start position %s %s", p.Name, what))
		if pi == 0 {
			return false // no game to play
		}
	}
	return true
}

func (bh *behaviour) keySpan(path ...string) (rulefile.Pos, rulefile.Pos) {
	k := rulefile.KeyNode(bh.g.SyntaxTree(), path...)
	if k == nil {
		return rulefile.Pos{Line: 1, Col: 1}, rulefile.Pos{Line: 1, Col: 2}
	}
	at := rulefile.NodePos(k)
	return at, rulefile.Pos{Line: at.Line, Col: at.Col + len([]rune(k.Value))}
}

func (bh *behaviour) play(game int, mirror func(*board.Position) board.Position) {
	g := bh.g
	rng := rand.New(rand.NewPCG(bh.opts.Seed, uint64(game)))
	eager := game%2 == 1
	h := g.NewHistory(g.Start())
	var buf []board.Move
	for ply := 0; ; ply++ {
		p := h.Position()
		o, err := h.OutcomeErr()
		if err != nil {
			bh.runtimeError(&p, err)
			return
		}
		if ply > 0 {
			bh.endConditions(&p)
		}
		if o.Over {
			if r, err := g.ResultErr(&p); err == nil && r.Over {
				bh.decisive++
			} else {
				bh.drawRule++
			}
			return
		}
		if ply >= bh.opts.MaxPlies {
			bh.cut++
			return
		}
		moves, err := g.LegalMovesErr(&p, nil)
		if err != nil {
			bh.runtimeError(&p, err)
			return
		}
		buf = append(buf[:0], moves...)
		bh.positions++
		for _, m := range buf {
			switch m.Kind {
			case board.Step:
				if int(m.Rule) < len(bh.moveFired) {
					bh.moveFired[m.Rule] = true
				}
			case board.BearOff:
				if int(m.Rule) < len(bh.bearFired) {
					bh.bearFired[m.Rule] = true
				}
			case board.Capture:
				if int(m.Rule) < len(bh.capFired) {
					bh.capFired[m.Rule] = true
				}
			}
		}
		if mirror != nil && !bh.asymmetry {
			bh.compareMirror(&p, mirror)
		}
		if f := g.EvaluateFailure(&p); f != nil {
			bh.termError(f, &p)
			return
		}
		if g.HasAvoid() {
			sp := h.SearchPosition()
			for _, m := range buf {
				if _, f := g.Avoids(&sp, m); f != nil {
					bh.termError(f, &p)
					return
				}
			}
		}
		m, ok := bh.choose(&p, buf, rng, eager)
		if !ok {
			return
		}
		if err := h.Play(m); err != nil {
			var ee *interpreter.EvalError
			if errors.As(err, &ee) {
				// A condition failed judging the position the move reached
				// (a capture met only there): the rule file's error, at
				// its expression.
				bh.runtimeError(&p, err)
				return
			}
			key := "play:" + err.Error()
			if !bh.seen[key] {
				bh.seen[key] = true
				bh.ds = append(bh.ds, rulefile.Span(g.File, rulefile.Pos{Line: 1, Col: 1}, rulefile.Pos{Line: 1, Col: 2}, rulefile.Error, "internal", "this is a bug in stackrules, not in the rule file: please report it",
					"playing %s at %s failed: %v", g.MoveString(m), g.FormatPosition(&p), err))
			}
			return
		}
	}
}

// choose picks the next move of a playout.
func (bh *behaviour) choose(p *board.Position, moves []board.Move, rng *rand.Rand, eager bool) (board.Move, bool) {
	g := bh.g
	if !eager {
		return moves[rng.IntN(len(moves))], true
	}
	var favoured []board.Move
	for _, m := range moves {
		if g.HasPlayoutPolicy() {
			ok, f := g.Prefers(p, m)
			if f != nil {
				bh.termError(f, p)
				return board.Move{}, false
			}
			if ok {
				favoured = append(favoured, m)
			}
		} else if m.Kind == board.BearOff {
			favoured = append(favoured, m)
		}
	}
	if len(favoured) > 0 {
		return favoured[rng.IntN(len(favoured))], true
	}
	return moves[rng.IntN(len(moves))], true
}

// endConditions records which end conditions hold after a move.
func (bh *behaviour) endConditions(p *board.Position) { bh.g.EndsHeld(p, bh.endHeld) }

// runtimeError finds the term that fails at p and reports it; err is what
// the failing call said, reported as is when no term can be blamed.
func (bh *behaviour) runtimeError(p *board.Position, err error) {
	g := bh.g
	f := g.FindRuntimeError(p)
	var ee *interpreter.EvalError
	if f == nil && errors.As(err, &ee) {
		// No term fails on its own (a quiet-plies condition, a term met
		// only in a capture): the error knows its place.
		key := fmt.Sprintf("%d:%d", ee.Line, ee.Col)
		if !bh.seen[key] {
			bh.seen[key] = true
			at := rulefile.Pos{Line: ee.Line, Col: ee.Col}
			bh.ds = append(bh.ds, rulefile.Span(g.File, at, rulefile.Pos{Line: ee.Line, Col: ee.Col + 1}, rulefile.Error, "runtime-error",
				fmt.Sprintf("it fails at %s (found by a random game; `stackrules explain --position` shows the values)", ee.Position),
				"%s: `%s` fails in play: runtime error: %s", ee.What, ee.Expr, ee.Msg))
		}
		return
	}
	if f == nil {
		key := "runtime:" + err.Error()
		if !bh.seen[key] {
			bh.seen[key] = true
			bh.ds = append(bh.ds, rulefile.Span(g.File, rulefile.Pos{Line: 1, Col: 1}, rulefile.Pos{Line: 1, Col: 2}, rulefile.Error, "runtime-error", "",
				"a condition fails at %s: %v", g.FormatPosition(p), err))
		}
		return
	}
	bh.termError(f, p)
}

func (bh *behaviour) termError(f *interpreter.TermFailure, p *board.Position) {
	g := bh.g
	from, to := f.From, f.To
	key := fmt.Sprintf("%d:%d", from.Line, from.Col)
	if bh.seen[key] {
		return
	}
	bh.seen[key] = true
	msg := f.Err.Error()
	if i := strings.LastIndex(msg, ": "); strings.HasPrefix(msg, "expression ") && i > 0 {
		msg = msg[i+2:]
	}
	bh.ds = append(bh.ds, rulefile.Span(g.File, from, to, rulefile.Error, "runtime-error",
		fmt.Sprintf("it fails at %s (found by a random game; `stackrules explain --position` shows the values)", g.FormatPosition(p)),
		"%s: `%s` fails in play: %s", f.What, f.Text, msg))
}

// mirrorOf returns the function that turns a position half a turn with the
// colours swapped, when the game is symmetric: two players with opposite
// homes, a board that maps playing squares onto playing squares when turned,
// and a setup that is its own mirror image. Otherwise nil.
func mirrorOf(g *interpreter.Game) func(*board.Position) board.Position {
	b := g.Board
	if len(g.Players) != 2 || g.Players[0].Home == g.Players[1].Home || g.Board.Tall() {
		// (The swap below reads stacks a word at a time.)
		return nil
	}
	rot := make([]board.Square, b.NumSquares())
	for sq := range rot {
		f, r := b.Coord(board.Square(sq))
		t, ok := b.At(b.Width-1-f, b.Height-1-r)
		if !ok {
			return nil
		}
		rot[sq] = t
	}
	// the code of the same piece of the other player (a neutral piece is
	// its own)
	other := func(code int) int {
		owner := b.Owner(code)
		if owner < 0 {
			return code
		}
		return code - owner + (1 - owner)
	}
	swap := func(s board.Stack) board.Stack {
		var out board.Stack
		for i := s.Height(); i >= 1; i-- {
			out = b.Push(out, b.Single(other(b.Piece(s, i))))
		}
		return out
	}
	for sq := range rot {
		if swap(g.Start().Cells[sq]) != g.Start().Cells[rot[sq]] {
			return nil
		}
	}
	if g.Start().Hand[0] != g.Start().Hand[1] {
		return nil
	}
	return func(p *board.Position) board.Position {
		var q board.Position
		for sq := range rot {
			if s := p.Cells[sq]; s != 0 {
				q.Cells[rot[sq]] = swap(s)
			}
		}
		q.ToMove = 1 - p.ToMove
		q.Off[0], q.Off[1] = p.Off[1], p.Off[0]
		q.Hand[0], q.Hand[1] = p.Hand[1], p.Hand[0]
		for i, code := range b.Pools() {
			q.Pools[b.PoolOf(other(code))] = p.Pools[i]
		}
		q.Captured[0], q.Captured[1] = p.Captured[1], p.Captured[0]
		q.Place[0], q.Place[1] = p.Place[1], p.Place[0]
		q.Ply = p.Ply
		// The roll to play is the same roll for either colour, and so is an
		// extra roll to come (with the square it settles, turned).
		q.Dice, q.Opening, q.Extra, q.Rolls, q.Bonus, q.BonusNext = p.Dice, p.Opening, p.Extra, p.Rolls, p.Bonus, p.BonusNext
		if p.Pending > 0 {
			q.Pending = uint8(rot[p.Pending-1]) + 1
		}
		q.Recount(b)
		return q
	}
}

// compareMirror reports the first position whose mirror image has a
// different number of moves, naming the rule whose count differs.
func (bh *behaviour) compareMirror(p *board.Position, mirror func(*board.Position) board.Position) {
	g := bh.g
	q := mirror(p)
	a, err1 := g.LegalMovesErr(p, nil)
	b, err2 := g.LegalMovesErr(&q, nil)
	if err1 != nil || err2 != nil || len(a) == len(b) {
		return
	}
	bh.asymmetry = true
	count := func(ms []board.Move) map[string]int {
		out := map[string]int{}
		for _, m := range ms {
			k := "no_moves"
			switch m.Kind {
			case board.Step:
				k = "moves\x00" + g.RuleName(m)
			case board.BearOff:
				k = "bear_off\x00" + g.RuleName(m)
			case board.Capture:
				k = "captures\x00" + g.RuleName(m)
			case board.Place:
				k = "place\x00" + g.RuleName(m)
			case board.Play, board.Roll:
				k = "dice_moves" // a play is made by several rules at once
			}
			out[k]++
		}
		return out
	}
	ca, cb := count(a), count(b)
	var keys []string
	for k := range ca {
		keys = append(keys, k)
	}
	for k := range cb {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	path := []string{"moves"}
	what := "the rules"
	na, nb := len(a), len(b)
	for _, k := range keys {
		if ca[k] != cb[k] {
			path = strings.Split(k, "\x00")
			what = fmt.Sprintf("rule %q", path[len(path)-1])
			switch k {
			case "no_moves":
				// One side passes (or is stuck) where the other moves:
				// the rules that make the other side's moves differ.
				path, what = []string{"moves"}, "the rules"
				if g.HasDice() {
					path = []string{"dice_moves"}
				}
			case "dice_moves":
				what = "the dice move rules"
			}
			na, nb = ca[k], cb[k]
			break
		}
	}
	at, to := bh.keySpan(path...)
	bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, rulefile.Warning, "asymmetric",
		"the setup is symmetric, so a position and its mirror image should have as many moves; look for a condition that names a player or a row",
		"%s: %s gives %d moves but its mirror image %s (board turned, colours swapped) gives %d",
		what, g.FormatPosition(p), na, g.FormatPosition(&q), nb))
}

// summary reports what the games never did.
func (bh *behaviour) summary() {
	g := bh.g
	games := bh.opts.Playouts
	hint := "check its condition with `stackrules explain`; a test in the file's tests: section shows where it applies"
	moves, bearOffs, captures := g.RuleNames()
	for i, name := range moves {
		if !bh.moveFired[i] {
			at, to := bh.keySpan("moves", name)
			bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, rulefile.Warning, "never-fires", hint,
				"move rule %q made no move in %d random games (%d positions)", name, games, bh.positions))
		}
	}
	for i, name := range bearOffs {
		if !bh.bearFired[i] {
			at, to := bh.keySpan("bear_off", name)
			bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, rulefile.Warning, "never-fires", hint,
				"bear-off rule %q bore off no piece in %d random games (%d positions)", name, games, bh.positions))
		}
	}
	for i, name := range captures {
		if !bh.capFired[i] {
			at, to := bh.keySpan("captures", name)
			bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, rulefile.Warning, "never-fires", hint,
				"capture rule %q made no capture in %d random games (%d positions)", name, games, bh.positions))
		}
	}
	for i, name := range captures {
		if !bh.capFired[i] {
			at, to := bh.keySpan("captures", name)
			bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, rulefile.Warning, "never-fires", hint,
				"capture rule %q made no capture in %d random games (%d positions)", name, games, bh.positions))
		}
	}
	for i, e := range g.EndConditions() {
		if bh.endHeld[i] || !e.Written {
			continue
		}
		bh.ds = append(bh.ds, rulefile.Span(g.File, e.From, e.To, rulefile.Warning, "never-fires", "",
			"end: %s: `%s` held after no move of %d random games", e.Result, e.Text, games))
	}
	if games > 0 && bh.decisive == 0 {
		at, to := bh.keySpan("end")
		if rulefile.KeyNode(g.SyntaxTree(), "end") == nil {
			at, to = bh.keySpan("name")
		}
		var how []string
		if bh.drawRule > 0 {
			how = append(how, fmt.Sprintf("%d drawn by the draw rule", bh.drawRule))
		}
		if bh.cut > 0 {
			how = append(how, fmt.Sprintf("%d still going after %d plies", bh.cut, bh.opts.MaxPlies))
		}
		bh.ds = append(bh.ds, rulefile.Span(g.File, at, to, rulefile.Warning, "never-ends",
			"check the end conditions; a race needs its pieces to reach the bear-off squares",
			"none of %d random games ended by the rules (%s)", games, strings.Join(how, ", ")))
	}
}
