package interpreter

import (
	"fmt"
	"math/bits"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/board"
)

// Regions: questions about the whole board. A rule file names sets of
// squares by a condition on one square,
//
//	regions:
//	  road: top == player && kind != wall   # road(me), road(opponent)
//	  occupied: height > 0
//
// in which the names of the square moved from (height, top, kind,
// piece(i), includes(k), row) are about the square asked about, `square` is
// that square and `player` the region's argument (a region that reads
// `player` is called with one: road(me)). Conditions anywhere then ask
// about regions: count(R), pieces(R), within(sq, R), neighbors(sq, R),
// connects(R, A, B), and reach(R, A), the squares of R joined through R to
// a square of A (DVONN's pieces still in touch with a DVONN piece). The
// board's edges are the built-in regions north_edge, south_edge, east_edge,
// west_edge and edge.
//
// Squares are joined to their neighbours: orthogonally on a grid, across a
// side on a hex board, along a line on a board of points. Sets are bit sets
// (board.SquareSet), so a question about a region costs a pass over the
// board and a flood fill at most, never a search per square.

// regionSpec is one named region as written.
type regionSpec struct {
	Name string
	node *yaml.Node
	When *exprText
}

// afterMoveSpec is what happens after every move: the stacks on the
// squares of a region leave the board.
type afterMoveSpec struct {
	node   *yaml.Node
	When   *exprText // only after the moves where this holds (nil: all)
	Remove *exprText // a condition on one square, as in regions
}

func (d *decoder) decodeRegions(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "region", func(k, v *yaml.Node) {
		rf.Regions = append(rf.Regions, regionSpec{Name: k.Value, node: k, When: d.expression(v, fmt.Sprintf("region %q", k.Value))})
	})
}

func (d *decoder) decodeAfterMove(n *yaml.Node, rf *ruleFile) {
	am := &afterMoveSpec{node: n}
	d.mapping(n, "after_move", []field{
		{"when", false, func(_, v *yaml.Node) { am.When = d.expression(v, "after_move: when") }},
		{"remove", true, func(_, v *yaml.Node) { am.Remove = d.expression(v, "after_move: remove") }},
	})
	rf.AfterMove = am
}

// region is a compiled region.
type region struct {
	name  string
	param bool // reads `player`: called with a player, road(me)
	// test is the condition on the square c.from; nil for a fixed set.
	test boolFn
	cond *compiled
	// simple: the condition asks about its square only (no region
	// function inside), so membership is tested square by square.
	simple bool
	fixed  board.SquareSet // a built-in region (an edge)
}

// setFuncs are the functions of regions, by name, with the number of
// arguments and which of them are regions (a bit per argument).
var setFuncs = map[string]struct {
	args    int
	regions uint8
	doc     string
}{
	"count":     {1, 1, "count(R): the number of squares of region R"},
	"pieces":    {1, 1, "pieces(R): the number of pieces on the squares of region R"},
	"within":    {2, 2, "within(sq, R): whether square sq is in region R"},
	"neighbors": {2, 2, "neighbors(sq, R): how many of square sq's neighbours are in region R"},
	"connects":  {3, 7, "connects(R, A, B): whether a chain of neighbouring squares of R joins a square of A to a square of B (a road)"},
	"reach":     {2, 3, "reach(R, A): the region of the squares of R joined through R to a square of A"},
	// along a dice game's tracks
	"run_through": {3, 2, "run_through(sq, R, p): how many steps in a row of p's track, around square sq's, are in region R, sq counted as in it (a prime it would make)"},
	"on_track":    {4, 1, "on_track(R, p, a, b): how many of the squares at steps a to b of p's track are in region R (a blockade in the way)"},
}

// edgeRegions are the built-in regions: the board's edges, as the first
// player sees the board (north_edge is the last rank). A game whose player
// or kind has one of these names keeps it for the player or kind.
var edgeRegions = []string{"north_edge", "south_edge", "east_edge", "west_edge", "edge"}

// regionIndex is the index of the region named name, -1 for none.
func (g *Game) regionIndex(name string) int {
	for i, r := range g.regions {
		if r.name == name {
			return i
		}
	}
	return -1
}

