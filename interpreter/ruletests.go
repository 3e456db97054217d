package interpreter

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/stackrules/stackrules/board"
	"go.yaml.in/yaml/v3"
)

// A rule file may carry its own tests: a `tests:` list of cases, each a
// position (the start when omitted) and what must hold there:
//
//	tests:
//	  - name: backward only while showing fewer
//	    position: r d4:r,c3:b,e3:b,h6:b
//	    legal: [d4-c3, d4-e3]        # these moves are legal
//	    illegal: [d4-b2]             # these are not
//	  - position: r c3:r,d4:b,a1:r
//	    play: c3-d4                  # a move, or a list of moves played in turn
//	    result: blue wins            # then: NAME wins, win, loss, draw or ongoing
//	  - position: r c3:rbr,f6:b
//	    moves: 2c3-b4 2c3-d4 c3-b4 c3-d4   # exactly these moves are legal
//
// A list of moves is a YAML list or one string of moves separated by spaces.
// `win` and `loss` are for the player who made the last move of `play`;
// `after` gives the position `play` must lead to. The draw rules count from
// the test's position.

// TestResult is the outcome of one test case of a rule file.
type TestResult struct {
	Name      string
	Line, Col int
	Passed    bool
}

type moveItem struct {
	text     string
	from, to srcPos // the move's first character and the place after its last
}

type ruleTest struct {
	name                  string
	node                  *yaml.Node // the case's mapping
	position              string
	positionNode          *yaml.Node
	moves                 []moveItem
	movesNode             *yaml.Node
	hasMoves              bool
	legal, illegal, play  []moveItem
	result                string
	resultNode, afterNode *yaml.Node
	after                 string
	broken                bool
}

// RunTests runs the rule file's `tests:` cases. The diagnostics are the
// malformed cases (code "bad-test") and the failures (code "test-failed"),
// each at the case or the move text it is about.
func (g *Game) RunTests() ([]TestResult, Diagnostics) {
	d := &decoder{src: g.src}
	tests := g.decodeTests(d)
	var results []TestResult
	for _, t := range tests {
		before := len(d.diags)
		if !t.broken {
			g.runTest(d, t)
		}
		results = append(results, TestResult{Name: t.name, Line: t.node.Line, Col: t.node.Column, Passed: !t.broken && len(d.diags) == before})
	}
	return results, d.diags
}

// testPlayedPositions are the positions the rule file's tests reach by their
// play, for lint: an end condition that a test reaches is not dead, however
// rarely random games reach it (a full board in Twelve Men's Morris).
func (g *Game) testPlayedPositions() []board.Position {
	if g.testsNode == nil {
		return nil
	}
	d := &decoder{src: g.src}
	var out []board.Position
	for _, t := range g.decodeTests(d) {
		if t.broken || len(t.play) == 0 {
			continue
		}
		p := g.Start()
		if t.positionNode != nil {
			q, err := g.ParsePosition(t.position)
			if err != nil {
				continue
			}
			p = q
		}
		ok := true
		for _, m := range t.play {
			l, err := g.ParseMove(&p, m.text)
			if err != nil {
				ok = false
				break
			}
			g.Apply(&p, l)
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// HasTests reports whether the rule file has a tests: section.
func (g *Game) HasTests() bool { return g.testsNode != nil }

func (g *Game) decodeTests(d *decoder) []*ruleTest {
	n := g.testsNode
	if n == nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "bad-test", "write a list: `- position: ...`", "tests must be a list of cases, not %s", kindName(n))
		return nil
	}
	var out []*ruleTest
	for _, e := range n.Content {
		t := &ruleTest{node: e, name: fmt.Sprintf("at line %d", e.Line)}
		before := len(d.diags)
		d.mapping(e, "a test", []field{
			{"name", false, func(_, v *yaml.Node) { t.name = d.str(v, "test name") }},
			{"position", false, func(_, v *yaml.Node) { t.position = d.str(v, "test position"); t.positionNode = v }},
			{"moves", false, func(_, v *yaml.Node) { t.moves, t.hasMoves, t.movesNode = d.moveList(v, "moves"), true, v }},
			{"legal", false, func(_, v *yaml.Node) { t.legal = d.moveList(v, "legal") }},
			{"illegal", false, func(_, v *yaml.Node) { t.illegal = d.moveList(v, "illegal") }},
			{"play", false, func(_, v *yaml.Node) { t.play = d.moveList(v, "play") }},
			{"result", false, func(_, v *yaml.Node) { t.result = strings.TrimSpace(d.str(v, "test result")); t.resultNode = v }},
			{"after", false, func(_, v *yaml.Node) { t.after = d.str(v, "test after"); t.afterNode = v }},
		})
		if e.Kind == yaml.MappingNode && !t.hasMoves && t.legal == nil && t.illegal == nil && t.play == nil && t.resultNode == nil && t.afterNode == nil && len(d.diags) == before {
			d.errorf(e, "bad-test", "give moves, legal, illegal, or play with result or after", "test %q checks nothing", t.name)
		}
		if t.afterNode != nil && len(t.play) == 0 {
			d.errorf(t.afterNode, "bad-test", "", "test %q: after needs play: the moves that lead there", t.name)
		}
		t.broken = len(d.diags) > before
		out = append(out, t)
	}
	return out
}

// moveList reads a list of moves: a YAML list, or one string of moves
// separated by spaces or commas.
func (d *decoder) moveList(n *yaml.Node, what string) []moveItem {
	out := []moveItem{}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				d.errorf(e, "bad-test", "", "%s: each move is text like c3-d4, not %s", what, kindName(e))
				continue
			}
			out = append(out, d.moveWords(e)...)
		}
	case yaml.ScalarNode:
		out = append(out, d.moveWords(n)...)
	default:
		d.errorf(n, "bad-test", "", "%s must be a move or a list of moves, not %s", what, kindName(n))
	}
	return out
}

