package web

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
)

// The doubling cube on the page (a game whose rule file has `cube:`, begun
// with "cube" for a money game or "match" for a match to N points): the
// player on roll may double before pressing Roll, the other takes or drops;
// the AI's seats decide by the AI's cube advice when the machine's turn
// comes (kickAILocked). A match goes on game after game: when one ends
// short of the match, either player starts the next (POST /next), which the
// pages of the finished game then follow (next_id).

// cubeJSON is the cube as a page shows it.
type cubeJSON struct {
	Value int `json:"value"`
	// Owner is the player who holds the cube, -1 in the middle.
	Owner   int  `json:"owner"`
	Offered bool `json:"offered"` // a double waits for an answer
	// MayDouble: the viewer is on roll and may double now. Why says why
	// the player on roll may not ("" when it may).
	MayDouble bool   `json:"may_double"`
	Why       string `json:"why,omitempty"`
	// Answer: a double waits for the viewer's take or drop; Beaver, that
	// the viewer may also beaver (money games whose rules allow it).
	Answer bool `json:"answer"`
	Beaver bool `json:"beaver"`
	// Length is the match's length in points, 0 for a money game; Score the
	// score before this game; Crawford, that this is the Crawford game.
	Length   int    `json:"length"`
	Score    [2]int `json:"score"`
	Crawford bool   `json:"crawford"`
	// Points is what the finished game is worth to its winner.
	Points int `json:"points,omitempty"`
	// MatchOver: the finished game won the match (Winner is its winner);
	// NextID is the match's next game once someone started it.
	MatchOver   bool   `json:"match_over,omitempty"`
	MatchWinner int    `json:"match_winner"`
	NextID      string `json:"next_id,omitempty"`
	// Text says the cube's last action ("white doubles to 2").
	Text string `json:"text,omitempty"`
}

// cubeOf is the cube for a viewer holding seats; nil for a game played
// without it.
func (lg *liveGame) cubeOf(seats []int) *cubeJSON {
	s := lg.sess
	cs, ok := s.Cube()
	if !ok {
		return nil
	}
	cg := s.CubeGame()
	cj := &cubeJSON{Value: cs.Value, Owner: cs.Owner, Offered: cs.Offered, Length: cg.Start.Length,
		Score: cg.Start.Score, Crawford: cg.Start.Crawford, MatchWinner: -1, NextID: lg.nextID}
	me := s.ToMove()
	if s.Outcome().Over {
		o := s.Outcome()
		cj.Points = s.Points()
		if cj.Length > 0 && o.Winner >= 0 && cj.Score[o.Winner]+cj.Points >= cj.Length {
			cj.MatchOver, cj.MatchWinner = true, o.Winner
		}
	} else {
		cj.Why = s.MayDouble()
		cj.MayDouble = cj.Why == "" && slices.Contains(seats, me) && s.Seats[me].Human
		cj.Answer = cs.Offered && slices.Contains(seats, 1-me) && s.Seats[1-me].Human
		cj.Beaver = cj.Answer && cs.Beavers && cs.Length == 0
	}
	if n := len(cg.Events); n > 0 {
		cj.Text = cubeEventText(s, n-1)
	}
	return cj
}

// cubeEventText says what the game's i-th cube action did.
func cubeEventText(s *session.Session, i int) string {
	cg := s.CubeGame()
	g := s.Game
	value := cg.ValueBefore(i)
	e := cg.Events[i]
	name, other := g.Players[e.Player].Name, g.Players[1-e.Player].Name
	switch e.Action {
	case interpreter.Double:
		return name + " doubles to " + strconv.Itoa(2*value) + "."
	case interpreter.Take:
		return name + " takes: the cube is at " + strconv.Itoa(2*value) + ", " + name + "'s."
	case interpreter.Beaver:
		return name + " beavers: the cube is at " + strconv.Itoa(4*value) + ", " + name + "'s."
	case interpreter.Drop:
		return name + " drops: " + other + " wins " + strconv.Itoa(value) + " " + pointsWord(value) + "."
	}
	return ""
}

func pointsWord(n int) string {
	if n == 1 {
		return "point"
	}
	return "points"
}

type cubeRequest struct {
	Action string `json:"action"` // double, take, drop or beaver
}

