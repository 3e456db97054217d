package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The browser tests drive headless Chromium (Debian's chromium package)
// through the pages, by clicks, as a player would. They skip, saying why,
// where no Chromium is installed. With STACKRULES_SCREENSHOTS=1 they also
// write the screenshots in docs/screenshots that the README shows.

func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless Chromium for the test; each call to tab opens a
// new, separate browser context (its own storage, as another person's browser).
// Any page error fails the test: an uncaught exception, console.error, or
// an error the browser logs (a refused script or style, say) other than a
// request's HTTP status, which the pages handle.
type browser struct {
	t     *testing.T
	alloc context.Context
	base  string

	mu     sync.Mutex
	errors []string
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	return newBrowserWith(t, Options{AITime: 3 * time.Second})
}

// newBrowserWith is newBrowser with a server of the options given.
func newBrowserWith(t *testing.T, serverOpts Options) *browser {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		t.Skip("no Chromium on this machine (install Debian's chromium package to run the browser tests)")
	}
	if testing.Short() {
		t.Skip("browser tests are skipped in -short mode")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1200, 900),
	)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	_, ts := newTestServer(t, serverOpts)
	b := &browser{t: t, alloc: alloc, base: ts.URL}
	t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, e := range b.errors {
			t.Errorf("page error: %s", e)
		}
	})
	return b
}

// tab opens a page in a new browser context.
func (b *browser) tab() context.Context { return b.tabFor(90 * time.Second) }

