package interpreter

import (
	"math"
	"sort"

	"github.com/stackrules/stackrules/board"
)

// The names an expression may use are all listed here, with the scope they
// belong to and the level they depend on. This table is the one place they are
// defined and documented (see Names and docs/expressions.md).

// level is the innermost thing a name's value depends on, and so where a
// term using it is evaluated: position terms once per move generation, source
// terms once per square, lift terms once per section size, target terms once
// per destination. A term's level is the innermost level of ALL the names it
// uses. Independently of its level, a term whose names are all static (they
// depend only on the player and the squares: me, row, to_row...) is folded at
// load time into tables; row and to_row are static but known only at the
// source and target levels, so a term mixing them with other names is
// evaluated there.
type level uint8

const (
	lvConst    level = iota // a literal or a player name
	lvStatic                // depends only on the player and the squares (geometry)
	lvPosition              // depends on the whole position, not on one move
	lvSource                // depends on the square moved from
	lvLift                  // depends on how many pieces are lifted
	lvTarget                // depends on the destination square
)

// scope says in which kind of expression a name is available.
type scope uint16

const (
	inMove     scope = 1 << iota // moves: when
	inBearOff                    // bear_off: when
	inEnd                        // end: win/loss/draw
	inEval                       // evaluate
	inPrefer                     // playout: prefer
	inCapture                    // captures: when
	inPromote                    // promote: when
	inPlace                      // place: when
	inTrigger                    // triggers: when
	inRemove                     // triggers: which
	inDice                       // dice_moves: when, hit
	inAvoid                      // search: avoid
	inRegion                     // regions:, after_move: remove (a condition on one square)
	inDrop                       // moves: drop (each square of a spread)
	lastScope  = inDrop
	everywhere = inMove | inBearOff | inEnd | inEval | inPrefer | inCapture | inPromote | inPlace | inTrigger | inRemove | inDice | inAvoid | inRegion | inDrop
	onSquare   = inMove | inBearOff | inPrefer | inCapture | inDice | inAvoid | inRegion | inDrop
	// inHint is the AI's hints about a candidate move: `playout: prefer`
	// and `search: avoid` see the same names (and avoid the search's own).
	inHint = inPrefer | inAvoid
)

func (s scope) String() string {
	switch s {
	case inMove:
		return "move conditions"
	case inBearOff:
		return "bear-off conditions"
	case inEnd:
		return "end conditions"
	case inEval:
		return "evaluate"
	case inPrefer:
		return "playout: prefer"
	case inCapture:
		return "capture conditions"
	case inPromote:
		return "promote: when"
	case inPlace:
		return "placement conditions"
	case inTrigger:
		return "triggers: when"
	case inRemove:
		return "triggers: which"
	case inDice:
		return "dice move conditions"
	case inAvoid:
		return "search: avoid"
	case inRegion:
		return "regions"
	case inDrop:
		return "drop conditions"
	}
	return "expressions"
}

type nameDef struct {
	doc    string
	level  level
	static bool // depends only on the player and the squares, so foldable into tables
	scopes scope
	value  func(c *Ctx) int           // a number
	call   func(c *Ctx, p int) int    // a function of a player (or of one number)
	flag   func(c *Ctx) bool          // a truth value
	test   func(c *Ctx, a int) bool   // a truth value of one number
	call2  func(c *Ctx, a, b int) int // a number of two numbers
}

// none is the value of an owner where there is no piece.
const none = -1

// allOpponents is the value of `opponents`, which a count (checkers(p)...)
// sums over every player but me; the checker allows the name nowhere else.
// No literal can be it (its negation is out of range), so no player number
// written in a rule file is mistaken for it.
const allOpponents = math.MinInt64

// countOpponents adds up a count over every player in play but c.me.
func countOpponents(c *Ctx, call func(c *Ctx, p int) int) int {
	n := 0
	for q := range c.g.Players {
		if q != c.me {
			n += call(c, q)
		}
	}
	return n
}

// callPlayer is a count of player p, or of every opponent.
func callPlayer(c *Ctx, call func(c *Ctx, p int) int, p int) int {
	if p == allOpponents {
		return countOpponents(c, call)
	}
	return call(c, p)
}

func ownerOrNone(b *board.Board, code int) int {
	if code < 0 {
		return none
	}
	return b.Owner(code)
}

func validPlayer(c *Ctx, p int) bool { return p >= 0 && p < c.g.Board.Players }

func validSquare(c *Ctx, sq int) bool { return sq >= 0 && sq < c.g.Board.NumSquares() }

// squareValue is a square as expressions see it: its index, -1 for none.
func squareValue(sq board.Square) int {
	if sq == board.NoSquare {
		return -1
	}
	return int(sq)
}

