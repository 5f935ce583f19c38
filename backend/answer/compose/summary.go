package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// plainRun is how a program's page runs it, for the Summary's first
// sentence: the command and its operands as its synopsis writes them
// ("df [FILE]...", "deluser user"); "" when that says nothing a user
// can type: no operand ("mount"), a subcommand's first form (git
// stash's is "git stash list"), or a synopsis of symbols ("lsof [ +c c
// ] [ +|-d d ]"). syn is the page's answer.Synopsis.
func plainRun(d *document.Document, m index.Meta, syn string) string {
	cmd := typedName(d, m.Title)
	if !answer.ProgramPage(m) || strings.Contains(cmd, " ") || syn == "" {
		return ""
	}
	// the form the basic step shows, which does the NAME line's job: not
	// the first form, which may run an option of its own (umount's
	// "umount -a [-dflnrv] ..." unmounts everything)
	line := invocationFrom([]string{strings.Join(strings.Fields(syn), " ")}, cmd, "")
	rest, ok := strings.CutPrefix(line, cmd+" ")
	if !ok || strings.ContainsAny(rest, "+|") || strings.Contains(rest, "[ ") || len(line) > maxRun || strings.Trim(rest, "[]. ") == "" {
		return ""
	}
	for _, w := range strings.Fields(rest) {
		if strings.HasPrefix(w, "-") {
			return "" // a form that runs an option ("login -f username"): the steps tell it
		}
	}
	return line
}

// maxRun is the longest command line the Summary's first sentence shows.
const maxRun = 60

// leadMargin is how far an option's passage must score above the page's
// next option for the Summary to say "Use" it. Over the dev sets' answers
// whose expected mention is an option, the first step's option was that
// option for 37 of 203 (0.21) with a smaller lead and 47 of 84 (0.56)
// with this one; a plain high score did not tell (0.38).
const leadMargin = 0.3

// nextOption is the score of the best option item of ps other than p: how
// close the page's next best way of doing the task comes.
func (c *composition) nextOption(s *source, ps []passage, p passage) float64 {
	for _, o := range ps {
		if (o.sec != p.sec || o.blk != p.blk) && c.optionItem(s, o) {
			return o.score
		}
	}
	return 0
}

// beyondName is the share of the question's weight that a page's names
// and NAME line do not hold, given what they hold of each concept.
func beyondName(q *answer.Question, given []float64) float64 {
	if q.Mass == 0 {
		return 0
	}
	return 1 - answer.Share(given, q.Weights, q.Mass)
}

// adds says whether a sentence holds a word of the question that the
// page's names and NAME line (given) do not: a summary sentence that
// repeats them, or says nothing of the question ("Users other than the
// superuser may only alter the priority of processes they own" for
// "change the priority of a running process"), says nothing the first
// did not. The word must be one the user typed, not an expansion: df's
// "If an argument is the absolute file name of a device node ..., df
// shows the space available on that file system" says "available" for
// "how much free space is left" and nothing of it (dev mention 1046.0
// -> 1045.0 of 1498).
func adds(q *answer.Question, s string, given []float64) bool {
	cov := make([]float64, len(q.Concepts))
	q.CoverText(s, cov)
	for ci, x := range cov {
		if x >= 1 && x > givenOf(given, ci) {
			return true
		}
	}
	return false
}

// mentionsOption says whether a sentence names an option ("use xz -d
// or xz -dc"): what a user types.
func mentionsOption(s string) bool {
	return optionWord().MatchString(s)
}

// usage says whether a sentence tells how the synopsis's operands are
// used, naming them as it does: "Copy SOURCE to DEST, or multiple
// SOURCE(s) to DIRECTORY".
func usage(s string, d *document.Document) bool {
	operands := map[string]bool{}
	for _, l := range synopsisLines(d) {
		for _, w := range capsWord().FindAllString(l, -1) {
			operands[w] = true
		}
	}
	for _, w := range capsWord().FindAllString(s, -1) {
		if operands[w] && !genericOptions(w) {
			return true
		}
	}
	return false
}

var capsWord = lazyre.New(`\b[A-Z][A-Z_]{2,}\b`)

var optionWord = lazyre.New(`(?:^|[\s(])--?[A-Za-z][\w-]*\b`)

// maxExplain and explainScore: a what-is question's answer gives, as its
// first steps, the best sentences of at most maxExplain paragraphs that
// hold at least explainScore of the question. Over the dev sets (156
// what-is questions) mention went from 1048.2 to 1050.1 of 1498 and the
// answers that expect no option and lead with none from 460 to 465 of
// 531; one paragraph gave 1049.1 and 465, three 1050.1 and 465 with
// more steps, and a least share of 0.5 1049.1 and 464. The shared set
// and the held-out tldr questions did not change.
const (
	maxExplain      = 2
	explainScore    = 0.3
	maxPrimarySteps = 3
)

// introduces says whether a sentence only introduces or points elsewhere
// ("Linux supports the standard signals listed below.", "See
// landlock_add_rule(2) for more context."), which says nothing on its
// own.
func introduces(s string) bool {
	if strings.HasSuffix(s, ":") || strings.HasPrefix(s, "See ") || strings.HasPrefix(s, "•") {
		return true
	}
	l := strings.ToLower(s)
	return strings.Contains(l, " below") || strings.Contains(l, " following") || strings.Contains(l, "this section")
}
