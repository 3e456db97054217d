// Package web serves a board in the browser for any rule file: a start page
// listing the games, and a game page that draws the board in SVG from the
// rule file's geometry, lets a human move by clicking, lets the AI move, and
// lets a friend take the other side from another browser (moves appear on
// both through server-sent events). Pages and scripts are embedded; there is
// no build step and nothing is loaded from elsewhere.
//
// Files: server.go (the Server, its options and routes), crosssite.go (the
// checks every request passes: Host, Origin, JSON, and the headers every
// answer carries), games.go (a game being played: seats, tokens, saving and
// loading), aiturn.go (the AI's turn, run outside the game's lock),
// evict.go (letting finished and idle games go), listener.go (the bound on
// connections), state.go (the JSON a page reads), handlers.go (the HTTP
// API), static/ (the pages).
package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/filelock"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
	"github.com/stackrules/stackrules/variants"
)

//go:embed static
var staticFiles embed.FS

// Options set up a Server. Zero fields take the defaults.
type Options struct {
	// Files are rule files offered next to the built-in games.
	Files []string
	// Only, when set, offers just these games (built-in names or paths).
	Only []string
	// DataDir keeps every game as a record, so a restarted server resumes
	// them; "" keeps games in memory only. The folder is locked for the
	// Server's life: a second Server on it is refused.
	DataDir string
	// MaxGames bounds the games held at once (default 200). At the limit a
	// new game takes the place of the least recently used game that is
	// finished, or that no page watches and nobody has used for an hour.
	MaxGames int
	// MaxPlies bounds the plies of a game (default 10000): a record longer
	// is refused, and a game that reaches it stops there, undecided.
	MaxPlies int
	// FinishedTTL is how long a finished game stays after its last use
	// (default 1h), IdleTTL how long an unfinished game nobody uses and no
	// page watches (default 7 days). Then the game is let go; with DataDir
	// its record moves to DataDir/done, out of the games a restart loads.
	FinishedTTL, IdleTTL time.Duration
	// AITime caps one AI move (default 10s); AISearches bounds the AI
	// searches running at once (default 2).
	AITime     time.Duration
	AISearches int
	// MaxStreams bounds the pages following games live at once (default
	// 256), MaxGameStreams those following one game (default 16); past
	// them a page is told to poll.
	MaxStreams, MaxGameStreams int
	// Addr is the address the server listens on, HOST:PORT. When HOST is
	// loopback, only requests that name the server as localhost, 127.0.0.1
	// or [::1] with its port (or one of Hosts) are served: a page elsewhere
	// that has its own name point at 127.0.0.1 (DNS rebinding) is refused.
	// "" checks no Host.
	Addr string
	// Hosts are more names the server answers to (HOST or HOST:PORT), for
	// a server behind a proxy that passes the Host on; with Hosts, any
	// other name is refused whatever Addr is.
	Hosts []string
	// Logf reports what the server does (saves that failed, games loaded
	// and let go).
	Logf func(format string, args ...any)

	// For tests: the clock, how a record is written, how the AI
	// chooses its move, and the playouts behind its cube decisions (0:
	// interpreter.CubeRollouts).
	now          func() time.Time
	writeFile    func(path string, data []byte) error
	choose       func(ctx context.Context, th *session.Thinker) (board.Move, error)
	cubeRollouts int
}

// The seat limits of every AI on a server: a seat from a request, an
// uploaded record or a saved game passes the same check.
const (
	maxAIThreads = 2
	maxAIEndgame = ai.DefaultEndgamePositions
)

// Server is the HTTP handler of the web board.
type Server struct {
	opts    Options
	catalog []catalogEntry
	share   shareJSON // how other computers reach the server (share.go)
	levels  []string  // the AI levels offered on the start page
	limits  session.SeatLimits
	hosts   map[string]bool // the Host values served; nil serves any
	mux     *http.ServeMux
	aiSem   chan struct{}
	ctx     context.Context // cancelled by Close: AI searches stop
	cancel  context.CancelFunc
	lock    *filelock.Lock // on the data folder

	mu      sync.Mutex
	games   map[string]*liveGame
	streams int            // event streams open
	wg      sync.WaitGroup // AI goroutines and the sweeper
}

// catalogEntry is a game offered on the start page.
type catalogEntry struct {
	Key         string   `json:"key"` // how to ask for it: a built-in name or a path
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Players     []string `json:"players"`
	// Lineups are the players who play when fewer play than the rule file
	// declares, by their number (the rule file's seats:); nil when all must.
	Lineups map[int][]string `json:"lineups,omitempty"`
	// Cube: the game has a doubling cube (money games and matches).
	Cube bool `json:"cube,omitempty"`
	game *interpreter.Game
}

