package compose

import (
	"path"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// A question that gives many files a new extension ("rename every .jpeg
// file to .jpg") is no move: `mv *.jpeg .jpg` moves them onto one name.
// A program whose synopsis replaces an expression in the files' names
// (util-linux's "rename [options] expression replacement file...") does
// it in one line: `rename.ul .jpeg .jpg *.jpeg`.

// renameLead makes the first step the line that runs page s's program on
// the files of the question's glob, replacing the extension they have
// with the one the question gives, where s's synopsis takes an
// expression and its replacement before the files.
func (c *composition) renameLead(s *source, pl *plan) bool {
	if !slices.ContainsFunc(synopsisLines(s.doc), func(l string) bool { return strings.Contains(l, "expression replacement file") }) {
		return false
	}
	from, to, files := renamedExtensions(c.ops, c.args)
	if from == "" {
		return false
	}
	line := typedName(s.doc, s.hit.Meta.Title) + " " + from + " " + to + " " + files
	pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, line
	pl.shown = min(pl.shown, len(pl.chosen))
	return true
}

// renamedExtensions are the extension of the files of a glob operand
// ("*.jpeg", or "pics/*.jpeg" in a folder) and another the question
// gives (".jpg"), which they are renamed to, and the glob; "" where it
// gives no such two.
func renamedExtensions(ops []operand, args []analyse.Arg) (from, to, files string) {
	for _, op := range ops {
		if ext := path.Ext(op.text); op.kind == analyse.ArgGlob && !op.to && path.Base(op.text) == "*"+ext && bareExtension(ext) {
			from, files = ext, op.text
			break
		}
	}
	for _, a := range args {
		if ext := strings.TrimPrefix(a.Text, "*"); from != "" && (a.Kind == analyse.ArgFile || a.Kind == analyse.ArgGlob) && bareExtension(ext) && ext != from {
			return from, ext, files
		}
	}
	return "", "", ""
}

// bareExtension says whether a file name is an extension alone: ".jpg".
func bareExtension(name string) bool {
	return strings.HasPrefix(name, ".") && path.Ext(name) == name && len(name) > 1
}
