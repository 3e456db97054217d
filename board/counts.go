package board

import (
	"fmt"
	"strconv"
	"strings"
)

// A count field is a per-player count written after the cells of a position
// string: `hand:r7,b8` says red has 7 pieces in hand and black 8. A game
// writes the fields it uses (see Board.UseCounts), in the order it gives
// them, each only when one of its counts is not zero, and then every
// player's count, so that a position string names every count or none.
// Parsing accepts the game's fields in any order, each at most once; a field
// not written is all zeros.

// CountField names one per-player count of a Position and says where it lives.
type CountField struct {
	Name   string                               // the key before the colon: hand, off, captured
	Counts func(p *Position) *[MaxPlayers]int16 // the counts in a position
}

// HandField is the pieces each player still has in hand (not yet placed).
var HandField = CountField{Name: "hand", Counts: func(p *Position) *[MaxPlayers]int16 { return &p.Hand }}

// UseCounts sets the count fields this board's position strings carry.
func (b *Board) UseCounts(fields ...CountField) { b.counts = append([]CountField(nil), fields...) }

// CountFields are the count fields this board's position strings carry.
func (b *Board) CountFields() []CountField { return b.counts }

// formatCounts appends " name:letterN,letterN" for each count field of the
// board with a count that is not zero.
func (b *Board) formatCounts(sb *strings.Builder, p *Position) {
	for _, f := range b.counts {
		counts := f.Counts(p)
		any := false
		for i := 0; i < b.Players; i++ {
			any = any || counts[i] != 0
		}
		if !any {
			continue
		}
		sb.WriteByte(' ')
		sb.WriteString(f.Name)
		sb.WriteByte(':')
		for i := 0; i < b.Players; i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteByte(b.letters[i])
			sb.WriteString(strconv.Itoa(int(counts[i])))
		}
	}
}

// splitCounts separates the cells of a position string (everything up to
// the first space) from the count fields after them.
func splitCounts(rest string) (cells string, fields []string, offsets []int) {
	cells, tail, _ := strings.Cut(rest, " ")
	off := len(cells) + 1
	for tail != "" {
		var f string
		f, tail, _ = strings.Cut(tail, " ")
		if f != "" {
			fields = append(fields, f)
			offsets = append(offsets, off)
		}
		off += len(f) + 1
	}
	return cells, fields, offsets
}

// parseCounts reads count fields into p. off is the byte offset of each
// field in the whole text, for messages.
func (b *Board) parseCounts(p *Position, fields []string, offsets []int) (int, string) {
	seen := map[string]bool{}
	for fi, text := range fields {
		off := offsets[fi]
		name, list, ok := strings.Cut(text, ":")
		var field *CountField
		for i := range b.counts {
			if b.counts[i].Name == name {
				field = &b.counts[i]
			}
		}
		if field == nil || !ok {
			return off, fmt.Sprintf("%q is not a count field of this game (%s)", text, b.countFieldsHelp())
		}
		if seen[name] {
			return off, fmt.Sprintf("the count field %q is given twice", name)
		}
		seen[name] = true
		counts := field.Counts(p)
		given := make([]bool, b.Players)
		at := off + len(name) + 1
		for _, item := range strings.Split(list, ",") {
			if len(item) < 2 {
				return at, fmt.Sprintf("%s: %q is not a player letter and a count, like %c7", name, item, b.letters[0])
			}
			pl := b.codeOf[item[0]]
			if pl < 0 || int(pl) >= b.Players {
				return at, fmt.Sprintf("%s: unknown player %q (want one of %s)", name, item[:1], b.letters[:b.Players])
			}
			if given[pl] {
				return at, fmt.Sprintf("%s: player %c is given twice", name, item[0])
			}
			n, err := strconv.Atoi(item[1:])
			if err != nil || n < 0 || n > 9999 || item[1] == '+' || item[1] == '-' {
				return at + 1, fmt.Sprintf("%s: %q is not a count from 0 to 9999", name, item[1:])
			}
			given[pl] = true
			counts[pl] = int16(n)
			at += len(item) + 1
		}
		for i, g := range given {
			if !g {
				return off, fmt.Sprintf("%s: no count for player %c (give every player's, like %s)", name, b.letters[i], b.countExample(name))
			}
		}
	}
	return 0, ""
}

func (b *Board) countFieldsHelp() string {
	if len(b.counts) == 0 {
		return "it has none"
	}
	var names []string
	for _, f := range b.counts {
		names = append(names, b.countExample(f.Name))
	}
	return "want " + strings.Join(names, " or ")
}

func (b *Board) countExample(name string) string {
	var parts []string
	for i := 0; i < b.Players; i++ {
		parts = append(parts, string(b.letters[i])+"0")
	}
	return name + ":" + strings.Join(parts, ",")
}
