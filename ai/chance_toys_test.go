package ai

// Toy games with chance and with more than two players, for the tests.

// ---- explicit game trees ----------------------------------------------------

// xnode is one node of an explicit game tree: a chance node (weights, one
// child per outcome), a decision of mover (one child per move), or a leaf
// with its returns.
type xnode struct {
	mover   int
	weights []float64
	kids    []int
	returns []float64
}

type xpos struct{ at uint8 }

type xtree struct {
	players int
	nodes   []xnode
}

func (g xtree) Players() int { return g.players }
func (g xtree) ToMove(p *xpos) int {
	return g.nodes[p.at].mover
}
func (g xtree) LegalMoves(p *xpos, buf []uint8) []uint8 {
	buf = buf[:0]
	n := &g.nodes[p.at]
	if n.weights != nil {
		return buf
	}
	for i := range n.kids {
		buf = append(buf, uint8(i))
	}
	return buf
}
func (g xtree) Apply(p *xpos, m uint8) { p.at = uint8(g.nodes[p.at].kids[m]) }
func (g xtree) Result(p *xpos, r []float64) bool {
	n := &g.nodes[p.at]
	if n.returns == nil {
		return false
	}
	copy(r, n.returns)
	return true
}
func (g xtree) Hash(p *xpos) uint64    { return uint64(p.at) + 1 }
func (g xtree) IsChance(p *xpos) bool  { return g.nodes[p.at].weights != nil }
func (g xtree) Resolve(p *xpos, i int) { p.at = uint8(g.nodes[p.at].kids[i]) }
func (g xtree) Outcomes(p *xpos, buf []float64) []float64 {
	return append(buf[:0], g.nodes[p.at].weights...)
}

// maxn is the exact max^n value vector of node i: every player maximises
// its own return, chance takes the expectation. Ties go to the first move.
func (g xtree) maxn(i int) []float64 {
	n := &g.nodes[i]
	switch {
	case n.returns != nil:
		return n.returns
	case n.weights != nil:
		v := make([]float64, g.players)
		total := 0.0
		for k, w := range n.weights {
			total += w
			for j, x := range g.maxn(n.kids[k]) {
				v[j] += w * x
			}
		}
		for j := range v {
			v[j] /= total
		}
		return v
	}
	var best []float64
	for _, k := range n.kids {
		if v := g.maxn(k); best == nil || v[n.mover] > best[n.mover] {
			best = v
		}
	}
	return best
}

// paranoid is player me's value of node i when every other player plays
// against me.
func (g xtree) paranoid(i, me int) float64 {
	n := &g.nodes[i]
	switch {
	case n.returns != nil:
		return n.returns[me]
	case n.weights != nil:
		v, total := 0.0, 0.0
		for k, w := range n.weights {
			v += w * g.paranoid(n.kids[k], me)
			total += w
		}
		return v / total
	}
	best := -1.0
	if n.mover != me {
		best = 2
	}
	for _, k := range n.kids {
		v := g.paranoid(k, me)
		if n.mover == me && v > best || n.mover != me && v < best {
			best = v
		}
	}
	return best
}

// ---- a dice race: walk two squares, or run and roll for one or four ----------

// race: two runners; the mover walks (2 squares) or runs: a roll then moves
// it 1 or 4 squares with the given odds. The first at goal wins. Ahead, the
// sure step is right; behind, the gamble, as far as the odds allow.
type race struct {
	at      [2]int8
	turn    int8
	rolling bool // the mover chose to run and waits for the roll
}

type raceGame struct {
	goal    int8
	weights [2]float64 // of moving 0 and 2 when running
}

const (
	walk uint8 = iota
	run
)

func (raceGame) Players() int       { return 2 }
func (raceGame) ToMove(p *race) int { return int(p.turn) }
func (g raceGame) over(p *race) bool {
	return p.at[0] >= g.goal || p.at[1] >= g.goal
}
func (g raceGame) LegalMoves(p *race, buf []uint8) []uint8 {
	buf = buf[:0]
	if p.rolling || g.over(p) {
		return buf
	}
	return append(buf, walk, run)
}
func (g raceGame) Apply(p *race, m uint8) {
	if m == run {
		p.rolling = true
		return
	}
	p.at[p.turn] += 2
	p.turn = 1 - p.turn
}
func (g raceGame) IsChance(p *race) bool { return p.rolling }
func (g raceGame) Outcomes(p *race, buf []float64) []float64 {
	return append(buf[:0], g.weights[0], g.weights[1])
}
func (g raceGame) Resolve(p *race, i int) {
	p.at[p.turn] += int8(1 + 3*i)
	p.rolling = false
	p.turn = 1 - p.turn
}
func (g raceGame) Result(p *race, r []float64) bool {
	switch {
	case p.at[0] >= g.goal:
		r[0], r[1] = 1, 0
	case p.at[1] >= g.goal:
		r[0], r[1] = 0, 1
	default:
		return false
	}
	return true
}
func (raceGame) Hash(p *race) uint64 {
	h := uint64(p.at[0])<<16 | uint64(p.at[1])<<8 | uint64(p.turn)<<1
	if p.rolling {
		h |= 1
	}
	return h
}

