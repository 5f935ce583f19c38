package compose

import (
	"slices"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// withFlag writes into the lead's command line the option chosen after
// it that takes no value and does a part of the question the line does
// not, where other people's command lines give it for the task: "show
// the last 50 lines of app.log and keep printing new lines as they are
// appended" is `tail -f -n 50 app.log`, not `tail -n 50 app.log` with
// -f a step below it. What it does joins the lead's description, and it
// is no step of its own. One such option at most, the one people give
// most: a line of three options the question did not each name is more
// often wrong than right.
func (c *composition) withFlag(s *source, pl *plan) {
	lead := pl.chosen[0]
	cmd, sub := c.optionCommand(s, lead)
	if sub {
		return
	}
	used := c.flagUsage(s.hit.Doc, s.doc)
	run := []passage{lead}
	for _, j := range pl.joined {
		run = append(run, pl.chosen[j])
	}
	modes := synopsisModes(s)
	words := strings.Fields(pl.line)
	best, most := -1, 0.0
	for i := 1; i < pl.shown; i++ {
		p := pl.chosen[i]
		if slices.Contains(pl.joined, i) {
			continue
		}
		names := optionNames(p.block.Term)
		if len(names) == 0 || slices.ContainsFunc(words, func(w string) bool { return slices.Contains(names, w) }) {
			continue
		}
		if u := used[p.block.Term]; u > most && c.flagAsked(s, run, p, u, modes) {
			best, most = i, u
		}
	}
	if best < 0 {
		return
	}
	best = c.askedVariant(s, pl, run, best, used, modes)
	p := pl.chosen[best]
	at := len(strings.Fields(cmd))
	pl.line = joinAt(words, at, optionNames(p.block.Term)[0])
	pl.runs(p)
}

// askedVariant is the flag withFlag joins in place of best, pl's chosen
// passage, where another chosen that would join is its variant (see
// variants) and says more of the question (its share beyond the line,
// or its score where the shares tie): touch's -m, "change
// only the modification time", for "change the modification date of a
// file", not -a, "change only the access time", which people give more
// often. How often people give each says which of two flags joins, not
// which of two that exclude each other the question asks for.
func (c *composition) askedVariant(s *source, pl *plan, run []passage, best int, used map[string]float64, modes map[string]bool) int {
	does := itemDoes(pl.chosen[best].block.Text)
	share := c.addedShare(run, pl.chosen[best], s.hit.NameCov)
	for i := 1; i < pl.shown && i < len(pl.chosen); i++ {
		p := pl.chosen[i]
		if i == best || slices.Contains(pl.joined, i) || !variants(itemDoes(p.block.Text), does) {
			continue
		}
		// the share beyond the line, else the passage's own score:
		// "modification" is also a word of "change", which the line
		// says already
		sh := c.addedShare(run, p, s.hit.NameCov)
		if (sh > share || sh == share && p.score > pl.chosen[best].score) && c.flagAsked(s, run, p, max(used[p.block.Term], flagUsed), modes) {
			best, share = i, sh
		}
	}
	return best
}

// variants says whether two options' descriptions differ in one word
// each, at most: "change only the access time" and "change only the
// modification time".
func variants(a, b string) bool {
	x, y := stemsOf(a), stemsOf(b)
	n := 0
	for w := range x {
		if y[w] {
			n++
		}
	}
	return n >= 2 && len(x)-n <= 1 && len(y)-n <= 1
}

// synopsisFlag chooses the option the synopsis's line runs where the
// command as its synopsis runs it leads: one chosen that takes no value
// and says a part of the question the NAME line does not, which people
// give for the task, as withFlag chooses one for an option's line.
// "Create a symbolic link called latest that points to release-2.3" is
// `ln -s release-2.3 latest`, not `ln release-2.3 latest` (a hard link,
// or an error for a folder) with -s a step below.
func (c *composition) synopsisFlag(s *source, pl *plan) {
	used := c.flagUsage(s.hit.Doc, s.doc)
	modes := synopsisModes(s)
	best, most := -1, 0.0
	for i := range min(pl.shown, len(pl.chosen)) {
		p := pl.chosen[i]
		u := used[p.block.Term]
		if c.negatesItem(p, c.negated, c.forbidden) {
			// people say what they do without in other words than
			// its option's: mv's -n, "do not overwrite an existing
			// file", for "without overwriting existing files"
			u = max(u, flagUsed)
		}
		if u < flagUsed || u <= most || len(optionNames(p.block.Term)) == 0 || isMode(modes, p) || !c.flagJoins(s, p) ||
			c.addedShare(nil, p, s.hit.NameCov) < flagShare {
			continue
		}
		best, most = i, u
	}
	if best < 0 {
		return
	}
	p := pl.chosen[best]
	pl.flag = &p
	pl.joined = append(pl.joined, best)
}

// negatesItem says whether option item p's first sentence negates a
// concept one of marks marks (what the question negates, c.negated, or
// does without, c.forbidden), and does not only suppose it: grep's -I,
// "as if it did not contain matching data".
func (c *composition) negatesItem(p passage, marks ...[]bool) bool {
	first := itemSentence(p.block.Text)
	return !supposes().MatchString(first) && c.negatesOf(first, marks...)
}

// flagAsked says whether option item p joins the line that runs the
// options of run (the lead first), people giving it for the task as
// much as used.
func (c *composition) flagAsked(s *source, run []passage, p passage, used float64, modes map[string]bool) bool {
	lead := run[0]
	if !c.flagJoins(s, p) {
		return false
	}
	// not another of what the lead is one of: uniq's -d, "only print
	// duplicate lines", beside -u, "only print unique lines"; tar's -x
	// beside -t; objdump's -D, "Like -d, but ...", beside -d (an option
	// the page says works only with the lead's is none: usermod's -a,
	// "Use only with the -G option.")
	needs := onlyWith().FindStringSubmatch(p.block.Text)
	with := needs != nil && slices.Contains(optionNames(lead.block.Term), needs[1])
	if alike(itemDoes(p.block.Text), itemDoes(lead.block.Text)) || isMode(modes, p) && isMode(modes, lead) || !with && mentions(p.block.Text, optionNames(lead.block.Term)) {
		return false
	}
	// nor one that shows where the lead sets: chage's -l, "Show account
	// aging information", beside -d, "Set the number of days ..."
	if showsFirst(itemDoes(p.block.Text)) && setsFirst(itemDoes(lead.block.Text)) {
		return false
	}
	// An option that works only with the lead's joins it where people
	// give it for the task at all, or the question names it: usermod's
	// -G alone takes the user out of every group it does not list, and
	// -a or -r keeps the others.
	if with && (used >= flagWith || c.nameAsked(s, p)) {
		return true
	}
	share := c.addedShare(run, p, s.hit.NameCov)
	return share >= flagShare && (used >= flagUsed || used >= flagNamed && c.nameAsked(s, p)) || used >= flagSure && share >= flagSureShare
}

const (
	// flagShare is the least share of the question a flag withFlag
	// joins must say that the line's options and the NAME line do not,
	// where people give it for the task (usage) at least flagUsed, or
	// flagNamed where the question says its long name (nameAsked):
	// sort's -n for "by the second column numerically", which people
	// give for sorting by a column less than -k (0.25 kept it a step
	// of its own; at 0.1 four answers join it, and no set's scores move).
	flagShare = 0.12
	flagUsed  = 0.4
	flagNamed = 0.1
	// or flagSureShare where people give it at least flagSure: the
	// words of tail's -f, "output appended data as the file grows", are
	// a small part of "show the last 50 lines and keep printing new
	// lines as they are appended".
	flagSure      = 0.55
	flagSureShare = 0.03
	// flagWith is the least usage of an option the page says works
	// only with the lead's.
	flagWith = 0.15
)

// flagJoins says whether option item p may join a line as it is: it
// takes no value, is neither a subcommand nor one of the page's actions
// or commands, and neither deletes nor sweeps.
func (c *composition) flagJoins(s *source, p passage) bool {
	term := strings.TrimSpace(p.block.Term)
	if !c.optionItem(s, p) || p.aside || optionArg(term) != "" || strings.HasSuffix(term, "=") || c.sweeping(p) || c.losesData(p) || actionSection(p.title) {
		return false
	}
	_, sub := c.optionCommand(s, p)
	return !sub
}

// actionSection says whether a section lists what a command does rather
// than how (dpkg's ACTIONS, git's COMMANDS): one of its items is a
// command line of its own, not a flag for another's.
func actionSection(title string) bool {
	t := strings.ToUpper(title)
	return strings.Contains(t, "ACTION") || strings.Contains(t, "COMMAND")
}

// addedShare is the share of the question, weighed by its concepts'
// weights, that passage p says and neither the NAME line (given) nor
// any passage of run says. What the task is instead of is no part of it
// (replacedConcepts): the "whole line" of "print the matched part
// instead of the whole line" asks for no grep -w.
func (c *composition) addedShare(run []passage, p passage, given []float64) float64 {
	num, den := c.saysBeyond(p, run, -1, given, c.replaced)
	if den <= 0 {
		return 0
	}
	return num / den
}

// alike says whether two options' descriptions say nearly the same: most
// words of the shorter one (by stem) are words of the other.
func alike(a, b string) bool {
	x, y := stemsOf(a), stemsOf(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) == 0 {
		return false
	}
	n := 0
	for w := range x {
		if y[w] {
			n++
		}
	}
	return 4*n >= 3*len(x)
}

// mentions says whether text names one of options as a word of its own.
func mentions(text string, options []string) bool {
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' || r == ';' || r == '\n' }) {
		if slices.Contains(options, strings.TrimRight(f, ".:")) {
			return true
		}
	}
	return false
}

