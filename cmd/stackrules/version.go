package main

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/stackrules/stackrules/internal/didyoumean"
)

// version is set at build time (-ldflags "-X main.version=v1.2.3"); without
// it the module version or the VCS revision Go records is used.
var version = ""

func appVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev
		if dirty {
			v += " (modified)"
		}
	}
	return v + " " + info.GoVersion
}

// unknownCommandText answers a mistyped command, with the nearest
// command's name: urfave/cli says "No help topic for 'plya'".
func unknownCommandText(app *cli.App, msg string) string {
	name := strings.TrimSuffix(strings.TrimPrefix(msg, "No help topic for '"), "'")
	var names []string
	for _, c := range app.Commands {
		names = append(names, c.Names()...)
	}
	sort.Strings(names)
	best, bestD := didyoumean.Nearest(strings.ToLower(name), names)
	text := fmt.Sprintf("%q is not a command", name)
	if best != "" && bestD <= max(2, len(name)/3) {
		text += fmt.Sprintf("; did you mean %q?", best)
	}
	return text + "\nRun 'stackrules help' for the commands."
}