// declareRegions makes the board's edges and the rule file's regions
// known by name, before any expression is compiled: an expression may
// name a region declared after it, and a region another region.
func (g *Game) declareRegions(d *decoder, rf *ruleFile) {
	b := g.Board
	g.buildAdjacency()
	for _, name := range edgeRegions {
		if _, taken := g.constant(name); taken {
			continue
		}
		r := &region{name: name, simple: true}
		for sq := 0; sq < b.NumSquares(); sq++ {
			s := board.Square(sq)
			var on bool
			switch name {
			case "north_edge":
				_, has := b.Step(s, board.Direction{DF: 0, DR: 1})
				on = !has
			case "south_edge":
				_, has := b.Step(s, board.Direction{DF: 0, DR: -1})
				on = !has
			case "east_edge":
				_, has := b.Step(s, board.Direction{DF: 1, DR: 0})
				on = !has
			case "west_edge":
				_, has := b.Step(s, board.Direction{DF: -1, DR: 0})
				on = !has
			default:
				on = len(g.adjList[sq]) < g.maxAdjacent
			}
			if on {
				r.fixed.Add(s)
			}
		}
		g.regions = append(g.regions, r)
	}
	for _, rs := range rf.Regions {
		if _, clash := names[rs.Name]; clash || g.regionIndex(rs.Name) >= 0 || setFuncs[rs.Name].args > 0 {
			d.errorf(rs.node, "bad-value", "", "region name %q is already a name in expressions; choose another", rs.Name)
			continue
		}
		if _, clash := g.constant(rs.Name); clash {
			d.errorf(rs.node, "bad-value", "", "region name %q is already a player, kind or square; choose another", rs.Name)
			continue
		}
		r := &region{name: rs.Name}
		if rs.When != nil {
			if tree, err := parser.Parse(rs.When.Text); err == nil {
				ast.Find(tree.Node, func(n ast.Node) bool {
					if id, ok := n.(*ast.IdentifierNode); ok && id.Value == "player" {
						r.param = true
					}
					return false
				})
			}
		}
		g.regions = append(g.regions, r)
	}
}

// compileRegions compiles the regions' conditions (once every region is
// declared) and refuses a region defined through itself.
func (g *Game) compileRegions(d *decoder, rf *ruleFile) {
	for _, rs := range rf.Regions {
		ri := g.regionIndex(rs.Name)
		if ri < 0 || g.regions[ri].fixed != (board.SquareSet{}) {
			continue
		}
		r := g.regions[ri]
		r.cond = g.compileExpr(d, rs.When, fmt.Sprintf("region %q", rs.Name), inRegion, true)
		if r.cond == nil {
			r.test = func(*Ctx) bool { return false }
			continue
		}
		r.test = allTermsFn(r.cond)
		r.simple = !g.usesSets(rs.When.Text)
	}
	// A region whose condition asks about itself, directly or through
	// others, would never finish.
	uses := map[string][]string{}
	for _, rs := range rf.Regions {
		if rs.When == nil {
			continue
		}
		if tree, err := parser.Parse(rs.When.Text); err == nil {
			ast.Find(tree.Node, func(n ast.Node) bool {
				if id, ok := n.(*ast.IdentifierNode); ok && g.regionIndex(id.Value) >= 0 {
					uses[rs.Name] = append(uses[rs.Name], id.Value)
				}
				return false
			})
		}
	}
	for _, rs := range rf.Regions {
		seen := map[string]bool{}
		var visit func(n string) bool
		visit = func(n string) bool {
			if n == rs.Name && len(seen) > 0 {
				return true
			}
			if seen[n] {
				return false
			}
			seen[n] = true
			for _, m := range uses[n] {
				if visit(m) {
					return true
				}
			}
			return false
		}
		if visit(rs.Name) {
			d.errorf(rs.node, "bad-value", "define it by a condition on its square, or through other regions", "region %q is defined through itself", rs.Name)
		}
	}
}

// usesSets reports whether an expression calls a region function or names
// a region: then it asks about more than its own square.
func (g *Game) usesSets(text string) bool {
	tree, err := parser.Parse(text)
	if err != nil {
		return true
	}
	found := false
	ast.Find(tree.Node, func(n ast.Node) bool {
		if id, ok := n.(*ast.IdentifierNode); ok && (setFuncs[id.Value].args > 0 || g.regionIndex(id.Value) >= 0) {
			found = true
		}
		return false
	})
	return found
}