// exact is the probability that player 0 wins from p with best play by both
// (expectimax), memoised in m.
func (g raceGame) exact(p race, m map[race]float64) float64 {
	var r [2]float64
	if g.Result(&p, r[:]) {
		return r[0]
	}
	if v, ok := m[p]; ok {
		return v
	}
	var v float64
	if p.rolling {
		total := g.weights[0] + g.weights[1]
		for i := range 2 {
			q := p
			g.Resolve(&q, i)
			v += g.weights[i] / total * g.exact(q, m)
		}
	} else {
		a, b := p, p
		g.Apply(&a, walk)
		g.Apply(&b, run)
		va, vb := g.exact(a, m), g.exact(b, m)
		if p.turn == 0 {
			v = max(va, vb)
		} else {
			v = min(va, vb)
		}
	}
	m[p] = v
	return v
}

// ---- random trees with chance nodes and N players -------------------------

// ctree is a pseudo-random game tree: decision nodes (branching 1..3) for
// players in turn (with some extra turns), chance nodes with 2..3 weighted
// outcomes, leaves won by one player or drawn.
type ctree struct {
	id    uint64
	depth int8
	turn  int8
}

type ctreeGame struct {
	seed     uint64
	players  int
	maxDepth int8
}

func (g ctreeGame) h(p *ctree, salt uint64) uint64 { return mix(g.seed, p.id, salt) }

func (g ctreeGame) Players() int      { return g.players }
func (ctreeGame) ToMove(p *ctree) int { return int(p.turn) }
func (g ctreeGame) over(p *ctree) bool {
	return p.depth >= g.maxDepth || (p.depth >= 2 && g.h(p, 1)%7 == 0)
}
func (g ctreeGame) IsChance(p *ctree) bool {
	return !g.over(p) && p.depth > 0 && g.h(p, 5)%3 == 0
}
func (g ctreeGame) Outcomes(p *ctree, buf []float64) []float64 {
	buf = buf[:0]
	k := 2 + g.h(p, 6)%2
	for i := uint64(0); i < k; i++ {
		buf = append(buf, float64(1+g.h(p, 7+i)%4))
	}
	return buf
}
func (g ctreeGame) Resolve(p *ctree, i int) {
	p.id = mix(p.id, uint64(i), 77)
	p.depth++
}
func (g ctreeGame) LegalMoves(p *ctree, buf []uint8) []uint8 {
	buf = buf[:0]
	if g.over(p) || g.IsChance(p) {
		return buf
	}
	b := 1 + g.h(p, 2)%3
	for i := uint64(0); i < b; i++ {
		buf = append(buf, uint8(i))
	}
	return buf
}
func (g ctreeGame) Apply(p *ctree, m uint8) {
	again := g.h(p, 3+uint64(m))%5 == 0
	p.id = mix(p.id, uint64(m), 99)
	p.depth++
	if !again {
		p.turn = (p.turn + 1) % int8(g.players)
	}
}
func (g ctreeGame) Result(p *ctree, r []float64) bool {
	if !g.over(p) {
		return false
	}
	w := int(g.h(p, 4) % uint64(g.players+1))
	for i := range r {
		r[i] = 0
	}
	if w == g.players {
		fill(r, 0.5)
	} else {
		r[w] = 1
	}
	return true
}
func (g ctreeGame) Hash(p *ctree) uint64 { return mix(p.id, uint64(p.depth), uint64(p.turn)) }

// forcedWin reports whether player q wins from p whatever the others do and
// whatever the rolls.
func (g ctreeGame) forcedWin(p *ctree, q int) bool {
	r := make([]float64, g.players)
	if g.Result(p, r) {
		return r[q] == 1
	}
	if g.IsChance(p) {
		for i := range g.Outcomes(p, nil) {
			c := *p
			g.Resolve(&c, i)
			if !g.forcedWin(&c, q) {
				return false
			}
		}
		return true
	}
	mine := int(p.turn) == q
	for _, m := range g.LegalMoves(p, nil) {
		c := *p
		g.Apply(&c, m)
		if w := g.forcedWin(&c, q); w && mine {
			return true
		} else if !w && !mine {
			return false
		}
	}
	return !mine
}

// worst is player q's lowest possible return from p: every other player and
// every roll against q, q choosing its best. A proven loss for q needs 0.
func (g ctreeGame) worst(p *ctree, q int) float64 {
	r := make([]float64, g.players)
	if g.Result(p, r) {
		return r[q]
	}
	if g.IsChance(p) {
		v := 1.0
		for i := range g.Outcomes(p, nil) {
			c := *p
			g.Resolve(&c, i)
			v = min(v, g.worst(&c, q))
		}
		return v
	}
	mine := int(p.turn) == q
	v := 1.0
	if mine {
		v = 0
	}
	for _, m := range g.LegalMoves(p, nil) {
		c := *p
		g.Apply(&c, m)
		if x := g.worst(&c, q); mine {
			v = max(v, x)
		} else {
			v = min(v, x)
		}
	}
	return v
}
