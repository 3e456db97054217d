package interpreter

// For lint_ext_test.go, whose tests lint (package authoring, which imports
// this one) the rule files the internal tests write.
var (
	ExprFuzzSeeds = exprFuzzSeeds
	FuzzRuleFile  = fuzzRuleFile
	LigerWhen     = ligerWhen
	ForwardLine   = forwardLine
)
