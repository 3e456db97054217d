package interpreter

import (
	"errors"
	"fmt"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/rulefile"
)

// Expressions are parsed and type-checked by expr, once, at load time. The
// checked tree is then compiled into typed Go closures over a Ctx — a call
// per node, no boxing, no map lookups — and the expression's top-level `&&`
// terms are placed at the level of the names they use (see level). Node kinds
// the closure compiler does not know fall back to expr's VM for the whole
// expression.

type boolFn func(*Ctx) bool
type intFn func(*Ctx) int

// Condition is one compiled expression term.
type condition struct {
	node  ast.Node // the checked expression tree of this term
	text  string
	level level // the innermost level of the names it uses
	// static: every name it uses depends only on the player and the squares,
	// so the term can be folded into tables at load time.
	static bool
	test   boolFn
	value  intFn // for number-valued expressions (evaluate)
}

// compiled is one expression as written and its compiled terms.
type compiled struct {
	src   *exprText
	what  string
	terms []condition // conjuncts; a number expression has one term with value set
	vm    bool        // evaluated by the VM
	// words are the rule file's reasons: the i-th says the i-th `&&` term
	// of the expression as written in words; nil when not given.
	words []string
}

// exprEnv is the environment expr type-checks against: every name with a
// value of its type, plus the game's player names as constants.
func (g *Game) exprEnv() map[string]any {
	env := map[string]any{}
	for n, d := range names {
		switch {
		case d.call != nil:
			env[n] = func(int) int { return 0 }
		case d.test != nil:
			env[n] = func(int) bool { return false }
		case d.call2 != nil:
			env[n] = func(int, int) int { return 0 }
		case d.flag != nil:
			env[n] = false
		default:
			env[n] = 0
		}
	}
	g.addConstants(env)
	if g.regions != nil {
		env["count"] = func(int) int { return 0 }
		env["pieces"] = func(int) int { return 0 }
		env["within"] = func(int, int) bool { return false }
		env["neighbors"] = func(int, int) int { return 0 }
		env["connects"] = func(int, int, int) bool { return false }
		env["reach"] = func(int, int) int { return 0 }
		env["run_through"] = func(int, int, int) int { return 0 }
		env["on_track"] = func(int, int, int, int) int { return 0 }
		for i, r := range g.regions {
			if r.param {
				env[r.name] = func(int) int { return 0 }
			} else {
				env[r.name] = regionHandle(i, 0)
			}
		}
	}
	return env
}

// addConstants puts the game's constants in env: players, kinds, neutral
// pieces and squares (a square by its name: height_at(e4)).
func (g *Game) addConstants(env map[string]any) {
	if g.Board != nil {
		for sq := 0; sq < g.Board.NumSquares(); sq++ {
			env[g.Board.SquareName(board.Square(sq))] = sq
		}
	}
	for i, k := range g.Kinds {
		env[k] = i
	}
	for j, n := range g.pieceSet.neutral {
		env[n] = g.pieceSet.kinds + j
	}
	for _, name := range g.declared {
		env[name], _ = g.playerConst(name)
	}
}

func exprOptions(env map[string]any, asBool bool, optimize bool) []expr.Option {
	opts := []expr.Option{expr.Env(env), expr.DisableAllBuiltins(),
		expr.EnableBuiltin("abs"), expr.EnableBuiltin("min"), expr.EnableBuiltin("max"),
		expr.Optimize(optimize)}
	if asBool {
		opts = append(opts, expr.AsBool())
	} else {
		opts = append(opts, expr.AsInt())
	}
	return opts
}

