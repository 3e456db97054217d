package interpreter

import (
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/variants"
)

// Every built-in game has the rules in words, cited sources, and a reason in
// words for each way it can end.
func TestBuiltinsHaveRulesInWords(t *testing.T) {
	for _, name := range variants.Names() {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(strings.Fields(g.Summary)) < 60 {
			t.Errorf("%s: the rules in words are %d words long", name, len(strings.Fields(g.Summary)))
		}
		if len(g.Sources) == 0 || g.Source != "" {
			t.Errorf("%s: sources %v, source %q; want citations only", name, g.Sources, g.Source)
		}
		for _, c := range g.Sources {
			if c.Title == "" || strings.Contains(c.String(), "shared/") {
				t.Errorf("%s: source %q", name, c)
			}
		}
		for _, e := range g.ends {
			if e.reason == "" {
				t.Errorf("%s: end condition %q has no reason", name, e.cond.src.Text)
			}
		}
		for _, q := range g.quietRules {
			if q.reason == "" {
				t.Errorf("%s: quiet draw %q has no reason", name, q.cond.src.Text)
			}
		}
		if g.Draw.Repetition > 0 && g.words.RepetitionReason == "" || g.Draw.QuietPlies > 0 && g.words.QuietReason == "" {
			t.Errorf("%s: a draw rule has no reason", name)
		}
	}
}

func cleanFile(t *testing.T) string {
	data, err := os.ReadFile("../authoring/testdata/lint/clean.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The words keys load, and what is wrong in them is said where it is.
func TestWordsKeys(t *testing.T) {
	base := cleanFile(t)
	good := strings.Replace(base, "  - win: checkers(me) == 0\n", "  - win: checkers(me) == 0\n    reason: bore off every checker\n", 1)
	good = strings.Replace(good, "board:\n", "source: an old-style note\nsources:\n  - {title: Liger, author: Mark Steere, year: 2009, url: \"https://example.org\"}\nrules: |\n  Move forward.\n\n  Bear off.\nboard:\n  numbering: blue\n", 1)
	good += "draw:\n  repetition: 3\n  reasons: {repetition: the same position three times}\n"
	g, ds := Check("x.yaml", []byte(good))
	if g == nil {
		t.Fatalf("%v", ds)
	}
	if g.Source != "an old-style note" || g.Summary != "Move forward.\n\nBear off." || len(g.Sources) != 1 || g.Sources[0].String() != "Mark Steere, Liger (2009), https://example.org" {
		t.Errorf("source %q, summary %q, sources %v", g.Source, g.Summary, g.Sources)
	}
	if g.PDNGameType() != 0 || g.ReadsPDNGameType(0) {
		t.Errorf("no pdn_game_type: %d", g.PDNGameType())
	}
	for src, want := range map[string][]int{"pdn_game_type: 21\n": {21}, "pdn_game_type: [24, 28]\n": {24, 28}} {
		g, ds := Check("x.yaml", []byte(src+good))
		if g == nil {
			t.Fatalf("%s: %v", src, ds)
		}
		if g.PDNGameType() != want[0] || !g.ReadsPDNGameType(want[len(want)-1]) || g.ReadsPDNGameType(22) {
			t.Errorf("%s: writes %d, reads %d %v", src, g.PDNGameType(), want[len(want)-1], g.ReadsPDNGameType(want[len(want)-1]))
		}
	}
	if g.ends[0].reason != "bore off every checker" || g.ends[1].reason != "" || g.words.RepetitionReason == "" {
		t.Errorf("reasons %q %q %q", g.ends[0].reason, g.ends[1].reason, g.words.RepetitionReason)
	}
	if !g.Board.Numbered() || g.Board.SquareNumber(0) != 3 {
		// numbered as blue (at the top) sees it: rank 1 is blue's far row, and
		// a1, at blue's right, is the last of its three squares
		t.Errorf("a1 is numbered %d of %d", g.Board.SquareNumber(0), g.Board.NumSquares())
	}
	o := Outcome{Over: true, Winner: 0, Reason: "win: checkers(me) == 0", Why: "bore off every checker"}
	if got := g.OutcomeText(o); got != "red wins: bore off every checker" {
		t.Errorf("OutcomeText %q", got)
	}
	if got := g.OutcomeText(Outcome{Over: true, Winner: -1, Reason: "draw: x"}); got != "draw (draw: x)" {
		t.Errorf("OutcomeText without words %q", got)
	}
	for _, c := range []struct{ old, new, want string }{
		{"  - win: checkers(me) == 0\n", "  - win: checkers(me) == 0\n    reasn: x\n", `must be win, loss or draw`},
		{"  - win: checkers(me) == 0\n", "  - reason: x\n", `needs a win, loss or draw key`},
		{"  - win: checkers(me) == 0\n", "  - win: checkers(me) == 0\n    loss: checkers(me) == 1\n", `not two`},
		{"board:\n", "sources: Mark Steere\nboard:\n", `sources must be a list`},
		{"board:\n", "sources:\n  - {author: x}\nboard:\n", `needs the key "title"`},
		{"board:\n", "board:\n  numbering: green\n", `must be a player (red, blue)`},
		{"board:\n", "pdn_game_type: x\nboard:\n", `pdn_game_type must be a whole number`},
		{"board:\n", "pdn_game_type: []\nboard:\n", `pdn_game_type is an empty list`},
		{"board:\n", "pdn_game_type: [24, y]\nboard:\n", `pdn_game_type must be a whole number`},
		{"board:\n", "pdn_game_type: [24, 100]\nboard:\n", `pdn_game_type is 100; it must be between 1 and 99`},
	} {
		src := strings.Replace(base, c.old, c.new, 1)
		_, ds := Check("x.yaml", []byte(src))
		if !ds.HasErrors() || !strings.Contains(ds.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.new, ds, c.want)
		}
		for _, d := range ds {
			if d.Line == 0 {
				t.Errorf("%q: %v has no line", c.new, d)
			}
		}
	}
}

// Two setups that overlap on several squares give one error naming them.
func TestOverlappingSetupIsOneError(t *testing.T) {
	src := strings.Replace(cleanFile(t), "  blue: rows 5-6", "  blue: rows 2-6", 1)
	_, ds := Check("x.yaml", []byte(src))
	n := 0
	for _, d := range ds {
		if d.Code == "setup-twice" {
			n++
			if !strings.Contains(d.Message, "pieces twice on 3 squares: b2, d2, f2") {
				t.Errorf("%v", d)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d setup-twice errors: %v", n, ds)
	}
}
