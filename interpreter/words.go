package interpreter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/stackrules/stackrules/board"
	"go.yaml.in/yaml/v3"
)

// The rules in words: what a rule file tells people rather than the
// interpreter — a prose summary, plain-words reasons for the ways a game
// ends, and the sources the rules come from.

// Citation names a source of the rules.
type Citation struct {
	Title, Author, URL string
	Year               int
}

// String writes a citation as a reference list entry: Author, Title (Year), URL.
func (c Citation) String() string {
	var parts []string
	if c.Author != "" {
		parts = append(parts, c.Author)
	}
	if c.Title != "" {
		t := c.Title
		if c.Year != 0 {
			t += fmt.Sprintf(" (%d)", c.Year)
		}
		parts = append(parts, t)
	} else if c.Year != 0 {
		parts = append(parts, strconv.Itoa(c.Year))
	}
	if c.URL != "" {
		parts = append(parts, c.URL)
	}
	return strings.Join(parts, ", ")
}

// wordsSpec is the people-facing text of a rule file, as written.
type wordsSpec struct {
	Summary          string
	Sources          []Citation
	RepetitionReason string
	QuietReason      string
	PDNGameType      int      // the GameType tag of PDN records; 0 when the game has none
	PDNAlsoRead      []int    // more GameType tags whose records are this game's (Portuguese's 28 for Spanish's 24)
	noMove           []string // per player: "white has no legal move", made once
}

// decodeSources reads `sources:`, a list of citations: {title, author, year, url}.
func (d *decoder) decodeSources(n *yaml.Node, rf *ruleFile) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "wrong-type", "write `- {title: ..., author: ..., year: 2009, url: ...}`", "sources must be a list of citations, not %s", kindName(n))
		return
	}
	for _, e := range n.Content {
		var c Citation
		d.mapping(e, "a source", []field{
			{"title", true, func(_, v *yaml.Node) { c.Title = d.str(v, "source: title") }},
			{"author", false, func(_, v *yaml.Node) { c.Author = d.str(v, "source: author") }},
			{"year", false, func(_, v *yaml.Node) { c.Year = d.integer(v, "source: year", 1, 9999) }},
			{"url", false, func(_, v *yaml.Node) { c.URL = d.str(v, "source: url") }},
		})
		rf.Words.Sources = append(rf.Words.Sources, c)
	}
}

// decodeDrawReasons reads `draw: reasons:`, the draw rules in plain words.
func (d *decoder) decodeDrawReasons(n *yaml.Node, rf *ruleFile) {
	d.mapping(n, "draw: reasons", []field{
		{"repetition", false, func(_, v *yaml.Node) { rf.Words.RepetitionReason = d.str(v, "draw: reasons: repetition") }},
		{"quiet_plies", false, func(_, v *yaml.Node) { rf.Words.QuietReason = d.str(v, "draw: reasons: quiet_plies") }},
	})
}

// decodeEndEntry reads one end condition: `- win: EXPR`, optionally with
// `reason: plain words`.
func (d *decoder) decodeEndEntry(e *yaml.Node, rf *ruleFile) {
	if e.Kind != yaml.MappingNode || (len(e.Content) != 2 && len(e.Content) != 4 && len(e.Content) != 6) {
		d.errorf(e, "wrong-type", "write `- win: EXPR`, `- loss: EXPR`, `- draw: EXPR` or `- place: EXPR`, with an optional `reason: WORDS`", "each end condition is one `win`, `loss`, `draw` or `place` key with an expression, and optionally a `reason`")
		return
	}
	var spec *endSpec
	reason := ""
	var points *exprText
	for i := 0; i+1 < len(e.Content); i += 2 {
		k, v := e.Content[i], e.Content[i+1]
		if k.Value == "reason" {
			reason = d.str(v, "end: reason")
			continue
		}
		if k.Value == "points" {
			points = d.expression(v, "end: points")
			continue
		}
		choices := []string{"win", "loss", "draw", "place", "reason", "points"}
		if k.Value != "win" && k.Value != "loss" && k.Value != "draw" && k.Value != "place" {
			d.errorf(k, "unknown-key", suggest(k.Value, choices), "end condition %q: the key must be win, loss or draw, or place in a game played for places", k.Value)
			return
		}
		if spec != nil {
			d.errorf(k, "duplicate-key", "", "an end condition has one of win, loss, draw or place, not two")
			return
		}
		if isEmpty(v) {
			d.errorf(v, "empty-value", "", "end condition %q has no expression", k.Value)
			return
		}
		spec = &endSpec{Result: k.Value, node: k, When: d.expression(v, "end: "+k.Value)}
	}
	if spec == nil {
		d.errorf(e, "missing-key", "", "an end condition needs a win, loss or draw key (or place), not only a reason")
		return
	}
	spec.Reason = reason
	spec.Points = points
	if points != nil && spec.Result == "draw" {
		d.errorf(points.node, "bad-value", "", "end: a draw is worth no points")
	}
	if points != nil && spec.Result == "place" {
		d.errorf(points.node, "bad-value", "a ranking scores each player by its place", "end: a place is worth no points")
	}
	rf.End = append(rf.End, *spec)
}

