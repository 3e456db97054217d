package draughts

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Move is one legal move.
//
// A capture is identified by its route: the origin, the pieces it jumps in
// order, and the squares it visits. A flying king that jumps a piece and then
// another further along the same line may land on any square between the two;
// that choice is no choice (the king passes along the line either way), so the
// route records the square directly behind the first piece and the move is
// listed once. Two routes that jump the same set of pieces in a different order
// or along different lines are different routes with the same outcome; Distinct
// merges them.
type Move struct {
	From, To int
	// Path is the origin, then the landing square of every jump (for a jump
	// followed by one in the same direction, the square directly behind the
	// jumped piece); for a non-capturing move, the origin and the destination.
	Path []int
	// Captured are the jumped squares in jump order, and CapturedKings[i]
	// whether Captured[i] held a king.
	Captured      []int
	CapturedKings []bool
	WithKing      bool // the moving piece was a king when the move began
	Crowned       bool // a man that ends the move as a king
	Text          string
}

// IsCapture reports whether the move jumps pieces.
func (m *Move) IsCapture() bool { return len(m.Captured) > 0 }

// Kings is how many kings the move captures.
func (m *Move) Kings() int {
	n := 0
	for _, k := range m.CapturedKings {
		if k {
			n++
		}
	}
	return n
}

// Key is the identity of the move as one outcome: origin, destination, the
// set of captured squares and whether the piece is crowned. Moves with the
// same Key lead to the same position.
func (m *Move) Key() string {
	caps := slices.Clone(m.Captured)
	sort.Ints(caps)
	return fmt.Sprintf("%d-%d%v%v", m.From, m.To, caps, m.Crowned)
}

// route is the identity of a capture route: path and jump order.
func (m *Move) route() string { return fmt.Sprint(m.Path, m.Captured) }

type dir struct{ df, dr int }

// dirTable[set][up][allSquares] are the unit steps of a direction set for
// a player moving up the board (up 1) or down (0), on a board of dark squares
// or of all squares.
var dirTable [AllWays + 1][2][2][]dir

func init() {
	for set := Dirs(0); set <= AllWays; set++ {
		for up := 0; up < 2; up++ {
			for all := 0; all < 2; all++ {
				f, o := 2*up-1, 2-all // forward; orthogonal step
				var out []dir
				if set&DiagonalForward != 0 {
					out = append(out, dir{1, f}, dir{-1, f})
				}
				if set&DiagonalBackward != 0 {
					out = append(out, dir{1, -f}, dir{-1, -f})
				}
				if set&Forward != 0 {
					out = append(out, dir{0, o * f})
				}
				if set&Sideways != 0 {
					out = append(out, dir{o, 0}, dir{-o, 0})
				}
				if set&Backward != 0 {
					out = append(out, dir{0, -o * f})
				}
				dirTable[set][up][all] = out
			}
		}
	}
}

// dirs are the unit steps of a direction set for side.
func (p *Position) dirs(set Dirs, side byte) []dir {
	return dirTable[set&AllWays][boolInt(p.forward(side) > 0)][boolInt(p.Rules.AllSquares)]
}

// step returns the square one step from sq in direction d, or -1 off the board.
func (r *Rules) step(sq int, d dir) int {
	f, rk := sq%r.Size+d.df, sq/r.Size+d.dr
	if f < 0 || rk < 0 || f >= r.Size || rk >= r.Size {
		return -1
	}
	return rk*r.Size + f
}

// forward is +1 (toward higher ranks) for the first player, -1 for the second.
func (p *Position) forward(side byte) int {
	if side == p.Rules.First {
		return 1
	}
	return -1
}

