package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question may ask to see what a command would do without doing it:
// "show which files git clean would delete, without deleting anything",
// "simulate installing nginx", "a dry run of git add". Many commands
// have an option for that (git clean's -n, apt-get's -s, make's -n,
// dpkg's --dry-run), whose words say "dry run" or "would be" and little
// of the task, so the options that do the task outscore it.

// dryRunAsk is a question's way of asking for a dry run: "a dry run",
// "simulate", "preview", "without actually running it", "without
// changing anything", "what make would run ... without".
var dryRunAsk = lazyre.New(`(?i)\bdry[- ]?run\b|\bsimulat(?:e|es|ed|ing|ion)\b|\btrial\s+run\b|\bpreview\b|\bwithout\s+(?:changing|modifying|touching|deleting|removing|installing|moving|writing)\s+anything\b|\bwithout\s+(?:actually|really)\s+[a-z]+ing\b|\b(?:what|which)\b[^.?!]{0,60}\bwould\s+(?:be\s+)?[a-z]+(?:ed|en)?\b[^.?!]{0,60}\bwithout\b`)

// dryRunNames are the long names options that make a dry run go by.
var dryRunNames = []string{"--dry-run", "--simulate", "--just-print", "--no-act", "--recon", "--what-if"}

// dryRunSays is what the first sentence of such an option says: git
// clean's -n, "Don't actually remove anything, just show what would be
// done"; make's -n, "Print the commands that would be executed, but do
// not execute them"; ssh-copy-id's -n, "do a dry-run".
var dryRunSays = lazyre.New(`(?i)\bdry[- ]?run\b|\bsimulat(?:e|ion)\b|\b(?:don't|do\s+not)\s+actually\b|\bwould\s+(?:be|have\s+been)\s+[a-z]+(?:ed|en)\b[^.]*\bbut\s+do\s+not\b|\bno\s+action\b`)

// dryRunItem says whether option item p makes a dry run.
func dryRunItem(p passage) bool {
	for _, n := range optionNames(p.block.Term) {
		if name, _, _ := strings.Cut(n, "="); slices.Contains(dryRunNames, name) {
			return true
		}
	}
	return dryRunSays().MatchString(itemSentence(p.block.Text))
}

// dryRunFirst puts first, where the question asks for a dry run, the
// page's option that makes one, chosen or not.
func (c *composition) dryRunFirst(s *source, chosen []passage) []passage {
	if !c.dryRun {
		return chosen
	}
	for p := range ownItems(s.doc) {
		if c.optionItem(s, p) && dryRunItem(p) {
			return putFirst(chosen, p)
		}
	}
	return chosen
}
