package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// "How many times does the word error appear in app.log?" counts a word's
// occurrences, which takes two programs: grep prints each match on a line
// of its own (-o) and wc counts the lines (`grep -o -w error app.log | wc
// -l`). grep's own -c counts the lines that match, once for a line that
// holds the word twice, and wc's page counts every word of the file.

// occurrencesLead makes the first step the line that counts the
// occurrences of the word the question gives, where the first page is
// grep(1) or wc(1): that page's item leads (grep's -o, wc's -l), and the
// other program's is cited for what the line does besides.
func (c *composition) occurrencesLead(s *source, pl *plan) bool {
	wordly, ok := analyse.CountsOccurrences(c.text)
	prog := typedName(s.doc, s.hit.Meta.Title)
	if !ok || prog != "grep" && prog != "wc" {
		return false
	}
	var word, files []string
	for _, op := range c.ops {
		switch op.kind {
		case analyse.ArgQuoted:
			word = append(word, op.text)
		case analyse.ArgFile, analyse.ArgGlob, analyse.ArgPath:
			files = append(files, op.text)
		}
	}
	if len(word) != 1 {
		return false
	}
	opts := "-o "
	if wordly {
		opts = "-ow "
	}
	line := strings.Join(append([]string{"grep", opts + word[0]}, files...), " ") + " | wc -l"
	// the first page's item leads, and the other program's is cited
	own, other, its := linesItem, "grep", onlyMatchingItem
	if prog == "grep" {
		own, other, its = onlyMatchingItem, "wc", linesItem
	}
	p, ok := itemWhere(s, own)
	also, found := c.itemOf(other, its)
	if !ok || !found {
		return false
	}
	pl.leadWith(p, line, itemDoes(p.block.Text))
	pl.also = &also
	return true
}

// onlyMatchingItem is grep's -o, "Print only the matched (non-empty)
// parts of a matching line, with each such part on a separate output
// line".
func onlyMatchingItem(p passage) bool { return strings.HasPrefix(p.block.Term, "-o") }
