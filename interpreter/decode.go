package interpreter

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"go.yaml.in/yaml/v3"
)

// The rule file as written, before it is checked and compiled. Every value
// keeps its YAML node, so later passes can point at it.

type ruleFile struct {
	Name, Description, Source string
	Authors                   []string
	Board                     boardSpec
	Players                   []playerSpec
	Seats                     []seatSpec // who plays when fewer play than are declared
	Setup                     []setupSpec
	SetupPosition             *yaml.Node
	Moves                     []moveSpec
	BearOff                   []bearOffSpec
	End                       []endSpec
	NoMoves                   string
	NoMovesNode               *yaml.Node
	Draw                      drawSpec
	Evaluate                  *exprText
	EvalScale                 int
	Playout                   playoutSpec
	SearchKeepLost            bool      // search: keep_lost
	SearchAvoid               *exprText // search: avoid
	Network                   string    // network: a value network's file (network.go), or network: file:
	NetworkUse                NetworkUse
	networkKey                *yaml.Node
	networkMinimax            *yaml.Node // network: minimax:, for its warning
	networkPrior              *yaml.Node // network: prior:, for its warning
	NetworkInputs             []string   // network: inputs: extra input groups (features.go)
	networkInputs             *yaml.Node
	Tests                     *yaml.Node // the tests: section, run by `stackrules test` and lint
	Kinds                     []kindSpec
	Neutral                   []neutralSpec // pieces that belong to nobody (pieces.go)
	Regions                   []regionSpec  // named sets of squares (regions.go)
	AfterMove                 *afterMoveSpec
	Notation                  *notationSpec // the game's own notation (notation.go)
	Promote                   promoteSpec
	Captures                  []captureSpec
	Capture                   captureSettings
	Place                     []placeSpec
	Triggers                  []triggerSpec
	Hands                     []handSpec
	Stack                     stackSpec
	Words                     wordsSpec  // the rules in words, for people
	Dice                      *diceSpec  // dice.go
	Cube                      *CubeRules // cube.go
	cubeNode, cubeValue       *yaml.Node
	Tracks                    []trackSpec
	TrackStart                string
	TrackBounce               bool   // tracks: past_end: bounce
	TrackNumbers              string // tracks: numbers: to_go (default) or from_start
	tracksNode                *yaml.Node
	DiceMoves                 []diceMoveSpec
	root                      *yaml.Node
	// streak: a player's moves in a row that capture nothing and meet
	// Streak (of one piece each with StreakSame), counted in positions.
	Streak     *exprText
	StreakSame bool
	StreakKeep *exprText
}

// stackSpec caps the height of stacks: after a step or a placement, a stack
// taller than Max loses pieces from its bottom; the mover's go where Mine
// says, the other players' where Theirs says (hand or captured).
type stackSpec struct {
	node         *yaml.Node
	Max          int // 0: no cap
	Mine, Theirs string
}

// placeSpec is a placement rule: a piece from the mover's hand onto a point.
type placeSpec struct {
	Name     string
	node     *yaml.Node
	When     *exprText
	Kind     string // the kind placed ("": the plain kind)
	kindNode *yaml.Node
	Owner    *exprText // whose piece: static, for each player (nil: me)
	From     string    // the kind whose pieces in hand it takes ("": Kind's)
	fromNode *yaml.Node
	Again    *exprText // after it, the same player moves again when this holds
}

// triggerSpec says what happens after a move that completes lines of the
// mover's pieces.
type triggerSpec struct {
	node   *yaml.Node
	When   *exprText // default: lines_made > 0
	Remove int       // opposing pieces the mover removes
	Which  *exprText // which pieces may be removed (default: any)
}

// handSpec is the number of pieces a player (or a neutral piece) starts
// with in hand: Count of the plain kind, or Kinds by kind.
type handSpec struct {
	Player string
	node   *yaml.Node
	Count  int
	Kinds  []kindCount // setup: hand: {white: {flat: 21, capstone: 1}}
}

// kindCount is how many pieces of a kind a player starts with in hand.
type kindCount struct {
	Kind  string
	node  *yaml.Node
	Count int
}

