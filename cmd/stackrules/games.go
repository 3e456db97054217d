package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
)

// recordsDir is where play keeps records unless told otherwise: the user's
// data folder ($XDG_DATA_HOME/stackrules/games, by default
// ~/.local/share/stackrules/games; ~/Library/Application Support on macOS,
// %LOCALAPPDATA% on Windows).
func recordsDir() (string, error) {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "stackrules", "games"), nil
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, "stackrules", "games"), nil
		}
	case "darwin":
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, "Library", "Application Support", "stackrules", "games"), nil
		}
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no folder for records (no $XDG_DATA_HOME and %v); use --record FILE", err)
	}
	return filepath.Join(home, ".local", "share", "stackrules", "games"), nil
}

// defaultRecordFolder is the records folder, made if need be; the current
// folder when there is none to be had, so a game is never lost for want of it.
func defaultRecordFolder() string {
	dir, err := recordsDir()
	if err != nil || os.MkdirAll(dir, 0o755) != nil {
		return "."
	}
	return dir
}

// gameEntry is one record in the records folder.
type gameEntry struct {
	path, variant, sides, result, date string
	moves                              int
	mod                                time.Time
}

func gamesCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:  "games",
		Usage: "list the games recorded by play, newest first",
		Description: "Records are kept in $XDG_DATA_HOME/stackrules/games (by default\n" +
			"~/.local/share/stackrules/games) unless play is given --record FILE.\n" +
			"Continue one with `stackrules play --resume FILE`, step through it with\n" +
			"`stackrules replay FILE --step`.",
		Flags: []cli.Flag{&cli.IntFlag{Name: "last", Aliases: []string{"n"}, Value: 20, Usage: "list the newest `N` (0: all)"}},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("games takes no arguments")
			}
			dir, err := recordsDir()
			if err != nil {
				return err
			}
			entries, err := listGames(dir)
			if err != nil {
				return err
			}
			if len(entries) == 0 {
				fmt.Fprintf(s.out, "No games recorded in %s yet.\n", dir)
				return nil
			}
			total := len(entries)
			if n := c.Int("last"); n > 0 && n < len(entries) {
				entries = entries[:n]
			}
			fmt.Fprintf(s.out, "Games in %s, newest first:\n", dir)
			rows := [][]string{{"date", "game", "sides", "moves", "result", "file"}}
			for _, e := range entries {
				rows = append(rows, []string{e.date, e.variant, e.sides, fmt.Sprint(e.moves), e.result, filepath.Base(e.path)})
			}
			for _, l := range columns(rows) {
				fmt.Fprintln(s.out, l)
			}
			if total > len(entries) {
				fmt.Fprintf(s.out, "(%d more; --last 0 lists them all)\n", total-len(entries))
			}
			return nil
		},
	}
}

// listGames reads the records in dir, newest first; files that are not
// records are left out.
func listGames(dir string) ([]gameEntry, error) {
	files, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	var out []gameEntry
	for _, f := range files {
		if f.IsDir() || !strings.HasSuffix(f.Name(), ".txt") || strings.HasPrefix(f.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, f.Name())
		rec, err := readRecord(path)
		if err != nil {
			continue
		}
		info, err := f.Info()
		if err != nil {
			continue
		}
		e := gameEntry{path: path, variant: rec.Tag("Variant"), result: rec.Result, moves: len(rec.Moves), mod: info.ModTime()}
		if e.variant == "" {
			e.variant = rec.Tag("Game")
		}
		if t := rec.Tag("Termination"); t != "" && rec.Result != "*" {
			e.result += " (" + t + ")"
		}
		var sides []string
		for _, t := range rec.Tags {
			switch t.Key {
			case "Game", "Variant", "Rules", "Date", "Result", "Termination", "Position", "Event", "Site", "Round", "GameType", "FEN", "SetUp":
				continue
			}
			sides = append(sides, strings.ToLower(t.Key)+" "+t.Value)
		}
		e.sides = strings.Join(sides, ", ")
		e.date = e.mod.Format("2006-01-02 15:04")
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].mod.Equal(out[j].mod) {
			return out[i].mod.After(out[j].mod)
		}
		return out[i].path > out[j].path
	})
	return out, nil
}

// columns lines rows up in columns two spaces apart.
func columns(rows [][]string) []string {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], visibleWidth(c))
		}
	}
	var out []string
	for _, r := range rows {
		var sb strings.Builder
		for i, c := range r {
			if i == len(r)-1 {
				sb.WriteString(c)
				break
			}
			sb.WriteString(padRight(c, widths[i]+2))
		}
		out = append(out, strings.TrimRight(sb.String(), " "))
	}
	return out
}
