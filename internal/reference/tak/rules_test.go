package tak

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

func mustTPS(t *testing.T, s string) *Position {
	t.Helper()
	p, err := ParseTPS(s)
	if err != nil {
		t.Fatalf("ParseTPS(%q): %v", s, err)
	}
	return p
}

func mustPlay(t *testing.T, p *Position, ptn string) *Position {
	t.Helper()
	q, err := Play(p, ptn)
	if err != nil {
		t.Fatalf("Play(%s, %q): %v", p.TPS(), ptn, err)
	}
	return q
}

func ptns(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.PTN
	}
	return out
}

// spreadsOf returns the moves that are not placements.
func spreadsOf(ms []Move) []string {
	var out []string
	for _, m := range ms {
		if strings.ContainsAny(m.PTN, "+-<>") {
			out = append(out, m.PTN)
		}
	}
	return out
}

func afterOf(t *testing.T, ms []Move, ptn string) string {
	t.Helper()
	for _, m := range ms {
		if m.PTN == ptn {
			return m.After
		}
	}
	t.Fatalf("%q is not among the moves %v", ptn, ptns(ms))
	return ""
}

func wantIllegal(t *testing.T, p *Position, ptn, because string) {
	t.Helper()
	_, err := Play(p, ptn)
	if err == nil {
		t.Fatalf("Play(%s, %q) succeeded, want an error", p.TPS(), ptn)
	}
	if !strings.Contains(err.Error(), because) {
		t.Fatalf("Play(%s, %q) error %q, want it to say %q", p.TPS(), ptn, err, because)
	}
}

func wantResult(t *testing.T, p *Position, want Result) {
	t.Helper()
	if got := GetResult(p); got != want {
		t.Fatalf("GetResult(%s) = %+v, want %+v", p.TPS(), got, want)
	}
}

func TestOpening(t *testing.T) {
	p := Start(5)
	ms := Moves(p)
	if len(ms) != 25 {
		t.Fatalf("start of 5×5: %d moves, want 25: %v", len(ms), ptns(ms))
	}
	if ms[0].PTN != "a1" || ms[0].After != "x5/x5/x5/x5/2,x4 2 1" {
		t.Fatalf("first move %+v, want a1 placing a black flat", ms[0])
	}
	for _, m := range ms {
		if len(m.PTN) != 2 {
			t.Fatalf("opening move %q is not a flat placement", m.PTN)
		}
		if got := Features(p, m); !reflect.DeepEqual(got, []string{"opening"}) {
			t.Fatalf("Features(%q) = %v, want [opening]", m.PTN, got)
		}
	}
	wantIllegal(t, p, "Sa1", "only a flat")
	wantIllegal(t, p, "Ca1", "only a flat")
	p = mustPlay(t, p, "a1")
	if s, c := p.Reserve(2); s != 20 || c != 1 {
		t.Fatalf("black reserve after White's opening %d/%d, want 20/1", s, c)
	}
	if s, _ := p.Reserve(1); s != 21 {
		t.Fatalf("white reserve after White's opening %d, want 21", s)
	}
	ms = Moves(p)
	if len(ms) != 24 || spreadsOf(ms) != nil {
		t.Fatalf("Black's opening: %d moves %v, want 24 placements", len(ms), ptns(ms))
	}
	wantIllegal(t, p, "a1>", "first move")
	wantIllegal(t, p, "a1", "not empty")
	p = mustPlay(t, p, "e5")
	if got := p.TPS(); got != "x4,1/x5/x5/x5/2,x4 1 2" {
		t.Fatalf("after a1 e5: %s", got)
	}
	// Move 2: White places from its own reserve, or moves its own flat on e5.
	ms = Moves(p)
	if len(ms) != 23*3+2 {
		t.Fatalf("move 2: %d moves, want 71", len(ms))
	}
	if got := spreadsOf(ms); !reflect.DeepEqual(got, []string{"e5-", "e5<"}) {
		t.Fatalf("move 2 spreads %v, want [e5- e5<]", got)
	}
	wantIllegal(t, p, "a1+", "not the mover's")
	if got := afterOf(t, ms, "b1"); got != "x4,1/x5/x5/x5/2,1,x3 2 2" {
		t.Fatalf("b1 on move 2 gives %s", got)
	}
}

