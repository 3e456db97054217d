package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
)

var errTooMany = errors.New("too many games are open on this server; finish or abandon one first")

// liveGame is a game on the server: the session, who holds each human seat
// (the SHA-256 of a secret token the holder's browser keeps), the pages
// watching it, and the AI's turn.
type liveGame struct {
	id string

	mu        sync.Mutex
	sess      *session.Session
	holders   []string // per seat: hash of the token that holds it, "" when open (or an AI seat)
	version   int64    // bumped on every change; pages refetch on a new one
	thinking  bool
	cancelAI  context.CancelFunc
	lastError string // the last failed save or AI error, shown on the page
	watchers  map[chan int64]struct{}
	path      string // the record file, "" without a data folder
}

func tokenHash(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

func newLiveGame(id string, sess *session.Session) *liveGame {
	n := len(sess.Seats)
	return &liveGame{id: id, sess: sess, holders: make([]string, n), watchers: map[chan int64]struct{}{}}
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

// changed bumps the version, saves the game and tells every watcher. The
// caller holds lg.mu.
func (lg *liveGame) changed(s *Server) {
	lg.version++
	if lg.path != "" {
		if err := interpreter.WriteFileAtomic(lg.path, []byte(lg.record(true).String())); err != nil {
			lg.lastError = "the game could not be saved: " + err.Error()
			s.opts.Logf("saving %s: %v", lg.path, err)
		}
	}
	for ch := range lg.watchers {
		select {
		case ch <- lg.version:
		default: // the watcher has a change pending already
		}
	}
}

// record is the game record; with server set it carries the server's own
// tags (the game id and the seat holders), which downloads leave out.
func (lg *liveGame) record(server bool) *records.Record {
	r := lg.sess.Record()
	if server {
		r.SetTag("WebID", lg.id)
		r.SetTag("WebSeats", strings.Join(lg.holders, ","))
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

// loadGame resumes a game saved in the data folder.
func (s *Server) loadGame(path string) (*liveGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := readRecord(f)
	if err != nil {
		return nil, err
	}
	sess, err := session.FromRecord(r, s.open)
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
	return lg, nil
}

// kickAI starts the AI's search when an AI is to move and none is searching.
// The caller must not hold lg.mu.
func (s *Server) kickAI(lg *liveGame) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	s.kickAILocked(lg)
}

func (s *Server) kickAILocked(lg *liveGame) {
	// A chance position (a dice game's roll) is nobody's choice: the session
	// rolls the dice, and then a person or the AI plays them.
	if !lg.thinking && len(lg.sess.Settle()) > 0 {
		lg.changed(s)
	}
	if lg.thinking || !lg.sess.AIToMove() {
		return
	}
	th, err := lg.sess.Thinker(rand.Uint64())
	if err != nil {
		lg.lastError = err.Error()
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.AITime)
	lg.thinking = true
	lg.cancelAI = cancel
	lg.changed(s)
	version := lg.version
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		// Wait for a search slot; a cancelled search still moves at once.
		select {
		case s.aiSem <- struct{}{}:
			defer func() { <-s.aiSem }()
		case <-ctx.Done():
		}
		m, _, err := th.Choose(ctx)
		if err != nil {
			var ee *interpreter.EvalError
			if errors.As(err, &ee) {
				err = fmt.Errorf("the rule file failed: %w", err)
			}
		}
		lg.mu.Lock()
		defer lg.mu.Unlock()
		if lg.version != version || s.ctx.Err() != nil {
			return // undone, resigned or the server closing while it thought
		}
		lg.thinking = false
		lg.cancelAI = nil
		if err == nil {
			err = lg.sess.PlayMove(m)
		}
		if err != nil {
			lg.lastError = "the AI could not move: " + err.Error()
		}
		lg.changed(s)
		s.kickAILocked(lg)
	}()
}

// stopAI cancels a running search; its move will be dropped. The caller
// holds lg.mu.
func (lg *liveGame) stopAI() {
	if lg.cancelAI != nil {
		lg.cancelAI()
		lg.cancelAI = nil
	}
	lg.thinking = false
}
