package dice

import (
	"math/bits"

	"github.com/stackrules/stackrules/board"
)

// The move generator of dice games: the rolls at a chance node, the whole
// plays of a roll otherwise (see dice.go).

// dieStep is one die's move within a play.
type dieStep struct {
	from, to board.Square // to is NoSquare: off the track's end
	hit      bool
	rule     uint8
	die      uint8 // the count moved (the sum, for a `steps: sum` rule)
	dice     uint8 // the dice it used: 2 for a sum, else 1
	again    bool  // its rule gives the player another roll (Rule.Again, or AgainIf holds)
	bonus    uint8 // the count of the bonus move it earns (Rule.Bonus), 0 for none
}

// playLeaf is a play found by the search: its move, the hash of the position
// it leads to, the dice it used, and the die when it used one.
type playLeaf struct {
	m     board.Move
	hash  uint64
	used  uint8
	die   uint8
	exact bool // a piece went off its track's end by one die (dice: use: exact)
}

// work is a context's scratch space for the search of plays, grown once
// and reused, so generation allocates nothing in steady state.
type work[H any] struct {
	cur    board.Position // the position searched, moves made and undone in place
	steps  [board.MaxDiceMoves]dieStep
	leaves []playLeaf
	// slots is an open-addressing set of position hashes (salted with the
	// dice left), valid where their gen is gen: a position reached again
	// with the same dice left, by moves in another order, is searched once.
	slots []slot
	gen   uint32
	count int // keys in the set this generation
	// stale counts the plays found this generation that are not fresh (see
	// recordPlayHash): with none, no two plays lead to the same position.
	stale int
	// fin counts, per square, the mover's pieces a `once` rule moved there
	// this play (they move no more); finKey hashes it, so that positions
	// reached with different pieces finished are told apart.
	fin    [board.MaxSquares]uint8
	finKey uint64
	// buried are squares where the mover has a piece under others' (hits:
	// end), found once per generation and kept up to date by the search.
	buried board.SquareSet
	orig   *board.Position // the position the play starts from
	// mirror: tryDie is playing the second die of two different ones first
	// (see diceRules.commuting).
	mirror bool
	// per depth of the search: the specialised tests of the rules (see
	// tryDie) and the undo record of the die move made there
	tests [board.MaxDiceMoves][MaxSpecRules][MaxSpecTerms]Test[H]
	undo  [board.MaxDiceMoves]stepUndo
	// scratch for settling hits at the end of a play
	mine    [board.MaxSquares]int8
	arrived [board.MaxSquares]int8
	settled board.Position
}

// slot is an entry of the set of position keys: valid where gen is the
// set's generation. Key and stamp side by side: a probe reads one line.
type slot struct {
	key uint64
	gen uint32
}

// visit adds key to the set and reports whether it is new.
func (w *work[H]) visit(key uint64) bool {
	if w.count*2 >= len(w.slots) {
		w.grow()
	}
	mask := uint64(len(w.slots) - 1)
	for i := key & mask; ; i = (i + 1) & mask {
		sl := &w.slots[i]
		if sl.gen != w.gen {
			sl.gen, sl.key = w.gen, key
			w.count++
			return true
		}
		if sl.key == key {
			return false
		}
	}
}

// grow doubles the set (or makes it), keeping this generation's keys.
func (w *work[H]) grow() {
	old := w.slots
	n := 1024
	if old != nil {
		n = 2 * len(old)
	}
	w.slots = make([]slot, n)
	gen := w.gen
	w.count = 0
	mask := uint64(n - 1)
	for _, sl := range old {
		if sl.gen == gen {
			for j := sl.key & mask; ; j = (j + 1) & mask {
				if w.slots[j].gen != gen {
					w.slots[j] = sl
					w.count++
					break
				}
			}
		}
	}
}

// reset empties the set for a new generation.
func (w *work[H]) reset() {
	w.gen++
	if w.gen == 0 { // the stamps wrapped: clear them for real
		for i := range w.slots {
			w.slots[i].gen = 0
		}
		w.gen = 1
	}
	w.count = 0
}

// remainingKey salts a position hash with the dice left to play.
func remainingKey(rem [board.MaxDiceMoves]uint8, n int) uint64 {
	k := uint64(n) * 0x9e3779b97f4a7c15
	for _, d := range rem[:n] {
		k += uint64(1) << (8 * (d & 7))
	}
	return k * 0xbf58476d1ce4e5b9
}