func TestSpreadEnumeration(t *testing.T) {
	// a1 holds black, white, white (top); White to move on an otherwise empty 3×3.
	p := mustTPS(t, "x3/x3/211,x2 1 3")
	var want []string
	for _, sq := range []string{"b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"} {
		want = append(want, sq, "S"+sq)
	}
	want = append(want,
		"a1+", "2a1+", "2a1+11", "3a1+", "3a1+12", "3a1+21",
		"a1>", "2a1>", "2a1>11", "3a1>", "3a1>12", "3a1>21")
	sort.Strings(want)
	ms := Moves(p)
	if got := ptns(ms); !reflect.DeepEqual(got, want) {
		t.Fatalf("moves\n got %v\nwant %v", got, want)
	}
	for ptn, after := range map[string]string{
		"3a1>21": "x3/x3/x,21,1 2 3",
		"3a1+12": "11,x2/2,x2/x3 2 3",
		"2a1+11": "1,x2/1,x2/2,x2 2 3",
		"2a1>":   "x3/x3/2,11,x 2 3",
		"a1+":    "x3/1,x2/21,x2 2 3",
		"3a1>":   "x3/x3/x,211,x 2 3",
	} {
		if got := afterOf(t, ms, ptn); got != after {
			t.Errorf("%s: after %s, want %s", ptn, got, after)
		}
	}
	for _, m := range ms {
		multi := strings.ContainsAny(m.PTN, "+-<>") && len(m.PTN) == 6
		got := Features(p, m)
		if multi != reflect.DeepEqual(got, []string{"spread-multi-drop"}) {
			t.Errorf("Features(%q) = %v", m.PTN, got)
		}
	}
	wantIllegal(t, p, "3a1>111", "leaves the board")
	wantIllegal(t, p, "4a1>", "carry limit is 3")
	wantIllegal(t, p, "b1>", "empty")
}

func TestCarryLimit(t *testing.T) {
	// A stack of five with a white top in the centre of a 3×3: carry at most 3.
	p := mustTPS(t, "x3/x,22111,x/x3 1 3")
	want := []string{
		"2b2+", "2b2-", "2b2<", "2b2>", "3b2+", "3b2-", "3b2<", "3b2>",
		"b2+", "b2-", "b2<", "b2>",
	}
	if got := spreadsOf(Moves(p)); !reflect.DeepEqual(got, want) {
		t.Fatalf("spreads %v, want %v", got, want)
	}
	wantIllegal(t, p, "4b2>", "carry limit is 3")
	if got := mustPlay(t, p, "3b2<").TPS(); got != "x3/111,22,x/x3 2 3" {
		t.Fatalf("3b2< gives %s", got)
	}
}

func TestBlocking(t *testing.T) {
	// A wall on c1 stops a flat-topped stack after b1.
	p := mustTPS(t, "x3/x3/211,x,2S 1 3")
	want := []string{"2a1+", "2a1+11", "2a1>", "3a1+", "3a1+12", "3a1+21", "3a1>", "a1+", "a1>"}
	if got := spreadsOf(Moves(p)); !reflect.DeepEqual(got, want) {
		t.Fatalf("spreads %v, want %v", got, want)
	}
	wantIllegal(t, p, "2a1>11", "capstone alone")
	// A capstone stops everything, capstones included.
	p = mustTPS(t, "x5/x5/x5/x5/1,2C,x3 1 3")
	wantIllegal(t, p, "a1>", "onto a capstone")
	if got := spreadsOf(Moves(p)); !reflect.DeepEqual(got, []string{"a1+"}) {
		t.Fatalf("spreads %v, want [a1+]", got)
	}
	p = mustTPS(t, "x5/x5/x5/x5/1C,2C,x3 1 3")
	wantIllegal(t, p, "a1>", "onto a capstone")
	// A wall moves onto flats but not onto another wall.
	p = mustTPS(t, "x5/x5/x5/2,x4/1S,2S,x3 1 3")
	wantIllegal(t, p, "a1>", "capstone alone")
	if got := mustPlay(t, p, "a1+").TPS(); got != "x5/x5/x5/21S,x4/x,2S,x3 2 3" {
		t.Fatalf("a1+ with a wall gives %s", got)
	}
	// The capstone on the board cannot be covered by the other player either.
	p = mustTPS(t, "x5/x5/x5/x5/2,1C,x3 2 3")
	wantIllegal(t, p, "a1>", "onto a capstone")
}

