package interpreter

import (
	"math/bits"
	"sync"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
	"go.yaml.in/yaml/v3"
)

const noSquare = board.NoSquare

// Options change how a game is compiled.
type Options struct {
	// VMOnly evaluates every expression with expr's VM instead of compiled
	// closures: the baseline the closure compiler is measured against.
	VMOnly bool
	// reference (tests only) evaluates every condition whole with expr's VM,
	// for each candidate move where all its names are known: no tables, no
	// levels, no folded terms. The level optimisations are checked against it.
	reference bool
	// noSets (tests only) keeps the move rules' closures where they have
	// set forms (setforms.go), which are checked against them.
	noSets bool
	// Players is how many of the players the rule file declares take part
	// (0: all). The rule file's seats: says which; a game played by fewer
	// is a game of that many players, indexed 0.. in turn order.
	Players int
}

// Player is one side of a game.
type Player struct {
	Name string
	Code byte   // the letter of the player's pieces
	Home string // bottom, top, left or right: the edge whose row counts as row 1
}

// DrawRule is the draw rule used in play (perft ignores it).
type DrawRule struct {
	Repetition int // a position seen this many times with the same player to move; 0 = off
	QuietPlies int // this many plies in a row without a bear-off; 0 = off
	// Agreement is draw: agreement as written, "true" or "false", or ""
	// when the rule file does not say (see CanDraw).
	Agreement string
}

// Outcome is the result of a game at a position.
type Outcome struct {
	Over   bool
	Winner int    // index of the winning player, or -1 for a draw
	Points int    // what the win is worth (end: points:), 1 without points; 0 for a draw
	Reason string // the condition or rule that ended the game
	Why    string // the same in plain words (the rule file's reason), "" when there are none
	// Places is each player's place (1 = first) when more than two play a
	// game for places (end: place:), all 0 otherwise; Winner is then the
	// first. With two players a game for places ends as a plain win.
	Places [board.MaxPlayers]int8
}

