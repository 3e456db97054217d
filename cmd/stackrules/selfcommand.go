package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// The commands play prints for the person to type next ("Continue it with:
// stackrules play --resume FILE") run this program as it was started: under
// `go run` the program is a temporary binary the go command deletes when it
// ends, so the hint is a `go run` again, not that binary's path.

// selfCommand is how to start this program again from the same folder, given
// os.Args[0]: `stackrules` when it was found on the PATH, the path typed
// (./stackrules), or `go run ./cmd/stackrules` (`go run MODULE/cmd/stackrules@VERSION`
// outside a checkout) when it is a binary `go run` built.
func selfCommand(arg0 string) string {
	if arg0 == "" {
		return "stackrules"
	}
	if builtByGoRun(arg0) {
		return goRunCommand()
	}
	if !strings.ContainsAny(arg0, `/\`) {
		return arg0 // found on the PATH
	}
	return shellQuote(arg0)
}

// builtByGoRun says whether the program at path is a binary `go run` built:
// it lies in a go-build folder (go-build123456/b001/exe/ under the
// temporary folder, or the build cache).
func builtByGoRun(path string) bool {
	for _, part := range strings.FieldsFunc(filepath.ToSlash(path), func(r rune) bool { return r == '/' }) {
		if strings.HasPrefix(part, "go-build") {
			return true
		}
	}
	if cache := os.Getenv("GOCACHE"); cache != "" {
		if rel, err := filepath.Rel(cache, path); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// goRunCommand is the `go run` that builds this program again: the package's
// folder when the current folder is in a checkout of the module, else the
// module path at the version built (latest when it is not known).
func goRunCommand() string {
	module, version := "github.com/stackrules/stackrules", "latest"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Path != "" {
			module = bi.Main.Path
		}
		if v := bi.Main.Version; strings.HasPrefix(v, "v") {
			version = v
		}
	}
	if cwd, err := os.Getwd(); err == nil {
		if root := moduleRoot(cwd, module); root != "" {
			rel, err := filepath.Rel(cwd, filepath.Join(root, "cmd", "stackrules"))
			if err == nil {
				rel = filepath.ToSlash(rel)
				if !strings.HasPrefix(rel, "../") {
					rel = "./" + rel
				}
				return "go run " + shellQuote(rel)
			}
		}
	}
	return "go run " + module + "/cmd/stackrules@" + version
}

// moduleRoot is the folder at or above dir whose go.mod declares module,
// or "".
func moduleRoot(dir, module string) string {
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, l := range strings.Split(string(data), "\n") {
				if f := strings.Fields(l); len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == module {
					return dir
				}
			}
			return "" // another module
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// shellQuote writes s as one word for a POSIX shell.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,/:@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