func TestCapstoneFlattening(t *testing.T) {
	// White capstone on a1 over a black flat, b1 empty, a black wall on c1.
	p := mustTPS(t, "x5/x5/x5/x5/21C,x,2S,x2 1 3")
	ms := Moves(p)
	want := []string{"2a1+", "2a1+11", "2a1>", "2a1>11", "a1+", "a1>"}
	if got := spreadsOf(ms); !reflect.DeepEqual(got, want) {
		t.Fatalf("spreads %v, want %v", got, want)
	}
	if got := afterOf(t, ms, "2a1>11"); got != "x5/x5/x5/x5/x,2,21C,x2 2 3" {
		t.Fatalf("2a1>11 gives %s", got)
	}
	if got := Features(p, Move{PTN: "2a1>11"}); !reflect.DeepEqual(got, []string{"spread-multi-drop", "flatten"}) {
		t.Fatalf("Features(2a1>11) = %v", got)
	}
	// Adjacent wall: the capstone alone flattens it; carrying more it may not land there.
	p = mustTPS(t, "x5/x5/x5/x5/21C,2S,x3 1 3")
	if got := spreadsOf(Moves(p)); !reflect.DeepEqual(got, []string{"2a1+", "2a1+11", "a1+", "a1>"}) {
		t.Fatalf("spreads %v", got)
	}
	wantIllegal(t, p, "2a1>", "capstone alone")
	q := mustPlay(t, p, "a1>")
	if got := q.TPS(); got != "x5/x5/x5/x5/2,21C,x3 2 3" {
		t.Fatalf("a1> flattening gives %s", got)
	}
	if got := Features(p, Move{PTN: "a1>"}); !reflect.DeepEqual(got, []string{"flatten"}) {
		t.Fatalf("Features(a1>) = %v", got)
	}
	// The flattened wall is a flat: the capstone may leave, and flats may then land there.
	q = mustPlay(t, q, "e1")
	q = mustPlay(t, q, "b1<")
	if got := q.TPS(); got != "x5/x5/x5/x5/21C,2,x2,2 2 4" {
		t.Fatalf("capstone leaving the flattened wall gives %s", got)
	}
	// Three carried from a taller stack, the capstone last and alone onto the wall on d1.
	p = mustTPS(t, "x5/x5/x5/x5/1121C,x2,2S,x 1 3")
	ms = Moves(p)
	for _, ptn := range []string{"3a1>111", "4a1>121", "4a1>211"} {
		if got := Features(p, Move{PTN: ptn}); !reflect.DeepEqual(got, []string{"spread-multi-drop", "flatten"}) {
			t.Errorf("Features(%s) = %v", ptn, got)
		}
	}
	if got := afterOf(t, ms, "3a1>111"); got != "x5/x5/x5/x5/1,1,2,21C,x 2 3" {
		t.Fatalf("3a1>111 gives %s", got)
	}
	wantIllegal(t, p, "4a1>112", "capstone alone")
	wantIllegal(t, p, "4a1>1111", "capstone alone")
	wantIllegal(t, p, "5a1>", "only 4 pieces")
	// A capstone that does not reach the wall does not flatten it.
	if got := Features(p, Move{PTN: "2a1>11"}); !reflect.DeepEqual(got, []string{"spread-multi-drop"}) {
		t.Fatalf("Features(2a1>11) = %v", got)
	}
}

func TestWallAndCapstonePlacement(t *testing.T) {
	p := mustPlay(t, mustPlay(t, Start(5), "a1"), "e5")
	q := mustPlay(t, p, "Sc3")
	if got := q.TPS(); got != "x4,1/x5/x2,1S,x2/x5/2,x4 2 2" {
		t.Fatalf("Sc3 gives %s", got)
	}
	if got := Features(p, Move{PTN: "Sc3"}); !reflect.DeepEqual(got, []string{"placement-wall"}) {
		t.Fatalf("Features(Sc3) = %v", got)
	}
	q = mustPlay(t, p, "Cc3")
	if got := q.TPS(); got != "x4,1/x5/x2,1C,x2/x5/2,x4 2 2" {
		t.Fatalf("Cc3 gives %s", got)
	}
	if got := Features(p, Move{PTN: "Cc3"}); !reflect.DeepEqual(got, []string{"placement-capstone"}) {
		t.Fatalf("Features(Cc3) = %v", got)
	}
	if s, c := q.Reserve(1); s != 20 || c != 0 {
		t.Fatalf("white reserve after Cc3 %d/%d, want 20/0", s, c)
	}
	q = mustPlay(t, q, "b2")
	wantIllegal(t, q, "Cd4", "no capstone left")
	for _, m := range Moves(q) {
		if m.PTN[0] == 'C' {
			t.Fatalf("capstone placement %q with none in reserve", m.PTN)
		}
	}
	// No capstones at all on 3×3 and 4×4.
	for _, tps := range []string{"x3/x3/x,1,2 1 2", "x4/x4/x4/x2,1,2 1 2"} {
		p := mustTPS(t, tps)
		wantIllegal(t, p, "Ca1", "no capstone")
	}
	// Out of stones, a capstone is still placed.
	p = mustTPS(t, "x5/x5/x5/x5/111111111111111111111,2,x3 1 12")
	// White has no stones: only the capstone and the spreads of a1.
	for _, m := range Moves(p) {
		if len(m.PTN) == 2 || m.PTN[0] == 'S' {
			t.Fatalf("stone placement %q with no stone in reserve", m.PTN)
		}
	}
	wantIllegal(t, p, "Sc3", "no stone left")
}

