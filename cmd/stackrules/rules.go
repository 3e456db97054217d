package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/urfave/cli/v2"
)

func rulesCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "the rules of a game in words, the board at the start, and how moves are written",
		ArgsUsage: "GAME",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "ascii", Usage: "draw the board without Unicode"},
		},
		Action: func(c *cli.Context) error {
			g, err := openGame(c, "")
			if err != nil {
				return err
			}
			fmt.Fprint(s.out, rulesText(g, renderOpts{ASCII: c.Bool("ascii")}))
			return nil
		},
	}
}

// rulesText is what `stackrules rules` and `help rules` print: the rules in
// words, the start position, and the notation with examples taken from the
// moves legal at the start.
func rulesText(g *interpreter.Game, o renderOpts) string {
	var sb strings.Builder
	title := g.Name
	if len(g.Authors) > 0 {
		title += " (" + strings.Join(g.Authors, ", ") + ")"
	}
	sb.WriteString(title + "\n" + strings.Repeat("=", visibleWidth(title)) + "\n\n")
	if g.Summary != "" {
		sb.WriteString(wrapText(g.Summary, 78, "") + "\n\n")
	} else if g.Description != "" {
		sb.WriteString(wrapText(g.Description, 78, "") + "\n\n")
		sb.WriteString("(This rule file has no rules: summary; the rule file itself is the full text.)\n\n")
	}
	start := g.Start()
	sb.WriteString("At the start:\n\n")
	sb.WriteString(renderBoard(g, &start, boardView{}, o))
	if pt := piecesText(g, &start); pt != "" {
		sb.WriteString("\n" + pt)
	}
	sb.WriteString("\n" + notationText(g, &start))
	if len(g.Sources) > 0 || g.Source != "" {
		sb.WriteString("\nSources:\n")
		for _, c := range g.Sources {
			url := c.URL
			c.URL = ""
			sb.WriteString(wrapText(c.String(), 76, "  ") + "\n")
			if url != "" {
				sb.WriteString("    " + url + "\n")
			}
		}
		if len(g.Sources) == 0 {
			sb.WriteString("  " + g.Source + "\n")
		}
	}
	return sb.String()
}

// notationText explains how moves are written, with examples from p.
func notationText(g *interpreter.Game, p *board.Position) string {
	if g.HasDice() {
		return diceNotationText(g, p)
	}
	if info, ok := g.Notation(); ok {
		return ownNotationText(g, info, p)
	}
	var sb strings.Builder
	b := g.Board
	sb.WriteString("Writing moves. Squares are named by file letter and rank number (a1 is the\n")
	sb.WriteString("lower left as the first player sees the board).")
	if b.Numbered() {
		sb.WriteString(" They are also numbered 1 to " + fmt.Sprint(b.NumSquares()) + ",\n")
		sb.WriteString("as draughts players write them, and either notation is accepted.")
	}
	sb.WriteString("\n")
	legal := g.LegalMoves(p, nil)
	texts := make([]string, 0, len(legal))
	for _, m := range legal {
		t := g.MoveString(m)
		if b.Numbered() {
			if n := b.NumericMoveString(m); n != t {
				t += " (" + n + ")"
			}
		}
		texts = append(texts, t)
	}
	sort.Strings(texts)
	if len(texts) > 3 {
		texts = texts[:3]
	}
	switch {
	case g.HasHands():
		sb.WriteString("  a placement: the point alone, from hand: d2; at the start, for example:\n" + strings.Join(wrapItems(texts, ", ", 14, 78), ",\n") + "\n")
		sb.WriteString("  a move:     from-to: d2-d3 (a flight too: a1-g7)\n")
		if g.HasTriggers() {
			sb.WriteString("  a removal:  a move that completes a line adds x and the point it clears:\n              d2xa1, d2-d3xa1\n")
		}
	case len(texts) > 0:
		fmt.Fprintf(&sb, "  a move:     from-to; at the start, for example:\n%s\n", strings.Join(wrapItems(texts, ", ", 14, 78), ",\n"))
	}
	if g.LiftsPart() {
		sb.WriteString("  a lift:     the number of pieces first: 2c3-d4 moves the top two of c3\n")
	}
	if g.HasBearOff() {
		sb.WriteString("  a bear-off: the square, then -off: b8-off\n")
	}
	if g.HasCaptures() {
		sb.WriteString("  a capture:  every landing square, x between: " + captureExample(b) + "\n")
	}
	if g.NoMoves == "pass" {
		sb.WriteString("  a pass:     pass (only when there is no other move)\n")
	}
	sb.WriteString("In the terminal player a square alone (c3) lists its moves, and shorthand is\nfine when it matches one move.\n")
	return sb.String()
}

