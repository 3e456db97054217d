package web

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The dice games in the browser: the board drawn from the rule file's
// tracks, a roll played a piece at a time by clicks, against the AI.

// diceView is what the page of a dice game shows, read from its DOM: the
// squares whose pieces can move (class movable), the places the chosen
// piece can reach (class target, with the dice it takes in data-chain), and
// the tray when it is a target.
type diceView struct {
	Over    bool     `json:"over"`
	ToRoll  bool     `json:"toRoll"`
	Version string   `json:"version"`
	Hops    string   `json:"hops"`
	Movable []string `json:"movable"`
	Targets []string `json:"targets"`
	Chains  []int    `json:"chains"`
	Tray    bool     `json:"tray"`
	// At is where each square and the target tray are on the screen.
	At map[string][2]float64 `json:"at"`
	// BarFirst names the squares offered while a checker is on the bar.
	BarFirst string `json:"barFirst"`
}

// clickAt clicks the screen where the view saw place (a square, or "tray").
func (v diceView) clickAt(place string) chromedp.Action {
	xy := v.At[place]
	return chromedp.MouseClickXY(xy[0], xy[1])
}

const readDiceView = `(() => {
  const d = document.body.dataset;
  const targets = [...document.querySelectorAll(".target[data-square]")];
  // On a backgammon board, the viewer's checkers on the bar move first.
  const barFirst = () => {
    if (!state || !state.tracks || state.tracks.layout !== "backgammon" || !isMyTurn()) return "";
    const bar = state.tracks.paths[state.to_move][0];
    const on = (cellsNow().cells.get(bar) || []).some((l) => pieceInfo(l).owner === state.to_move);
    const others = [...document.querySelectorAll(".movable[data-square]")].map((e) => e.dataset.square).filter((sq) => sq !== bar);
    return on && others.length > 0 ? others.join(" ") : "";
  };
  const at = {};
  const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  for (const e of document.querySelectorAll(".movable[data-square], .target[data-square]")) at[e.dataset.square] = centre(e);
  const tray = document.querySelector("[data-tray].target");
  if (tray) at.tray = centre(tray);
  return { over: d.over === "true", toRoll: d.toRoll === "true", version: d.version || "", hops: d.hops || "0",
    movable: [...new Set([...document.querySelectorAll(".movable[data-square]")].map((e) => e.dataset.square))],
    targets: targets.map((e) => e.dataset.square), chains: targets.map((e) => Number(e.dataset.chain || 1)),
    tray: !!document.querySelector("[data-tray].target"), at, barFirst: barFirst() };
})()`

func (b *browser) diceView(ctx context.Context) diceView {
	b.t.Helper()
	var v diceView
	b.run(ctx, "reading the dice board", chromedp.Evaluate(readDiceView, &v))
	return v
}

// changedFrom waits until the page shows a state other than version. After
// a Roll it is the one safe wait: toRoll need never read false where the
// opening roll gives the AI the first turn, as the random AI replies at once
// and the page may ask for the next roll before a poll sees the AI's turn.
func changedFrom(version string) chromedp.Action {
	return chromedp.Poll(fmt.Sprintf(`document.body.dataset.version !== %q`, version), nil,
		chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(5*time.Millisecond))
}

// clickSq clicks the first element of the board that stands for square sq.
func clickSq(sq string) chromedp.Action {
	return chromedp.Click(fmt.Sprintf(`#board [data-square=%q]`, sq), chromedp.ByQuery)
}

