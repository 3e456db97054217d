package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The browser tests of games with kinds of pieces, spreads, neutral pieces
// and hex boards: Tak and DVONN played by clicks.

// clickCell clicks a cell of any board: a square or a hexagon.
func clickCell(sq string) chromedp.Action {
	return chromedp.Click(fmt.Sprintf(`.sq[data-square=%q]`, sq), chromedp.ByQuery)
}

// choosePiece places by clicking a square and then the kind named in the chooser.
func choosePiece(sq, kind string, n int) []chromedp.Action {
	return []chromedp.Action{click(sq), chromedp.WaitVisible("#lift", chromedp.ByQuery),
		chromedp.Click(fmt.Sprintf(`#lift-buttons button[data-kind=%q]`, kind), chromedp.ByQuery), plies(n)}
}

// poll waits until the JavaScript expression is true.
func poll(js string) chromedp.Action { return chromedp.Poll(js, nil) }

// TestBrowserTakByClicks plays the start of a Tak game by clicks: the
// opponent's flats of the first turns, flats, a wall and capstones chosen
// from the chooser, a spread of three dropping two then one (with a drop
// taken back on the way), a typed move in PTN, and a capstone flattening a
// wall.
func TestBrowserTakByClicks(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "tak", []string{"human", "human"}, "", false)

	// The first turns place the opponent's flat: one click each, no chooser.
	b.run(ctx, "first turns", poll(`document.getElementById("hint").textContent === "Place black's flat."`),
		click("c3"), plies(1), poll(`document.getElementById("hint").textContent === "Place white's flat."`),
		click("c2"), plies(2), poll(`document.getElementById("hint").textContent === ""`))

	// Then a click on an empty square asks which kind, named from the rule file.
	var kinds []string
	b.run(ctx, "the chooser", click("c4"), chromedp.WaitVisible("#lift", chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("#lift-buttons button")].map(b => b.dataset.kind + ":" + b.textContent)`, &kinds))
	if want := []string{"flat:flat", "wall:wall", "capstone:capstone"}; !slices.Equal(kinds, want) {
		t.Fatalf("the chooser offers %q, want %q", kinds, want)
	}
	b.run(ctx, "a flat", chromedp.Click(`#lift-buttons button[data-kind="flat"]`, chromedp.ByQuery), plies(3))
	b.run(ctx, "black's capstone", choosePiece("b3", "capstone", 4)...)
	b.run(ctx, "c2+", move("c2", "c3", 5)...)
	b.run(ctx, "a flat on a5", choosePiece("a5", "flat", 6)...)
	b.run(ctx, "c4-", move("c4", "c3", 7)...)
	b.run(ctx, "a wall", choosePiece("e1", "wall", 8)...)
	var drawn bool
	b.run(ctx, "the wall stands", chromedp.Evaluate(`document.querySelector('g.stack[data-square="e1"] rect.piece.standing.p1') !== null &&
		document.querySelector('g.stack[data-square="b3"] path.piece.tall.p1') !== null`, &drawn))
	if !drawn {
		t.Fatal("the wall on e1 is not drawn standing, or the capstone on b3 not drawn tall")
	}

	// The spread: lift three from c3, drop on d3, d3 again, take that back,
	// d3 again and e3: 3c3>21.
	var lifts []string
	b.run(ctx, "lift", click("c3"), chromedp.WaitVisible("#lift", chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll("#lift-buttons button")].map(b => b.dataset.lift)`, &lifts))
	if want := []string{"1", "2", "3"}; !slices.Equal(lifts, want) {
		t.Fatalf("lift choices %q, want %q", lifts, want)
	}
	b.run(ctx, "drops", chromedp.Click(`#lift-buttons button[data-lift="3"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#spread", chromedp.ByQuery),
		poll(`document.querySelector('rect[data-square="d3"]').classList.contains("target") && !document.querySelector('rect[data-square="e3"]').classList.contains("target")`),
		click("d3"), poll(`document.getElementById("spread-text").textContent.startsWith("Carrying 2 from c3, dropped 1 on d3")`),
		click("d3"), poll(`document.getElementById("spread-text").textContent.startsWith("Carrying 1 from c3, dropped 2 on d3")`),
		chromedp.Click("#spread-back", chromedp.ByQuery),
		poll(`document.getElementById("spread-text").textContent.startsWith("Carrying 2 from c3, dropped 1 on d3")`),
		click("d3"), click("e3"), plies(9))
	if h := text(ctx, b, "#moves"); !strings.Contains(h, "3c3>21") {
		t.Fatalf("move list %q lacks 3c3>21", h)
	}
	b.run(ctx, "a typed move", chromedp.SendKeys("#move-input", "a1\n", chromedp.ByQuery), plies(10))
	b.run(ctx, "a white wall", choosePiece("b4", "wall", 11)...)
	b.screenshot(ctx, "tak.png")

	// The capstone moves alone onto the wall and flattens it.
	b.run(ctx, "flattening", move("b3", "b4", 12)...)
	var b4 string
	b.run(ctx, "after the flattening", chromedp.Evaluate(`state.cells.find(c => c.square === "b4").stack + ":" +
		document.querySelectorAll('g.stack[data-square="b4"] .piece.standing').length + ":" +
		document.querySelectorAll('g.stack[data-square="b4"] .piece.tall.p1').length`, &b4))
	if b4 != "wD:0:1" {
		t.Fatalf("b4 after the flattening: %q, want a white flat under black's capstone (wD), drawn so", b4)
	}
	if p := text(ctx, b, "#position"); p != "2,x4/x,12C,x3/x3,21,1/x5/2,x3,2S 1 7" {
		t.Fatalf("position %q", p)
	}
	if p := text(ctx, b, "#players"); !strings.Contains(p, "in hand 18 flats, 1 capstone") || !strings.Contains(p, "in hand 17 flats") {
		t.Fatalf("players: %q", p)
	}
}

