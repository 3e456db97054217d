package authoring

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/rulefile"
	"go.yaml.in/yaml/v3"
)

// TestResult is the outcome of one test case of a rule file.
type TestResult struct {
	Name      string
	Line, Col int
	Passed    bool
}

// RunTests runs the rule file's `tests:` cases. The diagnostics are the
// malformed cases (code "bad-test") and the failures (code "test-failed"),
// each at the case or the move text it is about.
func RunTests(g *interpreter.Game) ([]TestResult, rulefile.Diagnostics) {
	tests, diags := g.TestCases()
	d := &report{src: g.Text(), diags: diags}
	var results []TestResult
	games := map[int]*interpreter.Game{}
	for _, t := range tests {
		before := len(d.diags)
		tg := g
		if t.Players != 0 && !t.Broken {
			if games[t.Players] == nil {
				var err error
				if games[t.Players], err = g.WithPlayers(t.Players); err != nil {
					d.errorf(t.PlayersNode, "bad-test", "", "test %q: players: %v", t.Name, err)
					t.Broken = true
				}
			}
			tg = games[t.Players]
		}
		if !t.Broken {
			runTest(tg, d, t)
		}
		results = append(results, TestResult{Name: t.Name, Line: t.Node.Line, Col: t.Node.Column, Passed: !t.Broken && len(d.diags) == before})
	}
	return results, d.diags
}

