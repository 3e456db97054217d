package interpreter_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/fevga"
	"github.com/stackrules/stackrules/internal/reference/plakoto"
	"github.com/stackrules/stackrules/interpreter"
)

// Plakoto and Fevga (variants/plakoto.yaml, fevga.yaml) against the
// independent generators in internal/reference/plakoto and fevga, written
// from the published rules without reading the interpreter: at positions of
// random games, the same plays (as the positions they lead to), written the
// same way and read back, and the same results; and perft from the start.

// tablesRef is what the test needs of a reference position.
type tablesRef interface {
	Key() string
	Plays() []tablesPlay
	Result() (over bool, winner, points int)
}

type tablesPlay struct {
	Text  string
	After tablesRef
}

type plakotoRef struct{ plakoto.Position }

func (r plakotoRef) Plays() []tablesPlay {
	var out []tablesPlay
	for _, pl := range r.Position.Plays() {
		out = append(out, tablesPlay{pl.Text, plakotoRef{pl.After}})
	}
	return out
}

type fevgaRef struct{ fevga.Position }

func (r fevgaRef) Plays() []tablesPlay {
	var out []tablesPlay
	for _, pl := range r.Position.Plays() {
		out = append(out, tablesPlay{pl.Text, fevgaRef{pl.After}})
	}
	return out
}

// tablesPoints reads an interpreter position as the references take it:
// each point in white's numbering (white's point n is step 25-n of its
// track) with its checkers bottom to top.
func tablesPoints(g *interpreter.Game, p *board.Position) map[int]string {
	tr := g.Track(0)
	out := map[int]string{}
	for n := 1; n <= 24; n++ {
		s := p.Cells[tr[25-n]]
		var sb strings.Builder
		for i := s.Height(); i >= 1; i-- {
			sb.WriteByte(g.Players[g.Board.Owner(g.Board.Piece(s, i))].Code)
		}
		if sb.Len() > 0 {
			out[n] = sb.String()
		}
	}
	return out
}

func tablesDifferential(t *testing.T, name string, convert func(points map[int]string, turn, d1, d2 int) (tablesRef, error), stat func(ref tablesRef, plays []tablesPlay, st map[string]int)) map[string]int {
	g := open(t, name)
	rng := rand.New(rand.NewPCG(27, uint64(len(name))))
	target := 1000
	if deepTests() {
		target = 20000
	}
	st := map[string]int{}
	toRef := func(p *board.Position) tablesRef {
		r, err := convert(tablesPoints(g, p), int(p.ToMove), int(p.Dice[0]), int(p.Dice[1]))
		if err != nil {
			t.Fatalf("%s: %v", g.FormatPosition(p), err)
		}
		return r
	}
	var buf []board.Move
	for st["positions"] < target {
		p := g.Start()
		for ply := 0; ply < 600; ply++ {
			if g.IsChance(&p) {
				g.Apply(&p, g.RandomRoll(&p, rng))
				continue
			}
			ref := toRef(&p)
			o := g.Result(&p)
			if over, w, pts := ref.Result(); over != o.Over || over && (w != o.Winner || pts != o.Points && w >= 0) {
				t.Fatalf("%s: reference result %v %d %d; interpreter %+v", g.FormatPosition(&p), over, w, pts, o)
			}
			if o.Over {
				st["ends"]++
				if o.Winner < 0 {
					st["draws"]++
				}
				break
			}
			st["positions"]++
			plays := ref.Plays()
			want := map[string]string{}
			for _, pl := range plays {
				want[pl.After.Key()] = pl.Text
			}
			buf = g.LegalMoves(&p, buf)
			got := map[string]board.Move{}
			for _, m := range buf {
				q := p
				g.Apply(&q, m)
				got[toRef(&q).Key()] = m
			}
			if len(got) != len(buf) {
				t.Fatalf("%s: two plays reach one position", g.FormatPosition(&p))
			}
			for k, text := range want {
				m, ok := got[k]
				if !ok {
					t.Fatalf("%s: the interpreter lacks the play %s (%s); has %s", g.FormatPosition(&p), text, k, playTexts(g, buf))
				}
				if g.MoveString(m) != text {
					t.Errorf("%s: play written %q, the reference writes %q", g.FormatPosition(&p), g.MoveString(m), text)
				}
				if back, err := g.ParseMove(&p, text); err != nil || back != m {
					t.Fatalf("%s: %q reads back as %v, %v", g.FormatPosition(&p), text, back, err)
				}
			}
			for k, m := range got {
				if _, ok := want[k]; !ok {
					t.Fatalf("%s: the interpreter has the extra play %s (reference: %s)", g.FormatPosition(&p), g.MoveString(m), playTexts2(plays))
				}
			}
			stat(ref, plays, st)
			if len(plays) == 1 && plays[0].Text == "pass" {
				st["passes"]++
			}
			for _, pl := range plays {
				if strings.Contains(pl.Text, "off") {
					st["bear-offs"]++
					break
				}
			}
			g.Apply(&p, buf[rng.IntN(len(buf))])
		}
	}
	t.Logf("%s: %v", name, st)
	return st
}

