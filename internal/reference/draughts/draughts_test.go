package draughts

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

func rulesOf(t *testing.T, game string) *Rules {
	t.Helper()
	r, err := Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return &r
}

func mustParse(t *testing.T, r *Rules, s string) *Position {
	t.Helper()
	p, err := Parse(r, s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	if q, err := Parse(r, p.String()); err != nil || q.String() != p.String() {
		t.Fatalf("%q does not round-trip: %v", p, err)
	}
	return p
}

func texts(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Text
	}
	return out
}

// Hand-worked positions, each worked out square by square from the rules
// (draughts-family.md and the sources in Rules' comments). Every precedence
// criterion decides at least one position of every game that has it; where
// a criterion decides, wantDeciding names it.
func TestHandWorkedMoves(t *testing.T) {
	cases := []struct {
		name     string
		games    []string
		pos      string
		moves    []string
		distinct int               // distinct (from, to, captured set) count; 0: len(moves)
		after    map[string]string // move text -> position after
		deciding []Criterion
	}{
		// The start and plain steps.
		{
			name:  "men step diagonally forward only; white up the board",
			games: []string{"russian", "czech", "brazilian", "thai", "frisian"},
			pos:   "w d4:w,h8:b",
			moves: []string{"d4-c5", "d4-e5"},
		},
		{
			name:  "a flying king slides along free diagonals, stopped by pieces",
			games: []string{"russian", "czech", "pool", "brazilian", "thai"},
			pos:   "w a1:W,e5:W,h8:b",
			moves: []string{"a1-b2", "a1-c3", "a1-d4", "e5-b2", "e5-b8", "e5-c3", "e5-c7", "e5-d4", "e5-d6", "e5-f4", "e5-f6", "e5-g3", "e5-g7", "e5-h2"},
		},
		{
			name:  "an Italian king steps one square in any diagonal direction",
			games: []string{"italian"},
			pos:   "w d3:W,a8:b",
			moves: []string{"d3-c2", "d3-c4", "d3-e2", "d3-e4"},
		},
		{
			name:  "Czech men do not capture backward",
			games: []string{"czech", "thai"},
			pos:   "w d4:w,c3:b,h8:b",
			moves: []string{"d4-c5", "d4-e5"},
		},
		{
			name:  "Spanish and Italian men do not capture backward",
			games: []string{"spanish", "portuguese", "italian"},
			pos:   "w d3:w,c2:b,a8:b",
			moves: []string{"d3-c4", "d3-e4"},
		},
		{
			name:  "Russian men capture backward; capturing is compulsory",
			games: []string{"russian", "pool", "brazilian"},
			pos:   "w d4:w,c3:b,h8:b",
			moves: []string{"d4xb2"},
			after: map[string]string{"d4xb2": "b b2:w,h8:b"},
		},
		// The example: a flying king that jumps b2 and then e5 along
		// the same diagonal may pass c3 or d4; one move per final square.
		{
			name:  "flying king, two pieces on one diagonal: one move per landing square",
			games: []string{"russian", "pool", "czech"},
			pos:   "b a1:B,b2:w,e5:w",
			moves: []string{"a1xc3xf6", "a1xc3xg7", "a1xc3xh8"},
			after: map[string]string{"a1xc3xg7": "w g7:B"},
		},
		// A man captures around a ring of four pieces, either way round: two
		// routes with the same origin, destination and captured set. The
		// origin is free during the capture; b2/d2 may not be jumped twice.
		{
			name:     "a man's ring capture: two routes, one outcome; no piece jumped twice",
			games:    []string{"russian", "brazilian", "international"},
			pos:      "w c1:w,b2:b,d2:b,b4:b,d4:b",
			moves:    []string{"c1xa3xc5xe3xc1", "c1xe3xc5xa3xc1"},
			distinct: 1,
			after:    map[string]string{"c1xa3xc5xe3xc1": "b c1:w"},
		},
		// Turkish strike: the jumped d4 stays until the capture ends and
		// blocks the king's way back; the king may land anywhere beyond.
		{
			name:  "jumped pieces stay until the end and block",
			games: []string{"russian", "pool", "czech"},
			pos:   "w c3:W,b2:b,d4:b",
			moves: []string{"c3xa1", "c3xe5", "c3xf6", "c3xg7", "c3xh8"},
		},
		// Thai: the king lands directly behind; the jumped piece leaves at
		// once, so the king may turn back over its square.
		{
			name:  "Thai king lands directly behind and may cross an emptied square",
			games: []string{"thai"},
			pos:   "w c3:W,b2:b,d4:b",
			moves: []string{"c3xa1xe5", "c3xe5xa1"},
			after: map[string]string{"c3xa1xe5": "b e5:W"},
		},
		// Crowning during a capture: Russian men crowned at once go on as
		// flying kings (rules 1.5.15); Pool and International men pass the
		// king row as men (APCA 16, FMJD 4.15).
		{
			name:  "Russian: crowned mid-capture, continues as a flying king",
			games: []string{"russian"},
			pos:   "w b6:w,c7:b,e7:b",
			moves: []string{"b6xd8xf6", "b6xd8xg5", "b6xd8xh4"},
			after: map[string]string{"b6xd8xg5": "b g5:W"},
		},
		{
			name:  "Russian: crowned mid-capture, the king captures from afar",
			games: []string{"russian"},
			pos:   "w b6:w,c7:b,f6:b",
			moves: []string{"b6xd8xg5", "b6xd8xh4"},
		},
		{
			name:  "Pool: a man passing the king row goes on as a man",
			games: []string{"pool"},
			pos:   "b b6:b,c7:w,e7:w",
			moves: []string{"b6xd8xf6"},
			after: map[string]string{"b6xd8xf6": "w f6:b"},
		},
		{
			name:  "Brazilian: a man passing the king row goes on as a man",
			games: []string{"brazilian"},
			pos:   "w b6:w,c7:b,e7:b",
			moves: []string{"b6xd8xf6"},
			after: map[string]string{"b6xd8xf6": "b f6:w"},
		},
		{
			name:  "Pool: a man ending its capture on the king row is crowned",
			games: []string{"pool"},
			pos:   "b b6:b,c7:w,f6:w",
			moves: []string{"b6xd8"},
			after: map[string]string{"b6xd8": "w f6:w,d8:B"},
		},
		// Most pieces.
		{
			name:  "no maximum rule: the one-piece capture is legal",
			games: []string{"russian", "pool", "czech", "thai"},
			pos:   "w a3:w,e3:w,b4:b,f4:b,f6:b",
			moves: []string{"a3xc5", "e3xg5xe7"},
		},
		{
			name:     "Brazilian: most pieces decides",
			games:    []string{"brazilian"},
			pos:      "w a3:w,e3:w,b4:b,f4:b,f6:b",
			moves:    []string{"e3xg5xe7"},
			deciding: []Criterion{MostPieces},
		},
		{
			name:     "International and Canadian: most pieces decides",
			games:    []string{"international", "canadian"},
			pos:      "w c3:w,g3:w,d4:b,h4:b,h6:b",
			moves:    []string{"g3xi5xg7"},
			deciding: []Criterion{MostPieces},
		},
		{
			name:     "Italian: most pieces decides",
			games:    []string{"italian"},
			pos:      "w d3:W,c4:b,e4:b,c6:b",
			moves:    []string{"d3xb5xd7"},
			deciding: []Criterion{MostPieces},
		},
		{
			name:     "Spanish and Portuguese: most pieces decides",
			games:    []string{"spanish", "portuguese"},
			pos:      "w d3:W,c4:b,e4:b,c6:b",
			moves:    []string{"d3xb5xd7", "d3xb5xe8"},
			deciding: []Criterion{MostPieces},
		},
		// Capture with a king.
		{
			name:     "Czech: a king must capture if one can, though a man takes more",
			games:    []string{"czech"},
			pos:      "w b2:w,h2:W,c3:b,g3:b,e5:b,g7:b",
			moves:    []string{"h2xf4xb8", "h2xf4xc7", "h2xf4xd6"},
			deciding: []Criterion{WithKing},
		},
		{
			name:     "Italian: equal captures, the king's wins",
			games:    []string{"italian"},
			pos:      "w b1:W,c2:b,e2:w,f3:b",
			moves:    []string{"b1xd3"},
			deciding: []Criterion{WithKing},
		},
		{
			name:     "Frisian: equal value, the king's capture wins",
			games:    []string{"frisian"},
			pos:      "w c1:w,d2:b,h8:W,g9:b",
			moves:    []string{"h8xf10"},
			deciding: []Criterion{WithKing},
		},
		// Most kings.
		{
			name:     "Italian: equal count, the capture of a king wins",
			games:    []string{"italian"},
			pos:      "w d3:W,c4:B,e4:b",
			moves:    []string{"d3xb5"},
			deciding: []Criterion{MostKings},
		},
		{
			name:     "Spanish and Portuguese: equal count, the capture of a king wins",
			games:    []string{"spanish", "portuguese"},
			pos:      "w d3:W,c4:B,e4:b",
			moves:    []string{"d3xa6", "d3xb5"},
			deciding: []Criterion{MostKings},
		},
		// Earliest king: around the ring d3-b5-d7-f5 the king meets king,
		// man, king, man one way and man, king, man, king the other.
		{
			name:     "Italian: equal captures, the one meeting a king first wins",
			games:    []string{"italian"},
			pos:      "w d3:W,c4:B,e4:b,c6:b,e6:B",
			moves:    []string{"d3xb5xd7xf5xd3"},
			deciding: []Criterion{EarliestKing},
		},
		{
			name:     "Spanish: no earliest-king rule, both ways round are legal",
			games:    []string{"spanish"},
			pos:      "w d3:W,c4:B,e4:b,c6:b,e6:B",
			moves:    []string{"d3xb5xd7xf5xb1", "d3xb5xd7xf5xc2", "d3xb5xd7xf5xd3", "d3xf5xd7xb5xd3", "d3xf5xd7xb5xe2", "d3xf5xd7xb5xf1"},
			distinct: 5, // the two ending on d3 take the same pieces
		},
		// Italian men may not capture kings.
		{
			name:  "Italian: a man may not capture a king",
			games: []string{"italian"},
			pos:   "w d3:w,e4:B",
			moves: []string{"d3-c4"},
		},
		{
			name:  "Spanish: a man captures a king",
			games: []string{"spanish"},
			pos:   "w d3:w,e4:B",
			moves: []string{"d3xf5"},
		},
		// Frisian value: a king counts more than a man and less than two.
		{
			name:     "Frisian: a king outweighs a man",
			games:    []string{"frisian"},
			pos:      "w c3:w,b4:B,d4:b",
			moves:    []string{"c3xa5"},
			deciding: []Criterion{MostValue},
		},
		{
			name:     "Frisian: two men outweigh a king",
			games:    []string{"frisian"},
			pos:      "w c3:w,b4:B,d4:b,f6:b",
			moves:    []string{"c3xe5xg7"},
			deciding: []Criterion{MostValue},
		},
		{
			name:     "Frisian: two kings outweigh three men",
			games:    []string{"frisian"},
			pos:      "w c3:w,b4:B,d4:b,b6:B,f6:b,h8:b",
			moves:    []string{"c3xa5xc7"},
			deciding: []Criterion{MostValue},
		},
		{
			name:  "Frisian: a man captures along a rank",
			games: []string{"frisian"},
			pos:   "w e5:w,g5:b",
			moves: []string{"e5xi5"},
		},
		{
			name:  "Frisian: a man captures diagonally, then along a file",
			games: []string{"frisian"},
			pos:   "w c3:w,d4:b,e7:b",
			moves: []string{"c3xe5xe9"},
		},
		{
			name:  "Frisian: a king captures along a file from afar",
			games: []string{"frisian"},
			pos:   "w a1:W,a5:b",
			moves: []string{"a1xa7", "a1xa9"},
		},
		// Turkish and Armenian (all squares, orthogonal captures).
		{
			name:  "Armenian: a man steps forward, sideways and diagonally forward",
			games: []string{"armenian"},
			pos:   "w d4:w,h8:b",
			moves: []string{"d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"},
		},
		{
			name:  "Turkish: a man steps forward and sideways",
			games: []string{"turkish"},
			pos:   "w d4:w,h8:b",
			moves: []string{"d4-c4", "d4-d5", "d4-e4"},
		},
		{
			name:  "Armenian: men do not capture diagonally",
			games: []string{"armenian"},
			pos:   "w d4:w,e5:b,a8:b",
			moves: []string{"d4-c4", "d4-c5", "d4-d5", "d4-e4"},
		},
		{
			name:  "Armenian: a king moves diagonally but captures only along lines",
			games: []string{"armenian"},
			pos:   "w a1:W,b2:b,h8:b",
			moves: []string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1", "a1-h1"},
		},
		{
			name:  "Armenian: a man crowned by a capture goes on as a king",
			games: []string{"armenian"},
			pos:   "w d6:w,d7:b,f8:b",
			moves: []string{"d6xd8xg8", "d6xd8xh8"},
			after: map[string]string{"d6xd8xh8": "b h8:W"},
		},
		{
			name:  "Turkish: a man is crowned at the end of its capture",
			games: []string{"turkish"},
			pos:   "w d6:w,d7:b,f8:b",
			moves: []string{"d6xd8"},
			after: map[string]string{"d6xd8": "b d8:W,f8:b"},
		},
		{
			name:     "Turkish and Armenian: most pieces decides",
			games:    []string{"turkish", "armenian"},
			pos:      "w a2:w,d2:w,a3:b,d3:b,d5:b",
			moves:    []string{"d2xd4xd6"},
			deciding: []Criterion{MostPieces},
		},
		{
			name:  "Turkish and Armenian: a capture never turns back",
			games: []string{"turkish", "armenian"},
			pos:   "w a2:b,a3:W,a5:b",
			moves: []string{"a3xa1", "a3xa6", "a3xa7", "a3xa8"},
		},
		// Frisian: three non-capturing moves in a row with one king while the
		// player has men, then that king must rest (or capture).
		{
			name:  "Frisian: a king after three moves in a row may not move again",
			games: []string{"frisian"},
			pos:   "w a1:W,c1:w,e1:W,j10:b run-w=a1:3",
			moves: []string{"c1-b2", "c1-d2", "e1-a5", "e1-b4", "e1-c3", "e1-d2", "e1-f2", "e1-g3", "e1-h4", "e1-i5", "e1-j6"},
			after: map[string]string{
				"c1-b2": "b a1:W,e1:W,b2:w,j10:b",
				"e1-f2": "b a1:W,c1:w,f2:W,j10:b run-w=f2:1",
			},
		},
		{
			name:     "Frisian: the resting king may still capture",
			games:    []string{"frisian"},
			pos:      "w a1:W,c1:w,b2:b,j10:b run-w=a1:3",
			moves:    []string{"a1xc3", "a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"},
			after:    map[string]string{"a1xe5": "b c1:w,e5:W,j10:b"},
			deciding: []Criterion{WithKing}, // c1xa3 takes as much
		},
		{
			name:  "Frisian: the run counts on",
			games: []string{"frisian"},
			pos:   "w b2:W,c1:w,j10:b run-w=b2:2",
			moves: []string{"b2-a1", "b2-a3", "b2-c3", "b2-d4", "b2-e5", "b2-f6", "b2-g7", "b2-h8", "b2-i9", "c1-d2"},
			after: map[string]string{"b2-a1": "b a1:W,c1:w,j10:b run-w=a1:3"},
		},
	}
	for _, c := range cases {
		for _, game := range c.games {
			t.Run(game+"/"+c.name, func(t *testing.T) {
				r := rulesOf(t, game)
				p := mustParse(t, r, c.pos)
				moves := p.Moves()
				if got := texts(moves); !slices.Equal(got, c.moves) {
					t.Fatalf("%s: moves\n got  %v\n want %v", c.pos, got, c.moves)
				}
				want := c.distinct
				if want == 0 {
					want = len(c.moves)
				}
				if got := len(Distinct(moves)); got != want {
					t.Errorf("%s: %d distinct moves, want %d", c.pos, got, want)
				}
				for text, after := range c.after {
					i := slices.Index(texts(moves), text)
					if got := p.Apply(moves[i]).String(); got != after {
						t.Errorf("%s then %s: got %q, want %q", c.pos, text, got, after)
					}
				}
				if got := p.Deciding(); !slices.Equal(got, c.deciding) {
					t.Errorf("%s: deciding criteria %v, want %v", c.pos, got, c.deciding)
				}
			})
		}
	}
}