// Game is a compiled rule file. It is immutable and safe for concurrent use.
type Game struct {
	Name, Description, Source string
	Authors                   []string
	Summary                   string     // the rules in words (the rule file's rules:)
	Sources                   []Citation // where the rules come from
	Board                     *board.Board
	Players                   []Player
	Kinds                     []string // names of the piece kinds, plain first; empty when pieces have no kinds
	Draw                      DrawRule
	NoMoves                   string // lose, pass or draw
	RulesHash                 string // "sha256:..." of the rule file's bytes
	File                      string // the rule file's name, for messages

	opts         Options
	src          *source    // the rule file's text, for diagnostics
	data         []byte     // the rule file's bytes, to load it again for fewer players
	root         *yaml.Node // the rule file as YAML
	testsNode    *yaml.Node // the tests: section, if any
	start        board.Position
	initial      [board.MaxPlayers]int16
	rows         [board.MaxPlayers][]int8
	farthest     [board.MaxPlayers]int // each player's farthest row (the board's height, or width for a home at the side)
	declared     []string              // every player the rule file declares, in turn order
	counts       []int                 // how many may play (seats: and the declared number)
	moveRules    []*moveRule
	bearRules    []*bearOffRule
	ends         []endRule
	rankRules    []endRule // end: place: conditions; a game with them is played for places (ranked.go)
	captureRules []*captureRule
	// lineNext[d][sq]: the next playing square from sq along direction
	// Compass[d], as captures go (see buildLines).
	lineNext    [8][]board.Square
	capture     captureConfig
	promote     promotion
	canPromote  bool
	totalPieces int
	evaluate    *compiled
	quietRules  []quietRule // shorter quiet-plies draw limits while a condition holds
	resets      uint8       // the moves that reset the quiet count (progress* bits)
	prefer      *compiled
	preferTab   *preferTable // prefer folded into sets for the playouts, where it can be
	avoid       *compiled    // search: avoid
	playPlies   int
	evalScale   int
	keepLost    bool
	placeRules  []*placeRule
	triggers    []*trigger
	stackMax    int // stack: max; 0 for no cap
	// tall: a column can grow taller than a Stack word holds; Apply keeps
	// its bottom pieces in the position's Deep store (see columns.go).
	tall bool
	// overflowMine/Theirs: the pieces a stack over stackMax loses from its
	// bottom go to the captured count (true) or to their owner's hand.
	overflowMine, overflowTheirs bool
	hands                        bool                // players start with pieces in hand, or the game places pieces
	lineOthers                   [][]board.SquareSet // per square, the other points of each line through it
	lineSets                     []board.SquareSet   // every line's points
	words                        wordsSpec
	dice                         diceEngine      // dice, tracks and dice moves (internal/dice); nil without dice
	diceRules                    []*diceMoveRule // the dice moves' conditions as compiled, for explaining plays
	regions                      []*region       // the board's edges, then the rule file's regions (regions.go)
	adjList                      [][]board.Square
	adjacent                     []board.SquareSet // per square, its neighbours for regions
	maxAdjacent                  int
	afterMove                    *afterMove // what leaves the board after each move (pieces.go)
	againRules                   bool       // a rule says when its player moves again
	readsPly                     bool       // an expression reads ply or turn
	readsStreak                  bool       // an expression reads streak
	// streak counts a player's moves in a row that capture nothing and
	// meet it; streakSame: of one piece (see streak.go).
	streak       *compiled
	streakKeep   *compiled // the counts are kept only while this holds for their player
	streakSame   bool
	notation     *notation // the rule file's own notation (notation.go)
	pieceSet     pieceSet  // kinds, neutral pieces, pools (pieces.go)
	maxPoints    int       // the most points an end condition gives (1 without points:)
	pool         sync.Pool
	featureCache featureCache // the value network's input layout (features.go)
	layoutHash   string       // the rules' hash for networks: without the network: line (network.go)
	network      string       // network: as written
	networkUse   NetworkUse   // network: playout:, minimax:
	net          netCache
	cube         *CubeRules // the doubling cube, nil for none (cube.go): no part of the move generator
	kindRules    bool       // some move rule moves only some kinds of piece
	compact      bool       // every move comes from generateCompact (compact.go)
	wordMoves    bool       // playouts list moves as word moves (shifts.go)
	allWords     bool       // and every move rule has word forms (generateWords)
	fastApply    bool       // and applyWord plays their moves
	// pureEnds: no end condition can fail at run time, nor is there a
	// ranking, so a word playout may ask them before the start's test.
	pureEnds  bool
	layout    *wordLayout                // the squares' bits in word moves
	bearWords [][board.MaxPlayers]uint64 // each bear-off rule's squares per player, in layout

	// lineShifts follow those lines a set at a time, for the test of where
	// a capture may start (capture_sets.go); nil where they cannot.
	lineShifts  [8]*lineShift
	wideShifts  [8]*wideShift                  // instead, on a board of more than 64 squares
	setWords    int                            // the words the wide shifts' sets take; 0 with lineShifts
	twoWords    bool                           // two words, each shift by less than a word: captureStarts2
	captureDirs [board.MaxPlayers][]captureDir // per player, for that test; nil for none
	kindMask    uint8                          // every kind of piece
	allSquares  board.SquareSet                // the board's squares
}