// OutcomeText says how a game ended, for people: "red wins: bore off every checker"
// with the rule file's words, or "red wins (win: checkers(me) == 0)" with the
// condition for a rule file without them. It is "" while the game goes on.
func (g *Game) OutcomeText(o Outcome) string {
	if !o.Over {
		return ""
	}
	who := "draw"
	if o.Ranked() {
		who = g.PlacesText(o)
	} else if o.Winner >= 0 && o.Winner < len(g.Players) {
		who = g.Players[o.Winner].Name + " wins" + g.pointsText(o)
	}
	if o.Why != "" {
		return who + ": " + o.Why
	}
	return who + " (" + o.Reason + ")"
}

// numberBoard gives the board numeric notation when the rule file asks for
// it: `board: numbering: PLAYER` numbers the squares as that player sees them.
func (g *Game) numberBoard(d *decoder, rf *ruleFile) {
	n := rf.Board.Numbering
	if n == nil {
		return
	}
	name := d.str(n, "board: numbering")
	var names []string
	for _, p := range g.Players {
		names = append(names, p.Name)
		if p.Name == name {
			g.Board.SetNumbering(p.Home == "bottom")
			return
		}
	}
	if name != "" {
		d.errorf(n, "bad-value", suggest(name, names), "board: numbering is %q; it must be a player (%s), the one whose view numbers the squares", name, strings.Join(names, ", "))
	}
}

// PDNGameType is the GameType tag of the game's PDN records, 0 when the
// rule file gives none.
func (g *Game) PDNGameType() int { return g.words.PDNGameType }

// ReadsPDNGameType reports whether PDN records of game type t are this
// game's: its own type, or one more the rule file lists (`pdn_game_type:
// [24, 28]`, one game under two names and numbers).
func (g *Game) ReadsPDNGameType(t int) bool {
	return t != 0 && (t == g.words.PDNGameType || slices.Contains(g.words.PDNAlsoRead, t))
}

// decodePDNGameType reads `pdn_game_type`: a number, or a list of numbers
// whose first is written and all read.
func (d *decoder) decodePDNGameType(v *yaml.Node, rf *ruleFile) {
	const what = "pdn_game_type"
	if v.Kind != yaml.SequenceNode {
		rf.Words.PDNGameType = d.integer(v, what, 1, 99)
		return
	}
	if len(v.Content) == 0 {
		d.errorf(v, "wrong-type", "write `pdn_game_type: 24` or `pdn_game_type: [24, 28]`", "%s is an empty list", what)
		return
	}
	for i, e := range v.Content {
		n := d.integer(e, what, 1, 99)
		if i == 0 {
			rf.Words.PDNGameType = n
		} else if n != 0 {
			rf.Words.PDNAlsoRead = append(rf.Words.PDNAlsoRead, n)
		}
	}
}

// LiftsPart reports whether some move rule lifts part of a stack, so that
// moves carry a count ("2c3-d4").
func (g *Game) LiftsPart() bool {
	for _, r := range g.moveRules {
		if !r.liftAll && r.liftMax != 1 {
			return true
		}
	}
	return false
}

// setupClashes gathers the squares two setup entries both fill, so that an
// overlap is one error naming its squares, not one error per square.
type setupClashes struct {
	order []setupClash
}

