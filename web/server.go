// Package web serves a board in the browser for any rule file: a start page
// listing the games, and a game page that draws the board in SVG from the
// rule file's geometry, lets a human move by clicking, lets the AI move, and
// lets a friend take the other side from another browser (moves appear on
// both through server-sent events). Pages and scripts are embedded; there is
// no build step and nothing is loaded from elsewhere.
//
// Files: server.go (the Server, its limits and routes), crosssite.go (the
// checks every request passes: Host, Origin, JSON, and the headers every
// answer carries), games.go (a game being played: seats, tokens, the AI's
// turn, saving), state.go (the JSON a page reads), handlers.go (the HTTP
// API), static/ (the pages).
package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/stackrules/stackrules/interpreter"
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
	// them; "" keeps games in memory only.
	DataDir string
	// MaxGames bounds the games held at once (default 200).
	MaxGames int
	// AITime caps one AI move (default 10s); AISearches bounds the AI
	// searches running at once (default 2).
	AITime     time.Duration
	AISearches int
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
	// Logf reports what the server does (saves that failed, games loaded).
	Logf func(format string, args ...any)
}

// Server is the HTTP handler of the web board.
type Server struct {
	opts    Options
	catalog []catalogEntry
	hosts   map[string]bool // the Host values served; nil serves any
	mux     *http.ServeMux
	aiSem   chan struct{}
	ctx     context.Context // cancelled by Close: AI searches stop
	cancel  context.CancelFunc

	mu    sync.Mutex
	games map[string]*liveGame
	wg    sync.WaitGroup // AI goroutines
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
	game    *interpreter.Game
}

// New makes a Server, loading the offered games and, with a data folder,
// the games saved there.
func New(opts Options) (*Server, error) {
	if opts.MaxGames <= 0 {
		opts.MaxGames = 200
	}
	if opts.AITime <= 0 {
		opts.AITime = 10 * time.Second
	}
	if opts.AISearches <= 0 {
		opts.AISearches = 2
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	s := &Server{opts: opts, games: map[string]*liveGame{}, aiSem: make(chan struct{}, opts.AISearches)}
	hosts, err := allowedHosts(opts.Addr, opts.Hosts)
	if err != nil {
		return nil, err
	}
	s.hosts = hosts
	s.ctx, s.cancel = context.WithCancel(context.Background())
	keys := opts.Only
	if len(keys) == 0 {
		keys = append(variants.Names(), opts.Files...)
	}
	for _, k := range keys {
		g, err := interpreter.Open(k)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", k, err)
		}
		e := catalogEntry{Key: k, Name: g.Name, Description: g.Description, game: g}
		for _, p := range g.Players {
			e.Players = append(e.Players, p.Name)
		}
		for _, n := range g.PlayerCounts() {
			if n == len(g.Players) {
				continue
			}
			fewer, err := g.WithPlayers(n)
			if err != nil {
				return nil, fmt.Errorf("%s with %d players: %v", k, n, err)
			}
			if e.Lineups == nil {
				e.Lineups = map[int][]string{}
			}
			for _, p := range fewer.Players {
				e.Lineups[n] = append(e.Lineups[n], p.Name)
			}
		}
		s.catalog = append(s.catalog, e)
	}
	if opts.DataDir != "" {
		if err := os.MkdirAll(opts.DataDir, 0o755); err != nil {
			return nil, err
		}
		if err := s.loadSaved(); err != nil {
			return nil, err
		}
	}
	s.routes()
	return s, nil
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

// Close stops the AI searches and waits for them.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
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
	s.mux.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
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

// add registers a game, refusing past the limit.
func (s *Server) add(lg *liveGame) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.games) >= s.opts.MaxGames {
		return errTooMany
	}
	s.games[lg.id] = lg
	return nil
}

func (s *Server) game(id string) (*liveGame, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lg, ok := s.games[id]
	return lg, ok
}

// loadSaved resumes the games saved in the data folder.
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
		s.games[lg.id] = lg
	}
	for _, lg := range s.games {
		s.kickAI(lg)
	}
	return nil
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