type moveRule struct {
	name             string
	liftMin, liftMax int // liftMax 0: up to the whole stack
	liftAll          bool
	cond             *compiled
	// targets[player][from] are the destinations the rule's directions reach
	// from a square and its static conditions allow.
	// Each is a move template: only Lift is filled in per move.
	targets              [board.MaxPlayers][][]board.Square
	pos, src, lift, dest boolFn // the rule's terms by level; nil is true
	// sets: the generator lists this rule's moves from the set forms of
	// its terms (setforms.go) and the templates tmpl[player][from] (its
	// targets as moves, Lift to fill in). liftSet and destSet are the set
	// forms of the lift and destination terms written first (nil: all),
	// liftRest and destRest the closures of the others.
	sets    bool
	tmpl    [board.MaxPlayers][][][]move32 // [player][from][lift]
	liftSet liftSetFn
	// liftAlways | the lift sizes whose bottom piece is me (liftOwner 1)
	// or opponent's (2): the lift terms of the common shape simpleLift
	// recognises, computed inline (liftSet is nil then).
	liftAlways uint64
	liftOwner  int8
	// srcHeights: the heights (bit h) the source terms written first
	// allow, all of them `height OP constant`; srcRest the closures of the
	// other source terms.
	srcHeights         uint64
	fromSet            [board.MaxPlayers]board.SquareSet // the squares tmpl has moves from
	step               [board.MaxPlayers]*stepRule       // the rule as generateCompact reads it
	srcRest            boolFn
	destSet            destSetFn
	destWord           destWordFn // destSet in the word layout, over Ctx.words (shifts.go)
	liftRest, destRest boolFn
	plain              bool  // sets, and no destination terms or earlier rules
	earlier            []int // earlier rules that can make the same moves
	dirNames           []string
	absDirs            [board.MaxPlayers][]board.Direction
	flying             bool
	leaping            bool // distance: lifted
	farther            bool // flying or leaping
	// leaps[player][from][k] are the destinations of a lift of k pieces
	// (a `distance: lifted` rule): k squares away, over anything.
	leaps    [board.MaxPlayers][][][]board.Square
	anywhere bool // to any point of the board (flying in Morris)
	// spread: drops: spread (spread.go), its rays in rays; drop is the
	// condition on each square dropped on.
	spread   bool
	drop     *compiled
	dropTest boolFn
	again    *compiled // then the same player moves again when it holds
	kinds    uint8     // the kinds of top piece the rule moves (bit k for kind k)
	toEmpty  bool      // the destination must be empty (a folded `to_height == 0`)
	// rays[player][from] are, per direction, the squares along it with
	// whether the static terms allow each (for flying rules).
	rays [board.MaxPlayers][][][]rayStep
}

type rayStep struct {
	to board.Square
	ok bool
}

// liftByte is how a lift of k pieces is written in a move: 0 for a rule that
// lifts the whole stack, whose notation leaves the count out.
func (r *moveRule) liftByte(k int) uint8 {
	if r.liftAll {
		return 0
	}
	return uint8(k)
}

// slide appends the moves of a flying rule: along each direction, over
// empty squares, up to and including the first occupied one.
func (g *Game) slide(c *Ctx, r *moveRule, ri int, from board.Square, k int, buf []board.Move, any bool) []board.Move {
	p := c.pos
	for _, ray := range r.rays[c.me][from] {
		for _, st := range ray {
			dst := p.Cells[st.to]
			if st.ok {
				c.to, c.dst = st.to, dst
				if (r.dest == nil || r.dest(c)) && (r.earlier == nil || !g.madeEarlier(c, r)) {
					buf = append(buf, board.Move{From: from, To: st.to, Lift: r.liftByte(k), Kind: board.Step, Rule: uint8(ri)})
					if any {
						return buf
					}
				}
			}
			if dst != 0 {
				break
			}
		}
	}
	return buf
}

type bearOffRule struct {
	name    string
	cond    *compiled
	squares [board.MaxPlayers][]bool // static conditions, folded
	// squareSet[player] is squares[player] as a set.
	squareSet [board.MaxPlayers]board.SquareSet
	pos, src  boolFn
}

// quietRule is a shorter quiet-plies draw limit while a condition holds.
type quietRule struct {
	plies  int
	cond   *compiled
	reason string
}

type endRule struct {
	result string // win, loss or draw for the player who just moved
	reason string // in plain words
	label  string // result and condition, the Outcome's Reason: made once, not per finished game
	cond   *compiled
	test   boolFn
	points *compiled // what a win or loss is worth; nil: 1
}

