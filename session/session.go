// Package session is one game being played, as every front end sees it: the
// compiled game, its history with undo and redo, who sits in each seat (a
// human or an AI spec), resignation and draws by agreement, the AI's move,
// and the game record (resume.go: a game continued from its record).
// seatlimits.go bounds what an AI seat may ask of a server, wherever the
// seat comes from; mark.go goes back to a moment (a change that could not be
// saved). The web board (package web) and the terminal player (stackrules
// play) drive it; it knows nothing of terminals or HTTP.
package session

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// Seat is who plays one side.
type Seat struct {
	Human bool
	Spec  ai.Spec // for an AI seat
}

// ParseSeat reads "human" or an AI spec ("mcts:easy", "random", ...).
func ParseSeat(text string) (Seat, error) {
	t := strings.TrimSpace(text)
	if t == "human" {
		return Seat{Human: true}, nil
	}
	sp, err := ai.ParseSpec(t)
	if err != nil {
		return Seat{}, err
	}
	return Seat{Spec: sp}, nil
}

// String is how the seat is written in records and on screen.
func (s Seat) String() string {
	if s.Human {
		return "human"
	}
	return s.Spec.String()
}

// Session is a game in progress. It is not safe for concurrent use: a front
// end serialises calls (the web server holds a lock per game).
type Session struct {
	Game    *interpreter.Game
	Variant string // how the game was asked for: a built-in name or a path
	Seats   []Seat
	Date    string // yyyy.mm.dd, for the record

	hist       *interpreter.History
	redo       []board.Move // moves taken back, the next to redo last
	resigned   int          // the player who resigned, -1
	drawAgreed bool         // the players agreed to a draw
	failed     error        // the rule file's runtime error that stopped the game
	players    []aiPlayer   // the AI of each seat, kept from move to move (SeatPlayer)

	base      *records.Record // the record continued (Resume), whose other tags and comments are kept
	baseMoves []board.Move    // its moves, as replayed

	// ManualDice: the caller gives every roll (Roll), Settle rolls none.
	ManualDice bool
	dice       *rand.Rand // the dice Settle rolls (SetDiceSeed), made on first use

	cube     *records.CubeGame // the doubling cube (cube.go), nil when not played with one
	baseCube int               // the cube actions of the record resumed (-1: none was)
	// CubeRollouts is the playouts of each of the AI's cube decisions
	// (interpreter.CubeRollouts when 0).
	CubeRollouts int
}

type aiPlayer = ai.Player[interpreter.SearchPosition, board.Move]

// AgreedDraw is the outcome of a draw both players agreed to.
var AgreedDraw = interpreter.Outcome{Over: true, Winner: -1, Reason: "draw agreed", Why: "agreed by the players"}

// Failed is the rule file's runtime error that stopped the game, or nil.
func (s *Session) Failed() error { return s.failed }

// New starts a session at start with one seat per player.
func New(g *interpreter.Game, variant string, seats []Seat, start board.Position) (*Session, error) {
	if len(seats) != len(g.Players) {
		return nil, fmt.Errorf("%s has %d players, but %d seats were given", g.Name, len(g.Players), len(seats))
	}
	return &Session{Game: g, Variant: variant, Seats: seats, Date: time.Now().Format("2006.01.02"),
		hist: g.NewHistory(start), resigned: -1}, nil
}

// History is the game's history (read it, do not play into it directly).
func (s *Session) History() *interpreter.History { return s.hist }

// Position is the current position.
func (s *Session) Position() board.Position { return s.hist.Position() }

// Outcome is the result, a resignation included.
func (s *Session) Outcome() interpreter.Outcome {
	if s.resigned >= 0 {
		w := -1
		if len(s.Game.Players) == 2 {
			w = 1 - s.resigned
		}
		return interpreter.Outcome{Over: true, Winner: w, Reason: s.Game.Players[s.resigned].Name + " resigned"}
	}
	if s.drawAgreed {
		return AgreedDraw
	}
	if o, ok := s.dropOutcome(); ok {
		return o
	}
	if s.failed == nil {
		o, err := s.hist.OutcomeErr()
		if err == nil {
			return o
		}
		s.failed = err
	}
	return interpreter.Outcome{Over: true, Winner: -1, Reason: "the rule file failed: " + s.failed.Error()}
}

