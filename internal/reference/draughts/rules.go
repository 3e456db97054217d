// Package draughts is an independent move generator for the draughts family
// with capture precedence (Russian, Brazilian, International, Pool, Canadian,
// Czech, Italian, Spanish, Portuguese, Thai, Frisian, and on boards of all
// squares Turkish and Armenian), written from the rule texts alone — the
// pinned rules (draughts-family.md, pinned.md) and the published rules cited
// below — without reading the rule-file interpreter, so that differential
// tests can compare the two. It favours plain code over speed: positions are
// arrays of letters, captures are found by a recursive search that copies the
// board at every jump.
//
// The engine knows no game by name: every difference between the games is a
// field of Rules, and Variants is the table of the games' values. Positions
// read and print in stackrules' text form (Parse, String). A move carries its
// origin, destination, route and captured squares; Perft counts either every
// route or, with Distinct, each (origin, destination, captured set) once —
// the two rows Rein Halbersma's dctl publishes per game.
package draughts

import (
	"fmt"
	"sort"
	"strings"
)

// Criterion is one capture-precedence rule: among the capture sequences that
// are legal so far, only those that are best by the criterion stay legal.
// Criteria apply in the order Rules.Precedence lists them, after "capturing
// is compulsory".
type Criterion int

const (
	// MostPieces: take the most pieces (International draughts, FMJD rules
	// art. 4.13; Italian FID art. 6.6; Spanish and Portuguese "lei da
	// quantidade").
	MostPieces Criterion = iota
	// MostValue: take the most value, a king counting more than one man and
	// less than two: n kings outweigh 2n-1 men and are outweighed by 2n men
	// (Frisian draughts, reglement Frysk Damspul; Wikipedia "Frisian
	// draughts": "It is compulsory to make the highest shot value"). Value is
	// compared as men+2*kings, then, when equal, the capture with fewer kings
	// (more men) wins.
	MostValue
	// WithKing: capture with a king rather than with a man (Italian FID art.
	// 6.7; Frisian: "If the same value capture is possible using either a king
	// or a man, the king must be used"; Czech draughts, ČSDS rules: if a king
	// can capture, a king must capture). The capturing piece's rank at the
	// start of the move counts.
	WithKing
	// MostKings: take the most kings (Italian FID art. 6.8; Spanish and
	// Portuguese "lei da qualidade").
	MostKings
	// EarliestKing: of captures equal so far, the one that meets a king first
	// (Italian FID art. 6.9): the captured pieces' ranks in capture order are
	// compared, a king beating a man at the first place they differ.
	EarliestKing
)

var criterionNames = [...]string{"most-pieces", "most-value", "with-king", "most-kings", "earliest-king"}

func (c Criterion) String() string {
	if c >= 0 && int(c) < len(criterionNames) {
		return criterionNames[c]
	}
	return fmt.Sprintf("criterion(%d)", int(c))
}

// Dirs is a set of directions, forward being the owner's forward. Along
// ranks and files a step goes to the next playing square: two squares on a
// board of dark squares (Frisian captures), one where all squares play.
type Dirs uint8

const (
	DiagonalForward Dirs = 1 << iota
	DiagonalBackward
	Forward  // straight ahead along the file
	Sideways // along the rank, either way
	Backward // straight back along the file

	Diagonal   = DiagonalForward | DiagonalBackward
	Orthogonal = Forward | Sideways | Backward
	AllWays    = Diagonal | Orthogonal
)