// Ctx is what an expression is evaluated over: the position and the move
// being considered. Contexts are pooled so that generation allocates nothing.
type Ctx struct {
	g         *Game
	pos       *board.Position
	me, opp   int
	from, to  board.Square
	src, dst  board.Stack
	lifted    int
	off       bool
	cap       capState // scratch space of the capture search
	sqBuf     [board.MaxSquares]board.Square
	err       *EvalError   // the first runtime error met; see evalerror.go
	at        board.Square // the piece a trigger may remove
	made      int          // lines the move completes, for triggers
	active    uint32       // the move rules whose position terms hold, during generate
	expanding bool         // generating the moves a trigger then expands
	capturing bool         // in the capture search: c.src is the capturing column (see deepPiece)
	base      []board.Move // those moves, grown once per context
	after     board.Position
	removable [board.MaxSquares]board.Square
	moveBuf   []board.Move   // for mobility
	anyMove   [1]board.Move  // result's test for a move (a local would escape: one allocation per call)
	dice      dice.Ctx[*Ctx] // the die being played, and the dice move search's scratch space (dice games)
	quiet     int            // plies without progress, for `search: avoid`
	player    int            // a region's argument, while its condition runs (regions.go)
	sets      [setCacheSize]setCacheEntry
	nextSet   int
	vms       []*vmFrame // expr's VM, a frame per depth of evaluation (runVM)
	vmDepth   int
	dropped   int // the pieces a spread drops on the square c.to (spread.go)
	carried   int // the pieces it carries on after that square
	// destSets[i] is the set form of move rule i's destination terms, for
	// the generation under way (setforms.go).
	destSets [32]board.SquareSet
	cbuf     []move32      // compact moves, for generate to write out as Moves
	steps    [32]*stepRule // the active rules, for generateCompact
	words    wordView      // the position's wordView, for generateSets in a word game
	// unhashed: the position's Hash is not kept up to date (a word
	// playout's, see startPlayout).
	unhashed bool
}

func (g *Game) ctx(p *board.Position, me int) *Ctx {
	c := g.pool.Get().(*Ctx)
	c.pos, c.me, c.opp = p, me, g.next(me)
	c.from, c.to, c.src, c.dst, c.lifted, c.off, c.quiet = noSquare, noSquare, 0, 0, 0, false, 0
	c.at = noSquare
	c.err = nil
	c.unhashed = false
	return c
}

func (g *Game) release(c *Ctx) { c.pos = nil; g.pool.Put(c) }

// placedStack is the one piece placement m puts down, as a stack: in the
// hints about a placement, the names of the square moved from (kind, top,
// height) describe it.
func (g *Game) placedStack(p *board.Position, m board.Move) board.Stack {
	code := int(p.ToMove)
	if m.Piece > 0 {
		code = int(m.Piece) - 1
	}
	return g.Board.Single(code)
}

// candidate points c at move m of the player to move at p (c.pos), for the
// AI's hints about a move (`search: avoid`, and both hints when inspected;
// Prefer writes it out).
func (c *Ctx) candidate(p *board.Position, m board.Move) {
	c.from, c.to, c.lifted, c.off = m.From, m.To, int(m.Lift), m.Kind == board.BearOff
	if m.From != noSquare {
		c.src = p.Cells[m.From]
	}
	if m.Kind == board.Place {
		c.src = c.g.placedStack(p, m)
	}
	if m.To != noSquare {
		c.dst = p.Cells[m.To]
	}
}

func (g *Game) next(p int) int {
	if p+1 == len(g.Players) {
		return 0
	}
	return p + 1
}

func (g *Game) prev(p int) int {
	if p == 0 {
		return len(g.Players) - 1
	}
	return p - 1
}

// row is the row of sq counted from player's home row (1), 0 for no square.
func (g *Game) row(player int, sq board.Square) int {
	if sq == noSquare {
		return 0
	}
	return int(g.rows[player][sq])
}

// progress sums the rows of player's pieces, each from player's home row.
func (g *Game) progress(p *board.Position, player int) int {
	b := g.Board
	rows := g.rows[player]
	total := 0
	for sq := 0; sq < b.NumSquares(); sq++ {
		s := p.Cells[sq]
		if s == 0 {
			continue
		}
		var counts [board.MaxPlayers]int16
		b.CountAt(p, board.Square(sq), &counts)
		total += int(counts[player]) * int(rows[sq])
	}
	return total
}