// TestBrowserTakSpreadCancel starts a spread, drops, and cancels it: the
// board is as it was, and the typed move still plays.
func TestBrowserTakSpreadCancel(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "tak", []string{"human", "human"}, "x5/x5/x5/x5/221,x4 1 3", false)
	b.run(ctx, "start a spread", click("a1"), chromedp.WaitVisible("#lift", chromedp.ByQuery),
		chromedp.Click(`#lift-buttons button[data-lift="2"]`, chromedp.ByQuery), click("a2"),
		poll(`document.getElementById("spread-text").textContent.startsWith("Carrying 1 from a1")`),
		chromedp.Click("#spread-cancel", chromedp.ByQuery), poll(`document.getElementById("spread").hidden`),
		poll(`document.querySelectorAll(".drop-badge").length === 0`))
	b.run(ctx, "typed", chromedp.SendKeys("#move-input", "2a1+11\n", chromedp.ByQuery), plies(1))
	if p := text(ctx, b, "#position"); p != "x5/x5/1,x4/2,x4/2,x4 2 3" {
		t.Fatalf("position %q", p)
	}
}

// TestBrowserTakExplainsAClick clicks a lone flat and then a wall next to
// it, which it cannot go onto: the page says why, in the rule file's
// words. A stack that spreads says where it can drop instead.
func TestBrowserTakExplainsAClick(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "tak", []string{"human", "human"}, "x5/x5/x5/1,x4/1,2S,x3 1 3", false)
	b.run(ctx, "onto the wall", click("a1"), click("b1"),
		poll(`document.getElementById("message").textContent.includes("nothing lands on a wall but a capstone dropped alone")`))
	b.run(ctx, "a2 onto a1", move("a2", "a1", 1)...)
	b.run(ctx, "black's move", choosePiece("e5", "flat", 2)...)
	b.run(ctx, "the stack onto the wall", click("a1"), chromedp.WaitVisible("#lift", chromedp.ByQuery),
		chromedp.Click(`#lift-buttons button[data-lift="2"]`, chromedp.ByQuery), click("b1"),
		poll(`document.getElementById("message").textContent === "Drop on a2, or Back."`),
		chromedp.KeyEvent("\b"), poll(`document.getElementById("spread").hidden`))
}

// dvonnMoves clicks the first legal stack move of the page's state (its
// stack, then its landing cell), or waits for the automatic pass when
// passing is all there is, n times from ply from.
func dvonnMoves(t *testing.T, b *browser, ctx context.Context, from, n int) {
	t.Helper()
	for ply := from; ply < from+n; ply++ {
		var m map[string]any
		b.run(ctx, "legal moves", poll(`state.your_turn || state.result.over`),
			chromedp.Evaluate(`state.legal.find(m => m.kind === "step") || {kind: state.result.over ? "over" : "pass"}`, &m))
		switch m["kind"] {
		case "over":
			return
		case "pass":
			b.run(ctx, "automatic pass", plies(ply+1))
		default:
			b.run(ctx, fmt.Sprintf("move %v", m["text"]), clickCell(m["from"].(string)),
				poll(fmt.Sprintf(`document.querySelector('.sq[data-square=%q]').classList.contains("target")`, m["to"])),
				clickCell(m["to"].(string)), plies(ply+1))
		}
	}
}

