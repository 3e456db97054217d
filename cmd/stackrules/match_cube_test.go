package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/records"
)

// match --cube plays money games with the doubling cube and match --match N
// matches to N points with the Crawford rule. Every game's record replays,
// and the points the summary counts are the ones the records' cubes give;
// each match ends when a side reaches N, and the Crawford game is the one
// after a side first comes within a point (issue 27).
func TestMatchWithTheCube(t *testing.T) {
	g := mustGame(t, "backgammon")
	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"money", []string{"--cube", "-n", "6"}},
		{"match to 3", []string{"--match", "3", "-n", "3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"match", "backgammon", "-a", "greedy", "-b", "random", "--cube-rollouts", "6", "--json", "--records", dir}, tc.flags...)
			code, out, errOut := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var sum cubeMatchSummary
			if err := json.Unmarshal([]byte(out), &sum); err != nil {
				t.Fatalf("%v: %q", err, out)
			}
			if sum.AWins+sum.BWins+sum.Draws != sum.Games || sum.Games < 1 {
				t.Errorf("games %d, won %d+%d, cut %d", sum.Games, sum.AWins, sum.BWins, sum.Draws)
			}
			// Replay every record: the winner's points under the cube, by seat.
			var pointsBySeat [2]int
			var score [2]int
			matches, crawfords := 0, 0
			for i := 0; i < sum.Games; i++ {
				data, err := os.ReadFile(matchRecordPath(dir, i))
				if err != nil {
					t.Fatal(err)
				}
				rec, err := records.Parse(strings.NewReader(string(data)))
				if err != nil {
					t.Fatalf("game %d: %v", i+1, err)
				}
				h, cube, err := records.ReplayCube(g, rec)
				if err != nil {
					t.Fatalf("game %d does not replay: %v", i+1, err)
				}
				w, pts, over := cube.Over()
				if !over {
					o := h.Outcome()
					if !o.Over {
						t.Fatalf("game %d is not over", i+1)
					}
					w, pts = o.Winner, cube.Cube.Points(o)
				}
				pointsBySeat[w] += pts
				if sum.MatchLength > 0 {
					if want := strconv.Itoa(score[0]) + "-" + strconv.Itoa(score[1]); rec.Tag("Score") != want {
						t.Errorf("game %d: Score tag %q, want %q", i+1, rec.Tag("Score"), want)
					}
					if cube.Start.Crawford {
						crawfords++
					}
					score[w] += pts
					if score[w] >= sum.MatchLength {
						matches++
						score = [2]int{}
						crawfords = 0
					} else if crawfords > 1 {
						t.Errorf("game %d: a second Crawford game in one match", i+1)
					}
				}
			}
			if pointsBySeat[0]+pointsBySeat[1] != sum.APoints+sum.BPoints {
				t.Errorf("records give %v points, the summary A %d + B %d", pointsBySeat, sum.APoints, sum.BPoints)
			}
			if sum.MatchLength > 0 && (matches != 3 || sum.Matches != 3 || sum.AMatches+sum.BMatches != 3) {
				t.Errorf("%d matches in the records, summary %d (A %d, B %d); want 3", matches, sum.Matches, sum.AMatches, sum.BMatches)
			}
			if _, err := os.Stat(matchRecordPath(dir, sum.Games)); err == nil {
				t.Errorf("more records than games")
			}
		})
	}
	code, _, errOut := runCLI(t, "match", "liger", "--cube")
	if code != 2 || !strings.Contains(errOut, "no doubling cube") {
		t.Errorf("liger --cube: exit %d, %q", code, errOut)
	}
}
