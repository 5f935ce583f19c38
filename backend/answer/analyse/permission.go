package analyse

import (
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// permissionAdjectives are the words that ask for a permission a file
// should have ("make deploy.sh executable"), with the mode bit each asks
// for: one list for the reader, which reads them as a question about
// modes, and the composer, which writes the bit into chmod's MODE.
var permissionAdjectives = map[string]string{
	"executable": "x", "runnable": "x", "readable": "r", "writable": "w", "writeable": "w",
}

// permissionWords finds a permission asked for: an adjective, or
// "permission to be executed", "permission to run", "allowed to read".
var permissionWords = lazyre.New(`(?i)\b(executable|runnable|readable|writable|writeable)\b|\b(?:permissions?|rights?|allowed|able)\s+to\s+(?:be\s+)?(execut(?:e|ed)|run|read|write|written)\b`)

// PermissionBit is the mode bit ("x", "r" or "w") a question asks a file
// to have, "" if it asks for none.
func PermissionBit(q string) string {
	m := permissionWords().FindStringSubmatch(q)
	switch {
	case m == nil:
		return ""
	case m[1] != "":
		return permissionAdjectives[strings.ToLower(m[1])]
	}
	switch w := strings.ToLower(m[2]); {
	case strings.HasPrefix(w, "execut"), w == "run":
		return "x"
	case w == "read":
		return "r"
	}
	return "w"
}