// crowned counts player's pieces of a kind other than the plain one.
func (g *Game) crowned(p *board.Position, player int) int {
	b := g.Board
	n := 0
	for sq := 0; sq < b.NumSquares(); sq++ {
		s := p.Cells[sq]
		for i := 1; i <= s.Height(); i++ {
			code := b.Piece(s, i)
			if i > b.Window() {
				code = b.PieceAt(p, board.Square(sq), i)
			}
			if b.Owner(code) == player && b.Kind(code) > 0 {
				n++
			}
		}
	}
	return n
}

// Start is the start position.
func (g *Game) Start() board.Position { return g.start }

// isStart reports whether p is the start position (the hash first: a
// position is 1.3 KB).
func (g *Game) isStart(p *board.Position) bool { return p.Hash == g.start.Hash && *p == g.start }

// atStartUnhashed is isStart for the position in c, whose hash is stale
// (c.unhashed): the squares each player tops come first.
func (g *Game) atStartUnhashed(c *Ctx) bool {
	p := c.pos
	for i := range g.Players {
		if p.Tops[i] != g.start.Tops[i] {
			return false
		}
	}
	q := *p
	q.Hash = g.start.Hash
	return q == g.start
}

// Initial is the number of pieces player starts with.
func (g *Game) Initial(player int) int { return int(g.initial[player]) }

// and joins two tests; nil means true.
func and(a, b boolFn) boolFn {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func(c *Ctx) bool { return a(c) && b(c) }
}

// LegalMoves appends the legal moves at p to buf[:0] and returns it. It is
// empty when the game is over. When the player to move has no move and the
// rules say to pass, the one move is a pass. It allocates nothing once buf
// has grown to fit.
//
// A runtime error in one of the rule file's expressions (a modulo by zero)
// makes it panic with an *EvalError; LegalMovesErr returns it instead.
func (g *Game) LegalMoves(p *board.Position, buf []board.Move) []board.Move {
	buf, err := g.LegalMovesErr(p, buf)
	if err != nil {
		panic(err)
	}
	return buf
}

// LegalMovesErr is LegalMoves returning a runtime error in the rule file's
// expressions (an *EvalError) instead of panicking.
func (g *Game) LegalMovesErr(p *board.Position, buf []board.Move) ([]board.Move, error) {
	c := g.ctx(p, 0)
	buf = g.legalMoves(c, buf)
	if c.err != nil {
		err := g.takeErr(c)
		g.release(c)
		return buf[:0], err
	}
	g.release(c)
	return buf, nil
}

// legalMoves is LegalMoves on a context already pointing at the position.
func (g *Game) legalMoves(c *Ctx, buf []board.Move) []board.Move {
	buf = buf[:0]
	if g.ended(c) {
		return buf
	}
	return g.generate(c, buf, false)
}

// ended reports whether an end condition holds at c.pos for the player who
// just moved, and leaves c set for the player to move.
func (g *Game) ended(c *Ctx) bool {
	turn := int(c.pos.ToMove)
	c.me, c.opp = g.prev(turn), turn
	if c.pos.MidTurn() { // the player to move earned another roll or a bonus move: its play may have won
		c.me, c.opp = turn, g.next(turn)
	}
	over := g.endTest(c) >= 0
	c.me, c.opp = turn, g.next(turn)
	return over
}