// handleCube is a person's cube action: double (on roll, before rolling),
// take, beaver or drop (doubled).
func (s *Server) handleCube(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var req cubeRequest
	if !decode(w, r, &req) {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	seats, ok := lg.seated(s, w, r, false)
	if !ok {
		return
	}
	sess := lg.sess
	if _, ok := sess.Cube(); !ok {
		fail(w, http.StatusConflict, "this game is played without the doubling cube")
		return
	}
	if o := sess.Outcome(); o.Over {
		fail(w, http.StatusConflict, "the game is over: %s", outcomeText(sess.Game, o))
		return
	}
	switch req.Action {
	case "double", "take", "beaver", "drop":
	default:
		fail(w, http.StatusBadRequest, "%q is no cube action: double, take, beaver or drop", req.Action)
		return
	}
	if req.Action != "double" && !sess.Offered() {
		fail(w, http.StatusConflict, "no double waits for an answer")
		return
	}
	me := sess.ToMove()
	actor := me // who acts: the player on roll doubles, the other answers
	if req.Action != "double" {
		actor = 1 - me
	}
	if !slices.Contains(seats, actor) || !sess.Seats[actor].Human {
		fail(w, http.StatusConflict, "it is %s's to %s, not yours", sess.Game.Players[actor].Name, req.Action)
		return
	}
	mark := sess.Mark()
	var err error
	switch req.Action {
	case "double":
		err = sess.Double()
	case "take":
		err = sess.Take(false)
	case "beaver":
		err = sess.Take(true)
	case "drop":
		err = sess.Drop()
	}
	if err != nil {
		fail(w, http.StatusConflict, "%v", err)
		return
	}
	if err := lg.commit(s, lg.rewind(mark)); err != nil {
		failChange(w, err)
		return
	}
	lg.lastError = ""
	lg.aiHold = time.Time{}
	s.kickAILocked(lg)
	writeJSON(w, http.StatusOK, lg.state(s, seats))
}

// aiCubeLocked lets the AI seats take their cube decisions (a double before
// their roll, an answer to a person's double) and saves them; it reports
// whether the machine's turn may go on (no double waits for a person's
// answer). The caller holds lg.mu.
func (s *Server) aiCubeLocked(lg *liveGame) bool {
	sess := lg.sess
	if _, ok := sess.Cube(); !ok || sess.Outcome().Over {
		return true
	}
	mark := sess.Mark()
	var acts []interpreter.CubeAction
	if err := s.safely(lg, func() error { acts = sess.CubeTurn(); return nil }); err != nil {
		sess.Rewind(mark)
		s.machineFailed(lg, "the AI's cube decision failed: "+err.Error())
		return false
	}
	if len(acts) > 0 {
		if err := lg.commit(s, lg.rewind(mark)); err != nil {
			s.machineFailed(lg, "the AI's cube decision was not saved: "+err.Error())
			return false
		}
	}
	return !sess.Offered() && !sess.Outcome().Over
}

type nextResponse struct {
	ID string `json:"id"`
}

// handleNext starts the next game of a match whose game is over and not
// won the match: the same seats, held by the same people, the cube
// centred, the score carried on (and the Crawford game when its turn has
// come). Asked again, it answers with the game already started.
func (s *Server) handleNext(w http.ResponseWriter, r *http.Request) {
	s.seatedAction(w, r, func(lg *liveGame, _ []int) { s.nextGame(w, lg) })
}

func (s *Server) nextGame(w http.ResponseWriter, lg *liveGame) {
	if lg.nextID != "" {
		writeJSON(w, http.StatusOK, nextResponse{ID: lg.nextID})
		return
	}
	sess := lg.sess
	cs, ok := sess.Cube()
	o := sess.Outcome()
	switch {
	case !ok || cs.Length == 0:
		fail(w, http.StatusConflict, "this game is not part of a match")
		return
	case !o.Over || o.Winner < 0:
		fail(w, http.StatusConflict, "the game is not over")
		return
	}
	nextCube, over := sess.Game.Cube().NextGame(sess.CubeGame().Start, o.Winner, sess.Points())
	if over {
		fail(w, http.StatusConflict, "%s has won the match", sess.Game.Players[o.Winner].Name)
		return
	}
	next, err := session.New(sess.Game, sess.Variant, sess.Seats, sess.Game.Start())
	if err == nil {
		err = next.UseCube(nextCube)
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	nl := newLiveGame(newID(), next)
	copy(nl.holders, lg.holders) // the same people hold the same seats
	nl.rollButton = true
	next.CubeRollouts = s.opts.cubeRollouts
	if !s.launch(w, nl) {
		return
	}
	lg.nextID = nl.id
	lg.bump() // the finished game's pages follow to the next
	writeJSON(w, http.StatusCreated, nextResponse{ID: nl.id})
}
