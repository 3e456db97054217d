package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// English checkers on the page: every playing square carries its number
// (g1 is 1, a1 is 4, c3 is 11), the legal moves and the history are in
// numbers, a move typed in numbers is played, and one refused is answered
// in numbers.
func TestEnglishCheckersNumbersOnThePage(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	id := c.newGame("english-checkers", []string{"human", "human"}, false)
	st := c.state(id)
	numbers := map[string]float64{}
	for _, s := range st["board"].(map[string]any)["squares"].([]any) {
		sq := s.(map[string]any)
		if n, ok := sq["number"]; ok {
			numbers[sq["name"].(string)] = n.(float64)
		}
	}
	if len(numbers) != 32 || numbers["g1"] != 1 || numbers["a1"] != 4 || numbers["c3"] != 11 || numbers["b8"] != 32 {
		t.Errorf("square numbers: %v", numbers)
	}
	if got := strings.Join(legalTexts(st), " "); !strings.Contains(got, "11-15") || strings.Contains(got, "c3") {
		t.Errorf("legal moves: %s", got)
	}
	for _, m := range []string{"11-15", "22-18"} {
		if code, out := c.do("POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move":%q}`, m)); code != 200 {
			t.Fatalf("%s: %d %v", m, code, out)
		}
	}
	code, out := c.do("POST", "/api/games/"+id+"/move", `{"move":"15-19"}`)
	if msg, _ := out["error"].(string); code == 200 || !strings.Contains(msg, "15x22") || strings.Contains(msg, "d4") {
		t.Errorf("15-19: %d %v", code, out)
	}
	if h := c.state(id)["history"].([]any); len(h) != 2 || h[0] != "11-15" || h[1] != "22-18" {
		t.Errorf("history %v", h)
	}
}

// A game whose board has no numbers shows none.
func TestNoNumbersWithoutNumbering(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	c := &client{t: t, base: ts.URL}
	st := c.state(c.newGame("liger", []string{"human", "human"}, false))
	for _, s := range st["board"].(map[string]any)["squares"].([]any) {
		if _, ok := s.(map[string]any)["number"]; ok {
			t.Fatalf("liger's square has a number: %v", s)
		}
	}
}

// TestBrowserEnglishCheckersNumbers: the page numbers English checkers'
// squares (c3 is 11), and a move clicked is listed in numbers.
func TestBrowserEnglishCheckersNumbers(t *testing.T) {
	b := newBrowser(t)
	ctx := b.tab()
	b.start(ctx, "english-checkers", []string{"human", "human"}, "", false)
	var n int
	var c3 string
	b.run(ctx, "numbers", chromedp.Evaluate(`document.querySelectorAll("text.sqnum").length`, &n),
		chromedp.Evaluate(`(() => { const r = document.querySelector('rect[data-square="c3"]'); const x = +r.getAttribute("x"), y = +r.getAttribute("y");
			return [...document.querySelectorAll("text.sqnum")].find(t => Math.abs(+t.getAttribute("x") - x - 3) < 1 && Math.abs(+t.getAttribute("y") - y - 11) < 1).textContent; })()`, &c3))
	if n != 32 || c3 != "11" {
		t.Fatalf("%d square numbers, c3's %q; want 32, and 11", n, c3)
	}
	b.run(ctx, "a move", append(move("c3", "d4", 1), chromedp.Poll(`document.getElementById("moves").textContent.includes("11-15")`, nil))...)
	b.screenshot(ctx, "english-checkers.png")
}