// compileExpr checks and compiles one expression for scope sc. Problems are
// reported at the character of the rule file they are about.
func (g *Game) compileExpr(d *decoder, src *exprText, what string, sc scope, asBool bool) *compiled {
	if src == nil {
		return nil
	}
	if lim := rulefile.CheckExprLimits(src.Text); lim != nil {
		d.diagAt(src.at(lim.Offset), Error, "expression", "", "%s: %s", what, lim.Msg)
		return nil
	}
	env := g.exprEnv()
	prog, err := expr.Compile(src.Text, exprOptions(env, asBool, false)...)
	if err != nil {
		g.exprError(d, src, what, err)
		return nil
	}
	tree := prog.Node()
	ast.Find(tree, func(n ast.Node) bool {
		if id, isID := n.(*ast.IdentifierNode); isID && (id.Value == "ply" || id.Value == "turn") {
			g.readsPly = true // positions then keep the ply (board.CountPly)
		}
		if id, isID := n.(*ast.IdentifierNode); isID && id.Value == "streak" {
			g.readsStreak = true
		}
		return false
	})
	ok := true
	ast.Find(tree, func(n ast.Node) bool {
		id, isID := n.(*ast.IdentifierNode)
		if !isID {
			return false
		}
		if def, known := names[id.Value]; known && def.scopes&sc == 0 {
			d.diagAt(src.at(id.Location().From), Error, "name-scope", "",
				"%s: `%s` is not available in %s (%s)", what, id.Value, sc, def.doc)
			ok = false
		}
		return false
	})
	if !ok {
		return nil
	}
	if bad, msg := checkLanguage(tree); bad != nil {
		from, _ := src.span(bad)
		d.diagAt(src.at(from), Error, "expression", "", "%s: %s", what, msg)
		return nil
	}
	if bad, msg := g.checkSets(tree); bad != nil {
		from, _ := src.span(bad)
		d.diagAt(src.at(from), Error, "expression", "", "%s: %s", what, msg)
		return nil
	}
	if bad := g.overflow(tree); bad != nil {
		from, _ := src.span(bad)
		d.diagAt(src.at(from), Error, "overflow", "rule files count pieces and squares: keep numbers small",
			"%s: `%s` can overflow a 64-bit integer", what, src.slice(bad))
		return nil
	}
	optimized, err := expr.Compile(src.Text, exprOptions(env, asBool, true)...)
	if err != nil {
		g.exprError(d, src, what, err)
		return nil
	}
	c := &compiled{src: src, what: what}
	cl := g.closures(c)
	if !g.opts.VMOnly && !g.opts.reference {
		if asBool {
			c.terms = cl.closureTerms(tree)
		} else if f, fok := cl.intClosure(tree); fok {
			c.terms = []condition{{node: tree, text: src.Text, level: g.levelOf(tree), static: g.isStatic(tree), value: f}}
		}
	}
	if c.terms == nil {
		c.vm = true
		t := condition{node: tree, text: src.Text, level: g.levelOf(tree), static: g.isStatic(tree)}
		if g.opts.reference {
			// The reference evaluates the whole condition where every name
			// is known: no tables, no levels.
			t.level, t.static = lvTarget, false
		}
		site := cl.site(tree)
		site.reads = vmReads(tree)
		if asBool {
			t.test = func(ctx *Ctx) bool { v, _ := ctx.runVM(optimized, site).(bool); return v }
		} else {
			t.value = func(ctx *Ctx) int { v, _ := ctx.runVM(optimized, site).(int); return v }
		}
		c.terms = []condition{t}
	}
	g.checkReasons(d, src, what, conjuncts(tree), c)
	return c
}

// at is the place in the file of the character at rune offset i.
func (e *exprText) at(i int) srcPos {
	if i < 0 {
		i = 0
	}
	if i >= len(e.pos) {
		i = len(e.pos) - 1
	}
	return e.pos[i]
}

func (g *Game) exprError(d *decoder, src *exprText, what string, err error) {
	var fe *file.Error
	if errors.As(err, &fe) {
		hint := ""
		msg := fe.Message
		var name string
		if _, e := fmt.Sscanf(msg, "unknown name %s", &name); e == nil {
			known := make([]string, 0, len(names)+len(g.Players))
			for n := range names {
				known = append(known, n)
			}
			for _, p := range g.Players {
				known = append(known, p.Name)
			}
			known = append(known, g.Kinds...)
			hint = suggest(name, known)
			for _, b := range builtin.Builtins {
				if b.Name == name {
					hint = fmt.Sprintf("`%s` is one of expr's builtins, which rule files turn off (only abs, min and max are on)", name)
				}
			}
		}
		d.diagAt(src.at(fe.From), Error, "expression", hint, "%s: %s", what, msg)
		return
	}
	d.diagAt(src.at(0), Error, "expression", "", "%s: %v", what, err)
}

// levelOf is the innermost level of the names an expression uses. Regions
// and their functions depend on the whole position.
func (g *Game) levelOf(n ast.Node) level {
	lv := lvConst
	ast.Find(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.IdentifierNode); ok {
			if d, known := names[id.Value]; known && d.level > lv {
				lv = d.level
			}
			if g.isRegionName(id.Value) && lvPosition > lv {
				lv = lvPosition
			}
		}
		return false
	})
	return lv
}

// isRegionName reports whether name is a region or a region function.
func (g *Game) isRegionName(name string) bool {
	return g.regions != nil && (setFuncs[name].args > 0 || g.regionIndex(name) >= 0)
}

