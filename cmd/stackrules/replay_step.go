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

// pdnVariant is the built-in game whose PDN game type a PDN record names.
func pdnVariant(rec *records.Record) (string, error) {
	t, _, _ := strings.Cut(rec.Tag("GameType"), ",")
	if t == "" {
		return "", fmt.Errorf("the PDN game has no [GameType]; name the game with --game")
	}
	for _, n := range variants.Names() {
		g, err := interpreter.Open(n)
		if err == nil && g.PDNGameType() != 0 && strconv.Itoa(g.PDNGameType()) == strings.TrimSpace(t) {
			return n, nil
		}
	}
	return "", fmt.Errorf("no built-in game has PDN game type %s; name the game with --game", t)
}

// writePDN writes the history as PDN to path ("-": the standard output).
func writePDN(s *streams, g *interpreter.Game, h *interpreter.History, rec *records.Record, path string) error {
	var players []string
	for i := range g.Players {
		players = append(players, rec.Tag(records.TagKey(g, i)))
	}
	var buf bytes.Buffer
	if err := records.WritePDN(g, &buf, h, players, rec.Tag("Date")); err != nil {
		return err
	}
	if path == "-" {
		_, err := s.out.Write(buf.Bytes())
		return err
	}
	if err := interpreter.WriteFileAtomic(path, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "Wrote %s (PDN, %d moves).\n", path, h.Len())
	return nil
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
