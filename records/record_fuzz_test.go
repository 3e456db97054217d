package records_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
)

// Records and positions are typed or edited by people, so their readers
// take any text without a panic. Plain `go test` runs the seeds;
// `go test -fuzz FuzzRecord` (or FuzzPositionAndMove) explores.

// fuzzGames are the built-in games, loaded once for the fuzz targets.
var fuzzGames = func() []*interpreter.Game {
	var gs []*interpreter.Game
	for _, n := range variants.Names() {
		g, err := interpreter.Open(n)
		if err != nil {
			panic(err)
		}
		gs = append(gs, g)
	}
	return gs
}()

// watchdog crashes the fuzzing process when one input takes over 20 s, so
// that a hang is reported with its input rather than stalling the fuzzer.
func watchdog(input string) *time.Timer {
	return time.AfterFunc(20*time.Second, func() { panic("no answer in 20s on " + input) })
}

// FuzzRecord: Parse never panics; what it reads, String writes so
// that it reads back the same (tags, moves, comments, result); replaying it
// against every built-in game never panics.
func FuzzRecord(f *testing.F) {
	for i, g := range fuzzGames {
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		h := g.NewHistory(g.Start())
		for h.Len() < 40 && !h.Outcome().Over {
			pos := h.Position()
			moves := g.LegalMoves(&pos, nil)
			h.Play(moves[rng.IntN(len(moves))])
		}
		rec := records.New(g, h, g.Name, []string{"human", "mcts:easy"}, "2026.11.22")
		if len(rec.Moves) > 2 {
			rec.Moves[1].Comment = "{a fine move}"
		}
		f.Add(rec.String())
	}
	f.Add("\xef\xbb\xbf[Game \"Liger\"]\n\n{intro} 1. c3-d4 {one\n[not a tag]\nthree} f6-e5 *\n")
	f.Add("[Game \"x\\\\y\\\"\"]\n1.c3-d4 2.f6-e5 1/2-1/2 {after}")
	f.Add("1. c3-d4 { never closed\n2. b2-c3\n")
	f.Add("1. c3-d4 } f6-e5 1-1\n")
	f.Fuzz(func(t *testing.T, text string) {
		defer watchdog(fmt.Sprintf("record %q", text)).Stop()
		rec, err := records.Parse(strings.NewReader(text))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of several lines: %q", err)
			}
			return
		}
		out := rec.String()
		back, err := records.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatalf("the record as written does not read back: %v\nread:\n%s\nwritten:\n%s", err, text, out)
		}
		if !reflect.DeepEqual(back.Tags, rec.Tags) || back.Result != rec.Result || back.Intro != rec.Intro || back.Outro != rec.Outro || len(back.Moves) != len(rec.Moves) {
			t.Fatalf("the record changed on a round trip:\n%#v\n%#v\nwritten:\n%s", rec, back, out)
		}
		for i := range rec.Moves {
			if back.Moves[i].Text != rec.Moves[i].Text || back.Moves[i].Comment != rec.Moves[i].Comment {
				t.Fatalf("move %d changed on a round trip: %+v, %+v", i+1, rec.Moves[i], back.Moves[i])
			}
		}
		for _, g := range fuzzGames {
			h, err := records.Replay(g, rec)
			if err == nil {
				o := h.Outcome()
				records.CheckResult(g, rec, o)
			}
		}
	})
}

// FuzzPositionAndMove: a position string either is refused with an error
// or reads into a position that writes back to itself and on which move
// generation, Apply, Result and move parsing run without a panic.
func FuzzPositionAndMove(f *testing.F) {
	for i, g := range fuzzGames {
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		p := g.Start()
		for ply := 0; ply < 30; ply++ {
			moves := g.LegalMoves(&p, nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			f.Add(uint8(i), g.FormatPosition(&p), g.MoveString(m))
			g.Apply(&p, m)
		}
	}
	f.Add(uint8(0), "r a1:é", "é1-b2")
	f.Add(uint8(0), "r -", "pass")
	f.Fuzz(func(t *testing.T, which uint8, posText, moveText string) {
		g := fuzzGames[int(which)%len(fuzzGames)]
		defer watchdog(fmt.Sprintf("%s: position %q, move %q", g.Name, posText, moveText)).Stop()
		p, err := g.ParsePosition(posText)
		if err != nil {
			if strings.Contains(err.Error(), "\x00") {
				t.Fatalf("error with a NUL byte: %q", err)
			}
			return
		}
		written := g.FormatPosition(&p)
		again, err := g.ParsePosition(written)
		if err != nil {
			t.Fatalf("%s: position %q written as %q does not read back: %v", g.Name, posText, written, err)
		}
		if again != p {
			t.Fatalf("%s: position %q changed on a round trip through %q", g.Name, posText, written)
		}
		legal := g.LegalMoves(&p, nil)
		g.Result(&p)
		for _, m := range legal {
			q := p
			g.Apply(&q, m)
			g.Result(&q)
		}
		if m, err := g.ParseMove(&p, moveText); err == nil {
			found := false
			for _, l := range legal {
				found = found || l == m
			}
			if !found {
				t.Fatalf("%s: ParseMove(%q) gave %v, which is not among the legal moves", g.Name, moveText, m)
			}
		}
		g.Explain(&p, moveText)
	})
}
