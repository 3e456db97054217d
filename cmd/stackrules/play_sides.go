package main

import (
	"regexp"
	"sort"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"
)

// Who plays each side of `stackrules play`: the flags named after the
// built-in games' players, --first/--second, --side NAME=SPEC, the record
// resumed, and the defaults.

// builtinPlayerNames are the player names of the built-in games, each the
// name of a flag. They are read from the embedded rule files, so a new
// built-in game brings its own flags.
func builtinPlayerNames() []string {
	seen := map[string]bool{}
	var names []string
	for _, v := range variants.Names() {
		data, _ := variants.Source(v)
		var doc struct {
			Players yaml.Node `yaml:"players"`
		}
		if yaml.Unmarshal(data, &doc) != nil || doc.Players.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i < len(doc.Players.Content); i += 2 {
			n := strings.ToLower(doc.Players.Content[i].Value)
			if !seen[n] && !reservedFlag[n] && flagName.MatchString(n) {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}

var flagName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// reservedFlag are play's own flags, which no player name may shadow.
var reservedFlag = map[string]bool{"first": true, "second": true, "side": true, "seat": true, "players": true, "position": true, "p": true,
	"resume": true, "record": true, "force": true, "flip": true, "ascii": true, "no-color": true, "seed": true, "help": true, "h": true, "notation": true}

// sideFlags is the value of --side, repeatable; a spec may hold commas.
type sideFlags struct{ items []string }

func (f *sideFlags) Set(v string) error { f.items = append(f.items, v); return nil }
func (f *sideFlags) String() string     { return strings.Join(f.items, " ") }

// parseSeat reads "human" (or you, me, person) or a player spec.
func parseSeat(flag, text string) (session.Seat, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "human" || t == "you" || t == "me" || t == "person" {
		return session.Seat{Human: true}, nil
	}
	sp, err := ai.ParseSpec(text)
	if err != nil {
		return session.Seat{}, usagef("%s: %v (or human)\n%s", flag, err, ai.SpecHelp())
	}
	return session.Seat{Spec: sp}, nil
}

// chooseSeats decides who plays each side: the flags, else the record being
// resumed, else the defaults (a person first, the AI after; when the flags
// name only AIs, the first side left is the person).
func chooseSeats(c *cli.Context, g *interpreter.Game, base *records.Record) ([]session.Seat, error) {
	n := len(g.Players)
	seats := make([]session.Seat, n)
	given := make([]string, n) // the flag that set each side
	set := func(flag string, i int, value string) error {
		if given[i] != "" && given[i] != "record" {
			return usagef("play: %s is given twice (%s and %s)", g.Players[i].Name, given[i], flag)
		}
		st, err := parseSeat(flag, value)
		if err != nil {
			return err
		}
		seats[i], given[i] = st, flag
		return nil
	}
	players := make([]string, n)
	for i, p := range g.Players {
		players[i] = p.Name
	}
	index := func(name string) int {
		for i, p := range g.Players {
			if strings.EqualFold(p.Name, name) {
				return i
			}
		}
		return -1
	}
	if base != nil {
		for i := range g.Players {
			if st, err := parseSeat("", base.Tag(records.TagKey(g, i))); err == nil {
				seats[i], given[i] = st, "record"
			}
		}
	}
	for i, f := range []string{"first", "second"} {
		if c.IsSet(f) {
			if i >= n {
				return nil, usagef("play: %s has only %d players", g.Name, n)
			}
			if err := set("--"+f, i, c.String(f)); err != nil {
				return nil, err
			}
		}
	}
	for _, name := range builtinPlayerNames() {
		if !c.IsSet(name) {
			continue
		}
		i := index(name)
		if i < 0 {
			return nil, usagef("play: %s has no player %q (its players: %s); --first, --second and --side NAME=SPEC work for any game",
				g.Name, name, strings.Join(players, ", "))
		}
		if err := set("--"+name, i, c.String(name)); err != nil {
			return nil, err
		}
	}
	var sides []string
	for _, f := range []string{"side", "seat"} {
		if sf, ok := c.Generic(f).(*sideFlags); ok {
			sides = append(sides, sf.items...)
		}
	}
	{
		for _, item := range sides {
			name, spec, ok := strings.Cut(item, "=")
			if !ok {
				return nil, usagef("play: --side %q: want NAME=SPEC, like --side %s=human", item, players[0])
			}
			i := index(strings.TrimSpace(name))
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "first":
				i = 0
			case "second":
				i = 1
			}
			if i < 0 || i >= n {
				return nil, usagef("play: --side %s: %s has no player %q (its players: %s)", item, g.Name, strings.TrimSpace(name), strings.Join(players, ", "))
			}
			if err := set("--side "+item, i, spec); err != nil {
				return nil, err
			}
		}
	}
	humanGiven := false
	for i := range seats {
		if given[i] != "" && seats[i].Human {
			humanGiven = true
		}
	}
	for i := range seats {
		if given[i] != "" {
			continue
		}
		if !humanGiven {
			seats[i] = session.Seat{Human: true}
			humanGiven = true
			continue
		}
		sp, _ := ai.ParseSpec(defaultOpponent)
		seats[i] = session.Seat{Spec: sp}
	}
	return seats, nil
}
