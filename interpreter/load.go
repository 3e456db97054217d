package interpreter

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
	"go.yaml.in/yaml/v3"
)

// Open loads a game by built-in name (see variants) or by path to a rule file.
func Open(nameOrPath string, opts ...Options) (*Game, error) {
	if data, ok := variants.Source(nameOrPath); ok {
		return Load(nameOrPath+".yaml", data, opts...)
	}
	data, err := ReadLimited(nameOrPath, MaxRuleFileSize, "rule file")
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !strings.ContainsAny(nameOrPath, "/.\\") {
			return nil, fmt.Errorf("no built-in game %q and no such file (built-in games: %s)", nameOrPath, strings.Join(variants.Names(), ", "))
		}
		return nil, err
	}
	return Load(nameOrPath, data, opts...)
}

// Load checks and compiles a rule file. file names it in messages. A broken
// file gives Diagnostics listing every problem found, each at its line and
// column.
func Load(file string, data []byte, opts ...Options) (*Game, error) {
	g, diags := Check(file, data, opts...)
	if diags.HasErrors() {
		return nil, diags
	}
	return g, nil
}

// Check loads a rule file and returns the game (nil when there are errors)
// with every diagnostic found.
func Check(file string, data []byte, opts ...Options) (*Game, Diagnostics) {
	d := &decoder{src: newSource(file, data)}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		at, end, msg, hint := yamlSyntaxError(data, err)
		d.diags = append(d.diags, Diagnostic{File: file, Line: at.Line, Col: at.Col, EndLine: end.Line, EndCol: end.Col,
			Severity: Error, Code: "yaml", Message: "YAML: " + msg, Hint: hint})
		return nil, d.diags
	}
	if root.Kind == 0 {
		d.diagAt(srcPos{Line: 1, Col: 1}, Error, "empty-file", "", "the rule file is empty")
		return nil, d.diags
	}
	rf := d.decodeFile(&root)
	g := &Game{src: d.src, data: data, root: &root, testsNode: rf.Tests, File: file, Name: rf.Name, Description: rf.Description, Source: rf.Source, Authors: rf.Authors,
		Summary: rf.Words.Summary, Sources: rf.Words.Sources, words: rf.Words,
		Draw: DrawRule{Repetition: rf.Draw.Repetition, QuietPlies: rf.Draw.QuietPlies}, NoMoves: rf.NoMoves, playPlies: rf.Playout.Plies, evalScale: rf.EvalScale, keepLost: rf.SearchKeepLost}
	g.Draw.Agreement = rf.Draw.Agreement
	if len(opts) > 0 {
		g.opts = opts[0]
	}
	if g.NoMoves == "" {
		g.NoMoves = "lose"
	}
	sum := sha256.Sum256(data)
	g.RulesHash = fmt.Sprintf("sha256:%x", sum)
	g.layoutHash = playHash(&root)
	g.network, g.networkUse = rf.Network, rf.NetworkUse
	g.pool.New = func() any { return g.newCtx() }
	if d.diags.HasErrors() && (rf.Board.Width == 0 || len(rf.Players) == 0) {
		return nil, d.diags
	}
	if !g.buildBoard(d, rf) {
		return nil, d.diags
	}
	g.declareRegions(d, rf)
	if g.NoMoves == "lose" && len(g.Players) > 2 {
		at := rf.NoMovesNode
		if at == nil {
			at = rf.root
		}
		d.errorf(at, "players", "write `no_moves: pass` (the player passes) or `no_moves: draw`",
			"no_moves: lose does not say who wins when %d play", len(g.Players))
	}
	for _, p := range g.Players {
		g.words.noMove = append(g.words.noMove, p.Name+" has no legal move")
	}
	g.numberBoard(d, rf)
	g.buildDice(d, rf)
	g.buildCube(d, rf)
	g.buildSetup(d, rf)
	if g.dice != nil && g.dice.Dice().Opening {
		g.start.SetDice(0, 0, true)
	}
	g.buildRules(d, rf)
	g.compact = g.compactGame()
	if !g.compact {
		// The set forms serve compact games only: in a game with captures,
		// placements, dice or rules of other shapes, listing some rules'
		// moves as compact moves and writing them out cost more than the
		// closures' loop (English checkers' playouts ran 10% more
		// instructions).
		for _, r := range g.moveRules {
			r.sets = false
		}
	}
	g.preferTab = g.buildPreferTable()
	if g.wordMoves = g.wordGame(); g.wordMoves {
		g.fastApply = g.fastApplies()
		g.pureEnds = g.endsPure()
		g.setWordGame()
	}
	if g.readsStreak && g.streak == nil && rf.Streak == nil {
		d.errorf(rf.root, "no-streak", "add `streak: {when: kind == king}` (what the moves in a row must meet)",
			"an expression reads `streak`, but the rule file has no `streak:` to count")
	}
	if g.readsPly {
		g.Board.CountPly()
	}
	if !d.diags.HasErrors() && g.opts.Players == 0 {
		g.checkSeats(d, data)
	}
	g.featureCache.inputs = g.decodeInputs(d, rf)
	if d.diags.HasErrors() {
		return nil, d.diags
	}
	g.checkNetwork(d, rf)
	return g, d.diags
}