// Generate appends the moves of d.Me at d.Pos: the rolls at a chance node,
// the distinct whole plays of the roll otherwise (a pass when no die can be
// played). With any set it may stop at the first. The Tests it runs move
// d.Host's move fields: the caller resets them after.
func (e *Engine[H]) Generate(d *Ctx[H], buf []board.Move, any bool) []board.Move {
	p := d.Pos
	if !p.Rolled() {
		return e.AppendRolls(p, buf)
	}
	var rem [board.MaxDiceMoves]uint8
	n := 0
	d1, d2 := p.Dice[0], p.Dice[1]
	switch {
	case e.Count == 1 || d2 == 0:
		rem[0], n = d1, 1
	case d1 == d2:
		for n < e.Doubles {
			rem[n] = d1
			n++
		}
	default:
		rem[0], rem[1], n = d1, d2, 2
	}
	if any {
		// Result asks whether there is a move: there always is one, the
		// pass if nothing else.
		return append(buf, board.Move{Kind: board.Pass, From: board.NoSquare, To: board.NoSquare})
	}
	if e.bottoms != nil || e.penalty != nil {
		var penalty bool
		if n, penalty = e.rollRules(d, p, &rem, n); penalty {
			// The roll is not played: the mover's piece farthest along goes back.
			m := board.Move{Kind: board.Pass, From: board.NoSquare, To: board.NoSquare, Piece: Penalty}
			if s := e.Frontmost(p, d.Me); s > 0 {
				m.From, m.To = e.tracks[d.Me][s], e.tracks[d.Me][0]
			}
			return append(buf, m)
		}
	}
	if d.w == nil {
		d.w = &work[H]{}
	}
	w := d.w
	d.SetRoll(p)
	w.reset()
	w.leaves = w.leaves[:0]
	w.stale = 0
	w.cur = *p
	w.cur.SetDice(0, 0, false)
	w.orig = p
	if e.HitsAtEnd {
		w.buried = e.buriedSquares(p, d.Me)
	}
	e.searchPlays(d, w, 0, rem, n)
	d.Pos = p

	most := 0
	for i := range w.leaves {
		most = max(most, int(w.leaves[i].used))
	}
	if most == 0 {
		m := board.Move{Kind: board.Pass, From: board.NoSquare, To: board.NoSquare}
		if e.passAgain != nil && p.Bonus == 0 && e.turnTest(d, p, e.passAgain) {
			m.Piece = RollsAgain
		}
		return append(buf, m)
	}
	onlyLarger := false
	if e.Larger && most == 1 && n == 2 && d1 != d2 {
		for i := range w.leaves {
			if w.leaves[i].used == 1 && w.leaves[i].die == d1 {
				onlyLarger = true
				break
			}
		}
	}
	// The plays lead to distinct positions when each was recorded the first
	// time the search reached its position with no dice left (fresh): then
	// they need no second look. Otherwise (a play that stopped with dice
	// left, hits settled at its end, pieces moved for good) the positions
	// the plays kept lead to are told apart here.
	fresh := w.stale == 0
	w.reset() // now the set of positions reached by the plays kept
	for i := range w.leaves {
		l := &w.leaves[i]
		if e.Most && int(l.used) < most && !(e.Exact && l.exact) {
			continue
		}
		if onlyLarger && l.die != d1 {
			continue
		}
		if !fresh && !w.visit(l.hash) {
			continue
		}
		buf = append(buf, l.m)
	}
	return buf
}

// searchPlays tries every die left on every piece at w.cur, reached by
// w.steps[:depth], recording each play that cannot go on (see generateDice).
func (e *Engine[H]) searchPlays(d *Ctx[H], w *work[H], depth int, rem [board.MaxDiceMoves]uint8, n int) {
	moved := false
	var tried uint32 // by die (a bonus move's count may pass 15)
	for di := 0; di < n; di++ {
		die := rem[di]
		if tried&(1<<(die&31)) != 0 {
			continue
		}
		tried |= 1 << (die & 31)
		var next [board.MaxDiceMoves]uint8
		copy(next[:], rem[:di])
		copy(next[di:], rem[di+1:n])
		// The second die of two different ones, first: see commuting.
		w.mirror = e.commuting && depth == 0 && n == 2 && di == 1
		if e.tryDie(d, w, depth, next, n-1, int(die), 1, false) {
			moved = true
		}
		w.mirror = false
	}
	if n == 2 && e.hasSum {
		// The whole roll as one count, for the rules that take its sum.
		if e.tryDie(d, w, depth, rem, 0, int(rem[0])+int(rem[1]), 2, true) {
			moved = true
		}
	}
	if !moved {
		e.recordPlay(w, depth, d.Me)
	}
}

