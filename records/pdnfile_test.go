package records_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
)

// replayAll reads a PDN text and replays each game.
func replayAll(t *testing.T, g *interpreter.Game, text string) ([]*records.Record, []*interpreter.History, []error) {
	t.Helper()
	games, err := records.ParsePDN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var hs []*interpreter.History
	var errs []error
	for _, r := range games {
		h, err := records.ReplayPDN(g, r)
		if err == nil {
			err = records.CheckPDNResult(g, r, records.PDNOutcome(h))
		}
		hs, errs = append(hs, h), append(errs, err)
	}
	return games, hs, errs
}

func fenOf(t *testing.T, g *interpreter.Game, h *interpreter.History) string {
	t.Helper()
	p := h.Position()
	fen, err := records.FEN(g, &p)
	if err != nil {
		t.Fatal(err)
	}
	return fen
}

// The collection in testdata: 300 games as stackrules writes them, then the
// same 300 as other programs and people write them. Every game replays, and
// each rewritten game passes through positions of its original: its final
// position is one of them (a game cut short by a resignation ends early, one
// from a FEN starts late).
func TestPDNCollection(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	data, err := os.ReadFile("testdata/pdn/english-checkers.pdn")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	games, hs, errs := replayAll(t, g, text)
	if len(games) != 600 {
		t.Fatalf("%d games, want 600", len(games))
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("game %d (line %d): %v", i+1, games[i].Line, err)
		}
	}
	if t.Failed() {
		return
	}
	for i := 0; i < 300; i++ {
		clean, messy := hs[i], hs[300+i]
		final := messy.Position()
		found := false
		for k := 0; k <= clean.Len() && !found; k++ {
			found = clean.PositionAt(k) == final
		}
		if !found {
			t.Errorf("game %d: its rewriting (game %d) ends at %s, a position the game never reaches", i+1, 301+i, fenOf(t, g, messy))
		}
	}
	// The rewritten games hold what they are there for.
	for _, feature := range []string{"{", "(", "$1", "!?", ";a comment to the end", "[FEN \"", "] 1. ", `"] [`, "2-0", "1-1"} {
		if !strings.Contains(text[strings.Index(text, `[Event "messy 1"]`):], feature) {
			t.Errorf("the rewritten games have no %q", feature)
		}
	}
	short, run, swapped := 0, 0, 0
	for _, r := range games[300:] {
		for _, m := range r.Moves {
			switch {
			case !strings.ContainsAny(m.Text, "-x"):
				run++
			case strings.Count(m.Text, "x") == 1 && !strings.Contains(m.Text, "-"):
				short++ // a capture of one jump, or a short multi-jump
			case strings.Contains(m.Text, "-"):
			}
		}
	}
	for i := 300; i < 600; i++ {
		for j, m := range games[i].Moves {
			if full := g.Board.NumericMoveString(hs[i].Moves()[j]); strings.Count(full, "x") > 1 && strings.Count(m.Text, "x") == 1 {
				swapped++ // a multi-jump written from and to only
			}
		}
	}
	if run < 100 || short < 100 || swapped < 10 {
		t.Errorf("the rewritten games have %d moves run together, %d captures written short, %d multi-jumps from and to only", run, short, swapped)
	}
}

// Each lenient form, worked out by hand on English checkers' squares.
func TestPDNLenientMoves(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	for _, c := range []struct{ name, pdn, final string }{
		{"x for -, - for x, run together", "1. 11x15 22-18 2. 15-22 2518 *", "B:B1,2,3,4,5,6,7,8,9,10,12:W18,21,23,24,26,27,28,29,30,31,32"},
		{"annotations, NAGs, comments, variations", "1. 11-15! $1 {the usual} 22-18?! (1... 23-19 (1... 24-20) {side}) ; to the end\n2. 15x22 $14 25x18 *",
			"B:B1,2,3,4,5,6,7,8,9,10,12:W18,21,23,24,26,27,28,29,30,31,32"},
		{"a tag and the moves on one line", "[Black \"x\"] [White \"y\"] 1. 11-15 22-18 2. 15x22 25x18 1/2-1/2",
			"B:B1,2,3,4,5,6,7,8,9,10,12:W18,21,23,24,26,27,28,29,30,31,32"},
		{"a FEN, white to move", "[FEN \"W:W21,22:B1,2\"]\n1... 22-18 2. 1-5 *", "W:B2,5:W18,21"},
		{"a FEN of kings", "[FEN \"B:WK3:BK29\"] 1. 29-25 3-8 *", "B:BK25:WK8"},
		{"a FEN with lidraughts' move counters", "[FEN \"W:W21,22:B1,2:H0:F1.\"] 1... 22-18 *", "B:B1,2:W18,21"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, hs, errs := replayAll(t, g, c.pdn)
			if errs[0] != nil {
				t.Fatal(errs[0])
			}
			if got := fenOf(t, g, hs[0]); got != c.final {
				t.Errorf("ends at %s, want %s", got, c.final)
			}
		})
	}
}