// isStatic reports whether every name an expression uses depends only on the
// player and the squares (constants and player names included).
func (g *Game) isStatic(n ast.Node) bool {
	static := true
	ast.Find(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.IdentifierNode); ok {
			if d, known := names[id.Value]; known && !d.static {
				static = false
			}
			if g.isRegionName(id.Value) {
				static = false
			}
		}
		return false
	})
	return static
}

// allKinds is the kind mask that lets every kind through.
const allKinds = ^uint8(0)

// kindTerm recognises the terms `kind == K` and `kind != K` (K a constant),
// which select the pieces a rule applies to, and gives the kinds they let
// through as a bit mask: the generator tests one bit instead of calling a
// closure, and rules for different kinds are known not to overlap.
func (g *Game) kindTerm(t condition) (uint8, bool) {
	if g.opts.reference {
		return 0, false
	}
	b, ok := t.node.(*ast.BinaryNode)
	if !ok || (b.Operator != "==" && b.Operator != "!=") {
		return 0, false
	}
	id, ok := b.Left.(*ast.IdentifierNode)
	if !ok || id.Value != "kind" {
		return 0, false
	}
	k, ok := g.closures(nil).constInt(b.Right)
	if !ok || k < 0 || k > 7 {
		return 0, false
	}
	if b.Operator == "==" {
		return 1 << k, true
	}
	return allKinds &^ (1 << k), true
}

// conjuncts splits an expression into its top-level `&&` terms.
func conjuncts(n ast.Node) []ast.Node {
	if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") {
		return append(conjuncts(b.Left), conjuncts(b.Right)...)
	}
	return []ast.Node{n}
}

// runVM evaluates a program with expr's VM over an environment filled from the
// context. It is the fallback path and the baseline the closures are measured
// against.
func (c *Ctx) runVM(p *vm.Program, site *evalSite) any {
	// A region's condition runs inside the expression asking about it
	// (within(sq, R) calls R's condition): each depth has its own machine
	// and environment, so the outer run's names keep their values.
	for len(c.vms) <= c.vmDepth {
		c.vms = append(c.vms, c.newVMFrame())
	}
	fr := c.vms[c.vmDepth]
	c.vmDepth++
	defer func() { c.vmDepth-- }()
	fr.sets = fr.sets[:0]
	for _, r := range site.reads {
		if r.value != nil {
			fr.env[r.name] = r.value(c)
		} else {
			fr.env[r.name] = r.flag(c)
		}
	}
	out, err := fr.machine.Run(p, fr.env)
	if err != nil {
		msg := err.Error()
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if strings.Contains(msg, "integer divide by zero") {
			msg = "integer divide by zero"
		}
		c.fail(site, msg)
		return nil
	}
	return out
}

// vmRead is a name of a value (a number or a truth value) that an
// expression run by the VM reads.
type vmRead struct {
	name  string
	value func(c *Ctx) int
	flag  func(c *Ctx) bool
}

// vmReads lists the names of values the expression n reads, each once:
// runVM fills only those in the environment, not every name the language
// has (filling them all was most of the VM path's time).
func vmReads(n ast.Node) []vmRead {
	var out []vmRead
	ast.Find(n, func(n ast.Node) bool {
		id, isID := n.(*ast.IdentifierNode)
		if !isID {
			return false
		}
		d, known := names[id.Value]
		if !known || (d.value == nil && d.flag == nil) {
			return false
		}
		for _, r := range out {
			if r.name == id.Value {
				return false
			}
		}
		out = append(out, vmRead{name: id.Value, value: d.value, flag: d.flag})
		return false
	})
	return out
}

// vmFrame is one depth of VM evaluation: the environment of names, the
// machine, and the regions reach worked out in it.
type vmFrame struct {
	env     map[string]any
	machine vm.VM
	sets    []board.SquareSet
}

func (c *Ctx) newVMFrame() *vmFrame {
	fr := &vmFrame{env: map[string]any{}}
	for n, d := range names {
		switch {
		case d.call != nil:
			call := d.call
			fr.env[n] = func(p int) int { return callPlayer(c, call, p) }
		case d.test != nil:
			test := d.test
			fr.env[n] = func(a int) bool { return test(c, a) }
		case d.call2 != nil:
			call2 := d.call2
			fr.env[n] = func(a, b int) int { return call2(c, a, b) }
		}
	}
	c.g.addConstants(fr.env)
	c.addRegionFuncs(fr)
	return fr
}