// tryDie plays a count (a die, or with sum the roll's total, using dice of
// the roll) with every piece and the first rule that allows it, searching
// on from each position reached; it reports whether any piece could move.
func (e *Engine[H]) tryDie(d *Ctx[H], w *work[H], depth int, next [board.MaxDiceMoves]uint8, left, die, dice int, sum bool) bool {
	b := e.b
	pos := &w.cur
	me := d.Me
	if t := e.tab; t != nil && die <= t.maxDie {
		return e.tryDieTabled(d, w, depth, next, left, die, dice, sum)
	}
	remKey := remainingKey(next, left)
	d.Pos = pos
	d.Die, d.Left = die, left
	e.sync(d.Host, pos, board.NoSquare, 0, board.NoSquare, 0)
	// The rules whose position terms hold for this die, in order, with
	// their piece-level tests specialised to this die and position (see
	// dicespec.go). Kept per depth in w: the search below reuses c and
	// would otherwise need them zeroed on the stack at every call.
	tests := &w.tests[depth]
	var nTests [MaxSpecRules]uint8
	var active [32]uint8
	nActive := 0
rules:
	for ri, r := range e.rules {
		if r.Sum != sum || r.Pos != nil && !r.Pos(d.Host) {
			continue
		}
		if ri < MaxSpecRules && r.Spec != nil {
			for _, st := range r.Spec {
				mask := 0
				for i, f := range st.Facts {
					if f(d.Host) {
						mask |= 1 << i
					}
				}
				if st.Never&(1<<mask) != 0 {
					continue rules // false for every piece
				}
				if fn := st.Variants[mask]; fn != nil {
					tests[ri][nTests[ri]] = fn
					nTests[ri]++
				}
			}
		}
		active[nActive] = uint8(ri)
		nActive++
	}
	if nActive == 0 {
		return false
	}
	moved := false
	stepOf := e.stepOf[me]
	tops := e.movers(w, me)
	try := dieTry{next: next, depth: depth, left: left, die: die, dice: dice, remKey: remKey, lastFast: e.lastDieFast(w, depth, left)}
	for wi, word := range tops {
		for word != 0 {
			sq := board.Square(wi*64 + bits.TrailingZeros64(word))
			word &= word - 1
			s := int(stepOf[sq])
			if s < 0 {
				continue
			}
			src := pos.Cells[sq]
			if (e.HitsAtEnd && b.TopOwner(src) != me || e.once && w.fin[sq] > 0) && !e.canMove(w, sq, src, me) {
				continue
			}
			for _, ri8 := range active[:nActive] {
				ri := int(ri8)
				r := e.rules[ri]
				count, ts, to, dst := e.landing(pos, me, s, r, die)
				d.Step, d.ToStep = s, ts
				e.sync(d.Host, pos, sq, src, to, dst)
				if ri < MaxSpecRules && r.Spec != nil {
					if !allHold(tests[ri][:nTests[ri]], d.Host) {
						continue
					}
				} else if r.Rest != nil && !r.Rest(d.Host) {
					continue
				}
				var hit bool
				if e.HitsAtEnd {
					hit = r.Hit != nil && dst != 0 && hasOpposing(b, dst, me) && r.Hit(d.Host)
				} else {
					hit = r.Hit != nil && dst != 0 && b.TopOwner(dst) != me && r.Hit(d.Host)
				}
				moved = true
				again := r.Again || r.AgainIf != nil && r.AgainIf(d.Host)
				var bonus uint8
				if r.Bonus != nil {
					bonus = uint8(max(0, min(255, r.Bonus(d.Host))))
				}
				w.steps[depth] = dieStep{from: sq, to: to, hit: hit, rule: uint8(ri), die: uint8(count), dice: uint8(dice), again: again, bonus: bonus}
				e.playStep(d, w, &try, s, ts)
				break // one move per piece and die: the first rule's
			}
		}
	}
	return moved
}

// canMove says whether the mover's pieces on sq (stack src) can take a
// die, where it may not (the caller tests first that the square is buried
// or has pieces moved for good, keeping the call out of the common case):
// not where the mover has left a square it was buried on, nor where
// every piece of the mover has moved for good.
func (e *Engine[H]) canMove(w *work[H], sq board.Square, src board.Stack, me int) bool {
	b := e.b
	if e.HitsAtEnd && b.TopOwner(src) != me && ownPieces(b, src, me) == 0 {
		return false
	}
	return !(e.once && w.fin[sq] > 0 && ownPieces(b, src, me) <= int(w.fin[sq]))
}

