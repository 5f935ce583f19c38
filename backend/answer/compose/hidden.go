package compose

import (
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// hiddenFirst puts first the option of page s that shows the entries
// whose names start with a dot, where the question asks for hidden
// files: ls's -a, "do not ignore entries starting with .", whose words
// say nothing of hiding, for "show hidden files too", where ls alone
// led, and -d for "list all files including hidden ones". It keeps the
// lead, as an option the question asks for does. ok is false where the
// question asks for none, leaves them out, or the page has no such
// option.
func (c *composition) hiddenFirst(s *source, chosen []passage) ([]passage, bool) {
	if !hiddenAsked().MatchString(c.text) || hiddenLeftOut().MatchString(c.text) {
		return chosen, false
	}
	p, ok := itemWhere(s, func(p passage) bool {
		return c.optionItem(s, p) && dotShown().MatchString(itemSentence(p.block.Text))
	})
	if !ok {
		return chosen, false
	}
	return putFirst(chosen, p), true
}

var (
	// hiddenAsked: files, folders or entries whose names start with a
	// dot, as people call them
	hiddenAsked = lazyre.New(`(?i)\bhidden\s+(?:ones|files?|entries|folders?|directories|dirs)\b|\bincluding\s+(?:the\s+)?hidden\b|\bdot\s*files\b`)
	// hiddenLeftOut: the question leaves them out
	hiddenLeftOut = lazyre.New(`(?i)\b(?:without|except|excluding|exclude|ignore|ignoring|skip|skipping|no|not|but\s+not)\s+(?:the\s+|any\s+)?hidden\b`)
	// dotShown: an option that shows the names that start with a dot
	dotShown = lazyre.New(`(?i)^\s*do\s+not\s+ignore\s+(?:entries|files|file\s+names|names)\s+(?:starting|beginning)\s+with\s+['"‘]?\.`)
)
