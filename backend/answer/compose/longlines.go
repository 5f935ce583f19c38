package compose

import (
	"strconv"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// longLinesLead makes the first step grep's extended pattern of more
// characters than the question's length, where it picks the lines longer
// than that (analyse.LongLines) and the first page is grep(1): "print
// only the lines longer than 80 characters" is `grep -E '.{81,}' FILE`,
// citing -E, where no item says it and -b (a byte offset) led.
func (c *composition) longLinesLead(s *source, pl *plan) bool {
	n, ok := analyse.LongLines(c.text)
	if !ok || typedName(s.doc, s.hit.Meta.Title) != "grep" {
		return false
	}
	p, ok := itemWhere(s, optionNamed("-E"))
	if !ok {
		return false
	}
	pl.leadWith(p, "grep -E '.{"+strconv.Itoa(n+1)+",}' "+c.filesOrPlaceholder(), itemDoes(p.block.Text))
	return true
}
