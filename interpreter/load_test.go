package interpreter_test

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// A broken rule file is a load error that names the file, line and column of
// the bad character — inside the expression, whatever the scalar style.

func TestLoadErrorsPointAtTheCharacter(t *testing.T) {
	base, err := os.ReadFile("../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const fwd = "when: lifted == 1 || bottom == opponent"
	cases := []struct {
		name, old, new string
		want           string // file:line:col and a part of the message
	}{
		{"plain", fwd, "when: lifted == 1 || botom == opponent", "bad.yaml:26:26: error: move rule \"forward\": unknown name botom (did you mean `bottom`?)"},
		{"single-quoted", fwd, "when: 'lifted == 1 || botom == opponent'", "bad.yaml:26:27: error: move rule \"forward\": unknown name botom"},
		{"double-quoted with escapes", fwd, `when: "lifted == 1 || \"x\" == opponent"`, "bad.yaml:26:33: error: move rule \"forward\": invalid operation: == (mismatched types string and int)"},
		{"literal block", fwd, "when: |\n      lifted == 1 ||\n        botom == opponent", "bad.yaml:28:9: error: move rule \"forward\": unknown name botom"},
		{"folded block", fwd, "when: >\n      lifted == 1 ||\n      botom == opponent", "bad.yaml:28:7: error: move rule \"forward\": unknown name botom"},
		{"plain over two lines", fwd, "when: lifted == 1 ||\n      botom == opponent", "bad.yaml:27:7: error: move rule \"forward\": unknown name botom"},
		{"not a condition", "when: row == farthest", "when: row + farthest", "bad.yaml:38:11: error: bear-off rule \"far-row\": expected bool, but got int"},
		{"syntax", "when: row == farthest", "when: row == == farthest", "bad.yaml:38:18: error: bear-off rule \"far-row\": unexpected token"},
		{"name out of scope", "- win: checkers(me) == 0", "- win: height == 0", "bad.yaml:42:10: error: end: win: `height` is not available in end conditions"},
		{"disabled builtin", "when: row == farthest", "when: len([1]) == 1", "bad.yaml:38:11: error: bear-off rule \"far-row\""},
		{"yaml tag", "when: row == farthest", "when: !row", "bad.yaml:38:11: error: bear-off rule \"far-row\": when starts with \"!row\", which YAML reads as a tag"},
		{"unknown key", "lift: 1-2", "lifts: 1-2", "bad.yaml:25:5: error: unknown key \"lifts\" in move rule \"forward\" (did you mean `lift`?)"},
		{"duplicate key", "  red: rows 1-3", "  red: rows 1-3\n  red: rows 4", "bad.yaml:20:3: error: setup for player \"red\" is given twice"},
		{"unknown direction", "directions: backward", "directions: [backwards]", "bad.yaml:29:18: error: move rule \"backward\": unknown direction \"backwards\" (did you mean `backward`?)"},
		{"direction off the board", "directions: backward", "directions: [s]", "bad.yaml:29:18: error: move rule \"backward\": direction \"s\" never leads to a playing square"},
		{"bad lift", "lift: 1-2", "lift: two", "bad.yaml:25:11: error: move rule \"forward\": lift \"two\" is not a number of pieces"},
		{"wrong type", "width: 8", "width: [8]", "bad.yaml:10:10: error: board: width must be a whole number"},
		{"setup off the board", "blue: rows 6-8", "blue: [b6, i9]", "bad.yaml:20:14: error: setup for blue: square i9 is off the 8×8 board"},
		{"setup on a light square", "blue: rows 6-8", "blue: [a2]", "bad.yaml:20:10: error: setup for blue: square a2 is not a playing square"},
		{"setup twice on a square", "blue: rows 6-8", "blue: rows 3-8", "bad.yaml:20:9: error: setup places pieces twice on 4 squares: a3, c3, e3, g3"},
		{"setup for no player", "blue: rows 6-8", "bleu: rows 6-8", "bad.yaml:20:3: error: setup names \"bleu\", which is not a player (did you mean `blue`?)"},
		{"missing key", "  width: 8\n", "", "bad.yaml:10:3: error: board needs the key \"width\""},
		{"no_moves value", "no_moves: lose", "no_moves: loose", "error: no_moves is \"loose\"; it must be one of: lose, pass, draw (did you mean `lose`?)"},
		{"yaml syntax", "  red: rows 1-3", "  red: [rows 1-3", "bad.yaml:19:8: error: YAML: did not find expected ',' or ']' (this `[` is not closed"},
	}
	// The lines below are counted with board: on line 9; the text above it
	// (the rules in words) may grow, which moves every line the same.
	shift := strings.Count(string(base[:strings.Index(string(base), "\nboard:")]), "\n") + 2 - 9
	for _, c := range cases {
		if m := regexp.MustCompile(`^bad\.yaml:(\d+):`).FindStringSubmatch(c.want); m != nil {
			n, _ := strconv.Atoi(m[1])
			c.want = fmt.Sprintf("bad.yaml:%d:", n+shift) + c.want[len(m[0]):]
		}
		t.Run(c.name, func(t *testing.T) {
			src := string(base)
			if !strings.Contains(src, c.old) {
				t.Fatalf("liger.yaml no longer contains %q", c.old)
			}
			src = strings.Replace(src, c.old, c.new, 1)
			_, err := interpreter.Load("bad.yaml", []byte(src))
			if err == nil {
				t.Fatalf("loaded without error")
			}
			var ds interpreter.Diagnostics
			if !errors.As(err, &ds) {
				t.Fatalf("error is %T, not Diagnostics: %v", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got:\n%v\nwant a line containing:\n%s", err, c.want)
			}
		})
	}
}

func TestLoadReportsEveryProblem(t *testing.T) {
	base, _ := os.ReadFile("../variants/liger.yaml")
	src := strings.Replace(string(base), "lift: 1-2", "lifts: 1-2", 1)
	src = strings.Replace(src, "when: row == farthest", "when: rows == farthest", 1)
	_, err := interpreter.Load("bad.yaml", []byte(src))
	var ds interpreter.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 2 {
		t.Fatalf("want 2 diagnostics, got %v", err)
	}
}

func TestLoadGarbageNeverPanics(t *testing.T) {
	base, _ := os.ReadFile("../variants/stackers.yaml")
	inputs := []string{"", "---", "[]", "name: x", "{", "board: 3", "players: [a, b]",
		"name: x\nboard: {width: 0, height: 0}\nplayers: {}\nsetup: {}",
		"name: x\nboard: {width: 8, height: 8}\nplayers: {a: {code: A, home: top}, b: {code: b, home: up}}\nsetup: {}",
		"name: x\nboard: {width: 2, height: 2}\nplayers: {a: {code: a, home: bottom}, b: {code: b, home: top}}\nsetup: {a: rows 1-1}\nmoves: {m: {directions: any}}",
	}
	for cut := 0; cut < len(base); cut += 17 {
		inputs = append(inputs, string(base[:cut]))
	}
	for _, in := range inputs {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("panic on %q: %v", in, r)
				}
			}()
			g, err := interpreter.Load("x.yaml", []byte(in))
			if err == nil && g == nil {
				t.Errorf("no game and no error for %q", in)
			}
		}()
	}
}

