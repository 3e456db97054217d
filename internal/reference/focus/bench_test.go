package focus

import "testing"

func BenchmarkPerft3(b *testing.B) {
	for b.Loop() {
		Perft(Start(), 3)
	}
}