// buildAdjacency works out each square's neighbours for regions: the
// orthogonal ones on a grid, the six across a side on a hex board, those
// along a line on a board of points.
func (g *Game) buildAdjacency() {
	b := g.Board
	n := b.NumSquares()
	g.adjList = make([][]board.Square, n)
	g.adjacent = make([]board.SquareSet, n)
	dirs := []int{4, 5, 6, 7} // n, e, s, w of board.Compass
	if b.IsHex() || b.IsGraph() {
		dirs = []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	for sq := 0; sq < n; sq++ {
		for _, d := range dirs {
			if t := b.Neighbor(board.Square(sq), d); t != board.NoSquare {
				g.adjList[sq] = append(g.adjList[sq], t)
				g.adjacent[sq].Add(t)
			}
		}
		g.maxAdjacent = max(g.maxAdjacent, len(g.adjList[sq]))
	}
}

// squareState is what a region's condition changes in a context, kept to
// put back.
type squareState struct {
	from   board.Square
	src    board.Stack
	player int
}

func (c *Ctx) enterSquare(sq board.Square, player int) squareState {
	s := squareState{c.from, c.src, c.player}
	c.from, c.src, c.player = sq, c.pos.Cells[sq], player
	return s
}

func (c *Ctx) leaveSquare(s squareState) { c.from, c.src, c.player = s.from, s.src, s.player }

// regionSet is the set of squares of region ri for player (ignored by a
// region that does not read `player`) at c.pos.
func (g *Game) regionSet(c *Ctx, ri, player int) board.SquareSet {
	r := g.regions[ri]
	if r.test == nil {
		return r.fixed
	}
	if set, ok := c.cachedSet(ri, player); ok {
		return set
	}
	saved := c.enterSquare(0, player)
	var out board.SquareSet
	for sq := 0; sq < g.Board.NumSquares(); sq++ {
		c.from, c.src = board.Square(sq), c.pos.Cells[sq]
		if r.test(c) {
			out.Add(board.Square(sq))
		}
	}
	c.leaveSquare(saved)
	c.storeSet(ri, player, out)
	return out
}

// inRegion reports whether square sq is in region ri for player: the
// condition at sq alone for a simple region, else the whole set.
func (g *Game) inRegion(c *Ctx, ri, player int, sq board.Square) bool {
	if int(sq) >= g.Board.NumSquares() {
		return false
	}
	r := g.regions[ri]
	if r.test == nil {
		return r.fixed.Has(sq)
	}
	if !r.simple {
		set := g.regionSet(c, ri, player)
		return set.Has(sq)
	}
	saved := c.enterSquare(sq, player)
	in := r.test(c)
	c.leaveSquare(saved)
	return in
}

// setCacheSize is how many region sets a context remembers: a region is
// worked out once per position, not once per question about it (Tak's end
// asks about road(me) twice, DVONN's cut-off about reach(occupied, alive)
// for every square).
const setCacheSize = 4

type setCacheEntry struct {
	ri, player int
	pos        *board.Position
	hash       uint64
	set        board.SquareSet
}

func (c *Ctx) cachedSet(ri, player int) (board.SquareSet, bool) {
	for i := range c.sets {
		e := &c.sets[i]
		if e.pos == c.pos && e.pos != nil && e.hash == c.pos.Hash && e.ri == ri && e.player == player {
			return e.set, true
		}
	}
	return board.SquareSet{}, false
}

func (c *Ctx) storeSet(ri, player int, set board.SquareSet) {
	c.sets[c.nextSet] = setCacheEntry{ri: ri, player: player, pos: c.pos, hash: c.pos.Hash, set: set}
	c.nextSet = (c.nextSet + 1) % setCacheSize
}

// reach is the squares of r joined through r to a square of from.
func (g *Game) reach(r, from board.SquareSet) board.SquareSet {
	seen := r.And(from)
	var queue [board.MaxSquares]board.Square
	n := 0
	for i, w := range seen {
		for w != 0 {
			queue[n] = board.Square(i*64 + bits.TrailingZeros64(w))
			n++
			w &= w - 1
		}
	}
	for n > 0 {
		n--
		sq := queue[n]
		next := g.adjacent[sq].And(r).AndNot(seen)
		for i, w := range next {
			for w != 0 {
				t := board.Square(i*64 + bits.TrailingZeros64(w))
				seen.Add(t)
				queue[n] = t
				n++
				w &= w - 1
			}
		}
	}
	return seen
}

// connects reports whether a chain of neighbouring squares of r joins a
// square of a to a square of b.
func (g *Game) connects(r, a, b board.SquareSet) bool {
	if r.And(a).Empty() || r.And(b).Empty() {
		return false
	}
	return !g.reach(r, a).And(b).Empty()
}

// pieces counts the pieces on the squares of s.
func (g *Game) pieces(p *board.Position, s board.SquareSet) int {
	n := 0
	for i, w := range s {
		for w != 0 {
			n += p.Cells[i*64+bits.TrailingZeros64(w)].Height()
			w &= w - 1
		}
	}
	return n
}

// setFn is a compiled region-valued expression.
type setFn func(c *Ctx) board.SquareSet

// memberFn tests one square against a compiled region-valued expression.
type memberFn func(c *Ctx, sq board.Square) bool

// setClosure compiles a region-valued expression: a region's name, a
// region called with a player, an edge, or reach(R, A).
func (cl closures) setClosure(n ast.Node) (setFn, memberFn, bool) {
	g := cl.g
	switch n := n.(type) {
	case *ast.IdentifierNode:
		ri := g.regionIndex(n.Value)
		if ri < 0 || g.regions[ri].param {
			return nil, nil, false
		}
		return func(c *Ctx) board.SquareSet { return g.regionSet(c, ri, c.me) },
			func(c *Ctx, sq board.Square) bool { return g.inRegion(c, ri, c.me, sq) }, true
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok {
			return nil, nil, false
		}
		if ri := g.regionIndex(id.Value); ri >= 0 && g.regions[ri].param && len(n.Arguments) == 1 {
			p, ok := cl.intClosure(n.Arguments[0])
			if !ok {
				return nil, nil, false
			}
			return func(c *Ctx) board.SquareSet { return g.regionSet(c, ri, p(c)) },
				func(c *Ctx, sq board.Square) bool { return g.inRegion(c, ri, p(c), sq) }, true
		}
		if id.Value == "reach" && len(n.Arguments) == 2 {
			r, _, ok1 := cl.setClosure(n.Arguments[0])
			a, _, ok2 := cl.setClosure(n.Arguments[1])
			if !ok1 || !ok2 {
				return nil, nil, false
			}
			set := func(c *Ctx) board.SquareSet { return g.reach(r(c), a(c)) }
			return set, func(c *Ctx, sq board.Square) bool { s := set(c); return s.Has(sq) }, true
		}
	}
	return nil, nil, false
}

// setCallInt compiles the region functions that give a number.
func (cl closures) setCallInt(n *ast.CallNode, fn string) (intFn, bool) {
	g := cl.g
	switch fn {
	case "count":
		s, _, ok := cl.setClosure(n.Arguments[0])
		if !ok {
			return nil, false
		}
		return func(c *Ctx) int { set := s(c); return set.Len() }, true
	case "pieces":
		s, _, ok := cl.setClosure(n.Arguments[0])
		if !ok {
			return nil, false
		}
		return func(c *Ctx) int { return g.pieces(c.pos, s(c)) }, true
	case "run_through":
		sq, ok1 := cl.intClosure(n.Arguments[0])
		_, in, ok2 := cl.setClosure(n.Arguments[1])
		p, ok3 := cl.intClosure(n.Arguments[2])
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		return func(c *Ctx) int { return g.runThrough(c, sq(c), in, p(c)) }, true
	case "on_track":
		_, in, ok1 := cl.setClosure(n.Arguments[0])
		p, ok2 := cl.intClosure(n.Arguments[1])
		a, ok3 := cl.intClosure(n.Arguments[2])
		b, ok4 := cl.intClosure(n.Arguments[3])
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return nil, false
		}
		return func(c *Ctx) int { return g.onTrack(c, in, p(c), a(c), b(c)) }, true
	case "neighbors":
		sq, ok1 := cl.intClosure(n.Arguments[0])
		_, in, ok2 := cl.setClosure(n.Arguments[1])
		if !ok1 || !ok2 {
			return nil, false
		}
		return func(c *Ctx) int {
			at := sq(c)
			if at < 0 || at >= len(g.adjList) {
				return 0
			}
			k := 0
			for _, t := range g.adjList[at] {
				if in(c, t) {
					k++
				}
			}
			return k
		}, true
	}
	return nil, false
}