// TestBrowserDVONNByClicks fills DVONN's hex board by clicks (the three
// red pieces first, then the players'), plays stack moves by clicking the
// stack and its landing cell, and checks the hex board on a phone.
func TestBrowserDVONNByClicks(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "dvonn", []string{"human", "human"}, "", false)
	var names []string
	b.run(ctx, "the board", chromedp.Evaluate(`[...document.querySelectorAll("polygon.sq.hex")].map(p => p.dataset.square)`, &names))
	if len(names) != 49 || names[0] != "a1" || names[48] != "k5" {
		t.Fatalf("DVONN's board should be 49 hexagons a1..k5, not %q", names)
	}
	b.run(ctx, "hint", poll(`document.getElementById("hint").textContent === "Place a dvonn piece (nobody's)."`))
	for i, sq := range names {
		b.run(ctx, "place on "+sq, clickCell(sq), plies(i+1))
	}
	var counts string
	b.run(ctx, "pieces drawn", chromedp.Evaluate(`document.querySelectorAll("#board ellipse.disc.pn").length + ":" +
		document.querySelectorAll("#board ellipse.disc.p0").length + ":" + document.querySelectorAll("#board ellipse.disc.p1").length`, &counts))
	if counts != "3:23:23" {
		t.Fatalf("red:white:black pieces drawn %s, want 3:23:23", counts)
	}
	dvonnMoves(t, b, ctx, 49, 4)
	b.screenshot(ctx, "dvonn.png")

	// On a phone-sized screen the hex board fits the width, every cell big
	// enough to tap.
	var fits string
	b.run(ctx, "phone size", chromedp.EmulateViewport(390, 844), chromedp.Reload(), plies(53),
		chromedp.Evaluate(`(() => {
			const board = document.getElementById("board").getBoundingClientRect();
			const cells = [...document.querySelectorAll("polygon.sq.hex")].map(p => p.getBoundingClientRect());
			const inside = cells.every(c => c.left >= board.left - 0.5 && c.right <= board.right + 0.5 && c.top >= board.top - 0.5 && c.bottom <= board.bottom + 0.5);
			const small = Math.min(...cells.map(c => c.width));
			return [document.documentElement.scrollWidth <= 390, board.width > 300, inside, small >= 28].join(",");
		})()`, &fits))
	if fits != "true,true,true,true" {
		t.Fatalf("the hex board on a 390-pixel-wide screen: fits, wide, cells inside, cells tappable = %s", fits)
	}
}

// TestBrowserDVONNPasses has white with no move: the page says so and
// passes for white, and black moves on by clicks.
func TestBrowserDVONNPasses(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "dvonn", []string{"human", "human"}, "w d2:b,e2:b,d3:d,e3:w,f3:b,e4:b,f4:b", false)
	b.run(ctx, "white passes", poll(`document.getElementById("hint").textContent === "white has no move, and passes."`), plies(1))
	if h := text(ctx, b, "#moves"); !strings.Contains(h, "pass") {
		t.Fatalf("move list %q lacks the pass", h)
	}
	b.run(ctx, "black moves", clickCell("d2"), clickCell("d3"), plies(2))
	if h := text(ctx, b, "#moves"); !strings.Contains(h, "d2-d3") {
		t.Fatalf("move list %q lacks d2-d3", h)
	}
}

// TestBrowserDVONNDeepRedPiece marks a stack whose DVONN piece is too deep
// in it to be drawn.
func TestBrowserDVONNDeepRedPiece(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "dvonn", []string{"human", "human"}, "w e3:dwbwbwbwb,f3:w,g3:d", false)
	var marks string
	b.run(ctx, "marks", chromedp.Evaluate(`["e3", "f3", "g3"].map(sq => document.querySelectorAll('g.stack[data-square="' + sq + '"] .holds-neutral').length).join(",")`, &marks))
	if marks != "1,0,0" {
		t.Fatalf("stacks marked as holding a hidden DVONN piece (e3, f3, g3): %s, want 1,0,0", marks)
	}
}
