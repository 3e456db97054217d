package lab

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stackrules/stackrules/ai"
)

// htmlReport is a report with every part a page can have: evaluate and
// bear-offs over the game, A against B, a ladder, and an ending whose words
// hold markup, which must be shown as text.
func htmlReport(t *testing.T) *Report {
	t.Helper()
	g := open(t, "../examples/tower-race.yaml")
	cfg := Config{Game: g, Variant: "tower-race", Players: Players{A: spec(t, "random"), B: spec(t, "greedy"), Swap: true},
		Games: 30, Seed: 3, MaxPlies: 60, Ladder: []ai.Spec{spec(t, "random"), spec(t, "greedy")}, LadderGames: 6}
	r := run(t, cfg)
	r.Tally.Endings[`<script>alert("x")</script> & <b>bold</b>`] = &Ending{Why: `<img src=x onerror=alert(1)>`, Games: 0, Wins: make([]int, 2)}
	back := Build(r.Meta, r.Tally)
	back.Planned, back.Complete, back.Timing = r.Planned, r.Complete, r.Timing
	back.findings()
	return back
}

func writePage(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Every plot is well-formed XML (SVG as a file would be), and the page
// loads nothing from elsewhere.
func TestHTMLIsSelfContained(t *testing.T) {
	data := writePage(t, htmlReport(t))
	svgs := regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAll(data, -1)
	if len(svgs) < 7 {
		t.Fatalf("%d plots, want at least 7", len(svgs))
	}
	for i, svg := range svgs {
		dec := xml.NewDecoder(bytes.NewReader(svg))
		dec.Strict = true
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("plot %d is not well-formed: %v\n%s", i, err, svg)
			}
		}
	}
	lower := bytes.ToLower(data)
	for _, bad := range []string{"<script", "<img", "<link", "<iframe", "<object", "url(", "@import"} {
		if bytes.Contains(lower, []byte(bad)) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if m := regexp.MustCompile(`<[^>]*\s(src|href)\s*=`).Find(lower); m != nil {
		t.Errorf("the page links to something: %s", m)
	}
	if !bytes.Contains(data, []byte("&lt;script&gt;")) {
		t.Error("the ending's words are not escaped")
	}
}

func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// The report opens in headless Chromium (Debian's chromium package) with
// no page error, no console error and no request for anything but itself,
// and every plot is drawn with a size.
func TestHTMLInChromium(t *testing.T) {
	path := chromium()
	if path == "" {
		t.Skip("no Chromium on this machine (install Debian's chromium package to run the browser test of the HTML report)")
	}
	if testing.Short() {
		t.Skip("the browser test is skipped in -short mode")
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, writePage(t, htmlReport(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + file
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1100, 900))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel2 := chromedp.NewContext(alloc)
	defer cancel2()
	ctx, cancel3 := context.WithTimeout(ctx, 60*time.Second)
	defer cancel3()

	var mu sync.Mutex
	var problems []string
	report := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			report("page error: %s", e.ExceptionDetails.Error())
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError || e.Type == runtime.APITypeAssert {
				report("console %s", e.Type)
			}
		case *log.EventEntryAdded:
			if e.Entry.Level == log.LevelError {
				report("log error: %s (%s)", e.Entry.Text, e.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			if e.Request.URL != url && !strings.HasPrefix(e.Request.URL, "data:") {
				report("request for %s", e.Request.URL)
			}
		case *network.EventLoadingFailed:
			report("loading failed: %s", e.ErrorText)
		case *page.EventJavascriptDialogOpening:
			report("a dialog opened: %s", e.Message)
			go chromedp.Run(ctx, page.HandleJavaScriptDialog(false))
		}
	})
	var title string
	var plots, sized, rows int
	var bodyText string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url),
		chromedp.WaitReady("body", chromedp.ByQuery),
		chromedp.Title(&title),
		chromedp.Evaluate(`document.querySelectorAll("svg.plot").length`, &plots),
		chromedp.Evaluate(`[...document.querySelectorAll("svg.plot")].filter(s => { const r = s.getBoundingClientRect(); return r.width > 100 && r.height > 50 }).length`, &sized),
		chromedp.Evaluate(`document.querySelectorAll("svg.plot g.row").length`, &rows),
		chromedp.Evaluate(`document.body.innerText`, &bodyText),
		chromedp.Sleep(200*time.Millisecond), // late errors
	)
	if err != nil {
		t.Fatalf("Chromium: %v", err)
	}
	if !strings.Contains(title, "Tower Race") {
		t.Errorf("title %q", title)
	}
	if plots < 7 || sized != plots || rows < 8 {
		t.Errorf("%d plots, %d drawn with a size, %d interval rows", plots, sized, rows)
	}
	for _, want := range []string{"Findings", "first player (gold)", "Skill ladder", `<script>alert("x")</script>`} {
		if !strings.Contains(bodyText, want) {
			t.Errorf("the page does not show %q", want)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
}
