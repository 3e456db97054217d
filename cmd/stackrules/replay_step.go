package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
)

// pdnVariant is the built-in game of a PDN game type.
func pdnVariant(gameType int) (string, error) {
	for _, n := range variants.Names() {
		g, err := interpreter.Open(n)
		if err == nil && g.ReadsPDNGameType(gameType) {
			return n, nil
		}
	}
	return "", fmt.Errorf("no built-in game has PDN game type %d; name the game with --game", gameType)
}

// writePDN writes the history as PDN to path ("-": the standard output).
func writePDN(s *streams, g *interpreter.Game, h *interpreter.History, rec *records.Record, path string) error {
	var buf bytes.Buffer
	if err := records.WritePDNGame(g, &buf, h, pdnInfo(g, rec)); err != nil {
		return err
	}
	return writeOut(s, path, buf.Bytes(), fmt.Sprintf("PDN, %d moves", h.Len()))
}

// stepThrough walks a replayed game back and forth, one command a line:
// Enter or f(orward) or n(ext), b(ack) or p(revious), start, end, a ply
// number, q(uit).
func stepThrough(s *streams, g *interpreter.Game, h *interpreter.History, ro renderOpts, number func(int) string) error {
	positions := h.Positions()
	moves := h.Moves()
	last := len(positions) - 1
	at := 0
	show := func() {
		v := boardView{}
		if at > 0 {
			m := moves[at-1]
			v.Last, v.LastNo = &m, number(at-1)
		}
		if at == last {
			if o := h.Outcome(); o.Over {
				v.Outcome = outcomeText(g, o)
			}
		}
		fmt.Fprintf(s.out, "%s", renderBoard(g, &positions[at], v, ro))
		where := "the start"
		if at > 0 {
			where = "after " + number(at-1) + " " + moveText(g, moves[at-1], ro.Numeric)
		}
		fmt.Fprintf(s.out, "Ply %d of %d, %s.\n", at, last, where)
	}
	show()
	fmt.Fprintln(s.out, "Enter or f: forward, b: back, start, end, a ply number, q: quit.")
	sc := bufio.NewScanner(s.in)
	for {
		fmt.Fprint(s.out, "replay> ")
		if !sc.Scan() {
			fmt.Fprintln(s.out)
			return nil
		}
		cmd := strings.ToLower(strings.TrimSpace(sc.Text()))
		if !isTerminal(s.out) {
			fmt.Fprintln(s.out, cmd) // a transcript shows what was read
		}
		switch cmd {
		case "", "f", "forward", "n", "next":
			if at == last {
				fmt.Fprintln(s.out, "That is the end of the game.")
				continue
			}
			at++
		case "b", "back", "p", "prev", "previous":
			if at == 0 {
				fmt.Fprintln(s.out, "That is the start of the game.")
				continue
			}
			at--
		case "start", "s", "0":
			at = 0
		case "end", "e":
			at = last
		case "q", "quit", "exit":
			return nil
		default:
			n, err := strconv.Atoi(cmd)
			if err != nil || n < 0 || n > last {
				fmt.Fprintf(s.out, "%q: type Enter, b, start, end, a ply from 0 to %d, or q\n", cmd, last)
				continue
			}
			at = n
		}
		show()
	}
}

// pdnInfo is what a record says of a game besides its moves, for PDN.
func pdnInfo(g *interpreter.Game, rec *records.Record) records.PDNInfo {
	info := records.PDNInfo{Date: rec.Tag("Date"), Result: rec.Result, Termination: rec.Tag("Termination")}
	for i := range g.Players {
		info.Players = append(info.Players, rec.Tag(records.TagKey(g, i)))
	}
	if records.IsPDN(rec) || rec.Tag("Variant") == "" { // a PDN game keeps its own tags
		info.Event, info.Site, info.Round = rec.Tag("Event"), rec.Tag("Site"), rec.Tag("Round")
		for _, t := range rec.Tags {
			switch strings.ToLower(t.Key) {
			case "event", "site", "round", "date", "result", "gametype", "setup", "fen", "termination":
			default:
				info.ExtraTags = append(info.ExtraTags, t)
			}
		}
	}
	return info
}

// writeOnePDN writes a replayed game as PDN, a blank line after it.
func writeOnePDN(w *bytes.Buffer, g *interpreter.Game, h *interpreter.History, rec *records.Record) error {
	if err := records.WritePDNGame(g, w, h, pdnInfo(g, rec)); err != nil {
		return err
	}
	w.WriteByte('\n')
	return nil
}

// writeOut writes data to path ("-": the standard output), saying what it wrote.
func writeOut(s *streams, path string, data []byte, what string) error {
	if path == "-" {
		_, err := s.out.Write(data)
		return err
	}
	if err := interpreter.WriteFileAtomic(path, data); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "Wrote %s (%s).\n", path, what)
	return nil
}