func TestNoMovesLoses(t *testing.T) {
	for _, game := range VariantNames() {
		r := rulesOf(t, game)
		for pos, want := range map[string]string{
			"w -":    "b", // no pieces
			"b c1:w": "w",
		} {
			if !r.A1Playing {
				pos = strings.Replace(pos, "c1", "b1", 1)
			}
			if got := mustParse(t, r, pos).Result(); got != want {
				t.Errorf("%s %q: Result %q, want %q", game, pos, got, want)
			}
		}
		// Blocked: a man facing two men it cannot jump (the square beyond is
		// off the board or taken).
		if r.A1Playing && !r.AllSquares && r.ManCaptures&Orthogonal == 0 {
			if got := mustParse(t, r, "w a1:w,b2:b,c3:b").Result(); got != "b" {
				t.Errorf("%s: a blocked man: Result %q, want b", game, got)
			}
		}
		if got := Start(r).Result(); got != "" {
			t.Errorf("%s: the start is over: %q", game, got)
		}
	}
}

func TestParseErrors(t *testing.T) {
	r := rulesOf(t, "frisian")
	for _, bad := range []string{
		"",
		"w",
		"x a1:w",
		"w a1:x",
		"w a1:ww",
		"w a1:",
		"w b1:w",                            // not a playing square
		"w k1:w",                            // off the board
		"w a0:w",                            // off the board
		"w a11:w",                           // off the board
		"w a1:w,a1:b",                       // twice
		"w a1w",                             // no colon
		"w a1:W,c1:w run-w=a1:4",            // beyond the limit
		"w a1:W,c1:w run-w=c1:1",            // not a king
		"w a1:W run-w=a1:1",                 // no men: no limit
		"w a1:W,c1:w run-x=a1:1",            // unknown side
		"w a1:W,c1:w extra",                 // stray field
		"w a1:W,c1:w run-w=a1:1 run-w=a1:2", // twice
	} {
		if p, err := Parse(r, bad); err == nil {
			t.Errorf("Parse(%q) = %q, want an error", bad, p)
		}
	}
	if _, err := Parse(rulesOf(t, "russian"), "w a1:W,c1:w run-w=a1:1"); err == nil {
		t.Error("a king-move run is accepted in a game without the limit")
	}
	if _, err := Lookup("checkers-of-mars"); err == nil || !strings.Contains(err.Error(), "russian") {
		t.Errorf("Lookup of an unknown game: %v", err)
	}
}