// Rules are the options that tell the games apart. The zero value of every
// flag is the plainest rule (no flying kings, pieces removed at the end, ...).
type Rules struct {
	Size      int  // the board is Size×Size
	A1Playing bool // a1 is a playing (dark) square; otherwise b1 is the first one
	Rows      int  // ranks of men each side fills at the start
	// First is the letter of the player who moves first and sits on rank 1
	// ('w' or 'b'; the other player is the other letter). Kings are the
	// capital letters.
	First byte

	// StartRank is the first rank (from 0) of the first player's men; the
	// second player's are placed as its mirror image.
	StartRank int
	// AllSquares: every square is a playing square (Armenian, Turkish);
	// otherwise the dark squares only, A1Playing saying which colour.
	AllSquares bool

	// The directions men and kings step (non-capturing moves) and capture in.
	ManSteps, ManCaptures, KingSteps, KingCaptures Dirs
	FlyingKings                                    bool // kings move and capture at a distance along a free line
	// MenCannotCaptureKings: a man may not jump a king (Italian FID art. 5.3b).
	MenCannotCaptureKings bool
	// CrownMidCapture: a man reaching the far row during a capture is crowned
	// at once and goes on capturing as a king (Russian rules 1.5.15).
	// Otherwise it goes on as a man and is crowned only if it ends its move on
	// the far row (International FMJD 4.15, Pool APCA rule 16).
	CrownMidCapture bool
	// RemoveAtOnce: each jumped piece leaves the board as it is jumped, so its
	// square may be crossed again (Thai). Otherwise the "Turkish strike" rule
	// holds: jumped pieces stay until the capture ends, block the line, and
	// may not be jumped twice.
	RemoveAtOnce bool
	// NoTurnBack: a capture never reverses its direction between two jumps
	// (Turkish, Armenian).
	NoTurnBack bool
	// LandDirectlyBehind: a flying king must land on the square directly
	// behind the piece it jumps (Thai).
	LandDirectlyBehind bool
	// Precedence lists the criteria that choose among captures, in order.
	// Empty means any capture may be chosen.
	Precedence []Criterion
	// KingMoveLimit: when > 0, a player with both men and kings may not make
	// more than this many non-capturing moves in a row with the same king
	// (Frisian: 3).
	KingMoveLimit int
}