// runThrough is run_through(sq, R, p): the run of steps of p's track
// around sq's step whose squares are in R or are sq.
func (g *Game) runThrough(c *Ctx, sq int, in memberFn, p int) int {
	if p < 0 || p >= len(g.Players) {
		return 0
	}
	track := g.Track(p) // none without dice
	at := -1
	for i, t := range track {
		if int(t) == sq {
			at = i
			break
		}
	}
	if at < 0 {
		return 0
	}
	n := 1
	for i := at - 1; i >= 0 && (int(track[i]) == sq || in(c, track[i])); i-- {
		n++
	}
	for i := at + 1; i < len(track) && (int(track[i]) == sq || in(c, track[i])); i++ {
		n++
	}
	return n
}

// onTrack is on_track(R, p, a, b): the squares of R among steps a to b of
// p's track.
func (g *Game) onTrack(c *Ctx, in memberFn, p, a, b int) int {
	if p < 0 || p >= len(g.Players) {
		return 0
	}
	track := g.Track(p) // none without dice
	n := 0
	for i := max(a, 0); i <= b && i < len(track); i++ {
		if in(c, track[i]) {
			n++
		}
	}
	return n
}

// setCallBool compiles the region functions that give a truth value.
func (cl closures) setCallBool(n *ast.CallNode, fn string) (boolFn, bool) {
	g := cl.g
	switch fn {
	case "within":
		sq, ok1 := cl.intClosure(n.Arguments[0])
		_, in, ok2 := cl.setClosure(n.Arguments[1])
		if !ok1 || !ok2 {
			return nil, false
		}
		return func(c *Ctx) bool {
			at := sq(c)
			return at >= 0 && at < g.Board.NumSquares() && in(c, board.Square(at))
		}, true
	case "connects":
		r, _, ok1 := cl.setClosure(n.Arguments[0])
		a, _, ok2 := cl.setClosure(n.Arguments[1])
		b, _, ok3 := cl.setClosure(n.Arguments[2])
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		return func(c *Ctx) bool { return g.connects(r(c), a(c), b(c)) }, true
	}
	return nil, false
}