// tabFor is tab for a test that may take up to d (a whole game).
func (b *browser) tabFor(d time.Duration) context.Context {
	ctx, cancel := chromedp.NewContext(b.alloc)
	b.t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, d)
	b.t.Cleanup(cancel2)
	chromedp.ListenTarget(ctx, b.pageEvent)
	if err := chromedp.Run(ctx); err != nil {
		b.t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// pageEvent notes the page errors among a page's events.
func (b *browser) pageEvent(ev any) {
	var msg string
	switch ev := ev.(type) {
	case *cdpruntime.EventExceptionThrown:
		msg = "uncaught: " + ev.ExceptionDetails.Error()
	case *cdpruntime.EventConsoleAPICalled:
		if ev.Type != cdpruntime.APITypeError && ev.Type != cdpruntime.APITypeAssert {
			return
		}
		var args []string
		for _, a := range ev.Args {
			if a.Description != "" {
				args = append(args, a.Description)
			} else {
				args = append(args, string(a.Value))
			}
		}
		msg = "console." + string(ev.Type) + ": " + strings.Join(args, " ")
	case *cdplog.EventEntryAdded:
		if ev.Entry.Level != cdplog.LevelError || ev.Entry.Source == cdplog.SourceNetwork {
			return
		}
		msg = string(ev.Entry.Source) + ": " + ev.Entry.Text + " " + ev.Entry.URL
	default:
		return
	}
	b.mu.Lock()
	b.errors = append(b.errors, msg)
	b.mu.Unlock()
}

func (b *browser) run(ctx context.Context, what string, actions ...chromedp.Action) {
	b.t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// start opens the start page, picks the game and the sides, and starts.
func (b *browser) start(ctx context.Context, key string, seats []string, position string, friend bool) {
	b.t.Helper()
	acts := []chromedp.Action{
		chromedp.Navigate(b.base + "/"),
		chromedp.Click(fmt.Sprintf(`button[data-key=%q]`, key), chromedp.ByQuery),
		chromedp.WaitVisible(`#setup`, chromedp.ByQuery),
	}
	// A game for fewer players than its rule file's: choose how many.
	var picked bool
	acts = append(acts, chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.getElementById("players"); if (s && s.value !== "%d") { s.value = "%d"; s.dispatchEvent(new Event("change")); } return true; })()`, len(seats), len(seats)), &picked))
	for i, s := range seats {
		// An AI spec that is not one of the listed levels gets an option of its own.
		add := fmt.Sprintf(`(() => { const sel = document.getElementById("seat-%d"); if (![...sel.options].some(o => o.value === %q)) { const o = document.createElement("option"); o.value = o.textContent = %q; sel.appendChild(o); } return true; })()`, i, s, s)
		var ok bool
		acts = append(acts, chromedp.Evaluate(add, &ok), chromedp.SetValue(fmt.Sprintf("#seat-%d", i), s, chromedp.ByQuery))
	}
	if position != "" {
		acts = append(acts, chromedp.SetValue("#position", position, chromedp.ByQuery))
	}
	if friend {
		acts = append(acts, chromedp.Click("#friend", chromedp.ByQuery))
	}
	acts = append(acts, chromedp.Click("#start", chromedp.ByQuery), chromedp.WaitVisible("#board", chromedp.ByQuery), waitAttr("version", ""))
	b.run(ctx, "starting "+key, acts...)
}

// waitAttr waits until the page's body has data-NAME (equal to want, when given).
func waitAttr(name, want string) chromedp.Action {
	js := fmt.Sprintf(`document.body && document.body.dataset[%q] !== undefined`, name)
	if want != "" {
		js = fmt.Sprintf(`document.body && document.body.dataset[%q] === %q`, name, want)
	}
	return chromedp.Poll(js, nil, chromedp.WithPollingTimeout(30*time.Second))
}

func plies(n int) chromedp.Action { return waitAttr("plies", fmt.Sprint(n)) }

// click clicks a square of the board.
func click(sq string) chromedp.Action {
	return chromedp.Click(fmt.Sprintf(`rect[data-square=%q]`, sq), chromedp.ByQuery)
}

// move plays a step by clicking its two squares and waits for ply n.
func move(from, to string, n int) []chromedp.Action {
	return []chromedp.Action{click(from), click(to), plies(n)}
}

func text(ctx context.Context, b *browser, sel string) string {
	var s string
	b.run(ctx, "reading "+sel, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

func (b *browser) screenshot(ctx context.Context, name string) {
	var png []byte
	b.run(ctx, "screenshot", chromedp.FullScreenshot(&png, 100))
	if os.Getenv("STACKRULES_SCREENSHOTS") == "" {
		return
	}
	dir := filepath.Join("..", "docs", "screenshots")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// TestBrowserLigerToTheEnd plays Liger at one browser for both sides, from a
// position near the end: an illegal attempt (with its explanation), a lift
// choice, undo, a reload in mid-game, and the last bear-off that wins.
func TestBrowserLigerToTheEnd(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "liger", []string{"human", "human"}, "r c7:br,g7:r,a5:b,h4:b", false)

	// c7 to a5 is no Liger move: the page says why.
	b.run(ctx, "illegal attempt", click("c7"), click("a5"),
		chromedp.Poll(`(t => t.includes("c7-a5") && t.includes("legal"))(document.getElementById("message").textContent)`, nil))
	// c7 holds blue under red: lifting one or two is a choice.
	b.run(ctx, "lift choice", click("c7"), click("d8"), chromedp.WaitVisible("#lift", chromedp.ByQuery),
		chromedp.Click(`#lift-buttons button[data-move="2c7-d8"]`, chromedp.ByQuery), plies(1))
	if h := text(ctx, b, "#moves"); !strings.Contains(h, "2c7-d8") {
		t.Fatalf("move list %q lacks 2c7-d8", h)
	}
	b.screenshot(ctx, "liger.png")
	b.run(ctx, "moves", append(append(append(move("a5", "b4", 2), move("g7", "h8", 3)...), move("h4", "g3", 4)...),
		click("h8"), chromedp.Click("#bear-off", chromedp.ByQuery), plies(5))...)
	b.run(ctx, "undo", chromedp.Click("#undo", chromedp.ByQuery), plies(4))
	b.run(ctx, "reload", chromedp.Reload(), plies(4))
	b.run(ctx, "after the reload", click("h8"), chromedp.Click("#bear-off", chromedp.ByQuery), plies(5))
	b.run(ctx, "last moves", append(move("b4", "a3", 6), click("d8"), chromedp.Click("#bear-off", chromedp.ByQuery), waitAttr("over", "true"))...)
	if s := text(ctx, b, "#status"); s != "red wins: bore off every checker" {
		t.Fatalf("status after the last bear-off: %q", s)
	}
}

// TestBrowserLascaMultiJump plays a capture of two jumps by clicking each
// landing square, which ends the game: black has nothing left to move.
func TestBrowserLascaMultiJump(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "lasca", []string{"human", "random"}, "w a1:w,b2:b,d4:b,g7:bw", false)
	b.run(ctx, "first jump", click("a1"), click("c3"),
		chromedp.Poll(`document.querySelector('rect[data-square="e5"]').classList.contains("target")`, nil))
	b.run(ctx, "second jump", click("e5"), plies(1), waitAttr("over", "true"))
	if h := text(ctx, b, "#moves"); !strings.Contains(h, "a1xc3xe5") {
		t.Fatalf("move list %q lacks a1xc3xe5", h)
	}
	if s := text(ctx, b, "#status"); !strings.HasPrefix(s, "white wins") {
		t.Fatalf("status: %q", s)
	}
	b.screenshot(ctx, "lasca.png")
}

// TestBrowserAgainstTheAI moves once and waits for the AI's reply, with the
// thinking indicator shown meanwhile.
func TestBrowserAgainstTheAI(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "stackers", []string{"human", "mcts:time=1500ms"}, "", false)
	b.run(ctx, "move", click("c3"), click("d4"),
		chromedp.WaitVisible("#thinking", chromedp.ByQuery), plies(2))
	b.screenshot(ctx, "stackers.png")
	b.run(ctx, "undo both", chromedp.Click("#undo", chromedp.ByQuery), plies(0))

	// On a phone-sized screen the board fits the width, with no sideways scrolling.
	var fits bool
	b.run(ctx, "phone size", chromedp.EmulateViewport(390, 844), chromedp.Reload(), plies(0),
		chromedp.Evaluate(`document.documentElement.scrollWidth <= 390 && document.getElementById("board").getBoundingClientRect().width > 300`, &fits))
	if !fits {
		t.Fatal("the game page does not fit a 390-pixel-wide screen")
	}
}