// testPlayedPositions are the positions the rule file's tests reach by their
// play, for lint: an end condition that a test reaches is not dead, however
// rarely random games reach it (a full board in Twelve Men's Morris).
func testPlayedPositions(g *interpreter.Game) []board.Position {
	tests, _ := g.TestCases()
	var out []board.Position
	for _, t := range tests {
		if t.Broken || len(t.Play) == 0 || (t.Players != 0 && t.Players != len(g.Players)) {
			continue // lint looks at the game as declared
		}
		p := g.Start()
		if t.PositionNode != nil {
			q, err := g.ParsePosition(t.Position)
			if err != nil {
				continue
			}
			p = q
		}
		ok := true
		for _, m := range t.Play {
			l, err := g.ParseMove(&p, m.Text)
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

// report gathers the diagnostics of a rule file's tests.
type report struct {
	src   *rulefile.Source
	diags rulefile.Diagnostics
}

func (d *report) errorf(n *yaml.Node, code, hint, format string, args ...any) {
	d.diagAt(rulefile.NodePos(n), rulefile.Error, code, hint, format, args...)
}

func (d *report) diagAt(p rulefile.Pos, sev rulefile.Severity, code, hint, format string, args ...any) {
	d.diags = append(d.diags, rulefile.Span(d.src.Name, p, p, sev, code, hint, format, args...))
}

func (d *report) atItem(m interpreter.MoveText, sev rulefile.Severity, code, hint, format string, args ...any) {
	d.diags = append(d.diags, rulefile.Diagnostic{File: d.src.Name, Line: m.From.Line, Col: m.From.Col, EndLine: m.To.Line, EndCol: m.To.Col,
		Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint})
}

func runTest(g *interpreter.Game, d *report, t *interpreter.TestCase) {
	var ee *interpreter.EvalError
	if err := checkTest(g, d, t); errors.As(err, &ee) {
		// The rule file's expression fails: its mistake, at its place.
		d.diagAt(rulefile.Pos{Line: ee.Line, Col: ee.Col}, rulefile.Error, "runtime-error", fmt.Sprintf("found by test %q (line %d)", t.Name, t.Node.Line),
			"%s: `%s`: runtime error: %s (at position %s)", ee.What, ee.Expr, ee.Msg, ee.Position)
	}
}

// evalError is err when it is a runtime error in the rule file's
// expressions (an *interpreter.EvalError), else nil.
func evalError(err error) error {
	var ee *interpreter.EvalError
	if errors.As(err, &ee) {
		return ee
	}
	return nil
}

// checkTest runs one test, reporting its failures to d; it returns the
// runtime error in the rule file's expressions that stopped it, if any.
func checkTest(g *interpreter.Game, d *report, t *interpreter.TestCase) error {
	p := g.Start()
	if t.PositionNode != nil {
		var err error
		p, err = g.ParsePosition(t.Position)
		if err != nil {
			at := rulefile.NodePos(t.PositionNode)
			if pe, ok := err.(*board.PositionError); ok {
				pos := d.src.ScalarPositions(t.PositionNode)
				start := min(max(pe.Offset, 0), len(t.Position))
				off := len([]rune(t.Position[:start]))
				// the caret covers the bad part: up to the next comma or space
				end := start
				for end < len(t.Position) && t.Position[end] != ',' && t.Position[end] != ' ' {
					end++
				}
				width := max(1, len([]rune(t.Position[start:end])))
				if off < len(pos) {
					at = pos[off]
					to := at
					if last := off + width - 1; last < len(pos) && pos[last].Line == at.Line {
						to = rulefile.Pos{Line: at.Line, Col: pos[last].Col + 1}
					} else {
						to.Col++
					}
					diag := rulefile.Span(d.src.Name, at, to, rulefile.Error, "bad-test", "", "test %q: position: %s", t.Name, pe.Msg)
					diag.Exact = true
					d.diags = append(d.diags, diag)
					return nil
				}
				d.diagAt(at, rulefile.Error, "bad-test", "", "test %q: position: %s", t.Name, pe.Msg)
			} else {
				d.diagAt(at, rulefile.Error, "bad-test", "", "test %q: position: %v", t.Name, err)
			}
			return nil
		}
	}
	// Every move text must at least be a move on this board.
	ok := true
	for _, list := range [][]interpreter.MoveText{t.Moves, t.Legal, t.Illegal, t.Play} {
		for _, m := range list {
			if _, err := g.ParseMoveText(m.Text); err != nil {
				d.atItem(m, rulefile.Error, "bad-test", "", "test %q: %s", t.Name, strings.TrimPrefix(err.Error(), fmt.Sprintf("move %q: ", m.Text)))
				ok = false
			}
		}
	}
	if !ok {
		return nil
	}
	if t.HasMoves {
		got, err := legalMoveTexts(g, &p)
		if err != nil {
			return err
		}
		var want []string
		for _, m := range t.Moves {
			want = append(want, canonicalMove(g, &p, m.Text))
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
			from, to := d.src.NodeSpan(t.MovesNode)
			d.diags = append(d.diags, rulefile.Span(d.src.Name, from, to, rulefile.Error, "test-failed", strings.Join(parts, "; "),
				"test %q: the legal moves are %s", t.Name, orNone(got)))
		}
	}
	for _, m := range t.Legal {
		if _, err := g.ParseMove(&p, m.Text); evalError(err) != nil {
			return err
		} else if err != nil {
			e := g.Explain(&p, m.Text)
			if e.Err != nil {
				return e.Err
			}
			d.atItem(m, rulefile.Error, "test-failed", e.Short(), "test %q: %s is not legal", t.Name, m.Text)
		}
	}
	for _, m := range t.Illegal {
		if l, err := g.ParseMove(&p, m.Text); evalError(err) != nil {
			return err
		} else if err == nil {
			hint := ""
			if r := g.RuleName(l); r != "" {
				hint = fmt.Sprintf("made by rule %q", r)
			}
			d.atItem(m, rulefile.Error, "test-failed", hint, "test %q: %s is legal", t.Name, m.Text)
		}
	}
	if len(t.Play) == 0 && t.ResultNode == nil {
		return nil
	}
	h := g.NewHistory(p)
	mover := -1
	for _, m := range t.Play {
		cur := h.Position()
		l, err := g.ParseMove(&cur, m.Text)
		if err == nil {
			err = h.Play(l)
		}
		if evalError(err) != nil {
			return err
		}
		if err != nil {
			e := g.Explain(&cur, m.Text)
			if e.Err != nil {
				return e.Err
			}
			d.atItem(m, rulefile.Error, "test-failed", e.Short(), "test %q: %s cannot be played", t.Name, m.Text)
			return nil
		}
		mover = int(cur.ToMove)
	}
	if t.AfterNode != nil {
		q, err := g.ParsePosition(t.After)
		cur := h.Position()
		switch {
		case err != nil:
			d.errorf(t.AfterNode, "bad-test", "", "test %q: after: %v", t.Name, err)
		case q.Cells != cur.Cells || q.ToMove != cur.ToMove || q.Hand != cur.Hand || q.Place != cur.Place:
			from, to := d.src.NodeSpan(t.AfterNode)
			d.diags = append(d.diags, rulefile.Span(d.src.Name, from, to, rulefile.Error, "test-failed", "",
				"test %q: the position after play is %s", t.Name, g.FormatPosition(&cur)))
		}
	}
	if t.ResultNode == nil {
		return nil
	}
	want, err := parseExpectedResult(g, t.Result, mover)
	if err != nil {
		hint := `write "NAME wins", "win", "loss", "draw" or "ongoing"`
		if g.Ranked() {
			hint = `write "ongoing", "draw", or the places, "NAME 1st, NAME 2nd, ..." ("NAME wins" with two players)`
		}
		d.errorf(t.ResultNode, "bad-test", hint, "test %q: result %v", t.Name, err)
		return nil
	}
	o, err := h.OutcomeErr()
	if err != nil {
		return err
	}
	got := "ongoing"
	if o.Over {
		got = "draw"
		if o.Ranked() {
			got = g.PlacesText(o)
		} else if o.Winner >= 0 {
			got = g.Players[o.Winner].Name + " wins"
		}
	}
	if got != want {
		after := "at the position"
		if len(t.Play) > 0 {
			after = "after " + t.Play[len(t.Play)-1].Text
		}
		says := map[string]string{"ongoing": "the game goes on", "draw": "the game is drawn"}[got]
		if says == "" {
			says = got
		}
		if o.Reason != "" {
			says += " (" + o.Reason + ")"
		}
		from, to := d.src.NodeSpan(t.ResultNode)
		d.diags = append(d.diags, rulefile.Span(d.src.Name, from, to, rulefile.Error, "test-failed", "",
			"test %q: %s %s, not %s", t.Name, after, says, want))
	}
	return nil
}

// parseExpectedResult turns a test's result into "NAME wins", "draw" or
// "ongoing".
func parseExpectedResult(g *interpreter.Game, s string, mover int) (string, error) {
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
		return g.Players[(mover+1)%len(g.Players)].Name + " wins", nil
	case len(w) == 2 && w[1] == "wins":
		if i := g.PlayerIndex(w[0]); i >= 0 {
			return g.Players[i].Name + " wins", nil
		}
		var names []string
		for _, p := range g.Players {
			names = append(names, p.Name)
		}
		return "", fmt.Errorf("%q names no player (%s)", s, strings.Join(names, ", "))
	case strings.Contains(s, ",") && g.Ranked():
		return expectedPlaces(g, s)
	}
	return "", fmt.Errorf("%q is not a result", s)
}

// expectedPlaces reads a ranking, "red 1st, green 2nd, yellow 3rd", in any
// order, into the words the game writes for it.
func expectedPlaces(g *interpreter.Game, s string) (string, error) {
	var o interpreter.Outcome
	for _, part := range strings.Split(s, ",") {
		w := strings.Fields(strings.ToLower(part))
		if len(w) != 2 {
			return "", fmt.Errorf("%q: write each place as a player and its place, like \"red 1st\"", strings.TrimSpace(part))
		}
		i := g.PlayerIndex(w[0])
		if i < 0 {
			return "", fmt.Errorf("%q names no player", w[0])
		}
		k := 0
		for n := 1; n <= len(g.Players); n++ {
			if w[1] == interpreter.Ordinal(n) {
				k = n
			}
		}
		if k == 0 || o.Places[i] != 0 {
			return "", fmt.Errorf("%q: want each player once, with a place from 1st to %s", strings.TrimSpace(part), interpreter.Ordinal(len(g.Players)))
		}
		o.Places[i] = int8(k)
	}
	return g.PlacesText(o), nil
}

// canonicalMove writes move text the way the game prints it.
func canonicalMove(g *interpreter.Game, p *board.Position, text string) string {
	if g.HasDice() { // a play's points are the mover's: read it at p
		if m, err := g.ParseMove(p, text); err == nil {
			return g.MoveString(m)
		}
		return text
	}
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

// legalMoveTexts lists the legal moves at p as sorted text.
func legalMoveTexts(g *interpreter.Game, p *board.Position) ([]string, error) {
	moves, err := g.LegalMovesErr(p, nil)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range moves {
		out = append(out, g.MoveString(m))
	}
	sort.Strings(out)
	return out, nil
}
