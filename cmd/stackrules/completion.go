package main

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
)

// Shell completion. `stackrules completion bash|zsh|fish` prints a script
// for that shell; on <TAB> the script runs `stackrules __complete SHELL ...`
// with the words typed so far, and this program answers with the
// candidates: commands, a command's flags, the values of the flags that
// take a few (--notation, --dice, player specs...), and the built-in games
// where a GAME goes. Each line is a candidate (with a description after a
// tab, or after a colon for zsh); a last line `:files` or `:rulefiles` asks
// the shell to add the file names (all, or rule files and folders).

// completeCommand is the hidden first argument of the scripts' call back.
const completeCommand = "__complete"

func completionCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish): commands, flags and built-in games on <TAB>",
		ArgsUsage: "bash|zsh|fish",
		Description: "Load it from the shell's start-up file:\n" +
			"  bash (~/.bashrc):  source <(stackrules completion bash)\n" +
			"  zsh (~/.zshrc, after compinit):  source <(stackrules completion zsh)\n" +
			"  fish:  stackrules completion fish > ~/.config/fish/completions/stackrules.fish\n" +
			"The script asks stackrules for the candidates, so it stays right as commands\n" +
			"and games are added; stackrules must be on the PATH.",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("completion: name the shell: bash, zsh or fish")
			}
			script, ok := completionScripts[c.Args().First()]
			if !ok {
				return usagef("completion: %q: the shells are bash, zsh and fish", c.Args().First())
			}
			fmt.Fprint(s.out, script)
			return nil
		},
	}
}

// candidate is one completion, with a few words on it.
type candidate struct{ text, desc string }

// complete answers a script's call back: args are the shell's name, then
// (bash) the command line up to the cursor, or (zsh, fish) the words after
// the program's name, the last the one being completed ("" for a new one).
func complete(app *cli.App, args []string, s *streams) int {
	if len(args) == 0 {
		return 2
	}
	shell, words := args[0], args[1:]
	if shell == "bash" {
		line := strings.Join(words, " ")
		words = splitCommandLine(line)
		if len(words) > 0 {
			words = words[1:] // the program
		}
		if line == "" || strings.ContainsAny(line[len(line)-1:], " \t") {
			words = append(words, "")
		}
	}
	if len(words) == 0 {
		words = []string{""}
	}
	cands, directive := completions(app, words)
	cur := words[len(words)-1]
	w := bufio.NewWriter(s.out)
	defer w.Flush()
	for _, c := range cands {
		switch shell {
		case "bash":
			// bash replaces only what follows the last : or = of the
			// word (COMP_WORDBREAKS).
			text := c.text
			if i := strings.LastIndexAny(cur, ":="); i >= 0 {
				text = strings.TrimPrefix(text, cur[:i+1])
			}
			fmt.Fprintln(w, text)
		case "zsh":
			fmt.Fprintf(w, "%s:%s\n", strings.ReplaceAll(c.text, ":", `\:`), c.desc)
		default:
			fmt.Fprintf(w, "%s\t%s\n", c.text, c.desc)
		}
	}
	if directive != "" {
		fmt.Fprintf(w, ":%s\n", directive)
	}
	return 0
}

// completions are the candidates for the last of words (the arguments typed
// after the program's name), those that start with it, and whether the
// shell should add file names ("files", "rulefiles" or "").
func completions(app *cli.App, words []string) ([]candidate, string) {
	cur, prev := words[len(words)-1], words[:len(words)-1]
	var cmd *cli.Command
	rest, help := prev, false
	for i, w := range prev {
		if !strings.HasPrefix(w, "-") {
			if w == "help" || w == "h" {
				help = true // urfave/cli's, added when the app runs
				break
			}
			cmd, rest = app.Command(w), prev[i+1:]
			if cmd == nil {
				return nil, "" // not a command: nothing to offer
			}
			break
		}
	}
	if cmd == nil {
		if strings.HasPrefix(cur, "-") && !help {
			return matching(cur, []candidate{{"--help", "show help"}, {"--version", "print the version"}}), ""
		}
		return matching(cur, commandCandidates(app)), ""
	}
	// Where the words after the command leave cur: a flag's value, a flag,
	// or the n-th positional argument.
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	positional, afterDash, valueOf, firstArg := 0, false, "", ""
	for _, w := range rest {
		switch {
		case valueOf != "":
			valueOf = ""
		case afterDash || w == "-" || !strings.HasPrefix(w, "-"):
			if positional == 0 {
				firstArg = w
			}
			positional++
		case w == "--":
			afterDash = true
		default:
			name := strings.TrimLeft(w, "-")
			if !strings.Contains(name, "=") && takesValue[name] {
				valueOf = name
			}
		}
	}
	switch {
	case valueOf != "":
		return flagValues(cmd, valueOf, cur)
	case !afterDash && strings.HasPrefix(cur, "-"):
		if name, value, ok := strings.Cut(strings.TrimLeft(cur, "-"), "="); ok {
			cands, _ := flagValues(cmd, name, value)
			prefix := cur[:len(cur)-len(value)]
			for i := range cands {
				cands[i].text = prefix + cands[i].text
			}
			return cands, ""
		}
		return matching(cur, flagCandidates(cmd)), ""
	}
	if cmd.Name == "analyze" && firstArg == "merge" {
		return nil, "files" // analyze merge FILE...
	}
	switch argKind(cmd.Name, positional) {
	case "game":
		if cmd.Name == "analyze" {
			return matching(cur, append([]candidate{{"merge", "add up the JSON reports of shards"}}, gameCandidates()...)), "rulefiles"
		}
		return matching(cur, gameCandidates()), "rulefiles"
	case "file":
		return nil, "files"
	}
	return nil, ""
}