func (p *Position) farRank(side byte) int {
	if side == p.Rules.First {
		return p.Rules.Size - 1
	}
	return 0
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// captureDirs are the directions a piece captures in.
func (p *Position) captureDirs(king bool, side byte) []dir {
	if king {
		return p.dirs(p.Rules.KingCaptures, side)
	}
	return p.dirs(p.Rules.ManCaptures, side)
}

// search holds one capture search from one piece.
type search struct {
	p     *Position
	side  byte
	from  int
	start bool // the piece was a king at the start
}

// partial is a capture in progress.
type partial struct {
	sq       int
	king     bool
	board    []byte // the board without the moving piece; jumped pieces stay unless RemoveAtOnce
	jumped   []bool
	path     []int
	captured []int
	kings    []bool
	last     dir // the direction of the last jump
}

// jumps returns every complete capture that continues c by at least one jump;
// nil when c cannot jump. A capture must go on while it can: after a jump,
// the landing squares from which a further jump exists are the only ones
// allowed, if there are any (Russian rules 1.5.8; the same rule in every game
// here, and implied where the maximum rule holds).
func (s *search) jumps(c partial) []Move {
	r := s.p.Rules
	var out []Move
	for _, d := range s.p.captureDirs(c.king, s.side) {
		if r.NoTurnBack && len(c.captured) > 0 && d == (dir{-c.last.df, -c.last.dr}) {
			continue
		}
		// Find the piece to jump.
		t := r.step(c.sq, d)
		if c.king && r.FlyingKings {
			for t >= 0 && c.board[t] == 0 {
				t = r.step(t, d)
			}
		}
		if t < 0 || c.board[t] == 0 || owner(c.board[t]) == s.side || c.jumped[t] {
			continue
		}
		if !c.king && r.MenCannotCaptureKings && isKing(c.board[t]) {
			continue
		}
		// The landing squares: directly behind, or any free square beyond for a
		// flying king.
		var landings []int
		for l := r.step(t, d); l >= 0 && c.board[l] == 0; l = r.step(l, d) {
			landings = append(landings, l)
			if !c.king || !r.FlyingKings || r.LandDirectlyBehind {
				break
			}
		}
		var going, ending []Move
		for _, l := range landings {
			n := partial{
				sq:       l,
				king:     c.king || (r.CrownMidCapture && l/r.Size == s.p.farRank(s.side)),
				board:    slices.Clone(c.board),
				jumped:   slices.Clone(c.jumped),
				path:     append(slices.Clone(c.path), l),
				captured: append(slices.Clone(c.captured), t),
				kings:    append(slices.Clone(c.kings), isKing(c.board[t])),
				last:     d,
			}
			if r.RemoveAtOnce {
				n.board[t] = 0
			} else {
				n.jumped[t] = true
			}
			if more := s.jumps(n); more != nil {
				going = append(going, more...)
			} else {
				ending = append(ending, s.finish(n))
			}
		}
		if going != nil {
			out = append(out, going...)
		} else {
			out = append(out, ending...)
		}
	}
	return out
}

// finish makes a Move of a capture that cannot go on.
func (s *search) finish(c partial) Move {
	r := s.p.Rules
	m := Move{
		From:          s.from,
		To:            c.sq,
		Path:          c.path,
		Captured:      c.captured,
		CapturedKings: c.kings,
		WithKing:      s.start,
		Crowned:       !s.start && (c.king || c.sq/r.Size == s.p.farRank(s.side)),
	}
	// A landing followed by a jump in the same direction is written as the
	// square directly behind the jumped piece.
	for i := 0; i+1 < len(m.Captured); i++ {
		d1 := r.direction(m.Path[i], m.Captured[i])
		if d1 == r.direction(m.Path[i+1], m.Captured[i+1]) {
			m.Path[i+1] = r.step(m.Captured[i], d1)
		}
	}
	names := make([]string, len(m.Path))
	for i, sq := range m.Path {
		names[i] = r.SquareName(sq)
	}
	m.Text = strings.Join(names, "x")
	return m
}

// direction is the unit step (diagonal, or orthogonal: two squares on a board
// of dark squares) from a toward b, which lie on one line.
func (r *Rules) direction(a, b int) dir {
	df, dr := sign(b%r.Size-a%r.Size), sign(b/r.Size-a/r.Size)
	if (df == 0 || dr == 0) && !r.AllSquares {
		return dir{2 * df, 2 * dr}
	}
	return dir{df, dr}
}

// Captures returns every capture route of the side to move before any
// precedence rule, each route once.
func (p *Position) Captures() []Move {
	var all []Move
	// jumps copies the board and jumped marks before changing them, so one
	// copy serves every piece.
	board, jumped := slices.Clone(p.Board), make([]bool, len(p.Board))
	for sq, c := range p.Board {
		if owner(c) != p.Turn {
			continue
		}
		s := search{p: p, side: p.Turn, from: sq, start: isKing(c)}
		board[sq] = 0 // the moving piece leaves its square: it may pass or land there
		all = append(all, s.jumps(partial{sq: sq, king: isKing(c), board: board, jumped: jumped, path: []int{sq}})...)
		board[sq] = c
	}
	seen := map[string]bool{}
	var out []Move
	for _, m := range all {
		if k := m.route(); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// compare orders two captures by one criterion: > 0 when a is better.
func compare(c Criterion, a, b *Move) int {
	switch c {
	case MostPieces:
		return len(a.Captured) - len(b.Captured)
	case MostValue:
		va, vb := len(a.Captured)+a.Kings(), len(b.Captured)+b.Kings()
		if va != vb {
			return va - vb
		}
		return b.Kings() - a.Kings() // equal value: the one with more men
	case WithKing:
		return boolInt(a.WithKing) - boolInt(b.WithKing)
	case MostKings:
		return a.Kings() - b.Kings()
	case EarliestKing:
		for i := 0; i < len(a.CapturedKings) && i < len(b.CapturedKings); i++ {
			if a.CapturedKings[i] != b.CapturedKings[i] {
				return boolInt(a.CapturedKings[i]) - boolInt(b.CapturedKings[i])
			}
		}
		return 0
	}
	panic(fmt.Sprintf("unknown criterion %d", c))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// best keeps the moves that are best by criterion c.
func best(c Criterion, moves []Move) []Move {
	top := 0
	for i := range moves {
		if compare(c, &moves[i], &moves[top]) > 0 {
			top = i
		}
	}
	var out []Move
	for i := range moves {
		if compare(c, &moves[i], &moves[top]) == 0 {
			out = append(out, moves[i])
		}
	}
	return out
}

// Deciding lists the precedence criteria that ruled out at least one capture
// at p (for tests that want positions where each criterion decides).
func (p *Position) Deciding() []Criterion {
	moves := p.Captures()
	var out []Criterion
	for _, c := range p.Rules.Precedence {
		kept := best(c, moves)
		if len(kept) < len(moves) {
			out = append(out, c)
		}
		moves = kept
	}
	return out
}

// Moves returns every legal move, each route once, sorted by text then by
// jump order.
func (p *Position) Moves() []Move {
	moves := p.Captures()
	if moves != nil {
		for _, c := range p.Rules.Precedence {
			moves = best(c, moves)
		}
	} else {
		moves = p.steps()
	}
	sort.SliceStable(moves, func(i, j int) bool {
		if moves[i].Text != moves[j].Text {
			return moves[i].Text < moves[j].Text
		}
		return fmt.Sprint(moves[i].Captured) < fmt.Sprint(moves[j].Captured)
	})
	return moves
}

// Distinct keeps the first move of each Key: routes with the same origin,
// destination and captured set counted once.
func Distinct(moves []Move) []Move {
	seen := map[string]bool{}
	var out []Move
	for _, m := range moves {
		if k := m.Key(); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// hasMenAndKings reports whether side has at least one man and one king.
func (p *Position) hasMenAndKings(side byte) bool {
	men, kings := false, false
	for _, c := range p.Board {
		if owner(c) == side {
			if isKing(c) {
				kings = true
			} else {
				men = true
			}
		}
	}
	return men && kings
}

// steps are the non-capturing moves: men one square in their step
// directions, kings in theirs (any distance when flying). A king that has made
// KingMoveLimit non-capturing moves in a row may not make another while its
// player also has men (Frisian).
func (p *Position) steps() []Move {
	r := p.Rules
	barred := -1
	if i := sideIndex(p.Turn); r.KingMoveLimit > 0 && p.RunCount[i] >= r.KingMoveLimit && p.hasMenAndKings(p.Turn) {
		barred = p.RunSquare[i]
	}
	var out []Move
	for sq, c := range p.Board {
		if owner(c) != p.Turn || sq == barred {
			continue
		}
		king := isKing(c)
		set := r.ManSteps
		if king {
			set = r.KingSteps
		}
		for _, d := range p.dirs(set, p.Turn) {
			for to := r.step(sq, d); to >= 0 && p.Board[to] == 0; to = r.step(to, d) {
				out = append(out, Move{
					From: sq, To: to, Path: []int{sq, to}, WithKing: king,
					Crowned: !king && to/r.Size == p.farRank(p.Turn),
					Text:    r.SquareName(sq) + "-" + r.SquareName(to),
				})
				if !king || !r.FlyingKings {
					break
				}
			}
		}
	}
	return out
}

// Apply returns the position after m (which must be one of p.Moves()).
func (p *Position) Apply(m Move) *Position {
	r := p.Rules
	q := p.Clone()
	piece := q.Board[m.From]
	q.Board[m.From] = 0
	for _, c := range m.Captured {
		q.Board[c] = 0
	}
	if m.Crowned {
		piece = kingOf(p.Turn)
	}
	q.Board[m.To] = piece
	q.Turn = other(p.Turn)
	if r.KingMoveLimit > 0 {
		me := sideIndex(p.Turn)
		if m.WithKing && !m.IsCapture() {
			if p.RunSquare[me] == m.From {
				q.RunCount[me]++
			} else {
				q.RunCount[me] = 1
			}
			q.RunSquare[me] = m.To
		} else {
			q.RunSquare[me], q.RunCount[me] = -1, 0
		}
		// A run counts only while its player has men and kings and its king
		// is still on the board.
		for i, side := range []byte{'w', 'b'} {
			if q.RunSquare[i] >= 0 && (!q.hasMenAndKings(side) || q.Board[q.RunSquare[i]] != kingOf(side)) {
				q.RunSquare[i], q.RunCount[i] = -1, 0
			}
		}
	}
	return q
}

// Result is "" while the game goes on, else the letter of the winner: a
// player to move without a legal move loses.
func (p *Position) Result() string {
	if len(p.Moves()) > 0 {
		return ""
	}
	return string(other(p.Turn))
}

// Perft counts the move sequences of depth plies from p. With distinct false
// every route is counted; with distinct true, routes with the same origin,
// destination and captured set count once at every ply.
func Perft(p *Position, depth int, distinct bool) int64 {
	if depth == 0 {
		return 1
	}
	moves := p.Moves()
	if distinct {
		moves = Distinct(moves)
	}
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		n += Perft(p.Apply(m), depth-1, distinct)
	}
	return n
}
