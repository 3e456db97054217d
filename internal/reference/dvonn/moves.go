package dvonn

import (
	"fmt"
	"sort"
)

type moveKind int

const (
	kindPlaceDvonn moveKind = iota // place a DVONN piece on an empty space
	kindPlace                      // place one of the mover's own pieces on an empty space
	kindMove                       // move a stack
	kindPass                       // the mover cannot move, the other player can
)

type rawMove struct {
	kind     moveKind
	from, to int // from: kindMove only; to: placements and kindMove
}

func (m rawMove) text() string {
	switch m.kind {
	case kindPlaceDvonn, kindPlace:
		return squareNames[m.to]
	case kindMove:
		return squareNames[m.from] + "-" + squareNames[m.to]
	}
	return "pass"
}

// Move is a legal move and the position it leads to.
type Move struct {
	Text  string // "e3" (placement), "e3-g3" (stack move) or "pass"
	After string // position text after the move (turn passed, cut-offs removed)
}

// surrounded reports whether all six neighbours of cell i exist and are occupied. A cell
// on the edge has fewer than six neighbours and is never surrounded.
func (p *Position) surrounded(i int) bool {
	if len(neighbours[i]) < 6 {
		return false
	}
	for _, n := range neighbours[i] {
		if p.cells[n] == "" {
			return false
		}
	}
	return true
}

// landings appends the stack moves of the stack on cell i, ignoring whether it is
// surrounded: exactly its height in a straight line, landing on an occupied space.
func (p *Position) landings(i int, out []rawMove) []rawMove {
	h := len(p.cells[i])
	from := cellCoord[i]
	for _, d := range dirs {
		if t := at(from.c+h*d.c, from.r+h*d.r); t >= 0 && p.cells[t] != "" {
			out = append(out, rawMove{kind: kindMove, from: i, to: t})
		}
	}
	return out
}

// stackMoves lists the stack moves of player (movement phase).
func (p *Position) stackMoves(player byte) []rawMove {
	var out []rawMove
	for i, st := range p.cells {
		if st == "" || top(st) != player || p.surrounded(i) {
			continue
		}
		out = p.landings(i, out)
	}
	return out
}

// canMove reports whether player has at least one stack move.
func (p *Position) canMove(player byte) bool {
	var buf [6]rawMove
	for i, st := range p.cells {
		if st == "" || top(st) != player || p.surrounded(i) {
			continue
		}
		if len(p.landings(i, buf[:0])) > 0 {
			return true
		}
	}
	return false
}

// legal lists the legal moves of p, unsorted; none when the game is over.
func legal(p *Position) []rawMove {
	if p.placing() {
		kind := kindPlace
		if p.hand[handD] > 0 {
			kind = kindPlaceDvonn
		} else if p.hand[handOf(p.turn)] == 0 {
			return nil // rejected by Parse; never reached by play
		}
		var out []rawMove
		for i, st := range p.cells {
			if st == "" {
				out = append(out, rawMove{kind: kind, to: i})
			}
		}
		return out
	}
	if out := p.stackMoves(p.turn); len(out) > 0 {
		return out
	}
	if p.canMove(other(p.turn)) {
		return []rawMove{{kind: kindPass}}
	}
	return nil
}

// apply plays m on p and returns the new position and the number of stacks removed as
// cut off.
func apply(p *Position, m rawMove) (*Position, int) {
	q := *p
	removed := 0
	switch m.kind {
	case kindPlaceDvonn:
		q.cells[m.to] = "d"
		q.hand[handD]--
	case kindPlace:
		q.cells[m.to] = string(p.turn)
		q.hand[handOf(p.turn)]--
	case kindMove:
		q.cells[m.to] += q.cells[m.from]
		q.cells[m.from] = ""
		removed = q.cutOff()
	}
	// The player who places the last piece also makes the first stack move.
	if !(p.placing() && !q.placing()) {
		q.turn = other(p.turn)
	}
	return &q, removed
}