// ToMove is the player to move.
func (s *Session) ToMove() int {
	p := s.hist.Position()
	return int(p.ToMove)
}

// Legal lists the legal moves now; none once the game is over.
func (s *Session) Legal() []board.Move {
	if s.Outcome().Over {
		return nil
	}
	p := s.hist.Position()
	moves, err := s.Game.LegalMovesErr(&p, nil)
	if err != nil {
		s.failed = err
		return nil
	}
	return moves
}

// IllegalMove is the error for move text that is not a legal move here; its
// Explanation says why, rule by rule.
type IllegalMove struct {
	Explanation interpreter.Explanation
	// Numbers: the move was typed in square numbers (15-18), so the message
	// names squares by number too.
	Numbers bool
	board   *board.Board
}

func (e *IllegalMove) Error() string {
	if e.Numbers && e.board != nil {
		return NumericText(e.board, e.Explanation.Short())
	}
	return e.Explanation.Short()
}

// ErrOver is returned for a move once the game is over.
var ErrOver = errors.New("the game is over")

// Play plays move text for the player to move. A move that is not legal
// gives an *IllegalMove with the explanation.
func (s *Session) Play(text string) (board.Move, error) {
	if o := s.Outcome(); o.Over {
		return board.Move{}, fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	p := s.hist.Position()
	m, err := s.Game.ParseMove(&p, text)
	var ee *interpreter.EvalError
	if errors.As(err, &ee) {
		s.failed = ee
		return board.Move{}, ee
	}
	if err != nil {
		e := s.Game.Explain(&p, text)
		if e.Err != nil {
			s.failed = e.Err
			return board.Move{}, e.Err
		}
		return board.Move{}, &IllegalMove{Explanation: e, Numbers: TypedNumeric(s.Game.Board, text), board: s.Game.Board}
	}
	if err := s.hist.Play(m); err != nil {
		return board.Move{}, err
	}
	s.redo = s.redo[:0]
	return m, nil
}

// PlayMove plays a move the caller took from Legal (an AI's choice).
func (s *Session) PlayMove(m board.Move) error {
	if o := s.Outcome(); o.Over {
		return fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	if err := s.hist.Play(m); err != nil {
		return err
	}
	s.redo = s.redo[:0]
	return nil
}

// Undo takes back the moves up to and including the last one a person
// played, so that against an AI the person is to move again; it reports how
// many it took back. A resignation or an agreed draw is taken back first
// (none taken back). Nothing is taken back before a person has moved.
func (s *Session) Undo() int {
	if s.resigned >= 0 || s.drawAgreed {
		s.resigned, s.drawAgreed = -1, false
		return 0
	}
	last := s.lastHumanPly()
	if last < s.cubeFloor() {
		return 0 // a cube action is not taken back, nor the moves before it
	}
	n := 0
	for s.hist.Len() > last && last >= 0 {
		moves := s.hist.Moves()
		s.redo = append(s.redo, moves[len(moves)-1])
		s.hist.Undo()
		n++
	}
	return n
}

// lastHumanPly is the index of the last move a person played, -1 when none.
// A roll of the dice is nobody's choice: undo stops after it, so that a
// play taken back is played again with the same dice.
func (s *Session) lastHumanPly() int {
	moves := s.hist.Moves()
	for i := s.hist.Len() - 1; i >= 0; i-- {
		if s.Seats[s.hist.ToMoveAt(i)].Human && moves[i].Kind != board.Roll {
			return i
		}
	}
	return -1
}

// EndedByPlayers reports whether a player resigned or the players agreed to
// a draw.
func (s *Session) EndedByPlayers() bool { return s.resigned >= 0 || s.drawAgreed }

// CanUndo reports whether Undo would take something back.
func (s *Session) CanUndo() bool {
	return s.resigned >= 0 || s.drawAgreed || s.lastHumanPly() >= 0 && s.lastHumanPly() >= s.cubeFloor()
}

// Redo plays again what Undo took back, up to the next person's turn or the
// end of the game, and returns the moves played.
func (s *Session) Redo() []board.Move {
	var played []board.Move
	for len(s.redo) > 0 {
		m := s.redo[len(s.redo)-1]
		if err := s.hist.Play(m); err != nil {
			s.redo = nil
			break
		}
		s.redo = s.redo[:len(s.redo)-1]
		played = append(played, m)
		if s.Seats[s.ToMove()].Human && !s.AtChance() || s.Outcome().Over {
			break
		}
	}
	return played
}

// CanRedo reports whether there are moves Undo took back to play again.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// Resign ends the game with player's resignation.
func (s *Session) Resign(player int) error {
	if o := s.Outcome(); o.Over {
		return fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	if player < 0 || player >= len(s.Game.Players) {
		return fmt.Errorf("no player %d", player)
	}
	if err := s.CanResign(); err != nil {
		return err
	}
	s.resigned = player
	return nil
}

// ErrResignMany refuses a resignation in a game of more than two players:
// the rules say who wins when one player is left, not when one of three or
// four gives up, and a game is never ended with no winner by one seat.
var ErrResignMany = errors.New("resigning ends a game of two players")

// CanResign says whether a player may resign this game (nil) or why not.
func (s *Session) CanResign() error {
	if n := len(s.Game.Players); n > 2 {
		return fmt.Errorf("%w; this one has %d, so play on, or quit (the game is saved and can be resumed)", ErrResignMany, n)
	}
	return nil
}

// AgreeDraw ends the game drawn by agreement of its two players, in a game
// that has draws (CanAgreeDraw).
func (s *Session) AgreeDraw() error {
	if o := s.Outcome(); o.Over {
		return fmt.Errorf("%w (%s)", ErrOver, o.Reason)
	}
	if err := s.CanAgreeDraw(); err != nil {
		return err
	}
	s.drawAgreed = true
	return nil
}

// ErrNoDraws refuses a draw by agreement in a game that has no draws: one
// whose rules end every game with a winner (Liger), or whose rule file says
// `draw: agreement: false`.
var ErrNoDraws = errors.New("this game has no draws")

// CanAgreeDraw says whether the players may agree to a draw (nil) or why
// not: a game of two players whose rule file allows it
// (interpreter.Game.CanDraw).
func (s *Session) CanAgreeDraw() error {
	g := s.Game
	if len(g.Players) != 2 {
		return errors.New("a draw by agreement needs two players")
	}
	if g.CanDraw() {
		return nil
	}
	if g.Draw.Agreement == "false" {
		return fmt.Errorf("%w by agreement: %s's rule file says draw: agreement: false; play on, resign, or quit (the game is saved)", ErrNoDraws, g.Name)
	}
	return fmt.Errorf("%w: %s's rules end every game with a winner, so a draw cannot be agreed either; play on, resign, or quit (the game is saved)", ErrNoDraws, g.Name)
}

// AIToMove reports whether an AI seat is to move in a game still going.
func (s *Session) AIToMove() bool {
	return !s.Outcome().Over && !s.Seats[s.ToMove()].Human
}

// Thinker is an AI's search, prepared while the caller holds its lock and
// run without it: it owns a copy of the position, so the session may change
// meanwhile (the caller then drops the move).
type Thinker struct {
	game   *interpreter.Game
	player ai.Player[interpreter.SearchPosition, board.Move]
	pos    interpreter.SearchPosition
}

// Thinker prepares the search of the AI in the seat to move.
func (s *Session) Thinker(seed uint64) (*Thinker, error) {
	if !s.AIToMove() {
		return nil, errors.New("no AI is to move")
	}
	p := NewPlayer(s.Game, s.Seats[s.ToMove()].Spec, seed)
	GiveHistory(p, s.hist)
	return &Thinker{game: s.Game, player: p, pos: s.hist.SearchPosition()}, nil
}

// NewPlayer makes an AI player from a spec, with the rule file's settings
// for what the spec does not set (GameSpec).
//
// An MCTS player keeps small moves in its tree where the game allows: 4
// bytes in a compact game (CompactAI), 8 in most others (ShortAI); its
// moves, progress and results are handed out as board.Moves.
func NewPlayer(g *interpreter.Game, spec ai.Spec, seed uint64) ai.Player[interpreter.SearchPosition, board.Move] {
	spec = GameSpec(g, spec)
	if spec.Kind == ai.KindMCTS {
		if cg, ok := g.CompactAI(); ok {
			mg, _ := g.CompactAI()
			return ai.MapMoves(ai.NewPlayer(cg, spec, seed), mg, compactMove)
		}
		if sg, ok := g.ShortAI(); ok {
			mg, _ := g.ShortAI()
			return ai.MapMoves(ai.NewPlayer(sg, spec, seed), mg, ai.Decode[interpreter.SearchPosition, board.Move, interpreter.ShortMove](g.ShortDecoder()))
		}
	}
	return ai.NewPlayer(g.AI(), spec, seed)
}

func compactMove(_ *interpreter.SearchPosition, m interpreter.CompactMove) board.Move {
	return m.Move()
}

// Search runs one search of p with cfg (and net, when not nil), as an MCTS
// player of g would, and gives its result in board.Moves.
func Search(ctx context.Context, g *interpreter.Game, cfg ai.Config, net *ai.Net, p *interpreter.SearchPosition) (ai.Result[board.Move], error) {
	if cg, ok := g.CompactAI(); ok {
		mg, _ := g.CompactAI()
		return search(ctx, cg, mg, compactMove, cfg, net, p)
	}
	if sg, ok := g.ShortAI(); ok {
		mg, _ := g.ShortAI()
		return search(ctx, sg, mg, g.ShortDecoder(), cfg, net, p)
	}
	return search(ctx, g.AI(), g.AI(), func(_ *interpreter.SearchPosition, m board.Move) board.Move { return m }, cfg, net, p)
}

// search is Search on game, its moves decoded by f (mg playing the expected
// line).
func search[N comparable](ctx context.Context, game, mg ai.Game[interpreter.SearchPosition, N], f ai.Decode[interpreter.SearchPosition, board.Move, N],
	cfg ai.Config, net *ai.Net, p *interpreter.SearchPosition) (ai.Result[board.Move], error) {
	s := ai.NewMCTS(game, cfg)
	if net != nil {
		if err := s.SetValue(net); err != nil {
			return ai.Result[board.Move]{}, err
		}
	}
	root := *p
	return ai.MapResult(s.Search(ctx, p), &root, mg, f), nil
}

// GameSpec is spec with the rule file's playout length (`playout: plies`),
// `search: keep_lost` and for MCTS its value network (`network:`, with its
// playout:, minimax:, mix: and prior:) where spec does not set them; a spec
// that writes netprior=0 (or netplayout=0, netminimax=0) keeps its 0.
func GameSpec(g *interpreter.Game, spec ai.Spec) ai.Spec {
	if spec.PlayoutCap == 0 && g.PlayoutPlies() > 0 {
		spec.PlayoutCap = g.PlayoutPlies()
	}
	if spec.KeepLost == 0 && g.SearchKeepLost() {
		spec.KeepLost = 1
	}
	if spec.Kind == ai.KindMCTS && spec.Net == "" && spec.Network == nil {
		// the rule file's network, when it can be used (else lint warns)
		if net, err := g.Network(); err == nil && net != nil {
			spec.Network = net
			use := g.NetworkUse()
			if spec.NetPlayout == 0 && !spec.HasNetPlayout {
				spec.NetPlayout = use.Playout
			}
			if spec.NetMinimax == 0 && !spec.HasNetMinimax {
				spec.NetMinimax = use.Minimax
			}
			if !spec.HasNetMix && use.HasMix {
				spec.NetMix, spec.HasNetMix = use.Mix, true
			}
			if spec.NetPrior == 0 && !spec.HasNetPrior {
				spec.NetPrior = use.Prior
			}
		}
	}
	return spec
}

// GiveHistory tells a player that can use it (ai.HistoryUser) which
// positions the game h has been through, so its search sees repetition draws.
func GiveHistory(p ai.Player[interpreter.SearchPosition, board.Move], h *interpreter.History) {
	if hu, ok := p.(ai.HistoryUser); ok {
		hu.SetHistory(h.RepetitionKeys(nil))
	}
}

// SeatPlayer is the AI of seat i, made with seed on first use and kept, so
// that its search carries over from move to move (the terminal player; the
// web board searches with a Thinker, outside its lock). It is nil for a
// person's seat.
func (s *Session) SeatPlayer(i int, seed uint64) ai.Player[interpreter.SearchPosition, board.Move] {
	if s.Seats[i].Human {
		return nil
	}
	if s.players == nil {
		s.players = make([]aiPlayer, len(s.Seats))
	}
	if s.players[i] == nil {
		s.players[i] = NewPlayer(s.Game, s.Seats[i].Spec, seed)
	}
	return s.players[i]
}

// Choose searches; ctx ends it early ("move now"), with a move either way.
func (t *Thinker) Choose(ctx context.Context) (board.Move, ai.Info, error) {
	m, info := t.player.Choose(ctx, &t.pos)
	if info.Err != nil {
		return board.Move{}, info, info.Err
	}
	if info.Legal == 0 {
		return board.Move{}, info, errors.New("the AI found no legal move")
	}
	return m, info, nil
}

// FromRecord continues a recorded game: the record's moves are replayed and
// checked, its seats read from the player tags, and a resignation kept. A
// player with no tag is a person's seat; a tag that is no seat ("human" or
// an AI spec) is a *SeatTagError.
func FromRecord(r *records.Record, open func(variant string) (*interpreter.Game, error)) (*Session, error) {
	return FromRecordSeats(r, open, ReadSeatTag)
}

// SeatTagError is a record's player tag that names no seat.
type SeatTagError struct {
	Player string // the player's name in the rule file
	Tag    string // the tag as written
	Err    error  // why it is not a seat
}

func (e *SeatTagError) Error() string {
	return fmt.Sprintf("the record's seat for %s, %q, is not human or an AI spec: %v", e.Player, e.Tag, e.Err)
}

func (e *SeatTagError) Unwrap() error { return e.Err }

// ReadSeatTag is the seat of player in a record whose tag for it is tag:
// a person's when there is none, else ParseSeat's, or a *SeatTagError.
func ReadSeatTag(g *interpreter.Game, player int, tag string) (Seat, error) {
	if tag == "" {
		return Seat{Human: true}, nil
	}
	st, err := ParseSeat(tag)
	if err != nil {
		return Seat{}, &SeatTagError{Player: g.Players[player].Name, Tag: tag, Err: err}
	}
	return st, nil
}

// FromRecordSeats is FromRecord with the seats read by seat, given each
// player's tag ("" when the record has none): a front end checks them
// against its limits there, or repairs them (a saved game is never lost to
// its tags). An error from seat is returned as it is.
func FromRecordSeats(r *records.Record, open func(variant string) (*interpreter.Game, error), seat func(g *interpreter.Game, player int, tag string) (Seat, error)) (*Session, error) {
	variant := r.Tag("Variant")
	if variant == "" {
		return nil, errors.New("the record has no [Variant] tag naming its game")
	}
	g, err := open(variant)
	if err == nil {
		g, err = records.ForRecord(g, r)
	}
	if err != nil {
		return nil, err
	}
	seats := make([]Seat, len(g.Players))
	for i := range seats {
		if seats[i], err = seat(g, i, r.Tag(records.TagKey(g, i))); err != nil {
			return nil, err
		}
	}
	if err := records.CheckRules(g, r); err != nil {
		return nil, err
	}
	h, cube, err := records.ReplayCube(g, r)
	if err != nil {
		return nil, err
	}
	s := &Session{Game: g, Variant: variant, Seats: seats, Date: r.Tag("Date"), hist: h, resigned: -1}
	s.ContinueCube(cube) // a game played with the doubling cube goes on with it
	if term := r.Tag("Termination"); strings.HasSuffix(term, " resigned") && !h.Outcome().Over {
		name := strings.TrimSuffix(term, " resigned")
		for i, p := range g.Players {
			if p.Name == name {
				s.resigned = i
			}
		}
	}
	if s.Date == "" {
		s.Date = time.Now().Format("2006.01.02")
	}
	return s, nil
}
