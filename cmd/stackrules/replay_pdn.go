package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/urfave/cli/v2"
)

// pdnGame is one game of a PDN file, replayed: what replay --json prints,
// one object a line.
type pdnGame struct {
	Game  int    `json:"game"` // 1-based, in the file's order
	OK    bool   `json:"ok"`
	Error string `json:"error"` // why not ok: the move (its number and text) and the reason
	Plies int    `json:"plies"` // the moves played (up to the illegal one)
	// Final is the position after the last move played, as --position
	// reads it: a PDN FEN where the game can write one.
	Final    string            `json:"final"`
	Position string            `json:"position"` // the same in the game's own position text
	Result   string            `json:"result"`   // the record's result, the first player's score first
	Ending   string            `json:"ending,omitempty"`
	Game_    string            `json:"variant"` // the built-in game or rule file it was replayed as
	Line     int               `json:"line"`    // where the game begins in the file
	Moves    []string          `json:"moves"`   // every move played, in full PDN notation
	Tags     map[string]string `json:"tags"`

	rec  *records.Record
	g    *interpreter.Game
	hist *interpreter.History
	err  error
}

// replayPDNFile replays a PDN file of one game or many. done is false when
// the file is not PDN of a draughts game (a stackrules record without a
// [Variant] tag, or --game naming a game PDN cannot write): the caller
// replays it as a stackrules record.
func replayPDNFile(s *streams, c *cli.Context, path string, data []byte, gameName string, pick int, perr error) (bool, error) {
	games, err := records.ParsePDN(bytes.NewReader(data))
	if err != nil {
		if perr != nil && !strings.EqualFold(filepath.Ext(path), ".pdn") {
			return false, nil // the stackrules record's error says more
		}
		return true, fmt.Errorf("%s: %v", path, err)
	}
	pdnLike := strings.EqualFold(filepath.Ext(path), ".pdn") || len(games) > 1
	for _, r := range games {
		if r.Tag("Variant") != "" {
			return false, nil
		}
		if r.Tag("GameType") != "" || r.Tag("FEN") != "" || len(r.Moves) > 0 && r.Moves[0].Text[0] >= '0' && r.Moves[0].Text[0] <= '9' {
			pdnLike = true
		}
	}
	var named *interpreter.Game
	if gameName != "" {
		if named, err = openNamed(gameName); err != nil {
			return true, fmt.Errorf("%s: the game %q: %w", path, gameName, err)
		}
		if named.PDNGameType() == 0 && !named.Board.Numbered() {
			return false, nil
		}
	} else if !pdnLike {
		return false, nil
	}
	if pick > 0 {
		if pick > len(games) {
			return true, usagef("--game %d: %s holds %d %s", pick, path, len(games), plural(len(games), "game"))
		}
	}
	byType := map[int]*interpreter.Game{}
	gameOf := func(r *records.Record) (*interpreter.Game, error) {
		if named != nil {
			return named, nil
		}
		t := records.GameType(r)
		if g, ok := byType[t]; ok {
			return g, nil
		}
		name, err := pdnVariant(t)
		if err != nil {
			return nil, err
		}
		g, err := interpreter.Open(name)
		if err != nil {
			return nil, err
		}
		byType[t] = g
		return g, nil
	}
	replay := func(i int, r *records.Record) *pdnGame {
		out := &pdnGame{Game: i + 1, Line: r.Line, Result: r.Result, Tags: map[string]string{}, rec: r}
		for _, t := range r.Tags {
			out.Tags[t.Key] = t.Value
		}
		g, err := gameOf(r)
		if err != nil {
			out.err, out.Error = err, err.Error()
			return out
		}
		out.g, out.Game_ = g, g.Name
		h, err := records.ReplayPDN(g, r)
		out.hist = h
		if h != nil {
			final := h.Position()
			out.Plies = h.Len()
			out.Position = g.FormatPosition(&final)
			out.Final = out.Position
			if fen, ferr := records.FEN(g, &final); ferr == nil {
				out.Final = fen
			}
			out.Moves = make([]string, 0, h.Len())
			for _, m := range h.Moves() {
				out.Moves = append(out.Moves, g.Board.NumericMoveString(m))
			}
		}
		if err == nil {
			err = records.CheckPDNResult(g, r, records.PDNOutcome(h))
		}
		if err != nil {
			out.err = err
			out.Error = replayErrorText(g, h, err)
			return out
		}
		out.OK = true
		if r.Result != "*" {
			if o := records.PDNOutcome(h); o.Over {
				out.Ending = outcomeText(g, o)
			} else {
				out.Ending = records.PDNEnding(g, r, h)
			}
		}
		return out
	}
	first, last := 0, len(games)
	if pick > 0 {
		first, last = pick-1, pick
	}
	if c.Bool("json") {
		enc := json.NewEncoder(s.out)
		enc.SetEscapeHTML(false)
		failed := 0
		for i := first; i < last; i++ {
			rg := replay(i, games[i])
			if !rg.OK {
				failed++
			}
			if err := enc.Encode(rg); err != nil {
				return true, err
			}
		}
		if failed > 0 {
			return true, exitStatus{code: 1, msg: fmt.Sprintf("%s: %d of %d %s did not replay", path, failed, last-first, plural(last-first, "game"))}
		}
		return true, nil
	}
	if last-first == 1 {
		rg := replay(first, games[first])
		if rg.g == nil {
			return true, fmt.Errorf("%s: %v", path, rg.err)
		}
		var rerr error
		if rg.hist == nil || rg.err != nil && !isResultError(rg) {
			rerr = rg.err
		}
		return true, replayShow(s, c, path, rg.g, rg.rec, rg.hist, rerr, true)
	}
	if c.Bool("step") || c.Bool("show") {
		return true, usagef("%s holds %d games: pick one with --game N (1 to %d)", path, len(games), len(games))
	}
	var out bytes.Buffer
	failed, plies := 0, 0
	for i := first; i < last; i++ {
		rg := replay(i, games[i])
		if !rg.OK {
			failed++
			fmt.Fprintf(s.out, "game %d (line %d%s): %s\n", rg.Game, rg.Line, gameLabel(rg.rec), rg.Error)
			continue
		}
		plies += rg.Plies
		if c.IsSet("pdn") {
			if err := writeOnePDN(&out, rg.g, rg.hist, rg.rec); err != nil {
				failed++
				fmt.Fprintf(s.out, "game %d (line %d): %v\n", rg.Game, rg.Line, err)
			}
		}
	}
	n := last - first
	fmt.Fprintf(s.out, "%d %s: %d replayed (%d moves, all legal), %d failed.\n", n, plural(n, "game"), n-failed, plies, failed)
	if c.IsSet("pdn") {
		if err := writeOut(s, c.String("pdn"), out.Bytes(), fmt.Sprintf("PDN, %d games", n-failed)); err != nil {
			return true, err
		}
	}
	if failed > 0 {
		return true, exitStatus{code: 1, msg: fmt.Sprintf("%s: %d of %d %s did not replay", path, failed, n, plural(n, "game"))}
	}
	return true, nil
}

// isResultError reports whether a game's moves replayed and only its result
// is wrong: the moves can still be shown.
func isResultError(rg *pdnGame) bool {
	return rg.hist != nil && rg.Plies == len(rg.rec.Moves)
}

// gameLabel names a game by its tags: ", Event: Black - White".
func gameLabel(r *records.Record) string {
	var parts []string
	if e := r.Tag("Event"); e != "" && e != "?" {
		parts = append(parts, e)
	}
	var who []string
	for _, t := range r.Tags {
		switch strings.ToLower(t.Key) {
		case "black", "white", "red":
			who = append(who, t.Value)
		}
	}
	if len(who) > 0 {
		parts = append(parts, strings.Join(who, " - "))
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, ": ")
}