// generate appends the moves of c.me at c.pos. With any set it stops at the
// first move found. It visits only the squares the player's pieces top, and
// each rule's terms at their level (see placeMoveTerms).
func (g *Game) generate(c *Ctx, buf []board.Move, any bool) []board.Move {
	if g.compact {
		c.cbuf = g.generateCompact(c, c.cbuf[:0], any)
		return appendMoves(buf, c.cbuf)
	}
	if g.dice != nil {
		return g.generateDice(c, buf, any)
	}
	if g.triggers != nil && !c.expanding {
		return g.generateTriggered(c, buf, any)
	}
	if len(g.captureRules) > 0 {
		n := len(buf)
		buf = g.generateCaptures(c, buf, any)
		if len(buf) > n && (g.capture.mandatory || any) {
			return buf
		}
	}
	if g.placeRules != nil {
		n := len(buf)
		buf = g.generatePlacements(c, buf, any)
		if any && len(buf) > n {
			return buf
		}
	}
	p, me := c.pos, c.me
	rules, bears := g.moveRules, g.bearRules
	// The rules whose position-level terms hold, so the loop over squares
	// skips the others (Liger's backward rule, most of the time).
	var active [32]uint8
	nActive := 0
	c.active = 0
	for i, r := range rules {
		if r.pos == nil || r.pos(c) {
			active[nActive] = uint8(i)
			nActive++
			c.active |= 1 << i
		}
	}
	var bearActive [32]bool
	// bearSet: the squares some bear-off rule whose position terms hold
	// allows, so that other squares skip the bear-off rules.
	var bearSet board.SquareSet
	for i, r := range bears {
		bearActive[i] = r.pos == nil || r.pos(c)
		if bearActive[i] {
			bearSet = bearSet.Or(r.squareSet[me])
		}
	}
	tops := &p.Tops[me]
	for wi, w := range tops {
		for w != 0 {
			sq := wi*64 + bits.TrailingZeros64(w)
			w &= w - 1
			s := p.Cells[sq]
			from := board.Square(sq)
			c.from, c.src, c.to, c.dst = from, s, noSquare, 0
			h := s.Height()
			kindBit := uint8(1)
			if g.kindRules {
				kindBit <<= uint(g.Board.TopKind(s))
			}
			for _, ri8 := range active[:nActive] {
				ri, r := int(ri8), rules[ri8]
				if r.kinds&kindBit == 0 {
					continue
				}
				targets := r.targets[me][sq]
				if len(targets) == 0 || (r.src != nil && !r.src(c)) {
					continue
				}
				lo, hi := r.liftMin, r.liftMax
				if hi == 0 || hi > h {
					hi = h
				}
				if r.liftAll {
					lo = h
				}
				for k := lo; k <= hi; k++ {
					c.lifted = k
					if r.lift != nil && !r.lift(c) {
						continue
					}
					if r.farther { // one test for the rare rules that go beyond one step
						if r.flying {
							buf = g.slide(c, r, ri, from, k, buf, any)
							if any && len(buf) > 0 {
								return buf
							}
							continue
						}
						if r.spread {
							buf = g.spreads(c, r, ri, k, buf, any)
							if any && len(buf) > 0 {
								return buf
							}
							continue
						}
						targets = nil
						if leaps := r.leaps[me][sq]; k < len(leaps) {
							targets = leaps[k]
						}
					}
					for _, to := range targets {
						if r.toEmpty && p.Cells[to] != 0 {
							continue
						}
						if r.dest != nil {
							c.to, c.dst = to, p.Cells[to]
							if !r.dest(c) {
								continue
							}
						}
						if r.earlier != nil {
							c.to, c.dst = to, p.Cells[to]
							if g.madeEarlier(c, r) {
								continue
							}
						}
						buf = appendStep(buf, from, to, r.liftByte(k), uint8(ri))
						if any {
							return buf
						}
					}
				}
			}
			if !bearSet.Has(from) {
				continue
			}
			c.to, c.dst, c.lifted = noSquare, 0, 1
			for ri, r := range bears {
				if !bearActive[ri] || !r.squares[me][sq] || (r.src != nil && !r.src(c)) {
					continue
				}
				buf = append(buf, board.Move{From: from, To: noSquare, Lift: 1, Kind: board.BearOff, Rule: uint8(ri)})
				if any {
					return buf
				}
				break // one bear-off per square, whichever rule allows it
			}
		}
	}
	if len(buf) == 0 && g.NoMoves == "pass" {
		buf = append(buf, board.Move{From: noSquare, To: noSquare, Kind: board.Pass})
	}
	return buf
}

