package records_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

func TestRecordRoundTrip(t *testing.T) {
	for _, name := range []string{"liger", "stackers", "english-checkers", "lasca"} {
		g := gametest.Open(t, name)
		rng := rand.New(rand.NewPCG(5, 6))
		h := g.NewHistory(g.Start())
		for h.Len() < 300 && !h.Outcome().Over {
			pos := h.Position()
			moves := g.LegalMoves(&pos, nil)
			if err := h.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		rec := records.New(g, h, name, []string{"human", "mcts:easy"}, "2026.11.22")
		text := rec.String()
		back, err := records.Parse(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, text)
		}
		if err := records.CheckRules(g, back); err != nil {
			t.Fatal(err)
		}
		h2, err := records.Replay(g, back)
		if err != nil {
			t.Fatalf("%s: replay: %v", name, err)
		}
		if h2.Position() != h.Position() || h2.Len() != h.Len() || back.Result != records.ResultText(g, h.Outcome()) {
			t.Errorf("%s: the replayed game differs", name)
		}
		for _, line := range strings.Split(text, "\n") {
			if len(line) > 80 && !strings.HasPrefix(line, "[") {
				t.Errorf("%s: record line longer than 80 columns: %q", name, line)
			}
		}
	}
}

func TestRecordFromAPosition(t *testing.T) {
	g := gametest.Open(t, "liger")
	p, _ := g.ParsePosition("b c3:r,f6:b")
	h := g.NewHistory(p)
	pos := h.Position()
	m, _ := g.ParseMove(&pos, "f6-e5")
	if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	rec := records.New(g, h, "liger", nil, "")
	if rec.Tag("Position") != "b c3:r,f6:b" {
		t.Fatalf("no [Position] tag in\n%s", rec)
	}
	back, _ := records.Parse(strings.NewReader(rec.String()))
	h2, err := records.Replay(g, back)
	if err != nil || h2.Position() != h.Position() {
		t.Fatalf("replay from a position: %v", err)
	}
}

func TestCorruptRecords(t *testing.T) {
	g := gametest.Open(t, "liger")
	cases := []struct{ text, want string }{
		{"[Game \"Liger\"]\n[Result \"*\"\n\n1. c3-d4 *\n", "line 2"},
		{"[Game \"Liger\"]\n\n1. c3-d4 f6-e5\n2. d4-d5 *\n", "line 4: move 3 (d4-d5)"},
		{"[Game \"Liger\"]\n\n1. c3-d4 f6-e5\n2. e3-f4 c7-c6 *\n", "line 4: move 4 (c7-c6)"},
		{"[Game \"Liger\"]\n\n1. c3-d4 1-0 f6-e5\n", "line 3: \"f6-e5\" after the result"},
		{"1. c3-d4\n[Game \"Liger\"]\n", "line 2: a tag after the moves"},
		{"", "empty record"},
		{"[Game \"Liger\"]\n[Position \"r a2:r\"]\n\n*\n", "[Position]"},
	}
	for _, c := range cases {
		rec, err := records.Parse(strings.NewReader(c.text))
		if err == nil {
			_, err = records.Replay(g, rec)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("record %q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
	rec, _ := records.Parse(strings.NewReader("[Rules \"sha256:0000\"]\n\n*\n"))
	if err := records.CheckRules(g, rec); err == nil || !strings.Contains(err.Error(), "other rules") {
		t.Errorf("a record from other rules: %v", err)
	}
	var re *records.ReplayError
	rec, _ = records.Parse(strings.NewReader("1. c3-c4 *\n"))
	if _, err := records.Replay(g, rec); !errors.As(err, &re) || re.Ply != 1 || re.Line != 1 {
		t.Errorf("ReplayError = %+v", re)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.txt")
	for _, content := range []string{"first\n", "second\n"} {
		if err := interpreter.WriteFileAtomic(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(path)
		if string(got) != content {
			t.Errorf("read %q, want %q", got, content)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// A player name in any script round-trips through a record: written as a
// tag, read back, and found again by the name's tag key.
func TestPlayerNamesRoundTrip(t *testing.T) {
	data, err := os.ReadFile("../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.NewReplacer("\n  red:  {code: r", "\n  røde:  {code: r", "\n  blue: {code: b", "\n  blå: {code: b",
		"\n  red: rows", "\n  røde: rows", "\n  blue: rows", "\n  blå: rows").Replace(string(data))
	src = src[:strings.Index(src, "\ntests:")] + "\n"
	g, err := interpreter.Load("danish.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if g.Players[0].Name != "røde" || g.Players[1].Name != "blå" {
		t.Fatalf("players %+v", g.Players)
	}
	h := g.NewHistory(g.Start())
	pos := h.Position()
	if err := h.Play(g.LegalMoves(&pos, nil)[0]); err != nil {
		t.Fatal(err)
	}
	text := records.New(g, h, "danish.yaml", []string{"human", "mcts:easy"}, "2026.11.27").String()
	if !strings.Contains(text, `[Røde "human"]`) || !strings.Contains(text, `[Blå "mcts:easy"]`) {
		t.Fatalf("record:\n%s", text)
	}
	back, err := records.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if back.Tag(records.TagKey(g, 0)) != "human" || back.Tag(records.TagKey(g, 1)) != "mcts:easy" {
		t.Errorf("tags read back: %q %q", back.Tag(records.TagKey(g, 0)), back.Tag(records.TagKey(g, 1)))
	}
	if h2, err := records.Replay(g, back); err != nil || h2.Position() != h.Position() {
		t.Errorf("replay: %v", err)
	}
}

// Games with the turn's dice rules (a pass that rolls again, a penalty, a
// bonus move with no roll before it) are written and read back move for
// move.
func TestRecordRoundTripDiceTurns(t *testing.T) {
	seen := map[string]int{}
	for _, name := range []string{"mensch", "parcheesi", "plakoto"} {
		g, err := gametest.Open(t, name).WithPlayers(2)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			h := g.NewHistory(g.Start())
			for h.Len() < 3000 && !h.Outcome().Over {
				pos := h.Position()
				moves := g.LegalMoves(&pos, nil)
				m := moves[rng.IntN(len(moves))]
				if pos.Bonus > 0 {
					seen["bonus moves"]++
				}
				switch g.MoveString(m) {
				case "penalty":
					seen["penalties"]++
				case "pass":
					q := pos
					if g.Apply(&q, m); q.ToMove == pos.ToMove {
						seen["passes that roll again"]++
					}
				}
				if err := h.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			rec := records.New(g, h, name, []string{"human", "mcts:easy"}, "2026.11.27")
			back, err := records.Parse(strings.NewReader(rec.String()))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			h2, err := records.Replay(g, back)
			if err != nil {
				t.Fatalf("%s: replay: %v", name, err)
			}
			if h2.Position() != h.Position() || h2.Len() != h.Len() {
				t.Errorf("%s: the replayed game differs", name)
			}
		}
	}
	if seen["bonus moves"] < 5 || seen["penalties"] < 1 || seen["passes that roll again"] < 5 {
		t.Errorf("the games do not exercise the rules: %v", seen)
	}
	t.Log(seen)
}
