package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
)

// maxBody bounds a request body (an uploaded record has maxOpenBody).
const maxBody = 64 << 10

type apiError struct {
	Error   string `json:"error"`
	Explain string `json:"explain,omitempty"` // for an illegal move: why, rule by rule
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, apiError{Error: fmt.Sprintf(format, args...)})
}

// decode reads a JSON body into v: at most maxBody bytes, no unknown fields,
// nothing after the value.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	return decodeMax(w, r, v, maxBody)
}

// decodeMax is decode with a bound of its own.
func decodeMax(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, "the request body is larger than %d bytes", limit)
			return false
		}
		fail(w, http.StatusBadRequest, "bad JSON in the request: %v", err)
		return false
	}
	if dec.More() {
		fail(w, http.StatusBadRequest, "bad JSON in the request: more than one value")
		return false
	}
	return true
}

func (s *Server) handleVariants(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"games": s.catalog, "levels": s.levels})
}

type newRequest struct {
	Variant string   `json:"variant"`
	Seats   []string `json:"seats"`  // per player: "human" or an AI spec
	Friend  bool     `json:"friend"` // hold only the first human seat; the others are for whoever opens the share link
	// Position starts the game from a position string instead of the start.
	Position string `json:"position"`
	// RollButton: in a dice game, a person rolls by pressing Roll (POST
	// /roll) on their turn; without it the server rolls for everyone.
	RollButton bool `json:"roll_button"`
	// Cube plays a game whose rule file has a doubling cube as a money
	// game with it; Match, a match to that many points (cube.go).
	Cube  bool `json:"cube"`
	Match int  `json:"match"`
}

type newResponse struct {
	ID    string `json:"id"`
	Token string `json:"token"`
	Seats []int  `json:"seats"`
}

func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req newRequest
	if !decode(w, r, &req) {
		return
	}
	e, ok := s.entry(req.Variant)
	if !ok {
		fail(w, http.StatusNotFound, "no game %q on this server", req.Variant)
		return
	}
	g := e.game
	if e.Lineups[len(req.Seats)] != nil {
		// Fewer play than the rule file declares: the seats it pins.
		fewer, err := g.WithPlayers(len(req.Seats))
		if err != nil {
			fail(w, http.StatusBadRequest, "%v", err)
			return
		}
		g = fewer
	}
	if len(req.Seats) != len(g.Players) {
		fail(w, http.StatusBadRequest, "%s has %d players; give %d seats, not %d", g.Name, len(g.Players), len(g.Players), len(req.Seats))
		return
	}
	seats := make([]session.Seat, len(req.Seats))
	for i, t := range req.Seats {
		st, err := session.ParseSeat(t)
		if err != nil {
			fail(w, http.StatusBadRequest, "seat %d (%s): %v", i+1, g.Players[i].Name, err)
			return
		}
		if err := s.limits.Check(st); err != nil {
			fail(w, http.StatusBadRequest, "seat %d (%s): %v", i+1, g.Players[i].Name, err)
			return
		}
		seats[i] = st
	}
	start := g.Start()
	if strings.TrimSpace(req.Position) != "" {
		p, err := records.ParsePosition(g, req.Position)
		if err != nil {
			fail(w, http.StatusBadRequest, "%v", err)
			return
		}
		start = p
	}
	sess, err := session.New(g, e.Key, seats, start)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	if req.Cube || req.Match != 0 {
		switch {
		case g.Cube() == nil:
			fail(w, http.StatusBadRequest, "%s has no doubling cube (no cube: in its rule file)", g.Name)
			return
		case req.Match < 0 || req.Match > 1000:
			fail(w, http.StatusBadRequest, "a match is to 1 to 1000 points, not %d", req.Match)
			return
		}
		sess.UseCube(g.Cube().NewCube(req.Match, [2]int{}, false))
		sess.CubeRollouts = s.opts.cubeRollouts
		req.RollButton = true // a person doubles before rolling: the dice wait
	}
	s.start(w, sess, req.Friend, req.RollButton)
}

// start registers a new session, saves it and answers with its id and the
// creator's token.
func (s *Server) start(w http.ResponseWriter, sess *session.Session, friend, rollButton bool) {
	lg := newLiveGame(newID(), sess)
	lg.rollButton = rollButton && sess.Game.HasDice()
	var mine []int
	for i, st := range sess.Seats {
		if st.Human && (!friend || len(mine) == 0) {
			mine = append(mine, i)
		}
	}
	tok := lg.take(mine)
	if !s.launch(w, lg) {
		return
	}
	if mine == nil {
		mine = []int{}
	}
	writeJSON(w, http.StatusCreated, newResponse{ID: lg.id, Token: tok, Seats: mine})
}