// landing is where a piece of the mover at step s of its track goes by rule
// r on die: the count moved, the step reached (walked back from the end
// where the game bounces), and its square and stack (board.NoSquare and 0 off
// the track).
func (e *Engine[H]) landing(pos *board.Position, me, s int, r *Rule[H], die int) (count, ts int, to board.Square, dst board.Stack) {
	count = r.Count
	if count == 0 {
		count = die
	}
	ts = s + count
	finish := len(e.tracks[me])
	if ts > finish && e.Bounce {
		ts = 2*finish - ts // walked to the end and back
	}
	to = board.NoSquare
	if ts < finish {
		to = e.tracks[me][ts]
		dst = pos.Cells[to]
	}
	return count, ts, to, dst
}

// movers is the squares whose pieces the mover may move in w.cur.
func (e *Engine[H]) movers(w *work[H], me int) board.SquareSet {
	tops := w.cur.Tops[me]
	if e.HitsAtEnd {
		// Pieces share squares: the mover's pieces under others' move too.
		for i := range tops {
			tops[i] |= w.buried[i]
		}
	}
	return tops
}

// lastDieFast says whether a step with no dice left ends a play whose
// position is the one its moves reach, so that only its hash is needed
// (see hashAfterDieStep): always, except where a hit is settled at the end
// of the play and one is (or may be) pending.
func (e *Engine[H]) lastDieFast(w *work[H], depth, left int) bool {
	if left != 0 || e.HitsAtEnd && w.orig.Extra && w.orig.Pending > 0 {
		return false
	}
	if e.HitsAtEnd {
		for i := 0; i < depth; i++ {
			if w.steps[i].hit {
				return false
			}
		}
	}
	return true
}

// playStep plays the step w.steps[t.depth] (from step to toStep of the
// mover's track) in w.cur: the last die of a play that needs only its hash
// (t.lastFast) lists the play by that hash; any other step is applied, the
// play recorded or searched on with the dice left, and the step taken back.
// A position reached twice with the same dice left (and pieces moved for
// good) is searched once.
func (e *Engine[H]) playStep(d *Ctx[H], w *work[H], t *dieTry, step, toStep int) {
	b := e.b
	pos := &w.cur
	me := d.Me
	depth := t.depth
	st := &w.steps[depth]
	r := e.rules[st.rule]
	sq, to, hit := st.from, st.to, st.hit
	if t.lastFast && !(e.HitsAtEnd && hit) {
		h := e.hashAfterDieStep(pos, me, sq, to, hit && !e.HitsAtEnd)
		key := h ^ t.remKey
		if e.once {
			fk := w.finKey
			if r.Once && to != board.NoSquare {
				fk += finMix(to)
			}
			key ^= fk
		}
		if w.visit(key) {
			e.recordPlayHash(w, depth+1, me, h, !e.once)
		}
		return
	}
	undo := &w.undo[depth]
	rear := d.rear
	e.applyDieStepUndo(pos, me, sq, to, hit && !e.HitsAtEnd, undo)
	e.rearAfterStep(d, undo.hash, sq, step, to, toStep, hit && !e.HitsAtEnd)
	buried := w.buried
	if e.HitsAtEnd && to != board.NoSquare && b.TopOwner(pos.Cells[to]) != me {
		w.buried.Add(to) // landed under others' pieces
	}
	key := pos.Hash ^ t.remKey
	if r.Once && to != board.NoSquare {
		w.fin[to]++
		w.finKey += finMix(to)
	}
	if e.once {
		key ^= w.finKey
	}
	if w.visit(key) {
		if t.left == 0 {
			e.recordPlayHash(w, depth+1, me, w.cur.Hash, !e.once)
		} else {
			e.searchPlays(d, w, depth+1, t.next, t.left)
			d.Pos = pos
			d.Die, d.Left = t.die, t.left
		}
	}
	if r.Once && to != board.NoSquare {
		w.fin[to]--
		w.finKey -= finMix(to)
	}
	undo.restore(pos)
	d.rear = rear
	w.buried = buried
}