type boardSpec struct {
	Width, Height int
	Hex           []int // a hex board's rows, bottom to top; nil for a grid or points
	hexNode       *yaml.Node
	Squares       string     // dark | light | all
	Numbering     *yaml.Node // the player whose view numbers the squares (numeric notation), if any
	node          *yaml.Node
	squaresNode   *yaml.Node
	Points        []string   // a graph board's points; nil for a grid
	Lines         [][]string // lines of points
	Joins         [][]string // segments that only join points
	Without       []string   // squares cut from a grid (Focus's corners)
	withoutNode   *yaml.Node
	pointsNode    *yaml.Node
	linesNode     *yaml.Node
	joinsNode     *yaml.Node
}

type playerSpec struct {
	Name, Code, Home string
	node, codeNode   *yaml.Node
	homeNode         *yaml.Node
}

// seatSpec is one entry of seats: the players who take part when Count
// players play a game that declares more.
type seatSpec struct {
	Count   int // len(Players)
	node    *yaml.Node
	Players []*yaml.Node
}

type setupSpec struct {
	Player   string
	node     *yaml.Node // the key
	value    *yaml.Node
	RowLo    int
	RowHi    int
	Squares  []*yaml.Node
	hasRows  bool
	rowsNode *yaml.Node
}

type moveSpec struct {
	Name           string
	node           *yaml.Node
	Directions     []*yaml.Node
	LiftMin        int
	LiftMax        int // 0: up to the whole stack
	LiftAll        bool
	Flying         bool // distance: any — slides along a line of empty squares
	Leaping        bool // distance: lifted — exactly as many squares as pieces lifted, over anything
	Spread         bool // drops: spread — dropped along the line, at least one on each square
	dropsNode      *yaml.Node
	Drop           *exprText // drops: the condition on each square dropped on
	Again          *exprText // after it, the same player moves again when this holds
	distanceNode   *yaml.Node
	liftNode       *yaml.Node
	When           *exprText
	directionsNode *yaml.Node
}

type promoteSpec struct {
	node       *yaml.Node
	When       *exprText
	MidCapture string // stop, continue or skip
}

type captureSpec struct {
	Name       string
	node       *yaml.Node
	Directions []*yaml.Node
	Flying     bool
	When       *exprText
}

type captureSettings struct {
	Mandatory  bool
	Maximum    bool
	Removal    string // immediate or end
	Take       string // stack or top
	Landing    string // any or continue: where a flying capture may land
	NoTurnBack bool   // turn_back: false — no 180° turn between two jumps
	// Precedence: the criteria that choose among captures, in order (see
	// capture_precedence.go); checked when the game's kinds are known.
	Precedence     []*yaml.Node
	precedenceNode *yaml.Node
	landingNode    *yaml.Node
	node           *yaml.Node
}

type bearOffSpec struct {
	Name string
	node *yaml.Node
	When *exprText
}

type endSpec struct {
	Result string // win | loss | draw | place (for the player who just moved)
	Reason string // the condition in plain words, "" when not given
	node   *yaml.Node
	When   *exprText
	Points *exprText // what the win is worth (1 when not given)
}

type drawSpec struct {
	Repetition int
	QuietPlies int
	Agreement  string // draw: agreement: "true", "false", or "" when not given
	Quiet      []quietSpec
	Progress   []*yaml.Node // what resets the quiet count; nil: the default
	progress   *yaml.Node
}

// quietSpec is a shorter quiet-plies limit that applies while a condition holds.
type quietSpec struct {
	Plies  int
	When   *exprText
	Reason string
}

type playoutSpec struct {
	Prefer *exprText // condition on a candidate move that playouts favour
	Plies  int       // playout length before evaluate scores the position
}

// exprText is an expression as written, with the place of each character.
type exprText struct {
	Text    string
	node    *yaml.Node
	pos     []srcPos
	reasons *termReasons // a condition's `&&` terms in words, nil when not given
}