type setupClash struct {
	at, prev *yaml.Node
	squares  []board.Square
}

func newSetupClashes() *setupClashes { return &setupClashes{} }

func (sc *setupClashes) add(at, prev *yaml.Node, sq board.Square) {
	for i := range sc.order {
		if sc.order[i].at == at && sc.order[i].prev == prev {
			sc.order[i].squares = append(sc.order[i].squares, sq)
			return
		}
	}
	sc.order = append(sc.order, setupClash{at: at, prev: prev, squares: []board.Square{sq}})
}

func (sc *setupClashes) report(d *decoder, b *board.Board) {
	for _, c := range sc.order {
		names := make([]string, len(c.squares))
		for i, sq := range c.squares {
			names[i] = b.SquareName(sq)
		}
		what := "a piece on " + names[0] + " twice"
		if len(names) > 1 {
			what = fmt.Sprintf("pieces twice on %d squares: %s", len(names), strings.Join(names, ", "))
		}
		d.errorf(c.at, "setup-twice", fmt.Sprintf("first placed at line %d", c.prev.Line), "setup places %s", what)
	}
}

// termReasons is a rule's `reasons:`: its condition's `&&` terms in words,
// one per term in the order they are written, for explain and for the
// message that refuses a move. An empty entry (`- ~`) is a term with nothing
// to tell a player: one that only says which pieces or places the rule is
// for.
type termReasons struct {
	key   *yaml.Node // the `reasons` key, where a mistake is reported
	words []string   // "" for a term with nothing to tell
}

// decodeTermReasons reads `reasons:` beside a rule's `when:`: a list of
// texts, or one text for a condition of one term.
func (d *decoder) decodeTermReasons(k, v *yaml.Node, what string) *termReasons {
	r := &termReasons{key: k}
	items := []*yaml.Node{v}
	switch v.Kind {
	case yaml.ScalarNode:
	case yaml.SequenceNode:
		items = v.Content
	default:
		d.errorf(v, "wrong-type", "write one line of words per `&&` term of when: `- a checker on the bar must enter first`", "%s: reasons must be a list of texts, not %s", what, kindName(v))
		return nil
	}
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			d.errorf(it, "wrong-type", "", "%s: each of reasons is a text in words, not %s", what, kindName(it))
			return nil
		}
		w := strings.Join(strings.Fields(it.Value), " ")
		if isEmpty(it) {
			w = ""
		}
		r.words = append(r.words, w)
	}
	return r
}

// attachReasons gives a rule's condition its reasons, once the keys of the
// rule's mapping are read (reasons may come before when).
func (d *decoder) attachReasons(rule *yaml.Node, when *exprText, r *termReasons, what string) {
	switch {
	case r == nil:
	case when == nil && hasKey(rule, "when"):
		// The when is wrong, and reported.
	case when == nil:
		d.errorf(r.key, "missing-key", "add the `when:` the reasons are about, or leave reasons out", "%s: reasons say in words the `&&` terms of when, and the rule has no when", what)
	default:
		when.reasons = r
	}
}

// checkReasons compares a condition's reasons with its `&&` terms: one text
// per term, or the file does not load.
func (g *Game) checkReasons(d *decoder, src *exprText, what string, terms []ast.Node, c *compiled) {
	r := src.reasons
	if r == nil {
		return
	}
	if len(r.words) == len(terms) {
		c.words = r.words
		return
	}
	var list []string
	for i, t := range terms {
		list = append(list, fmt.Sprintf("%d. %s", i+1, src.slice(t)))
	}
	from := nodePos(r.key)
	to := srcPos{Line: from.Line, Col: from.Col + len(r.key.Value)}
	d.diags = append(d.diags, diagSpan(d.src.Name, from, to, Error, "reasons", "the terms, in order: "+strings.Join(list, "; "),
		"%s: reasons has %d %s, but when has %d `&&` %s: give one reason per term, in order",
		what, len(r.words), plural(len(r.words), "entry", "entries"), len(terms), plural(len(terms), "term", "terms")))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func hasKey(m *yaml.Node, key string) bool {
	for i := 0; m.Kind == yaml.MappingNode && i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return true
		}
	}
	return false
}