func TestRoads(t *testing.T) {
	// Left-right along rank 3 of a 3×3.
	p := mustTPS(t, "1,1,x/2,2,x/x3 1 3")
	wantResult(t, p, Result{})
	q := mustPlay(t, p, "c3")
	wantResult(t, q, Result{Over: true, Winner: 1, Reason: "road"})
	if Moves(q) != nil {
		t.Fatalf("moves after a road: %v", ptns(Moves(q)))
	}
	if got := Features(p, Move{PTN: "c3"}); !reflect.DeepEqual(got, []string{"road-white"}) {
		t.Fatalf("Features(c3) = %v", got)
	}
	// A wall does not make a road.
	wantResult(t, mustPlay(t, p, "Sc3"), Result{})
	// Bottom-top for Black, winding.
	p = mustTPS(t, "x,2,x/1,2,2/1,1,x 2 3")
	q = mustPlay(t, p, "c1")
	wantResult(t, q, Result{Over: true, Winner: 2, Reason: "road"})
	if got := Features(p, Move{PTN: "c1"}); !reflect.DeepEqual(got, []string{"road-black"}) {
		t.Fatalf("Features(c1) = %v", got)
	}
	// A capstone counts for a road; a diagonal does not connect.
	p = mustTPS(t, "1,1,1,1,x/x5/x5/x5/x5 1 5")
	wantResult(t, mustPlay(t, p, "Ce5"), Result{Over: true, Winner: 1, Reason: "road"})
	p = mustTPS(t, "1,1,x3/x,x,1,1,x/x5/x5/x5 1 5")
	wantResult(t, mustPlay(t, p, "e4"), Result{})
	// A road made by a spread.
	p = mustTPS(t, "x3/x3/1111,x2 1 4")
	if got := Features(p, Move{PTN: "2a1>11"}); !reflect.DeepEqual(got, []string{"spread-multi-drop", "road-white"}) {
		t.Fatalf("Features(2a1>11) = %v", got)
	}
	wantResult(t, mustPlay(t, p, "3a1>"), Result{})
	p = mustTPS(t, "x3/x3/11,x,1 1 4")
	wantResult(t, mustPlay(t, p, "2a1>"), Result{})
	wantResult(t, mustPlay(t, p, "a1>"), Result{Over: true, Winner: 1, Reason: "road"})
}

func TestDragonClause(t *testing.T) {
	// White moves its top flat off c3, uncovering Black's road on rank 3 while completing
	// its own on rank 2: the mover wins.
	p := mustTPS(t, "2,2,21/1,1,x/x3 1 5")
	q := mustPlay(t, p, "c3-")
	if got := q.TPS(); got != "2,2,2/1,1,1/x3 2 5" {
		t.Fatalf("c3- gives %s", got)
	}
	wantResult(t, q, Result{Over: true, Winner: 1, Reason: "road"})
	if got := Features(p, Move{PTN: "c3-"}); !reflect.DeepEqual(got, []string{"road-white", "dragon"}) {
		t.Fatalf("Features(c3-) = %v", got)
	}
	// The same board with White to move: Black made the last move, Black wins.
	wantResult(t, mustTPS(t, "2,2,2/1,1,1/x3 1 6"), Result{Over: true, Winner: 2, Reason: "road"})
	// Black's dragon.
	p = mustTPS(t, "1,1,12/2,2,x/x3 2 5")
	wantResult(t, mustPlay(t, p, "c3-"), Result{Over: true, Winner: 2, Reason: "road"})
	if got := Features(p, Move{PTN: "c3-"}); !reflect.DeepEqual(got, []string{"road-black", "dragon"}) {
		t.Fatalf("Features(c3-) = %v", got)
	}
	// Uncovering only the opponent's road loses.
	p = mustTPS(t, "2,2,21/x3/x3 1 5")
	wantResult(t, mustPlay(t, p, "c3-"), Result{Over: true, Winner: 2, Reason: "road"})
	if got := Features(p, Move{PTN: "c3-"}); !reflect.DeepEqual(got, []string{"road-black"}) {
		t.Fatalf("Features(c3-) = %v", got)
	}
}