func (g *Game) buildBoard(d *decoder, rf *ruleFile) bool {
	bs := rf.Board
	if bs.Width == 0 || bs.Height == 0 {
		return false
	}
	cut := map[[2]int]bool{}
	for _, name := range bs.Without {
		f, r, ok := board.ScanSquare(name)
		if !ok || f >= bs.Width || r >= bs.Height {
			d.errorf(bs.withoutNode, "board", "", "board: without: %q is not a square of the %d×%d grid", name, bs.Width, bs.Height)
			return false
		}
		cut[[2]int{f, r}] = true
	}
	playing := func(f, r int) bool {
		if cut[[2]int{f, r}] {
			return false
		}
		switch bs.Squares {
		case "light":
			return (f+r)%2 == 1
		case "all":
			return true
		}
		return (f+r)%2 == 0 // dark: a1 is a playing square, as in checkers
	}
	var geo *board.Geometry
	var err error
	if bs.Hex != nil {
		geo, err = board.NewHex(bs.Hex)
		if err == nil && bs.Lines != nil {
			err = geo.AddLines(bs.Lines)
		}
	} else if bs.Points != nil {
		geo, err = board.NewGraph(bs.Width, bs.Height, bs.Points, bs.Lines, bs.Joins)
	} else {
		geo, err = board.NewGrid(bs.Width, bs.Height, playing)
		if err == nil && bs.Lines != nil {
			err = geo.AddLines(bs.Lines)
		}
	}
	if err != nil {
		at := bs.node
		if bs.pointsNode != nil && strings.HasPrefix(err.Error(), "point") {
			at = bs.pointsNode
		} else if bs.linesNode != nil && strings.HasPrefix(err.Error(), "line") {
			at = bs.linesNode
		} else if bs.joinsNode != nil && strings.HasPrefix(err.Error(), "join") {
			at = bs.joinsNode
		}
		d.errorf(at, "board", "", "board: %v", err)
		return false
	}
	if len(rf.Players) < 2 || len(rf.Players) > board.MaxPlayers {
		d.errorf(rf.root, "players", "", "a game needs 2 to %d players; this one has %d", board.MaxPlayers, len(rf.Players))
		return false
	}
	seated, ok := g.chooseSeats(d, rf)
	if !ok {
		return false
	}
	var letters []byte
	for i, p := range rf.Players {
		if len(p.Code) != 1 || p.Code[0] < 'a' || p.Code[0] > 'z' {
			n := p.codeNode
			if n == nil {
				n = p.node
			}
			d.errorf(n, "bad-value", "", "player %q: code must be one lower-case letter, not %q", p.Name, p.Code)
			ok = false
			continue
		}
		for _, q := range rf.Players[:i] {
			if q.Code == p.Code {
				d.errorf(p.codeNode, "bad-value", "", "player %q has the same code %q as player %q", p.Name, p.Code, q.Name)
				ok = false
			}
		}
		if _, clash := names[p.Name]; clash {
			d.errorf(p.node, "bad-value", "", "player name %q is also a name in expressions; choose another", p.Name)
			ok = false
		}
		if !isPlayerName(p.Name) {
			d.errorf(p.node, "bad-value", "write it as one word, e.g. "+strings.Join(strings.Fields(p.Name), "_"),
				"player name %q must be one word of letters, digits and _ starting with a letter: it is written in expressions (checkers(%s)), in --side %s=human and in game records", p.Name, p.Name, p.Name)
			ok = false
		}
		for _, q := range rf.Players[:i] {
			if q.Name != p.Name && strings.EqualFold(q.Name, p.Name) {
				d.errorf(p.node, "bad-value", "", "player names %q and %q differ only in capitals: a game record could not tell them apart", q.Name, p.Name)
				ok = false
			}
		}
		g.declared = append(g.declared, p.Name)
		if !seated[i] {
			continue
		}
		letters = append(letters, p.Code[0])
		g.Players = append(g.Players, Player{Name: p.Name, Code: p.Code[0], Home: p.Home})
	}
	if !ok {
		return false
	}
	b, ok := g.buildPieces(d, rf, geo, letters)
	if !ok {
		return false
	}
	g.Board = b
	var counts []board.CountField
	if len(rf.Hands) > 0 || len(rf.Place) > 0 {
		g.hands = true
		if !handsByKind(rf) {
			counts = append(counts, board.HandField)
		}
	}
	if (len(rf.Captures) > 0 || len(rf.Triggers) > 0) && len(rf.BearOff) > 0 {
		// The cells cannot tell pieces borne off from pieces captured.
		counts = append(counts, board.OffField, board.CapturedField)
	}
	if st := rf.Stack; st.Max > 0 {
		g.stackMax = st.Max
		g.overflowMine, g.overflowTheirs = st.Mine == "captured", st.Theirs == "captured"
		if (st.Mine == "hand" || st.Theirs == "hand") && !g.hands {
			g.hands = true
			counts = append(counts, board.HandField)
		}
		if (g.overflowMine || g.overflowTheirs) && !slices.ContainsFunc(counts, func(f board.CountField) bool { return f.Name == board.CapturedField.Name }) {
			// Pieces leave the board to the captured count and to hands,
			// so the cells cannot tell them.
			counts = append(counts, board.CapturedField)
		}
	}
	if rankedEnd(rf) {
		counts = append(counts, board.PlaceField) // who has finished, and in which place
	}
	if counts != nil {
		b.UseCounts(counts...)
	}
	if rf.Streak != nil {
		b.CountStreak(rf.StreakSame)
	}
	for pi, p := range g.Players {
		g.rows[pi] = make([]int8, geo.NumSquares())
		g.farthest[pi] = geo.Height
		if p.Home == "left" || p.Home == "right" {
			g.farthest[pi] = geo.Width
		}
		for sq := 0; sq < geo.NumSquares(); sq++ {
			f, r := geo.Coord(board.Square(sq))
			switch p.Home {
			case "top":
				g.rows[pi][sq] = int8(geo.Height - r)
			case "left":
				g.rows[pi][sq] = int8(f + 1)
			case "right":
				g.rows[pi][sq] = int8(geo.Width - f)
			default:
				g.rows[pi][sq] = int8(r + 1)
			}
		}
	}
	return true
}