// appendStep appends a step move, writing its fields into the buffer's slot:
// building the 24-byte Move on the stack and copying it in cost a fifth of
// Liger's playout time.
func appendStep(buf []board.Move, from, to board.Square, lift, rule uint8) []board.Move {
	n := len(buf)
	if n == cap(buf) {
		buf = append(buf, board.Move{})
	} else {
		buf = buf[:n+1]
		buf[n] = board.Move{}
	}
	m := &buf[n]
	m.From, m.To, m.Lift, m.Kind, m.Rule = from, to, lift, board.Step, rule
	return buf
}

// madeEarlier reports whether an earlier rule whose directions and lifts
// overlap this one's already makes the move in c, so a move is listed once.
func (g *Game) madeEarlier(c *Ctx, r *moveRule) bool {
	for _, ei := range r.earlier {
		e := g.moveRules[ei]
		if c.active&(1<<ei) == 0 || !e.allows(c) {
			continue
		}
		return true
	}
	return false
}

// allows reports whether rule r makes the move described by c.
func (r *moveRule) allows(c *Ctx) bool {
	h := c.src.Height()
	lo, hi := r.liftMin, r.liftMax
	if hi == 0 || hi > h {
		hi = h
	}
	if r.liftAll {
		lo = h
	}
	if c.lifted < lo || c.lifted > hi || r.kinds&(1<<uint(c.g.Board.TopKind(c.src))) == 0 || (r.toEmpty && c.dst != 0) {
		return false
	}
	if r.spread && !r.spreadAllows(c) {
		return false
	}
	found := false
	targets := r.targets[c.me][c.from]
	if r.leaping {
		targets = nil
		if leaps := r.leaps[c.me][c.from]; c.lifted < len(leaps) {
			targets = leaps[c.lifted]
		}
	}
	for _, t := range targets {
		if t == c.to {
			found = true
			break
		}
	}
	if found && r.flying {
		// Every square before the destination must be empty.
		for _, ray := range r.rays[c.me][c.from] {
			for _, st := range ray {
				if st.to == c.to {
					break
				}
				if c.pos.Cells[st.to] != 0 {
					found = false
					break
				}
			}
		}
	}
	return found && (r.pos == nil || r.pos(c)) && (r.src == nil || r.src(c)) &&
		(r.lift == nil || r.lift(c)) && (r.dest == nil || r.dest(c))
}

// MoveString writes a move in the notation.
func (g *Game) MoveString(m board.Move) string {
	if g.dice != nil {
		return g.dice.MoveString(m)
	}
	if g.notation != nil {
		if s, ok := g.notationMoveString(m); ok {
			return s
		}
	}
	return g.Board.MoveString(m)
}

// RuleName is the name of the rule that made a legal move.
func (g *Game) RuleName(m board.Move) string {
	switch m.Kind {
	case board.Step:
		if int(m.Rule) < len(g.moveRules) {
			return g.moveRules[m.Rule].name
		}
	case board.BearOff:
		if int(m.Rule) < len(g.bearRules) {
			return g.bearRules[m.Rule].name
		}
	case board.Capture:
		if int(m.Rule) < len(g.captureRules) {
			return g.captureRules[m.Rule].name
		}
	case board.Place:
		if int(m.Rule) < len(g.placeRules) {
			return g.placeRules[m.Rule].name
		}
	case board.Pass:
		return "pass"
	}
	return ""
}

// Crowned counts player's pieces of the promoted kind on the board.
func (g *Game) Crowned(p *board.Position, player int) int { return g.crowned(p, player) }

// HasBearOff reports whether the game has bear-off rules.
func (g *Game) HasBearOff() bool { return len(g.bearRules) > 0 }

// HasHands reports whether players have pieces in hand to place.
func (g *Game) HasHands() bool { return g.hands }

// HasTriggers reports whether completing a line does something (removes).
func (g *Game) HasTriggers() bool { return len(g.triggers) > 0 }

// HasCaptures reports whether the game has capture rules.
func (g *Game) HasCaptures() bool { return len(g.captureRules) > 0 }

// FormatPosition writes a position string.
func (g *Game) FormatPosition(p *board.Position) string {
	if g.notation != nil && g.notation.pos != nil && g.notation.pos.Default {
		return g.formatNotationPosition(p)
	}
	return g.Board.FormatPosition(p)
}