// cutOff removes every stack not connected, through chains of adjacent occupied spaces,
// to a space whose stack holds a DVONN piece, and returns how many it removed.
func (p *Position) cutOff() int {
	var alive [numCells]bool
	var queue []int
	for i, st := range p.cells {
		for h := 0; h < len(st); h++ {
			if st[h] == 'd' {
				alive[i] = true
				queue = append(queue, i)
				break
			}
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, n := range neighbours[i] {
			if !alive[n] && p.cells[n] != "" {
				alive[n] = true
				queue = append(queue, n)
			}
		}
	}
	removed := 0
	for i, st := range p.cells {
		if st != "" && !alive[i] {
			p.cells[i] = ""
			removed++
		}
	}
	return removed
}

// Moves returns every legal move of p sorted by Text; none when the game is over.
func Moves(p *Position) []Move {
	raw := legal(p)
	out := make([]Move, 0, len(raw))
	for _, m := range raw {
		q, _ := apply(p, m)
		out = append(out, Move{Text: m.text(), After: q.String()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

func find(p *Position, text string) (rawMove, bool) {
	for _, m := range legal(p) {
		if m.text() == text {
			return m, true
		}
	}
	return rawMove{}, false
}

// wellFormed reports whether text has the shape of a move: "pass", a square, or
// square-square.
func wellFormed(text string) bool {
	if text == "pass" {
		return true
	}
	if _, ok := squareIndex[text]; ok {
		return true
	}
	for k := 0; k < len(text); k++ {
		if text[k] == '-' {
			_, ok1 := squareIndex[text[:k]]
			_, ok2 := squareIndex[text[k+1:]]
			return ok1 && ok2
		}
	}
	return false
}

// Play plays the move written text on p.
func Play(p *Position, text string) (*Position, error) {
	m, ok := find(p, text)
	if !ok {
		if !wellFormed(text) {
			return nil, fmt.Errorf("dvonn: move %q is malformed (want a square like e3, from-to like e3-g3, or pass)", text)
		}
		return nil, fmt.Errorf("dvonn: move %q is not legal in %q", text, p.String())
	}
	q, _ := apply(p, m)
	return q, nil
}

// Result is the outcome of a position.
type Result struct {
	Over         bool
	Winner       string // "w", "b", or "" for a draw or a game not over
	White, Black int    // pieces in the stacks topped by each player's piece
}

// GetResult counts the pieces in the stacks topped by each player (all pieces of those
// stacks, any colour; stacks topped by a DVONN piece count for nobody) and, when no moves
// remain, names the winner.
func GetResult(p *Position) Result {
	var r Result
	for _, st := range p.cells {
		if st == "" {
			continue
		}
		switch top(st) {
		case 'w':
			r.White += len(st)
		case 'b':
			r.Black += len(st)
		}
	}
	r.Over = len(legal(p)) == 0
	if r.Over {
		switch {
		case r.White > r.Black:
			r.Winner = "w"
		case r.Black > r.White:
			r.Winner = "b"
		}
	}
	return r
}

// Perft counts the move paths of length depth from p (pass included); a finished game
// has no moves, so it contributes nothing below depth 0.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	raw := legal(p)
	if depth == 1 {
		return uint64(len(raw))
	}
	var n uint64
	for _, m := range raw {
		q, _ := apply(p, m)
		n += Perft(q, depth-1)
	}
	return n
}

// blockedBySurrounding reports whether player has a stack topped by its piece that is
// surrounded and would have at least one move if it were not.
func (p *Position) blockedBySurrounding(player byte) bool {
	var buf [6]rawMove
	for i, st := range p.cells {
		if st != "" && top(st) == player && p.surrounded(i) && len(p.landings(i, buf[:0])) > 0 {
			return true
		}
	}
	return false
}

// Features tags the move m played from before, in this order: "placement-dvonn" (a DVONN
// piece placed), "placement" (an own piece placed), "move" (a stack moved), "cut-off"
// (the move removed at least one stack), "surrounded" (movement phase: the mover has a
// stack topped by its piece that cannot move only because it is surrounded), "pass",
// "game-over" (after the move no moves remain). It returns nil when m.Text is not legal.
func Features(before *Position, m Move) []string {
	rm, ok := find(before, m.Text)
	if !ok {
		return nil
	}
	after, removed := apply(before, rm)
	var tags []string
	switch rm.kind {
	case kindPlaceDvonn:
		tags = append(tags, "placement-dvonn")
	case kindPlace:
		tags = append(tags, "placement")
	case kindMove:
		tags = append(tags, "move")
	}
	if removed > 0 {
		tags = append(tags, "cut-off")
	}
	if !before.placing() && before.blockedBySurrounding(before.turn) {
		tags = append(tags, "surrounded")
	}
	if rm.kind == kindPass {
		tags = append(tags, "pass")
	}
	if len(legal(after)) == 0 {
		tags = append(tags, "game-over")
	}
	return tags
}