func (d *decoder) decodeFile(root *yaml.Node) *ruleFile {
	rf := &ruleFile{root: root}
	doc := root
	if doc.Kind == yaml.DocumentNode {
		if len(doc.Content) == 0 {
			d.diagAt(srcPos{Line: 1, Col: 1}, Error, "empty-file", "", "the rule file is empty")
			return rf
		}
		doc = doc.Content[0]
	}
	d.mapping(doc, "the rule file", []field{
		{"name", true, func(_, v *yaml.Node) { rf.Name = d.str(v, "name") }},
		{"description", false, func(_, v *yaml.Node) { rf.Description = d.str(v, "description") }},
		{"source", false, func(_, v *yaml.Node) { rf.Source = d.str(v, "source") }},
		{"sources", false, func(_, v *yaml.Node) { d.decodeSources(v, rf) }},
		{"rules", false, func(_, v *yaml.Node) { rf.Words.Summary = strings.TrimSpace(d.str(v, "rules")) }},
		{"pdn_game_type", false, func(_, v *yaml.Node) { d.decodePDNGameType(v, rf) }},
		{"authors", false, func(_, v *yaml.Node) { rf.Authors = d.strings(v, "authors") }},
		{"board", true, func(_, v *yaml.Node) { d.decodeBoard(v, &rf.Board) }},
		{"players", true, func(_, v *yaml.Node) { d.decodePlayers(v, rf) }},
		{"seats", false, func(_, v *yaml.Node) { d.decodeSeats(v, rf) }},
		{"setup", true, func(_, v *yaml.Node) { d.decodeSetup(v, rf) }},
		{"moves", false, func(_, v *yaml.Node) { d.decodeMoves(v, rf) }},
		{"bear_off", false, func(_, v *yaml.Node) { d.decodeBearOff(v, rf) }},
		{"end", false, func(_, v *yaml.Node) { d.decodeEnd(v, rf) }},
		{"streak", false, func(_, v *yaml.Node) {
			d.mapping(v, "streak", []field{
				{"when", true, func(_, v *yaml.Node) { rf.Streak = d.expression(v, "streak: when") }},
				{"same_piece", false, func(_, v *yaml.Node) { rf.StreakSame = d.boolean(v, "streak: same_piece") }},
				{"keep", false, func(_, v *yaml.Node) { rf.StreakKeep = d.expression(v, "streak: keep") }},
			})
		}},
		{"no_moves", false, func(_, v *yaml.Node) {
			rf.NoMoves = d.oneOf(v, "no_moves", "lose", "pass", "draw")
			rf.NoMovesNode = v
		}},
		{"draw", false, func(_, v *yaml.Node) {
			d.mapping(v, "draw", []field{
				{"repetition", false, func(_, v *yaml.Node) { rf.Draw.Repetition = d.integer(v, "draw: repetition", 2, 1000) }},
				{"quiet_plies", false, func(_, v *yaml.Node) { rf.Draw.QuietPlies = d.integer(v, "draw: quiet_plies", 1, 1000000) }},
				{"progress", false, func(_, v *yaml.Node) {
					rf.Draw.progress = v
					switch v.Kind {
					case yaml.ScalarNode:
						rf.Draw.Progress = []*yaml.Node{v}
					case yaml.SequenceNode:
						rf.Draw.Progress = v.Content
					default:
						d.errorf(v, "wrong-type", "for example `progress: [capture, man]`", "draw: progress must be a list of capture, promotion, bear_off and kind names")
					}
				}},
				{"quiet", false, func(_, v *yaml.Node) {
					if v.Kind != yaml.SequenceNode {
						d.errorf(v, "wrong-type", "write `- {plies: 32, when: EXPR}`", "draw: quiet must be a list of {plies, when}")
						return
					}
					for _, e := range v.Content {
						var q quietSpec
						d.mapping(e, "draw: quiet", []field{
							{"plies", true, func(_, v *yaml.Node) { q.Plies = d.integer(v, "draw: quiet: plies", 1, 1000000) }},
							{"when", true, func(_, v *yaml.Node) { q.When = d.expression(v, "draw: quiet: when") }},
							{"reason", false, func(_, v *yaml.Node) { q.Reason = d.str(v, "draw: quiet: reason") }},
						})
						rf.Draw.Quiet = append(rf.Draw.Quiet, q)
					}
				}},
				{"reasons", false, func(_, v *yaml.Node) { d.decodeDrawReasons(v, rf) }},
				{"agreement", false, func(_, v *yaml.Node) {
					rf.Draw.Agreement = fmt.Sprint(d.boolean(v, "draw: agreement"))
				}},
			})
		}},
		{"evaluate", false, func(_, v *yaml.Node) {
			if v.Kind == yaml.MappingNode {
				d.mapping(v, "evaluate", []field{
					{"score", true, func(_, v *yaml.Node) { rf.Evaluate = d.expression(v, "evaluate: score") }},
					{"scale", false, func(_, v *yaml.Node) { rf.EvalScale = d.integer(v, "evaluate: scale", 1, 1000000) }},
				})
				return
			}
			rf.Evaluate = d.expression(v, "evaluate")
		}},
		{"tests", false, func(_, v *yaml.Node) { rf.Tests = v }},
		{"kinds", false, func(_, v *yaml.Node) { d.decodeKinds(v, rf) }},
		{"neutral", false, func(_, v *yaml.Node) { d.decodeNeutral(v, rf) }},
		{"regions", false, func(_, v *yaml.Node) { d.decodeRegions(v, rf) }},
		{"after_move", false, func(_, v *yaml.Node) { d.decodeAfterMove(v, rf) }},
		{"notation", false, func(_, v *yaml.Node) { d.decodeNotation(v, rf) }},
		{"promote", false, func(_, v *yaml.Node) {
			rf.Promote.node = v
			rf.Promote.MidCapture = "stop"
			d.mapping(v, "promote", []field{
				{"when", true, func(_, v *yaml.Node) { rf.Promote.When = d.expression(v, "promote: when") }},
				{"mid_capture", false, func(_, v *yaml.Node) {
					rf.Promote.MidCapture = d.oneOf(v, "promote: mid_capture", "stop", "continue", "skip")
				}},
			})
		}},
		{"captures", false, func(_, v *yaml.Node) { d.decodeCaptures(v, rf) }},
		{"dice", false, func(_, v *yaml.Node) { d.decodeDice(v, rf) }},
		{"cube", false, func(k, v *yaml.Node) { rf.cubeNode, rf.cubeValue = k, v; d.decodeCube(v, rf) }},
		{"tracks", false, func(_, v *yaml.Node) { rf.tracksNode = v; d.decodeTracks(v, rf) }},
		{"dice_moves", false, func(_, v *yaml.Node) { d.decodeDiceMoves(v, rf) }},
		{"place", false, func(_, v *yaml.Node) { d.decodePlace(v, rf) }},
		{"triggers", false, func(_, v *yaml.Node) { d.decodeTriggers(v, rf) }},
		{"stack", false, func(_, v *yaml.Node) {
			st := &rf.Stack
			st.node, st.Mine, st.Theirs = v, "hand", "captured"
			d.mapping(v, "stack", []field{
				{"max", true, func(_, v *yaml.Node) { st.Max = d.integer(v, "stack: max", 1, 255) }},
				{"overflow", false, func(_, v *yaml.Node) {
					d.mapping(v, "stack: overflow", []field{
						{"mine", false, func(_, v *yaml.Node) { st.Mine = d.oneOf(v, "stack: overflow: mine", "hand", "captured") }},
						{"theirs", false, func(_, v *yaml.Node) { st.Theirs = d.oneOf(v, "stack: overflow: theirs", "hand", "captured") }},
					})
				}},
			})
		}},
		{"capture", false, func(_, v *yaml.Node) {
			rf.Capture.node = v
			d.mapping(v, "capture", []field{
				{"mandatory", false, func(_, v *yaml.Node) { rf.Capture.Mandatory = d.boolean(v, "capture: mandatory") }},
				{"maximum", false, func(_, v *yaml.Node) { rf.Capture.Maximum = d.boolean(v, "capture: maximum") }},
				{"removal", false, func(_, v *yaml.Node) { rf.Capture.Removal = d.oneOf(v, "capture: removal", "immediate", "end") }},
				{"take", false, func(_, v *yaml.Node) { rf.Capture.Take = d.oneOf(v, "capture: take", "stack", "top") }},
				{"landing", false, func(_, v *yaml.Node) {
					rf.Capture.Landing = d.oneOf(v, "capture: landing", "any", "continue", "behind")
					rf.Capture.landingNode = v
				}},
				{"turn_back", false, func(_, v *yaml.Node) { rf.Capture.NoTurnBack = !d.boolean(v, "capture: turn_back") }},
				{"precedence", false, func(_, v *yaml.Node) {
					rf.Capture.precedenceNode = v
					if v.Kind != yaml.SequenceNode {
						d.errorf(v, "bad-value", "write a list: precedence: [most_pieces, {by: king}]", "capture: precedence must be a list of criteria")
						return
					}
					rf.Capture.Precedence = v.Content
				}},
			})
		}},
		{"playout", false, func(_, v *yaml.Node) {
			d.mapping(v, "playout", []field{
				{"prefer", false, func(_, v *yaml.Node) { rf.Playout.Prefer = d.expression(v, "playout: prefer") }},
				{"plies", false, func(_, v *yaml.Node) { rf.Playout.Plies = d.integer(v, "playout: plies", 1, ai.MaxPlayoutCap) }},
			})
		}},
		{"network", false, func(k, v *yaml.Node) {
			rf.networkKey = k
			if v.Kind != yaml.MappingNode {
				rf.Network = d.str(v, "network")
				return
			}
			d.mapping(v, "network", []field{
				{"file", true, func(_, v *yaml.Node) { rf.Network = d.str(v, "network: file") }},
				{"playout", false, func(_, v *yaml.Node) { rf.NetworkUse.Playout = d.integer(v, "network: playout", 0, ai.MaxPlayoutCap) }},
				{"minimax", false, func(_, v *yaml.Node) {
					rf.NetworkUse.Minimax = d.fraction(v, "network: minimax")
					rf.networkMinimax = v
				}},
				{"mix", false, func(_, v *yaml.Node) {
					rf.NetworkUse.Mix, rf.NetworkUse.HasMix = d.fraction(v, "network: mix"), true
				}},
				{"prior", false, func(_, v *yaml.Node) {
					rf.NetworkUse.Prior = d.integer(v, "network: prior", 0, ai.MaxNetPrior)
					rf.networkPrior = v
				}},
				{"inputs", false, func(_, v *yaml.Node) {
					rf.NetworkInputs, rf.networkInputs = d.words(v, "network: inputs"), v
				}},
			})
		}},
		{"search", false, func(_, v *yaml.Node) {
			d.mapping(v, "search", []field{
				{"keep_lost", false, func(_, v *yaml.Node) { rf.SearchKeepLost = d.boolean(v, "search: keep_lost") }},
				{"avoid", false, func(_, v *yaml.Node) { rf.SearchAvoid = d.expression(v, "search: avoid") }},
			})
		}},
	})
	return rf
}

