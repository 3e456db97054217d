package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
)

// liveGame is a game on the server: the session, who holds each human seat
// (the SHA-256 of a secret token the holder's browser keeps), the pages
// watching it, and the AI's turn.
type liveGame struct {
	id   string
	path string // the record file, "" without a data folder

	// Read without mu, by the sweeper (evict.go).
	used     atomic.Int64 // when the game was last used or changed, Unix nanoseconds
	over     atomic.Bool  // finished, or stopped at the ply limit
	watching atomic.Int32 // event streams open on it

	mu        sync.Mutex
	sess      *session.Session
	holders   []string // per seat: hash of the token that holds it, "" when open (or an AI seat)
	version   int64    // bumped on every change; pages refetch on a new one
	lastError string   // the last failed save or AI error, shown on the page
	watchers  map[chan int64]struct{}
	gone      chan struct{} // closed when the game is let go: its streams end
	closed    bool          // let go (evict.go): nothing is saved any more

	// The AI's turn (aiturn.go).
	thinking bool
	cancelAI context.CancelFunc
	aiRun    int64     // the search under way; one whose number changed is dropped
	aiHold   time.Time // after a failure, the machine's turn waits until then

	// A dice game's roll (dicestate.go): rollButton makes the dice wait for
	// a person's Roll on that person's turn (else the server rolls at
	// once); notice says what the server played for a person (a pass
	// forced by the roll), until the next change.
	rollButton bool
	notice     string
	// nextID is the next game of a match, once started (cube.go).
	nextID string
	orders ordersCache // the orders of the plays' moves at version (ordersCached)
	tracks *tracksJSON // the game's tracks, worked out on first use
}

