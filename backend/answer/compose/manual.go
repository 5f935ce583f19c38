package compose

import (
	"regexp"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// manualLead makes the first step man's line for the command whose
// manual the question asks to read (analyse.ManualOf): "show the manual
// for ls" is `man ls`, cited to man's own example of it ("Display the
// manual page for the item (program) ls"), where the synopsis left the
// page to the reader.
func (c *composition) manualLead(s *source, pl *plan) bool {
	name := analyse.ManualOf(c.text)
	if name == "" || typedName(s.doc, s.hit.Meta.Title) != "man" {
		return false
	}
	var example string
	p, ok := itemWhere(s, func(p passage) bool {
		f := strings.Fields(p.block.Term)
		if len(f) == 2 && f[0] == "man" && !strings.ContainsAny(f[1], ".-") {
			example = f[1]
			return true
		}
		return false
	})
	if !ok {
		return false
	}
	does := itemDoes(p.block.Text)
	// the example's page is another's than the question's
	does = regexp.MustCompile(`\b`+regexp.QuoteMeta(example)+`\b`).ReplaceAllLiteralString(does, name)
	pl.leadWith(p, "man "+shellQuote(name), does)
	return true
}
