package interpreter

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Pieces beyond each player's plain one: kinds (the draughts king, Tak's
// wall and capstone), neutral pieces that belong to nobody (DVONN's red
// pieces), pieces kept in hand by kind (pools), and what leaves the board
// after every move (after_move: remove). Decoded in pieces_decode.go.

// pieceSet is what a Game knows of its pieces besides the players'.
type pieceSet struct {
	kinds   int      // the players' kinds: 1 without `kinds`
	neutral []string // the neutral pieces' names; their kinds follow the players'
	// pools: the game keeps pieces in hand by kind (board.Pools), when a
	// hand is given by kind or a neutral piece is placed.
	pools bool
}

// afterMove is a compiled after_move: the stacks on the squares where
// remove holds leave the board after every move where when holds.
type afterMove struct {
	when   boolFn
	whenC  *compiled
	remove *region
}

// buildPieces makes the board's piece alphabet from the players, the kinds
// and the neutral pieces: kind 0 is written with the players' codes, kind
// 1 with their capitals unless it says otherwise, later kinds with the
// letters they give, one per player; neutral pieces with their own codes.
func (g *Game) buildPieces(d *decoder, rf *ruleFile, geo *board.Geometry, letters []byte) (*board.Board, bool) {
	ok := true
	kinds := max(len(rf.Kinds), 1)
	g.pieceSet.kinds = kinds
	onTop := false
	for i, k := range rf.Kinds {
		if _, clash := names[k.Name]; clash || g.playerIndex(k.Name) >= 0 || k.Name == "" {
			d.errorf(k.node, "bad-value", "", "kind name %q is already a name in expressions; choose another", k.Name)
			ok = false
		}
		g.Kinds = append(g.Kinds, k.Name)
		if i == 0 {
			continue
		}
		onTop = onTop || k.OnTop
		switch {
		case k.Letters != "":
			if len(k.Letters) != len(g.Players) && len(k.Letters) != len(rf.Players) {
				d.errorf(k.lettersNode, "bad-value", fmt.Sprintf("one letter per player, in turn order: %d", len(rf.Players)), "kind %q: letters %q", k.Name, k.Letters)
				ok = false
				continue
			}
			for pi := range g.Players {
				letters = append(letters, k.Letters[g.declaredIndex(pi)])
			}
		case i == 1:
			for _, p := range g.Players {
				letters = append(letters, p.Code-'a'+'A')
			}
		default:
			d.errorf(k.node, "missing-key", "for example {name: capstone, letters: CD}", "kind %q needs letters, one per player: only the second kind is written with capitals by default", k.Name)
			ok = false
		}
	}
	if onTop {
		for i, k := range rf.Kinds[1:] {
			if !k.OnTop {
				d.errorf(k.node, "bad-value", "give on_top: true to every kind but the plain one, or to none",
					"kind %q does not stay on top, but %q does: a game keeps either every kind but the plain one on top, or kinds anywhere in a stack", k.Name, rf.Kinds[1+(i+1)%(len(rf.Kinds)-1)].Name)
				ok = false
				break
			}
		}
	}
	var neutral []byte
	for _, n := range rf.Neutral {
		if len(n.Code) != 1 || n.Code[0] < 'a' || n.Code[0] > 'z' {
			d.errorf(n.codeNode, "bad-value", "", "neutral piece %q: code must be one lower-case letter, not %q", n.Name, n.Code)
			ok = false
			continue
		}
		if _, clash := names[n.Name]; clash || g.playerIndex(n.Name) >= 0 || g.kindIndex(n.Name) >= 0 {
			d.errorf(n.node, "bad-value", "", "neutral piece name %q is already a name in expressions; choose another", n.Name)
			ok = false
		}
		neutral = append(neutral, n.Code[0])
		g.pieceSet.neutral = append(g.pieceSet.neutral, n.Name)
	}
	if onTop && len(neutral) > 0 {
		d.errorf(rf.Neutral[0].node, "bad-value", "", "neutral pieces and kinds that stay on top do not go together")
		ok = false
	}
	if !ok {
		return nil, false
	}
	var b *board.Board
	var err error
	if onTop {
		b, err = board.NewBoardOnTop(geo, len(g.Players), letters)
	} else {
		b, err = board.NewBoardNeutral(geo, len(g.Players), letters, neutral)
	}
	if err != nil {
		d.errorf(rf.root, "players", "", "%v", err)
		return nil, false
	}
	return b, true
}