// launch registers a new game, saves it and lets the machine take its turn;
// when it cannot, it answers why and reports false.
func (s *Server) launch(w http.ResponseWriter, lg *liveGame) bool {
	if s.opts.DataDir != "" {
		lg.path = filepath.Join(s.opts.DataDir, lg.id+".txt")
	}
	lg.touch(s)
	if err := s.add(lg); err != nil {
		fail(w, http.StatusServiceUnavailable, "%v", err)
		return false
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := lg.commit(s, func() {}); err != nil {
		s.drop(lg)
		failChange(w, err)
		return false
	}
	s.kickAILocked(lg)
	return true
}

type openRequest struct {
	Record string `json:"record"` // the record's text
}

// maxOpenBody bounds the JSON of an uploaded record: the record escaped.
const maxOpenBody = 4*maxRecordBytes + 4096

// handleOpen starts a game from an uploaded record, {"record": TEXT}. Its
// seats pass the checks of a new game's; a record longer than the server
// plays is refused before it is replayed.
func (s *Server) handleOpen(w http.ResponseWriter, r *http.Request) {
	var req openRequest
	if !decodeMax(w, r, &req, maxOpenBody) {
		return
	}
	rec, err := readRecord(strings.NewReader(req.Record))
	if err != nil {
		code := http.StatusBadRequest
		if len(req.Record) > maxRecordBytes {
			code = http.StatusRequestEntityTooLarge
		}
		fail(w, code, "not a game record: %v", err)
		return
	}
	if err := s.tooLong(len(rec.Moves)); err != nil {
		fail(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	var badSeat error
	sess, err := session.FromRecordSeats(rec, s.open, func(g *interpreter.Game, i int, tag string) (session.Seat, error) {
		seat, err := session.ReadSeatTag(g, i, tag)
		if err == nil {
			if err = s.limits.Check(seat); err != nil {
				err = fmt.Errorf("the record's seat for %s: %w", g.Players[i].Name, err)
			}
		}
		badSeat = err
		return seat, err
	})
	switch {
	case badSeat != nil:
		fail(w, http.StatusUnprocessableEntity, "%v", badSeat)
		return
	case err != nil:
		fail(w, http.StatusUnprocessableEntity, "the record cannot be replayed: %v", err)
		return
	}
	if err := s.tooLong(sess.History().Len()); err != nil {
		fail(w, http.StatusUnprocessableEntity, "%v", err)
		return
	}
	if _, ok := sess.Cube(); ok {
		sess.CubeRollouts = s.opts.cubeRollouts
	}
	// The dice wait for the person's Roll, as in a game begun on the start
	// page (the page's Auto-roll rolls for them): a person played with the
	// cube may double before rolling.
	s.start(w, sess, false, true)
}

// lookup finds the game of the request and the seats its token holds.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*liveGame, bool) {
	id := r.PathValue("id")
	lg, ok := s.game(id)
	if !ok {
		fail(w, http.StatusNotFound, "no game %q on this server (it may have ended or been left alone long ago, or been played on a server without --data that restarted)", id)
		return nil, false
	}
	lg.touch(s)
	return lg, true
}

func token(r *http.Request) string {
	if t := r.Header.Get("X-Token"); t != "" {
		return t
	}
	return r.URL.Query().Get("token")
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	lg.mu.Lock()
	s.kickAILocked(lg)
	st := lg.state(s, lg.seatsOf(token(r)))
	lg.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

// pingEvery is how often an event stream says it is alive; a write to it
// may take streamWriteTime at most.
const (
	pingEvery       = 20 * time.Second
	streamWriteTime = 10 * time.Second
)

// handleEvents streams the game's version whenever it changes (server-sent
// events); a page refetches its state on each. The streams are bounded, in
// all and per game: past the bound the page is told to poll (503). A
// stream is exempt from the server's read and write timeouts, with a
// deadline of its own for each write.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if !s.takeStream() {
		w.Header().Set("Retry-After", "60")
		fail(w, http.StatusServiceUnavailable, "this server follows %d games live already; the page will check for changes every few seconds", s.opts.MaxStreams)
		return
	}
	defer s.releaseStream()
	ch := make(chan int64, 1)
	lg.mu.Lock()
	if len(lg.watchers) >= s.opts.MaxGameStreams {
		lg.mu.Unlock()
		w.Header().Set("Retry-After", "60")
		fail(w, http.StatusServiceUnavailable, "%d pages follow this game live already; this one will check for changes every few seconds", s.opts.MaxGameStreams)
		return
	}
	s.kickAILocked(lg)
	lg.watchers[ch] = struct{}{}
	lg.watching.Add(1)
	v := lg.version
	lg.mu.Unlock()
	defer func() {
		lg.mu.Lock()
		delete(lg.watchers, ch)
		lg.watching.Add(-1)
		lg.mu.Unlock()
		lg.touch(s)
	}()
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{}) // the request is read; the stream stays open
	send := func(text string) bool {
		rc.SetWriteDeadline(time.Now().Add(streamWriteTime))
		if _, err := io.WriteString(w, text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	if !send(fmt.Sprintf("event: version\ndata: %d\n\n", v)) {
		return
	}
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		var text string
		select {
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		case <-lg.gone:
			return
		case v := <-ch:
			text = fmt.Sprintf("event: version\ndata: %d\n\n", v)
		case <-ping.C:
			text = ": ping\n\n"
		}
		if !send(text) {
			return
		}
	}
}

// takeStream counts a new event stream, unless the server has its most.
func (s *Server) takeStream() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.streams >= s.opts.MaxStreams {
		return false
	}
	s.streams++
	return true
}