// rearAfterStep brings c's rearmost cache from the position with hash
// before to the one the mover's piece has just reached by moving from sq (at
// step s) to to (at step ts), without rescanning the track unless the piece
// was the last on the rearmost step (see rearmost).
func (e *Engine[H]) rearAfterStep(d *Ctx[H], before uint64, sq board.Square, s int, to board.Square, ts int, sent bool) {
	rc := &d.rear
	me := d.Me
	if rc.pos != d.Pos || rc.hash != before || rc.have&(1<<me) == 0 {
		return
	}
	pos := d.Pos
	r := int(rc.rear[me])
	if s == r && ownPieces(e.b, pos.Cells[sq], me) == 0 {
		r = e.rearmostFrom(pos, me, s)
	}
	if to != board.NoSquare && ts < r {
		r = ts
	}
	rc.hash = pos.Hash
	rc.rear[me] = int16(r)
	if sent {
		rc.have = 1 << me // others' pieces went back: theirs are unknown
	}
}

// finMix is a square's share of work.finKey.
func finMix(sq board.Square) uint64 { return mix64(uint64(sq) + 0x6a09e667f3bcc909) }

func mix64(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}

// recordPlay keeps the play of w.steps[:k], which leads to w.cur. With hits
// settled at the end of the play, the landings of pieces that stayed where
// they landed hit now, and the play's position is the one after them.
func (e *Engine[H]) recordPlay(w *work[H], k int, me int) {
	e.recordPlayHash(w, k, me, w.cur.Hash, false)
}

// recordPlayHash is recordPlay for a play that leads to a position with the
// given hash; fresh says the search visited that hash, with no dice left and
// nothing else in its key, for the first time, so that no other fresh play
// leads there, unless the play then changes the position (hits settled at
// its end, a roll again).
// given hash (w.cur is that position only where hits are settled at the end).
func (e *Engine[H]) recordPlayHash(w *work[H], k int, me int, hash uint64, fresh bool) {
	m := board.Move{Kind: board.Play, From: board.NoSquare, To: board.NoSquare, Jumps: uint8(k), Lift: uint8(me)}
	if k > 0 {
		m.From, m.To, m.Rule = w.steps[0].from, w.steps[k-1].to, w.steps[0].rule
	}
	used, exact := 0, false
	for i := 0; i < k; i++ {
		st := &w.steps[i]
		m.Via[2*i], m.Via[2*i+1] = st.from, st.to
		if st.hit && !e.HitsAtEnd {
			m.Removed |= 1 << i
		}
		used += int(st.dice)
		if st.to == board.NoSquare && st.dice == 1 {
			exact = true
		}
	}
	again := -1 // the step of a rule that gives another roll
	for i := 0; i < k && e.again; i++ {
		if w.steps[i].again {
			again = i
		}
	}
	if again >= 0 {
		m.Piece = RollsAgain
	}
	if e.bonus {
		// The bonus moves the play earns, largest first, at the end of Via.
		var bonus [MaxBonuses]uint8
		n := 0
		for i := 0; i < k; i++ {
			if b := w.steps[i].bonus; b > 0 && n < bonusSlots(k) {
				j := n
				for ; j > 0 && bonus[j-1] < b; j-- {
					bonus[j] = bonus[j-1]
				}
				bonus[j] = b
				n++
			}
		}
		if n > 0 {
			m.Piece |= EarnsBonus
			key := uint64(0x3243_f6a8_885a_308d)
			for j, b := range bonus[:n] {
				m.Via[len(m.Via)-1-j] = board.Square(b)
				key = key*0x100000001b3 + uint64(b)
			}
			hash ^= mix64(key)
			fresh = false
		}
	}
	switch {
	case again >= 0 && e.HitsAtEnd:
		// The same player rolls again; the landing that would hit waits
		// for the end of the extra roll's play (bit i: at step i's landing).
		m.Rule = w.steps[again].rule
		if w.steps[again].hit {
			m.Removed = 1 << again
		}
		hash ^= 0x5be0_cd19_137e_2179 + uint64(m.Removed)
		fresh = false
	case again >= 0:
		// Hits as each die lands, made; then the same player rolls again.
		m.Rule = w.steps[again].rule
		hash ^= 0x5be0_cd19_137e_2179
		fresh = false
	case e.HitsAtEnd:
		final := e.finalHits(w, k, me)
		// After an extra roll, the square the earlier play left pending is
		// settled too, if a piece of the mover's still stands there.
		pend := board.NoSquare
		if w.orig.Extra && w.orig.Pending > 0 {
			sq := board.Square(w.orig.Pending - 1)
			if c := w.cur.Cells[sq]; ownPieces(e.b, c, me) > 0 && hasOpposing(e.b, c, me) {
				pend = sq
				final |= PendingBit
			}
		}
		if final != 0 {
			m.Removed = final
			q := &w.settled
			*q = w.cur
			for i := 0; i < k; i++ {
				if i < 7 && final&(1<<i) != 0 {
					e.sendHome(q, me, w.steps[i].to, nil)
				}
			}
			if pend != board.NoSquare {
				e.sendHome(q, me, pend, nil)
				m.Via[len(m.Via)-1] = pend // for the notation (`0*`)
			}
			hash = q.Hash
			fresh = false
		}
	}
	l := playLeaf{m: m, hash: hash, used: uint8(used), exact: exact}
	if !fresh {
		w.stale++
	}
	if k == 1 {
		l.die = w.steps[0].die
	}
	w.leaves = append(w.leaves, l)
}

