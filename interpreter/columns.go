package interpreter

import (
	"fmt"

	"github.com/stackrules/stackrules/board"
)

// Columns taller than a Stack word (see board/column.go). A game whose
// pieces can build one (g.tall, decided by checkStackRoom) plays its moves
// on whole board.Columns, which read and keep the position's Deep store;
// every other game keeps the word-sized path of Apply. Move generation is
// the same for both: it reads the top of a stack and its height, which the
// word holds however tall the column, and the few names that read deeper
// (piece(i), bottom) go through Ctx.deepPiece.

// applyColumns is Apply's work for a game with tall columns, but for
// passing the turn.
func (g *Game) applyColumns(p *board.Position, m board.Move) {
	switch m.Kind {
	case board.Step, board.Place:
		g.applyColumnPieces(p, m)
	case board.Capture:
		g.applyColumnCapture(p, m)
	case board.Spread:
		g.applySpreadColumns(p, m)
	case board.BearOff:
		b := g.Board
		col := b.ColumnAt(p, m.From)
		top := col.Lift(1)
		owner := b.Owner(top.Top())
		b.SetColumn(p, m.From, &col)
		p.OnBoard[owner]--
		p.Off[owner]++
	}
	if m.Removed > 0 {
		b := g.Board
		for i := 0; i < int(m.Removed); i++ {
			sq := m.Via[i]
			col := b.ColumnAt(p, sq)
			top := col.Lift(1)
			owner := b.Owner(top.Top())
			b.SetColumn(p, sq, &col)
			p.OnBoard[owner]--
			p.AddCaptured(owner, 1)
		}
	}
}

// applyColumnPieces plays a step or placement on whole columns: a step lifts the top
// pieces of its column (promoting the section's top where the game says)
// and puts them on the destination's, a placement puts one piece from the
// hand there; a column over the cap loses its bottom pieces.
func (g *Game) applyColumnPieces(p *board.Position, m board.Move) {
	b := g.Board
	me := int(p.ToMove)
	var section board.Column
	if m.Kind == board.Place {
		section.N, section.Codes[0] = 1, uint8(g.place(p, m))
	} else {
		src := b.ColumnAt(p, m.From)
		k := int(m.Lift)
		if k == 0 {
			k = src.N
		}
		section = src.Lift(k)
		g.promoteColumn(me, m.To, &section)
		b.SetColumn(p, m.From, &src)
	}
	dst := b.ColumnAt(p, m.To)
	dst.Push(&section)
	if g.stackMax > 0 && dst.N > g.stackMax {
		g.cutColumn(p, &dst)
	}
	b.SetColumn(p, m.To, &dst)
}

// promoteColumn turns the top of a column arriving on sq into the second
// kind where the game promotes.
func (g *Game) promoteColumn(me int, sq board.Square, c *board.Column) {
	if g.canPromote && g.promote.at[me][sq] && c.N > 0 && g.Board.Kind(c.Top()) == 0 {
		c.SetTop(c.Top() + g.Board.Players)
	}
}

// cutColumn is cutStack on a whole column: the pieces over stackMax leave
// from its bottom, to the hand or the captured count as stack: overflow says.
func (g *Game) cutColumn(p *board.Position, c *board.Column) {
	me := int(p.ToMove)
	n := c.N - g.stackMax
	for i := 0; i < n; i++ {
		owner := g.Board.Owner(int(c.Codes[i]))
		p.OnBoard[owner]--
		toCaptured := g.overflowTheirs
		if owner == me {
			toCaptured = g.overflowMine
		}
		if toCaptured {
			p.AddCaptured(owner, 1)
		} else {
			p.SetHand(owner, int(p.Hand[owner])+1)
		}
	}
	c.DropBottom(n)
}

// applyColumnCapture is applyCapture on whole columns: the capturing column
// leaves its square, and each stack it jumps gives up its top piece, taken
// under the capturer's bottom, or goes off the board whole.
func (g *Game) applyColumnCapture(p *board.Position, m board.Move) {
	b := g.Board
	me := int(p.ToMove)
	section := b.ColumnAt(p, m.From)
	var empty board.Column
	b.SetColumn(p, m.From, &empty)
	cur := m.From
	for i := 0; i < int(m.Jumps); i++ {
		land := m.Landing(i)
		over := g.jumpedOn(p, m, cur, land)
		if g.capture.takeTop {
			os := b.ColumnAt(p, over)
			top := os.Lift(1)
			section.Bottomed(top.Top())
			b.SetColumn(p, over, &os)
		} else {
			var gone [board.MaxPlayers]int16
			b.CountAt(p, over, &gone)
			for pl := range gone {
				if gone[pl] != 0 {
					p.OnBoard[pl] -= gone[pl]
					p.AddCaptured(pl, int(gone[pl]))
				}
			}
			b.SetColumn(p, over, &empty)
		}
		if g.promote.midCapture == "continue" {
			g.promoteColumn(me, land, &section)
		}
		cur = land
	}
	g.promoteColumn(me, cur, &section)
	b.SetColumn(p, cur, &section)
}

// jumpedOn is the square of the stack a capture jumps between cur and land:
// the first occupied one along the line.
func (g *Game) jumpedOn(p *board.Position, m board.Move, cur, land board.Square) board.Square {
	b := g.Board
	f0, r0 := b.Coord(cur)
	f1, r1 := b.Coord(land)
	d := board.DirectionIndex(board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))})
	over := g.lineNext[d][cur]
	for over != noSquare && p.Cells[over] == 0 {
		over = g.lineNext[d][over]
	}
	if over == noSquare || over == land {
		panic(fmt.Sprintf("capture %s has no piece between %s and %s", g.MoveString(m), b.SquareName(cur), b.SquareName(land)))
	}
	return over
}

// deepPiece is the code of the i-th piece from the top of the stack moved
// from (c.src) when it is below the word's window: for piece(i) and bottom,
// whose closures read the word first and call this only in a tall game.
func (c *Ctx) deepPiece(i int) int {
	b := c.g.Board
	if i < 1 || i > c.src.Height() {
		return -1
	}
	if !c.capturing {
		return b.PieceAt(c.pos, c.from, i)
	}
	// A capturing column: the column it started as, then the prisoners
	// taken under it, in the order taken. A promotion changes only its top.
	st := &c.cap
	h0 := c.pos.Cells[st.origin].Height()
	if i <= h0 {
		return b.PieceAt(c.pos, st.origin, i)
	}
	return int(st.taken[i-h0-1])
}