func (d *decoder) decodeBoard(n *yaml.Node, b *boardSpec) {
	b.node = n
	b.Squares = "dark"
	d.mapping(n, "board", []field{
		{"width", false, func(_, v *yaml.Node) { b.Width = d.integer(v, "board: width", 1, 26) }},
		{"height", false, func(_, v *yaml.Node) { b.Height = d.integer(v, "board: height", 1, 99) }},
		{"hex", false, func(_, v *yaml.Node) {
			b.hexNode = v
			if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
				d.errorf(v, "wrong-type", "for example `hex: [9, 10, 11, 10, 9]`", "board: hex must list the number of cells in each row, bottom to top")
				return
			}
			for _, r := range v.Content {
				b.Hex = append(b.Hex, d.integer(r, "board: hex: a row", 1, 26))
			}
		}},
		{"squares", false, func(_, v *yaml.Node) {
			b.Squares = d.oneOf(v, "board: squares", "dark", "light", "all")
			b.squaresNode = v
		}},
		{"points", false, func(_, v *yaml.Node) {
			b.pointsNode = v
			b.Points = d.words(v, "board: points")
		}},
		{"lines", false, func(_, v *yaml.Node) {
			b.linesNode = v
			if v.Kind != yaml.SequenceNode {
				d.errorf(v, "wrong-type", "write `- a1 d1 g1` for each line", "board: lines must be a list of lines, not %s", kindName(v))
				return
			}
			for _, l := range v.Content {
				b.Lines = append(b.Lines, d.words(l, "board: a line"))
			}
		}},
		{"without", false, func(_, v *yaml.Node) {
			b.withoutNode = v
			b.Without = d.words(v, "board: without")
		}},
		{"joins", false, func(_, v *yaml.Node) {
			b.joinsNode = v
			if v.Kind != yaml.SequenceNode {
				d.errorf(v, "wrong-type", "write `- c1 c2` for each join", "board: joins must be a list, not %s", kindName(v))
				return
			}
			for _, l := range v.Content {
				b.Joins = append(b.Joins, d.words(l, "board: a join"))
			}
		}},
		{"numbering", false, func(_, v *yaml.Node) { b.Numbering = v }},
	})
	if b.Points == nil && b.joinsNode != nil {
		d.errorf(b.joinsNode, "bad-value", "declare the board's points", "board: joins join points; a grid's squares are joined already")
	}
	if b.Points != nil && b.withoutNode != nil {
		d.errorf(b.withoutNode, "bad-value", "leave the square out of `points`", "board: without cuts squares from a grid; a board of points has only the points it lists")
	}
	if b.Points != nil && b.squaresNode != nil {
		d.errorf(b.squaresNode, "bad-value", "leave out `squares` on a board of points", "board: squares and points do not go together: the points are the playing squares")
	}
	if b.hexNode != nil {
		// A hex board's rows give its size and its cells.
		for _, other := range []*yaml.Node{b.squaresNode, b.pointsNode, b.withoutNode} {
			if other != nil {
				d.errorf(other, "bad-value", "leave it out: the rows of `hex` are the cells", "board: hex gives the cells; this key does not go with it")
			}
		}
		widest := 0
		for _, r := range b.Hex {
			widest = max(widest, r)
		}
		if b.Width == 0 {
			b.Width = widest
		}
		if b.Height == 0 {
			b.Height = len(b.Hex)
		}
		return
	}
	for _, k := range []struct {
		name string
		n    int
	}{{"width", b.Width}, {"height", b.Height}} {
		if k.n == 0 && !hasKey(n, k.name) {
			d.errorf(n, "missing-key", "", "board needs the key %q", k.name)
		}
	}
}

