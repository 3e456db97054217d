package interpreter

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// Lint's claims that a rule never makes a move must never contradict move
// generation. Each claim ("... so the rule never makes a move") is checked
// against the moves made at random positions and in random games, for rule
// files with static conditions (flying and not) and random rule files.

var claimedRule = regexp.MustCompile(`^(move|bear-off) rule "([^"]+)"`)

func staticRuleFile(when string, flying bool) string {
	fly := ""
	if flying {
		fly = "    distance: any\n"
	}
	return "name: claims\nboard: {width: 6, height: 6, squares: all}\n" +
		"players:\n  red: {code: r, home: bottom}\n  blue: {code: b, home: top}\n" +
		"setup:\n  red: rows 1-1\n  blue: rows 6-6\n" +
		"moves:\n  step:\n    directions: any\n    when: to_height == 0\n" +
		"  fly:\n    directions: [n, s, e, w]\n" + fly + "    when: '" + when + "'\n" +
		"bear_off:\n  off:\n    when: row == farthest\n" +
		"end:\n  - win: checkers(opponent) == 0\nno_moves: pass\n"
}

func TestLintNeverMakesAMoveClaimsHold(t *testing.T) {
	var files []string
	for _, when := range []string{
		"to_row - row >= 2", "to_row - row >= 5", "to_row - row >= 6", "row - to_row >= 3",
		"row == 6 && to_row == 6", "to_row > farthest", "row + to_row == 3", "to_row == row + 4",
		"abs(to_row - row) == 5", "to_row - row >= 2 && to_height == 0",
	} {
		files = append(files, staticRuleFile(when, true), staticRuleFile(when, false))
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 150; i++ {
		files = append(files, randomRuleFile(rng, i%2))
	}
	claims, checked := 0, 0
	for _, src := range files {
		g, err := Load("claims.yaml", []byte(src))
		if err != nil {
			continue
		}
		never := map[string]string{}
		for _, d := range g.MeaningChecks() {
			if !strings.Contains(d.Hint, "never makes a move") {
				continue
			}
			if m := claimedRule.FindStringSubmatch(d.Message); m != nil {
				never[m[2]] = d.Message
			}
		}
		if _, claimed := never["fly"]; claimed && strings.Contains(src, "distance: any\n    when: 'to_row - row >= 2'") {
			t.Errorf("lint says a rule with `to_row - row >= 2` never makes a move: %v\n%s", never, src)
		}
		if len(never) == 0 {
			continue
		}
		claims += len(never)
		for i := 0; i < 60; i++ {
			p := randomPosition(rng, g)
			if i%3 == 0 {
				p = g.Start()
			}
			for ply := 0; ply < 20; ply++ {
				moves, err := g.LegalMovesErr(&p, nil)
				if err != nil || len(moves) == 0 {
					break
				}
				checked++
				for _, m := range moves {
					if msg, ok := never[g.RuleName(m)]; ok {
						t.Fatalf("lint: %s\nbut at %s the rule makes %s\n%s", msg, g.FormatPosition(&p), g.MoveString(m), src)
					}
				}
				g.Apply(&p, moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("%d claims checked at %d positions", claims, checked)
	if claims < 10 {
		t.Errorf("only %d claims: the test checks too little", claims)
	}
}