func (g *Game) buildSetup(d *decoder, rf *ruleFile) {
	b := g.Board
	var p board.Position
	if rf.SetupPosition != nil {
		n := rf.SetupPosition
		// Read as if columns may outgrow the word: whether this game's
		// may is known only once its rules are (checkStackRoom).
		tall := *b
		tall.AllowTall()
		var err error
		p, err = tall.ParsePosition(g.withoutAbsent(rf, n.Value))
		if err != nil {
			d.errorf(n, "setup", "", "setup position: %v", err)
			return
		}
	} else {
		where := make(map[board.Square]*yaml.Node)
		clash := newSetupClashes()
		defer clash.report(d, b)
		put := func(player int, sq board.Square, n *yaml.Node) {
			if prev := where[sq]; prev != nil {
				clash.add(n, prev, sq)
				return
			}
			where[sq] = n
			p.Cells[sq] = b.Single(player)
		}
		names := make([]string, len(g.Players))
		for i, pl := range g.Players {
			names[i] = pl.Name
		}
		for _, s := range rf.Setup {
			pi := g.playerIndex(s.Player)
			if pi < 0 && g.absent(s.Player) {
				continue
			}
			if pi < 0 {
				d.errorf(s.node, "unknown-player", suggest(s.Player, names), "setup names %q, which is not a player", s.Player)
				continue
			}
			if s.hasRows {
				if s.RowLo < 1 || s.RowHi > b.Height || s.RowLo > s.RowHi {
					d.errorf(s.rowsNode, "out-of-range", "", "setup for %s: rows %d-%d are not within 1-%d", s.Player, s.RowLo, s.RowHi, b.Height)
					continue
				}
				for r := s.RowLo - 1; r < s.RowHi; r++ {
					for f := 0; f < b.Width; f++ {
						if sq, ok := b.At(f, r); ok {
							put(pi, sq, s.rowsNode)
						}
					}
				}
			}
			for _, n := range s.Squares {
				sq, err := b.ParseSquare(n.Value)
				if err != nil {
					d.errorf(n, "bad-square", "", "setup for %s: %v", s.Player, err)
					continue
				}
				put(pi, sq, n)
			}
		}
	}
	for _, h := range rf.Hands {
		pi := g.playerIndex(h.Player)
		if pi < 0 && g.absent(h.Player) {
			continue
		}
		if pi < 0 && g.kindIndex(h.Player) >= g.pieceSet.kinds {
			continue // a neutral piece's hand: buildPools
		}
		if pi < 0 {
			d.errorf(h.node, "unknown-player", "", "setup: hand names %q, which is not a player or a neutral piece", h.Player)
			continue
		}
		p.Hand[pi] = int16(h.Count)
	}
	g.buildPools(d, rf, &p)
	p.ToMove = 0
	p.Recount(b)
	g.start = p
	g.initial = p.OnBoard
	for i := range g.Players {
		g.initial[i] += p.Hand[i]
	}
	g.totalPieces = 0
	for i := range g.Players {
		g.totalPieces += int(g.initial[i])
	}
	// Neutral pieces, on the board and in hand, stack too.
	for sq := 0; sq < b.NumSquares(); sq++ {
		g.totalPieces += p.Cells[sq].Height()
	}
	for i := range g.Players {
		g.totalPieces -= int(p.OnBoard[i])
	}
	for i, code := range b.Pools() {
		if b.Owner(code) < 0 {
			g.totalPieces += int(p.Pools[i])
		}
	}
}

