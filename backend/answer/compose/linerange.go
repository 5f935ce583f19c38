package compose

import (
	"cmp"
	"regexp"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A stream editor prints the lines a question numbers ("lines 10 to 20
// of big.txt", "line 42") by their addresses, its automatic printing
// off: `sed -n '10,20p' big.txt`; it deletes them with its d command,
// from the file itself where the question names it: `sed -i '10,20d'
// big.txt`. No item of sed(1) says either in one: its -n
// ("suppress automatic printing of pattern space") and its p command
// ("Print the current pattern space") print them together, and the
// items' own words chose "=: Print the current line number".

// emptyLines are the lines that hold nothing, or nothing but blanks,
// which a stream editor addresses by a pattern.
var emptyLines = lazyre.New(`(?i)\b(empty|blank)\s+lines\b`)

// emptyAddress is the address of the lines emptyLines finds in q, "" for
// none: blank lines may hold spaces.
func emptyAddress(q string) string {
	m := emptyLines().FindStringSubmatch(q)
	switch {
	case m == nil:
		return ""
	case strings.EqualFold(m[1], "blank"):
		return "/^[[:space:]]*$/"
	}
	return "/^$/"
}

// What a stream editor's items say: the option that stops its automatic
// printing, and its commands that print and delete the pattern space.
var (
	quietItem  = lazyre.New(`(?i)^\s*suppress\s+automatic\s+printing`)
	printItem  = lazyre.New(`(?i)^\s*print\s+the\s+current\s+pattern\s+space`)
	deleteItem = lazyre.New(`(?i)^\s*delete\s+(?:the\s+)?pattern\s+space`)
)

// linesLead makes the first step the stream editor's line that prints
// (or deletes) the lines the question numbers, where page s documents
// the items it takes (quietItem and printItem, or deleteItem): the
// option or command that leads, and the command it runs with it.
func (c *composition) linesLead(s *source, pl *plan) bool {
	addr := analyse.LineAddress(c.text, c.args)
	matched := addr == "" && (c.removesLines || emptyAddress(c.text) != "")
	pat := ""
	if matched {
		// the lines that hold what the question gives: "/DEBUG/";
		// or nothing: "/^$/"
		if addr = emptyAddress(c.text); addr == "" {
			if pat = removedPattern(c.text, c.args); pat == "" {
				return false
			}
			addr = sedAddress(pat)
		}
	}
	if addr == "" {
		return false
	}
	item := func(re func() *regexp.Regexp) (passage, bool) {
		return itemWhere(s, func(p passage) bool { return re().MatchString(itemSentence(p.block.Text)) })
	}
	// the file read, and where the question sends what is left ("and
	// save the rest to clean.log"), which a redirection writes
	file, out := "FILE", ""
	for _, op := range c.ops {
		switch {
		case op.kind != analyse.ArgFile || op.text == pat:
		case op.to && out == "":
			out = op.text
		case !op.to && file == "FILE":
			file = op.text
		}
	}
	if file == "FILE" || out == file {
		// one file named, whichever way: it is the one read
		file, out = cmp.Or(out, file), ""
	}
	prog := typedName(s.doc, s.hit.Meta.Title)
	var lead, runs passage
	var line string
	if charsDelete().MatchString(c.text) {
		d, ok := item(deleteItem)
		if !ok {
			return false
		}
		lead, line = d, prog+" '"+addr+"d' "+file
		if i, ok := c.editsInPlace(s); ok && file != "FILE" && out == "" {
			// lines taken out of the file named are taken out of it,
			// as a replacement in it is made in it (replaceLead),
			// unless the question only shows what is left
			lead, runs = i, d
			line = prog + " " + optionNames(i.block.Term)[0] + " '" + addr + "d' " + file
		}
	} else {
		if !analyse.LinesShown().MatchString(c.text) {
			return false // "comment out lines 5 to 9" edits them
		}
		n, ok1 := item(quietItem)
		p, ok2 := item(printItem)
		if !ok1 || !ok2 || len(optionNames(n.block.Term)) == 0 {
			return false
		}
		lead, runs = n, p
		line = prog + " " + optionNames(n.block.Term)[0] + " '" + addr + "p' " + file
	}
	if out != "" {
		line += " > " + out
	}
	pl.leadWith(lead, line, itemDoes(lead.block.Text))
	if runs.block.Kind == document.Item {
		pl.runs(runs)
	}
	return true
}