// TestBrowserFriendsThroughTheShareLink has two browser contexts play each
// other: moves appear live on both.
func TestBrowserFriendsThroughTheShareLink(t *testing.T) {
	b := newBrowser(t)
	red := b.tab()
	b.start(red, "liger", []string{"human", "human"}, "", true)
	var link string
	b.run(red, "share link", chromedp.WaitVisible("#share", chromedp.ByQuery), chromedp.Value("#share-link", &link, chromedp.ByQuery))
	// The test server listens on loopback: the page says what a friend elsewhere needs.
	if note := text(red, b, "#share-note"); !strings.Contains(note, "--addr") {
		t.Fatalf("share note on a loopback server: %q", note)
	}
	blue := b.tab()
	b.run(blue, "join", chromedp.Navigate(link), chromedp.WaitVisible("#board", chromedp.ByQuery), plies(0),
		chromedp.Poll(`document.getElementById("status").textContent === "red to move"`, nil))
	b.run(red, "red moves", move("c3", "d4", 1)...)
	b.run(blue, "blue sees it and answers", plies(1),
		chromedp.Poll(`document.getElementById("status").textContent.startsWith("Your move")`, nil))
	// Blue types its move instead of clicking.
	b.run(blue, "blue types a move", chromedp.SendKeys("#move-input", "f6-e5\n", chromedp.ByQuery), plies(2))
	b.run(red, "red sees it", plies(2))
	b.run(red, "no undo between friends", chromedp.Click("#undo", chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("message").textContent.includes("undo is for games against the AI")`, nil))
}

// TestBrowserMorrisMillRemoves places a piece that completes a mill and then
// clicks the piece to remove, on a board of points and lines.
func TestBrowserMorrisMillRemoves(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "nine-mens-morris", []string{"human", "human"}, "r a1:r,d1:r,a4:b,g4:b hand:r7,b7", false)
	var lines int
	b.run(ctx, "lines drawn", chromedp.Evaluate(`document.querySelectorAll("polyline.line").length`, &lines))
	if lines != 16 {
		t.Fatalf("the Morris board should show its 16 lines, not %d", lines)
	}
	b.run(ctx, "place into a mill", click("g1"),
		chromedp.Poll(`document.querySelector('rect[data-square="a4"]').classList.contains("target")`, nil),
		click("a4"), plies(1))
	if h := text(ctx, b, "#moves"); !strings.Contains(h, "g1xa4") {
		t.Fatalf("move list %q lacks g1xa4", h)
	}
	b.screenshot(ctx, "nine-mens-morris.png")
}

// TestBrowserPlayersNamedLikeObjectMembers plays a game whose players are
// named Constructor and hasOwnProperty, names an object lookup in the page's
// script would mistake for its own members.
func TestBrowserPlayersNamedLikeObjectMembers(t *testing.T) {
	b := newBrowserWith(t, Options{Only: []string{"testdata/proto-names.yaml"}})
	ctx := b.tab()
	b.start(ctx, "testdata/proto-names.yaml", []string{"human", "human"}, "", false)
	b.run(ctx, "move", move("c3", "d4", 1)...)
	if s := text(ctx, b, "#players"); !strings.Contains(s, "Constructor (you)") || !strings.Contains(s, "hasOwnProperty (you)") {
		t.Fatalf("players: %q", s)
	}
	if s := text(ctx, b, "#status"); s != "Your move (hasOwnProperty)" {
		t.Fatalf("status: %q", s)
	}
}

// TestBrowserPollsWhenStreamsAreFull has the server refuse the second page's
// event stream: that page checks for changes by itself and still sees the
// other's move.
func TestBrowserPollsWhenStreamsAreFull(t *testing.T) {
	b := newBrowserWith(t, Options{AITime: 3 * time.Second, MaxStreams: 1})
	red := b.tab()
	b.start(red, "liger", []string{"human", "human"}, "", true)
	var link string
	b.run(red, "share link", chromedp.WaitVisible("#share", chromedp.ByQuery), chromedp.Value("#share-link", &link, chromedp.ByQuery))
	blue := b.tab()
	b.run(blue, "join", chromedp.Navigate(link), chromedp.WaitVisible("#board", chromedp.ByQuery), plies(0))
	b.run(red, "red moves", move("c3", "d4", 1)...)
	b.run(blue, "blue sees it by polling", plies(1))
}
