package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/stackrules/stackrules/internal/didyoumean"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// A GAME argument that names neither a built-in game nor a file is answered
// with the name meant, when one is near: `play backgamon` suggests
// backgammon, `play checkers` english-checkers, `play liger.yaml` (no such
// file) the built-in liger, and examples/crosing.yaml the rule file next to
// it, examples/crossing.yaml.

// openNamed is interpreter.Open, with a suggestion when name is not found.
func openNamed(name string, opts ...interpreter.Options) (*interpreter.Game, error) {
	g, err := interpreter.Open(name, opts...)
	if err != nil {
		if e := unknownGame(name); e != nil {
			return nil, e
		}
	}
	return g, err
}

// unknownGame is the error for a name that is neither a built-in game nor
// an existing file, when a name near it exists; nil otherwise.
func unknownGame(name string) error {
	if _, ok := variants.Source(name); ok {
		return nil
	}
	if _, err := os.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	meant := gameNamesNear(name)
	if len(meant) == 0 {
		return nil
	}
	if strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("no such file %q: did you mean %s?", name, orList(meant))
	}
	return fmt.Errorf("no built-in game %q and no such file: did you mean %s? (stackrules variants lists the built-in games)", name, orList(meant))
}

// gameNamesNear are the built-in games (or, for a path, the rule files in
// its folder) that name was probably meant to be.
func gameNamesNear(name string) []string {
	if strings.ContainsAny(name, `/\`) {
		dir, base := filepath.Split(name)
		entries, err := os.ReadDir(filepath.Clean(dir))
		if err != nil {
			return nil
		}
		var files []string
		for _, e := range entries {
			if n := e.Name(); strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml") {
				files = append(files, n)
			}
		}
		if best, d := didyoumean.Nearest(base, files); best != "" && d <= max(2, len(base)/4) {
			return []string{dir + best}
		}
		return nil
	}
	typed := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(name, ".yaml"), ".yml"))
	names := variants.Names()
	if best, d := didyoumean.Nearest(typed, names); best != "" && d <= max(2, len(typed)/3) {
		return []string{best}
	}
	// A part of a name: checkers, nine-mens, morris.
	var parts []string
	if len(typed) >= 3 {
		for _, n := range names {
			if strings.Contains(n, typed) {
				parts = append(parts, n)
			}
		}
	}
	sort.Strings(parts)
	return parts
}