// moveWords splits a scalar into moves, each with its place in the file.
func (d *decoder) moveWords(n *yaml.Node) []moveItem {
	pos := d.src.ScalarPositions(n)
	r := []rune(n.Value)
	var out []moveItem
	at := func(i int) srcPos {
		if i >= len(pos) {
			i = len(pos) - 1
		}
		return pos[i]
	}
	for i := 0; i < len(r); {
		if unicode.IsSpace(r[i]) || r[i] == ',' {
			i++
			continue
		}
		j := i
		for j < len(r) && !unicode.IsSpace(r[j]) && r[j] != ',' {
			j++
		}
		end := at(j - 1)
		end.Col++
		out = append(out, moveItem{text: string(r[i:j]), from: at(i), to: end})
		i = j
	}
	return out
}

func (d *decoder) atItem(m moveItem, sev Severity, code, hint, format string, args ...any) {
	d.diags = append(d.diags, Diagnostic{File: d.src.Name, Line: m.from.Line, Col: m.from.Col, EndLine: m.to.Line, EndCol: m.to.Col,
		Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint})
}

func (g *Game) runTest(d *decoder, t *ruleTest) {
	defer func() {
		r := recover()
		if ee, ok := r.(*EvalError); ok {
			// The rule file's expression fails: its mistake, at its place.
			d.diagAt(srcPos{Line: ee.Line, Col: ee.Col}, Error, "runtime-error", fmt.Sprintf("found by test %q (line %d)", t.name, t.node.Line),
				"%s: `%s`: runtime error: %s (at position %s)", ee.What, ee.Expr, ee.Msg, ee.Position)
		} else if r != nil {
			d.errorf(t.node, "internal", "this is a bug in stackrules, not in the rule file: please report it", "test %q: stackrules failed running it: %v", t.name, r)
		}
	}()
	p := g.Start()
	if t.positionNode != nil {
		var err error
		p, err = g.ParsePosition(t.position)
		if err != nil {
			at := nodePos(t.positionNode)
			if pe, ok := err.(*board.PositionError); ok {
				pos := d.src.ScalarPositions(t.positionNode)
				off := len([]rune(t.position[:min(max(pe.Offset, 0), len(t.position))]))
				if off < len(pos) {
					at = pos[off]
				}
				d.diagAt(at, Error, "bad-test", "", "test %q: position: %s", t.name, pe.Msg)
			} else {
				d.diagAt(at, Error, "bad-test", "", "test %q: position: %v", t.name, err)
			}
			return
		}
	}
	// Every move text must at least be a move on this board.
	ok := true
	for _, list := range [][]moveItem{t.moves, t.legal, t.illegal, t.play} {
		for _, m := range list {
			if _, err := g.ParseMoveText(m.text); err != nil {
				d.atItem(m, Error, "bad-test", "", "test %q: %s", t.name, strings.TrimPrefix(err.Error(), fmt.Sprintf("move %q: ", m.text)))
				ok = false
			}
		}
	}
	if !ok {
		return
	}
	if t.hasMoves {
		got := g.legalMoveTexts(&p)
		var want []string
		for _, m := range t.moves {
			want = append(want, canonicalMove(g, m.text))
		}
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			missing, extra := diffSets(got, want)
			var parts []string
			if len(missing) > 0 {
				parts = append(parts, "also legal: "+strings.Join(missing, " "))
			}
			if len(extra) > 0 {
				parts = append(parts, "not legal: "+strings.Join(extra, " "))
			}
			from, to := d.src.NodeSpan(t.movesNode)
			d.diags = append(d.diags, diagSpan(d.src.Name, from, to, Error, "test-failed", strings.Join(parts, "; "),
				"test %q: the legal moves are %s", t.name, orNone(got)))
		}
	}
	for _, m := range t.legal {
		if _, err := g.ParseMove(&p, m.text); err != nil {
			d.atItem(m, Error, "test-failed", g.Explain(&p, m.text).Short(), "test %q: %s is not legal", t.name, m.text)
		}
	}
	for _, m := range t.illegal {
		if l, err := g.ParseMove(&p, m.text); err == nil {
			hint := ""
			if r := g.RuleName(l); r != "" {
				hint = fmt.Sprintf("made by rule %q", r)
			}
			d.atItem(m, Error, "test-failed", hint, "test %q: %s is legal", t.name, m.text)
		}
	}
	if len(t.play) == 0 && t.resultNode == nil {
		return
	}
	h := g.NewHistory(p)
	mover := -1
	for _, m := range t.play {
		cur := h.Position()
		l, err := g.ParseMove(&cur, m.text)
		if err == nil {
			err = h.Play(l)
		}
		if err != nil {
			d.atItem(m, Error, "test-failed", g.Explain(&cur, m.text).Short(), "test %q: %s cannot be played", t.name, m.text)
			return
		}
		mover = int(cur.ToMove)
	}
	if t.afterNode != nil {
		q, err := g.ParsePosition(t.after)
		cur := h.Position()
		switch {
		case err != nil:
			d.errorf(t.afterNode, "bad-test", "", "test %q: after: %v", t.name, err)
		case q.Cells != cur.Cells || q.ToMove != cur.ToMove || q.Hand != cur.Hand:
			from, to := d.src.NodeSpan(t.afterNode)
			d.diags = append(d.diags, diagSpan(d.src.Name, from, to, Error, "test-failed", "",
				"test %q: the position after play is %s", t.name, g.FormatPosition(&cur)))
		}
	}
	if t.resultNode == nil {
		return
	}
	want, err := g.parseExpectedResult(t.result, mover)
	if err != nil {
		d.errorf(t.resultNode, "bad-test", `write "NAME wins", "win", "loss", "draw" or "ongoing"`, "test %q: result %v", t.name, err)
		return
	}
	o := h.Outcome()
	got := "ongoing"
	if o.Over {
		got = "draw"
		if o.Winner >= 0 {
			got = g.Players[o.Winner].Name + " wins"
		}
	}
	if got != want {
		after := "at the position"
		if len(t.play) > 0 {
			after = "after " + t.play[len(t.play)-1].text
		}
		says := map[string]string{"ongoing": "the game goes on", "draw": "the game is drawn"}[got]
		if says == "" {
			says = got
		}
		if o.Reason != "" {
			says += " (" + o.Reason + ")"
		}
		from, to := d.src.NodeSpan(t.resultNode)
		d.diags = append(d.diags, diagSpan(d.src.Name, from, to, Error, "test-failed", "",
			"test %q: %s %s, not %s", t.name, after, says, want))
	}
}

