package interpreter

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
)

// The closure compiler and expr's VM must agree on every condition, for every
// candidate move — not only those the generator reaches — at many random
// positions. Each game is loaded twice, once per path.

func gameFiles(t *testing.T) []string {
	files := append([]string{}, variants.Names()...)
	more, _ := filepath.Glob("../examples/*.yaml")
	files = append(files, more...)
	return append(files, "testdata/expressions.yaml")
}

func TestClosuresAgreeWithVM(t *testing.T) {
	for _, name := range gameFiles(t) {
		t.Run(name, func(t *testing.T) {
			fast, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := Open(name, Options{VMOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range slow.moveRules {
				if r.cond != nil && !r.cond.vm {
					t.Fatalf("VMOnly game compiled rule %s to closures", r.name)
				}
			}
			closures := 0
			for _, r := range fast.moveRules {
				if r.cond == nil || !r.cond.vm { // a rule without a condition has nothing to compile
					closures++
				}
			}
			if closures != len(fast.moveRules) {
				t.Errorf("only %d of %d move rules compiled to closures", closures, len(fast.moveRules))
			}
			rng := rand.New(rand.NewPCG(11, 12))
			evaluated, truths, tests := 0, 0, 0
			// 8 games a file by default (the package's slowest test at 30),
			// 30 with STACKRULES_DEEP=1.
			games := 8
			if os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() {
				games = 30
			}
			if len(slow.regions) > len(edgeRegions) {
				// questions about regions run a VM per square on this path:
				// fewer games (the random conditions test asks them more)
				games = max(games/4, 2)
			}
			for game := 0; game < games; game++ {
				p := fast.Start()
				for ply := 0; ply < 150; ply++ {
					evaluated += compareAt(t, fast, slow, &p, &truths, &tests)
					fm, sm := moveTexts(fast, &p), moveTexts(slow, &p)
					if fm != sm {
						t.Fatalf("%s: closures give moves %s, VM gives %s", fast.FormatPosition(&p), fm, sm)
					}
					if fr, sr := fast.Result(&p), slow.Result(&p); fr != sr {
						t.Fatalf("%s: closures give result %+v, VM gives %+v", fast.FormatPosition(&p), fr, sr)
					}
					moves := fast.LegalMoves(&p, nil)
					if len(moves) == 0 {
						break
					}
					fast.Apply(&p, moves[rng.IntN(len(moves))])
				}
			}
			// A game without true-or-false conditions (Focus: only evaluate)
			// still compares its moves, results and scores above.
			if tests > 0 && (truths == 0 || truths == tests) || evaluated == 0 {
				t.Errorf("conditions were %d times true out of %d (%d evaluations in all): the comparison tests nothing", truths, tests, evaluated)
			}
			t.Logf("%d condition evaluations compared, %d true", evaluated, truths)
		})
	}
}

func moveTexts(g *Game, p *board.Position) string {
	var out []string
	for _, m := range g.LegalMoves(p, nil) {
		out = append(out, g.MoveString(m)+"/"+g.RuleName(m))
	}
	sort.Strings(out)
	return fmt.Sprint(out)
}

// compareAt evaluates every condition of both games on every candidate at p,
// for each player as `me`, and returns how many it compared.
func compareAt(t *testing.T, fast, slow *Game, p *board.Position, truths, tests *int) int {
	n := 0
	b := fast.Board
	check := func(what string, fc, sc *compiled, fctx, sctx *Ctx) {
		if fc == nil {
			return
		}
		var f, s any
		if fc.terms[0].value != nil {
			f, s = fc.terms[0].value(fctx), sc.terms[0].value(sctx)
		} else {
			f, s = allTerms(fc, fctx), allTerms(sc, sctx)
			*tests++
			if f == true {
				*truths++
			}
		}
		n++
		if f != s {
			t.Fatalf("%s at %s (me=%d from=%s to=%s lifted=%d): closures %v, VM %v",
				what, fast.FormatPosition(p), fctx.me, b.SquareName(fctx.from), b.SquareName(fctx.to), fctx.lifted, f, s)
		}
	}
	for me := range fast.Players {
		fctx, sctx := fast.ctx(p, me), slow.ctx(p, me)
		for i := range fast.ends {
			check("end "+fast.ends[i].result, fast.ends[i].cond, slow.ends[i].cond, fctx, sctx)
		}
		check("evaluate", fast.evaluate, slow.evaluate, fctx, sctx)
		for sq := 0; sq < b.NumSquares(); sq++ {
			s := p.Cells[sq]
			if s == 0 {
				continue
			}
			for _, c := range []*Ctx{fctx, sctx} {
				c.from, c.src = board.Square(sq), s
			}
			for ri, r := range fast.moveRules {
				for _, d := range r.absDirs[me] {
					to, ok := b.Step(board.Square(sq), d)
					if !ok {
						continue
					}
					for k := 1; k <= s.Height(); k++ {
						for _, c := range []*Ctx{fctx, sctx} {
							c.to, c.dst, c.lifted = to, p.Cells[to], k
						}
						check("move rule "+r.name, r.cond, slow.moveRules[ri].cond, fctx, sctx)
						check("prefer", fast.prefer, slow.prefer, fctx, sctx)
					}
				}
			}
			for _, c := range []*Ctx{fctx, sctx} {
				c.to, c.dst, c.lifted = noSquare, 0, 1
			}
			for ri, r := range fast.bearRules {
				check("bear-off rule "+r.name, r.cond, slow.bearRules[ri].cond, fctx, sctx)
			}
			if fast.dice == nil || me != int(p.ToMove) || b.TopOwner(s) != me || fast.dice.StepOf(me, board.Square(sq)) < 0 {
				continue
			}
			// The dice move rules of the player to move, for every die from
			// this square of its track.
			step := fast.dice.StepOf(me, board.Square(sq))
			track := fast.dice.Track(me)
			for die := 1; die <= fast.dice.Dice().Sides; die++ {
				for ri, r := range fast.diceRules {
					count := r.count
					if count == 0 {
						count = die
					}
					to, dst := noSquare, board.Stack(0)
					if step+count < len(track) {
						to = track[step+count]
						dst = p.Cells[to]
					}
					for _, c := range []*Ctx{fctx, sctx} {
						c.to, c.dst = to, dst
						c.dice.SetMove(die, 1, step, step+count)
					}
					check("dice move rule "+r.name, r.cond, slow.diceRules[ri].cond, fctx, sctx)
					check("dice move rule "+r.name+": hit", r.hitC, slow.diceRules[ri].hitC, fctx, sctx)
				}
			}
		}
		fast.release(fctx)
		slow.release(sctx)
	}
	return n
}
