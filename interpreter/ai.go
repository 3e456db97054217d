package interpreter

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"sync/atomic"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
)

// SearchPosition is what the AI searches: a position with the count of plies
// without progress (bear-off, capture, promotion), so that searches see the
// quiet-plies draws games are played with. Repetition draws need the history
// too: the search gets it from History.RepetitionKeys (see ai.Repetition).
type SearchPosition struct {
	board.Position
	Quiet int32
}

// SearchPosition is the current position of the game with its quiet count.
func (h *History) SearchPosition() SearchPosition {
	return SearchPosition{Position: h.cur, Quiet: h.plies[len(h.plies)-1].quiet}
}

// SearchGame is the AI's view of a game (ai.Game[SearchPosition, board.Move]):
// players, legal moves, apply, returns per player and a hash, plus the rule
// file's `evaluate` as an ai.Evaluator. Each SearchGame owns an evaluation
// context, so it is for one goroutine; the search forks one per thread.
type SearchGame struct {
	g     *Game
	scale float64
	c     *Ctx
	pref  []move32 // Playout's preferred moves
	// failed is shared by a SearchGame and its Forks, and by nothing else:
	// a runtime error one search meets stops that search, never another
	// search of the same Game (ai.Failer).
	failure *searchFailure
}

// searchFailure is the first runtime error the threads of one search met.
type searchFailure struct {
	err atomic.Pointer[EvalError]
}

// policyGame adds the rule file's `playout: prefer` hint (ai.PlayoutPolicy);
// it is a separate type so that games without one pay nothing per playout move.
type policyGame struct{ *SearchGame }

// AI adapts g for the AI, with its playout hint when the rule file has one.
// Each call gives a new value: a runtime error in the rule file's
// expressions that one meets (its Err) is its own.
func (g *Game) AI() ai.Game[SearchPosition, board.Move] {
	return g.newSearchGame(&searchFailure{}).withPolicy()
}

func (g *Game) newSearchGame(f *searchFailure) *SearchGame {
	scale := float64(g.evalScale)
	if scale <= 0 {
		scale = 10
	}
	return &SearchGame{g: g, scale: scale, c: g.newCtx(), failure: f}
}

func (a *SearchGame) withPolicy() ai.Game[SearchPosition, board.Move] {
	if a.g.prefer != nil {
		return policyGame{a}
	}
	return a
}

// Fork gives a search thread its own context; the failure is shared.
func (a *SearchGame) Fork() ai.Game[SearchPosition, board.Move] {
	return a.g.newSearchGame(a.failure).withPolicy()
}

// Fork gives a search thread its own context.
func (a policyGame) Fork() ai.Game[SearchPosition, board.Move] { return a.SearchGame.Fork() }

// HasPlayoutPolicy reports whether the rule file has `playout: prefer`.
func (g *Game) HasPlayoutPolicy() bool { return g.prefer != nil }

// PlayoutPlies is the rule file's `playout: plies`, 0 when not given.
func (g *Game) PlayoutPlies() int { return g.playPlies }

// HasAvoid reports whether the rule file has `search: avoid`.
func (g *Game) HasAvoid() bool { return g.avoid != nil }

// SearchKeepLost is the rule file's `search: keep_lost` (ai.Config.KeepLost).
func (g *Game) SearchKeepLost() bool { return g.keepLost }

func (a *SearchGame) Players() int                 { return len(a.g.Players) }
func (a *SearchGame) ToMove(p *SearchPosition) int { return int(p.ToMove) }

// Apply plays m and keeps the quiet count as History does.
func (a *SearchGame) Apply(p *SearchPosition, m board.Move) {
	before := p.Position.Cells[0]
	if m.From != board.NoSquare {
		before = p.Position.Cells[m.From]
	}
	if e := a.g.apply(&p.Position, m); e != nil {
		a.failure.err.CompareAndSwap(nil, e)
	}
	if a.g.madeProgress(m, before, &p.Position) {
		p.Quiet = 0
	} else {
		p.Quiet++
	}
}

