package interpreter

import (
	"errors"
	"github.com/stackrules/stackrules/board"
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzExpressions writes a rule file around conditions generated from the
// grammar of the rule language (so most inputs load), driven by the fuzzer's
// bytes, or, when the first byte says so, around the bytes as a condition;
// then loads it and generates moves, results and explanations at a few
// positions; FuzzExpressionsLint lints it. Nothing may panic: a runtime
// error in an expression is an *EvalError, a bad expression a diagnostic.

// byteSource turns each byte into one choice of the generator: rand's IntN
// uses the high bits, which are the byte.
type byteSource struct {
	data []byte
	i    int
}

func (s *byteSource) Uint64() uint64 {
	if s.i >= len(s.data) {
		// Past the end, a fixed pseudo-random sequence (rand's rejection
		// sampling would loop forever on a constant).
		s.i++
		z := uint64(s.i) * 0x9e3779b97f4a7c15
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		return z ^ z>>31
	}
	b := s.data[s.i]
	s.i++
	return uint64(b) * 0x0101010101010101
}

func fuzzRuleFile(data []byte) string {
	if len(data) > 0 && data[0]%8 == 7 {
		// The rest of the bytes are the condition of a move rule.
		cond := strings.NewReplacer("\n", " ", "\r", " ", "'", "''").Replace(string(data[1:]))
		return "name: fuzz\nboard: {width: 6, height: 6, squares: all}\n" +
			"players:\n  red: {code: r, home: bottom}\n  blue: {code: b, home: top}\n" +
			"setup:\n  red: rows 1-2\n  blue: rows 5-6\n" +
			"moves:\n  m:\n    directions: any\n    lift: any\n    when: '" + cond + "'\n" +
			"bear_off:\n  off:\n    when: row == farthest\n" +
			"end:\n  - win: checkers(opponent) == 0\n" +
			"evaluate: 'checkers(me) % (showing(me) - 3)'\n"
	}
	shape := 0
	if len(data) > 0 {
		shape = int(data[0]) % 2
	}
	rng := rand.New(&byteSource{data: data, i: 1})
	return randomRuleFile(rng, shape)
}

func exercise(t *testing.T, g *Game, seed []byte) {
	rng := rand.New(&byteSource{data: seed})
	for i := 0; i < 4; i++ {
		p := g.Start()
		if i > 0 {
			p = randomPosition(rng, g)
		}
		for ply := 0; ply < 4; ply++ {
			moves, err := g.LegalMovesErr(&p, nil)
			var ee *EvalError
			if err != nil && !errors.As(err, &ee) {
				t.Fatalf("LegalMovesErr: %v", err)
			}
			if _, err := g.ResultErr(&p); err != nil && !errors.As(err, &ee) {
				t.Fatalf("ResultErr: %v", err)
			}
			for _, text := range []string{"a1-a2", "2b2-c3", "c3xe5", "a1-off"} {
				explainSafely(t, g, &p, text)
			}
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			explainSafely(t, g, &p, g.MoveString(m))
			g.Apply(&p, m)
		}
	}
}

// explainSafely explains a move; only an *EvalError may come out as a panic.
func explainSafely(t *testing.T, g *Game, p *board.Position, text string) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*EvalError); !ok {
				panic(r)
			}
		}
	}()
	_ = g.Explain(p, text).String()
}

// exprFuzzSeeds are the seeds of FuzzExpressions and of its lint half,
// FuzzExpressionsLint (lint_ext_test.go).
var exprFuzzSeeds = []string{
	"\x07lifted % (height - height) == 1",
	"\x07[1,2,3][height+5] > 0",
	"\x07(lifted == 1 || bottom == opponent) && 10 % (to_row - 5) != 99",
	"\x07to_row == row + lifted",
	"\x079223372036854775807 + height > 0",
	"\x07height * 4611686018427387904 > 1",
	"\x07progress(me) / 0 > 1",
	"\x07abs(-9223372036854775807 - 1) > 0",
	"\x07 reduce([1], #) > 0 && 'a' + 'b' == 'ab' && {a: 1}.a == 1 && 2 ** 3 == 8 && 2 ^ 3 == 8",
	"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
	"\x01\xff\x80\x40\x20\x10\x08\x04\x02\x01\xf0\x0f\x33\x55\xaa\xcc",
	"\x00\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80",
}

func FuzzExpressions(f *testing.F) {
	for _, s := range exprFuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4000 {
			return
		}
		src := fuzzRuleFile(data)
		g, ds := Check("fuzz.yaml", []byte(src))
		for _, d := range ds {
			if d.Line < 1 || d.Col < 1 {
				t.Fatalf("diagnostic without a place: %v\n%s", d, src)
			}
			if d.Line == 1 && d.Col == 1 && d.Code != "yaml" {
				t.Fatalf("diagnostic at 1:1: %v\n%s", d, src)
			}
		}
		if g != nil {
			exercise(t, g, data)
		}
	})
}