// names is the name table: the interpreter's own names and, registered
// from the dice engine, the names of dice games (withDiceNames).
var names = withDiceNames(map[string]nameDef{
	"me": {doc: "the player to move; in `end`, the player who just moved; in `evaluate`, the player being scored",
		level: lvStatic, static: true, scopes: everywhere, value: func(c *Ctx) int { return c.me }},
	"opponent": {doc: "the player after `me` in turn order",
		level: lvStatic, static: true, scopes: everywhere, value: func(c *Ctx) int { return c.opp }},
	"next": {doc: "the player after `me` in turn order (with two players, `opponent`)",
		level: lvStatic, static: true, scopes: everywhere, value: func(c *Ctx) int { return c.g.next(c.me) }},
	"previous": {doc: "the player before `me` in turn order (with two players, `opponent`)",
		level: lvStatic, static: true, scopes: everywhere, value: func(c *Ctx) int { return c.g.prev(c.me) }},
	"opponents": {doc: "every player but `me`, only as what a count adds up: `checkers(opponents)` is the pieces of all the others",
		level: lvStatic, static: true, scopes: everywhere, value: func(*Ctx) int { return allOpponents }},
	"players": {doc: "the number of players taking part",
		level: lvConst, static: true, scopes: everywhere, value: func(c *Ctx) int { return len(c.g.Players) }},
	"none": {doc: "the owner of a piece that is not there: `to_top == none` on an empty square",
		level: lvConst, static: true, scopes: everywhere, value: func(*Ctx) int { return none }},
	"height": {doc: "the number of pieces on the square moved from",
		level: lvSource, scopes: onSquare, value: func(c *Ctx) int { return c.src.Height() }},
	"top": {doc: "the owner of the top piece on the square moved from",
		level: lvSource, scopes: onSquare, value: func(c *Ctx) int { return c.g.Board.TopOwner(c.src) }},
	"piece": {doc: "piece(i): the owner of the i-th piece from the top of the square moved from (1 = top), `none` past the bottom",
		level: lvSource, scopes: onSquare, call: func(c *Ctx, i int) int {
			code := c.g.Board.Piece(c.src, i)
			if code < 0 && c.g.tall {
				code = c.deepPiece(i)
			}
			return ownerOrNone(c.g.Board, code)
		}},
	"lifted": {doc: "how many pieces the move lifts from the top (1 for a bear-off, the whole stack for a capture)",
		level: lvLift, scopes: onSquare &^ inRegion, value: func(c *Ctx) int { return c.lifted }},
	"bottom": {doc: "the owner of the lowest lifted piece: piece(lifted)",
		level: lvLift, scopes: onSquare &^ inRegion, value: func(c *Ctx) int {
			code := c.g.Board.Piece(c.src, c.lifted)
			if code < 0 && c.g.tall {
				code = c.deepPiece(c.lifted)
			}
			return ownerOrNone(c.g.Board, code)
		}},
	"row": {doc: "the row of the square moved from, counted from `me`'s home row (1)",
		level: lvSource, static: true, scopes: onSquare, value: func(c *Ctx) int { return c.g.row(c.me, c.from) }},
	"to_row": {doc: "the row of the destination, counted from `me`'s home row (1)",
		level: lvTarget, static: true, scopes: inMove | inHint | inPromote | inPlace, value: func(c *Ctx) int { return c.g.row(c.me, c.to) }},
	"kind": {doc: "the kind of the top piece on the square moved from: 0 for the plain piece, 1 for the promoted one (or their names from `kinds`)",
		level: lvSource, scopes: onSquare, value: func(c *Ctx) int { return c.g.Board.TopKind(c.src) }},
	"crowned": {doc: "crowned(p): the number of p's promoted pieces (kings) on the board; computed when asked",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.crowned(c.pos, p)
		}},
	"farthest": {doc: "the number of `me`'s farthest row: the row of the edge across from `me`'s home",
		level: lvStatic, static: true, scopes: everywhere, value: func(c *Ctx) int { return c.g.farthest[c.me] }},
	"to_height": {doc: "the number of pieces on the destination before the move (0 when empty)",
		level: lvTarget, scopes: inMove | inHint | inPlace | inDice | inDrop, value: func(c *Ctx) int { return c.dst.Height() }},
	"to_top": {doc: "the owner of the top piece on the destination before the move, `none` when empty",
		level: lvTarget, scopes: inMove | inHint | inPlace | inDice | inDrop, value: func(c *Ctx) int { return c.g.Board.TopOwner(c.dst) }},
	"off": {doc: "in `playout: prefer` and `search: avoid`: whether the move is a bear-off",
		level: lvTarget, scopes: inHint, flag: func(c *Ctx) bool { return c.off }},
	"quiet": {doc: "in `search: avoid`: the plies played in a row without progress (a bear-off, capture or promotion) before the move, as `draw: quiet_plies` counts them",
		level: lvPosition, scopes: inAvoid, value: func(c *Ctx) int { return c.quiet }},
	"showing": {doc: "showing(p): the number of stacks with p's piece on top",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return int(c.pos.Showing[p])
		}},
	"checkers": {doc: "checkers(p): the number of p's pieces on the board",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return int(c.pos.OnBoard[p])
		}},
	"mobility": {doc: "mobility(p): the number of moves p would have if it were p's turn (a pass counts none); for `evaluate`: how free p is, e.g. a lone king being cornered",
		level: lvPosition, scopes: inEval | inAvoid | inEnd, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.mobility(c.pos, p)
		}},
	"distance": {doc: "distance(p): the sum, over the squares with p's piece on top, of the king steps (the larger of the file and rank differences) to the nearest square topped by another player's piece; 0 when there is none; for `evaluate`: how close p has come, e.g. to a lone king",
		level: lvPosition, scopes: inEval | inAvoid, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.distance(c.pos, p)
		}},
	"buried": {doc: "buried(p): the number of p's pieces with another player's piece somewhere above them in their stack; for `evaluate`: pieces held down (in Stackers they cannot move until the other player moves off them)",
		level: lvPosition, scopes: inEval | inAvoid, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.buried(c.pos, p)
		}},
	"progress": {doc: "progress(p): the sum of the rows of p's pieces on the board, each counted from p's home row (1); computed when asked, meant for `evaluate`",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.progress(c.pos, p)
		}},
	"captured": {doc: "captured(p): the number of p's pieces captured: taken off the board by captures or removals",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return int(c.pos.Captured[p])
		}},
	"in_hand": {doc: "in_hand(p): the number of pieces p still has in hand, to place",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return int(c.pos.Hand[p])
		}},
	"lines": {doc: "lines(p): the number of the board's lines whose every point holds p's piece on top",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.linesOf(c.pos, p)
		}},
	"lined": {doc: "lined(p): the number of p's pieces on a line whose every point holds p's piece on top",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return c.g.lined(c.pos, p)
		}},
	"lines_made": {doc: "the number of lines the move completed: lines through its destination whose every point now holds the mover's piece",
		level: lvTarget, scopes: inTrigger, value: func(c *Ctx) int { return c.made }},
	"in_line": {doc: "whether the piece that may be removed is on a line whose every point holds its owner's piece",
		level: lvTarget, scopes: inRemove, flag: func(c *Ctx) bool { return c.g.inLine(c.pos, c.at) }},
	"ply": {doc: "the number of plies played since the start (0 before the first move); a game that reads it keeps it in its positions (ply:N)",
		level: lvPosition, scopes: everywhere, value: func(c *Ctx) int {
			if c.pos == nil {
				return 0 // a static term folded at load time
			}
			return int(c.pos.Ply)
		}},
	"turn": {doc: "the round of the game the ply is in: 1 while each player makes a first move, then 2, ...: 1 + ply / players",
		level: lvPosition, scopes: everywhere, value: func(c *Ctx) int {
			if c.pos == nil {
				return 1
			}
			return int(c.pos.Ply)/len(c.g.Players) + 1
		}},
	"from": {doc: "the square moved from, to ask about with height_at, within, neighbors...",
		level: lvSource, static: true, scopes: onSquare &^ inRegion, value: func(c *Ctx) int { return squareValue(c.from) }},
	"to": {doc: "the destination square (in a spread, the square dropped on)",
		level: lvTarget, static: true, scopes: inMove | inHint | inPlace | inDice | inDrop, value: func(c *Ctx) int { return squareValue(c.to) }},
	"square": {doc: "in a region's condition: the square asked about",
		level: lvSource, static: true, scopes: inRegion, value: func(c *Ctx) int { return squareValue(c.from) }},
	"player": {doc: "in a region's condition: the player the region is asked for (road(opponent)); a region without it is the same for all",
		level: lvSource, scopes: inRegion, value: func(c *Ctx) int { return c.player }},
	"to_kind": {doc: "the kind of the top piece on the destination before the move, `none` when empty",
		level: lvTarget, scopes: inMove | inHint | inPlace | inDice | inDrop, value: func(c *Ctx) int { return c.g.Board.TopKind(c.dst) }},
	"streak": {doc: "the moves in a row that `me` has made meeting `streak: when` (capturing nothing); with `same_piece`, those of the piece on the square moved from, 0 for another piece",
		level: lvSource, scopes: inMove | inBearOff | inCapture | inPlace | inEnd | inEval | inHint, value: func(c *Ctx) int { return c.g.streakOf(c) }},
	"jumped_kind": {doc: "in a capture rule's `when`: the kind of the top piece of the stack being jumped (`jumped_kind == man`: men only)",
		level: lvTarget, scopes: inCapture, value: func(c *Ctx) int { return c.g.Board.TopKind(c.dst) }},
	"jumped_top": {doc: "in a capture rule's `when`: the owner of the top piece of the stack being jumped",
		level: lvTarget, scopes: inCapture, value: func(c *Ctx) int { return c.g.Board.TopOwner(c.dst) }},
	"jumped_height": {doc: "in a capture rule's `when`: the number of pieces in the stack being jumped",
		level: lvTarget, scopes: inCapture, value: func(c *Ctx) int { return c.dst.Height() }},
	"dropped": {doc: "in a spread's `drop`: the pieces dropped on this square",
		level: lvTarget, scopes: inDrop, value: func(c *Ctx) int { return c.dropped }},
	"carried": {doc: "in a spread's `drop`: the pieces still carried on after this square (0 on the last)",
		level: lvTarget, scopes: inDrop, value: func(c *Ctx) int { return c.carried }},
	"height_at": {doc: "height_at(sq): the number of pieces on square sq (a square's name, from, to, track(p, k)...)",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, sq int) int {
			if !validSquare(c, sq) {
				return 0
			}
			return c.pos.Cells[sq].Height()
		}},
	"top_at": {doc: "top_at(sq): the owner of the top piece on square sq, `none` when empty",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, sq int) int {
			if !validSquare(c, sq) {
				return none
			}
			return c.g.Board.TopOwner(c.pos.Cells[sq])
		}},
	"kind_at": {doc: "kind_at(sq): the kind of the top piece on square sq, `none` when empty",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, sq int) int {
			if !validSquare(c, sq) {
				return none
			}
			return c.g.Board.TopKind(c.pos.Cells[sq])
		}},
	"bottom_at": {doc: "bottom_at(sq): the owner of the bottom piece on square sq, `none` when empty",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, sq int) int {
			if !validSquare(c, sq) || c.pos.Cells[sq] == 0 {
				return none
			}
			b := c.g.Board
			return ownerOrNone(b, b.PieceAt(c.pos, board.Square(sq), c.pos.Cells[sq].Height()))
		}},
	"includes": {doc: "includes(k): whether the stack on the square moved from holds a piece of kind k anywhere",
		level: lvSource, scopes: onSquare, test: func(c *Ctx, k int) bool { return c.g.includes(c, k) }},
	"reserve": {doc: "reserve(k): the pieces of kind k `me` has in hand (of a neutral kind: still to be placed by anyone)",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, k int) int { return c.g.reserve(c.pos, c.me, k) }},
	"can_move": {doc: "can_move(p): whether p would have a move other than a pass if it were p's turn (in `end`: the game ends when neither can)",
		level: lvPosition, scopes: inEnd | inEval | inAvoid, test: func(c *Ctx, p int) bool {
			if !validPlayer(c, p) {
				return false
			}
			return c.g.hasMove(c, p)
		}},
	"track": {doc: "track(p, k): the square at step k of p's track (0: its first square, the bar), -1 off it; for height_at, top_at... in a dice game",
		level: lvPosition, static: true, scopes: everywhere, call2: func(c *Ctx, p, k int) int {
			if !validPlayer(c, p) {
				return -1
			}
			if tr := c.g.Track(p); k >= 0 && k < len(tr) { // none without dice
				return int(tr[k])
			}
			return -1
		}},
	"borne_off": {doc: "borne_off(p): the number of p's pieces borne off, counted as they leave the board; in a position written as text (--position, tests), the pieces p started with that are not on the board (in a game that also captures, the string's off: count); always 0 in a game without bear-off rules",
		level: lvPosition, scopes: everywhere, call: func(c *Ctx, p int) int {
			if !validPlayer(c, p) {
				return 0
			}
			return int(c.pos.Off[p])
		}},
})

// NameDoc is the documentation of one expression name.
type NameDoc struct {
	Name, Doc, Where string
	Static           bool
}

// Names lists every name expressions may use, for help and docs.
func Names() []NameDoc {
	var out []NameDoc
	for n, d := range names {
		where := "everywhere"
		if d.scopes != everywhere {
			where = ""
			for s := scope(1); s <= lastScope; s <<= 1 {
				if d.scopes&s != 0 {
					if where != "" {
						where += ", "
					}
					where += s.String()
				}
			}
		}
		out = append(out, NameDoc{Name: n, Doc: d.doc, Where: where, Static: d.static})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