func tokenHash(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

func newLiveGame(id string, sess *session.Session) *liveGame {
	n := len(sess.Seats)
	return &liveGame{id: id, sess: sess, holders: make([]string, n), watchers: map[chan int64]struct{}{}, gone: make(chan struct{})}
}

// take gives the human seats in seats to a new token and returns it.
func (lg *liveGame) take(seats []int) string {
	tok := newToken()
	h := tokenHash(tok)
	for _, i := range seats {
		lg.holders[i] = h
	}
	return tok
}

// held reports whether someone holds seat i.
func (lg *liveGame) held(i int) bool { return lg.holders[i] != "" }

// seatsOf lists the seats a token holds.
func (lg *liveGame) seatsOf(tok string) []int {
	if tok == "" {
		return nil
	}
	h := tokenHash(tok)
	var out []int
	for i, x := range lg.holders {
		if x == h {
			out = append(out, i)
		}
	}
	return out
}

// touch notes that the game was used now.
func (lg *liveGame) touch(s *Server) { lg.used.Store(s.opts.now().UnixNano()) }

// atLimit reports whether the game has reached the server's ply limit. The
// caller holds lg.mu.
func (lg *liveGame) atLimit(s *Server) bool { return lg.sess.History().Len() >= s.opts.MaxPlies }

// bump gives the game a new version and tells every watcher. The caller
// holds lg.mu.
func (lg *liveGame) bump() {
	lg.version++
	for ch := range lg.watchers {
		select {
		case ch <- lg.version:
		default: // the watcher has a change pending already
		}
	}
}

// saveError is a change that could not be saved, and was undone.
type saveError struct{ err error }

func (e *saveError) Error() string { return "the game could not be saved: " + e.err.Error() }
func (e *saveError) Unwrap() error { return e.err }

// status is the HTTP status that reports the failed save: 507 Insufficient
// Storage when the disk or the quota is full.
func (e *saveError) status() int {
	if errors.Is(e.err, syscall.ENOSPC) || errors.Is(e.err, syscall.EDQUOT) {
		return http.StatusInsufficientStorage
	}
	return http.StatusInternalServerError
}

// commit saves the game after a change and then tells every watcher. When
// the save fails, undo takes the change back, so the game is still as the
// data folder has it, and the error (a *saveError) says why; the game is
// saved by no one after the server started closing or let it go. The
// caller holds lg.mu.
func (lg *liveGame) commit(s *Server, undo func()) error {
	switch {
	case lg.closed:
		undo()
		return errGone
	case s.ctx.Err() != nil:
		undo()
		return errClosing
	}
	if lg.path != "" {
		if err := s.opts.writeFile(lg.path, []byte(lg.record(true).String())); err != nil {
			undo()
			s.opts.Logf("saving %s: %v (the change was taken back)", lg.path, err)
			return &saveError{err}
		}
	}
	lg.touch(s)
	lg.over.Store(lg.sess.Outcome().Over || lg.atLimit(s))
	lg.bump()
	return nil
}

// rewind is the undo of a change to the session made after m.
func (lg *liveGame) rewind(m session.Mark) func() { return func() { lg.sess.Rewind(m) } }

var errGone = errors.New("this game has been closed on the server")

// failChange answers a request whose change was not kept.
func failChange(w http.ResponseWriter, err error) {
	var se *saveError
	switch {
	case errors.As(err, &se):
		fail(w, se.status(), "%v; nothing was changed", err)
	case errors.Is(err, errGone):
		fail(w, http.StatusGone, "%v", err)
	default:
		fail(w, http.StatusServiceUnavailable, "%v", err)
	}
}

// record is the game record; with server set it carries the server's own
// tags (the game id and the seat holders), which downloads leave out.
func (lg *liveGame) record(server bool) *records.Record {
	r := lg.sess.Record()
	if server {
		r.SetTag("WebID", lg.id)
		r.SetTag("WebSeats", strings.Join(lg.holders, ","))
		if lg.nextID != "" {
			r.SetTag("WebNext", lg.nextID)
		}
	}
	return r
}

// maxRecordBytes bounds a record read from the data folder or uploaded.
const maxRecordBytes = 1 << 20

func readRecord(rd io.Reader) (*records.Record, error) {
	data, err := io.ReadAll(io.LimitReader(rd, maxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxRecordBytes {
		return nil, fmt.Errorf("the record is larger than %d bytes", maxRecordBytes)
	}
	return records.Parse(bytes.NewReader(data))
}

// tooLong says why a record is longer than the server plays, or nil. Its
// moves are counted before they are replayed, its plies (rolls of the
// dice included) after.
func (s *Server) tooLong(moves int) error {
	if moves > s.opts.MaxPlies {
		return fmt.Errorf("the record has %d plies; this server plays games of at most %d (continue it with stackrules play --resume)", moves, s.opts.MaxPlies)
	}
	return nil
}

// loadSaved resumes the games saved in the data folder. It runs no AI: a
// game's AI starts when the game is next used (aiturn.go).
func (s *Server) loadSaved() error {
	entries, err := os.ReadDir(s.opts.DataDir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".txt") && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(s.opts.DataDir, name)
		lg, err := s.loadGame(path)
		if err != nil {
			s.opts.Logf("skipping %s: %v", path, err)
			continue
		}
		if old, dup := s.games[lg.id]; dup {
			s.opts.Logf("skipping %s: game %s is %s already", path, lg.id, old.path)
			continue
		}
		s.games[lg.id] = lg
	}
	if len(s.games) > 0 {
		s.opts.Logf("%d saved games loaded from %s", len(s.games), s.opts.DataDir)
	}
	s.sweep() // games that finished or were left alone long ago go at once
	return nil
}

// loadGame resumes a game saved in the data folder. A seat that is no
// longer allowed (a spec from an older version, a file edited by hand) is
// brought within the server's limits and logged: a saved game is never
// lost to its tags.
func (s *Server) loadGame(path string) (*liveGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	r, err := readRecord(f)
	if err != nil {
		return nil, err
	}
	if err := s.tooLong(len(r.Moves)); err != nil {
		return nil, fmt.Errorf("%v; left in place, restart with a larger --max-plies to play it here", err)
	}
	sess, err := session.FromRecordSeats(r, s.open, func(g *interpreter.Game, i int, tag string) (session.Seat, error) {
		seat, err := session.ReadSeatTag(g, i, tag)
		if err != nil {
			seat = repairSeat(tag)
			s.opts.Logf("%s: %v; it plays as %s", path, err, seat)
		}
		if c, changed := s.limits.Clamp(seat); changed {
			s.opts.Logf("%s: %s's seat %s asks for more than this server allows; it plays as %s", path, g.Players[i].Name, seat, c)
			seat = c
		}
		return seat, nil
	})
	if err != nil {
		return nil, err
	}
	id := r.Tag("WebID")
	if id == "" || strings.ContainsAny(id, "/\\.") {
		id = strings.TrimSuffix(filepath.Base(path), ".txt")
	}
	lg := newLiveGame(id, sess)
	if hs := r.Tag("WebSeats"); hs != "" {
		for i, h := range strings.Split(hs, ",") {
			if i < len(lg.holders) && sess.Seats[i].Human {
				lg.holders[i] = h
			}
		}
	}
	lg.path = path
	if _, ok := sess.Cube(); ok {
		// With the cube a person doubles before rolling: the dice wait.
		lg.rollButton = true
		sess.CubeRollouts = s.opts.cubeRollouts
		lg.nextID = r.Tag("WebNext")
	}
	lg.used.Store(st.ModTime().UnixNano())
	lg.over.Store(sess.Outcome().Over || lg.atLimit(s))
	return lg, nil
}

// repairSeat is the seat of a saved game whose tag is no seat: the kind of
// AI the tag asks for, as near as can be read, at the default level; a
// person's seat when the tag names no AI.
func repairSeat(tag string) session.Seat {
	kind, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), ":")
	spec := "human"
	switch kind {
	case "random", "greedy":
		spec = kind
	case "mcts":
		spec = "mcts:" + ai.DefaultLevel
	}
	seat, _ := session.ParseSeat(spec)
	return seat
}
