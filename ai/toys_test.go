package ai

// Toy games for the tests: each is a value-type position P and a small move M,
// as a real adapter would provide.

// ---- tic-tac-toe --------------------------------------------------------

type ttt struct {
	cells [9]int8 // 0 empty, 1 player 0 (X), 2 player 1 (O)
	turn  int8
}

type tttGame struct{}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (tttGame) Players() int      { return 2 }
func (tttGame) ToMove(p *ttt) int { return int(p.turn) }
func (tttGame) Apply(p *ttt, m uint8) {
	p.cells[m] = p.turn + 1
	p.turn = 1 - p.turn
}

func (tttGame) winner(p *ttt) int {
	for _, l := range tttLines {
		if c := p.cells[l[0]]; c != 0 && c == p.cells[l[1]] && c == p.cells[l[2]] {
			return int(c - 1)
		}
	}
	return -1
}

func (g tttGame) LegalMoves(p *ttt, buf []uint8) []uint8 {
	buf = buf[:0]
	if g.winner(p) >= 0 {
		return buf
	}
	for i, c := range p.cells {
		if c == 0 {
			buf = append(buf, uint8(i))
		}
	}
	return buf
}

func (g tttGame) Result(p *ttt, r []float64) bool {
	if w := g.winner(p); w >= 0 {
		r[w], r[1-w] = 1, 0
		return true
	}
	for _, c := range p.cells {
		if c == 0 {
			return false
		}
	}
	r[0], r[1] = 0.5, 0.5
	return true
}

func (tttGame) Hash(p *ttt) uint64 {
	h := uint64(p.turn)
	for _, c := range p.cells {
		h = h*3 + uint64(c)
	}
	return h
}

// tttFrom builds a position from a picture like "X.O|.X.|..." with the
// player to move inferred from the counts.
func tttFrom(s string) ttt {
	var p ttt
	i, n := 0, 0
	for _, r := range s {
		switch r {
		case 'X':
			p.cells[i] = 1
			n++
		case 'O':
			p.cells[i] = 2
			n--
		case '.':
		default:
			continue
		}
		i++
	}
	if n > 0 {
		p.turn = 1
	}
	return p
}

// ---- Nim (subtraction game): take 1..3, taking the last wins ------------

type nim struct {
	n    int16
	turn int8
}

type nimGame struct{}

func (nimGame) Players() int      { return 2 }
func (nimGame) ToMove(p *nim) int { return int(p.turn) }
func (nimGame) LegalMoves(p *nim, buf []int8) []int8 {
	buf = buf[:0]
	for k := int8(1); k <= 3 && int16(k) <= p.n; k++ {
		buf = append(buf, k)
	}
	return buf
}
func (nimGame) Apply(p *nim, m int8) { p.n -= int16(m); p.turn = 1 - p.turn }
func (nimGame) Result(p *nim, r []float64) bool {
	if p.n > 0 {
		return false
	}
	// the player who just moved took the last object
	r[1-p.turn], r[p.turn] = 1, 0
	return true
}
func (nimGame) Hash(p *nim) uint64 { return uint64(p.n)<<1 | uint64(p.turn) }

// ---- three-player race: add 1 or 2 to a counter; reaching the goal wins ----

type race3 struct {
	c    int8
	turn int8
}

type race3Game struct{ goal int8 }

func (race3Game) Players() int        { return 3 }
func (race3Game) ToMove(p *race3) int { return int(p.turn) }
func (g race3Game) LegalMoves(p *race3, buf []int8) []int8 {
	buf = buf[:0]
	if p.c >= g.goal {
		return buf
	}
	return append(buf, 1, 2)
}
func (race3Game) Apply(p *race3, m int8) { p.c += m; p.turn = (p.turn + 1) % 3 }
func (g race3Game) Result(p *race3, r []float64) bool {
	if p.c < g.goal {
		return false
	}
	w := (p.turn + 2) % 3 // the player who just moved
	for i := range r {
		r[i] = 0
	}
	r[w] = 1
	return true
}
func (race3Game) Hash(p *race3) uint64 { return uint64(p.c)<<2 | uint64(p.turn) }

// ---- random game trees with extra turns and draws, for solver soundness ----

// rtree positions are nodes of a pseudo-random tree: branching 1..3, leaves
// at a fixed depth (or earlier) with a win, loss or draw, and some moves let
// the same player move again.
type rtree struct {
	id    uint64
	depth int8
	turn  int8
}

type rtreeGame struct {
	seed     uint64
	maxDepth int8
}

func (g rtreeGame) h(p *rtree, salt uint64) uint64 { return mix(g.seed, p.id, salt) }

