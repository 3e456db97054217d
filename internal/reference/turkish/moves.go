package turkish

import (
	"slices"
	"sort"
	"strings"
)

// Move is one legal move: its notation and the position after it.
type Move struct {
	Text  string
	After string
}

// Directions, numbered so that d^1 is the reverse of d.
const (
	up    = 0 // toward rank 8
	down  = 1 // toward rank 1
	right = 2 // toward file h
	left  = 3 // toward file a
)

var dirFile = [4]int{0, 0, 1, -1}
var dirRank = [4]int{1, -1, 0, 0}

// step returns the square one step from sq in direction d, or -1 off the board.
func step(sq, d int) int {
	f, r := sq%size+dirFile[d], sq/size+dirRank[d]
	if f < 0 || f >= size || r < 0 || r >= size {
		return -1
	}
	return r*size + f
}

// move is a generated move: the origin then every landing square, and the
// position after it (with the turn passed).
type move struct {
	path    []int
	capture bool
	after   Position
}

func (m move) text() string {
	sep := "-"
	if m.capture {
		sep = "x"
	}
	parts := make([]string, len(m.path))
	for i, sq := range m.path {
		parts[i] = squareName(sq)
	}
	return strings.Join(parts, sep)
}

func owner(c byte) byte {
	switch c {
	case whiteMan, whiteKing:
		return 'w'
	case blackMan, blackKing:
		return 'b'
	}
	return 0
}

func isKing(c byte) bool { return c == whiteKing || c == blackKing }

func other(turn byte) byte {
	if turn == 'w' {
		return 'b'
	}
	return 'w'
}

// generator holds the state of one move generation.
type generator struct {
	p        *Position
	me       byte
	farRank  int
	manDirs  [3]int
	best     int // most pieces captured by any sequence found so far
	captures []move
}

func newGenerator(p *Position) *generator {
	g := &generator{p: p, me: p.turn, farRank: size - 1, manDirs: [3]int{up, right, left}}
	if p.turn == 'b' {
		g.farRank = 0
		g.manDirs = [3]int{down, right, left}
	}
	return g
}

func (g *generator) dirsOf(piece byte) []int {
	if isKing(piece) {
		return []int{up, down, right, left}
	}
	return g.manDirs[:]
}

// finish places the moving piece on its last square, crowning a man that ends on
// the far row, and passes the turn.
func (g *generator) finish(board [size * size]byte, piece byte, to int) Position {
	if !isKing(piece) && to/size == g.farRank {
		if piece == whiteMan {
			piece = whiteKing
		} else {
			piece = blackKing
		}
	}
	board[to] = piece
	return Position{board: board, turn: other(g.me)}
}

// jump extends a capture sequence from square at (the piece is lifted off the
// board, jumped pieces already removed). lastDir is the previous jump's
// direction, or -1 before the first jump; first says whether at is the
// first square beyond the piece jumped last.
func (g *generator) jump(board [size * size]byte, piece byte, path []int, lastDir int, first bool) {
	at := path[len(path)-1]
	extended := false
	for _, d := range g.dirsOf(piece) {
		if lastDir >= 0 && d == lastDir^1 {
			continue // no 180 degree turn between two jumps
		}
		victim := step(at, d)
		if isKing(piece) {
			for victim >= 0 && board[victim] == empty {
				victim = step(victim, d)
			}
		}
		if victim < 0 || owner(board[victim]) != other(g.me) {
			continue
		}
		if d == lastDir && !first {
			// A king jumping on along the same line takes the same pieces
			// to the same end whichever square it touched down on between
			// the two: one move, written with the first square beyond.
			if land := step(victim, d); land >= 0 && board[land] == empty {
				extended = true
			}
			continue
		}
		next := board
		next[victim] = empty // removed at once: its square may be crossed again
		for land := step(victim, d); land >= 0 && board[land] == empty; land = step(land, d) {
			extended = true
			g.jump(next, piece, append(slices.Clip(path), land), d, land == step(victim, d))
			if !isKing(piece) {
				break // a man lands directly beyond
			}
		}
	}
	if extended || len(path) == 1 {
		return
	}
	n := len(path) - 1 // one piece captured per jump
	if n < g.best {
		return
	}
	if n > g.best {
		g.best = n
		g.captures = g.captures[:0]
	}
	for _, m := range g.captures {
		if slices.Equal(m.path, path) {
			return // same landing squares by another route: the same move
		}
	}
	g.captures = append(g.captures, move{path: path, capture: true, after: g.finish(board, piece, at)})
}

// generate returns every legal move of the player to move.
func generate(p *Position) []move {
	g := newGenerator(p)
	for sq, c := range p.board {
		if owner(c) != g.me {
			continue
		}
		board := p.board
		board[sq] = empty // the capturing piece leaves its square
		g.jump(board, c, []int{sq}, -1, true)
	}
	if len(g.captures) > 0 {
		return g.captures
	}
	var moves []move
	for sq, c := range p.board {
		if owner(c) != g.me {
			continue
		}
		board := p.board
		board[sq] = empty
		for _, d := range g.dirsOf(c) {
			for to := step(sq, d); to >= 0 && board[to] == empty; to = step(to, d) {
				moves = append(moves, move{path: []int{sq, to}, after: g.finish(board, c, to)})
				if !isKing(c) {
					break
				}
			}
		}
	}
	return moves
}

// Moves returns the legal moves sorted by Text, or nil when the player to move
// has none (and so has lost; see Result).
func (p *Position) Moves() []Move {
	gen := generate(p)
	if len(gen) == 0 {
		return nil
	}
	moves := make([]Move, len(gen))
	for i, m := range gen {
		moves[i] = Move{Text: m.text(), After: m.after.String()}
	}
	sort.Slice(moves, func(i, j int) bool { return moves[i].Text < moves[j].Text })
	return moves
}

// Result is "" while the player to move has a legal move, else the winner's letter.
func (p *Position) Result() string {
	if len(generate(p)) > 0 {
		return ""
	}
	return string(other(p.turn))
}

// Perft counts the move sequences of exactly depth plies.
func Perft(p *Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	moves := generate(p)
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for i := range moves {
		n += Perft(&moves[i].after, depth-1)
	}
	return n
}
