package dice

import "github.com/stackrules/stackrules/board"

// ApplyStep moves the top piece of from to to (NoSquare: off the track's
// end, borne off); with hit, the other players' pieces on to first go back
// to the first squares of their own tracks.
func (e *Engine[H]) ApplyStep(p *board.Position, me int, from, to board.Square, hit bool) {
	var undo stepUndo
	e.applyDieStepUndo(p, me, from, to, hit, &undo)
}

// stepUndo is what a die move changed, to take it back: the cells in the
// order they were set, and the counts kept with them.
type stepUndo struct {
	sq      [2 + board.MaxPlayers]board.Square
	cell    [2 + board.MaxPlayers]board.Stack
	n       int
	tops    [board.MaxPlayers]board.SquareSet
	showing [board.MaxPlayers]int16
	onBoard [board.MaxPlayers]int16
	off     [board.MaxPlayers]int16
	hash    uint64
}

func (u *stepUndo) set(b *board.Board, p *board.Position, sq board.Square, s board.Stack) {
	u.sq[u.n], u.cell[u.n] = sq, p.Cells[sq]
	u.n++
	p.Set(b, sq, s)
}

// restore takes the die move back: the cells as they were, and the counts
// and hash copied back rather than recomputed.
func (u *stepUndo) restore(p *board.Position) {
	for i := u.n - 1; i >= 0; i-- {
		p.Cells[u.sq[i]] = u.cell[i]
	}
	p.Tops, p.Showing, p.OnBoard, p.Off, p.Hash = u.tops, u.showing, u.onBoard, u.off, u.hash
}

func (e *Engine[H]) applyDieStepUndo(p *board.Position, me int, from, to board.Square, hit bool, u *stepUndo) {
	b := e.b
	u.n = 0
	u.tops, u.showing, u.onBoard, u.off, u.hash = p.Tops, p.Showing, p.OnBoard, p.Off, p.Hash
	rest, piece := takeOwn(b, p.Cells[from], me)
	u.set(b, p, from, rest)
	if to == board.NoSquare {
		p.OnBoard[me]--
		p.Off[me]++
		return
	}
	if hit && p.Cells[to] != 0 {
		e.sendHome(p, me, to, u)
	}
	if e.HitsAtEnd {
		// Pieces of several players share the square: kept in the order of
		// their owners, so that a square holds one stack whatever the order
		// they came in (it is the same position).
		u.set(b, p, to, insertByOwner(b, p.Cells[to], piece))
		return
	}
	u.set(b, p, to, b.Push(p.Cells[to], piece))
}

// insertByOwner puts the one-piece stack piece into s among the pieces of
// owners up to its own, s being ordered by owner from the bottom.
func insertByOwner(b *board.Board, s, piece board.Stack) board.Stack {
	owner := b.TopOwner(piece)
	if s == 0 || b.TopOwner(s) <= owner {
		return b.Push(s, piece)
	}
	h := s.Height()
	k := 0 // the pieces of later owners, on top
	for k < h && b.Owner(b.Piece(s, k+1)) > owner {
		k++
	}
	under, over := b.Lift(s, k)
	return b.Push(b.Push(under, piece), over)
}

// SendHome sends the pieces of players other than me on square to back to
// the first squares of their own tracks.
func (e *Engine[H]) SendHome(p *board.Position, me int, to board.Square) { e.sendHome(p, me, to, nil) }

// sendHome sends the pieces of players other than me on square to back to
// the first squares of their own tracks, recording the change in u when it
// is not nil.
func (e *Engine[H]) sendHome(p *board.Position, me int, to board.Square, u *stepUndo) {
	b := e.b
	set := func(sq board.Square, s board.Stack) {
		if u != nil {
			u.set(b, p, sq, s)
		} else {
			p.Set(b, sq, s)
		}
	}
	dst := p.Cells[to]
	kept, sent := e.splitHit(dst, me)
	for owner, s := range sent {
		if s != 0 {
			home := e.tracks[owner][0]
			set(home, b.Push(p.Cells[home], s))
		}
	}
	set(to, kept)
}