// showsFirst and setsFirst say whether an option's description starts by showing
// something or by changing it.
func showsFirst(does string) bool { return firstWordIn(does, "show", "display", "list", "print") }
func setsFirst(does string) bool  { return firstWordIn(does, settingWords...) }

var settingWords = []string{"set", "change", "add", "remove", "delete", "create", "modify"}

// actsFirst says whether an item's first word makes, changes or unpacks
// things, in any form: setsFirst's, tar's "extract files", "append
// files", dpkg-deb's "creates a debian archive".
func actsFirst(does string) bool {
	f := strings.Fields(does)
	return len(f) > 0 && actingStems()[terms.Stem(strings.ToLower(f[0]))]
}

var actingStems = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range slices.Concat(settingWords, []string{"extract", "append", "update", "write", "overwrite", "build", "install"}) {
		out[terms.Stem(w)] = true
	}
	return out
})

// firstWordIn says whether text's first word is one of words, in any
// case.
func firstWordIn(text string, words ...string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && slices.Contains(words, strings.ToLower(f[0]))
}

// replacedConcepts marks the concepts of q whose words follow "instead
// of" or "rather than" in the question (up to four words); nil where
// none do.
func replacedConcepts(q *answer.Question, question string) []bool {
	var out []bool
	for _, m := range replacedPhrase().FindAllStringSubmatch(question, -1) {
		out = markCovered(q, m[1], out)
	}
	return out
}

