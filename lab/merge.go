package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
)

// ReadReport reads a report written as JSON (`analyze --json`).
func ReadReport(r io.Reader) (*Report, error) {
	var rep Report
	dec := json.NewDecoder(r)
	if err := dec.Decode(&rep); err != nil {
		return nil, fmt.Errorf("not an analyze report: %w", err)
	}
	if rep.Tally == nil || len(rep.Seats) == 0 {
		return nil, fmt.Errorf("not an analyze report: no tally (write shards with stackrules analyze --json)")
	}
	t := rep.Tally
	n := len(rep.Seats)
	if len(t.Seats) != n || len(t.FirstBy) != n {
		return nil, fmt.Errorf("a broken report: its tally has %d seats, the game %d", len(t.Seats), n)
	}
	if want := max(0, len(rep.LadderLevels)-1); len(t.Ladder) != want {
		return nil, fmt.Errorf("a broken report: its tally has %d ladder pairs, its ladder %d", len(t.Ladder), want)
	}
	if t.Lengths == nil {
		t.Lengths = map[int]int{}
	}
	if t.Endings == nil {
		t.Endings = map[string]*Ending{}
	}
	for reason, e := range t.Endings {
		if e == nil || len(e.Wins) != n {
			return nil, fmt.Errorf("a broken report: ending %q", reason)
		}
	}
	for k := range t.Progress {
		p := &t.Progress[k]
		if len(p.Eval) != n || len(p.InPlay) != n || len(p.Off) != n {
			return nil, fmt.Errorf("a broken report: progress point %d", k)
		}
	}
	return &rep, nil
}

// Merge combines the reports of the shards of one run into the report of
// the whole run: the same, count for count, as the run played unsharded
// (Timing aside: the seconds are the shards' sum). Every shard must be
// there, once, and complete, unless partial allows a report of the games
// played (marked incomplete).
func Merge(reports []*Report, partial bool) (*Report, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	first := reports[0]
	if first.Shard == nil {
		return nil, fmt.Errorf("the first report is of a whole run, not a shard: merge the reports of analyze --shard K/N")
	}
	count := first.Shard.Count
	seen := map[int]bool{}
	complete := true
	planned := 0
	var incomplete []string
	n := len(first.Seats)
	t := newTally(n)
	if first.Tally.A != nil {
		t.A = &Record{}
	}
	t.Ladder = make([]Record, len(first.Tally.Ladder))
	tm := Timing{}
	for i, r := range reports {
		if r.Shard == nil {
			return nil, fmt.Errorf("report %d is of a whole run, not a shard", i+1)
		}
		if r.Shard.Count != count {
			return nil, fmt.Errorf("report %d is shard %d/%d, the first %d/%d: shards of different runs", i+1, r.Shard.Index, r.Shard.Count, first.Shard.Index, count)
		}
		meta := r.Meta
		meta.Variant = first.Variant // the same rule file may lie at another path on another machine
		if !reflect.DeepEqual(meta, first.Meta) {
			return nil, fmt.Errorf("report %d (shard %d/%d) is of another run: %s", i+1, r.Shard.Index, count, metaDiff(first.Meta, meta))
		}
		if seen[r.Shard.Index] {
			return nil, fmt.Errorf("shard %d/%d is given twice", r.Shard.Index, count)
		}
		seen[r.Shard.Index] = true
		if !r.Complete {
			complete = false
			incomplete = append(incomplete, fmt.Sprintf("%d/%d (%d of %d games)", r.Shard.Index, count, r.Games, r.Planned))
		}
		if err := t.Add(r.Tally); err != nil {
			return nil, fmt.Errorf("shard %d/%d: %w", r.Shard.Index, count, err)
		}
		planned += r.Planned
		tm.Seconds += r.Timing.Seconds
		tm.Jobs += r.Timing.Jobs
	}
	var missing []string
	for k := 0; k < count; k++ {
		if !seen[k] {
			missing = append(missing, fmt.Sprint(k))
			complete = false
			planned += Shard{Index: k, Count: count}.count(first.TotalGames)
		}
	}
	if !partial {
		if len(missing) > 0 {
			return nil, fmt.Errorf("shards missing: %s of 0 to %d (--partial merges what there is)", strings.Join(missing, ", "), count-1)
		}
		if len(incomplete) > 0 {
			sort.Strings(incomplete)
			return nil, fmt.Errorf("shards interrupted before their end: %s (--partial merges what there is)", strings.Join(incomplete, ", "))
		}
	}
	m := Build(first.Meta, t)
	m.Planned = planned
	m.Complete = complete
	tm.Shards = len(reports)
	if tm.Seconds > 0 {
		tm.GamesPerSecond = float64(t.Games) / tm.Seconds
		tm.PliesPerSecond = float64(t.Plies) / tm.Seconds
	}
	m.Timing = tm
	m.findings()
	return m, nil
}

// metaDiff names the first field in which two runs differ.
func metaDiff(a, b Meta) string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			name := va.Type().Field(i).Tag.Get("json")
			name, _, _ = strings.Cut(name, ",")
			return fmt.Sprintf("%s %v, not %v", name, vb.Field(i).Interface(), va.Field(i).Interface())
		}
	}
	return "they differ"
}

// WriteJSON writes the report as one JSON object on one line.
func WriteJSON(w io.Writer, r *Report) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