func (d *decoder) decodePlayers(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "player", func(k, v *yaml.Node) {
		p := playerSpec{Name: k.Value, node: k}
		d.mapping(v, fmt.Sprintf("player %q", k.Value), []field{
			{"code", true, func(_, v *yaml.Node) { p.Code = d.str(v, "code"); p.codeNode = v }},
			{"home", true, func(_, v *yaml.Node) {
				p.Home = d.oneOf(v, "home", "bottom", "top", "left", "right")
				p.homeNode = v
			}},
		})
		rf.Players = append(rf.Players, p)
	})
}

// decodeSeats reads `seats: [[red, yellow], [red, green, yellow]]`: for each
// number of players smaller than all, who plays.
func (d *decoder) decodeSeats(n *yaml.Node, rf *ruleFile) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "wrong-type", "for example `seats: [[red, yellow], [red, green, yellow]]`", "seats must be a list of lists of players")
		return
	}
	for _, v := range n.Content {
		s := seatSpec{node: v}
		switch v.Kind {
		case yaml.SequenceNode:
			s.Players = v.Content
		case yaml.ScalarNode:
			for _, w := range strings.Fields(v.Value) {
				s.Players = append(s.Players, &yaml.Node{Kind: yaml.ScalarNode, Value: w, Line: v.Line, Column: v.Column})
			}
		default:
			d.errorf(v, "wrong-type", "for example `[red, yellow]`", "seats: each entry must be a list of players")
			continue
		}
		s.Count = len(s.Players)
		rf.Seats = append(rf.Seats, s)
	}
}