// wrapText wraps paragraphs (separated by blank lines) at width columns,
// each line starting with indent.
func wrapText(text string, width int, indent string) string {
	var paras []string
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		var lines []string
		for _, line := range strings.Split(para, "\n") {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
				// a list item keeps its own line
				lines = append(lines, "\x00"+t)
				continue
			}
			lines = append(lines, strings.TrimSpace(line))
		}
		var out []string
		cur := ""
		flush := func() {
			if cur != "" {
				out = append(out, cur)
				cur = ""
			}
		}
		for _, l := range lines {
			hang := ""
			if strings.HasPrefix(l, "\x00") {
				flush()
				l = l[1:]
				hang = "  "
			}
			for _, w := range strings.Fields(l) {
				switch {
				case cur == "":
					cur = indent + w
				case visibleWidth(cur)+1+visibleWidth(w) > width:
					out = append(out, cur)
					cur = indent + hang + w
				default:
					cur += " " + w
				}
			}
		}
		flush()
		paras = append(paras, strings.Join(out, "\n"))
	}
	return strings.Join(paras, "\n\n")
}

// help answers `help` and `help rules` at the prompt.
func (ss *terminalGame) help(topic string) {
	switch strings.ToLower(topic) {
	case "":
		pos := ss.h.Position()
		ss.out("%s", helpTextAt(ss.ro.ASCII, ss.g, &pos))
		ss.out("help rules    the rules of %s in words\n", ss.g.Name)
	case "rules", "rule", "game":
		ss.out("%s", rulesText(ss.g, renderOpts{ASCII: ss.ro.ASCII, Color: ss.ro.Color}))
	default:
		ss.out("There is no help on %q: type help for the commands, or help rules for the rules.\n", topic)
	}
}

var notationFlag = &cli.StringFlag{Name: "notation", Value: "auto",
	Usage: "write moves as `numeric` (11-15, on boards that number their squares), algebraic (c3-d4), or auto (numeric where the board is numbered)"}

// numericNotation reads --notation: whether moves are written numerically.
func numericNotation(c *cli.Context, g *interpreter.Game) (bool, error) {
	switch strings.ToLower(c.String("notation")) {
	case "auto", "":
		return g.Board.Numbered(), nil
	case "numeric", "numbers", "pdn":
		if !g.Board.Numbered() {
			return false, usagef("--notation numeric: %s does not number its squares (the rule file's board: numbering)", g.Name)
		}
		return true, nil
	case "algebraic":
		return false, nil
	}
	return false, usagef("--notation is %q; it must be numeric, algebraic or auto", c.String("notation"))
}

// moveText writes a move in the notation chosen.
func moveText(g *interpreter.Game, m board.Move, numeric bool) string {
	if numeric {
		return g.Board.NumericMoveString(m)
	}
	return g.MoveString(m)
}

// mv writes a move as the session shows moves.
func (ss *terminalGame) mv(m board.Move) string { return moveText(ss.g, m, ss.ro.Numeric) }

