package records

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The .mat match files of Jellyfish, as GNU Backgammon writes them (`export
// match mat`) and reads them (`import mat`): a header saying the match's
// length (0 for money games), then each game: its number, the two players'
// names and scores, and numbered lines with the first player's action on
// the left and the second's on the right — a roll and its play, each die's
// move from/to in the mover's point numbers (25 the bar, 0 off, * a hit):
// `65: 24/18 18/13`; a cube action: ` Doubles => 2`, ` Takes`, ` Drops` —
// and the winner's `Wins 2 points`. The left column is the game's first
// player (white in backgammon).

// MatGame is a game to write to a .mat file.
type MatGame struct {
	History *interpreter.History
	Cube    *CubeGame // its cube actions and the score before it; nil: none, money
	// A game its moves do not end may have been resigned: Resigned is then
	// the winner's points (1, 2 or 3 times the cube), Winner the winner.
	Resigned, Winner int
}

// matAction is one player's entry in a game's lines.
type matAction struct {
	player int
	text   string
}

// matName is a player's name as a .mat file can hold it: one word.
func matName(s, fallback string) string {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == ':' || r == '\t' {
			return '_'
		}
		return r
	}, strings.TrimSpace(s))
	if s == "" || s == "?" {
		return fallback
	}
	return s
}

// WriteMat writes games of g (a game on a backgammon board) as a .mat file
// of a match to length points (0: money games). names are the players'.
func WriteMat(w io.Writer, g *interpreter.Game, length int, names [2]string, games []MatGame) error {
	if !g.BackgammonBoard() {
		return fmt.Errorf("%s cannot be written as a .mat file: it is for games on a backgammon board", g.Name)
	}
	n0, n1 := matName(names[0], g.Players[0].Name), matName(names[1], g.Players[1].Name)
	if n0 == n1 {
		n0, n1 = n0+"_"+g.Players[0].Name, n1+"_"+g.Players[1].Name
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "; [Variant \"%s\"]\n\n %d point match\n", g.Name, length)
	for gi, mg := range games {
		acts, err := matActions(g, mg)
		if err != nil {
			return fmt.Errorf("game %d: %v", gi+1, err)
		}
		score := [2]int{}
		if mg.Cube != nil {
			score = mg.Cube.Start.Score
		}
		fmt.Fprintf(&out, "\n Game %d\n", gi+1)
		fmt.Fprintf(&out, "%-32s%s : %d\n", fmt.Sprintf(" %s : %d", n0, score[0]), n1, score[1])
		if len(acts) > 0 && acts[0].player == 1 {
			acts = append([]matAction{{player: 0}}, acts...)
		}
		var lines []string
		rightFree := false // the last line has no right-hand action
		for i := 0; i < len(acts); i += 2 {
			left := acts[i].text
			right := ""
			if i+1 < len(acts) {
				if acts[i+1].player != 1 || acts[i].player != 0 {
					return fmt.Errorf("game %d: two actions running by one player", gi+1)
				}
				right = acts[i+1].text
			}
			lines = append(lines, matLine(i/2+1, left, right))
			rightFree = right == ""
		}
		winner, points := -1, 0
		if mg.Resigned > 0 {
			winner, points = mg.Winner, mg.Resigned
		}
		if w, pts, over := mg.Cube.Over(); over {
			winner, points = w, pts
		} else if o := mg.History.Outcome(); o.Over && o.Winner >= 0 {
			winner, points = o.Winner, max(o.Points, 1)
			if mg.Cube != nil {
				points = mg.Cube.Cube.Points(o)
			}
		}
		if winner >= 0 {
			match := ""
			if length > 0 && score[winner]+points >= length {
				match = " and the match"
			}
			wins := fmt.Sprintf("Wins %d point%s%s", points, plural(points), match)
			// As GNU Backgammon writes it: the first player's win under
			// its column; the second's beside the first's last action,
			// else under its own column.
			switch {
			case winner == 0:
				lines = append(lines, "      "+wins)
			case rightFree && len(lines) > 0:
				lines[len(lines)-1] = matLine(len(lines), acts[len(acts)-1].text, wins)
			default:
				lines = append(lines, strings.Repeat(" ", 34)+wins)
			}
		}
		for _, l := range lines {
			out.WriteString(l + "\n")
		}
	}
	_, err := w.Write(out.Bytes())
	return err
}