// Apply plays a Roll, a Play or a Pass at p in place, but for ending the
// turn: it reports whether the caller must end it (a play or a pass that
// leaves the player nothing more to play or roll this turn).
func (e *Engine[H]) Apply(p *board.Position, m board.Move) (endTurn bool) {
	me := int(p.ToMove)
	switch m.Kind {
	case board.Roll:
		switch m.Lift {
		case 1: // the opening roll decides who starts, and is played
			p.SetToMove(int(m.Rule))
		case 2: // the opening roll decides who starts, who rolls anew
			p.SetToMove(int(m.Rule))
			p.SetDice(0, 0, false)
			return false
		}
		p.SetDice(int(m.From), int(m.To), false)
		return false
	case board.Play:
		bonus := p.Bonus > 0
		again := m.Jumps > 0 && m.Piece&RollsAgain != 0
		if again && e.HitsAtEnd {
			// The same player rolls again; the hit waits (see recordPlay).
			var pending uint8
			for i := 0; i < int(m.Jumps); i++ {
				e.ApplyStep(p, me, m.Via[2*i], m.Via[2*i+1], false)
				if m.Removed&(1<<i) != 0 {
					pending = uint8(m.Via[2*i+1]) + 1
				}
			}
			p.SetDice(0, 0, false)
			p.SetExtra(true, pending)
			e.countRoll(p)
			return false
		}
		// Hits as each die lands (and, after an extra roll with hits at
		// the end, the square left pending).
		for i := 0; i < int(m.Jumps) && i < 7; i++ {
			e.ApplyStep(p, me, m.Via[2*i], m.Via[2*i+1], m.Removed&(1<<i) != 0)
		}
		if m.Removed&PendingBit != 0 && p.Pending > 0 {
			e.SendHome(p, me, board.Square(p.Pending-1))
		}
		// Another roll to come: earned by this play, or after a bonus move
		// by the play before it.
		extra := again || bonus && p.Extra
		if again {
			e.countRoll(p)
		}
		// The bonus moves to come: those this play earned, largest first,
		// then those still waiting.
		var buf [2 * MaxBonuses]uint8
		queue := playBonuses(m, buf[:0])
		if bonus {
			queue = appendWaiting(queue, p)
		}
		if len(queue) > 0 {
			e.nextBonus(p, queue, extra)
			return false
		}
		if extra {
			p.SetTurn(p.Rolls, 0)
			p.SetBonusNext([3]uint8{})
			p.SetDice(0, 0, false)
			p.SetExtra(true, 0)
			return false
		}
	case board.Pass:
		switch {
		case m.Piece&RollsAgain != 0: // the player rolls again
			p.SetDice(0, 0, false)
			e.countRoll(p)
			return false
		case m.Piece&Penalty != 0 && m.From != board.NoSquare:
			rest, piece := takeOwn(e.b, p.Cells[m.From], me)
			p.Set(e.b, m.From, rest)
			p.Set(e.b, m.To, e.b.Push(p.Cells[m.To], piece))
		case p.Bonus > 0:
			// A bonus move that cannot be played is lost; the next one
			// comes, or the roll owed.
			var buf [MaxBonuses]uint8
			if queue := appendWaiting(buf[:0], p); len(queue) > 0 {
				e.nextBonus(p, queue, p.Extra)
				return false
			}
			if p.Extra {
				p.SetTurn(p.Rolls, 0)
				p.SetDice(0, 0, false)
				return false
			}
		}
	}
	if p.Extra {
		p.SetExtra(false, 0)
	}
	if p.Rolls != 0 || p.Bonus != 0 || p.BonusNext != [3]uint8{} {
		p.SetTurn(0, 0)
		p.SetBonusNext([3]uint8{})
	}
	p.SetDice(0, 0, false)
	return true
}

// appendWaiting appends to queue the bonus moves waiting at p after the one
// being played.
func appendWaiting(queue []uint8, p *board.Position) []uint8 {
	for _, b := range p.BonusNext {
		if b > 0 {
			queue = append(queue, b)
		}
	}
	return queue
}