// Hash covers the quiet count where a quiet-plies draw rule makes it matter.
func (a *SearchGame) Hash(p *SearchPosition) uint64 {
	if a.g.Draw.QuietPlies == 0 && len(a.g.quietRules) == 0 {
		return p.Hash
	}
	return p.Hash ^ (uint64(p.Quiet)+1)*0xd6e8feb86659fd93
}

// RepetitionLimit is the rule file's `draw: repetition` (ai.Repetition).
func (a *SearchGame) RepetitionLimit() int { return a.g.Draw.Repetition }

// RepetitionKey is the position's hash without the quiet count: the same
// position after a different number of quiet plies is a repetition.
func (a *SearchGame) RepetitionKey(p *SearchPosition) uint64 { return p.Hash }

// Reversible is the quiet count: progress (a bear-off, a capture, a
// promotion) changes the pieces for good, as History counts repetitions.
func (a *SearchGame) Reversible(p *SearchPosition) int { return int(p.Quiet) }

// PliesLeft is the number of quiet plies the draw rules that count them
// still allow from p (ai.Horizon), the shortest of them where several do
// (a rule that holds only under a condition counts as if it held); -1 when
// the rule file has none.
func (a *SearchGame) PliesLeft(p *SearchPosition) int {
	g := a.g
	left := -1
	if g.Draw.QuietPlies > 0 {
		left = g.Draw.QuietPlies - int(p.Quiet)
	}
	for _, q := range g.quietRules {
		if l := q.plies - int(p.Quiet); left < 0 || l < left {
			left = l
		}
	}
	if left < 0 && (g.Draw.QuietPlies > 0 || len(g.quietRules) > 0) {
		left = 0
	}
	return left
}

// quietDraw reports whether the quiet count has reached a draw.
func (a *SearchGame) quietDraw(p *SearchPosition) bool {
	g := a.g
	if g.Draw.QuietPlies > 0 && int(p.Quiet) >= g.Draw.QuietPlies {
		return true
	}
	for _, q := range g.quietRules {
		if int(p.Quiet) >= q.plies && allTerms(q.cond, a.reset(&p.Position, g.prev(int(p.ToMove)))) {
			return !a.failed(&p.Position)
		}
		a.failed(&p.Position)
	}
	return false
}

// reset points the context at p with me to move, as the pool does.
func (a *SearchGame) reset(p *board.Position, me int) *Ctx {
	c := a.c
	c.pos, c.me, c.opp = p, me, a.g.next(me)
	c.from, c.to, c.src, c.dst, c.lifted, c.off, c.quiet = noSquare, noSquare, 0, 0, 0, false, 0
	return c
}

// LegalMoves is Game.LegalMoves on the search's own context. After a
// runtime error in the rule file's expressions (see Err) there are no
// moves anywhere, so the search ends its iterations at once.
func (a *SearchGame) LegalMoves(p *SearchPosition, buf []board.Move) []board.Move {
	if a.failure.err.Load() != nil || a.quietDraw(p) {
		return buf[:0]
	}
	if a.g.rollsNext(&p.Position) {
		return buf[:0] // a chance node: see IsChance
	}
	buf = a.g.legalMoves(a.reset(&p.Position, 0), buf)
	if a.failed(&p.Position) {
		return buf[:0]
	}
	return buf
}

// failed records a runtime error met in the search's context, for Err.
func (a *SearchGame) failed(p *board.Position) bool {
	if a.c.err == nil {
		return false
	}
	a.c.pos = p
	a.failure.err.CompareAndSwap(nil, a.g.takeErr(a.c))
	return true
}

// Err is the first runtime error in the rule file's expressions that this
// SearchGame or one of its Forks met (an *EvalError), or nil (ai.Failer). A
// search that meets one sees no more moves, ends, and its move must not be
// trusted.
func (a *SearchGame) Err() error {
	if e := a.failure.err.Load(); e != nil {
		return e
	}
	return nil
}