func TestStart(t *testing.T) {
	for game, want := range map[string]string{
		"russian": "w a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,h2:w,a3:w,c3:w,e3:w,g3:w,b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b",
		"pool":    "b a1:b,c1:b,e1:b,g1:b,b2:b,d2:b,f2:b,h2:b,a3:b,c3:b,e3:b,g3:b,b6:w,d6:w,f6:w,h6:w,a7:w,c7:w,e7:w,g7:w,b8:w,d8:w,f8:w,h8:w",
		"italian": "w b1:w,d1:w,f1:w,h1:w,a2:w,c2:w,e2:w,g2:w,b3:w,d3:w,f3:w,h3:w,a6:b,c6:b,e6:b,g6:b,b7:b,d7:b,f7:b,h7:b,a8:b,c8:b,e8:b,g8:b",
		"thai":    "w a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,h2:w,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b",
	} {
		if got := Start(rulesOf(t, game)).String(); got != want {
			t.Errorf("%s start:\n got  %s\n want %s", game, got, want)
		}
	}
	for _, game := range VariantNames() {
		r := rulesOf(t, game)
		s := Start(r).String()
		if got := mustParse(t, r, s).String(); got != s {
			t.Errorf("%s: the start does not round-trip", game)
		}
		men := strings.Count(s, ":")
		perRank := r.Size / 2
		if r.AllSquares {
			perRank = r.Size
		}
		if want := 2 * r.Rows * perRank; men != want {
			t.Errorf("%s: %d men at the start, want %d", game, men, want)
		}
	}
}