// handsByKind reports whether the game keeps pieces in hand by kind (a
// hand given by kind, or a neutral piece's): its position strings then
// write the hand by piece letter (board.Pools).
func handsByKind(rf *ruleFile) bool {
	for _, h := range rf.Hands {
		if h.Kinds != nil {
			return true
		}
		for _, n := range rf.Neutral {
			if n.Name == h.Player {
				return true
			}
		}
	}
	return false
}

// checkStackRoom makes sure every stack the rules can build fits: in a Stack
// word, or, when the game has more pieces than a word holds, with the
// bottom pieces of its one tall column in the Position's Deep store (see
// board/column.go). Only rules that can put pieces on pieces matter: a move
// whose condition requires an empty destination never stacks, nor does a
// capture that removes what it jumps.
func (g *Game) checkStackRoom(d *decoder, rf *ruleFile) {
	b := g.Board
	if !g.needsTall() {
		if g.start.Deep.Below != 0 {
			sq := g.start.Deep.Sq
			d.errorf(rf.SetupPosition, "too-many-pieces", "",
				"setup position: the stack on %s has %d pieces, more than the %d a stack of this game holds (its rules cannot build taller ones)",
				b.SquareName(sq), g.start.Cells[sq].Height(), b.Window())
		}
		return
	}
	if g.dice != nil {
		// The dice moves (internal/dice) work on words: no Deep store there.
		d.errorf(rf.root, "too-many-pieces", "use fewer pieces",
			"this game has %d pieces, and its rules can stack them, but a game with dice holds at most %d in a stack (one word: %d players × %d kinds of piece need %d bits a piece)",
			g.totalPieces, b.Window(), len(g.Players), b.Codes()/len(g.Players), b.Bits())
		return
	}
	if g.totalPieces <= b.TallLimit() {
		// Columns can outgrow the word: positions keep the bottom of the
		// one tall column apart, and Apply takes the path that does.
		b.AllowTall()
		g.tall = true
		return
	}
	at := rf.root
	if rf.SetupPosition != nil {
		at = rf.SetupPosition
	} else if len(rf.Setup) > 0 {
		at = rf.Setup[0].node
	}
	d.errorf(at, "too-many-pieces", "require `to_height == 0` in move rules that must not stack, or use fewer pieces",
		"this game has %d pieces, and its rules can stack them, but a stack can hold at most %d: %d in one word (%d players × %d kinds of piece need %d bits a piece) and %d more below them, for one column at a time",
		g.totalPieces, b.TallLimit(), b.Window(), len(g.Players), b.Codes()/len(g.Players), b.Bits(), b.TallLimit()-b.Window())
}

