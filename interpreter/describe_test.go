package interpreter

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
)

// The directions Notation names are the ones the notation reads: a move
// written with a direction's mark goes that way.
func TestNotationDirectionsRead(t *testing.T) {
	g := mustOpenDescribe(t, "tak")
	info, ok := g.Notation()
	if !ok || info.Place != "{kind}{to}" || info.Move != "{count}{from}{direction}{drops}" {
		t.Fatalf("tak's notation: %+v", info)
	}
	if len(info.Directions) != 4 {
		t.Fatalf("tak's directions: %+v", info.Directions)
	}
	for _, d := range info.Directions {
		m, err := g.ParseMoveText("c3" + d.Mark)
		if err != nil {
			t.Fatalf("%s (%s): %v", d.Name, d.Mark, err)
		}
		f0, r0 := g.Board.Coord(m.From)
		f1, r1 := g.Board.Coord(m.To)
		if (board.Direction{DF: int8(f1 - f0), DR: int8(r1 - r0)}) != d.Dir {
			t.Errorf("%s: c3%s goes from %s to %s", d.Name, d.Mark, g.Board.SquareName(m.From), g.Board.SquareName(m.To))
		}
	}
	marks := map[string]string{}
	for _, k := range info.Kinds {
		marks[g.KindName(k.Kind)] = k.Mark
	}
	if marks["flat"] != "" || marks["wall"] != "S" || marks["capstone"] != "C" || len(info.ReadKinds) != 1 || info.ReadKinds[0].Mark != "F" {
		t.Errorf("tak's kind marks: %v, read %v", marks, info.ReadKinds)
	}
	if info.Position == nil || info.Position.Name != "tps" {
		t.Errorf("tak's position notation: %+v", info.Position)
	}
}

// Tak's walls come from the flats in hand; DVONN's neutral pieces are a
// pool of nobody's.
func TestHandPools(t *testing.T) {
	g := mustOpenDescribe(t, "tak")
	for _, hp := range g.HandPools() {
		switch g.KindName(hp.Kind) {
		case "flat":
			if len(hp.Placed) != 2 || g.KindName(hp.Placed[1]) != "wall" {
				t.Errorf("the flats' pool places %v", hp.Placed)
			}
		case "capstone":
			if len(hp.Placed) != 1 {
				t.Errorf("the capstones' pool places %v", hp.Placed)
			}
		default:
			t.Errorf("a pool of %s", g.KindName(hp.Kind))
		}
	}
	d := mustOpenDescribe(t, "dvonn")
	neutral := 0
	for _, hp := range d.HandPools() {
		if hp.Owner < 0 {
			neutral++
			if d.KindName(hp.Kind) != "dvonn" {
				t.Errorf("the neutral pool is of %s", d.KindName(hp.Kind))
			}
		}
	}
	if neutral != 1 || len(d.NeutralNames()) != 1 {
		t.Errorf("dvonn: %d neutral pools, neutral pieces %v", neutral, d.NeutralNames())
	}
	if len(g.Spreads()) != 1 || g.Spreads()[0].LiftMax != 5 {
		t.Errorf("tak's spreads: %+v", g.Spreads())
	}
}

// Of the built-in games with pieces in hand, only Tak's and Three Men's
// Morris never lose a piece from the board.
func TestCanRemovePieces(t *testing.T) {
	for _, name := range variants.Names() {
		g := mustOpenDescribe(t, name)
		if !g.HasHands() {
			continue
		}
		keep := strings.HasPrefix(name, "tak") || name == "three-mens-morris"
		if g.CanRemovePieces() == keep {
			t.Errorf("%s: CanRemovePieces is %v", name, g.CanRemovePieces())
		}
	}
}

func mustOpenDescribe(t *testing.T, name string) *Game {
	t.Helper()
	g, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