func deep() bool { return os.Getenv("STACKRULES_DEEP") == "1" }

// perftAll returns the perft of p at every depth 1..len(counts) in one walk.
func perftAll(p *Position, counts []int64, distinct bool) {
	moves := p.Moves()
	if distinct {
		moves = Distinct(moves)
	}
	counts[0] += int64(len(moves))
	if len(counts) == 1 {
		return
	}
	for _, m := range moves {
		perftAll(p.Apply(m), counts[1:], distinct)
	}
}

// Published perft from the start, from Rein Halbersma's draughts library dctl
// (github.com/rhalbersma/dctl, commit 21869018, directory
// test/src/algo/traversal/initial/). Each of his test cases gives two rows:
// every capture route counted (keep_duplicates_gen) and routes with the same
// origin, destination and captured pieces counted once (drop_duplicates_gen).
// Rows up to 60,000 leaves run by default (depth 4-6), the rest with
// STACKRULES_DEEP=1 (15 to 25 minutes on two busy cores): depth 10 for
// Russian, Pool, Brazilian and Italian, 9 for Czech, Spanish, Thai and
// Frisian, 8 for Portuguese and International, 7 for Canadian.
func TestPerftStart(t *testing.T) {
	cases := []struct {
		game, source  string
		rows          int // ranks of men, when the published figures use another setup
		routes, dedup []int64
	}{
		{"brazilian", "board_08x08.cpp lines 25-26 (case Brazilian)", 0,
			[]int64{7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606},
			[]int64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022}},
		{"pool", "board_08x08.cpp lines 39-40 (case Pool)", 0,
			[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615, 22442551},
			[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955}},
		{"russian", "board_08x08.cpp lines 53-54 (case Russian)", 0,
			[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628},
			[]int64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032}},
		{"czech", "board_08x08.cpp lines 81-82 (case Czech)", 0,
			[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671},
			[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671}},
		{"spanish", "board_08x08.cpp lines 95-96 (case Spanish)", 0,
			[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866},
			[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866}},
		{"portuguese", "board_08x08.cpp lines 95-96 (case Spanish; dctl's spanish rules cite the Portuguese rule book)", 0,
			[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783},
			[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783}},
		{"italian", "board_08x08.cpp lines 109-110 (case Italian)", 0,
			[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384},
			[]int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384}},
		// dctl's Thai case starts from initial(2): three ranks of men each, not
		// Thai's own two.
		{"thai", "board_08x08.cpp lines 123-124 (case Thai, initial(2): three ranks each)", 3,
			[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648},
			[]int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648}},
		{"international", "board_10x10.cpp lines 28-29 (case International)", 0,
			[]int64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971},
			[]int64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}},
		{"frisian", "board_10x10.cpp lines 52-53 (case Frisian)", 0,
			[]int64{9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497},
			[]int64{9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069}},
		// Published with duplicates dropped only.
		{"canadian", "board_large.cpp line 24 (case Board12x12, canadian)", 0,
			nil,
			[]int64{11, 121, 1222, 10053, 79049, 584100, 4369366}},
	}
	const shallow = 60000 // default run: rows up to this many leaves
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			r := *rulesOf(t, c.game)
			if c.rows != 0 {
				r.Rows = c.rows
			}
			for _, distinct := range []bool{false, true} {
				want := c.routes
				if distinct {
					want = c.dedup
				}
				n := len(want)
				for !deep() && n > 0 && want[n-1] > shallow {
					n--
				}
				if n == 0 {
					continue
				}
				got := make([]int64, n)
				perftAll(Start(&r), got, distinct)
				if !slices.Equal(got, want[:n]) {
					t.Errorf("%s perft (distinct %v), %s:\n got  %v\n want %v", c.game, distinct, c.source, got, want[:n])
				}
			}
		})
	}
}

