package analyse

import (
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// VersionOf is the program whose version question q asks for, by its
// name: "print the bash version", "which version of tar is installed",
// "show git's version"; "" for none. The version of another thing is
// not a program's: "the default java version alternative", "sort
// version numbers", "a specific version of a package".
func VersionOf(q string) string {
	m := versionOfRE().FindStringSubmatch(q)
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1] + m[2])
}

// versionOfRE reads "version of NAME" (group 1) or "NAME version" (group
// 2), with nothing after it but the question's end or words that go on
// about the program (is, installed, running).
var versionOfRE = lazyre.New(`(?i)\b(?:version\s+of\s+(?:the\s+|my\s+|this\s+)?(?:installed\s+)?([a-z][\w+-]*(?:\.[\w+-]+)*)|([a-z][\w+-]*(?:\.[\w+-]+)*?)(?:'s)?\s+version)(?:\s*[?.!,]|\s*$|\s+(?:is|am|are|do|does|i|we|you|installed|running|here|on|in|that|which)\b)`)
