package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
)

// "How many files are in this folder?" takes two programs: one lists the
// folder, one counts the lines of the list (`ls docs | wc -l`). wc's own
// page answers with `wc -l [FILE]...`, which counts the lines inside the
// files, and ls's with a listing no one counts by eye.

// countFilesLead makes the first step the line that counts the entries
// of the question's folder, where the first page is wc(1), ls(1) or
// find(1), citing wc's -l and the lister: `ls docs | wc -l`; through the
// subfolders, or where find leads, the files find lists: `find docs
// -type f | wc -l`.
func (c *composition) countFilesLead(s *source, pl *plan) bool {
	noun, inside, counts := analyse.CountsEntries(c.text)
	prog := typedName(s.doc, s.hit.Meta.Title)
	if !counts || prog != "wc" && prog != "ls" && prog != "find" {
		return false
	}
	dir := ""
	if d := c.folderOperand(); d != "" {
		dir = " " + d
	}
	// of a kind ("all pdf files in Documents"): the shell's pattern for
	// them (Documents/*.pdf), or find's -name through the subfolders
	glob := ""
	for _, op := range c.ops {
		if op.kind == analyse.ArgGlob && strings.Contains(op.text, "*.") {
			glob = op.text
			break
		}
	}
	if d, _, ok := strings.Cut(glob, "/*."); ok && dir == "" {
		dir = " " + d
	}
	lister, list := "ls", "ls"+dir
	if glob != "" {
		list = "ls " + glob
		if !strings.Contains(glob, "/") && dir != "" {
			list = "ls" + dir + "/" + glob
		}
	}
	if inside || prog == "find" {
		kind := "f"
		if strings.Contains(noun, "folder") || strings.Contains(noun, "director") {
			kind = "d"
		}
		lister, list = "find", "find"+dir
		if dir == "" {
			list = "find ."
		}
		if !inside {
			list += " -maxdepth 1"
		}
		list += " -type " + kind
		if glob != "" {
			list += " -name '" + glob[strings.LastIndex(glob, "/")+1:] + "'"
		}
	}
	line := list + " | wc -l"
	if prog == "wc" {
		lines, ok := itemWhere(s, linesItem)
		listed, found := c.pageNamed(lister)
		if !ok || !found {
			return false
		}
		pl.leadWith(lines, line, itemDoes(lines.block.Text))
		pl.also = &listed
		return true
	}
	// the lister leads: its line, and wc's -l cited for the count
	counted, ok := c.itemOf("wc", linesItem)
	if !ok || lister != prog {
		return false
	}
	pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, line
	pl.shown = min(pl.shown, len(pl.chosen))
	pl.also = &counted
	return true
}

// folderOperand is the first folder the question names, or a path
// with no dot in it (no file's): "" where it names none.
func (c *composition) folderOperand() string {
	for _, op := range c.ops {
		if op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath && !strings.Contains(op.text, ".") {
			return op.text
		}
	}
	return ""
}

// linesItem is wc's -l, "print the newline counts".
func linesItem(p passage) bool { return strings.HasPrefix(p.block.Term, "-l") }

// pageNamed is the NAME line of the man page of program name in the
// index, cited as what a step's line does that its own page does not.
func (c *composition) pageNamed(name string) (alsoCited, bool) {
	for _, id := range c.lib.Pages(name) {
		m := c.lib.Meta(id)
		if m.Type != "man" || m.Summary == "" {
			continue
		}
		return alsoCited{text: name + ": " + document.ClipLine(m.Summary, 120), meta: m, section: "NAME"}, true
	}
	return alsoCited{}, false
}

// itemOf is the item of the man page of program name that is, cited as
// what a step's line does that its own page does not: "wc -l: print the
// newline counts".
func (c *composition) itemOf(name string, is func(p passage) bool) (alsoCited, bool) {
	for _, id := range c.lib.Pages(name) {
		m := c.lib.Meta(id)
		if m.Type != "man" {
			continue
		}
		d, err := c.lib.Load(id)
		if err != nil {
			continue
		}
		if p, ok := itemWhere(&source{doc: d}, is); ok {
			return alsoCited{text: name + " " + optionNames(p.block.Term)[0] + ": " + itemDoes(p.block.Text), meta: m, section: d.Sections[p.sec].Title}, true
		}
	}
	return alsoCited{}, false
}