func (s *Server) releaseStream() {
	s.mu.Lock()
	s.streams--
	s.mu.Unlock()
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	lg.mu.Lock()
	text := lg.record(false).String()
	name := fmt.Sprintf("stackrules-%s-%s.txt", strings.ReplaceAll(filepath.Base(lg.sess.Variant), ".yaml", ""), lg.id)
	lg.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	w.Write([]byte(text))
}

type joinResponse struct {
	Token string `json:"token"`
	Seats []int  `json:"seats"`
}

// handleJoin gives the first open human seat to whoever opened the share link.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if held := lg.seatsOf(token(r)); len(held) > 0 {
		fail(w, http.StatusConflict, "you already hold a seat in this game")
		return
	}
	for i, st := range lg.sess.Seats {
		if st.Human && !lg.held(i) {
			tok := lg.take([]int{i})
			if err := lg.commit(s, func() { lg.holders[i] = "" }); err != nil {
				failChange(w, err)
				return
			}
			writeJSON(w, http.StatusOK, joinResponse{Token: tok, Seats: []int{i}})
			return
		}
	}
	fail(w, http.StatusConflict, "every seat of this game is taken; you can watch")
}

type moveRequest struct {
	Move string `json:"move"`
	// Version, when given, is the game's version the move was chosen at:
	// if the game has changed since, the move is refused (409). A page's
	// automatic pass is sent so, and never played twice.
	Version *int64 `json:"version,omitempty"`
}

// seated checks that the request's token holds a seat, and the seat to move
// when turn is set.
func (lg *liveGame) seated(s *Server, w http.ResponseWriter, r *http.Request, turn bool) ([]int, bool) {
	seats := lg.seatsOf(token(r))
	if len(seats) == 0 {
		fail(w, http.StatusForbidden, "you are watching this game, not playing it")
		return nil, false
	}
	if !turn {
		return seats, true
	}
	if o := lg.sess.Outcome(); o.Over {
		fail(w, http.StatusConflict, "the game is over: %s", outcomeText(lg.sess.Game, o))
		return nil, false
	}
	if lg.atLimit(s) {
		fail(w, http.StatusConflict, "%s", limitText(s.opts.MaxPlies))
		return nil, false
	}
	toMove := lg.sess.ToMove()
	for _, i := range seats {
		if i == toMove {
			return seats, true
		}
	}
	fail(w, http.StatusConflict, "it is %s's turn, not yours", lg.sess.Game.Players[toMove].Name)
	return nil, false
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var req moveRequest
	if !decode(w, r, &req) {
		return
	}
	if len(req.Move) > 200 {
		fail(w, http.StatusBadRequest, "a move is at most 200 characters")
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	s.kickAILocked(lg)
	seats, ok := lg.seated(s, w, r, true)
	if !ok {
		return
	}
	if req.Version != nil && *req.Version != lg.version {
		fail(w, http.StatusConflict, "the game has changed since that move was chosen")
		return
	}
	if lg.awaitsRoll() {
		fail(w, http.StatusConflict, "roll the dice first")
		return
	}
	mark := lg.sess.Mark()
	if _, err := lg.sess.Play(req.Move); err != nil {
		var ill *session.IllegalMove
		if errors.As(err, &ill) {
			writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: ill.Error(), Explain: ill.Explanation.String()})
			return
		}
		fail(w, http.StatusConflict, "%v", err)
		return
	}
	if err := lg.commit(s, lg.rewind(mark)); err != nil {
		failChange(w, err)
		return
	}
	lg.lastError = ""
	lg.notice = ""
	lg.aiHold = time.Time{}
	s.kickAILocked(lg)
	writeJSON(w, http.StatusOK, lg.state(s, seats))
}