// matLine is a numbered line: the first player's action in a column of
// 28, then the second's.
func matLine(n int, left, right string) string {
	line := fmt.Sprintf("%3d) %-28s", n, left)
	if right != "" {
		if !strings.HasSuffix(line, " ") {
			line += " "
		}
		line += right
	}
	return strings.TrimRight(line, " ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// matActions lists a game's actions in order: cube actions and plays, each
// play with its roll.
func matActions(g *interpreter.Game, mg MatGame) ([]matAction, error) {
	h := mg.History
	start := h.Start()
	if start != g.Start() {
		return nil, fmt.Errorf("the game does not begin at the start position; a .mat file cannot say where it begins")
	}
	var events []CubeEvent
	value := 1
	if mg.Cube != nil {
		events = mg.Cube.Events
		value = mg.Cube.Start.Value
	}
	var acts []matAction
	positions := h.Positions()
	moves := h.Moves()
	ev := 0
	var dice [2]int
	for i := 0; i <= len(moves); i++ {
		for ev < len(events) && events[ev].Ply == i {
			e := events[ev]
			switch e.Action {
			case interpreter.Double:
				value *= 2
				acts = append(acts, matAction{e.Player, fmt.Sprintf(" Doubles => %d", value)})
			case interpreter.Take:
				acts = append(acts, matAction{e.Player, " Takes"})
			case interpreter.Drop:
				acts = append(acts, matAction{e.Player, " Drops"})
			case interpreter.Beaver:
				return nil, fmt.Errorf("a beaver cannot be written in a .mat file")
			}
			ev++
		}
		if i == len(moves) {
			break
		}
		m := moves[i]
		switch m.Kind {
		case board.Roll:
			dice = [2]int{int(m.From), int(m.To)}
			if dice[1] > dice[0] {
				dice[0], dice[1] = dice[1], dice[0]
			}
		default:
			mover := int(positions[i].ToMove)
			if dice[0] == 0 {
				d := positions[i].Dice
				dice = [2]int{int(d[0]), int(d[1])}
			}
			var sb strings.Builder
			fmt.Fprintf(&sb, "%d%d: ", dice[0], dice[1])
			for _, dm := range g.DieMoves(m) {
				fmt.Fprintf(&sb, "%d/%d", dm.From, dm.To)
				if dm.Hit {
					sb.WriteByte('*')
				}
				sb.WriteByte(' ')
			}
			acts = append(acts, matAction{mover, strings.TrimRight(sb.String(), " ")})
			dice = [2]int{}
		}
	}
	return acts, nil
}

// Mat is a .mat file read: the match's length (0: money games) and, for
// each game, a record in this program's form, its moves keeping the lines
// of the file.
type Mat struct {
	Length int
	Names  [2]string
	Games  []*Record
}

var (
	matLengthRE = regexp.MustCompile(`^\s*(\d+)\s+point\s+match\s*$`)
	matGameRE   = regexp.MustCompile(`^\s*Game\s+(\d+)\s*$`)
	matNamesRE  = regexp.MustCompile(`^\s*(\S.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*$`)
	matLineRE   = regexp.MustCompile(`^\s*(\d+)\)(.*)$`)
	matWinsRE   = regexp.MustCompile(`^(\s*)Wins\s+(\d+)\s+points?(\s+and\s+the\s+match)?\s*$`)
	matRollRE   = regexp.MustCompile(`^([1-6])([1-6]):$`)
	matMoveRE   = regexp.MustCompile(`^(\d+)((?:/\d+\*?)+)$`)
	matCubeRE   = regexp.MustCompile(`^(Doubles|Beavers|Raccoons)$`)
)

// IsMat reports whether data is a .mat file: its first line that is not
// blank or a comment says "N point match".
func IsMat(data []byte) bool {
	for _, l := range strings.Split(string(data[:min(len(data), 4096)]), "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, ";") {
			continue
		}
		return matLengthRE.MatchString(t)
	}
	return false
}

// ReadMat reads a .mat file into one record per game, for variant (the
// game the records name). Errors name the line.
func ReadMat(rd io.Reader, variant string) (*Mat, error) {
	data, err := io.ReadAll(io.LimitReader(rd, interpreter.MaxRecordSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > interpreter.MaxRecordSize {
		return nil, fmt.Errorf("the file is larger than %d bytes", interpreter.MaxRecordSize)
	}
	mat := &Mat{Length: -1}
	var cur *Record
	var acting int // the next action's player on the line being read
	var score [2]int
	ended := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), interpreter.MaxRecordSize)
	line := 0
	fail := func(format string, args ...any) (*Mat, error) {
		return nil, fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		trim := strings.TrimSpace(text)
		switch {
		case trim == "" || strings.HasPrefix(trim, ";"):
			continue
		case matLengthRE.MatchString(text):
			if mat.Length >= 0 {
				return fail("a second match length")
			}
			mat.Length, _ = strconv.Atoi(matLengthRE.FindStringSubmatch(text)[1])
			continue
		}
		if mat.Length < 0 {
			return fail("%q: a .mat file begins with the match's length, like \" 7 point match\" (0 for money games)", trim)
		}
		if m := matGameRE.FindStringSubmatch(text); m != nil {
			if n, _ := strconv.Atoi(m[1]); n != len(mat.Games)+1 {
				return fail("game %d after %d games", n, len(mat.Games))
			}
			cur = &Record{Players: 2}
			cur.SetTag("Variant", variant)
			mat.Games = append(mat.Games, cur)
			ended = false
			continue
		}
		if cur == nil {
			return fail("%q before the first \"Game 1\" line", trim)
		}
		if m := matWinsRE.FindStringSubmatch(text); m != nil {
			winner := 0
			if len(m[1]) > 20 {
				winner = 1
			}
			matWinner(cur, winner, m[2])
			ended = true
			continue
		}
		if ended {
			return fail("%q after the game's winner", trim)
		}
		if len(cur.Moves) == 0 && cur.Tag("Score") == "" && !matLineRE.MatchString(text) {
			m := matNamesRE.FindStringSubmatch(text)
			if m == nil {
				return fail("%q: want the players' names and scores, like \" white : 0    black : 0\"", trim)
			}
			a, _ := strconv.Atoi(m[2])
			b, _ := strconv.Atoi(m[4])
			score = [2]int{a, b}
			if len(mat.Games) == 1 {
				mat.Names = [2]string{m[1], m[3]}
			}
			if mat.Length > 0 {
				cur.SetTag("Match", strconv.Itoa(mat.Length))
				cur.SetTag("Score", fmt.Sprintf("%d-%d", score[0], score[1]))
				if mat.Length > 0 && (score[0] >= mat.Length || score[1] >= mat.Length) {
					return fail("the score %d-%d: the match to %d is over", score[0], score[1], mat.Length)
				}
			}
			cur.SetTag("White", m[1])
			cur.SetTag("Black", m[3])
			acting = 0
			continue
		}
		m := matLineRE.FindStringSubmatch(text)
		if m == nil {
			return fail("%q is not a numbered line of moves (\"  3) 52: 13/8 24/22    63: 8/5 11/5\")", trim)
		}
		rest := m[2]
		restAt := len(text) - len(rest)
		acts, err := splitMatLine(rest)
		if err != nil {
			return fail("%v", err)
		}
		if len(acts) > 2 {
			return fail("%d actions on a line; a line holds the first player's and the second's", len(acts))
		}
		player := 0
		if len(acts) == 1 && acts[0].col+restAt > 20 {
			player = 1 // the left column is empty
		}
		for _, a := range acts {
			if err := matRecordAction(cur, a.words, line, &player, &acting, len(cur.Moves) == 0); err != nil {
				return fail("%v", err)
			}
			player++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if mat.Length < 0 {
		return nil, fmt.Errorf("line %d: no \" N point match\" line: this is not a .mat file", line)
	}
	if len(mat.Games) == 0 {
		return nil, fmt.Errorf("line %d: no games (no \" Game 1\" line)", line)
	}
	for _, r := range mat.Games {
		if r.Result == "" {
			r.Result = "*"
		}
	}
	return mat, nil
}

// matWinner sets the record's result: winner wins points.
func matWinner(r *Record, winner int, points string) {
	res := []string{"0", "0"}
	res[winner] = "1"
	r.Result = strings.Join(res, "-")
	r.SetTag("Result", r.Result)
	r.SetTag("Points", points)
}

type matText struct {
	col   int
	words []string
}

// splitMatLine splits a line's text after its number into its actions: a
// roll and its moves, or a cube word.
func splitMatLine(rest string) ([]matText, error) {
	var acts []matText
	i := 0
	for i < len(rest) {
		for i < len(rest) && rest[i] == ' ' || i < len(rest) && rest[i] == '\t' {
			i++
		}
		if i >= len(rest) {
			break
		}
		j := i
		for j < len(rest) && rest[j] != ' ' && rest[j] != '\t' {
			j++
		}
		w := rest[i:j]
		switch {
		case matRollRE.MatchString(w), matCubeRE.MatchString(w), w == "Takes", w == "Drops", w == "Accepts", w == "Rejects", w == "Wins":
			acts = append(acts, matText{col: i, words: []string{w}})
		case len(acts) == 0:
			return nil, fmt.Errorf("%q: want a roll (\"52:\") or a cube action (Doubles => 2, Takes, Drops)", w)
		default:
			acts[len(acts)-1].words = append(acts[len(acts)-1].words, w)
		}
		i = j
	}
	return acts, nil
}

// matRecordAction adds one action of a .mat line to the record as words of
// this program's records.
func matRecordAction(r *Record, words []string, line int, player, acting *int, first bool) error {
	who := []string{"left", "right"}[*player%2]
	if *player > 1 {
		return fmt.Errorf("more than two actions on a line")
	}
	add := func(w string) { r.Moves = append(r.Moves, RecordMove{Text: w, Line: line}) }
	head := words[0]
	switch {
	case head == "Wins":
		if m := matWinsRE.FindStringSubmatch(strings.Join(words, " ")); m != nil {
			matWinner(r, *player%2, m[2])
			return nil
		}
		return fmt.Errorf("%s: want \"Wins N points\"", strings.Join(words, " "))
	case matCubeRE.MatchString(head):
		if len(words) != 3 || words[1] != "=>" {
			return fmt.Errorf("%s: want \"%s => N\", the cube's new value", strings.Join(words, " "), head)
		}
		if head != "Doubles" {
			return fmt.Errorf("%s (the %s column): beavers and raccoons are not read", head, who)
		}
		add("double")
	case head == "Takes" || head == "Accepts":
		add("take")
	case head == "Drops" || head == "Rejects":
		add("drop")
	default:
		d := matRollRE.FindStringSubmatch(head)
		if first {
			// The opening roll: each player's die, the first player's
			// first; the player who starts has the higher.
			hi, lo := max(d[1], d[2]), min(d[1], d[2])
			if *player == 0 {
				add(hi + "-" + lo)
			} else {
				add(lo + "-" + hi)
			}
		} else {
			add(d[1] + d[2])
		}
		if len(words) == 1 {
			add("pass")
			break
		}
		for _, w := range words[1:] {
			m := matMoveRE.FindStringSubmatch(w)
			if m == nil {
				return fmt.Errorf("%q (the %s column): want a move like 24/18 or 13/8* (25 the bar, 0 off)", w, who)
			}
			pts := strings.Split(m[0], "/")
			for i, p := range pts {
				star := strings.HasSuffix(p, "*")
				n, _ := strconv.Atoi(strings.TrimSuffix(p, "*"))
				switch {
				case n > 25:
					return fmt.Errorf("%q (the %s column): point %d; points are 1 to 24, 25 the bar, 0 off", w, who, n)
				case n == 25:
					p = "bar"
				case n == 0:
					p = "off"
				default:
					p = strconv.Itoa(n)
				}
				if star {
					p += "*"
				}
				pts[i] = p
			}
			add(strings.Join(pts, "/"))
		}
	}
	*acting = 1 - *player
	return nil
}
