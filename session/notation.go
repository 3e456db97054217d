package session

import (
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// A board that numbers its squares (English checkers' 1-32) takes moves in
// either notation; a player who typed numbers is answered in numbers: the
// rules' words name squares (d4-e5, h4xf6), which NumericText rewrites.

// TypedNumeric reports whether move text is written in the board's square
// numbers ("15-18", "1115", "15"): on a numbered board, text that begins
// with a digit.
func TypedNumeric(b *board.Board, text string) bool {
	t := strings.TrimSpace(text)
	return b.Numbered() && t != "" && t[0] >= '0' && t[0] <= '9'
}

// NumericText rewrites the square names in a message ("d4", "d4-e5",
// "h4xf6") as the squares' numbers ("15", "15-18", "24x15"), on a board
// that numbers its squares; names of squares without a number, and every
// other word, stay as they are.
func NumericText(b *board.Board, msg string) string {
	if !b.Numbered() {
		return msg
	}
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	alnum := func(c byte) bool { return lower(c) || digit(c) || c >= 'A' && c <= 'Z' || c == '_' }
	var sb strings.Builder
	for i := 0; i < len(msg); {
		c := msg[i]
		// A square name begins a word, or follows the x of a capture ("h4xf6").
		starts := lower(c) && (i == 0 || !alnum(msg[i-1]) || msg[i-1] == 'x' && i >= 2 && digit(msg[i-2]))
		if starts {
			j := i + 1
			for j < len(msg) && digit(msg[j]) {
				j++
			}
			// It ends the word, or an x and another square follow.
			ends := j < len(msg) && msg[j] == 'x' && j+1 < len(msg) && lower(msg[j+1])
			ends = ends || j == len(msg) || !alnum(msg[j])
			if j > i+1 && j-i <= 3 && ends {
				if sq, err := b.ParseSquare(msg[i:j]); err == nil {
					if n := b.SquareNumber(sq); n > 0 {
						sb.WriteString(strconv.Itoa(n))
						i = j
						continue
					}
				}
			}
		}
		sb.WriteByte(c)
		i++
	}
	return sb.String()
}