// needsTall reports whether this game's rules can build a stack taller than
// a Stack word holds.
func (g *Game) needsTall() bool {
	if g.totalPieces <= g.Board.Window() {
		return false
	}
	if g.stackMax > 0 && 2*g.stackMax <= g.Board.Window() && len(g.captureRules) == 0 {
		// No stack is taller than the cap before a move, and a move adds
		// at most as many as a stack holds before it is cut back.
		return false
	}
	stacks := g.capture.takeTop && len(g.captureRules) > 0
	for _, r := range g.moveRules {
		empty := false
		if r.cond != nil {
			for _, t := range r.cond.terms {
				for _, part := range conjuncts(t.node) {
					if s := part.String(); s == "to_height == 0" || s == "to_top == none" {
						empty = true
					}
				}
			}
		}
		stacks = stacks || !empty
	}
	return stacks
}

// Directions are named from the moving player's side: n is straight ahead
// (toward the opponent's home), s straight back, w and e to the player's left
// and right; the groups name several at once.
var compass = map[string]board.Direction{
	"n": {DF: 0, DR: 1}, "ne": {DF: 1, DR: 1}, "e": {DF: 1, DR: 0}, "se": {DF: 1, DR: -1},
	"s": {DF: 0, DR: -1}, "sw": {DF: -1, DR: -1}, "w": {DF: -1, DR: 0}, "nw": {DF: -1, DR: 1},
}

var directionGroups = map[string][]string{
	"forward":    {"nw", "n", "ne"},
	"backward":   {"sw", "s", "se"},
	"sideways":   {"w", "e"},
	"diagonal":   {"nw", "ne", "sw", "se"},
	"orthogonal": {"n", "e", "s", "w"},
	"any":        {"n", "ne", "e", "se", "s", "sw", "w", "nw"},
	// Along a line to the next point: on a board of points and lines, that
	// is every direction, each following a line; on a grid it is "any".
	"along_line": {"n", "ne", "e", "se", "s", "sw", "w", "nw"},
}

// hexCompass names the six steps of a hex board (board.HexDirections)
// from the player's side: east and west along a row, the two cells ahead
// (north-east, north-west) and the two behind.
var hexCompass = map[string]board.Direction{
	"e": {DF: 1, DR: 0}, "ne": {DF: 1, DR: 1}, "nw": {DF: 0, DR: 1},
	"w": {DF: -1, DR: 0}, "sw": {DF: -1, DR: -1}, "se": {DF: 0, DR: -1},
}

var hexGroups = map[string][]string{
	"forward":    {"nw", "ne"},
	"backward":   {"sw", "se"},
	"sideways":   {"w", "e"},
	"any":        {"e", "ne", "nw", "w", "sw", "se"},
	"along_line": {"e", "ne", "nw", "w", "sw", "se"},
}

// compassOf is the board's direction names and groups.
func (g *Game) compassOf() (map[string]board.Direction, map[string][]string) {
	if g.Board.IsHex() {
		return hexCompass, hexGroups
	}
	return compass, directionGroups
}

// What resets the count of quiet plies (draw: progress), as bits of
// Game.progress.
const (
	progressCapture uint8 = 1 << iota
	progressPromotion
	progressBearOff
	progressKind // a move by a piece of kind k: progressKind << k
)

// buildProgress reads draw: progress: the moves that reset the quiet count.
// Without it, a capture, a promotion or a bear-off does.
func (g *Game) buildProgress(d *decoder, rf *ruleFile) {
	g.resets = progressCapture | progressPromotion | progressBearOff
	if rf.Draw.progress == nil {
		return
	}
	g.resets = 0
	choices := append([]string{"capture", "promotion", "bear_off"}, g.Kinds...)
	for _, n := range rf.Draw.Progress {
		v := d.str(n, "draw: progress")
		switch v {
		case "capture":
			g.resets |= progressCapture
		case "promotion":
			g.resets |= progressPromotion
		case "bear_off":
			g.resets |= progressBearOff
		default:
			k := slices.Index(g.Kinds, v)
			if k < 0 {
				d.errorf(n, "bad-value", suggest(v, choices), "draw: progress %q is not capture, promotion, bear_off or a kind from `kinds`", v)
				continue
			}
			g.resets |= progressKind << k
		}
	}
}

// isPlayerName reports whether name can name a player: one word of letters
// (any script), digits and _, starting with a letter, as expressions and
// the records' tags read names.
func isPlayerName(name string) bool {
	for i, r := range name {
		if !(unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || r == '_')) {
			return false
		}
	}
	return name != ""
}