// Result fills 1 for the winner and 0 for the others, or 0.5 each for a draw;
// in a game for places, (n-place)/(n-1) by place: 1, 2/3, 1/3, 0 for four.
func (a *SearchGame) Result(p *SearchPosition, returns []float64) bool {
	var o Outcome
	if a.failure.err.Load() != nil {
		o = Outcome{Over: true, Winner: -1}
	} else {
		o = a.g.result(a.reset(&p.Position, 0))
		if a.failed(&p.Position) {
			o = Outcome{Over: true, Winner: -1}
		}
	}
	if !o.Over && a.quietDraw(p) {
		o = Outcome{Over: true, Winner: -1}
	}
	if !o.Over {
		return false
	}
	if o.Ranked() {
		// By place: 1 for the first, 0 for the last, evenly between, so
		// that every place is worth fighting for. Not a proof for the
		// solver (it takes only one 1 and the rest 0 as one).
		n := float64(len(returns) - 1)
		for i := range returns {
			returns[i] = (float64(len(returns)) - float64(o.Places[i])) / n
		}
		return true
	}
	// A win of k points out of at most K is worth 0.5+0.5·k/K to the
	// winner and 0.5−0.5·k/K to the others: 1 and 0 when every win is
	// worth the same.
	share := 0.5
	if k, most := o.Points, a.g.MaxPoints(); o.Winner >= 0 && k > 0 && k < most {
		share = 0.5 * float64(k) / float64(most)
	}
	for i := range returns {
		switch {
		case o.Winner < 0:
			returns[i] = 0.5
		case i == o.Winner:
			returns[i] = 0.5 + share
		default:
			returns[i] = 0.5 - share
		}
	}
	return true
}

// ResultKinds is K where wins are worth 1 to K points (the rule file's
// `points`) and Result scores them by their points, 1 otherwise
// (ai.ResultKinds): a game played for places scores by place instead.
func (a *SearchGame) ResultKinds() int {
	if a.g.rankRules != nil {
		return 1
	}
	return a.g.MaxPoints()
}

// HasChance reports whether the game has dice (ai.ChanceKnower): a rule
// file without them never waits for a roll, though its SearchGame has the
// methods of ai.Chance.
func (a *SearchGame) HasChance() bool { return a.g.dice != nil }

// IsChance reports whether the next event at p is a roll of the dice
// (ai.Chance): there LegalMoves lists nothing and the game is not over.
func (a *SearchGame) IsChance(p *SearchPosition) bool {
	if !a.g.rollsNext(&p.Position) {
		return false
	}
	c := a.reset(&p.Position, a.g.lastMover(&p.Position))
	return a.g.endTest(c) < 0 && !a.failed(&p.Position)
}

// Outcomes appends to buf[:0] the weights of the rolls at p, in the order
// Resolve takes them (ai.Chance).
func (a *SearchGame) Outcomes(p *SearchPosition, buf []float64) []float64 {
	return a.g.ChanceWeights(&p.Position, buf)
}

// Resolve plays the i-th roll at p, in place (ai.Chance).
func (a *SearchGame) Resolve(p *SearchPosition, i int) {
	var rolls [64]board.Move
	a.g.Apply(&p.Position, a.g.dice.AppendRolls(&p.Position, rolls[:0])[i])
}

// Evaluate scores each player with the rule file's `evaluate` (me = that
// player) and turns the lead over the best other player into a chance of
// winning with a logistic curve whose scale the rule file may set.
func (a *SearchGame) Evaluate(sp *SearchPosition, values []float64) bool {
	p := &sp.Position
	g := a.g
	if g.evaluate == nil {
		return false
	}
	var scores [board.MaxPlayers]float64
	c := a.reset(p, 0)
	for i := range g.Players {
		c.me, c.opp = i, g.next(i)
		scores[i] = float64(g.evaluate.terms[0].value(c))
	}
	if a.failed(p) {
		return false
	}
	if g.rankRules != nil && p.Placed() > 0 {
		a.evaluatePlaces(p, &scores, values)
		return true
	}
	for i := range g.Players {
		best := math.Inf(-1)
		for j := range g.Players {
			if j != i && scores[j] > best {
				best = scores[j]
			}
		}
		values[i] = 1 / (1 + math.Exp(-(scores[i]-best)/a.scale))
	}
	return true
}

