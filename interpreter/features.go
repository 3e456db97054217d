package interpreter

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/stackrules/stackrules/board"
)

// Features: a position as a vector of numbers for a value network
// (ai.Encoder), derived only from what the rule file declares, the same way
// for every game. In a game whose players race along tracks of the same
// length, each in its own frame (Backgammon, Ludo), the position is written
// from the view of the player to move: the per-player groups start with the
// mover's and go on in turn order (Perspective), so a position and its
// mirror image, the other player to move, read the same and the network
// learns from both at once. The layout, in order (docs/ai.md, "Teaching the
// AI a new game"):
//
//   - the player to move: one unit per player (1 for the mover), in turn
//     order (not turned to the mover's view);
//   - per square not on a track: for each of the top D pieces (D = 3 where
//     stacks can form, 1 where `stack: max` is 1), one unit per piece code
//     (players × kinds, then neutral pieces) set for the code of that piece;
//     where stacks can form, four units for the height h: h ≥ 2, h ≥ 3,
//     h ≥ 4 and (h − 4)/4;
//   - in a game with tracks, per player and per step of its track, four units
//     for the count n of its pieces on that square, as TD-Gammon encoded a
//     point: n ≥ 1, n ≥ 2, n ≥ 3 and (n − 3)/2;
//   - per player: pieces borne off, captured and in hand, each divided by
//     the pieces the player starts with;
//   - per pool of pieces in hand by kind: its count over its start count;
//   - in a game with dice, per die one unit per face for the number rolled
//     (all 0 before the roll), and one for an extra roll;
//   - in a game played for places, one unit per player that has finished;
//   - in a game with a quiet-plies draw, the quiet plies over the limit;
//   - only where the rule file's `network: inputs:` asks for them (stacks
//     only): `below`, per square (as above) and player, the player's pieces
//     under the top D, over 4; `buried`, per player, its pieces with another
//     player's piece above them (buried()), over the pieces it starts with.
//     The top D pieces do not show who is held down in a tall stack.
//
// FeatureLayoutVersion changes whenever the layout does, so a network
// trained on one layout is refused by another.
const FeatureLayoutVersion = 2

// featureLayout is where each group starts; computed once per Game.
type featureLayout struct {
	n          int
	depth      int  // top pieces encoded per square
	heights    bool // height units per square
	codes      int
	squares    []board.Square // squares encoded as stacks (those on no track)
	sqBase     int
	trackBase  int // per player, per step: 4 units
	trackLen   [board.MaxPlayers]int
	countBase  int // per player: off, captured, hand
	poolBase   int
	pools      int
	poolStart  [board.MaxPools]float32
	diceBase   int
	dice       int // dice in a roll
	sides      int
	placeBase  int // -1: not ranked
	quietBase  int // -1: no quiet draw
	quietMax   float32
	belowBase  int  // -1: no `below` inputs
	buriedBase int  // -1: no `buried` inputs
	rotate     bool // per-player groups start with the mover's (see above)
	names      []string
}

type featureCache struct {
	inputs inputGroups // network: inputs:, read at load
	once   sync.Once
	layout *featureLayout
}

func (g *Game) features() *featureLayout {
	g.featureCache.once.Do(func() { g.featureCache.layout = g.buildFeatures() })
	return g.featureCache.layout
}