// handleRoll rolls the dice for the person whose roll the game waits for
// (a game started with roll_button). When the roll leaves nothing to play,
// the pass is played at once, and the page says so.
func (s *Server) handleRoll(w http.ResponseWriter, r *http.Request) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if !decode(w, r, &struct{}{}) {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	seats, ok := lg.seated(s, w, r, true)
	if !ok {
		return
	}
	if !lg.awaitsRoll() {
		fail(w, http.StatusConflict, "the dice are not yours to roll now")
		return
	}
	mark := lg.sess.Mark()
	var rolled []board.Move
	if err := s.safely(lg, func() error { rolled = lg.sess.Settle(); return nil }); err != nil || len(rolled) == 0 {
		lg.sess.Rewind(mark)
		fail(w, http.StatusInternalServerError, "the dice could not be rolled: %v", err)
		return
	}
	g := lg.sess.Game
	lg.notice = ""
	if legal := lg.sess.Legal(); len(legal) == 1 && (g.MoveString(legal[0]) == "pass" || g.MoveString(legal[0]) == "penalty") {
		mover := lg.sess.ToMove()
		who := g.Players[mover].Name
		roll := g.MoveString(rolled[len(rolled)-1])
		if err := lg.sess.PlayMove(legal[0]); err == nil {
			switch {
			case g.MoveString(legal[0]) == "penalty":
				lg.notice = fmt.Sprintf("%s rolled %s, which is not played (penalty): the piece farthest along goes back.", who, roll)
			case lg.sess.ToMove() == mover && lg.sess.AtChance():
				lg.notice = fmt.Sprintf("%s rolled %s and cannot move, and rolls again.", who, roll)
			default:
				lg.notice = fmt.Sprintf("%s rolled %s and cannot move: the turn passes.", who, roll)
			}
		}
	}
	if err := lg.commit(s, lg.rewind(mark)); err != nil {
		lg.notice = ""
		failChange(w, err)
		return
	}
	lg.lastError = ""
	lg.aiHold = time.Time{}
	s.kickAILocked(lg)
	writeJSON(w, http.StatusOK, lg.state(s, seats))
}

// seatedAction runs act for a request with an empty JSON body from someone
// holding a seat of the game, with the game locked.
func (s *Server) seatedAction(w http.ResponseWriter, r *http.Request, act func(lg *liveGame, seats []int)) {
	lg, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if !decode(w, r, &struct{}{}) {
		return
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if seats, ok := lg.seated(s, w, r, false); ok {
		act(lg, seats)
	}
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	s.seatedAction(w, r, func(lg *liveGame, seats []int) { s.undo(w, lg, seats) })
}

func (s *Server) undo(w http.ResponseWriter, lg *liveGame, seats []int) {
	if humanHolders(lg) > 1 {
		fail(w, http.StatusConflict, "undo is for games against the AI; ask your opponent to take it back in another way")
		return
	}
	if !lg.sess.CanUndo() {
		fail(w, http.StatusConflict, "there is no move to take back")
		return
	}
	mark := lg.sess.Mark()
	lg.sess.Undo()
	lg.notice = ""
	if err := lg.commit(s, lg.rewind(mark)); err != nil {
		failChange(w, err)
		return
	}
	lg.stopAI()
	s.kickAILocked(lg)
	writeJSON(w, http.StatusOK, lg.state(s, seats))
}

// humanHolders counts the distinct tokens holding seats.
func humanHolders(lg *liveGame) int {
	seen := map[string]bool{}
	for _, h := range lg.holders {
		if h != "" {
			seen[h] = true
		}
	}
	return len(seen)
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	s.seatedAction(w, r, func(lg *liveGame, seats []int) { s.resign(w, lg, seats) })
}

func (s *Server) resign(w http.ResponseWriter, lg *liveGame, seats []int) {
	// The one who resigns is the seat to move when it holds it, else its first seat.
	who := seats[0]
	for _, i := range seats {
		if i == lg.sess.ToMove() {
			who = i
		}
	}
	mark := lg.sess.Mark()
	if err := lg.sess.Resign(who); err != nil {
		fail(w, http.StatusConflict, "%v", err)
		return
	}
	if err := lg.commit(s, lg.rewind(mark)); err != nil {
		failChange(w, err)
		return
	}
	lg.stopAI()
	writeJSON(w, http.StatusOK, lg.state(s, seats))
}