// gameArgs is how many GAME arguments each command takes first (-1: any
// number); gameOrFileArgs take rule files as well, as GAMEs do.
var gameArgs = map[string]int{
	"play": 1, "variants": 1, "rules": 1, "moves": 1, "perft": 1, "match": 1, "train": 1, "best": 1, "explain": 1,
	"bench": -1, "serve": -1, "lint": -1, "test": -1, "analyze": 1,
}

// argKind is what the n-th (from 0) positional argument of a command is:
// "game" (a built-in game or a rule file), "file" (a record) or "".
func argKind(cmd string, n int) string {
	if k, ok := gameArgs[cmd]; ok && (k < 0 || n < k) {
		return "game"
	}
	if cmd == "replay" && n == 0 {
		return "file"
	}
	return ""
}

// flagValues are the values a command's flag may take, when they are few
// (and then no files), or files for the flags that name one.
func flagValues(cmd *cli.Command, flag, cur string) ([]candidate, string) {
	switch flag {
	case "notation":
		return matching(cur, []candidate{{"auto", "numeric where the board numbers its squares"}, {"numeric", "11-15"}, {"algebraic", "c3-d4"}}), ""
	case "format":
		if cmd.Name == "lint" {
			return matching(cur, []candidate{{"text", "with the source line and a caret"}, {"json", "one object per line"}}), ""
		}
		formats := []candidate{{"text", "the project's position text"}, {"xgid", "GNU Backgammon's XGID"}, {"gnubgid", "GNU Backgammon's Position ID"}}
		for _, name := range variants.Names() {
			if g, err := interpreter.Open(name); err == nil && g.PositionNotation() != "" && !slices.ContainsFunc(formats, func(c candidate) bool { return c.text == g.PositionNotation() }) {
				formats = append(formats, candidate{g.PositionNotation(), "the positions of " + g.Name})
			}
		}
		return matching(cur, formats), ""
	case "dice":
		return matching(cur, []candidate{{"auto", "the program rolls them"}, {"manual", "type each roll, for real dice"}}), ""
	case "game":
		return matching(cur, gameCandidates()), "rulefiles"
	case "resume", "record", "pdn", "openings", "data", "records", "html", "output":
		return nil, "files"
	}
	if flag == "first" || flag == "second" || flag == "a" || flag == "b" || slices.Contains(builtinPlayerNames(), flag) {
		specs := specCandidates()
		if cmd.Name == "play" {
			specs = append([]candidate{{"human", "a person, at the prompt"}}, specs...)
		}
		return matching(cur, specs), ""
	}
	return nil, ""
}

// matching are the candidates that start with cur, in order.
func matching(cur string, cands []candidate) []candidate {
	var out []candidate
	for _, c := range cands {
		if strings.HasPrefix(c.text, cur) {
			out = append(out, c)
		}
	}
	return out
}

// commandCandidates are the commands, help included, in the order of the
// help.
func commandCandidates(app *cli.App) []candidate {
	var out []candidate
	for _, c := range app.Commands {
		if !c.Hidden {
			out = append(out, candidate{c.Name, c.Usage})
		}
	}
	if app.Command("help") == nil {
		out = append(out, candidate{"help", "show the commands, or one command's help"})
	}
	return out
}

