package authoring_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// The loader and the linter take any bytes without a panic or a hang. The
// seeds are the broken-file corpus, the built-in games and the examples;
// plain `go test` runs the seeds, `go test -fuzz FuzzLint` explores.

func fuzzSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/lint/*.yaml")
	more, _ := filepath.Glob("../examples/*.yaml")
	for _, p := range append(files, more...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, n := range variants.Names() {
		data, _ := variants.Source(n)
		f.Add(data)
	}
}

func FuzzLoad(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, ds := interpreter.Check("fuzz.yaml", data)
		if g == nil && !ds.HasErrors() {
			t.Fatalf("no game and no error")
		}
		for _, d := range ds {
			if d.Line < 1 || d.Col < 1 {
				t.Fatalf("diagnostic without a place: %v", d)
			}
		}
	})
}

func FuzzLint(f *testing.F) {
	fuzzSeeds(f)
	opts := authoring.LintOptions{Playouts: 2, MaxPlies: 60, Seed: 1}
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := authoring.Lint("fuzz.yaml", data, opts)
		for _, d := range ds {
			if d.Line < 1 || d.Col < 1 || d.EndLine < d.Line {
				t.Fatalf("diagnostic without a place: %v", d)
			}
			if d.Code == "internal" && !strings.Contains(string(data), "pass") {
				t.Fatalf("internal error: %v", d)
			}
		}
		var sb strings.Builder
		authoring.WriteText(&sb, ds, data)
		authoring.WriteJSON(&sb, ds)
	})
}
