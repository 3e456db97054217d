package web

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"
)

// Games do not stay forever: a finished game is let go FinishedTTL after
// its last use, an unfinished one that nobody uses and no page watches after
// IdleTTL, and when the server is full a new game takes the place of the
// least recently used finished game, or of one left alone (no page on it,
// no request) for spareAfter. A game let go leaves memory; with a data
// folder its record moves to DATA/done (doneDir), where a restart does not
// load it and `stackrules play --resume` can still continue it.

// doneDir is the folder under the data folder for the records of games let go.
const doneDir = "done"

// spareAfter is how long a game nobody uses must be left alone before it
// gives its place to a new game on a full server (at most IdleTTL).
const spareAfter = time.Hour

// sweeper lets games go as they expire, until the server closes.
func (s *Server) sweeper() {
	defer s.wg.Done()
	every := min(s.opts.FinishedTTL, s.opts.IdleTTL) / 10
	every = max(time.Second, min(every, time.Minute))
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.sweep()
		}
	}
}

// expired reports whether lg is to be let go at now.
func (s *Server) expired(lg *liveGame, now time.Time) bool {
	idle := now.Sub(time.Unix(0, lg.used.Load()))
	if lg.over.Load() {
		return idle >= s.opts.FinishedTTL
	}
	return lg.watching.Load() == 0 && idle >= s.opts.IdleTTL
}

// sweep lets the expired games go.
func (s *Server) sweep() {
	now := s.opts.now()
	var gone []*liveGame
	s.mu.Lock()
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	for id, lg := range s.games {
		if s.expired(lg, now) {
			delete(s.games, id)
			gone = append(gone, lg)
		}
	}
	s.mu.Unlock()
	sort.Slice(gone, func(i, j int) bool { return gone[i].id < gone[j].id })
	for _, lg := range gone {
		why := "nobody used it for " + s.opts.IdleTTL.String()
		if lg.over.Load() {
			why = "it was over and nobody used it for " + s.opts.FinishedTTL.String()
		}
		s.retire(lg, why)
	}
}

// leastRecentlyUsedSpare is the game that gives its place to a new one on a
// full server: of those finished or left alone, the one used least
// recently; nil when there is none. The caller holds s.mu.
func (s *Server) leastRecentlyUsedSpare() *liveGame {
	now := s.opts.now()
	alone := min(spareAfter, s.opts.IdleTTL)
	var best *liveGame
	for _, lg := range s.games {
		used := lg.used.Load()
		spare := lg.over.Load() || lg.watching.Load() == 0 && now.Sub(time.Unix(0, used)) >= alone
		if spare && (best == nil || used < best.used.Load() || used == best.used.Load() && lg.id < best.id) {
			best = lg
		}
	}
	return best
}

// retire lets go of a game taken out of s.games: its search stops, its
// pages are told (their streams end), nothing is saved for it any more,
// and its record moves to the done folder.
func (s *Server) retire(lg *liveGame, why string) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	lg.closed = true
	lg.stopAI()
	close(lg.gone)
	if lg.path == "" {
		s.opts.Logf("game %s let go: %s", lg.id, why)
		return
	}
	to, err := moveToDone(lg.path)
	if err != nil {
		s.opts.Logf("game %s let go (%s), but its record %s stays: %v", lg.id, why, lg.path, err)
		return
	}
	s.opts.Logf("game %s let go: %s; its record is %s", lg.id, why, to)
}

// moveToDone moves a record into the done folder beside it, under a name
// no other record there has, and returns where it went.
func moveToDone(path string) (string, error) {
	dir := filepath.Join(filepath.Dir(path), doneDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := filepath.Base(path)
	ext := filepath.Ext(name)
	for n := 1; ; n++ {
		to := filepath.Join(dir, name)
		if n > 1 {
			to = filepath.Join(dir, name[:len(name)-len(ext)]+"-"+strconv.Itoa(n)+ext)
		}
		if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
			return to, os.Rename(path, to)
		}
		if n > 1000 {
			return "", errors.New("the done folder has too many records of that name")
		}
	}
}
