// Package didyoumean finds the name nearest to a mistyped one, for the "did
// you mean" hints of error messages (rule-file keys and names, AI specs,
// commands). Each caller decides how near is near enough.
package didyoumean

// Distance is the Levenshtein edit distance between a and b, in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Nearest is the candidate nearest to s, the first of them among equals,
// with its distance; "" and -1 when there are no candidates.
func Nearest(s string, candidates []string) (string, int) {
	best, bestD := "", -1
	for _, c := range candidates {
		if d := Distance(s, c); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD
}
