package compose

import (
	"slices"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// listFile is the option item of page s that reads what the command
// works on from a file, where the question keeps that list in a file it
// names: wget's "-i file", "Read URLs from a local or external file",
// for "download all the URLs listed in links.txt", which the words of
// -B ("reading links from an HTML file specified via -i") outscored,
// and which left `wget [URL]...` to lead. Of several, the one the option
// model has people give for the task.
func (c *composition) listFile(s *source) (passage, bool) {
	if !answer.ProgramPage(s.hit.Meta) || !slices.ContainsFunc(c.ops, func(op operand) bool { return op.keepsList }) {
		return passage{}, false
	}
	return c.bestOption(s, func(p passage) bool {
		return takesFile(p.block.Term) && readsFrom().MatchString(itemDoes(p.block.Text))
	})
}

// keptListBefore ends the words before a file a question keeps what it
// works on in: "the URLs listed in", "the hosts written one per line
// in the file".
var keptListBefore = lazyre.New(`(?i)\b(?:listed|named|given|written|kept|stored|saved|specified|enumerated)\s+(?:one\s+(?:per|a|to\s+a)\s+line\s+)?(?:in|inside|within)\s+(?:the\s+)?(?:file\s+|list\s+)?$`)

// readsFrom is what an option that reads a list from a file does:
// "Read URLs from a local or external file", "get names to extract or
// create from FILE", "Obtain patterns from FILE, one per line".
var readsFrom = lazyre.New(`(?i)^\s*(?:read|reads|take|takes|get|gets|obtain|obtains|load|loads)\b[^.;]{0,60}?\bfrom\b`)

// writtenSlot is the name of an option's placeholder of a file the
// option writes: "outfile", "DEST", "target".
var writtenSlot = lazyre.New(`(?i)out|dest|target`)