// Variants is the table of the games' rule values, by the name stackrules
// gives each game. Sources per game:
//   - russian: Russian draughts federation rules (Правила игры в шашки, 1.4.5
//     flying king, 1.5.3 men capture backward, 1.5.15 crowned mid-capture
//     continues as a king); no maximum rule.
//   - brazilian: International rules on the 8×8 board (Confederação
//     Brasileira de Damas).
//   - international: FMJD Official rules of international draughts (3.9,
//     4.1, 4.11, 4.13, 4.15).
//   - pool: American Pool Checkers Association rules (14 men capture
//     backward, 15 flying kings, 16 a man passing the king row mid-capture is
//     not crowned, 20 no maximum rule); dark pieces move first.
//   - canadian: International rules on 12×12 with 30 men each.
//   - czech: Česká federace dámy rules (men capture forward only, flying
//     kings, a king must capture if a king can).
//   - italian: Federazione Italiana Dama, Regolamento tecnico (4.7 short
//     kings, 5.3 men capture forward only and not kings, 6.6-6.9 precedence).
//   - spanish: Federación Española de Damas (flying kings, men forward only,
//     most pieces then most kings); a1 is not a playing square.
//   - portuguese: Federação Portuguesa de Damas; the same rules as Spanish.
//   - thai: Mak-hos (Thai draughts): flying kings that land directly behind
//     the captured piece, jumped pieces removed at once, no precedence, 8 men
//     each on the two nearest ranks.
//   - frisian: Frisian draughts, Dambûn Frysk Spul rules: captures in eight
//     directions, value precedence, king first, three king moves in a row.
//   - turkish: as pinned for stackrules (internal/reference/turkish, the rule
//     text of pinned.md): men step and capture forward and sideways, kings
//     fly along ranks and files, jumped pieces leave at once, no turning
//     back, most pieces; crowned only at the end of the move.
//   - armenian: Tama (Wikipedia "Armenian draughts"; checkers.fandom.com
//     "Tama"): Turkish draughts with men also stepping diagonally forward and
//     kings also moving (not capturing) diagonally; a man crowned by a
//     capture goes on capturing as a king.
var Variants = map[string]Rules{
	"russian":       {Size: 8, A1Playing: true, Rows: 3, First: 'w', ManSteps: DiagonalForward, ManCaptures: Diagonal, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, CrownMidCapture: true},
	"brazilian":     {Size: 8, A1Playing: true, Rows: 3, First: 'w', ManSteps: DiagonalForward, ManCaptures: Diagonal, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, Precedence: []Criterion{MostPieces}},
	"international": {Size: 10, A1Playing: true, Rows: 4, First: 'w', ManSteps: DiagonalForward, ManCaptures: Diagonal, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, Precedence: []Criterion{MostPieces}},
	"pool":          {Size: 8, A1Playing: true, Rows: 3, First: 'b', ManSteps: DiagonalForward, ManCaptures: Diagonal, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true},
	"canadian":      {Size: 12, A1Playing: true, Rows: 5, First: 'w', ManSteps: DiagonalForward, ManCaptures: Diagonal, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, Precedence: []Criterion{MostPieces}},
	"czech":         {Size: 8, A1Playing: true, Rows: 3, First: 'w', ManSteps: DiagonalForward, ManCaptures: DiagonalForward, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, Precedence: []Criterion{WithKing}},
	"italian":       {Size: 8, Rows: 3, First: 'w', ManSteps: DiagonalForward, ManCaptures: DiagonalForward, KingSteps: Diagonal, KingCaptures: Diagonal, MenCannotCaptureKings: true, Precedence: []Criterion{MostPieces, WithKing, MostKings, EarliestKing}},
	"spanish":       {Size: 8, Rows: 3, First: 'w', ManSteps: DiagonalForward, ManCaptures: DiagonalForward, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, Precedence: []Criterion{MostPieces, MostKings}},
	"portuguese":    {Size: 8, Rows: 3, First: 'w', ManSteps: DiagonalForward, ManCaptures: DiagonalForward, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, Precedence: []Criterion{MostPieces, MostKings}},
	"thai":          {Size: 8, A1Playing: true, Rows: 2, First: 'w', ManSteps: DiagonalForward, ManCaptures: DiagonalForward, KingSteps: Diagonal, KingCaptures: Diagonal, FlyingKings: true, RemoveAtOnce: true, LandDirectlyBehind: true},
	"frisian":       {Size: 10, A1Playing: true, Rows: 4, First: 'w', ManSteps: DiagonalForward, ManCaptures: AllWays, KingSteps: Diagonal, KingCaptures: AllWays, FlyingKings: true, Precedence: []Criterion{MostValue, WithKing}, KingMoveLimit: 3},
	"turkish":       {Size: 8, AllSquares: true, StartRank: 1, Rows: 2, First: 'w', ManSteps: Forward | Sideways, ManCaptures: Forward | Sideways, KingSteps: Orthogonal, KingCaptures: Orthogonal, FlyingKings: true, RemoveAtOnce: true, NoTurnBack: true, Precedence: []Criterion{MostPieces}},
	"armenian":      {Size: 8, AllSquares: true, StartRank: 1, Rows: 2, First: 'w', ManSteps: Forward | Sideways | DiagonalForward, ManCaptures: Forward | Sideways, KingSteps: AllWays, KingCaptures: Orthogonal, FlyingKings: true, RemoveAtOnce: true, NoTurnBack: true, CrownMidCapture: true, Precedence: []Criterion{MostPieces}},
}

// VariantNames lists the keys of Variants, sorted.
func VariantNames() []string {
	var names []string
	for n := range Variants {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the rules of a game by name, with a clear error for an
// unknown one.
func Lookup(name string) (Rules, error) {
	r, ok := Variants[name]
	if !ok {
		return Rules{}, fmt.Errorf("no draughts variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
	}
	return r, nil
}

// Second is the letter of the player who moves second.
func (r *Rules) Second() byte { return other(r.First) }

func other(c byte) byte {
	if c == 'w' {
		return 'b'
	}
	return 'w'
}

// Playing reports whether the square at file f, rank r (both from 0) is a
// playing square.
func (r *Rules) Playing(f, rk int) bool {
	if f < 0 || rk < 0 || f >= r.Size || rk >= r.Size {
		return false
	}
	return r.AllSquares || ((f+rk)%2 == 0) == r.A1Playing
}