// nextBonus makes the first of queue the bonus move to play at p, the rest
// (as many as a position keeps) waiting after it; extra says whether a
// roll comes after them.
func (e *Engine[H]) nextBonus(p *board.Position, queue []uint8, extra bool) {
	var next [3]uint8
	copy(next[:], queue[1:])
	p.SetExtra(extra, 0)
	p.SetDice(int(queue[0]), 0, false)
	p.SetTurn(p.Rolls, queue[0])
	p.SetBonusNext(next)
}

// countRoll counts one more roll of the turn, in a game that counts them.
func (e *Engine[H]) countRoll(p *board.Position) {
	if e.CountRolls && p.Rolls < 255 {
		p.SetTurn(p.Rolls+1, p.Bonus)
	}
}

// takeOwn lifts the highest of player's pieces out of stack s: the top one
// unless others' pieces lie on it (a square they share, in Ludo).
func takeOwn(b *board.Board, s board.Stack, player int) (rest, piece board.Stack) {
	if b.TopOwner(s) == player {
		return b.Lift(s, 1)
	}
	h := s.Height()
	for i := 1; i <= h; i++ { // from the top
		code := b.Piece(s, i)
		if b.Owner(code) != player {
			continue
		}
		under, over := b.Lift(s, i-1) // the pieces on top of it, lifted off
		below, _ := b.Lift(under, 1)  // and it
		return b.Push(below, over), b.Single(code)
	}
	return s, 0
}

// hashAfterDieStep is the hash of the position after applyDieStep, without
// making the move (see applyDieStepUndo, which it mirrors).
func (e *Engine[H]) hashAfterDieStep(p *board.Position, me int, from, to board.Square, hit bool) uint64 {
	b := e.b
	old := p.Cells[from]
	var rest, piece board.Stack
	if !e.HitsAtEnd || b.TopOwner(old) == me {
		rest, piece = b.Lift(old, 1) // the mover's pieces are on top
	} else {
		rest, piece = takeOwn(b, old, me)
	}
	h := p.Hash ^ board.CellHash(from, old) ^ board.CellHash(from, rest)
	if to == board.NoSquare {
		return h
	}
	dst := p.Cells[to]
	if to == from { // a count walked to the end and back
		dst = rest
	}
	switch {
	case hit && dst != 0:
		return e.hashAfterHit(p, me, h, from, rest, to, dst, piece)
	case e.HitsAtEnd:
		return h ^ board.CellHash(to, dst) ^ board.CellHash(to, insertByOwner(b, dst, piece))
	}
	return h ^ board.CellHash(to, dst) ^ board.CellHash(to, b.Push(dst, piece))
}

// splitHit parts the stack dst that me's piece lands on: the pieces me
// keeps there and, per other owner, the pieces sent home, each bottom to top.
func (e *Engine[H]) splitHit(dst board.Stack, me int) (kept board.Stack, sent [board.MaxPlayers]board.Stack) {
	b := e.b
	for i := dst.Height(); i >= 1; i-- { // bottom to top
		code := b.Piece(dst, i)
		if owner := b.Owner(code); owner != me {
			sent[owner] = b.Push(sent[owner], b.Single(code))
		} else {
			kept = b.Push(kept, b.Single(code))
		}
	}
	return kept, sent
}

// hashAfterHit finishes hashAfterDieStep for a piece landing on dst at to
// and sending the other players' pieces there home: h is the hash with the
// square it left, from, holding rest.
func (e *Engine[H]) hashAfterHit(p *board.Position, me int, h uint64, from board.Square, rest board.Stack, to board.Square, dst, piece board.Stack) uint64 {
	b := e.b
	kept, sent := e.splitHit(dst, me)
	for owner, s := range sent {
		if s != 0 {
			home := e.tracks[owner][0]
			before := p.Cells[home]
			if home == from {
				before = rest
			}
			h = board.HashAfterSet(h, home, before, b.Push(before, s))
			if home == from {
				rest = b.Push(before, s)
			}
		}
	}
	return board.HashAfterSet(h, to, dst, b.Push(kept, piece))
}