func TestFlatWinFullBoard(t *testing.T) {
	p := mustTPS(t, "1,2,1/2,1,2/1,2,x 1 5")
	wantResult(t, p, Result{})
	// c1 fills the board: White 5 flats on top, Black 4.
	wantResult(t, mustPlay(t, p, "c1"), Result{Over: true, Winner: 1, Reason: "flat"})
	if got := Features(p, Move{PTN: "c1"}); !reflect.DeepEqual(got, []string{"flat-win-full-board"}) {
		t.Fatalf("Features(c1) = %v", got)
	}
	// A wall does not count: 4 to 4 is a draw.
	wantResult(t, mustPlay(t, p, "Sc1"), Result{Over: true, Winner: 0, Reason: "flat"})
	if got := Features(p, Move{PTN: "Sc1"}); !reflect.DeepEqual(got, []string{"placement-wall", "flat-win-full-board"}) {
		t.Fatalf("Features(Sc1) = %v", got)
	}
	// Komi: 5 to 4 with half a point for Black still wins for White; a full point draws;
	// a point and a half wins for Black.
	for komi, want := range map[int]Result{
		1: {Over: true, Winner: 1, Reason: "flat"},
		2: {Over: true, Winner: 0, Reason: "flat"},
		3: {Over: true, Winner: 2, Reason: "flat"},
	} {
		k := mustTPS(t, p.TPS())
		k.SetKomi(komi)
		q := mustPlay(t, k, "c1")
		if q.Komi() != komi {
			t.Fatalf("komi not carried by Play")
		}
		wantResult(t, q, want)
	}
	// A full board with a road is a road win.
	p = mustTPS(t, "1,2,1/2,1,2/1,1,x 1 5")
	wantResult(t, mustPlay(t, p, "c1"), Result{Over: true, Winner: 1, Reason: "road"})
	// A full board of capstones and walls only is a draw at 0 to 0.
	wantResult(t, mustTPS(t, "1S,2S,1S/2S,1S,2S/1S,2S,1S 2 6"), Result{Over: true, Reason: "flat"})
}

func TestFlatWinOutOfPieces(t *testing.T) {
	// White has 9 of its 10 stones on a1; placing the last ends the game.
	p := mustTPS(t, "x3/x3/111111111,2,2 1 10")
	wantResult(t, p, Result{})
	q := mustPlay(t, p, "c3")
	if s, c := q.Reserve(1); s != 0 || c != 0 {
		t.Fatalf("white reserve %d/%d, want 0/0", s, c)
	}
	wantResult(t, q, Result{Over: true, Winner: 0, Reason: "flat"})
	if got := Features(p, Move{PTN: "c3"}); !reflect.DeepEqual(got, []string{"flat-win-out-of-pieces"}) {
		t.Fatalf("Features(c3) = %v", got)
	}
	wantResult(t, mustPlay(t, p, "Sc3"), Result{Over: true, Winner: 2, Reason: "flat"})
	p.SetKomi(1)
	wantResult(t, mustPlay(t, p, "c3"), Result{Over: true, Winner: 2, Reason: "flat"})
	p.SetKomi(-1)
	wantResult(t, mustPlay(t, p, "c3"), Result{Over: true, Winner: 1, Reason: "flat"})
	// Black running out.
	p = mustTPS(t, "x3/x3/222222222,1,x 2 10")
	wantResult(t, mustPlay(t, p, "c1"), Result{Over: true, Winner: 2, Reason: "flat"})
	// Stones gone but a capstone left: not over. Once it is placed, over; a capstone top
	// does not count as a flat.
	p = mustTPS(t, "x5/x5/x5/x5/111111111111111111111,x4 2 12")
	wantResult(t, p, Result{})
	p = mustTPS(t, "x5/x5/x5/x5/"+strings.Repeat("1", 22)+"C,x4 2 12")
	wantResult(t, p, Result{Over: true, Winner: 0, Reason: "flat"})
	if Moves(p) != nil || Perft(p, 3) != 0 {
		t.Fatalf("a finished game has moves")
	}
}

// TestReservesFromTPS checks the reserves derived from TPS, counted by hand: White has
// 24 stones and its capstone on the board, Black 28 stones and its capstone.
func TestReservesFromTPS(t *testing.T) {
	p := mustTPS(t, "2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42")
	for pl, want := range map[int][2]int{1: {30 - 24, 0}, 2: {30 - 28, 0}} {
		if s, c := p.Reserve(pl); s != want[0] || c != want[1] {
			t.Errorf("player %d reserve %d/%d, want %d/%d", pl, s, c, want[0], want[1])
		}
	}
}
