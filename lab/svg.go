package lab

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The plots of the HTML report, drawn as inline SVG: no script, no font or
// style sheet from elsewhere, so that the page is one file that opens
// anywhere. Every mark has a <title>, which a browser shows on hover.

// palette colours the seats (and series) in turn order.
var palette = []string{"#c0392b", "#2c6fbb", "#27ae60", "#d4a017", "#8e44ad", "#16a085"}

func esc(s string) string { return html.EscapeString(s) }

// intervalRow is one row of an interval plot: a value in [0,1] with its 95%
// interval.
type intervalRow struct {
	label     string
	value     float64
	lo, hi    float64
	colour    string
	tooltip   string
	valueText string
}

// intervalPlot draws rows of values with their intervals on a 0–100% axis,
// with a dashed line at ref (the fair share) when ref >= 0.
func intervalPlot(title string, rows []intervalRow, ref float64, refLabel string) string {
	const (
		left, right = 190, 110
		plotW       = 460
		rowH        = 28
		top         = 34
	)
	h := top + rowH*len(rows) + 34
	w := left + plotW + right
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, w, h, w, h, esc(title))
	fmt.Fprintf(&b, `<text x="%d" y="20" class="title">%s</text>`, left, esc(title))
	x := func(v float64) float64 { return left + plotW*min(1, max(0, v)) }
	axisY := top + rowH*len(rows) + 4
	for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/>`, x(t), top-4, x(t), axisY)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick" text-anchor="middle">%.0f%%</text>`, x(t), axisY+16, 100*t)
	}
	if ref >= 0 {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="ref"><title>%s</title></line>`, x(ref), top-8, x(ref), axisY, esc(refLabel))
	}
	for i, r := range rows {
		y := float64(top + rowH*i + rowH/2)
		colour := r.colour
		if colour == "" {
			colour = "#444"
		}
		fmt.Fprintf(&b, `<g class="row"><title>%s</title>`, esc(r.tooltip))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="label" text-anchor="end">%s</text>`, left-10, y+4, esc(r.label))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="10" fill="%s" opacity="0.25"/>`, x(r.lo), y-5, math.Max(1, x(r.hi)-x(r.lo)), colour)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`, x(r.lo), y, x(r.hi), y, colour)
		for _, e := range []float64{r.lo, r.hi} {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`, x(e), y-6, x(e), y+6, colour)
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="5" fill="%s"/>`, x(r.value), y, colour)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="value">%s</text>`, left+plotW+10, y+4, esc(r.valueText))
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// histogramPlot draws the length histogram, with the median and mean marked
// and the ply cap when games reached it.
func histogramPlot(l Length) string {
	const (
		left, right = 60, 20
		plotW       = 640
		plotH       = 220
		top         = 34
	)
	w, h := left+plotW+right, top+plotH+50
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="game length histogram">`, w, h, w, h)
	fmt.Fprintf(&b, `<text x="%d" y="20" class="title">Game length (plies)</text>`, left)
	bins := l.Histogram
	if len(bins) == 0 {
		b.WriteString(`</svg>`)
		return b.String()
	}
	most := 0
	for _, bin := range bins {
		most = max(most, bin.Games)
	}
	lo, hi := float64(bins[0].From), float64(bins[len(bins)-1].To+1)
	x := func(v float64) float64 { return left + plotW*(v-lo)/(hi-lo) }
	y := func(n float64) float64 { return top + plotH - plotH*n/float64(max(1, most)) }
	base := float64(top + plotH)
	for _, t := range niceTicks(0, float64(most), 4) {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/>`, left, y(t), left+plotW, y(t))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>`, left-6, y(t)+4, numText(t))
	}
	for _, bin := range bins {
		x0, x1 := x(float64(bin.From)), x(float64(bin.To+1))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="bar"><title>%s plies: %d games</title></rect>`,
			x0+0.5, y(float64(bin.Games)), math.Max(0.5, x1-x0-1), base-y(float64(bin.Games)), esc(spanText(bin)), bin.Games)
	}
	for _, t := range niceTicks(lo, hi, 8) {
		if t < lo || t > hi {
			continue
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tick" text-anchor="middle">%s</text>`, x(t), base+16, numText(t))
	}
	mark := func(v float64, cls, label string) {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%.1f" class="%s"><title>%s</title></line>`, x(v), top, x(v), base, cls, esc(label))
	}
	mark(float64(l.Median)+0.5, "median", fmt.Sprintf("median %d plies", l.Median))
	mark(l.Mean+0.5, "mean", fmt.Sprintf("mean %.1f plies", l.Mean))
	fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="tick">plies (median: solid line, mean: dashed)</text>`, left, base+36)
	b.WriteString(`</svg>`)
	return b.String()
}

func spanText(bin Bin) string {
	if bin.From == bin.To {
		return fmt.Sprint(bin.From)
	}
	return fmt.Sprintf("%d–%d", bin.From, bin.To)
}

// series is a line of a line plot.
type series struct {
	name   string
	colour string
	xs, ys []float64
	dashed bool
}

// linePlot draws series over the game (x from 0 to 1, as a share of its
// plies) between ymin and ymax; yPct writes the y axis as percentages.
func linePlot(title, yLabel string, ss []series, ymin, ymax float64, yPct bool) string {
	const (
		left, right = 60, 150
		plotW       = 520
		plotH       = 200
		top         = 34
	)
	w, h := left+plotW+right, top+plotH+50
	if ymax <= ymin {
		ymax = ymin + 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, w, h, w, h, esc(title))
	fmt.Fprintf(&b, `<text x="%d" y="20" class="title">%s</text>`, left, esc(title))
	x := func(v float64) float64 { return left + plotW*v }
	y := func(v float64) float64 { return top + plotH - plotH*(v-ymin)/(ymax-ymin) }
	base := float64(top + plotH)
	for _, t := range niceTicks(ymin, ymax, 4) {
		if t < ymin-1e-9 || t > ymax+1e-9 {
			continue
		}
		label := numText(t)
		if yPct {
			label = fmt.Sprintf("%.0f%%", 100*t)
		}
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/>`, left, y(t), left+plotW, y(t))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>`, left-6, y(t)+4, label)
	}
	for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tick" text-anchor="middle">%.0f%%</text>`, x(t), base+16, 100*t)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="tick">share of the game's plies; %s</text>`, left, base+36, esc(yLabel))
	for i, s := range ss {
		var pts []string
		for k := range s.xs {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(s.xs[k]), y(s.ys[k])))
		}
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="6 4"`
		}
		fmt.Fprintf(&b, `<g class="series"><title>%s</title><polyline points="%s" fill="none" stroke="%s" stroke-width="2.5"%s/>`, esc(s.name), strings.Join(pts, " "), s.colour, dash)
		for k := range s.xs {
			v := numText(s.ys[k])
			if yPct {
				v = pct(s.ys[k])
			}
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s at %.0f%%: %s</title></circle>`, x(s.xs[k]), y(s.ys[k]), s.colour, esc(s.name), 100*s.xs[k], v)
		}
		b.WriteString(`</g>`)
		ly := top + 10 + 20*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2.5"%s/><text x="%d" y="%d" class="label">%s</text>`,
			left+plotW+12, ly, left+plotW+32, ly, s.colour, dash, left+plotW+38, ly+4, esc(s.name))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// niceTicks are about n round values from lo to hi.
func niceTicks(lo, hi float64, n int) []float64 {
	span := hi - lo
	if span <= 0 {
		return []float64{lo}
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step := p
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			step = m * p
			break
		}
	}
	var out []float64
	for t := math.Ceil(lo/step) * step; t <= hi+step*1e-9; t += step {
		out = append(out, math.Round(t/step)*step)
	}
	return out
}

// numText writes a tick value without needless decimals.
func numText(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2g", v)
}