// flagCandidates are a command's flags, long names as --name and short ones
// as -n, with --help.
func flagCandidates(cmd *cli.Command) []candidate {
	var out []candidate
	for _, f := range cmd.Flags {
		desc := ""
		if df, ok := f.(cli.DocGenerationFlag); ok {
			desc = strings.ReplaceAll(df.GetUsage(), "`", "")
		}
		for _, n := range f.Names() {
			if len(n) == 1 {
				out = append(out, candidate{"-" + n, desc})
			} else {
				out = append(out, candidate{"--" + n, desc})
			}
		}
	}
	out = append(out, candidate{"--help", "show help"})
	sort.SliceStable(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

var nameLine = regexp.MustCompile(`(?m)^name:\s*(.+?)\s*$`)

// gameCandidates are the built-in games, each with the name its rule file
// gives it.
func gameCandidates() []candidate {
	var out []candidate
	for _, n := range variants.Names() {
		desc := ""
		if src, ok := variants.Source(n); ok {
			if m := nameLine.FindSubmatch(src); m != nil {
				desc = strings.Trim(string(m[1]), `"'`)
			}
		}
		out = append(out, candidate{n, desc})
	}
	return out
}

var specLine = regexp.MustCompile(`^  (random|greedy|mcts(?::[a-z]+)?)\s{2,}(.+)$`)

// specCandidates are the player specs ai.SpecHelp lists by name.
func specCandidates() []candidate {
	var out []candidate
	for _, l := range strings.Split(ai.SpecHelp(), "\n") {
		if m := specLine.FindStringSubmatch(l); m != nil {
			out = append(out, candidate{m[1], m[2]})
		}
	}
	return out
}

// splitCommandLine splits a command line as a POSIX shell would for
// completion: blanks separate, quotes group, a backslash escapes.
func splitCommandLine(line string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, rune(0)
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped, in = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// completionScripts are the scripts `stackrules completion SHELL` prints.
var completionScripts = map[string]string{
	"bash": `# bash completion for stackrules: commands, flags, built-in games, files.
# Load it in ~/.bashrc with:  source <(stackrules completion bash)
_stackrules() {
    local line directive= cur=${COMP_WORDS[COMP_CWORD]}
    COMPREPLY=()
    while IFS= read -r line; do
        case $line in
            :*) directive=${line#:} ;;
            *) COMPREPLY+=("${line%%$'\t'*}") ;;
        esac
    done < <("${COMP_WORDS[0]}" __complete bash "${COMP_LINE:0:COMP_POINT}" 2>/dev/null)
    case $directive in
        files)
            compopt -o filenames 2>/dev/null
            while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur") ;;
        rulefiles)
            compopt -o filenames 2>/dev/null
            while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -d -- "$cur"; compgen -f -X '!*.y*ml' -- "$cur") ;;
    esac
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
        compopt -o nospace 2>/dev/null
    fi
    return 0
}
complete -F _stackrules stackrules
`,
	"zsh": `#compdef stackrules
# zsh completion for stackrules: commands, flags, built-in games, files.
# Load it in ~/.zshrc, after compinit, with:  source <(stackrules completion zsh)
_stackrules() {
    local line directive=
    local -a cands
    for line in "${(@f)$(${(Q)words[1]} __complete zsh "${(@Q)words[2,CURRENT]}" 2>/dev/null)}"; do
        case $line in
            '') ;;
            :*) directive=${line#:} ;;
            *) cands+=("$line") ;;
        esac
    done
    (( $#cands )) && _describe -t values stackrules cands
    case $directive in
        files) _files ;;
        rulefiles) _files -g '*.(yaml|yml)(-.)' ;;
    esac
    return 0
}
if [[ $funcstack[1] == _stackrules ]]; then
    _stackrules "$@"
else
    compdef _stackrules stackrules
fi
`,
	"fish": `# fish completion for stackrules: commands, flags, built-in games, files.
# Install it with:  stackrules completion fish > ~/.config/fish/completions/stackrules.fish
function __stackrules_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l prog $tokens[1]
    set -e tokens[1]
    set -l directive
    for line in ($prog __complete fish $tokens "$cur" 2>/dev/null)
        switch $line
            case ':*'
                set directive (string sub -s 2 -- $line)
            case '*'
                echo $line
        end
    end
    switch "$directive"
        case files
            __fish_complete_path "$cur"
        case rulefiles
            __fish_complete_path "$cur" | string match -r -- '^.*(?:\.ya?ml|/)(?:\t.*)?$'
    end
end
complete -c stackrules -f -a '(__stackrules_complete)'
`,
}
