package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserBackgammonMatchWithTheCube starts a match to 3 from the start
// page, rolls until the person may double, doubles by the Double button
// (the AI takes or drops), resigns the game if it goes on, and follows the
// match to its next game by the Next game button, where the score carried
// on shows (issue 27).
func TestBrowserBackgammonMatchWithTheCube(t *testing.T) {
	b := newBrowserWith(t, Options{AITime: 3 * time.Second, cubeRollouts: 6})
	ctx := b.tabFor(2 * time.Minute)
	b.run(ctx, "the start page", chromedp.Navigate(b.base+"/"),
		chromedp.Click(`button[data-key="backgammon"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#cube-choice`, chromedp.ByQuery),
		chromedp.SetValue("#seat-0", "human", chromedp.ByQuery),
		chromedp.SetValue("#seat-1", "random", chromedp.ByQuery),
		chromedp.SetValue("#cube-mode", "match", chromedp.ByQuery),
		chromedp.SetValue("#match-length", "3", chromedp.ByQuery),
		chromedp.Click("#start", chromedp.ByQuery), chromedp.WaitVisible("#board", chromedp.ByQuery), waitAttr("cube", ""))
	if note := text(ctx, b, "#cube-note"); !strings.Contains(note, "Match to 3: white 0, black 0") {
		t.Fatalf("cube note at the start: %q", note)
	}
	var faces int
	b.run(ctx, "the cube drawn", chromedp.Evaluate(`document.querySelectorAll("#board .cube").length`, &faces))
	if faces != 1 {
		t.Fatalf("%d cubes drawn", faces)
	}
	// Roll and play until Double shows, then double.
	deadline := time.Now().Add(90 * time.Second)
	aiDoubled := false
	for {
		if time.Now().After(deadline) {
			t.Fatal("the person was never offered the double")
		}
		var doubleShown bool
		b.run(ctx, "the double button", chromedp.Evaluate(`!document.getElementById("cube-double").hidden`, &doubleShown))
		if doubleShown {
			break
		}
		var answer bool
		b.run(ctx, "the take button", chromedp.Evaluate(`!document.getElementById("cube-take").hidden`, &answer))
		if answer { // the AI doubled first: take, and wait for the cube to come back
			b.run(ctx, "take", chromedp.Click("#cube-take", chromedp.ByQuery), waitAttr("cube", "2/0"))
			t.Log("the AI doubled first; taken")
			aiDoubled = true
			break
		}
		v := b.diceView(ctx)
		switch {
		case v.Over:
			t.Fatal("the game ended before the person could double")
		case v.ToRoll:
			b.run(ctx, "roll", chromedp.Click("#roll", chromedp.ByQuery), changedFrom(v.Version))
		case len(v.Movable) > 0:
			b.run(ctx, "choose", v.clickAt(v.Movable[0]))
			w := b.diceView(ctx)
			switch {
			case w.Tray:
				b.run(ctx, "bear off", w.clickAt("tray"))
			case len(w.Targets) > 0:
				b.run(ctx, "move", w.clickAt(w.Targets[0]))
			}
			time.Sleep(30 * time.Millisecond)
		default:
			time.Sleep(30 * time.Millisecond)
		}
	}
	if !aiDoubled {
		b.run(ctx, "double", chromedp.Click("#cube-double", chromedp.ByQuery),
			chromedp.Poll(`document.body.dataset.cube === "2/1" || document.body.dataset.over === "true"`, nil, chromedp.WithPollingTimeout(30*time.Second)))
		b.screenshot(ctx, "backgammon-cube.png")
		note := text(ctx, b, "#cube-note")
		if !strings.Contains(note, "black takes") && !strings.Contains(note, "black drops") {
			t.Fatalf("after the double: %q", note)
		}
	}
	var over bool
	b.run(ctx, "over?", chromedp.Evaluate(`document.body.dataset.over === "true"`, &over))
	want := "white 1, black 0" // the AI dropped
	if !over {
		var ok bool
		b.run(ctx, "resign", chromedp.Evaluate(`window.confirm = () => true; true`, &ok),
			chromedp.Click("#resign", chromedp.ByQuery), waitAttr("over", "true"))
		want = "white 0, black 2" // resigned with the cube at 2
	}
	var before string
	b.run(ctx, "next game", chromedp.WaitVisible("#cube-next", chromedp.ByQuery), chromedp.Evaluate(`location.pathname`, &before),
		chromedp.Click("#cube-next", chromedp.ByQuery))
	// The page goes to the next game's: wait for it (reading the page while
	// it navigates may fail, so errors only retry).
	var got string
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		var at string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`location.pathname + "|" + ((document.getElementById("cube-note") || {}).textContent || "")`, &at)); err != nil {
			continue
		}
		if path, note, _ := strings.Cut(at, "|"); path != before && strings.Contains(note, want) {
			got = note
			break
		}
	}
	if got == "" {
		t.Fatalf("the next game with the score %q did not open", want)
	}
	var holds bool
	b.run(ctx, "seat kept", chromedp.Evaluate(`state.you.length === 1 && state.you[0] === 0`, &holds))
	if !holds {
		t.Error("the next game's page does not hold the person's seat")
	}
}
