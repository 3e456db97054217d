package interpreter

// CanDraw reports whether a game of g may end drawn by the players'
// agreement (a draw offered and accepted): as the rule file's
// `draw: agreement` says, else exactly when its rules can end a game drawn —
// a draw rule (draw: repetition, quiet_plies or quiet), an end condition
// whose result is a draw, or no_moves: draw. Liger's rules, which end every
// game with a winner, have no draws to agree on.
func (g *Game) CanDraw() bool {
	switch g.Draw.Agreement {
	case "true":
		return true
	case "false":
		return false
	}
	return g.rulesDraw()
}

// rulesDraw reports whether g's rules can end a game drawn.
func (g *Game) rulesDraw() bool {
	if g.Draw.Repetition > 0 || g.Draw.QuietPlies > 0 || len(g.quietRules) > 0 || g.NoMoves == "draw" {
		return true
	}
	for _, e := range g.ends {
		if e.result == "draw" {
			return true
		}
	}
	return false
}