// The names table in docs/rule-language.md is the user's reference: it must
// list every name the interpreter knows, with its static flag.
func TestDocsListEveryName(t *testing.T) {
	doc, err := os.ReadFile("../docs/rule-language.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range interpreter.Names() {
		var row string
		for _, line := range strings.Split(string(doc), "\n") {
			if strings.HasPrefix(line, "| `"+n.Name+"`") || strings.HasPrefix(line, "| `"+n.Name+"(") {
				row = line
			}
		}
		if row == "" {
			t.Errorf("docs/rule-language.md does not list `%s`", n.Name)
			continue
		}
		if static := strings.HasSuffix(strings.TrimSpace(row), "| yes |"); static != n.Static {
			t.Errorf("docs/rule-language.md says `%s` static=%v; it is %v", n.Name, static, n.Static)
		}
	}
}

// A static term that fails when folded at load time is a diagnostic at the
// expression, not a crash.
func TestStaticFoldingErrorIsADiagnostic(t *testing.T) {
	src := "name: x\nboard: {width: 8, height: 8}\nplayers: {a: {code: a, home: bottom}, b: {code: b, home: top}}\n" +
		"setup: {a: rows 1-1, b: rows 8-8}\nmoves:\n  m:\n    directions: forward\n    when: row % (farthest - 8) == 0\n"
	_, err := interpreter.Load("div.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "div.yaml:8:11: error: move rule \"m\": evaluating its static terms when loading: runtime error: integer divide by zero") {
		t.Errorf("got %v", err)
	}
}

// A player's name is written in expressions, in --side NAME=..., and as a
// game record's tag: a name that cannot be all three is refused at load, at
// the name, instead of making records that cannot be read back.
func TestPlayerNamesMustBeWords(t *testing.T) {
	base, err := os.ReadFile("../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(string(base[:strings.Index(string(base), "\n  blue: {code: b")+1]), "\n")
	for _, c := range []struct{ name, want string }{
		{`"blue team"`, fmt.Sprintf(`bad.yaml:%d:3: error: player name "blue team" must be one word`, line)},
		{`"2nd"`, fmt.Sprintf(`bad.yaml:%d:3: error: player name "2nd" must be one word`, line)},
		{`Red`, fmt.Sprintf(`bad.yaml:%d:3: error: player names "red" and "Red" differ only in capitals`, line)},
	} {
		src := strings.NewReplacer("\n  blue: {code: b", "\n  "+c.name+": {code: b", "\n  blue: rows", "\n  "+c.name+": rows").Replace(string(base))
		_, err := interpreter.Load("bad.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// End conditions are checked after every move, never at the start, where
// nobody has moved: a placement game whose end is "the opponent has no
// pieces on the board" is not over before its first placement.
func TestEndNotCheckedAtTheStart(t *testing.T) {
	src := `name: Capture race
board: {width: 4, height: 4, squares: all}
players:
  red:  {code: r, home: bottom}
  blue: {code: b, home: top}
setup:
  hand: {red: 2, blue: 2}
place:
  anywhere:
    when: to_height == 0
moves:
  step:
    directions: [n, e, s, w]
    when: in_hand(me) == 0
end:
  - win: checkers(opponent) == 0
`
	g, err := interpreter.Load("race.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	if o := g.Result(&p); o.Over {
		t.Fatalf("the game is over at the start: %+v", o)
	}
	if n := len(g.LegalMoves(&p, nil)); n != 16 {
		t.Errorf("%d moves at the start, want 16 placements", n)
	}
	// The same condition holds when a position says so after a move.
	q, err := g.ParsePosition("r a1:b hand:r0,b0")
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Result(&q); !o.Over || o.Winner != 1 {
		t.Errorf("blue with the only piece after its move: %+v, want blue wins", o)
	}
}