// playDiceGame plays the person's side by clicks until the game is over:
// Roll when the page asks (while auto-roll is on, for the first autoFor
// piece moves, the page rolls by itself and the test then switches it off),
// then a movable piece and the target that takes it furthest (the tray
// first), until the play is sent. It returns the piece moves clicked and
// the Roll clicks. The screenshot shot is taken after the tenth move (with
// STACKRULES_SCREENSHOTS=1).
func (b *browser) playDiceGame(ctx context.Context, autoFor int, limit time.Duration, shot string) (moves, rolls int) {
	b.t.Helper()
	deadline := time.Now().Add(limit)
	auto := autoFor > 0
	for time.Now().Before(deadline) {
		if auto && moves >= autoFor {
			b.run(ctx, "auto-roll off", chromedp.Click("#auto-roll", chromedp.ByQuery))
			auto = false
		}
		v := b.diceView(ctx)
		if v.BarFirst != "" {
			b.t.Fatalf("checkers on %s offered to move before the one on the bar", v.BarFirst)
		}
		switch {
		case v.Over:
			return moves, rolls
		case v.ToRoll && auto:
			time.Sleep(20 * time.Millisecond) // the page rolls by itself
		case v.ToRoll:
			rolls++
			b.run(ctx, "roll", chromedp.Click("#roll", chromedp.ByQuery), changedFrom(v.Version))
		case len(v.Movable) > 0:
			// The page keeps the piece just moved chosen when it alone can
			// go on: its targets show already, and a click would unchoose it.
			w := v
			if len(v.Targets) == 0 && !v.Tray {
				b.run(ctx, "choose a piece", v.clickAt(v.Movable[0]))
				w = b.diceView(ctx)
			}
			var act chromedp.Action
			switch {
			case w.Tray:
				act = w.clickAt("tray")
			case len(w.Targets) > 0:
				best := 0
				for i, c := range w.Chains {
					if c > w.Chains[best] {
						best = i
					}
				}
				act = w.clickAt(w.Targets[best])
			default:
				b.t.Fatalf("a movable piece on %s shows no target: %+v", v.Movable[0], w)
			}
			b.run(ctx, "move it", act,
				chromedp.Poll(fmt.Sprintf(`document.body.dataset.version !== %q || document.body.dataset.hops !== %q`, w.Version, w.Hops), nil, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
			moves++
			if moves == 10 && shot != "" {
				b.screenshot(ctx, shot)
			}
		default:
			time.Sleep(20 * time.Millisecond) // the AI's turn
		}
	}
	b.t.Fatalf("the game was not over after %v", limit)
	return moves, rolls
}

// startDice starts a dice game as the start page does (the dice wait for
// the person's Roll), for len(seats) players.
func (b *browser) startDice(ctx context.Context, key string, seats []string, position string) {
	b.t.Helper()
	b.start(ctx, key, seats, position, false)
}

// TestBrowserBackgammonWholeGame plays a whole game of Backgammon by clicks
// against the random AI: the board is drawn as a backgammon board (24
// numbered points, the bar, two trays, pips, the dice), a piece moved and
// taken back inside the turn, auto-roll switched on, and every checker
// borne off by clicking the tray.
func TestBrowserBackgammonWholeGame(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tabFor(3 * time.Minute) // (a loaded machine plays slowly)
	b.startDice(ctx, "backgammon", []string{"human", "random"}, "")
	var shape struct {
		Points  int      `json:"points"`
		Numbers []string `json:"numbers"`
		Bars    int      `json:"bars"`
		Trays   int      `json:"trays"`
		Pips    []string `json:"pips"`
	}
	b.run(ctx, "the board", chromedp.Evaluate(`({ points: document.querySelectorAll("polygon.point").length,
		numbers: [...document.querySelectorAll(".point-number")].sort((a, b) => (a.getAttribute("y") - b.getAttribute("y")) || (a.getAttribute("x") - b.getAttribute("x"))).map((e) => e.textContent),
		bars: document.querySelectorAll("[data-bar]").length, trays: document.querySelectorAll("[data-tray]").length,
		pips: [...document.querySelectorAll("[data-pips]")].map((e) => e.textContent) })`, &shape))
	if shape.Points != 24 || shape.Bars != 2 || shape.Trays != 2 || len(shape.Pips) != 2 {
		t.Fatalf("not a backgammon board: %+v", shape)
	}
	// The viewer's home is bottom right: its 1-point last of the bottom row.
	if strings.Join(shape.Numbers, " ") != "13 14 15 16 17 18 19 20 21 22 23 24 12 11 10 9 8 7 6 5 4 3 2 1" {
		t.Fatalf("points numbered %v, want 13..24 along the top and 12..1 along the bottom", shape.Numbers)
	}
	for _, p := range shape.Pips {
		if !strings.HasSuffix(p, " 167 pips") {
			t.Fatalf("pip counts %v: 167 each at the start", shape.Pips)
		}
	}
	// The first roll: one piece moved, and taken back with Undo.
	// (The opening roll may make the AI start: roll until there is a move.)
	v := b.diceView(ctx)
	for len(v.Movable) == 0 {
		if v.ToRoll {
			b.run(ctx, "roll", chromedp.Click("#roll", chromedp.ByQuery), changedFrom(v.Version))
		}
		time.Sleep(20 * time.Millisecond)
		v = b.diceView(ctx)
	}
	var dice int
	b.run(ctx, "dice shown", chromedp.Evaluate(`document.querySelectorAll("#board .die").length`, &dice))
	if dice != 2 && dice != 4 {
		t.Fatalf("%d dice shown after the roll", dice)
	}
	b.run(ctx, "choose", clickSq(v.Movable[0]))
	w := b.diceView(ctx)
	if len(w.Targets) == 0 {
		t.Fatalf("no target for %s: %+v", v.Movable[0], w)
	}
	// A one-die move, so that the turn goes on.
	one := -1
	for i, c := range w.Chains {
		if c == 1 {
			one = i
		}
	}
	if one < 0 {
		t.Fatalf("no one-die target: %+v", w)
	}
	b.run(ctx, "move one checker", clickSq(w.Targets[one]), waitAttr("hops", "1"))
	if note := text(ctx, b, "#dice-note"); !strings.Contains(note, "Moved") {
		t.Fatalf("after one checker: %q", note)
	}
	b.run(ctx, "undo it", chromedp.Click("#undo", chromedp.ByQuery), waitAttr("hops", "0"))
	// The same checker dragged onto the same point, and taken back again.
	from, to := v.At[v.Movable[0]], w.At[w.Targets[one]]
	b.run(ctx, "drag a checker",
		chromedp.MouseEvent(input.MousePressed, from[0], from[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.MouseMoved, (from[0]+to[0])/2, (from[1]+to[1])/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseMoved, to[0], to[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseReleased, to[0], to[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
		waitAttr("hops", "1"))
	b.run(ctx, "undo the drag", chromedp.Click("#undo", chromedp.ByQuery), waitAttr("hops", "0"))
	// Typed in the notation, as 24/18: the same checker's move, on the board.
	var typed string
	b.run(ctx, "the move in notation", chromedp.Evaluate(fmt.Sprintf(`pointName(%q) + "/" + pointName(%q)`, v.Movable[0], w.Targets[one]), &typed))
	b.run(ctx, "type it", chromedp.SendKeys("#move-input", typed+"\n", chromedp.ByQuery), waitAttr("hops", "1"))
	if note := text(ctx, b, "#dice-note"); !strings.Contains(note, "Moved "+typed) {
		t.Fatalf("after typing %s: %q", typed, note)
	}
	b.run(ctx, "undo the typed move", chromedp.Click("#undo", chromedp.ByQuery), waitAttr("hops", "0"))
	// Auto-roll for the first turns: the test clicks no Roll then.
	b.run(ctx, "auto-roll", chromedp.Click("#auto-roll", chromedp.ByQuery))
	start := time.Now()
	moves, rolls := b.playDiceGame(ctx, 6, 150*time.Second, "backgammon.png")
	t.Logf("a whole game by %d clicked checker moves and %d clicks on Roll in %v", moves, rolls, time.Since(start).Round(time.Millisecond))
	if rolls == 0 || moves < 20 {
		t.Fatalf("%d clicks on Roll after auto-roll was switched off, %d checker moves", rolls, moves)
	}
	if s := text(ctx, b, "#status"); !strings.Contains(s, "wins") {
		t.Fatalf("status at the end: %q", s)
	}
	var turns []string
	b.run(ctx, "move list", chromedp.Evaluate(`[...document.querySelectorAll("#moves li")].map((e) => e.textContent)`, &turns))
	if len(turns) < 20 || !strings.Contains(turns[1], ": ") {
		t.Fatalf("the move list should show each roll with its play: %q", turns)
	}
}

// TestBrowserBackgammonForcedPass rolls for a checker on the bar against a
// closed board: the pass is played for the person, and the page says why.
func TestBrowserBackgammonForcedPass(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.startDice(ctx, "backgammon", []string{"human", "random"}, "w g1:w,h2:bb,i2:bb,j2:bb,k2:bb,l2:bb,m2:bb,a1:bbb,m1:wwwwwwwwwwwwww")
	b.run(ctx, "roll", chromedp.Click("#roll", chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("dice-note").textContent.includes("cannot move")`, nil, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(5*time.Millisecond)))
	var first string
	b.run(ctx, "move list", chromedp.Evaluate(`document.querySelector("#moves li").textContent`, &first))
	if !strings.HasPrefix(first, "white ") || !strings.HasSuffix(first, ": pass") {
		t.Fatalf("the first turn should be white's roll and pass: %q", first)
	}
}

// TestBrowserLudoGame plays a two-player game of Ludo with safe squares by
// clicks against the random AI, on the cross drawn from the tracks (the
// bases, the home columns, the safe squares starred), to its end: from a
// position where each side has two pieces home and two on the last stretch
// (step 44 and step 50), so that it ends quickly, through the home columns,
// the exact count and the bounce past the end. (A whole game from the start
// takes some 100 turns: STACKRULES_DEEP=1 plays one.)
func TestBrowserLudoGame(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tabFor(3 * time.Minute) // (a loaded machine plays slowly)
	position := "r g6:r,a7:r,i10:y,o9:y"
	if os.Getenv("STACKRULES_DEEP") == "1" {
		position = ""
	}
	b.startDice(ctx, "ludo-safe-squares", []string{"human", "random"}, position)
	var shape struct {
		Bases, Home, Safe, Trays int
	}
	b.run(ctx, "the board", chromedp.Evaluate(`({ Bases: document.querySelectorAll(".base-area").length,
		Home: document.querySelectorAll(".home-column").length, Safe: document.querySelectorAll(".safe-mark").length,
		Trays: document.querySelectorAll("[data-tray]").length })`, &shape))
	// Two players: their two bases and home columns of five, eight safe squares.
	if shape.Bases != 2 || shape.Home != 10 || shape.Safe != 8 || shape.Trays != 2 {
		t.Fatalf("not the Ludo cross: %+v", shape)
	}
	b.screenshot(ctx, "ludo.png")
	start := time.Now()
	moves, rolls := b.playDiceGame(ctx, 0, 150*time.Second, "")
	var turns int
	b.run(ctx, "turns", chromedp.Evaluate(`document.querySelectorAll("#moves li").length`, &turns))
	t.Logf("a game of %d turns by %d clicked piece moves and %d clicks on Roll in %v", turns, moves, rolls, time.Since(start).Round(time.Millisecond))
	if s := text(ctx, b, "#status"); !strings.Contains(s, "brought all four pieces home") {
		t.Fatalf("status at the end: %q", s)
	}
}