// numericToAlgebraic rewrites numeric text ("11x25", "15") with square
// names, on a numbered board, so shorthand works in either notation.
func numericToAlgebraic(b *board.Board, t string) (string, bool) {
	if !b.Numbered() || t == "" || t[0] < '0' || t[0] > '9' {
		return "", false
	}
	var sb strings.Builder
	for i := 0; i < len(t); {
		c := t[i]
		if c == '-' || c == 'x' || c == ':' {
			sb.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		if j == i {
			return "", false
		}
		n, _ := strconv.Atoi(t[i:j])
		sq, ok := b.NumberedSquare(n)
		if !ok {
			return "", false
		}
		sb.WriteString(b.SquareName(sq))
		i = j
	}
	return sb.String(), true
}

// captureExample writes a two-jump capture along a diagonal of the board,
// in both notations on a numbered board: "c3xe5xg7 (or 11x18x25)".
func captureExample(b *board.Board) string {
	for sq := 0; sq < b.NumSquares(); sq++ {
		s0 := board.Square(sq)
		s2, ok1 := b.Step(s0, board.Direction{DF: 2, DR: 2})
		s4, ok2 := b.Step(s0, board.Direction{DF: 4, DR: 4})
		if !ok1 || !ok2 {
			continue
		}
		m := board.Move{Kind: board.Capture, From: s0, To: s4, Jumps: 2}
		m.Via[0] = s2
		ex := b.MoveString(m)
		if b.Numbered() {
			ex += " (or " + b.NumericMoveString(m) + ")"
		}
		return ex
	}
	return "c3xe5xg7"
}

// diceNotationText explains a dice game's notation (GNU Backgammon's), with
// examples from p: its rolls, or its plays.
func diceNotationText(g *interpreter.Game, p *board.Position) string {
	examples := func(q *board.Position) string {
		var texts []string
		for _, m := range g.LegalMoves(q, nil) {
			texts = append(texts, g.MoveString(m))
		}
		if len(texts) > 4 {
			texts = texts[:4]
		}
		return strings.Join(wrapItems(texts, ", ", 14, 78), ",\n")
	}
	n, _ := g.DiceNotation()
	var sb strings.Builder
	if n.FromStart {
		sb.WriteString("Writing moves. A piece's squares are its steps along its own path, counted\n")
		fmt.Fprintf(&sb, "from its start square (0) up; %s is where a piece waits to come out, and\n", n.Start)
		sb.WriteString("off is past the end of its path. Moves may be given in any order.\n")
	} else {
		sb.WriteString("Writing moves. Points are numbered from the mover's side (GNU Backgammon's\n")
		sb.WriteString("notation); moves may be given in any order.\n")
	}
	if n.Dice == 1 {
		sb.WriteString("  a roll:     the die: 6\n")
	} else {
		sb.WriteString("  a roll:     the two dice, higher first: 65, 33\n")
	}
	if n.Bottoms {
		sb.WriteString("              a double may be played by its tops and bottoms: 22 moves 2 2 5 5\n")
	}
	switch {
	case n.Reroll:
		sb.WriteString("              an opening roll is each player's die in turn order: 6-5;\n")
		sb.WriteString("              it only decides who starts (2-1 or 1-2), who then rolls both dice\n")
	case n.Opening:
		sb.WriteString("              an opening roll is each player's die in turn order: 6-5\n")
	}
	if n.FromStart {
		fmt.Fprintf(&sb, "  a play:     from/to for each piece: 10/13; %s/0 brings a piece out", n.Start)
		if n.Dice == 2 {
			sb.WriteString(",\n              10/13/17 one piece by both dice")
		}
		sb.WriteString("\n")
		if n.Bounce {
			sb.WriteString("              (a count past the end walks back: 53/52)\n")
		}
	} else {
		sb.WriteString("  a play:     from/to for each checker: 24/18 13/11;")
		if n.Hits { // only a hit sends a checker to the track's first square
			fmt.Fprintf(&sb, " %s/22 from the %s,", n.Start, n.Start)
		}
		sb.WriteString("\n              6/off to bear off, 24/13 one checker by both dice,\n")
		sb.WriteString("              8/5(2) for two checkers on one path\n")
	}
	switch {
	case n.Hits && n.HitsAtEnd:
		sb.WriteString("              * after the square where a piece sends others back (10/14*),\n")
		sb.WriteString("              settled where the pieces end the turn\n")
	case n.Hits:
		sb.WriteString("              * after a hit (24/18*/13), which may be left out\n")
	}
	if n.ExtraRoll {
		sb.WriteString("              a play that earns another roll is followed by it\n")
	}
	if n.Bonus {
		sb.WriteString("              a play that earns a bonus move is followed by it: the position\n")
		sb.WriteString("              shows bonus:20, and one piece moves that many steps\n")
	}
	sb.WriteString("  a pass:     pass, when nothing can be played\n")
	if n.PassAgain {
		sb.WriteString("              (a pass may roll again, as the rules say)\n")
	}
	if n.Penalty {
		sb.WriteString("  a penalty:  penalty, a roll that is not played: your piece farthest\n")
		sb.WriteString("              along goes back to its start\n")
	}
	if g.IsChance(p) {
		fmt.Fprintf(&sb, "At the start, for example:\n%s\n", examples(p))
		q := *p
		rolls := g.LegalMoves(&q, nil)
		if len(rolls) > 0 {
			roll := g.MoveString(rolls[len(rolls)-1])
			g.Apply(&q, rolls[len(rolls)-1])
			fmt.Fprintf(&sb, "then after %s, for example:\n%s\n", roll, examples(&q))
		}
	} else {
		fmt.Fprintf(&sb, "At the start, for example:\n%s\n", examples(p))
	}
	return sb.String()
}
