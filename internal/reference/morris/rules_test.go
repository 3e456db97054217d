package morris

import (
	"math/bits"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Hand-worked positions, one or more per clause of the pinned rules. Board, for reading
// the expected lists (adjacency runs along the lines):
//
//	7  a7 ------- d7 ------- g7
//	6  |   b6 --- d6 --- f6   |
//	5  |   |  c5  d5  e5  |   |
//	4  a4  b4 c4      e4 f4  g4
//	3  |   |  c3  d3  e3  |   |
//	2  |   b2 --- d2 --- f2   |
//	1  a1 ------- d1 ------- g1

func mustParse(t *testing.T, s string) *Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatal(err)
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

func after(t *testing.T, moves []Move, text string) string {
	t.Helper()
	for _, m := range moves {
		if m.Text == text {
			return m.After
		}
	}
	t.Fatalf("no move %s among %v", text, texts(moves))
	return ""
}

func wantMoves(t *testing.T, pos string, want []string) []Move {
	t.Helper()
	moves := mustParse(t, pos).Moves()
	if got := texts(moves); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: moves\n got %v\nwant %v", pos, got, want)
	}
	return moves
}

// emptyExcept lists, sorted as move texts, the points not named in occupied, each with
// prefix before it - the expected placements or flights into every empty point.
func emptyExcept(prefix string, occupied ...string) []string {
	var out []string
	for _, name := range pointNames {
		taken := false
		for _, o := range occupied {
			taken = taken || o == name
		}
		if !taken {
			out = append(out, prefix+name)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	sort.Strings(out)
	return out
}

func TestPlacing(t *testing.T) {
	moves := Start().Moves()
	want := []string{"a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
		"d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"}
	if got := texts(moves); !reflect.DeepEqual(got, want) {
		t.Errorf("start: moves %v, want %v", got, want)
	}
	if got, want := after(t, moves, "d2"), "b d2:r hand:r8,b9"; got != want {
		t.Errorf("start d2: after %q, want %q", got, want)
	}
	// With pieces in hand a player places, even with pieces on the board that could slide.
	pos := "r a1:r,d2:b hand:r8,b8"
	moves = wantMoves(t, pos, []string{"a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d3",
		"d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"})
	if got, want := after(t, moves, "d1"), "b a1:r,d1:r,d2:b hand:r7,b8"; got != want {
		t.Errorf("%s d1: after %q, want %q", pos, got, want)
	}
	// The last piece from hand: the hand field goes once both hands are empty.
	moves = mustParse(t, "b a1:r,d2:b,a4:r,c5:b,e5:b,g7:r hand:r0,b1").Moves()
	if got, want := after(t, moves, "g1"), "r a1:r,g1:b,d2:b,a4:r,c5:b,e5:b,g7:r"; got != want {
		t.Errorf("last placement: after %q, want %q", got, want)
	}
	// Three on the board but one still in hand: placing, not flying.
	wantMoves(t, "r a1:r,d1:r,f6:r,b2:b,d2:b,f2:b,a7:b hand:r1,b0", sorted(
		emptyExcept("", "a1", "d1", "f6", "b2", "d2", "f2", "a7", "g1"),
		[]string{"g1xa7"}))
}

func TestSliding(t *testing.T) {
	// Red a1 is boxed in by d1 and a4; d2, e4 and g7 slide along their lines; nothing
	// jumps, and red has four pieces so it does not fly.
	pos := "r a1:r,d1:b,d2:r,a4:b,b4:b,e4:r,d7:b,g7:r"
	moves := wantMoves(t, pos, []string{"d2-b2", "d2-d3", "d2-f2", "e4-e3", "e4-e5", "e4-f4", "g7-g4"})
	if got, want := after(t, moves, "g7-g4"), "b a1:r,d1:b,d2:r,a4:b,b4:b,e4:r,g4:r,d7:b"; got != want {
		t.Errorf("%s g7-g4: after %q, want %q", pos, got, want)
	}
	// Black's reply list from the same board: d1-g1, a4-a7, b4-b2, b4-b6, b4-c4, d7-d6,
	// d7-a7 (d1-a1 and a4-a1 are blocked by red a1, d7-g7 by red g7).
	wantMoves(t, "b a1:r,d1:b,d2:r,a4:b,b4:b,e4:r,d7:b,g7:r",
		[]string{"a4-a7", "b4-b2", "b4-b6", "b4-c4", "d1-g1", "d7-a7", "d7-d6"})
}

func TestFlyingAtExactlyThree(t *testing.T) {
	// Red's mill a1-d1-g1 is its only three pieces, boxed in by a4, d2 and g4: with exactly
	// three red flies anywhere; re-entering a1 would need a1 empty first, so no mill.
	pos := "r a1:r,d1:r,g1:r,d2:b,a4:b,g4:b"
	occupied := []string{"a1", "d1", "g1", "d2", "a4", "g4"}
	moves := wantMoves(t, pos, sorted(
		emptyExcept("a1-", occupied...), emptyExcept("d1-", occupied...), emptyExcept("g1-", occupied...)))
	if len(moves) != 3*18 {
		t.Errorf("%s: %d moves, want 54", pos, len(moves))
	}
	if got, want := after(t, moves, "a1-g7"), "b d1:r,g1:r,d2:b,a4:b,g4:b,g7:r"; got != want {
		t.Errorf("%s a1-g7: after %q, want %q", pos, got, want)
	}
	// With four pieces the same three are blocked: only b6 moves, and only by sliding.
	wantMoves(t, "r a1:r,d1:r,g1:r,d2:b,a4:b,g4:b,b6:r", []string{"b6-b4", "b6-d6"})
	// Black has three too but it is red's turn: black's count does not let red fly.
	wantMoves(t, "r a1:r,d1:r,g1:r,b6:r,d2:b,a4:b,g4:b,d6:b", []string{"b6-b4"})
	// Flying into a mill: f6-g1 closes a1-d1-g1 and takes a7, the only black piece
	// outside black's mill b2-d2-f2.
	occupied = []string{"a1", "d1", "f6", "b2", "d2", "f2", "a7"}
	moves = wantMoves(t, "r a1:r,d1:r,f6:r,b2:b,d2:b,f2:b,a7:b", sorted(
		emptyExcept("a1-", occupied...), emptyExcept("d1-", occupied...),
		emptyExcept("f6-", append(occupied, "g1")...), []string{"f6-g1xa7"}))
	if got, want := after(t, moves, "f6-g1xa7"), "b a1:r,d1:r,g1:r,b2:b,d2:b,f2:b"; got != want {
		t.Errorf("f6-g1xa7: after %q, want %q", got, want)
	}
}

func TestMillRemovesOnePieceNotInAMill(t *testing.T) {
	// Placing g1 closes a1-d1-g1; black's b2, d2, f2 stand in a mill, so only a4 can go.
	pos := "r a1:r,d1:r,b2:b,d2:b,f2:b,a4:b hand:r5,b3"
	moves := wantMoves(t, pos, sorted(
		emptyExcept("", "a1", "d1", "b2", "d2", "f2", "a4", "g1"), []string{"g1xa4"}))
	if got, want := after(t, moves, "g1xa4"), "b a1:r,d1:r,g1:r,b2:b,d2:b,f2:b hand:r4,b3"; got != want {
		t.Errorf("g1xa4: after %q, want %q", got, want)
	}
	// Sliding into a mill: d2-d1 closes a1-d1-g1; every black piece is free, each choice
	// is its own move. a1-d1 and g1-d1 leave a hole in that line, so they remove nothing.
	pos = "r a1:r,g1:r,d2:r,f6:r,b2:b,d3:b,a7:b,d7:b"
	moves = wantMoves(t, pos, []string{"a1-a4", "a1-d1", "d2-d1xa7", "d2-d1xb2", "d2-d1xd3",
		"d2-d1xd7", "d2-f2", "f6-d6", "f6-f4", "g1-d1", "g1-g4"})
	if got, want := after(t, moves, "d2-d1xb2"), "b a1:r,d1:r,g1:r,d3:b,f6:r,a7:b,d7:b"; got != want {
		t.Errorf("d2-d1xb2: after %q, want %q", got, want)
	}
	// A mill already standing does not remove again: only the moved piece counts. Moving
	// out of it (d1-d2) and back in later forms it again, as the position above shows.
	wantMoves(t, "r a1:r,d1:r,g1:r,b6:r,a4:b,g4:b,d6:b", []string{"b6-b4", "d1-d2"})
}

func TestMillWhenAllOpposingPiecesAreInMills(t *testing.T) {
	// Black's only pieces form b2-d2-f2 and e4-f4-g4, so any of the six may be taken.
	pos := "r a1:r,d1:r,b2:b,d2:b,f2:b,e4:b,f4:b,g4:b hand:r5,b3"
	occupied := []string{"a1", "d1", "b2", "d2", "f2", "e4", "f4", "g4", "g1"}
	wantMoves(t, pos, sorted(emptyExcept("", occupied...),
		[]string{"g1xb2", "g1xd2", "g1xe4", "g1xf2", "g1xf4", "g1xg4"}))
	// One black piece outside the mills is enough to protect them all.
	pos = "r a1:r,d1:r,b2:b,d2:b,f2:b,e4:b,f4:b,g4:b,c5:b hand:r5,b2"
	wantMoves(t, pos, sorted(emptyExcept("", append(occupied, "c5")...), []string{"g1xc5"}))
}

func TestDoubleMillRemovesOne(t *testing.T) {
	// d1 closes a1-d1-g1 and d1-d2-d3 at once: still one removal per move.
	pos := "r a1:r,g1:r,d2:r,d3:r,a4:b,g4:b hand:r3,b5"
	moves := wantMoves(t, pos, sorted(
		emptyExcept("", "a1", "g1", "d2", "d3", "a4", "g4", "d1"), []string{"d1xa4", "d1xg4"}))
	if got, want := after(t, moves, "d1xa4"), "b a1:r,d1:r,g1:r,d2:r,d3:r,g4:b hand:r2,b5"; got != want {
		t.Errorf("d1xa4: after %q, want %q", got, want)
	}
}

func TestMillWithNoOpposingPieceOnTheBoard(t *testing.T) {
	// Black has pieces only in hand: g1 still closes a mill but removes nothing.
	pos := "r a1:r,d1:r hand:r5,b6"
	moves := wantMoves(t, pos, emptyExcept("", "a1", "d1"))
	if got, want := after(t, moves, "g1"), "b a1:r,d1:r,g1:r hand:r4,b6"; got != want {
		t.Errorf("g1: after %q, want %q", got, want)
	}
}

func TestWinByReducingBelowThree(t *testing.T) {
	// Black has 2 on the board and 1 in hand: 3 in all, so the game goes on.
	pos := "r a1:r,d1:r,b2:b,f2:b hand:r1,b1"
	p := mustParse(t, pos)
	if r := p.Result(); r != "" {
		t.Errorf("%s: Result %q, want the game to go on", pos, r)
	}
	moves := wantMoves(t, pos, sorted(
		emptyExcept("", "a1", "d1", "b2", "f2", "g1"), []string{"g1xb2", "g1xf2"}))
	// g1xb2 leaves black 1 + 1 < 3: red has won and black has no moves.
	won := mustParse(t, after(t, moves, "g1xb2"))
	if got, want := won.String(), "b a1:r,d1:r,g1:r,f2:b hand:r0,b1"; got != want {
		t.Fatalf("g1xb2: after %q, want %q", got, want)
	}
	if r := won.Result(); r != "r" {
		t.Errorf("%s: Result %q, want r", won, r)
	}
	if m := won.Moves(); m != nil {
		t.Errorf("%s: finished game has moves %v", won, texts(m))
	}
	if n := Perft(won, 1); n != 0 {
		t.Errorf("%s: Perft(1) = %d, want 0 (a finished game has no moves)", won, n)
	}
	if n := Perft(won, 0); n != 1 {
		t.Errorf("%s: Perft(0) = %d, want 1", won, n)
	}
	// Without the mill black keeps 3 (2 + 1 in hand), places, and can mill back with d2.
	goesOn := mustParse(t, after(t, moves, "a4"))
	if r := goesOn.Result(); r != "" {
		t.Errorf("%s: Result %q, want the game to go on", goesOn, r)
	}
	wantMoves(t, goesOn.String(), sorted(
		emptyExcept("", "a1", "d1", "a4", "b2", "f2", "d2"), []string{"d2xa1", "d2xa4", "d2xd1"}))
	// Hand pieces count: black down to one piece on the board but two in hand plays on.
	moves = mustParse(t, "r a1:r,d1:r,b2:b,f2:b hand:r1,b2").Moves()
	if p := mustParse(t, after(t, moves, "g1xb2")); p.Result() != "" || p.Moves() == nil {
		t.Errorf("%s: black has 1 + 2 pieces, want the game to go on", p)
	}
	// In the moving phase: black at exactly 3 loses one to d2-d1 and has lost.
	moves = mustParse(t, "r a1:r,g1:r,d2:r,f6:r,b2:b,d3:b,a7:b").Moves()
	if p := mustParse(t, after(t, moves, "d2-d1xa7")); p.Result() != "r" || p.Moves() != nil {
		t.Errorf("%s: black has 2 pieces, want red to have won", p)
	}
	// The rule looks at the player to move only: red (to move) with 2 pieces has lost,
	// whatever black has.
	if r := mustParse(t, "r a1:r,d1:r,b2:b,f2:b").Result(); r != "b" {
		t.Errorf("red to move with 2 pieces: Result %q, want b", r)
	}
}

func TestLossWhenBlocked(t *testing.T) {
	// Red's four pieces have no empty neighbour and red does not fly: black has won.
	pos := "r a1:r,d1:r,g1:r,b6:r,a4:b,d2:b,g4:b,d6:b,b4:b"
	p := mustParse(t, pos)
	if m := p.Moves(); m != nil {
		t.Errorf("%s: moves %v, want none", pos, texts(m))
	}
	if r := p.Result(); r != "b" {
		t.Errorf("%s: Result %q, want b", pos, r)
	}
	if n := Perft(p, 2); n != 0 {
		t.Errorf("%s: Perft(2) = %d, want 0", pos, n)
	}
	// The same board with black to move: black can move, nobody has won.
	if r := mustParse(t, "b"+pos[1:]).Result(); r != "" {
		t.Errorf("black to move: Result %q, want the game to go on", r)
	}
	if r := Start().Result(); r != "" {
		t.Errorf("start: Result %q, want the game to go on", r)
	}
}

// TestRandomGames plays seeded random games to their end, through placing, sliding and
// flying, checking invariants the hand-worked tests cannot cover in bulk.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	endings := map[string]int{}
	phases := map[string]int{}
	for game := 0; game < 60; game++ {
		p := Start()
		for ply := 0; ; ply++ {
			moves := p.Moves()
			result := p.Result()
			if (moves == nil) != (result != "") {
				t.Fatalf("%s: %d moves but Result %q", p, len(moves), result)
			}
			if int64(len(moves)) != Perft(p, 1) {
				t.Fatalf("%s: %d moves, Perft(1) = %d", p, len(moves), Perft(p, 1))
			}
			if result != "" || ply == 400 {
				endings[result]++
				break
			}
			phases[phase(p)]++
			before := pieceCount(p)
			for i, m := range moves {
				if i > 0 && moves[i-1].Text >= m.Text {
					t.Fatalf("%s: moves not sorted and distinct at %s", p, m.Text)
				}
				removes := pieceCount(mustParse(t, m.After)) < before
				if strings.Contains(m.Text, "x") != removes {
					t.Fatalf("%s: %s: an x must go with exactly the moves that remove", p, m.Text)
				}
			}
			p = mustParse(t, moves[rng.Intn(len(moves))].After)
		}
	}
	t.Logf("endings %v, positions by phase %v", endings, phases)
	if endings["r"] == 0 || endings["b"] == 0 || len(phases) != 3 {
		t.Errorf("random games ended %v, visited %v: want wins for both sides and all three phases", endings, phases)
	}
}

// phase names how the player to move moves at p.
func phase(p *Position) string {
	switch {
	case p.hand[p.turn] > 0:
		return "placing"
	case bits.OnesCount32(p.pieces[p.turn]) == 3:
		return "flying"
	}
	return "sliding"
}

// pieceCount is the number of pieces on the board and in hand.
func pieceCount(p *Position) int {
	return p.hand[red] + p.hand[black] + bits.OnesCount32(p.pieces[red]|p.pieces[black])
}