// declaredIndex is the index among the declared players of player pi.
func (g *Game) declaredIndex(pi int) int {
	for i, n := range g.declared {
		if n == g.Players[pi].Name {
			return i
		}
	}
	return pi
}

// kindIndex is the kind named name (the players' kinds, then the neutral
// pieces'), -1 for none.
func (g *Game) kindIndex(name string) int {
	for i, k := range g.Kinds {
		if k == name {
			return i
		}
	}
	for j, n := range g.pieceSet.neutral {
		if n == name {
			return g.pieceSet.kinds + j
		}
	}
	return -1
}

// constant is the value of a name that is a constant of this game: a
// player, a kind, a neutral piece, a square.
func (g *Game) constant(name string) (int, bool) {
	if _, isName := names[name]; isName {
		return 0, false
	}
	if v, ok := g.playerConst(name); ok {
		return v, true
	}
	if k := g.kindIndex(name); k >= 0 {
		return k, true
	}
	if g.Board != nil {
		if f, r, ok := board.ScanSquare(name); ok {
			if sq, on := g.Board.At(f, r); on {
				return int(sq), true
			}
		}
	}
	return 0, false
}

// buildPools sets up the pools of a game that keeps pieces in hand by kind
// or places neutral pieces, from setup: hand, and fills the start
// position's.
func (g *Game) buildPools(d *decoder, rf *ruleFile, p *board.Position) {
	b := g.Board
	byKind := false
	for _, h := range rf.Hands {
		byKind = byKind || h.Kinds != nil
	}
	neutralHand := false
	for _, h := range rf.Hands {
		if g.kindIndex(h.Player) >= g.pieceSet.kinds {
			neutralHand = true
		}
	}
	if !byKind && !neutralHand {
		return
	}
	g.pieceSet.pools = true
	var codes []int
	counts := map[int]int{}
	add := func(code, n int) {
		if _, seen := counts[code]; !seen {
			codes = append(codes, code)
		}
		counts[code] += n
	}
	for _, h := range rf.Hands {
		if k := g.kindIndex(h.Player); k >= g.pieceSet.kinds {
			if h.Kinds != nil {
				d.errorf(h.node, "bad-value", "", "setup: hand: %s is a neutral piece: give a number", h.Player)
				continue
			}
			add(b.CodeOf(0, k), h.Count)
			continue
		}
		pi := g.playerIndex(h.Player)
		if pi < 0 {
			continue // reported by buildSetup
		}
		if h.Kinds == nil {
			add(pi, h.Count)
			continue
		}
		for _, kc := range h.Kinds {
			k := g.kindIndex(kc.Kind)
			if k < 0 || k >= g.pieceSet.kinds {
				d.errorf(kc.node, "bad-value", suggest(kc.Kind, g.Kinds), "setup: hand: %s: %q is not a kind of this game's pieces", h.Player, kc.Kind)
				continue
			}
			add(b.CodeOf(pi, k), kc.Count)
		}
	}
	if err := b.UsePools(codes); err != nil {
		d.errorf(rf.root, "bad-value", "", "setup: hand: %v", err)
		return
	}
	p.Hand = [board.MaxPlayers]int16{}
	for i, code := range codes {
		p.Pools[i] = int16(counts[code])
		if o := b.Owner(code); o >= 0 {
			p.Hand[o] += int16(counts[code])
		}
	}
}

// poolFor makes sure the game keeps a pool of code (empty at the start):
// a placement takes from it.
func (g *Game) poolFor(d *decoder, code int) {
	b := g.Board
	if !g.pieceSet.pools || b.PoolOf(code) >= 0 {
		return
	}
	if err := b.UsePools(append(b.Pools(), code)); err != nil {
		d.errorf(g.root, "bad-value", "", "placement rules: %v", err)
	}
}

// takeFromHand takes the piece of code out of player's hand (its pool,
// in a game with pools) for a placement.
func (g *Game) takeFromHand(p *board.Position, player, code int) {
	b := g.Board
	if g.pieceSet.pools {
		if i := b.PoolOf(code); i >= 0 {
			p.AddPool(b, i, -1)
		}
		return
	}
	if o := b.Owner(code); o >= 0 {
		player = o
	}
	p.SetHand(player, int(p.Hand[player])-1)
}

