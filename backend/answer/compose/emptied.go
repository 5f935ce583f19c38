package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// emptiedLead makes the first step truncate's size of 0 for the file a
// question empties and keeps (analyse.EmptiesFile): "empty the file
// log.txt" is `truncate -s 0 log.txt`, which no item says in one (-s
// "set or adjust the file size by SIZE bytes"), where the synopsis left
// the size to the reader as `truncate OPTION... log.txt`.
func (c *composition) emptiedLead(s *source, pl *plan) bool {
	if !analyse.EmptiesFile(c.text) || typedName(s.doc, s.hit.Meta.Title) != "truncate" {
		return false
	}
	p, ok := itemWhere(s, optionNamed("-s"))
	if !ok {
		return false
	}
	pl.leadWith(p, "truncate -s 0 "+c.filesOrPlaceholder(), itemDoes(p.block.Text))
	return true
}

// filesOrPlaceholder are the files, paths and globs the question gives,
// in its order, or FILE where it gives none.
func (c *composition) filesOrPlaceholder() string {
	var files []string
	for _, op := range c.ops {
		if op.kind == analyse.ArgFile || op.kind == analyse.ArgPath || op.kind == analyse.ArgGlob {
			files = append(files, op.text)
		}
	}
	if len(files) == 0 {
		return "FILE"
	}
	return strings.Join(files, " ")
}