// Flags in the Piece of a Play or a Pass. RollsAgain: the play gives its
// player another roll (a rule's again), or the pass does (dice: pass_again).
// EarnsBonus: the play earns bonus moves, of the counts the end of Via
// holds (see playBonuses). Penalty: a pass that is the roll's penalty (dice: penalty), the
// piece on From going back to To (NoSquare: none).
const (
	RollsAgain = 1 << iota
	EarnsBonus
	Penalty
)

// PendingBit in a Play's Removed says that the play settles the square an
// earlier play of the turn left pending (Position.Pending), which the last
// of Via then names. Plays of games with extra rolls have at most four die
// moves, so bit 7 and the end of Via are free.
const PendingBit = 1 << 7

// finalHits says which of the play's landings hit when the play ends: those
// that found opposing pieces, whose piece did not move on. Pieces of one
// player on a square are alike: a move from a square where pieces landed
// takes one that was there before when there is one.
func (e *Engine[H]) finalHits(w *work[H], k int, me int) uint8 {
	var any bool
	for i := 0; i < k; i++ {
		any = any || w.steps[i].hit
	}
	if !any {
		return 0
	}
	b := e.b
	for i := 0; i < k; i++ { // the squares the play touches, counted before it
		st := &w.steps[i]
		w.mine[st.from] = int8(ownPieces(b, w.orig.Cells[st.from], me))
		w.arrived[st.from] = 0
		if st.to != board.NoSquare {
			w.mine[st.to] = int8(ownPieces(b, w.orig.Cells[st.to], me))
			w.arrived[st.to] = 0
		}
	}
	var stayed uint8 // bit i: step i's piece is still where it landed
	for i := 0; i < k; i++ {
		st := &w.steps[i]
		if w.mine[st.from] <= w.arrived[st.from] {
			// Only pieces that landed here this play are left: the latest moves on.
			for j := i - 1; j >= 0; j-- {
				if stayed&(1<<j) != 0 && w.steps[j].to == st.from {
					stayed &^= 1 << j
					break
				}
			}
			w.arrived[st.from]--
		}
		w.mine[st.from]--
		if st.to != board.NoSquare {
			w.mine[st.to]++
			w.arrived[st.to]++
			stayed |= 1 << i
		}
	}
	var out uint8
	for i := 0; i < k; i++ {
		if stayed&(1<<i) != 0 && w.steps[i].hit {
			out |= 1 << i
		}
	}
	return out
}

// buriedSquares are the squares of me's track where me has a piece under
// other players' pieces (a shared square, with hits: end).
func (e *Engine[H]) buriedSquares(p *board.Position, me int) board.SquareSet {
	var out board.SquareSet
	b := e.b
	// Mostly every piece of me's is in a stack me tops: then none is buried,
	// and the others' stacks need no look.
	mine := 0
	for wi, word := range p.Tops[me] {
		for word != 0 {
			sq := board.Square(wi*64 + bits.TrailingZeros64(word))
			word &= word - 1
			mine += ownPieces(b, p.Cells[sq], me)
		}
	}
	if mine == int(p.OnBoard[me]) {
		return out
	}
	stepOf := e.stepOf[me]
	for o := range e.players {
		if o == me {
			continue
		}
		for wi, word := range p.Tops[o] {
			for word != 0 {
				sq := board.Square(wi*64 + bits.TrailingZeros64(word))
				word &= word - 1
				if p.Cells[sq].Height() > 1 && stepOf[sq] >= 0 && ownPieces(b, p.Cells[sq], me) > 0 {
					out.Add(sq)
				}
			}
		}
	}
	return out
}
