package compose

import (
	"path"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// sweeping says whether a step's command line does harm far beyond a
// task that did not ask for it: kill's "kill -9 -1" (every process the
// user may signal) as a step for "stop a program by its name", rm -r of
// / or ~, dd or mkfs onto a disk device. Pages show such lines as
// examples; a step is what a reader runs.
func (c *composition) sweeping(p passage) bool {
	var lines []string
	switch p.block.Kind {
	case document.Item:
		lines = []string{p.block.Term}
	case document.Code:
		lines = strings.Split(p.block.Text, "\n")
	}
	for _, l := range lines {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "$ "))
		if len(f) < 2 {
			continue
		}
		if f[0] == "sudo" {
			f = f[1:]
		}
		switch cmd := path.Base(f[0]); {
		case cmd == "kill" || cmd == "pkill" || cmd == "killall":
			// pid -1 is every process; -1 first is the signal HUP.
			// Never a step: "kill all the processes named x" asks for
			// all of some, and who wants all of them knows the line
			if len(f) >= 3 && f[len(f)-1] == "-1" {
				return true
			}
		case cmd == "rm":
			for _, a := range f[1:] {
				if a == "/" || a == "/*" || a == "~" || a == "~/" {
					return true
				}
			}
		case cmd == "dd" || cmd == "shred" || cmd == "wipefs" || strings.HasPrefix(cmd, "mkfs") || strings.HasPrefix(cmd, "mke2fs"):
			for _, a := range f[1:] {
				if strings.HasPrefix(strings.TrimPrefix(a, "of="), "/dev/") && !strings.HasPrefix(a, "/dev/null") &&
					!c.asks("disk", "drive", "partit", "devic", "usb", "format", "wipe", "imag", "iso", "flash", "stick", "filesystem") {
					return true
				}
			}
		}
	}
	return false
}

// losesData says whether an option step deletes or overwrites what the
// user has, where the question asks for no such thing: tar's
// --remove-files for "compare a tar archive with the files on disk",
// zip's -m (it deletes the originals), ssh-keygen's -R for checking a
// host's key. A blind grader found each among the steps, unasked. An
// option that says it does not delete ("keep (don't delete) input
// files") is no loss.
func (c *composition) losesData(p passage) bool {
	if c.lossAsked {
		return false
	}
	if p.block.Kind != document.Item || !optionTerm(p.block.Term) {
		return false
	}
	first := firstSentence(p.block.Text)
	return saysDestroys(first) && !destroyNegated(first)
}

// destroyNegated says whether the first word of text that destroys is
// negated by a word before it: "do not remove", "Do not ellipsize ...
// or truncate"; not fallocate's -c, "Removes a byte range from a file,
// without leaving a hole", whose negation comes after, of another thing.
func destroyNegated(text string) bool {
	loc := destroys().FindStringIndex(text)
	if loc == nil {
		return answer.Negates(text)
	}
	return answer.Negates(text[:loc[0]])
}

// saysDestroys says whether text matches destroys. Composing asks it of
// the first sentence of every option item of a page, and most hold none
// of the pattern's words in any case (destroyWords), which is told
// without running it.
func saysDestroys(text string) bool {
	// (?i) folds the long s (ſ) to s, which destroyWords would not see
	if !strings.Contains(text, "ſ") && !slices.ContainsFunc(destroyWords[:], func(w string) bool { return terms.ContainsFold(text, w) }) {
		return false
	}
	return destroys().MatchString(text)
}

// destroyWords start every word destroys finds.
var destroyWords = [...]string{"remov", "delet", "eras", "wip", "destroy", "shred", "overwrit", "truncat", "purg"}

// lossTerms are the question's terms that may ask for a loss: its words
// but the negated (usage, as usageTerms reads them) and those that say
// what was done ("recover the files I deleted", analyse.Undergone). Most
// questions say nothing was done, and their usage terms are these.
func lossTerms(a analyse.Analysis, usage []tasks.Term) []tasks.Term {
	done := map[string]bool{}
	for i, w := range a.Seq {
		if analyse.Undergone(a.Seq, i) {
			done[strings.ToLower(w)] = true
		}
	}
	if len(done) == 0 {
		return usage
	}
	return termsBut(a, done)
}

// asksLoss says whether a question's terms (lossTerms) ask to delete,
// shrink or clean up.
func asksLoss(words []tasks.Term) bool {
	for _, t := range words {
		for _, st := range t.Stems {
			if destroyStems[st] {
				return true
			}
		}
	}
	return false
}

// deletingLine finds a command line that runs a command that deletes
// files or accounts or overwrites a disk, as a command of its own, after
// a pipe, xargs, sudo or find's -exec, or find's -delete.
var deletingLine = lazyre.New(`(?m)(?:^\s*(?:\$\s+|#\s+)?|[|;&\x60]\s*|\bxargs\s+(?:-\S+\s+)*|\bsudo\s+|-exec(?:dir)?\s+)(?:\S*/)?(?:rm|rmdir|shred|unlink|wipefs|mkfs(?:\.\w+)?|mke2fs|mkswap|userdel|deluser|groupdel|delgroup|truncate)\s|\bgit\s+(?:rm|clean|reset\s+--hard)\b|\s-delete\b`)

// destroys finds a description that says the option deletes or
// overwrites, and destroyStems are the stems of a question that asks for
// that.
var (
	destroys     = lazyre.New(`(?i)\b(?:remov(?:e|es|ing|al)|delet(?:e|es|ing|ion)|eras(?:e|es|ing|ure)|wip(?:e|es|ing)|destroy(?:s|ing)?|shred(?:s|ding)?|overwrit(?:e|es|ing)|truncat(?:e|es|ing)|purg(?:e|es|ing))\b`)
	destroyStems = map[string]bool{"remov": true, "delet": true, "eras": true, "wipe": true, "destroi": true, "shred": true,
		"overwrit": true, "truncat": true, "purg": true, "clean": true, "clear": true, "unlink": true, "rm": true, "replac": true,
		"move": true, "mv": true, "drop": true, "forget": true, "revok": true, "discard": true, "uninstal": true, "kill": true,
		// tasks that delete what is old to keep the rest small
		"shrink": true, "vacuum": true, "prune": true, "trim": true, "rotat": true, "free": true, "reclaim": true}
)
