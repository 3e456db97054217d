package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/variants"
)

// completeOut runs the scripts' call back in-process: the candidates (text
// before any tab) and the directive.
func completeOut(t *testing.T, shell string, words ...string) (cands []string, directive string) {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{completeCommand, shell}, words...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("%q: exit %d, stderr %q", words, code, errOut)
	}
	for _, l := range lines(t, out) {
		if strings.HasPrefix(l, ":") && !strings.HasPrefix(l, `:\`) {
			directive = l[1:]
			continue
		}
		text, _, _ := strings.Cut(l, "\t")
		cands = append(cands, text)
	}
	return cands, directive
}

// <TAB> completes commands, flags, flag values and built-in games (issue 31).
func TestCompletions(t *testing.T) {
	games := variants.Names()
	for _, tc := range []struct {
		words     []string
		want      []string // exactly, when all is set; else these among others
		all       bool
		directive string
	}{
		{[]string{"pl"}, []string{"play"}, true, ""},
		{[]string{"re"}, []string{"replay"}, true, ""},
		{[]string{""}, []string{"play", "replay", "variants", "completion", "help"}, false, ""},
		{[]string{"-"}, []string{"--help", "--version"}, true, ""},
		{[]string{"play", ""}, games, true, "rulefiles"},
		{[]string{"play", "back"}, []string{"backgammon"}, true, "rulefiles"},
		{[]string{"play", "--first", "human", "lud"}, []string{"ludo", "ludo-beginner", "ludo-ranked", "ludo-safe-squares"}, true, "rulefiles"},
		{[]string{"play", "liger", ""}, nil, true, ""}, // one GAME
		{[]string{"lint", "liger", "st"}, []string{"stackers"}, true, "rulefiles"},
		{[]string{"explain", "liger", ""}, nil, true, ""}, // the MOVE
		{[]string{"replay", ""}, nil, true, "files"},
		{[]string{"play", "--no"}, []string{"--no-color", "--notation"}, true, ""},
		{[]string{"perft", "liger", "--d"}, []string{"--dedup", "--depth", "--divide"}, true, ""},
		{[]string{"perft", "-"}, []string{"-d", "-p", "--depth", "--help", "--position"}, false, ""},
		{[]string{"play", "--notation", ""}, []string{"auto", "numeric", "algebraic"}, true, ""},
		{[]string{"play", "--notation=n"}, []string{"--notation=numeric"}, true, ""},
		{[]string{"moves", "--format", ""}, []string{"text", "xgid", "gnubgid"}, true, ""},
		{[]string{"lint", "--format", ""}, []string{"text", "json"}, true, ""},
		{[]string{"play", "--dice", "m"}, []string{"manual"}, true, ""},
		{[]string{"play", "--second", "h"}, []string{"human"}, true, ""},
		{[]string{"play", "--red", "mcts:"}, []string{"mcts:easy", "mcts:medium", "mcts:hard", "mcts:max"}, true, ""},
		{[]string{"match", "--a", ""}, []string{"random", "greedy", "mcts", "mcts:easy", "mcts:medium", "mcts:hard", "mcts:max"}, true, ""},
		{[]string{"play", "--resume", ""}, nil, true, "files"},
		{[]string{"replay", "x.txt", "--game", "eng"}, []string{"english-checkers"}, true, "rulefiles"},
		{[]string{"perft", "--depth", ""}, nil, true, ""},
		{[]string{"help", "mo"}, []string{"moves"}, true, ""},
		{[]string{"completion", ""}, nil, true, ""},
		{[]string{"nosuchcommand", ""}, nil, true, ""},
	} {
		for _, shell := range []string{"zsh", "fish"} {
			got, dir := completeOut(t, shell, tc.words...)
			if shell == "zsh" {
				for i := range got {
					text, _, _ := strings.Cut(strings.ReplaceAll(got[i], `\:`, "\x00"), ":")
					got[i] = strings.ReplaceAll(text, "\x00", ":")
				}
			}
			ok := dir == tc.directive
			if tc.all {
				ok = ok && slices.Equal(got, tc.want)
			}
			for _, w := range tc.want {
				ok = ok && slices.Contains(got, w)
			}
			if !ok {
				t.Errorf("%s %q: %q :%s; want %q :%s", shell, tc.words, got, dir, tc.want, tc.directive)
			}
		}
	}
}

// bash passes the command line up to the cursor; what follows a : or = of
// the word is what bash replaces.
func TestCompletionsBash(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"stackrules pl", []string{"play"}},
		{"stackrules play back", []string{"backgammon"}},
		{"stackrules match --a mcts:h", []string{"hard"}},
		{"stackrules play --notation=al", []string{"algebraic"}},
		{"stackrules play 'back", []string{"backgammon"}},
		{"stackrules play --position 'r a1:r' --no-", []string{"--no-color"}},
	} {
		if got, _ := completeOut(t, "bash", tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.line, got, tc.want)
		}
	}
	// zsh's candidates escape their colons; fish's describe after a tab.
	if _, out, _ := runCLI(t, completeCommand, "zsh", "match", "--a", "mcts:ea"); out != `mcts\:easy:300 iterations`+"\n" {
		t.Errorf("zsh: %q", out)
	}
	if _, out, _ := runCLI(t, completeCommand, "fish", "play", "lig"); !strings.HasPrefix(out, "liger\tLiger\n") {
		t.Errorf("fish: %q", out)
	}
}

// Every command whose arguments are GAMEs completes them.
func TestCompletionKnowsGameArguments(t *testing.T) {
	app := newApp(&streams{})
	for _, c := range app.Commands {
		if strings.Contains(c.ArgsUsage, "GAME") && argKind(c.Name, 0) != "game" {
			t.Errorf("%s takes %s but completes no game", c.Name, c.ArgsUsage)
		}
	}
	for name := range gameArgs {
		if app.Command(name) == nil {
			t.Errorf("gameArgs names %s, not a command", name)
		}
	}
	for _, c := range []string{"play", "moves"} {
		if h, _ := completeOut(t, "fish", "help", ""); !slices.Contains(h, c) || slices.Contains(h, completeCommand) {
			t.Errorf("help <TAB>: %q", h)
		}
	}
}

// `stackrules completion SHELL` prints each shell's script.
func TestCompletionCommand(t *testing.T) {
	for shell, want := range map[string]string{"bash": "complete -F _stackrules stackrules", "zsh": "compdef _stackrules stackrules", "fish": "complete -c stackrules"} {
		code, out, _ := runCLI(t, "completion", shell)
		if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "__complete "+shell) {
			t.Errorf("%s: exit %d\n%s", shell, code, out)
		}
	}
	if code, _, errOut := runCLI(t, "completion", "tcsh"); code != 2 || !strings.Contains(errOut, "bash, zsh and fish") {
		t.Errorf("tcsh: exit %d, %q", code, errOut)
	}
	if _, out, _ := runCLI(t, "help"); strings.Contains(out, completeCommand) || !strings.Contains(out, "completion") {
		t.Errorf("help lists:\n%s", out)
	}
}

// The scripts, run by the shells installed here, complete from the built
// binary: bash always, fish and zsh where installed.
func TestCompletionScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; not with -short")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	binDir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(binDir, "stackrules"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "my-rules.yaml"), "name: x\n", 0o644)
	writeFile(t, filepath.Join(work, "my-notes.txt"), "x\n", 0o644)
	env := append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	shell := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = work, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return string(out)
	}
	const bashRun = `source <(stackrules completion bash)
t() {
	COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
	read -ra COMP_WORDS <<< "$COMP_LINE"; [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	_stackrules 2>/dev/null
	echo "${COMPREPLY[*]}"
}
t "stackrules pl"; t "stackrules play back"; t "stackrules play my"; t "stackrules perft liger --di"; t "stackrules replay my-n"`
	want := "play\nbackgammon\nmy-rules.yaml\n--divide\nmy-notes.txt\n"
	if got := shell(bash, "-c", bashRun); got != want {
		t.Errorf("bash:\n%s\nwant:\n%s", got, want)
	}
	if fish, err := exec.LookPath("fish"); err == nil {
		got := shell(fish, "-c", `source (stackrules completion fish | psub)
for l in "stackrules pl" "stackrules play back" "stackrules play my" "stackrules match --a mcts:e"
	complete -C $l | string replace -r '\t.*' ''
end`)
		if want := "play\nbackgammon\nmy-rules.yaml\nmcts:easy\n"; got != want {
			t.Errorf("fish:\n%s\nwant:\n%s", got, want)
		}
	} else {
		t.Log("fish is not installed: its script is not run")
	}
	if zsh, err := exec.LookPath("zsh"); err == nil {
		// Completion widgets need a terminal; the function is run with
		// _describe and _files standing in, as they receive the candidates.
		got := shell(zsh, "-c", `compdef() { :; }
_describe() { print -rl -- "${(@P)4}"; }
_files() { print -r -- "files $*"; }
source <(stackrules completion zsh)
words=(stackrules pl); CURRENT=2; _stackrules
words=(stackrules play back); CURRENT=3; _stackrules
words=(stackrules match --a mcts:e); CURRENT=4; _stackrules`)
		if want := "play:play a game at the terminal: you against the AI, two people, or two AIs\nbackgammon:Backgammon\nfiles -g *.(yaml|yml)(-.)\nmcts\\:easy:300 iterations\n"; got != want {
			t.Errorf("zsh:\n%s\nwant:\n%s", got, want)
		}
	} else {
		t.Log("zsh is not installed: its script is not run")
	}
}