var rowsRE = regexp.MustCompile(`^rows?\s+(\d+)(?:\s*-\s*(\d+))?$`)

func (d *decoder) decodeSetup(n *yaml.Node, rf *ruleFile) {
	if n.Kind == yaml.MappingNode && len(n.Content) == 2 && n.Content[0].Value == "position" {
		rf.SetupPosition = n.Content[1]
		return
	}
	d.namedMapping(n, "setup for player", func(k, v *yaml.Node) {
		if k.Value == "hand" {
			d.namedMapping(v, "setup: hand for player", func(k, v *yaml.Node) {
				h := handSpec{Player: k.Value, node: k}
				if v.Kind == yaml.MappingNode {
					// by kind: {flat: 21, capstone: 1}
					d.namedMapping(v, "setup: hand: "+k.Value+": kind", func(kk, kv *yaml.Node) {
						h.Kinds = append(h.Kinds, kindCount{Kind: kk.Value, node: kk, Count: d.integer(kv, "setup: hand: "+k.Value+": "+kk.Value, 0, 127)})
					})
				} else {
					h.Count = d.integer(v, "setup: hand: "+k.Value, 0, 9999)
				}
				rf.Hands = append(rf.Hands, h)
			})
			return
		}
		s := setupSpec{Player: k.Value, node: k, value: v}
		switch v.Kind {
		case yaml.ScalarNode:
			m := rowsRE.FindStringSubmatch(strings.TrimSpace(v.Value))
			if m == nil {
				d.errorf(v, "bad-value", `write "rows 1-3", "row 1", or a list of squares`, "setup for %s: %q is not a set of rows", k.Value, v.Value)
				return
			}
			s.hasRows, s.rowsNode = true, v
			s.RowLo, _ = strconv.Atoi(m[1])
			s.RowHi = s.RowLo
			if m[2] != "" {
				s.RowHi, _ = strconv.Atoi(m[2])
			}
		case yaml.SequenceNode:
			s.Squares = v.Content
		default:
			d.errorf(v, "wrong-type", "", "setup for %s must be rows or a list of squares, not %s", k.Value, kindName(v))
			return
		}
		rf.Setup = append(rf.Setup, s)
	})
}