// A king's capture around a square and on: both ways round leave the same
// position, so "from x to" names it; two captures that end on one square
// having taken different pieces are ambiguous, and the error lists both.
func TestPDNShortCaptureRoutes(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	// Black king on a1; white men on b2, then d4, f4, f2, d2 around e3:
	// a1xc3xe5xg3xe1xc3 or a1xc3xe1xg3xe5xc3, the same five men taken.
	p, err := g.ParsePosition("b a1:B,b2:w,d4:w,f4:w,f2:w,d2:w,h8:w")
	if err != nil {
		t.Fatal(err)
	}
	b := g.Board
	a1, _ := b.ParseSquare("a1")
	c3, _ := b.ParseSquare("c3")
	routes := 0
	for _, m := range g.LegalMoves(&p, nil) {
		if m.From == a1 && m.To == c3 {
			routes++
		}
	}
	if routes != 2 {
		t.Fatalf("%d captures from a1 to c3, want the 2 ways round", routes)
	}
	text := b.NumericMoveString(board.Move{From: a1, To: c3, Kind: board.Capture, Jumps: 1})
	m, err := records.ParsePDNMove(g, &p, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	q := p
	g.Apply(&q, m)
	if got := g.FormatPosition(&q); got != "w c3:B,h8:w" {
		t.Errorf("%s leaves %s", text, got)
	}

	// A black man on c3, white men on b4, d4 and b6, d6: c3xa5xc7 and
	// c3xe5xc7 end on c7 having taken different men.
	p, _ = g.ParsePosition("b c3:b,b4:w,d4:w,b6:w,d6:w")
	c7, _ := b.ParseSquare("c7")
	text = b.NumericMoveString(board.Move{From: c3, To: c7, Kind: board.Capture, Jumps: 1})
	if _, err := records.ParsePDNMove(g, &p, text); err == nil || !strings.Contains(err.Error(), "ambiguous") || strings.Count(err.Error(), "x") < 4 {
		t.Errorf("%s: %v, want it ambiguous, both routes listed", text, err)
	}
}

// A record plays on past a third repetition (a claim, not an end); its
// result may be a resignation or an agreed draw without [Termination]; a
// result the moves contradict is refused; games split where tags follow
// moves, or moves follow a result.
func TestPDNResultsAndRepetition(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	// Two kings shuffle: the position after 1. 29-25 comes back at plies
	// 5 and 9; the game goes on and black resigns (0-1 is white's win).
	text := "[FEN \"B:WK3:BK29\"]\n1. 29-25 3-8 2. 25-29 8-3 3. 29-25 3-8 4. 25-29 8-3 5. 29-25 3-8 6. 25-29 8-3 7. 29-25 0-1\n" +
		"1. 11-15 23-18 1/2-1/2\n" + // moves after a result: a game of its own
		"[FEN \"W:W21:B1\"] 1. 21-17 2-0\n" + // 2-0 is 1-0: black wins though the moves do not end the game
		"[Result \"1/2-1/2\"]\n[FEN \"B:W12:B1\"]\n1. 1-5 *\n" + // the movetext's * stands
		"[FEN \"B:W6:B\"] 1-0\n" // black has no piece, white has won: 1-0 is not so
	games, hs, errs := replayAll(t, g, text)
	if len(games) != 5 {
		t.Fatalf("%d games, want 5", len(games))
	}
	for i, want := range []string{"", "", "", "", "the moves end the game 0-1"} {
		switch {
		case want == "" && errs[i] != nil:
			t.Errorf("game %d: %v", i+1, errs[i])
		case want != "" && (errs[i] == nil || !strings.Contains(errs[i].Error(), want)):
			t.Errorf("game %d: %v, want %q", i+1, errs[i], want)
		}
	}
	if hs[0].Len() != 13 {
		t.Errorf("the repeating game stopped after %d plies, want 13", hs[0].Len())
	}
	if got := records.PDNEnding(g, games[0], hs[0]); got != "black resigned" {
		t.Errorf("game 1 ended: %q", got)
	}
	if games[2].Result != "1-0" || games[3].Result != "*" {
		t.Errorf("results %q and %q, want 1-0 and *", games[2].Result, games[3].Result)
	}
	if games[1].Line != 3 {
		t.Errorf("game 2 begins on line %d, want 3", games[1].Line)
	}
	for _, bad := range []string{"1. 11-15 {never closed", "1. 11-15 (22-18", "[Event \"x\n1. 11-15"} {
		if _, err := records.ParsePDN(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// Every built-in draughts game with a PDN game type writes its games as PDN
// and reads them back to the same positions: numbers where the board is
// numbered, square names (Russian's c3-d4, Turkish's a3-a4) where not; a
// game cut short keeps the result it is given, and one from a set-up
// position its FEN.
func TestPDNRoundTripEveryDraughtsGame(t *testing.T) {
	tested := map[string]bool{}
	defer func() {
		for _, name := range variants.Names() {
			if g, err := interpreter.Open(name); err == nil && g.PDNGameType() != 0 && !tested[name] {
				t.Errorf("%s has PDN game type %d but no round trip here", name, g.PDNGameType())
			}
		}
	}()
	for _, c := range []struct {
		game, gameType string
		names          bool // squares by name
	}{{"english-checkers", "21", false}, {"international", "20", false}, {"russian", "25", true}, {"turkish", "30", true},
		{"pool", "23", false}, {"brazilian", "26", false}, {"canadian", "27", false}, {"czech", "29", true},
		{"italian", "22", false}, {"spanish", "24", false}, {"thai", "31", false}, {"frisian", "40", false},
		{"armenian", "42", true}, {"sri-lanka", "43", false}} {
		tested[c.game] = true
		t.Run(c.game, func(t *testing.T) {
			g := gametest.Open(t, c.game)
			rng := rand.New(rand.NewPCG(uint64(len(c.game)), 32))
			for game := 0; game < 20; game++ {
				start := g.Start()
				if game%4 == 3 { // from a position reached by random moves
					ps := gametest.RandomPositions(t, g, 1, uint64(game))
					start = ps[0]
				}
				h := g.NewHistory(start)
				for h.Len() < 120 && !h.Outcome().Over {
					moves := g.LegalMoves(ptr(h.Position()), nil)
					if err := h.Play(moves[rng.IntN(len(moves))]); err != nil {
						t.Fatal(err)
					}
				}
				var buf strings.Builder
				info := records.PDNInfo{Players: []string{"a", "b"}, Result: "1-0", Termination: g.Players[1].Name + " resigned"}
				if err := records.WritePDNGame(g, &buf, h, info); err != nil {
					t.Fatal(err)
				}
				text := buf.String()
				movetext := text[strings.Index(text, "\n\n"):]
				if !strings.Contains(text, `[GameType "`+c.gameType+`"]`) || strings.ContainsAny(movetext, "abcdefgh") != c.names {
					t.Fatalf("no GameType %s, or squares not by name %v, in\n%s", c.gameType, c.names, text)
				}
				if start != g.Start() && !strings.Contains(text, `[FEN "`) {
					t.Fatalf("no FEN in\n%s", text)
				}
				_, hs, errs := replayAll(t, g, text)
				if errs[0] != nil {
					t.Fatalf("%v\n%s", errs[0], text)
				}
				want, got := h.Positions(), hs[0].Positions()
				if len(want) != len(got) {
					t.Fatalf("%d positions, read back %d", len(want), len(got))
				}
				for i := range want {
					if want[i] != got[i] {
						t.Fatalf("position %d: %s, read back %s\n%s", i, g.FormatPosition(&want[i]), g.FormatPosition(&got[i]), text)
					}
				}
				if o := records.PDNOutcome(h); !o.Over && !strings.Contains(text, `[Result "1-0"]`) {
					t.Errorf("the game left unfinished lost its result 1-0:\n%s", text)
				}
			}
		})
	}
}

func ptr(p board.Position) *board.Position { return &p }

// Every built-in game of the draughts family writes PDN, but the column
// games: a PDN FEN has no way to write a stack (bashni, lasca). A built-in
// game with kings and captures and without stacks that lacks a PDN game
// type fails here.
func TestEveryDraughtsGameHasAPDNGameType(t *testing.T) {
	for _, name := range variants.Names() {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if !g.HasCaptures() || len(g.Kinds) != 2 || g.PDNGameType() != 0 {
			continue
		}
		if name != "bashni" && name != "lasca" {
			t.Errorf("%s has men, kings and captures but no pdn_game_type", name)
		}
	}
}