// New makes a Server, loading the offered games and, with a data folder,
// locking it and loading the games saved there (no AI searches until a
// game is used).
func New(opts Options) (*Server, error) {
	if opts.MaxGames <= 0 {
		opts.MaxGames = 200
	}
	if opts.MaxPlies <= 0 {
		opts.MaxPlies = 10000
	}
	if opts.FinishedTTL <= 0 {
		opts.FinishedTTL = time.Hour
	}
	if opts.IdleTTL <= 0 {
		opts.IdleTTL = 7 * 24 * time.Hour
	}
	if opts.AITime <= 0 {
		opts.AITime = 10 * time.Second
	}
	if opts.AISearches <= 0 {
		opts.AISearches = 2
	}
	if opts.MaxStreams <= 0 {
		opts.MaxStreams = 256
	}
	if opts.MaxGameStreams <= 0 {
		opts.MaxGameStreams = 16
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	if opts.now == nil {
		opts.now = time.Now
	}
	if opts.writeFile == nil {
		opts.writeFile = interpreter.WriteFileAtomic
	}
	s := &Server{opts: opts, games: map[string]*liveGame{}, aiSem: make(chan struct{}, opts.AISearches),
		limits: session.SeatLimits{MaxThreads: maxAIThreads, MaxTime: opts.AITime, MaxEndgame: maxAIEndgame, NoFiles: true}}
	hosts, err := allowedHosts(opts.Addr, opts.Hosts)
	if err != nil {
		return nil, err
	}
	s.hosts = hosts
	for _, lv := range []string{"human", "random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard"} {
		if st, err := session.ParseSeat(lv); err == nil && s.limits.Check(st) == nil {
			s.levels = append(s.levels, lv)
		}
	}
	keys := opts.Only
	if len(keys) == 0 {
		keys = append(variants.Names(), opts.Files...)
	}
	for _, k := range keys {
		e, err := catalogFor(k)
		if err != nil {
			return nil, err
		}
		s.catalog = append(s.catalog, e)
	}
	s.share = shareOf(opts.Addr)
	s.ctx, s.cancel = context.WithCancel(context.Background())
	if opts.DataDir != "" {
		if err := s.lockData(); err != nil {
			return nil, err
		}
		if err := s.loadSaved(); err != nil {
			s.lock.Release()
			return nil, err
		}
	}
	s.routes()
	s.wg.Add(1)
	go s.sweeper()
	return s, nil
}

func catalogFor(k string) (catalogEntry, error) {
	g, err := interpreter.Open(k)
	if err != nil {
		return catalogEntry{}, fmt.Errorf("%s: %v", k, err)
	}
	e := catalogEntry{Key: k, Name: g.Name, Description: g.Description, Cube: g.Cube() != nil, game: g}
	for _, p := range g.Players {
		e.Players = append(e.Players, p.Name)
	}
	for _, n := range g.PlayerCounts() {
		if n == len(g.Players) {
			continue
		}
		fewer, err := g.WithPlayers(n)
		if err != nil {
			return catalogEntry{}, fmt.Errorf("%s with %d players: %v", k, n, err)
		}
		if e.Lineups == nil {
			e.Lineups = map[int][]string{}
		}
		for _, p := range fewer.Players {
			e.Lineups[n] = append(e.Lineups[n], p.Name)
		}
	}
	return e, nil
}

// lockFile is the lock of a data folder, which says which process holds it.
const lockFile = ".stackrules-serve-lock"

// lockData creates and locks the data folder: two servers on one folder
// would write over each other's saves.
func (s *Server) lockData() error {
	dir := s.opts.DataDir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	l, err := filelock.Acquire(filepath.Join(dir, lockFile), "stackrules serve")
	var held *filelock.HeldError
	if errors.As(err, &held) {
		return fmt.Errorf("the data folder %s is in use by %s; stop that server first, or give this one another --data folder", dir, held.Holder())
	}
	if err != nil {
		return fmt.Errorf("cannot lock the data folder %s (the games are saved there, so it must be writable): %w", dir, err)
	}
	s.lock = l
	return nil
}

// ServeHTTP serves the pages and the API, to requests that pass the
// cross-site checks.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	secureHeaders(w.Header())
	if code, msg := s.refuse(r); code != 0 {
		fail(w, code, "%s", msg)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// DefaultShutdownTimeout is how long Close waits for the AI searches.
const DefaultShutdownTimeout = 10 * time.Second

// Close stops the AI searches and waits for them, at most
// DefaultShutdownTimeout, then unlocks the data folder.
func (s *Server) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), DefaultShutdownTimeout)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		s.opts.Logf("%v", err)
	}
}

