package backgammon

import (
	"strings"
	"testing"
)

const (
	startXGID       = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
	startPositionID = "4HPwATDgc/ABMA"
)

func TestPinnedStartStrings(t *testing.T) {
	if got := Start().XGID(); got != startXGID {
		t.Errorf("Start().XGID() = %s, want %s", got, startXGID)
	}
	if got := Start().PositionID(); got != startPositionID {
		t.Errorf("Start().PositionID() = %s, want %s", got, startPositionID)
	}
	p, err := ParseXGID(startXGID)
	if err != nil || p.Key() != Start().Key() {
		t.Errorf("ParseXGID(start) = %v, %v; want %s", p, err, Start().Key())
	}
	q, err := ParsePositionID(startPositionID)
	if err != nil || q.Key() != Start().Key() {
		t.Errorf("ParsePositionID(start) = %v, %v; want %s", q, err, Start().Key())
	}
}

// After white's 8/4 6/4 from the start, with black on roll, gnubg 1.07 shows the
// Position ID mGfwATDgc/ABMA: black's board (the player on roll) is the second
// half of the key, white's 4-point the first.
func TestPositionIDFromGnubg(t *testing.T) {
	var after *Position
	for _, pl := range Start().WithRoll(4, 2).Plays() {
		if pl.Text == "8/4 6/4" {
			after = pl.After
		}
	}
	if after == nil {
		t.Fatal("no play 8/4 6/4 for 42 from the start")
	}
	if got := after.PositionID(); got != "mGfwATDgc/ABMA" {
		t.Errorf("PositionID after 8/4 6/4 = %s, want mGfwATDgc/ABMA", got)
	}
	p, err := ParsePositionID("mGfwATDgc/ABMA")
	if err != nil {
		t.Fatal(err)
	}
	// Read with the player on roll as white: the opponent (black here) made its 4-point.
	if p.Checkers(Black, 4) != 2 || p.Checkers(Black, 8) != 2 || p.Checkers(Black, 6) != 4 || p.Checkers(White, 6) != 5 {
		t.Errorf("ParsePositionID(mGfwATDgc/ABMA) = %s", p.Key())
	}
	if mirrored(after, Black).Key() != p.Key() {
		t.Errorf("ParsePositionID(mGfwATDgc/ABMA) = %s, want %s", p.Key(), mirrored(after, Black).Key())
	}
}

func TestXGIDRoundTrips(t *testing.T) {
	for _, s := range []string{
		startXGID,
		"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
		"XGID=-b----E-C---eE---c-e----B-:0:0:-1:66:0:0:0:0:10",
		// Both bars occupied, some checkers off.
		"XGID=a-BD-B---bC---c-e---AA---B:0:0:1:31:0:0:0:0:10",
		"XGID=----------------------AEFC:0:0:-1:00:0:0:0:0:10",
	} {
		p, err := ParseXGID(s)
		if err != nil {
			t.Errorf("ParseXGID(%s): %v", s, err)
			continue
		}
		if got := p.XGID(); got != s {
			t.Errorf("ParseXGID(%s).XGID() = %s", s, got)
		}
	}
	// Black to move with dice: board in white's numbering, turn -1.
	p, _ := ParseXGID("XGID=-b----E-C---eE---c-e----B-:0:0:-1:21:0:0:0:0:10")
	if p.ToMove() != Black {
		t.Errorf("turn -1 read as %d", p.ToMove())
	}
	if d1, d2 := p.Roll(); d1 != 2 || d2 != 1 {
		t.Errorf("dice 21 read as %d%d", d1, d2)
	}
	if got := len(p.Plays()); got != 15 {
		t.Errorf("black's 21 from the start: %d plays, want 15", got)
	}
	// The dice are kept higher first; the cube fields are checked and dropped.
	q, err := ParseXGID("XGID=-b----E-C---eE---c-e----B-:2:1:1:25:3:1:1:7:8")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.XGID(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"; got != want {
		t.Errorf("XGID() = %s, want %s", got, want)
	}
}

func TestXGIDErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", `does not start with "XGID="`},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "9 fields"},
		{"XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "25 characters"},
		{"XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "a checker of the other player"},
		{"XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "a checker of the other player"},
		{"XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "board character 25"},
		{"XGID=-b----E-C---eE---c-e---BB-:0:0:1:00:0:0:0:0:10", "white has 17 checkers"},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "turn"},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "dice"},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:0:0:0:0:0:10", "dice"},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10", "dice"},
		{"XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube value"},
		{"XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "cube owner"},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:-1:10", "match length"},
	} {
		_, err := ParseXGID(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseXGID(%s) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
}

func TestPositionIDRoundTrips(t *testing.T) {
	for _, id := range []string{startPositionID, "mGfwATDgc/ABMA", "AAAAAAAAAAAAAA"} {
		p, err := ParsePositionID(id)
		if err != nil {
			t.Errorf("ParsePositionID(%s): %v", id, err)
			continue
		}
		if got := p.PositionID(); got != id {
			t.Errorf("ParsePositionID(%s).PositionID() = %s", id, got)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"4HPwATDgc/ABM", "13 characters"},
		{"4HPwATDgc/AB!A", "not base64"},
		{"4HPwATDgc/ABMB", "bits set past the 80-bit key"},
		{"/////////////w", "more than 15 checkers"},
	} {
		_, err := ParsePositionID(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePositionID(%s) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
}

func TestKeyDistinguishes(t *testing.T) {
	s := Start()
	keys := map[string]string{}
	for name, p := range map[string]*Position{
		"start":           s,
		"rolled 21":       s.WithRoll(2, 1),
		"rolled 12":       s.WithRoll(1, 2),
		"black to roll":   mirrored(s, Black),
		"after 24/23 6/4": s.WithRoll(2, 1).Plays()[0].After,
	} {
		keys[name] = p.Key()
	}
	if keys["rolled 21"] != keys["rolled 12"] {
		t.Errorf("21 and 12 differ: %s, %s", keys["rolled 21"], keys["rolled 12"])
	}
	seen := map[string]string{}
	for name, k := range keys {
		if name == "rolled 12" {
			continue
		}
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s share the key %s", name, other, k)
		}
		seen[k] = name
	}
}

// gnubg 1.07, given these XGIDs by "set xgid", shows these Position IDs: the XGID
// board is in white's (the capitals') numbering whoever is on roll, and the
// Position ID is from the point of view of the player on roll.
func TestXGIDToPositionIDAsGnubg(t *testing.T) {
	for _, c := range []struct{ xgid, id string }{
		{"XGID=a-BD-B---bC---c-e---AA---B:0:0:1:31:0:0:0:0:10", "AJ+DAWTP4AAUBg"},
		{"XGID=a-BD-B---bC---c-e---AA---B:0:0:-1:31:0:0:0:0:10", "9gwOQGEAn4MBBA"},
	} {
		p, err := ParseXGID(c.xgid)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.PositionID(); got != c.id {
			t.Errorf("%s: PositionID() = %s, want %s", c.xgid, got, c.id)
		}
	}
}
