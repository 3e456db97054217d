package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pageBox is where the board lies in the page's window.
type pageBox struct {
	Bottom, Right, Width float64
	InnerW, InnerH       float64
	ScrollW              float64
}

const readPageBox = `(() => { const r = document.getElementById("board").getBoundingClientRect();
  return { Bottom: r.bottom, Right: r.right, Width: r.width, InnerW: innerWidth, InnerH: innerHeight, ScrollW: document.documentElement.scrollWidth }; })()`

// TestBrowserEveryGamePage opens the page of a new game of every built-in
// game, as its player: it loads without a page error (the browser's
// checks fail the test on any), and its board fits the window whole at
// 800×600 and the width of a 390-pixel phone, with no sideways scrolling.
func TestBrowserEveryGamePage(t *testing.T) {
	b := newBrowser(t)
	c := &client{t: t, base: b.base}
	_, out := c.do("GET", "/api/variants", "")
	ctx := b.tab()
	b.run(ctx, "start page", chromedp.EmulateViewport(800, 600), chromedp.Navigate(b.base+"/"))
	for _, gv := range out["games"].([]any) {
		g := gv.(map[string]any)
		key := g["key"].(string)
		seats := make([]string, len(g["players"].([]any)))
		for i := range seats {
			seats[i] = "human"
		}
		body, _ := json.Marshal(map[string]any{"variant": key, "seats": seats, "roll_button": true})
		code, created := c.do("POST", "/api/games", string(body))
		if code != 201 {
			t.Fatalf("%s: new game: %d %v", key, code, created)
		}
		id, tok := created["id"].(string), created["token"].(string)
		var box pageBox
		var ok bool
		b.run(ctx, key, chromedp.EmulateViewport(800, 600),
			chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("stackrules:token:%s", %q); true`, id, tok), &ok),
			chromedp.Navigate(b.base+"/g/"+id), waitAttr("version", ""), chromedp.Evaluate(readPageBox, &box))
		if box.Bottom > box.InnerH+0.5 || box.Right > box.InnerW+0.5 || box.ScrollW > box.InnerW {
			t.Errorf("%s at 800×600: the board reaches %.0f×%.0f (page %.0f wide) in a window of %.0f×%.0f", key, box.Right, box.Bottom, box.ScrollW, box.InnerW, box.InnerH)
		}
		b.run(ctx, key+" on a phone", chromedp.EmulateViewport(390, 844), chromedp.Evaluate(readPageBox, &box))
		if box.ScrollW > 390 || box.Width < 300 {
			t.Errorf("%s at 390 wide: page %.0f wide, board %.0f wide", key, box.ScrollW, box.Width)
		}
		// A dice game is drawn from its tracks: the tables as backgammon boards.
		var drawn struct {
			Tracks, Dice bool
			Layout       string
		}
		b.run(ctx, key+" drawn from its tracks", chromedp.Evaluate(`({ Tracks: !!state.tracks, Dice: document.getElementById("board").classList.contains("diceboard"), Layout: state.tracks ? state.tracks.layout : "" })`, &drawn))
		if drawn.Tracks != drawn.Dice || (strings.HasPrefix(key, "ludo") || key == "mensch" || key == "parcheesi") && !drawn.Dice {
			t.Errorf("%s: %+v: a dice game should be drawn from its tracks, and only a dice game", key, drawn)
		}
		// Trays drawn as circles (track layouts) do not cover each other.
		var overlap string
		b.run(ctx, key+" trays", chromedp.Evaluate(`(() => { const c = [...document.querySelectorAll("circle[data-tray]")].map((e) => [+e.getAttribute("cx"), +e.getAttribute("cy"), +e.getAttribute("r"), e.dataset.tray]);
			for (const a of c) for (const b of c) if (a !== b && Math.hypot(a[0] - b[0], a[1] - b[1]) < a[2] + b[2]) return a[3] + " and " + b[3];
			return ""; })()`, &overlap))
		if overlap != "" {
			t.Errorf("%s: the trays of players %s overlap", key, overlap)
		}
		tables := map[string]bool{"backgammon": true, "fevga": true, "plakoto": true, "tavla": true, "nackgammon": true, "hypergammon": true}
		if tables[key] != (drawn.Layout == "backgammon") {
			t.Errorf("%s drawn as %q", key, drawn.Layout)
		}
	}
}

// TestBrowserAnyTrackGame plays a game whose tracks are neither a
// backgammon board's nor Ludo's (examples/coin-flip.yaml: two squares a
// player): its squares drawn where its grid puts them, with a base and a
// tray each, and its one roll played by clicks.
func TestBrowserAnyTrackGame(t *testing.T) {
	b := newBrowserWith(t, Options{Only: []string{"../examples/coin-flip.yaml"}})
	ctx := b.tab()
	b.start(ctx, "../examples/coin-flip.yaml", []string{"human", "human"}, "", false)
	var shape struct{ Squares, Bases, Trays int }
	b.run(ctx, "the board", chromedp.Evaluate(`({ Squares: document.querySelectorAll(".tsq").length,
		Bases: document.querySelectorAll(".base-area").length, Trays: document.querySelectorAll("[data-tray]").length })`, &shape))
	if shape.Squares != 4 || shape.Bases != 2 || shape.Trays != 2 {
		t.Fatalf("coin flip drawn as %+v, want 4 squares, 2 bases, 2 trays", shape)
	}
	b.run(ctx, "roll", chromedp.Click("#roll", chromedp.ByQuery), waitAttr("toRoll", "false"))
	v := b.diceView(ctx)
	if len(v.Movable) != 1 || v.Movable[0] != "a1" {
		t.Fatalf("after the flip red's checker on a1 should move: %+v", v)
	}
	b.run(ctx, "choose", v.clickAt("a1"))
	w := b.diceView(ctx)
	switch {
	case w.Tray: // heads: off the board, and red wins
		b.run(ctx, "off", w.clickAt("tray"), waitAttr("over", "true"))
		if s := text(ctx, b, "#status"); !strings.HasPrefix(s, "red") {
			t.Fatalf("heads: status %q", s)
		}
	case len(w.Targets) == 1 && w.Targets[0] == "a2": // tails: one square along, and red loses
		b.run(ctx, "along", w.clickAt("a2"), waitAttr("over", "true"))
		if s := text(ctx, b, "#status"); !strings.HasPrefix(s, "blue") {
			t.Fatalf("tails: status %q", s)
		}
	default:
		t.Fatalf("the flip shows %+v", w)
	}
}