func playTexts(g *interpreter.Game, ms []board.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, g.MoveString(m))
	}
	sort.Strings(s)
	return strings.Join(s, ", ")
}

func playTexts2(ps []tablesPlay) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Text)
	}
	return strings.Join(s, ", ")
}

func TestPlakotoDifferential(t *testing.T) {
	st := tablesDifferential(t, "plakoto",
		func(points map[int]string, turn, d1, d2 int) (tablesRef, error) {
			p, err := plakoto.FromStacks(points, turn, d1, d2)
			return plakotoRef{p}, err
		},
		func(ref tablesRef, plays []tablesPlay, st map[string]int) {
			// a play that pins: a point of a lone opposing checker before,
			// covered after
			before := ref.Key()
			for _, pl := range plays {
				after := pl.After.Key()
				if strings.Count(after, "bw")+strings.Count(after, "wb") > strings.Count(before, "bw")+strings.Count(before, "wb") {
					st["pinning plays"]++
				}
			}
			if strings.Contains(before, "bw") || strings.Contains(before, "wb") {
				st["with a pin"]++
			}
		})
	if st["pinning plays"] < 500 || st["with a pin"] < 300 || st["ends"] < 5 || st["draws"] < 1 || st["bear-offs"] < 50 || st["passes"] < 5 {
		t.Errorf("the positions do not exercise the rules: %v", st)
	}
}

func TestFevgaDifferential(t *testing.T) {
	st := tablesDifferential(t, "fevga",
		func(points map[int]string, turn, d1, d2 int) (tablesRef, error) {
			p, err := fevga.FromStacks(points, turn, d1, d2)
			return fevgaRef{p}, err
		},
		func(ref tablesRef, plays []tablesPlay, st map[string]int) {
			key := ref.Key()
			// the runner has not passed yet: white's 24 (point 24) or
			// black's (white's 12) not full and one checker on the way
			if strings.Contains(key, "24:wwwwwwwwwwwwww ") || strings.Contains(key, "12:bbbbbbbbbbbbbb ") {
				st["runner on the way"]++
			}
		})
	if st["runner on the way"] < 50 || st["ends"] < 5 || st["bear-offs"] < 50 || st["passes"] < 2 {
		t.Errorf("the positions do not exercise the rules: %v", st)
	}
}

// perft from the start, over the 21 distinct rolls each turn, against the
// references.
func TestTablesPerft(t *testing.T) {
	depth := 2
	if deepTests() {
		depth = 3
	}
	for _, c := range []struct {
		name string
		ref  func(d int) int64
	}{
		{"plakoto", func(d int) int64 { return plakoto.Perft(plakoto.Start(), d) }},
		{"fevga", func(d int) int64 { return fevga.Perft(fevga.Start(), d) }},
	} {
		g := open(t, c.name)
		p := g.Start()
		for d := 1; d <= depth; d++ {
			if got, want := g.Perft(&p, d), c.ref(d); got != want {
				t.Errorf("%s perft(%d) = %d, the reference %d", c.name, d, got, want)
			} else {
				t.Logf("%s perft(%d) = %d", c.name, d, got)
			}
		}
	}
}
