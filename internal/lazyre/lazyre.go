// Package lazyre compiles a regular expression on first use. Every ragman
// process links every package, and a package-level regexp.MustCompile
// runs at start-up in each one: a CLI that only talks to the backend
// would compile dozens of expressions it never matches.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles pattern on its first call (and
// panics then if it is invalid, as regexp.MustCompile does) and returns
// the same *regexp.Regexp on every call.
func New(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