func (g *Game) buildFeatures() *featureLayout {
	b := g.Board
	l := &featureLayout{codes: b.Codes(), placeBase: -1, quietBase: -1, belowBase: -1, buriedBase: -1}
	players := len(g.Players)
	var names []string
	add := func(format string, args ...any) { names = append(names, fmt.Sprintf(format, args...)) }
	for i := range players {
		add("to move: %s", g.Players[i].Name)
	}
	onTrack := make([]bool, b.NumSquares())
	l.rotate = players > 1 && len(g.Track(0)) > 0 // tracks: none without dice
	for pl := range players {
		for _, sq := range g.Track(pl) {
			onTrack[sq] = true
		}
		l.rotate = l.rotate && len(g.Track(pl)) == len(g.Track(0))
	}
	// who is the pl-th of the per-player groups in names
	who := func(pl int) string {
		switch {
		case !l.rotate:
			return g.Players[pl].Name
		case pl == 0:
			return "mover"
		}
		return fmt.Sprintf("mover+%d", pl)
	}
	l.depth, l.heights = min(3, b.Window()), true
	if g.stackMax == 1 {
		l.depth, l.heights = 1, false
	}
	l.sqBase = len(names)
	for sq := range b.NumSquares() {
		if onTrack[sq] {
			continue
		}
		l.squares = append(l.squares, board.Square(sq))
		name := b.SquareName(board.Square(sq))
		for d := 1; d <= l.depth; d++ {
			for code := range l.codes {
				add("%s: piece %d from the top is %c", name, d, b.Letter(code))
			}
		}
		if l.heights {
			add("%s: height >= 2", name)
			add("%s: height >= 3", name)
			add("%s: height >= 4", name)
			add("%s: (height - 4)/4", name)
		}
	}
	l.trackBase = len(names)
	for pl := range players {
		l.trackLen[pl] = len(g.Track(pl))
		for step, sq := range g.Track(pl) {
			name := fmt.Sprintf("%s's step %d (%s)", who(pl), step, b.SquareName(sq))
			if l.rotate {
				name = fmt.Sprintf("%s's step %d", who(pl), step)
			}
			add("%s: >= 1", name)
			add("%s: >= 2", name)
			add("%s: >= 3", name)
			add("%s: (n - 3)/2", name)
		}
	}
	l.countBase = len(names)
	for pl := range players {
		add("%s: borne off", who(pl))
		add("%s: captured", who(pl))
		add("%s: in hand", who(pl))
	}
	l.poolBase = len(names)
	l.pools = len(b.Pools())
	for i, code := range b.Pools() {
		l.poolStart[i] = float32(max(g.start.Pools[i], 1))
		add("pool %c", b.Letter(code))
	}
	l.diceBase = len(names)
	if g.dice != nil {
		l.dice, l.sides = g.dice.Dice().Count, g.dice.Dice().Sides
		for d := range l.dice {
			for f := 1; f <= l.sides; f++ {
				add("die %d shows %d", d+1, f)
			}
		}
		add("extra roll")
	}
	if g.rankRules != nil {
		l.placeBase = len(names)
		for pl := range players {
			add("%s has finished", who(pl))
		}
	}
	if q := g.quietLimit(); q > 0 {
		l.quietBase = len(names)
		l.quietMax = float32(q)
		add("quiet plies / %d", q)
	}
	if g.featureCache.inputs&inputBelow != 0 {
		l.belowBase = len(names)
		for _, sq := range l.squares {
			for pl := range players {
				add("%s: %s's pieces below the top %d / 4", b.SquareName(sq), who(pl), l.depth)
			}
		}
	}
	if g.featureCache.inputs&inputBuried != 0 {
		l.buriedBase = len(names)
		for pl := range players {
			add("%s: buried", who(pl))
		}
	}
	l.n = len(names)
	l.names = names
	return l
}

// quietLimit is the longest quiet-plies draw limit of the rule file, 0 for none.
func (g *Game) quietLimit() int {
	q := g.Draw.QuietPlies
	for _, r := range g.quietRules {
		q = max(q, r.plies)
	}
	return q
}

// Features is the length of the vectors Encode writes (ai.Encoder).
func (g *Game) Features() int { return g.features().n }

// FeatureNames names every number of the vector, in order, for people
// reading a network or a test.
func (g *Game) FeatureNames() []string { return g.features().names }

// FeatureLayout identifies the encoding of this rule file: the layout
// version and the rules' hash (of the file without its `network:` line, so
// that naming a network does not change the rules it was trained for). A network records it and is refused where it
// differs.
func (g *Game) FeatureLayout() string {
	return fmt.Sprintf("stackrules-features-v%d%s %s", FeatureLayoutVersion, g.featureCache.inputs, g.layoutHash)
}

// Encode writes sp as Features() numbers into x (ai.Encoder). It allocates
// nothing.
func (g *Game) Encode(sp *SearchPosition, x []float32) {
	l := g.features()
	x = x[:l.n]
	clear(x)
	b := g.Board
	p := &sp.Position
	players := len(g.Players)
	x[int(p.ToMove)] = 1
	persp := 0
	if l.rotate {
		persp = int(p.ToMove)
	}
	i := l.sqBase
	for _, sq := range l.squares {
		s := p.Cells[sq]
		h := s.Height()
		for d := 1; d <= l.depth; d++ {
			if d <= h {
				code := b.Piece(s, d)
				if code < 0 {
					code = b.PieceAt(p, sq, d)
				}
				if code >= 0 && code < l.codes {
					x[i+code] = 1
				}
			}
			i += l.codes
		}
		if l.heights {
			heightUnits(x[i:i+4], h, 2, 4)
			i += 4
		}
	}
	for slot := range players {
		pl := (persp + slot) % players
		for _, sq := range g.Track(pl) {
			var counts [board.MaxPlayers]int16
			b.CountAt(p, sq, &counts)
			heightUnits(x[i:i+4], int(counts[pl]), 1, 2)
			i += 4
		}
	}
	i = l.countBase
	for slot := range players {
		pl := (persp + slot) % players
		start := float32(max(g.initial[pl], 1))
		x[i] = float32(p.Off[pl]) / start
		x[i+1] = float32(p.Captured[pl]) / start
		x[i+2] = float32(p.Hand[pl]) / start
		i += 3
	}
	for k := range l.pools {
		x[l.poolBase+k] = float32(p.Pools[k]) / l.poolStart[k]
	}
	if l.dice > 0 {
		i = l.diceBase
		for d := range l.dice {
			if f := int(p.Dice[d]); f >= 1 && f <= l.sides {
				x[i+f-1] = 1
			}
			i += l.sides
		}
		if p.Extra {
			x[i] = 1
		}
	}
	if l.placeBase >= 0 {
		for slot := range players {
			if p.Place[(persp+slot)%players] != 0 {
				x[l.placeBase+slot] = 1
			}
		}
	}
	if l.quietBase >= 0 {
		x[l.quietBase] = min(float32(sp.Quiet)/l.quietMax, 1)
	}
	if l.belowBase >= 0 || l.buriedBase >= 0 {
		g.encodeHeld(l, p, persp, x)
	}
}

