package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
)

// A runtime error in a rule file's expression (a modulo by zero) is the rule
// file's fault, reported like any of its mistakes: at the expression's
// file:line:col, naming the rule and the position where it happened.
// Compiled closures never panic: they record the error in the Ctx and
// return a zero value, and the API boundary hands it on: as an error from
// LegalMovesErr, ResultErr, ApplyErr, ParseMove, PerftErr, DivideErr,
// RandomPlayout and History's Play and OutcomeErr, in Explanation.Err from
// Explain, in ai.Failer from a search. Only the conveniences LegalMoves,
// Result and Perft (and History.Outcome) panic with it, for tests and code
// that has checked the rule file; no package needs to recover it.

// EvalError is a runtime error in an expression of a rule file.
type EvalError struct {
	File      string
	Line, Col int
	What      string // the rule or section: move rule "forward"
	Expr      string // the part of the expression that failed
	Msg       string // what went wrong: modulo by zero
	Position  string // the position it happened at; "" when loading
}

func (e *EvalError) Error() string {
	s := fmt.Sprintf("%s:%d:%d: error: %s: `%s`: runtime error: %s", e.File, e.Line, e.Col, e.What, e.Expr, e.Msg)
	if e.Position != "" {
		s += " (at position " + e.Position + ")"
	}
	return s
}

// catchEval runs f and returns the runtime error in the rule file's
// expressions that f met through the panicking conveniences (LegalMoves,
// Result), so that the exported functions built on them return it instead.
// Anything else that panics is a bug and goes on up.
func catchEval(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			ee, ok := r.(*EvalError)
			if !ok {
				panic(r)
			}
			err = ee
		}
	}()
	f()
	return nil
}

// evalSite is where in the rule file a closure that can fail comes from.
type evalSite struct {
	file string
	what string
	at   srcPos
	expr string
	// reads are the names of values the expression reads, which runVM
	// fills in the VM's environment (see vmReads).
	reads []vmRead
}

// fail records the first runtime error met in c.
func (c *Ctx) fail(s *evalSite, msg string) {
	if c.err == nil {
		c.err = &EvalError{File: s.file, Line: s.at.Line, Col: s.at.Col, What: s.what, Expr: s.expr, Msg: msg}
	}
}

// takeErr returns the error met in c, with the position it was met at, and
// clears it (contexts are pooled).
func (g *Game) takeErr(c *Ctx) *EvalError {
	e := c.err
	if e == nil {
		return nil
	}
	c.err = nil
	if c.pos != nil && e.Position == "" {
		out := *e
		out.Position = g.FormatPosition(c.pos)
		return &out
	}
	return e
}

// closures compiles expression trees into closures. cp is the expression
// being compiled, whose text places a runtime error at its character; nil
// for a tree compiled with no rule-file text at hand (explain's subterms).
type closures struct {
	g  *Game
	cp *compiled
}

func (g *Game) closures(cp *compiled) closures { return closures{g: g, cp: cp} }

// site is the place of node n of the expression being compiled.
func (cl closures) site(n ast.Node) *evalSite {
	g, cp := cl.g, cl.cp
	if cp == nil || cp.src == nil {
		return &evalSite{file: g.File, what: "an expression", at: srcPos{Line: 1, Col: 1}, expr: n.String()}
	}
	from, _ := cp.src.span(n)
	return &evalSite{file: g.File, what: cp.what, at: cp.src.at(from), expr: cp.src.slice(n)}
}
