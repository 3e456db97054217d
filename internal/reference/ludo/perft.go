package ludo

// Rolls returns the distinct rolls of p's rules: the 21 rolls of two dice (higher die
// first, each double once) or the 6 of one die.
func Rolls(rules Rules) [][]int {
	var out [][]int
	for a := 1; a <= 6; a++ {
		if rules == Beginner {
			out = append(out, []int{a})
			continue
		}
		for b := 1; b <= a; b++ {
			out = append(out, []int{a, b})
		}
	}
	return out
}

// Perft counts the play sequences of depth plays from p. A position without a roll takes
// each distinct roll once (not weighted) without using up depth; a position with a roll
// counts its distinct plays (a pass is one play). A beginner extra roll is a play of its
// own. A finished game has no plays.
func Perft(p *Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if p.Winner() >= 0 {
		return 0
	}
	if !p.Rolled() {
		var n int64
		for _, r := range Rolls(p.rules) {
			n += Perft(p.WithRoll(r...), depth)
		}
		return n
	}
	plays := p.Plays()
	if depth == 1 {
		return int64(len(plays))
	}
	var n int64
	for _, pl := range plays {
		n += Perft(pl.After, depth-1)
	}
	return n
}
