package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/urfave/cli/v2"
)

// streams are the command's input and output, injected so every command runs
// in-process in tests.
type streams struct {
	in       io.Reader
	out, err io.Writer
	prog     string // os.Args[0], for the commands printed to type next (selfCommand)
}

// usageError is a mistake in how the command was called: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

func newApp(s *streams) *cli.App {
	app := &cli.App{
		Name:      "stackrules",
		Usage:     "play stacking checkers games from rules written as data",
		UsageText: "stackrules COMMAND [options] [GAME]\n\nGAME is a built-in game (see `stackrules variants`) or the path to a rule file.",
		Reader:    s.in,
		Writer:    s.out,
		ErrWriter: s.err,
		// Errors are printed by run, which also picks the exit status.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err.Error()}
		},
		HideHelpCommand: false,
		Version:         appVersion(),
		Commands: []*cli.Command{
			playCommand(s),
			replayCommand(s),
			variantsCommand(s),
			rulesCommand(s),
			gamesCommand(s),
			movesCommand(s),
			perftCommand(s),
			benchCommand(s),
			matchCommand(s),
			trainCommand(s),
			analyzeCommand(s),
			bestCommand(s),
			lintCommand(s),
			testCommand(s),
			explainCommand(s),
			schemaCommand(s),
			serveCommand(s),
			completionCommand(s),
		},
	}
	for _, c := range app.Commands {
		c.OnUsageError = app.OnUsageError
	}
	return app
}

// run runs the command line and returns the exit status: 0 success, 1 a
// reported error, 2 a usage error.
func run(args []string, in io.Reader, out, errw io.Writer) (status int) {
	// A runtime error in a rule file's expression (interpreter.EvalError)
	// is reported like the rule file's other mistakes, at its place, from
	// whichever command met it.
	defer func() {
		if r := recover(); r != nil {
			ee, ok := r.(*interpreter.EvalError)
			if !ok {
				panic(r)
			}
			fmt.Fprintf(errw, "stackrules: %v\n", ee)
			status = 1
		}
	}()
	s := &streams{in: in, out: out, err: errw}
	if len(args) > 0 {
		s.prog = args[0]
	}
	app := newApp(s)
	if len(args) > 1 && args[1] == completeCommand {
		return complete(app, args[2:], s)
	}
	err := app.Run(hoistFlags(app, args))
	if err == nil {
		return 0
	}
	var es exitStatus
	if errors.As(err, &es) {
		fmt.Fprintf(errw, "stackrules: %v\n", err)
		return es.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(errw, "stackrules: %v\nRun 'stackrules help' or 'stackrules COMMAND --help' for usage.\n", err)
		return 2
	}
	if strings.HasPrefix(err.Error(), "No help topic for") {
		fmt.Fprintf(errw, "stackrules: %s\n", unknownCommandText(app, err.Error()))
		return 2
	}
	fmt.Fprintf(errw, "stackrules: %v\n", err)
	return 1
}

// hoistFlags moves a command's flags in front of its positional arguments:
// urfave/cli v2 stops reading flags at the first positional argument, and
// people write `perft liger --depth 3` as often as `perft --depth 3 liger`.
// A --help or -h anywhere after the command (not as a flag's value) asks
// for the command's help, whatever else is given: urfave/cli would take the
// first argument for a command to show ("liger" is not a command).
func hoistFlags(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	var cmd *cli.Command
	ci := -1
	for i := 1; i < len(args); i++ {
		if strings.HasPrefix(args[i], "-") {
			continue
		}
		cmd = app.Command(args[i])
		ci = i
		break
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, pos []string
	dangling := false // a flag that wants a value came last, without one
	rest := args[ci+1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			pos = append(pos, rest[i+1:]...)
			break
		}
		if isHelpFlag(a) && cmd.Name != "help" {
			return append(append([]string{}, args[:ci+1]...), "--help")
		}
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] {
				if i+1 < len(rest) {
					flags = append(flags, rest[i+1])
					i++
				} else {
					dangling = true
				}
			}
			continue
		}
		pos = append(pos, a)
	}
	out := append([]string{}, args[:ci+1]...)
	out = append(out, flags...)
	if dangling {
		// Leave it last, so the flag parser says it needs an argument
		// rather than taking the game's name or "--" as its value.
		return out
	}
	if len(pos) > 0 {
		out = append(out, "--")
		out = append(out, pos...)
	}
	return out
}

// isHelpFlag is urfave/cli's help flag, in the forms it reads.
func isHelpFlag(a string) bool {
	switch a {
	case "-h", "--h", "-help", "--help", "--help=true", "-help=true", "-h=true", "--h=true":
		return true
	}
	return false
}

// openGame loads the game named by the command's one argument, or def.
func openGame(c *cli.Context, def string) (*interpreter.Game, error) {
	name := def
	switch c.NArg() {
	case 0:
		if def == "" {
			return nil, usagef("%s: name a game (built-in: see `stackrules variants`) or a rule file", c.Command.Name)
		}
	case 1:
		name = c.Args().First()
	default:
		return nil, usagef("%s takes one GAME, not %d arguments", c.Command.Name, c.NArg())
	}
	g, err := openNamed(name)
	if err != nil {
		return nil, err
	}
	return withPlayers(c, g)
}

// position is the start position, or the one given by --position.
func position(c *cli.Context, g *interpreter.Game) (board.Position, error) {
	if !c.IsSet("position") {
		return g.Start(), nil
	}
	return records.ParsePosition(g, c.String("position"))
}

// formatFlag chooses how positions are written: the project's text, or for
// a game on a backgammon board an XGID or a GNU Backgammon Position ID.
var formatFlag = &cli.StringFlag{Name: "format", Usage: "write positions as `FORMAT`: text (the native c3:rb), a notation the rule file names (tps), xgid or gnubgid (backgammon); default the game's own"}

var positionFlag = &cli.StringFlag{Name: "position", Aliases: []string{"p"}, Usage: "start from position `POS` (\"TURN CELLS\", e.g. \"r a1:r,c3:br\"; in draughts a PDN FEN too, \"W:W21,22:B1,2\") instead of the start position"}

// outcomeText says how a game ended, for people.
func outcomeText(g *interpreter.Game, o interpreter.Outcome) string {
	if !o.Over {
		return ""
	}
	return g.OutcomeText(o)
}