// evaluatePlaces is Evaluate in a game for places once some have finished:
// a finished player gets the return of its place (as Result gives it); the
// others share the places left, each by its lead over the best of the
// others still playing, scaled to what the best place left is worth.
func (a *SearchGame) evaluatePlaces(p *board.Position, scores *[board.MaxPlayers]float64, values []float64) {
	n := len(a.g.Players)
	left := float64(n-p.Placed()-1) / float64(n-1) // the return of the best place left
	for i := range a.g.Players {
		if k := p.Place[i]; k != 0 {
			values[i] = float64(n-int(k)) / float64(n-1)
			continue
		}
		best := math.Inf(-1)
		for j := range a.g.Players {
			if j != i && p.Place[j] == 0 && scores[j] > best {
				best = scores[j]
			}
		}
		values[i] = left / (1 + math.Exp(-(scores[i]-best)/a.scale))
	}
}

// Prefer reports whether the rule file's `playout: prefer` holds for m. It
// runs for every move of most playout plies, so it sets the move up itself:
// through a shared helper, or through Ctx.candidate, Stackers and Liger
// measured 3 to 24% fewer iterations per second (BenchmarkMCTS, interleaved
// runs on a noisy machine; written out, the same as before).
func (a policyGame) Prefer(sp *SearchPosition, m board.Move) bool {
	return a.prefers(&sp.Position, m)
}

// prefers is Prefer, for a game with `playout: prefer`.
func (a *SearchGame) prefers(p *board.Position, m board.Move) bool {
	if m.Kind == board.Pass {
		return false
	}
	c := a.reset(p, int(p.ToMove))
	c.from, c.to, c.lifted, c.off = m.From, m.To, int(m.Lift), m.Kind == board.BearOff
	if m.From != noSquare {
		c.src = p.Cells[m.From]
	} else if m.Kind == board.Place {
		c.src = a.g.placedStack(p, m) // as Ctx.candidate
	}
	if m.To != noSquare {
		c.dst = p.Cells[m.To]
	}
	for _, t := range a.g.prefer.terms {
		if !t.test(c) {
			a.failed(p)
			return false
		}
	}
	return !a.failed(p)
}

// prefersCompact is prefers for a compact move: from the prefer table
// where there is one.
func (a *SearchGame) prefersCompact(p *board.Position, m move32) bool {
	if t := a.g.preferTab; t != nil {
		return t.prefers(int(p.ToMove), m)
	}
	return a.prefers(p, m.move())
}

// preferredCompact appends to out the moves of ms prefersCompact holds
// for, the table's test inlined in a loop of its own (a call per move
// cost a playout 10-15%).
func (a *SearchGame) preferredCompact(p *board.Position, ms, out []move32) []move32 {
	t := a.g.preferTab
	if t == nil {
		for _, x := range ms {
			if a.prefers(p, x.move()) {
				out = append(out, x)
			}
		}
		return out
	}
	me := int(p.ToMove)
	for _, x := range ms {
		if t.prefers(me, x) {
			out = append(out, x)
		}
	}
	return out
}

// HasPlayout reports whether Playout serves the game (ai.Playouter): a
// compact game (compact.go), whose moves a playout lists as 4-byte moves,
// a word at a time where it can (shifts.go).
func (a *SearchGame) HasPlayout() bool { return a.g.compact && a.g.dice == nil }

// Playout is the search's random playout (ai.Playouter) on compact moves:
// the moves LegalMoves would give, drawn as the search draws them (among
// the moves `playout: prefer` holds for with probability prefer, in a game
// with one), played as Apply plays them, the quiet count kept. A runtime error ends it as
// LegalMoves would (no moves), recorded for Err.
func (a *SearchGame) Playout(sp *SearchPosition, rng *rand.Rand, maxPlies int, prefer float64) (plies int, over bool) {
	g, p, c := a.g, &sp.Position, a.c
	if a.failure.err.Load() != nil {
		return 0, true
	}
	g.startPlayout(c, p)
	defer g.endPlayout(c, p)
	for ; plies < maxPlies; plies++ {
		if a.quietDraw(sp) {
			return plies, true
		}
		ms, err := g.compactMoves(c, p)
		if err != nil {
			a.failure.err.CompareAndSwap(nil, err)
			return plies, true
		}
		if len(ms) == 0 {
			return plies, true
		}
		m := ms[rng.IntN(len(ms))]
		if prefer > 0 && g.prefer != nil && rng.Float64() < prefer {
			a.pref = a.preferredCompact(p, ms, a.pref[:0])
			if len(a.pref) > 0 {
				m = a.pref[rng.IntN(len(a.pref))]
			}
		}
		from := board.Square(m)
		if from == board.NoSquare {
			from = 0
		}
		before := p.Cells[from]
		if e := g.playCompact(c, p, m); e != nil {
			a.failure.err.CompareAndSwap(nil, e)
			return plies, true
		}
		if g.resets != 0 && g.madeProgress(m.move(), before, p) {
			sp.Quiet = 0
		} else {
			sp.Quiet++
		}
	}
	return plies, false
}

