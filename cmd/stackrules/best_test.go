package main

import (
	"strings"
	"testing"
)

// best says how long a proven win takes: any move of e3's king (e3-f2,
// e3-d4, ...) leaves white only a1-b2, which c3xa1 captures (3 plies);
// which of them the search names depends on its network's priors.
func TestBestPrintsProofLength(t *testing.T) {
	code, out, errOut := runCLI(t, "best", "english-checkers", "--position", "b c3:B,e3:B,a1:W", "--iterations", "2000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"best move for black: e3-", "(proven win for black in 3 plies)",
		"a1-b2 c3xa1", "win in 3 plies",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "best", "english-checkers", "--position", "b d4:B,e5:W", "--iterations", "100")
	if code != 0 || !strings.Contains(out, "(proven win for black in 1 ply)") {
		t.Errorf("forced win in one: exit %d\n%s", code, out)
	}
}

// A match that finished no game has no score (it used to print 50%).
func TestMatchSummaryNoFinishedGames(t *testing.T) {
	got := summaryScoreText(matchSummary{Score: 0.5, ScoreLo: 0, ScoreHi: 1})
	if got != "no finished games: no score\n" {
		t.Errorf("no games: %q", got)
	}
	got = summaryScoreText(matchSummary{Games: 4, Score: 0.75, ScoreLo: 0.3, ScoreHi: 0.95, Elo: 191})
	if !strings.HasPrefix(got, "score 75.0% (95% Wilson interval 30.0% to 95.0%)\nElo difference +191") {
		t.Errorf("4 games: %q", got)
	}
}
