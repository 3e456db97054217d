// Package authoring holds the tools for people who write rule files, over
// the compiled interpreter.Game. lint.go is `stackrules lint`: Lint runs
// every check at once — what loading finds, comment cuts (comments.go:
// an expression cut short by ` #`), the meaning checks of the compiled rules
// (interpreter's MeaningChecks), the file's own tests, and the behaviour
// seen in seeded random games (lint_behaviour.go: rules that never fire,
// games that never end, runtime errors placed at their term, asymmetry) —
// and writes the diagnostics as text with caret lines or as JSON.
// ruletests.go runs a rule file's tests: section (RunTests, `stackrules
// test`). `stackrules explain` is interpreter's Game.Explain, which the
// players' "not legal" messages use too.
package authoring