// Avoid reports whether the rule file's `search: avoid` holds for m
// (ai.Avoider): the tree leaves such moves out while others are legal. It
// runs once per move of a node the tree expands, not in playouts. A term
// failing at run time is recorded for Err.
func (a *SearchGame) Avoid(sp *SearchPosition, m board.Move) bool {
	p := &sp.Position
	if a.g.avoid == nil || m.Kind == board.Pass {
		return false
	}
	c := a.reset(p, int(p.ToMove))
	c.candidate(p, m)
	c.quiet = int(sp.Quiet)
	for _, t := range a.g.avoid.terms {
		if !t.test(c) {
			a.failed(p)
			return false
		}
	}
	return !a.failed(p)
}

// mobility counts the moves player would have at p if it were its turn: the
// `evaluate` name for how free a player is. It generates them on a context of
// its own, so the evaluation's context is left as it was.
func (g *Game) mobility(p *board.Position, player int) int {
	// generated for player on p as it is (a copy would escape to the heap)
	c := g.ctx(p, player)
	c.moveBuf = g.generate(c, c.moveBuf[:0], false)
	n := 0
	for _, m := range c.moveBuf {
		if m.Kind != board.Pass {
			n++
		}
	}
	g.release(c)
	return n
}

// distance sums, over the squares topped by player's pieces, the king steps
// to the nearest square topped by another player's: the `evaluate` name for
// how close a side has come. Quadratic in the pieces on the board, which is
// cheap in the endings it is meant for.
func (g *Game) distance(p *board.Position, player int) int {
	b := g.Board
	total := 0
	for s := 0; s < b.NumSquares(); s++ {
		if p.Cells[s] == 0 || b.TopOwner(p.Cells[s]) != player {
			continue
		}
		f, r := b.Coord(board.Square(s))
		nearest := -1
		for t := 0; t < b.NumSquares(); t++ {
			if p.Cells[t] == 0 {
				continue
			}
			if o := b.TopOwner(p.Cells[t]); o == player || o == none {
				continue
			}
			tf, tr := b.Coord(board.Square(t))
			if d := max(f-tf, tf-f, r-tr, tr-r); nearest < 0 || d < nearest {
				nearest = d
			}
		}
		total += max(nearest, 0)
	}
	return total
}

// buried counts player's pieces with another player's piece above them.
func (g *Game) buried(p *board.Position, player int) int {
	b := g.Board
	n := 0
	for sq := 0; sq < b.NumSquares(); sq++ {
		h := p.Cells[sq].Height()
		if h < 2 {
			continue
		}
		covered := false
		for i := 1; i <= h; i++ { // from the top down
			switch o := ownerOrNone(b, b.PieceAt(p, board.Square(sq), i)); {
			case o != player:
				covered = true
			case covered:
				n++
			}
		}
	}
	return n
}

// AppendPacked appends p packed (ai.Packer): the endgame analysis keeps
// its frontier so, in the bytes the game needs rather than a whole
// board.Position each.
func (a *SearchGame) AppendPacked(dst []byte, p *SearchPosition) []byte {
	dst = a.g.Board.AppendPacked(dst, &p.Position)
	return binary.LittleEndian.AppendUint32(dst, uint32(p.Quiet))
}

// Unpack reads a position AppendPacked wrote (ai.Packer).
func (a *SearchGame) Unpack(src []byte, p *SearchPosition) int {
	n := a.g.Board.UnpackPosition(src, &p.Position)
	p.Quiet = int32(binary.LittleEndian.Uint32(src[n:]))
	return n + 4
}
