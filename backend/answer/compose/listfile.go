package compose

import (
	"slices"
	"strings"

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
// in the file", "the files listed, one per line, in".
var keptListBefore = lazyre.New(`(?i)\b(?:listed|named|given|written|kept|stored|saved|specified|enumerated)\s*,?\s+(?:one\s+(?:per|a|to\s+a)\s+line\s*,?\s+)?(?:in|inside|within)\s+(?:the\s+)?(?:file\s+|list\s+)?$`)

// readsFrom is what an option that reads a list from a file does:
// "Read URLs from a local or external file", "get names to extract or
// create from FILE", "Obtain patterns from FILE, one per line".
// What it reads is a list of things to work on, not a table of its own
// (tar's --group-map, "Read group translation map from FILE").
var readsFrom = lazyre.New(`(?i)^\s*(?:read|reads|take|takes|get|gets|obtain|obtains|load|loads)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:names?|lists?|files?|urls?|patterns?|hosts?|targets?|addresses|arguments|items|entries|paths?|lines|packages|commands)\b[^.;]{0,60}?\bfrom\b`)

// writtenSlot is the name of an option's placeholder of a file the
// option writes: "outfile", "DEST", "target".
var writtenSlot = lazyre.New(`(?i)out|dest|target`)

// listFileJoins is a bundle's line (of opts) with the file the question
// keeps its list in given to the option that reads it (listFile), where
// the line had it for an operand: `tar -cf backup.tar -T files.txt`, not
// `tar -cf backup.tar files.txt`, which archives the list itself.
func (c *composition) listFileJoins(s *source, opts []passage, line string) (passage, string, bool) {
	p, ok := c.listFile(s)
	if !ok || slices.ContainsFunc(opts, p.same) {
		return passage{}, "", false
	}
	i := slices.IndexFunc(c.ops, func(op operand) bool { return op.keepsList })
	words := strings.Fields(line)
	at := slices.Index(words, shellQuote(c.ops[i].text))
	name, _, _ := strings.Cut(optionForm(strings.TrimSpace(p.block.Term)), " ")
	if at < 1 || name == "" {
		return passage{}, "", false
	}
	return p, joinAt(words, at, name), true
}