func (rtreeGame) Players() int        { return 2 }
func (rtreeGame) ToMove(p *rtree) int { return int(p.turn) }
func (g rtreeGame) over(p *rtree) bool {
	return p.depth >= g.maxDepth || (p.depth >= 2 && g.h(p, 1)%7 == 0)
}
func (g rtreeGame) LegalMoves(p *rtree, buf []uint8) []uint8 {
	buf = buf[:0]
	if g.over(p) {
		return buf
	}
	b := 1 + g.h(p, 2)%3
	for i := uint64(0); i < b; i++ {
		buf = append(buf, uint8(i))
	}
	return buf
}
func (g rtreeGame) Apply(p *rtree, m uint8) {
	again := g.h(p, 3+uint64(m))%5 == 0
	p.id = mix(p.id, uint64(m), 99)
	p.depth++
	if !again {
		p.turn = 1 - p.turn
	}
}
func (g rtreeGame) Result(p *rtree, r []float64) bool {
	if !g.over(p) {
		return false
	}
	switch g.h(p, 4) % 3 {
	case 0:
		r[0], r[1] = 1, 0
	case 1:
		r[0], r[1] = 0, 1
	default:
		r[0], r[1] = 0.5, 0.5
	}
	return true
}
func (g rtreeGame) Hash(p *rtree) uint64 { return mix(p.id, uint64(p.depth), uint64(p.turn)) }

// minimax is the exact value of p for player 0.
func (g rtreeGame) minimax(p *rtree) float64 {
	var r [2]float64
	if g.Result(p, r[:]) {
		return r[0]
	}
	best := -1.0
	if p.turn == 1 {
		best = 2
	}
	for _, m := range g.LegalMoves(p, nil) {
		q := *p
		g.Apply(&q, m)
		v := g.minimax(&q)
		if p.turn == 0 && v > best || p.turn == 1 && v < best {
			best = v
		}
	}
	return best
}

// ---- Connect Four (7x6 bitboards): a benchmark that is not solved quickly --

type c4 struct {
	bb     [2]uint64
	height [7]uint8
	turn   int8
	n      int8
}

type c4Game struct{}

func (c4Game) Players() int     { return 2 }
func (c4Game) ToMove(p *c4) int { return int(p.turn) }

func c4Won(b uint64) bool {
	for _, d := range [4]uint{1, 7, 6, 8} { // vertical, horizontal, diagonals (7 bits per column)
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

func (c4Game) LegalMoves(p *c4, buf []uint8) []uint8 {
	buf = buf[:0]
	if c4Won(p.bb[0]) || c4Won(p.bb[1]) {
		return buf
	}
	for col := uint8(0); col < 7; col++ {
		if p.height[col] < 6 {
			buf = append(buf, col)
		}
	}
	return buf
}

func (c4Game) Apply(p *c4, m uint8) {
	p.bb[p.turn] |= 1 << (uint(m)*7 + uint(p.height[m]))
	p.height[m]++
	p.turn = 1 - p.turn
	p.n++
}

func (c4Game) Result(p *c4, r []float64) bool {
	switch {
	case c4Won(p.bb[0]):
		r[0], r[1] = 1, 0
	case c4Won(p.bb[1]):
		r[0], r[1] = 0, 1
	case p.n == 42:
		r[0], r[1] = 0.5, 0.5
	default:
		return false
	}
	return true
}

func (c4Game) Hash(p *c4) uint64 { return mix(p.bb[0], p.bb[1], uint64(p.turn)) }

// ---- a long race with an Evaluator and a PlayoutPolicy ---------------------

// track: each player moves its runner 1 or 3 squares; first past the end
// wins. With a long track random playouts hit the cap, so the Evaluator
// decides; Prefer favours the long step.
type track struct {
	at   [2]int16
	turn int8
}

type trackGame struct {
	length int16
	evals  *int // counts Evaluate calls (single-threaded tests only)
	prefs  *int
}

func (trackGame) Players() int        { return 2 }
func (trackGame) ToMove(p *track) int { return int(p.turn) }
func (g trackGame) LegalMoves(p *track, buf []int8) []int8 {
	buf = buf[:0]
	if p.at[0] >= g.length || p.at[1] >= g.length {
		return buf
	}
	return append(buf, 1, 3)
}
func (trackGame) Apply(p *track, m int8) { p.at[p.turn] += int16(m); p.turn = 1 - p.turn }
func (g trackGame) Result(p *track, r []float64) bool {
	switch {
	case p.at[0] >= g.length:
		r[0], r[1] = 1, 0
	case p.at[1] >= g.length:
		r[0], r[1] = 0, 1
	default:
		return false
	}
	return true
}
func (trackGame) Hash(p *track) uint64 {
	return uint64(p.at[0])<<20 | uint64(p.at[1])<<2 | uint64(p.turn)
}

func (g trackGame) Evaluate(p *track, v []float64) bool {
	if g.evals != nil {
		*g.evals++
	}
	d := float64(p.at[0]-p.at[1]) / float64(g.length)
	v[0] = min(1, max(0, 0.5+d))
	v[1] = 1 - v[0]
	return true
}

func (g trackGame) Prefer(p *track, m int8) bool {
	if g.prefs != nil {
		*g.prefs++
	}
	return m == 3
}