// checkSets refuses a region where a number is wanted and a number where a
// region is: a region is only ever an argument of a region function.
func (g *Game) checkSets(tree ast.Node) (ast.Node, string) {
	var bad ast.Node
	var msg string
	isRegion := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IdentifierNode:
			ri := g.regionIndex(n.Value)
			return ri >= 0 && !g.regions[ri].param
		case *ast.CallNode:
			if id, ok := n.Callee.(*ast.IdentifierNode); ok {
				if ri := g.regionIndex(id.Value); ri >= 0 && g.regions[ri].param {
					return true
				}
				return id.Value == "reach"
			}
		}
		return false
	}
	var walk func(n ast.Node, asRegion bool)
	walk = func(n ast.Node, asRegion bool) {
		if bad != nil || n == nil {
			return
		}
		if asRegion != isRegion(n) {
			bad = n
			if asRegion {
				msg = fmt.Sprintf("`%s` is not a region: write a region's name (regions:), one called with a player (road(me)), an edge (north_edge, south_edge, east_edge, west_edge, edge) or reach(R, A)", n.String())
			} else {
				msg = fmt.Sprintf("`%s` is a region, a set of squares: ask about it with count, pieces, within, neighbors or connects", n.String())
			}
			return
		}
		if call, ok := n.(*ast.CallNode); ok {
			if id, ok := call.Callee.(*ast.IdentifierNode); ok {
				if f, isSet := setFuncs[id.Value]; isSet {
					if len(call.Arguments) != f.args {
						bad, msg = n, fmt.Sprintf("%s takes %d argument(s): %s", id.Value, f.args, f.doc)
						return
					}
					for i, a := range call.Arguments {
						walk(a, f.regions&(1<<i) != 0)
					}
					return
				}
				if ri := g.regionIndex(id.Value); ri >= 0 {
					if !g.regions[ri].param {
						bad, msg = n, fmt.Sprintf("region %s does not read `player`: write it without an argument", id.Value)
						return
					}
					if len(call.Arguments) != 1 {
						bad, msg = n, fmt.Sprintf("region %s takes one player: %s(me)", id.Value, id.Value)
						return
					}
					walk(call.Arguments[0], false)
					return
				}
			}
		}
		if id, ok := n.(*ast.IdentifierNode); ok {
			if ri := g.regionIndex(id.Value); ri >= 0 && g.regions[ri].param {
				bad, msg = n, fmt.Sprintf("region %s reads `player`: call it with one, %s(me)", id.Value, id.Value)
				return
			}
		}
		for _, ch := range children(n) {
			walk(ch, false)
		}
	}
	walk(tree, false)
	return bad, msg
}

