// Package variants holds the built-in rule files, embedded in the binary.
// Each is a plain YAML rule file like any a user writes; nothing in Go knows
// what is in them.
package variants

import (
	"embed"
	"sort"
	"strings"
)

//go:embed *.yaml *.net
var files embed.FS

// aliasText lists other names of built-in games (aliases.txt).
//
//go:embed aliases.txt
var aliasText string

// Alias gives the built-in game an alias stands for ("cowboy-checkers" is
// "nine-mens-morris"), or name itself.
func Alias(name string) string {
	for _, line := range strings.Split(aliasText, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && !strings.HasPrefix(f[0], "#") && f[0] == name {
			return f[1]
		}
	}
	return name
}

// Names lists the built-in games, sorted.
func Names() []string {
	entries, _ := files.ReadDir(".")
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Source is the rule file of a built-in game.
func Source(name string) ([]byte, bool) {
	if strings.ContainsAny(name, "/\\") {
		return nil, false
	}
	data, err := files.ReadFile(name + ".yaml")
	if err != nil {
		if a := Alias(name); a != name {
			return Source(a)
		}
		return nil, false
	}
	return data, true
}

// Network is a value network a built-in rule file names (`network:`), made
// by `stackrules train`.
func Network(name string) ([]byte, bool) {
	if strings.ContainsAny(name, "/\\") || !strings.HasSuffix(name, ".net") {
		return nil, false
	}
	data, err := files.ReadFile(name)
	return data, err == nil
}