// encodeHeld writes the `below` and `buried` inputs (see Features above).
func (g *Game) encodeHeld(l *featureLayout, p *board.Position, persp int, x []float32) {
	b := g.Board
	players := len(g.Players)
	if l.belowBase >= 0 {
		for k, sq := range l.squares {
			var below [board.MaxPlayers]int
			for d := l.depth + 1; d <= p.Cells[sq].Height(); d++ {
				if o := ownerOrNone(b, b.PieceAt(p, sq, d)); o >= 0 && o < players {
					below[o]++
				}
			}
			i := l.belowBase + k*players
			for slot := range players {
				x[i+slot] = float32(below[(persp+slot)%players]) / 4
			}
		}
	}
	if l.buriedBase >= 0 {
		for slot := range players {
			pl := (persp + slot) % players
			x[l.buriedBase+slot] = float32(g.buried(p, pl)) / float32(max(g.initial[pl], 1))
		}
	}
}

// Perspective is the player whose view Encode writes p from: the player to
// move in a game of tracks of the same length, else 0 (ai.Encoder). A
// network's outputs for p are then in turn order from that player on.
func (g *Game) Perspective(p *SearchPosition) int {
	if g.features().rotate {
		return int(p.ToMove)
	}
	return 0
}

// heightUnits writes n as four units: n ≥ lo, n ≥ lo+1, n ≥ lo+2 and
// (n − lo − 2)/div above that (TD-Gammon's encoding of a point, lo 1, div 2).
func heightUnits(x []float32, n, lo int, div float32) {
	for k := range 3 {
		if n >= lo+k {
			x[k] = 1
		}
	}
	if n > lo+2 {
		x[3] = float32(n-lo-2) / div
	}
}

// Features is the encoder's length (ai.Encoder).
func (a *SearchGame) Features() int { return a.g.Features() }

// Encode writes p for a value network (ai.Encoder).
func (a *SearchGame) Encode(p *SearchPosition, x []float32) { a.g.Encode(p, x) }

// Perspective is the player Encode writes p's view of (ai.Encoder).
func (a *SearchGame) Perspective(p *SearchPosition) int { return a.g.Perspective(p) }

// FeatureLayout identifies the encoding (ai.Encoder).
func (a *SearchGame) FeatureLayout() string { return a.g.FeatureLayout() }

// inputGroups are the extra input groups a rule file's `network: inputs:`
// asks for, a set; its String is how the feature layout names them.
type inputGroups uint8

const (
	inputBelow inputGroups = 1 << iota
	inputBuried
)

var inputGroupNames = []string{"below", "buried"}

func (s inputGroups) String() string {
	out := ""
	for i, name := range inputGroupNames {
		if s&(1<<i) != 0 {
			out += "+" + name
		}
	}
	return out
}

// decodeInputs reads `network: inputs:`: known names, in a game whose
// pieces stack (the groups are about what lies under a stack's top).
func (g *Game) decodeInputs(d *decoder, rf *ruleFile) inputGroups {
	var s inputGroups
	for _, name := range rf.NetworkInputs {
		i := slices.Index(inputGroupNames, name)
		if i < 0 {
			d.errorf(rf.networkInputs, "bad-value", "write any of: "+strings.Join(inputGroupNames, ", "),
				"network: inputs: unknown input group %q", name)
			continue
		}
		s |= 1 << i
	}
	if s != 0 && g.stackMax == 1 {
		d.errorf(rf.networkInputs, "no-effect", "leave `inputs:` out",
			"network: inputs: %s describe stacks, and pieces here do not stack", strings.Join(rf.NetworkInputs, ", "))
	}
	return s
}
