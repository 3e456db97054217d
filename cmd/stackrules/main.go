// Command stackrules plays stacking checkers games from rules written as data.
package main

import "os"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
