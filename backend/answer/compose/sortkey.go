package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// sortKeyFirst puts first the option that sorts by what the question
// sorts by, where the best one sorts by another thing: ls's -S, "sort by
// file size", for "the file names in src sorted by size", not its -c,
// "sort by, and show, ctime", which says more of the question's other
// words. chosen is kept where the question sorts by nothing, the lead
// sorts by no key it says, or no option of the page sorts by its key.
func (c *composition) sortKeyFirst(s *source, ps, chosen []passage) []passage {
	if len(chosen) == 0 || !c.optionItem(s, chosen[0]) {
		return chosen
	}
	key := askedSortKey(c.text)
	if key == nil {
		return chosen
	}
	lead := itemSortKey(itemSentence(chosen[0].block.Text))
	if lead == "" || key[lead] {
		return chosen
	}
	for _, p := range ps {
		if c.optionItem(s, p) && !p.aside && c.stepWorthy(s, p) && key[itemSortKey(itemSentence(p.block.Text))] {
			return putFirst(chosen, p)
		}
	}
	return chosen
}

// askedSortKey is the stems of the words a question sorts by ("sorted by
// modification time": modif, time); nil where it sorts by nothing.
func askedSortKey(q string) map[string]bool {
	m := sortedByRE().FindStringSubmatch(q)
	if m == nil {
		return nil
	}
	key := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(m[1])) {
		if !terms.Stop(w) {
			key[terms.Stem(w)] = true
		}
	}
	if len(key) == 0 {
		return nil
	}
	return key
}

// itemSortKey is the stem of what an option's first sentence sorts by
// ("sort by file size, largest first": size); "" where it sorts by
// nothing it names.
func itemSortKey(first string) string {
	m := sortsByRE().FindStringSubmatch(first)
	if m == nil {
		return ""
	}
	return terms.Stem(strings.ToLower(m[1]))
}

// sortedByRE is a question's sort and the words it sorts by, up to three.
var sortedByRE = lazyre.New(`(?i)\b(?:sort(?:ed|ing|s)?|order(?:ed|ing|s)?)\b(?:\s+[a-z]+){0,4}?\s+by\s+((?:[a-z]+\s*){1,3})`)

// sortsByRE is an option's sort and the word it sorts by, past "file",
// "entry" or "the" (ls's -c: "sort by, and show, ctime").
var sortsByRE = lazyre.New(`(?i)\bsort(?:s|ed)?\s+by,?(?:\s+and\s+show,)?\s+(?:(?:the|file|entry|its)\s+)*([a-z]+)`)