// Shutdown stops the AI searches and waits for them until ctx ends; either
// way the data folder is unlocked and nothing is saved after. A search that
// had not stopped by then is reported in the error; its move is dropped.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.cancel() // under s.mu: no game is added or let go meanwhile
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = fmt.Errorf("an AI search did not stop in time (%v); stopping without it (its move is not played)", ctx.Err())
	}
	// Every change is saved under its game's lock after checking that the
	// server is not closing: taking each lock once makes sure no save is
	// under way when the folder is unlocked.
	s.mu.Lock()
	games := make([]*liveGame, 0, len(s.games))
	for _, lg := range s.games {
		games = append(games, lg)
	}
	s.mu.Unlock()
	for _, lg := range games {
		lg.mu.Lock()
		lg.mu.Unlock()
	}
	s.lock.Release()
	return err
}

func (s *Server) routes() {
	s.mux = http.NewServeMux()
	static, _ := fs.Sub(staticFiles, "static")
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			data, err := fs.ReadFile(static, name)
			if err != nil {
				http.Error(w, "page missing", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(data)
		}
	}
	s.mux.HandleFunc("GET /{$}", page("index.html"))
	s.mux.HandleFunc("GET /g/{id}", page("game.html"))
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	s.mux.HandleFunc("GET /api/variants", s.handleVariants)
	s.mux.HandleFunc("POST /api/games", s.handleNew)
	s.mux.HandleFunc("POST /api/games/open", s.handleOpen)
	s.mux.HandleFunc("GET /api/games/{id}", s.handleState)
	s.mux.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	s.mux.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	s.mux.HandleFunc("POST /api/games/{id}/join", s.handleJoin)
	s.mux.HandleFunc("POST /api/games/{id}/move", s.handleMove)
	s.mux.HandleFunc("POST /api/games/{id}/undo", s.handleUndo)
	s.mux.HandleFunc("POST /api/games/{id}/roll", s.handleRoll)
	s.mux.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	s.mux.HandleFunc("POST /api/games/{id}/cube", s.handleCube)
	s.mux.HandleFunc("POST /api/games/{id}/next", s.handleNext)
}

// entry finds an offered game by its key.
func (s *Server) entry(key string) (*catalogEntry, bool) {
	for i := range s.catalog {
		if s.catalog[i].Key == key {
			return &s.catalog[i], true
		}
	}
	return nil, false
}

// open loads a game a saved record names: only an offered one.
func (s *Server) open(variant string) (*interpreter.Game, error) {
	e, ok := s.entry(variant)
	if !ok {
		return nil, fmt.Errorf("this server does not offer the game %q", variant)
	}
	return e.game, nil
}

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

var (
	errTooMany = errors.New("too many games are open on this server, and none is finished or left alone long enough to make room; try again later")
	errClosing = errors.New("the server is stopping")
)

// add registers a game; at the limit it lets the least recently used game
// that may go make room, or refuses.
func (s *Server) add(lg *liveGame) error {
	s.mu.Lock()
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		return errClosing
	}
	var victim *liveGame
	if len(s.games) >= s.opts.MaxGames {
		victim = s.leastRecentlyUsedSpare()
		if victim == nil {
			s.mu.Unlock()
			return errTooMany
		}
		delete(s.games, victim.id)
	}
	s.games[lg.id] = lg
	s.mu.Unlock()
	if victim != nil {
		s.retire(victim, "to make room for a new game")
	}
	return nil
}

// drop unregisters a game that could not be started.
func (s *Server) drop(lg *liveGame) {
	s.mu.Lock()
	if s.games[lg.id] == lg {
		delete(s.games, lg.id)
	}
	s.mu.Unlock()
}

func (s *Server) game(id string) (*liveGame, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lg, ok := s.games[id]
	return lg, ok
}

// allowedHosts is the set of Host values a server at addr answers to (with
// more names in extra); nil answers to any.
func allowedHosts(addr string, extra []string) (map[string]bool, error) {
	set := map[string]bool{}
	for _, h := range extra {
		set[strings.ToLower(h)] = true
	}
	if addr == "" {
		if len(set) == 0 {
			return nil, nil
		}
		return set, nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("the address %q: %v", addr, err)
	}
	ip := net.ParseIP(host)
	loopback := strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
	if !loopback && len(set) == 0 {
		return nil, nil
	}
	if loopback {
		for _, name := range []string{"localhost", "127.0.0.1", "[::1]"} {
			set[name+":"+port] = true
			if port == "80" {
				set[name] = true
			}
		}
	}
	return set, nil
}
