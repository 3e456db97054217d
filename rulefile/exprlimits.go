package rulefile

import "fmt"

// Limits on an expression's text, checked before it is parsed. expr's parser,
// checker and compiler recurse once per level of nesting (and once per term
// of a chain of operators, which makes a deep tree too), so an expression of
// a few hundred thousand brackets overflows the goroutine's stack: a fatal
// error no recover catches. No rule worth writing comes near these limits.
const (
	// MaxExprBytes bounds an expression's length, and with it every chain of
	// operators.
	MaxExprBytes = 10000
	// MaxExprDepth bounds the nesting of brackets, of prefix operators
	// (`!!x`, `- -x`) and of conditionals (`a ? b : c ? d : e`).
	MaxExprDepth = 100
)

// ExprLimitError is an expression over a limit: Offset is the rune offset
// of the character where it went over.
type ExprLimitError struct {
	Offset int
	Msg    string
}

func (e *ExprLimitError) Error() string { return e.Msg }

// CheckExprLimits reports an expression text over MaxExprBytes or
// MaxExprDepth, at the character where it goes over; nil when it is within
// both. It reads brackets, prefix operators and `?` outside string
// literals, so it needs no parse.
func CheckExprLimits(text string) *ExprLimitError {
	if err := checkExprDepth(text); err != nil {
		return err
	}
	if len(text) > MaxExprBytes {
		off := 0
		for i := range text {
			if i >= MaxExprBytes {
				break
			}
			off++
		}
		return &ExprLimitError{Offset: off, Msg: fmt.Sprintf("the expression is %d bytes long; at most %d: write it as shorter terms", len(text), MaxExprBytes)}
	}
	return nil
}

func checkExprDepth(text string) *ExprLimitError {
	depth, prefix := 0, 0
	var ternaries []int // per open bracket level, the `?` seen at it
	ternaries = append(ternaries, 0)
	var quote rune
	escaped := false
	expectOperand := true // a `-` or `!` here is a prefix operator
	off := -1
	word := []rune(nil) // the identifier being read
	endWord := func() *ExprLimitError {
		w := string(word)
		word = word[:0]
		switch w {
		case "":
		case "not":
			prefix++
			if depth+prefix > MaxExprDepth {
				return &ExprLimitError{Offset: off, Msg: fmt.Sprintf("the expression nests operators more than %d deep here; write it flatter", MaxExprDepth)}
			}
			expectOperand = true
		case "and", "or", "in", "matches", "contains", "startsWith", "endsWith":
			prefix = 0
			expectOperand = true
		default:
			prefix = 0
			expectOperand = false
		}
		return nil
	}
	for _, r := range text {
		off++
		if quote == 0 && (r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' && len(word) > 0) {
			word = append(word, r)
			continue
		}
		if quote == 0 && len(word) > 0 {
			if err := endWord(); err != nil {
				return err
			}
		}
		if quote != 0 {
			switch {
			case escaped:
				escaped = false
			case r == '\\' && quote != '`':
				escaped = true
			case r == quote:
				quote = 0
				expectOperand = false
			}
			continue
		}
		over := func(what string) *ExprLimitError {
			return &ExprLimitError{Offset: off, Msg: fmt.Sprintf("the expression nests %s more than %d deep here; write it flatter", what, MaxExprDepth)}
		}
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			continue
		case r == '"' || r == '\'' || r == '`':
			quote = r
			prefix = 0
		case r == '(' || r == '[' || r == '{':
			depth++
			prefix = 0
			ternaries = append(ternaries, 0)
			if depth > MaxExprDepth {
				return over("brackets")
			}
			expectOperand = true
			continue
		case r == ')' || r == ']' || r == '}':
			if depth > 0 {
				depth--
				ternaries = ternaries[:len(ternaries)-1]
			}
			prefix = 0
			expectOperand = false
			continue
		case expectOperand && (r == '!' || r == '-' || r == '+'):
			prefix++
			if depth+prefix > MaxExprDepth {
				return over("operators")
			}
			continue
		case r == '?':
			ternaries[len(ternaries)-1]++
			if depth+ternaries[len(ternaries)-1] > MaxExprDepth {
				return over("conditionals")
			}
			prefix = 0
			expectOperand = true
			continue
		case isOperatorRune(r) || r == ',' || r == ':':
			prefix = 0
			expectOperand = true
			continue
		}
		prefix = 0
		expectOperand = false
	}
	return nil
}

func isOperatorRune(r rune) bool {
	switch r {
	case '+', '-', '*', '/', '%', '<', '>', '=', '!', '&', '|', '^', '.':
		return true
	}
	return false
}