// replacedPhrase is what follows "instead of" or "rather than".
var replacedPhrase = lazyre.New(`(?i)\b(?:instead\s+of|rather\s+than)\s+((?:[\w'-]+\s*){1,4})`)

// negationFirst puts first the option item that negates what the question
// negates, where it scores close to the best passage: "print the lines of
// notes.txt that do not contain the word draft" is grep's -v, "select
// non-matching lines", whatever its context options say of lines.
func (c *composition) negationFirst(s *source, ps, chosen []passage) []passage {
	// not where what is negated is an effect the question wants ("grep
	// for whole words, so that cat does not match category")
	if c.negated == nil && c.withheld == nil && !c.removesLines || len(chosen) == 0 || purposeClause().MatchString(c.text) {
		return chosen
	}
	// nor where the option that leaves out the files the question
	// leaves out leads (exclusion): tar's --exclude, not
	// --keep-directory-symlink ("Don't replace existing symlinks to
	// directories") for "skip its .git directory"
	if e, ok := c.exclusion(s); ok && e.same(chosen[0]) {
		return chosen
	}
	share := negationShare
	if c.removesLines {
		// its words say what it takes out, which an option that
		// selects lines by them matches best: grep's -I, "as if it did
		// not contain matching data", over -v for "remove the lines
		// that contain a word"
		share = 0
	}
	// a lead that leaves out what the question wants left out keeps
	// its place: git log's example of --no-merges
	withheld := c.withheld != nil && !c.leadWithholds(chosen[0])
	least := share
	if withheld {
		least = min(share, namedNoShare)
	}
	for _, p := range ps {
		if p.score < least*chosen[0].score {
			break
		}
		if p.aside || !c.optionItem(s, p) || !c.stepWorthy(s, p) {
			continue
		}
		// nor an option that only supposes it (negatesItem)
		near := p.score >= share*chosen[0].score
		if near && (c.negated != nil && c.negatesItem(p, c.negated) || c.removesLines && selectsUnmatched().MatchString(itemSentence(p.block.Text))) ||
			withheld && (p.score >= withheldShare*chosen[0].score && c.withholds(p) || c.namedNo(p)) {
			return putFirst(chosen, p)
		}
	}
	return chosen
}

// selectsUnmatched is what an option that keeps the lines that do not
// match says: grep's -v, "select non-matching lines".
var selectsUnmatched = lazyre.New(`(?i)\bnon-?matching\s+lines\b|\blines\s+that\s+do\s+not\s+match\b`)

// withheldShare is how close to the best passage an option that leaves
// out what the question wants left out must score to lead: its words
// are what it leaves out, which the options that print it match as well
// or better (grep's -s, "Suppress error messages about nonexistent or
// unreadable files", behind -R for a search "without printing error
// messages about files I am not allowed to read"). Over the dev and
// style sets (rankeval -steps) first steps were the same from 0.85 to
// 0.7, and three worse at 0.6 (gpg's --override-session-key, "Don't use
// the public key", for a file encrypted "with a passphrase only, no key
// pair").
const withheldShare = 0.7

// namedNoShare is the share of the best passage's score an option whose
// long name is the "no-" form of what the question leaves out (namedNo)
// needs: grep's --no-filename, "Suppress the prefixing of file names on
// output", scores two thirds of --color's for "grep several files and
// hide the file names", whose words of matching lines and file names
// match more of the question.
const namedNoShare = 0.5

// negationShare is how close to the best passage an option that negates
// what the question negates must score to lead (negationFirst).
const negationShare = 0.85

// purposeClause is a clause of what a task is for: "so that", "so it".
var purposeClause = lazyre.New(`(?i)\bso\s+(?:that|it|they)\b`)

// supposes is a sentence that supposes what it says: "as if", "as
// though".
var supposes = lazyre.New(`(?i)\bas\s+(?:if|though)\b`)
