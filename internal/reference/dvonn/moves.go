package dvonn

import (
	"fmt"
	"sort"
	"strings"
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
		if p.cells[n].empty() {
			return false
		}
	}
	return true
}

// landings appends the stack moves of the stack on cell i, ignoring whether it is
// surrounded: exactly its height in a straight line, landing on an occupied space.
func (p *Position) landings(i int, out []rawMove) []rawMove {
	h := p.cells[i].height()
	from := cellCoord[i]
	for _, d := range dirs {
		if t := at(from.c+h*d.c, from.r+h*d.r); t >= 0 && !p.cells[t].empty() {
			out = append(out, rawMove{kind: kindMove, from: i, to: t})
		}
	}
	return out
}

// stackMoves lists the stack moves of player (movement phase).
func (p *Position) stackMoves(player byte) []rawMove {
	var out []rawMove
	for i := range p.cells {
		if st := &p.cells[i]; st.empty() || st.top() != player || p.surrounded(i) {
			continue
		}
		out = p.landings(i, out)
	}
	return out
}

// canMove reports whether player has at least one stack move.
func (p *Position) canMove(player byte) bool {
	var buf [6]rawMove
	for i := range p.cells {
		if st := &p.cells[i]; st.empty() || st.top() != player || p.surrounded(i) {
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
		for i := range p.cells {
			if p.cells[i].empty() {
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
	removed := q.play(m)
	return &q, removed
}

// play plays m on p in place and returns the number of stacks removed as cut off.
func (p *Position) play(m rawMove) int {
	wasPlacing := p.placing()
	removed := 0
	switch m.kind {
	case kindPlaceDvonn:
		p.cells[m.to].set("d")
		p.hand[handD]--
	case kindPlace:
		p.cells[m.to].set(string(p.turn))
		p.hand[handOf(p.turn)]--
	case kindMove:
		p.cells[m.to].push(&p.cells[m.from])
		p.cells[m.from].h = 0
		removed = p.cutOff()
	}
	// The player who places the last piece also makes the first stack move.
	if !(wasPlacing && !p.placing()) {
		p.turn = other(p.turn)
	}
	return removed
}

// cutOff removes every stack not connected, through chains of adjacent occupied spaces,
// to a space whose stack holds a DVONN piece, and returns how many it removed.
func (p *Position) cutOff() int {
	var alive [numCells]bool
	var buf [numCells]int
	queue := buf[:0]
	for i := range p.cells {
		if p.cells[i].has('d') {
			alive[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, n := range neighbours[i] {
			if !alive[n] && !p.cells[n].empty() {
				alive[n] = true
				queue = append(queue, n)
			}
		}
	}
	removed := 0
	for i := range p.cells {
		if !p.cells[i].empty() && !alive[i] {
			p.cells[i].h = 0
			removed++
		}
	}
	return removed
}

// Moves returns every legal move of p sorted by Text; none when the game is over.
func Moves(p *Position) []Move {
	raw := legal(p)
	out := make([]Move, 0, len(raw))
	var q Position
	for _, m := range raw {
		q = *p
		q.play(m)
		out = append(out, Move{Text: m.text(), After: q.String()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

// find returns the legal move of p written text. It checks that one move directly
// rather than listing every legal move; the tests check that it agrees with legal.
func find(p *Position, text string) (rawMove, bool) {
	if text == "pass" {
		m := rawMove{kind: kindPass}
		return m, !p.placing() && !p.canMove(p.turn) && p.canMove(other(p.turn))
	}
	if a, b, ok := strings.Cut(text, "-"); ok {
		from, ok1 := squareIndex[a]
		to, ok2 := squareIndex[b]
		if !ok1 || !ok2 || p.placing() {
			return rawMove{}, false
		}
		st := &p.cells[from]
		if st.empty() || st.top() != p.turn || p.surrounded(from) {
			return rawMove{}, false
		}
		var buf [6]rawMove
		for _, m := range p.landings(from, buf[:0]) {
			if m.to == to {
				return m, true
			}
		}
		return rawMove{}, false
	}
	to, ok := squareIndex[text]
	if !ok || !p.placing() || !p.cells[to].empty() {
		return rawMove{}, false
	}
	switch {
	case p.hand[handD] > 0:
		return rawMove{kind: kindPlaceDvonn, to: to}, true
	case p.hand[handOf(p.turn)] > 0:
		return rawMove{kind: kindPlace, to: to}, true
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
	a, b, ok := strings.Cut(text, "-")
	_, ok1 := squareIndex[a]
	_, ok2 := squareIndex[b]
	return ok && ok1 && ok2
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
	for i := range p.cells {
		st := &p.cells[i]
		if st.empty() {
			continue
		}
		switch st.top() {
		case 'w':
			r.White += st.height()
		case 'b':
			r.Black += st.height()
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
	for i := range p.cells {
		st := &p.cells[i]
		if !st.empty() && st.top() == player && p.surrounded(i) && len(p.landings(i, buf[:0])) > 0 {
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
