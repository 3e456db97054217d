package didyoumean

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"play", "plya", 2}, {"play", "pay", 1}, {"kitten", "sitting", 3}, {"café", "cafe", 1}, {"", "abc", 3}} {
		if d := Distance(c.a, c.b); d != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
	}
}

func TestNearest(t *testing.T) {
	if n, d := Nearest("plya", []string{"replay", "play", "perft"}); n != "play" || d != 2 {
		t.Errorf("Nearest: %q %d", n, d)
	}
	if n, d := Nearest("x", nil); n != "" || d != -1 {
		t.Errorf("Nearest of nothing: %q %d", n, d)
	}
	if n, _ := Nearest("ab", []string{"ax", "xb"}); n != "ax" {
		t.Errorf("the first among equals should win, got %q", n)
	}
}