// TestRandomPositions checks that RandomPosition gives what a differential
// test needs: positions that parse back, kings, captures, and every
// precedence criterion of every game deciding many times.
func TestRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	for _, game := range VariantNames() {
		r := rulesOf(t, game)
		decided := map[Criterion]int{}
		kings, captures, multi, barred := 0, 0, 0, 0
		const n = 1000
		for i := 0; i < n; i++ {
			p := RandomPosition(r, rng)
			s := p.String()
			if q, err := Parse(r, s); err != nil || q.String() != s {
				t.Fatalf("%s: random position %q does not round-trip: %v", game, s, err)
			}
			if strings.ContainsAny(s, "WB") {
				kings++
			}
			moves := p.Moves()
			if len(moves) > 0 && moves[0].IsCapture() {
				captures++
				for _, m := range moves {
					if len(m.Captured) > 1 {
						multi++
						break
					}
				}
			}
			for _, c := range p.Deciding() {
				decided[c]++
			}
			if q := p.Clone(); r.KingMoveLimit > 0 {
				q.RunSquare, q.RunCount = [2]int{-1, -1}, [2]int{}
				if len(q.Moves()) != len(moves) {
					barred++
				}
			}
		}
		t.Logf("%s: %d positions, %d with kings, %d with captures, %d with multiple captures, criteria deciding %v, king-move limit deciding %d", game, n, kings, captures, multi, decided, barred)
		if r.KingMoveLimit > 0 && barred < 10 {
			t.Errorf("%s: the king-move limit decides only %d of %d random positions", game, barred, n)
		}
		if kings < n/2 || captures < n/3 || multi < n/10 {
			t.Errorf("%s: too few kings (%d), captures (%d) or multiple captures (%d) in %d positions", game, kings, captures, multi, n)
		}
		for _, c := range r.Precedence {
			if decided[c] < 5 {
				t.Errorf("%s: %v decides only %d of %d random positions", game, c, decided[c], n)
			}
		}
	}
}