var liftRE = regexp.MustCompile(`^(\d+)(?:\s*-\s*(\d+))?$`)

func (d *decoder) decodeMoves(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "move rule", func(k, v *yaml.Node) {
		m := moveSpec{Name: k.Value, node: k, LiftMin: 1, LiftMax: 1}
		what := fmt.Sprintf("move rule %q", k.Value)
		var reasons *termReasons
		d.mapping(v, what, []field{
			{"reasons", false, func(k, v *yaml.Node) { reasons = d.decodeTermReasons(k, v, what) }},
			{"directions", true, func(_, v *yaml.Node) {
				m.directionsNode = v
				switch v.Kind {
				case yaml.ScalarNode:
					m.Directions = []*yaml.Node{v}
				case yaml.SequenceNode:
					m.Directions = v.Content
				default:
					d.errorf(v, "wrong-type", "", "%s: directions must be a name or a list of names", what)
				}
			}},
			{"lift", false, func(_, v *yaml.Node) {
				m.liftNode = v
				t := strings.TrimSpace(d.str(v, what+": lift"))
				switch t {
				case "any":
					m.LiftMin, m.LiftMax = 1, 0
				case "all":
					m.LiftAll = true
					m.LiftMin, m.LiftMax = 1, 0
				default:
					mm := liftRE.FindStringSubmatch(t)
					if mm == nil {
						d.errorf(v, "bad-value", `write a number (1), a range (1-2), "any" (1 up to the whole stack) or "all" (the whole stack)`, "%s: lift %q is not a number of pieces", what, t)
						return
					}
					m.LiftMin, _ = strconv.Atoi(mm[1])
					m.LiftMax = m.LiftMin
					if mm[2] != "" {
						m.LiftMax, _ = strconv.Atoi(mm[2])
					}
					if m.LiftMin < 1 || m.LiftMax < m.LiftMin || m.LiftMax > 255 {
						d.errorf(v, "bad-value", "", "%s: lift %q is not a range from 1 up", what, t)
					}
				}
			}},
			{"when", false, func(_, v *yaml.Node) { m.When = d.expression(v, what+": when") }},
			{"distance", false, func(_, v *yaml.Node) {
				m.distanceNode = v
				if v.Kind == yaml.ScalarNode && v.Value == "lifted" {
					m.Leaping = true
					return
				}
				m.Flying = d.distance(v, what)
			}},
			{"drops", false, func(_, v *yaml.Node) {
				m.dropsNode = v
				m.Spread = d.oneOf(v, what+": drops", "spread", "all") == "spread"
			}},
			{"drop", false, func(_, v *yaml.Node) {
				if v.Kind != yaml.MappingNode {
					m.Drop = d.expression(v, what+": drop")
					return
				}
				// drop: {when: ..., reasons: [...]}: the condition in words too
				var dr *termReasons
				d.mapping(v, what+": drop", []field{
					{"when", true, func(_, w *yaml.Node) { m.Drop = d.expression(w, what+": drop: when") }},
					{"reasons", false, func(k, w *yaml.Node) { dr = d.decodeTermReasons(k, w, what+": drop") }},
				})
				d.attachReasons(v, m.Drop, dr, what+": drop")
			}},
			{"again", false, func(_, v *yaml.Node) { m.Again = d.expression(v, what+": again") }},
		})
		d.attachReasons(v, m.When, reasons, what)
		if m.Spread && (m.Flying || m.Leaping) {
			d.errorf(m.dropsNode, "bad-value", "leave out `distance`: a spread goes as far as its drops", "%s: `drops: spread` and `distance` do not go together", what)
		}
		if m.Spread && m.LiftAll {
			d.errorf(m.dropsNode, "bad-value", "write `lift: 1-5` (the carry limit) or `lift: any`", "%s: `drops: spread` splits the pieces lifted, but `lift: all` writes moves without the count", what)
		}
		if m.Drop != nil && !m.Spread {
			d.errorf(m.Drop.node, "bad-value", "add `drops: spread`, or write the condition in `when`", "%s: `drop:` is the condition on each square of a spread", what)
		}
		rf.Moves = append(rf.Moves, m)
	})
}