// handHas reports whether a placement of code may take a piece: its pool
// is not empty (the player's hand, without pools).
func (g *Game) handHas(p *board.Position, player, code int) bool {
	if g.pieceSet.pools {
		i := g.Board.PoolOf(code)
		return i >= 0 && p.Pools[i] > 0
	}
	if o := g.Board.Owner(code); o >= 0 {
		player = o
	}
	return p.Hand[player] > 0
}

// reserve is reserve(k) for me: me's pieces of kind k in hand, or a
// neutral kind's pieces still to be placed.
func (g *Game) reserve(p *board.Position, me, k int) int {
	b := g.Board
	if !g.pieceSet.pools {
		if k == 0 && me >= 0 && me < len(g.Players) {
			return int(p.Hand[me])
		}
		return 0
	}
	code := b.CodeOf(me, k)
	if code < 0 {
		return 0
	}
	if i := b.PoolOf(code); i >= 0 {
		return int(p.Pools[i])
	}
	return 0
}

// includes is includes(k): whether the stack on c.from holds a piece of
// kind k.
func (g *Game) includes(c *Ctx, k int) bool {
	b := g.Board
	if c.from == noSquare {
		return false
	}
	h := c.src.Height()
	for i := 1; i <= h; i++ {
		code := b.Piece(c.src, i)
		if code < 0 {
			code = b.PieceAt(c.pos, c.from, i)
		}
		if code >= 0 && b.Kind(code) == k {
			return true
		}
	}
	return false
}

// hasMove is can_move(p): whether p would have a move other than a pass if
// it were p's turn. A runtime error met finding out is c's.
func (g *Game) hasMove(c *Ctx, player int) bool {
	// The moves are generated for player (the context's me) on the position
	// as it is: a copy with player to move would escape to the heap.
	sub := g.ctx(c.pos, player)
	sub.moveBuf = g.generate(sub, sub.moveBuf[:0], true)
	found := len(sub.moveBuf) > 0 && sub.moveBuf[0].Kind != board.Pass
	if sub.err != nil && c.err == nil {
		c.err = sub.err
	}
	g.release(sub)
	return found
}

// buildAfterMove compiles after_move.
func (g *Game) buildAfterMove(d *decoder, rf *ruleFile) {
	am := rf.AfterMove
	if am == nil {
		return
	}
	a := &afterMove{remove: &region{name: "after_move: remove"}}
	if am.When != nil {
		a.whenC = g.compileExpr(d, am.When, "after_move: when", inEnd, true)
		if a.whenC != nil {
			a.when = allTermsFn(a.whenC)
		}
	}
	if am.Remove != nil {
		a.remove.cond = g.compileExpr(d, am.Remove, "after_move: remove", inRegion, true)
		if a.remove.cond != nil {
			a.remove.test = allTermsFn(a.remove.cond)
		}
	}
	if a.remove.test == nil {
		return
	}
	g.afterMove = a
}

// removeAfterMove takes off the board the stacks on the squares after_move
// names, for mover, who just moved: their pieces count as captured. It
// returns a runtime error met.
func (g *Game) removeAfterMove(p *board.Position, mover int) *EvalError {
	a := g.afterMove
	c := g.ctx(p, mover)
	defer g.release(c)
	if a.when != nil && !a.when(c) {
		return g.takeErr(c)
	}
	b := g.Board
	saved := c.enterSquare(0, mover)
	var gone board.SquareSet
	for sq := 0; sq < b.NumSquares(); sq++ {
		if p.Cells[sq] == 0 {
			continue
		}
		c.from, c.src = board.Square(sq), p.Cells[sq]
		if a.remove.test(c) {
			gone.Add(board.Square(sq))
		}
	}
	c.leaveSquare(saved)
	if err := g.takeErr(c); err != nil {
		return err
	}
	for i, w := range gone {
		for w != 0 {
			sq := board.Square(i*64 + bits.TrailingZeros64(w))
			w &= w - 1
			var counts [board.MaxPlayers]int16
			b.CountAt(p, sq, &counts)
			for pl, n := range counts[:len(g.Players)] {
				if n > 0 {
					p.OnBoard[pl] -= n
					p.AddCaptured(pl, int(n))
				}
			}
			if g.tall {
				var empty board.Column
				b.SetColumn(p, sq, &empty)
			} else {
				p.Set(b, sq, 0)
			}
		}
	}
	return nil
}

// kindsText lists the kinds for messages: "flat, wall, capstone".
func (g *Game) kindsText() string {
	return strings.Join(append(append([]string(nil), g.Kinds...), g.pieceSet.neutral...), ", ")
}
