package interpreter

import (
	"regexp"
	"strconv"
)

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// yamlErrorPos finds the line a yaml.v3 error names, if any.
func yamlErrorPos(err error) srcPos {
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		l, _ := strconv.Atoi(m[1])
		return srcPos{l, 1}
	}
	return srcPos{1, 1}
}