// parseExpectedResult turns a test's result into "NAME wins", "draw" or
// "ongoing".
func (g *Game) parseExpectedResult(s string, mover int) (string, error) {
	w := strings.Fields(strings.ToLower(s))
	switch {
	case len(w) == 1 && (w[0] == "draw" || w[0] == "ongoing"):
		return w[0], nil
	case len(w) == 1 && (w[0] == "win" || w[0] == "loss"):
		if mover < 0 {
			return "", fmt.Errorf("%q needs play: the result is for the player who made the last move", s)
		}
		if w[0] == "win" {
			return g.Players[mover].Name + " wins", nil
		}
		if len(g.Players) != 2 {
			return "", fmt.Errorf("%q: say who wins in a game of more than two players", s)
		}
		return g.Players[g.next(mover)].Name + " wins", nil
	case len(w) == 2 && w[1] == "wins":
		if i := g.playerIndex(w[0]); i >= 0 {
			return g.Players[i].Name + " wins", nil
		}
		var names []string
		for _, p := range g.Players {
			names = append(names, p.Name)
		}
		return "", fmt.Errorf("%q names no player (%s)", s, strings.Join(names, ", "))
	}
	return "", fmt.Errorf("%q is not a result", s)
}

// canonicalMove writes move text the way the game prints it.
func canonicalMove(g *Game, text string) string {
	m, err := g.ParseMoveText(text)
	if err != nil {
		return text
	}
	return g.MoveString(m)
}

func diffSets(got, want []string) (missing, extra []string) {
	in := func(s []string, x string) bool {
		for _, y := range s {
			if y == x {
				return true
			}
		}
		return false
	}
	for _, x := range got {
		if !in(want, x) {
			missing = append(missing, x)
		}
	}
	for _, x := range want {
		if !in(got, x) {
			extra = append(extra, x)
		}
	}
	return missing, extra
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " ")
}
