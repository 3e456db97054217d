package ai

// Cube decisions (the doubling cube of backgammon and its kin), from an
// estimate of how a game ends: the chances, for the player on roll, of
// winning and of losing by each number of points with the cube as it is
// (cubeless). The player on roll doubles, and the other takes or drops, by
// comparing what each choice is worth:
//
//   - ND, not doubling: the game played out for the cube's value v;
//   - DT, double and take: played out for 2v;
//   - DP, double and drop: the doubler wins v at once,
//
// each measured for the doubler in points (a money game) or in its chance
// of winning the match (a match, by a match equity table). These are
// values with the cube dead (nobody doubles again); owning the cube is worth
// something to the taker, so the taker takes while DT ≤ DP + b, b being
// 3.5 % of what a single game at 2v can swing (for money: takes up to a
// doubler's cubeless equity of 0.57, a win chance of about 78.5 %, against
// 75 % with a dead cube), and b is 0 when the taker could never use the
// cube (a win at 2v already wins it the match). The doubler doubles when the
// other would drop and DP > ND (else the position is too good to double:
// it plays on for a gammon), or when the other would take and DT − ND is at
// least 9.5 % of that swing (money: from a cubeless equity of 0.38, about
// 69 % to win). The two rules use one estimate, so a position the AI would
// drop is one it would double, unless it is too good to double.

// CubeEstimate is a game's ends for the player on roll, cubeless: Win[k]
// and Lose[k] the chances of winning and losing k points (index 0 unused).
type CubeEstimate struct {
	Win, Lose []float64
}

// Equity is the cubeless money equity: points won per game at cube 1.
func (e CubeEstimate) Equity() float64 {
	q := 0.0
	for k := range e.Win {
		q += float64(k) * (e.Win[k] - e.Lose[k])
	}
	return q
}

// CubeSituation is the cube and score as the player on roll sees them.
type CubeSituation struct {
	Value    int // the cube's value now
	Length   int // the match's length, 0 for a money game
	Me, Them int // points each has in the match
}

// CubeDecision is what the estimate says about doubling now.
type CubeDecision struct {
	ND, DT, DP float64 // the doubler's value of each choice (points or match winning chance)
	Take       bool    // the other player should take a double
	Double     bool    // the player on roll should double
}

// Margins of the cube decisions, as shares of the swing of a single game at
// the doubled cube (see above).
const (
	takeMargin   = 0.035
	doubleMargin = 0.095
)

// DecideCube is the decision for the player on roll.
func DecideCube(e CubeEstimate, s CubeSituation) CubeDecision {
	v := s.Value
	val := func(points int) float64 { // the doubler's value of winning points (negative: losing)
		if s.Length == 0 {
			return float64(points)
		}
		me, them := s.Length-s.Me, s.Length-s.Them // points to go
		if points > 0 {
			me -= points
		} else {
			them += points
		}
		return MatchEquity(me, them)
	}
	at := func(c int) float64 {
		q := 0.0
		for k := range e.Win {
			if k == 0 {
				continue
			}
			q += e.Win[k]*val(k*c) + e.Lose[k]*val(-k*c)
		}
		return q
	}
	d := CubeDecision{ND: at(v), DT: at(2 * v), DP: val(v)}
	swing := val(2*v) - val(-2*v)
	b := takeMargin * swing
	if s.Length > 0 && s.Them+2*v >= s.Length {
		b = 0 // the taker wins the match with any win at 2v: the cube is dead for it
	}
	d.Take = d.DT <= d.DP+b
	if d.Take {
		d.Double = d.DT-d.ND >= doubleMargin*swing
	} else {
		d.Double = d.DP > d.ND
	}
	return d
}

// MatchEquity is the chance of winning a match for a player a points from
// winning against one b points from winning (a or b at most 0: that player
// has won), from a table computed once as if every game were played
// without the cube, with gammons a fifth of the wins and the Crawford rule
// (the first time a player is 1 away, a game without the cube; after it, the
// trailer doubles at once and the leader plays each game for 2 points).
// A simple table, good enough to weigh the cube's choices by; the published
// tables (Kazaross-XG2) differ from it by a few percent.
func MatchEquity(a, b int) float64 {
	switch {
	case a <= 0:
		return 1
	case b <= 0:
		return 0
	}
	a, b = min(a, metSize), min(b, metSize)
	return met[a][b]
}

const (
	metSize    = 64
	gammonRate = 0.2
)

var met = func() [metSize + 1][metSize + 1]float64 {
	var m [metSize + 1][metSize + 1]float64
	get := func(a, b int) float64 {
		switch {
		case a <= 0:
			return 1
		case b <= 0:
			return 0
		}
		return m[a][b]
	}
	w := 1 - gammonRate
	// After the Crawford game, with the leader 1 away, the trailer (a away)
	// doubles at once: each game is worth 2 to it.
	var post func(a int) float64
	post = func(a int) float64 {
		switch {
		case a <= 0:
			return 1
		case a == 1:
			return 0.5
		}
		return 0.5 * post(a-2)
	}
	// The Crawford game, a away against 1 away: no cube, a win of 1 or 2.
	crawford := func(a int) float64 { return 0.5 * (w*post(a-1) + gammonRate*post(a-2)) }
	// The rest: filled in order of a+b, cubeless games of 1 or 2 points.
	for sum := 2; sum <= 2*metSize; sum++ {
		for a := max(1, sum-metSize); a <= min(metSize, sum-1); a++ {
			b := sum - a
			switch {
			case a == 1 && b == 1:
				m[a][b] = 0.5
			case a == 1:
				m[a][b] = 1 - crawford(b)
			case b == 1:
				m[a][b] = crawford(a)
			default:
				m[a][b] = 0.5*(w*get(a-1, b)+gammonRate*get(a-2, b)) + 0.5*(w*get(a, b-1)+gammonRate*get(a, b-2))
			}
		}
	}
	return m
}()