// Regions in expr's VM (Options.VMOnly, and the reference the closures are
// checked against): a region is a number, a handle, that the region
// functions take. A handle is never a number a rule file computes with:
// checkSets allows a region only as a region function's argument.
const (
	regionBase   = 1 << 40 // + region<<16 + player+32768
	computedBase = 1 << 41 // + the index of a set in Ctx.vmSets
)

func regionHandle(ri, player int) int {
	return regionBase + ri<<16 + (min(max(player, -32768), 32767) + 32768)
}

// vmSet is the set a handle of frame fr stands for.
func (c *Ctx) vmSet(fr *vmFrame, h int) board.SquareSet {
	g := c.g
	switch {
	case h >= computedBase && h-computedBase < len(fr.sets):
		return fr.sets[h-computedBase]
	case h >= regionBase && h < computedBase:
		ri, player := (h-regionBase)>>16, (h-regionBase)&0xffff-32768
		if ri < len(g.regions) {
			if !g.regions[ri].param {
				player = c.me
			}
			return g.regionSet(c, ri, player)
		}
	}
	return board.SquareSet{}
}

// addRegionFuncs puts the regions and their functions in the VM frame's
// environment.
func (c *Ctx) addRegionFuncs(fr *vmFrame) {
	g := c.g
	if g.regions == nil {
		return
	}
	env := fr.env
	for i, r := range g.regions {
		ri := i
		if r.param {
			env[r.name] = func(p int) int { return regionHandle(ri, p) }
		} else {
			env[r.name] = regionHandle(ri, 0)
		}
	}
	env["count"] = func(h int) int { s := c.vmSet(fr, h); return s.Len() }
	env["pieces"] = func(h int) int { return g.pieces(c.pos, c.vmSet(fr, h)) }
	env["within"] = func(sq, h int) bool {
		s := c.vmSet(fr, h)
		return sq >= 0 && sq < g.Board.NumSquares() && s.Has(board.Square(sq))
	}
	env["neighbors"] = func(sq, h int) int {
		if sq < 0 || sq >= len(g.adjList) {
			return 0
		}
		s := c.vmSet(fr, h)
		k := 0
		for _, t := range g.adjList[sq] {
			if s.Has(t) {
				k++
			}
		}
		return k
	}
	env["connects"] = func(r, a, b int) bool { return g.connects(c.vmSet(fr, r), c.vmSet(fr, a), c.vmSet(fr, b)) }
	env["reach"] = func(r, a int) int {
		fr.sets = append(fr.sets, g.reach(c.vmSet(fr, r), c.vmSet(fr, a)))
		return computedBase + len(fr.sets) - 1
	}
	member := func(h int) memberFn {
		s := c.vmSet(fr, h)
		return func(_ *Ctx, sq board.Square) bool { return s.Has(sq) }
	}
	env["run_through"] = func(sq, h, p int) int { return g.runThrough(c, sq, member(h), p) }
	env["on_track"] = func(h, p, a, b int) int { return g.onTrack(c, member(h), p, a, b) }
}