func (d *decoder) decodeCaptures(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "capture rule", func(k, v *yaml.Node) {
		c := captureSpec{Name: k.Value, node: k}
		what := fmt.Sprintf("capture rule %q", k.Value)
		d.mapping(v, what, []field{
			{"directions", true, func(_, v *yaml.Node) {
				switch v.Kind {
				case yaml.ScalarNode:
					c.Directions = []*yaml.Node{v}
				case yaml.SequenceNode:
					c.Directions = v.Content
				default:
					d.errorf(v, "wrong-type", "", "%s: directions must be a name or a list of names", what)
				}
			}},
			{"distance", false, func(_, v *yaml.Node) { c.Flying = d.distance(v, what) }},
			{"when", false, func(_, v *yaml.Node) { c.When = d.expression(v, what+": when") }},
		})
		rf.Captures = append(rf.Captures, c)
	})
}

func (d *decoder) decodePlace(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "placement rule", func(k, v *yaml.Node) {
		p := placeSpec{Name: k.Value, node: k}
		what := fmt.Sprintf("placement rule %q", k.Value)
		if isEmpty(v) {
			rf.Place = append(rf.Place, p)
			return
		}
		var reasons *termReasons
		d.mapping(v, what, []field{
			{"when", false, func(_, v *yaml.Node) { p.When = d.expression(v, what+": when") }},
			{"reasons", false, func(k, v *yaml.Node) { reasons = d.decodeTermReasons(k, v, what) }},
			{"kind", false, func(_, v *yaml.Node) { p.Kind, p.kindNode = d.str(v, what+": kind"), v }},
			{"owner", false, func(_, v *yaml.Node) { p.Owner = d.expression(v, what+": owner") }},
			{"from", false, func(_, v *yaml.Node) { p.From, p.fromNode = d.str(v, what+": from"), v }},
			{"again", false, func(_, v *yaml.Node) { p.Again = d.expression(v, what+": again") }},
		})
		d.attachReasons(v, p.When, reasons, what)
		rf.Place = append(rf.Place, p)
	})
}

func (d *decoder) decodeTriggers(n *yaml.Node, rf *ruleFile) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "wrong-type", "write `- {when: lines_made > 0, remove: 1}`", "triggers must be a list, not %s", kindName(n))
		return
	}
	for _, e := range n.Content {
		t := triggerSpec{node: e}
		d.mapping(e, "trigger", []field{
			{"when", false, func(_, v *yaml.Node) { t.When = d.expression(v, "trigger: when") }},
			{"remove", true, func(_, v *yaml.Node) { t.Remove = d.integer(v, "trigger: remove", 1, 16) }},
			{"which", false, func(_, v *yaml.Node) { t.Which = d.expression(v, "trigger: which") }},
		})
		rf.Triggers = append(rf.Triggers, t)
	}
}

func (d *decoder) decodeBearOff(n *yaml.Node, rf *ruleFile) {
	d.namedMapping(n, "bear-off rule", func(k, v *yaml.Node) {
		b := bearOffSpec{Name: k.Value, node: k}
		what := fmt.Sprintf("bear-off rule %q", k.Value)
		var reasons *termReasons
		d.mapping(v, what, []field{
			{"when", true, func(_, v *yaml.Node) { b.When = d.expression(v, what+": when") }},
			{"reasons", false, func(k, v *yaml.Node) { reasons = d.decodeTermReasons(k, v, what) }},
		})
		d.attachReasons(v, b.When, reasons, what)
		rf.BearOff = append(rf.BearOff, b)
	})
}

func (d *decoder) decodeEnd(n *yaml.Node, rf *ruleFile) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "wrong-type", "write a list: `- win: EXPR`", "end must be a list of `win:`, `loss:`, `draw:` or `place:` conditions, not %s", kindName(n))
		return
	}
	for _, e := range n.Content {
		d.decodeEndEntry(e, rf)
	}
}

// The cube (see cube.go).