// TestRandomPlayouts checks invariants along seeded random games: every move
// parses back, a capture removes exactly its captured pieces (all the
// opponent's) and none of the mover's, a step removes nothing, routes listed
// once.
func TestRandomPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	count := func(p *Position, side byte) int {
		n := 0
		for _, c := range p.Board {
			if owner(c) == side {
				n++
			}
		}
		return n
	}
	for _, game := range VariantNames() {
		r := rulesOf(t, game)
		kings := 0
		for g := 0; g < 8; g++ {
			p := Start(r)
			for ply := 0; ply < 200; ply++ {
				moves := p.Moves()
				if len(moves) == 0 {
					break
				}
				seen := map[string]bool{}
				for _, m := range moves {
					k := m.route() + m.Text
					if seen[k] {
						t.Fatalf("%s %q: route %s listed twice", game, p, m.Text)
					}
					seen[k] = true
					for _, c := range m.Captured {
						if owner(p.Board[c]) != other(p.Turn) {
							t.Fatalf("%s %q: %s captures %s, not an enemy piece", game, p, m.Text, r.SquareName(c))
						}
					}
				}
				m := moves[rng.IntN(len(moves))]
				q := p.Apply(m)
				if back := mustParse(t, r, q.String()); back.String() != q.String() {
					t.Fatal("no round trip")
				}
				me, opp := p.Turn, other(p.Turn)
				if count(q, me) != count(p, me) || count(p, opp)-count(q, opp) != len(m.Captured) {
					t.Fatalf("%s %q then %s gave %q: piece counts do not match %d captures", game, p, m.Text, q, len(m.Captured))
				}
				if strings.ContainsAny(q.String(), "WB") {
					kings++
				}
				p = q
			}
		}
		if kings == 0 {
			t.Errorf("%s: no king in 8 random games", game)
		}
	}
}
