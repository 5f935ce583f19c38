package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// withRecursive writes into a command line that works on the folder
// the question names the page's option that descends into it, where the
// question asks for what is inside as well: "change the owner of every
// file in /srv/app to deploy" is `chown -R deploy /srv/app`, which
// without -R changes the folder alone. line runs the command (cmd); it
// is returned as it is where the question or the page gives no reason.
func (c *composition) withRecursive(s *source, cmd, line string) string {
	if !recursionAsked().MatchString(c.text) {
		return line
	}
	words := strings.Fields(line)
	at := len(strings.Fields(cmd))
	if at > len(words) || !slices.ContainsFunc(c.ops, func(op operand) bool {
		return (op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath) && slices.Contains(words, op.text)
	}) {
		return line
	}
	opt := ""
	for p := range ownItems(s.doc) {
		names := optionNames(p.block.Term)
		if i := slices.IndexFunc(names, func(n string) bool { return n == "-R" || n == "-r" }); i >= 0 && optionArg(p.block.Term) == "" && recursive().MatchString(itemDoes(p.block.Text)) {
			opt = names[i]
			break
		}
	}
	if opt == "" || slices.ContainsFunc(words, func(w string) bool {
		return w == "-r" || w == "-R" || w == "--recursive" || letterBundle(w) && strings.ContainsAny(w[1:], "rR")
	}) {
		return line
	}
	return joinAt(words, at, opt)
}

// recursionAsked is a question that asks for what is inside a folder as
// well as the folder: "every file in", "everything inside it",
// "including its subfolders", "recursively".
var recursionAsked = lazyre.New(`(?i)\b(?:every|all)\s+(?:the\s+|of\s+the\s+)?(?:files?|folders?|directories|subfolders?|subdirectories)\s+(?:in|under|inside|below|within|beneath)\b|\beverything\s+(?:in|inside|under|below|within|beneath)\b|\bincluding\s+(?:all\s+)?(?:its\s+|their\s+)?(?:sub-?folders|sub-?directories|contents)\b|\brecursive(?:ly)?\b|\band\s+(?:all\s+)?(?:its|their)\s+(?:sub-?folders|sub-?directories|contents)\b|\btogether\s+with\s+(?:everything|all)\b`)
