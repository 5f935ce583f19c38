package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// withReversed writes into the lead's command line the page's option that
// reverses its order, where the question asks for the other order than
// the lead's: "sort scores.txt numerically by its second column, largest
// first" is `sort -n -k 2 -r scores.txt` (sort orders smallest first),
// "list the files by size, smallest first" `ls -S -r` (ls -S, "largest
// first"); not `ls -S -r` for "largest first". Only where the lead
// orders: its item or the page's NAME line says it sorts.
func (c *composition) withReversed(s *source, pl *plan) {
	desc, asc := descendingAsked().MatchString(c.text), ascendingAsked().MatchString(c.text)
	if desc == asc {
		return
	}
	does := itemDoes(pl.chosen[0].block.Text)
	if !orders().MatchString(does) && !orders().MatchString(s.hit.Meta.Summary) {
		return
	}
	if leadDesc := descendingSaid().MatchString(does); leadDesc == desc {
		return
	}
	name, item, ok := reverseOption(s.doc)
	words := strings.Fields(pl.line)
	if !ok || slices.Contains(words, name) {
		return
	}
	cmd, sub := c.optionCommand(s, pl.chosen[0])
	if sub {
		return
	}
	at := afterOption(words, optionForm(strings.TrimSpace(pl.chosen[0].block.Term)), len(strings.Fields(cmd)))
	pl.line = joinAt(words, at, name)
	pl.desc = withoutStop(pl.desc) + "; " + itemDoes(item.Text)
}

// reverseOption is the option of page d whose item says first that it
// reverses the order, and its item: sort's and ls's -r.
func reverseOption(d *document.Document) (string, document.Block, bool) {
	for _, sec := range d.Sections {
		for _, b := range sec.Blocks {
			if b.Kind != document.Item || !reversesRE().MatchString(itemDoes(b.Text)) {
				continue
			}
			if names := optionNames(b.Term); len(names) > 0 {
				return names[0], b, true
			}
		}
	}
	return "", document.Block{}, false
}

var (
	// descendingAsked is a question that wants the biggest, newest or
	// most first
	descendingAsked = lazyre.New(`(?i)\b(?:largest|biggest|highest|greatest|heaviest|newest|latest|most\s+recent)\s+(?:ones?\s+|values?\s+|numbers?\s+|entries\s+|files\s+)?(?:first|on\s+top|at\s+the\s+top)\b|\b(?:descending|decreasing)\b|\bfrom\s+(?:the\s+)?(?:largest|biggest|highest|newest)\s+to\b|\bin\s+reverse(?:d)?\s+order\b`)
	// ascendingAsked wants the smallest, oldest or least first
	ascendingAsked = lazyre.New(`(?i)\b(?:smallest|lowest|least|oldest|earliest)\s+(?:ones?\s+|values?\s+|numbers?\s+|entries\s+|files\s+)?(?:first|on\s+top|at\s+the\s+top)\b|\b(?:ascending|increasing)\b|\bfrom\s+(?:the\s+)?(?:smallest|lowest|oldest)\s+to\b`)
	// descendingSaid is an item that orders the biggest or newest first
	descendingSaid = lazyre.New(`(?i)\b(?:largest|biggest|newest|latest)\s+first\b|\bdescending\b|\bdecreasing\b`)
	// orders is a text that says it sorts
	orders = lazyre.New(`(?i)\bsort|\border(?:ed|s|ing)?\b`)
	// reversesRE is an item that reverses the order
	reversesRE = lazyre.New(`(?i)^reverse\b`)
)
