package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// withheldConcepts marks the concepts of q that the question wants left
// out of what the command does or prints: those a negator reaches,
// "without" and "no" included ("without the pager", "with no header
// line"), and the object of a verb that withholds ("hide the headers",
// "leave out the header line"); nil where there are none.
// negatedConcepts reads fewer (a verb's negation alone), as a task done
// without a thing is seldom a task for the option that withholds it;
// this reading serves only to find such an option (withholds).
func withheldConcepts(q *answer.Question, question string, forbidden []bool) []bool {
	var out []bool
	question = quoted().ReplaceAllString(question, " ")
	// what a task is done without harming is kept, not left out of the
	// output: a copy made "without deleting the original" keeps it, and
	// gzip's -n, "do not save the original file name", leaves out
	// nothing asked. What it is done without pulling in or printing
	// is left out ("without the recommended packages").
	question = withoutHarming().ReplaceAllString(question, " ")
	answer.NegatedWords(question, func(w string) { out = markWord(q, w, out) })
	for _, m := range withholdVerb().FindAllStringSubmatch(question, -1) {
		out = markCovered(q, m[1]+m[2], out)
	}
	// an action the task is done without is no part of its output: tar's
	// -m, "Don't extract file modified time", is no answer to "list an
	// archive without extracting it"
	for ci, f := range forbidden {
		if f && ci < len(out) {
			out[ci] = false
		}
	}
	if !slices.Contains(out, true) {
		return nil
	}
	return out
}

// withoutHarming is "without" and a verb in -ing that harms its
// object, with the object, to the clause's end.
var withoutHarming = lazyre.New(`(?i)\bwithout\s+(?:delet|remov|overwrit|replac|modify|chang|edit|alter|touch|los|destroy|eras|clobber|truncat|damag|corrupt)ing\b[^.,;:()]*`)

// withholdVerb is a verb that withholds a part of the output, and the
// words after it: "hide the headers", "suppress the progress meter",
// "omitting the lines they share", "leave out the header line",
// "suppress the prefixing of file names"; or "leave" with the words
// before its "out": "leave the file names out".
var withholdVerb = lazyre.New(`(?i)\b(?:hid(?:e|es|ing)|suppress(?:es|ing)?|omit(?:s|ting)?|leav(?:e|es|ing)\s+out|turn(?:s|ing)?\s+off|switch(?:es|ing)?\s+off)\s+((?:[\w'-]+\s*){1,5})|\bleav(?:e|es|ing)\s+((?:[\w'-]+\s+){1,4}?)out\b`)

// earlyWithhold is a negator or a withholding verb among the first six
// words of a sentence: "Do not print a header line", "When compressing,
// do not save", "in a long listing, don't print group names".
// A word is what spaces part: git log's --cherry, "A synonym for
// --right-only --cherry-mark --no-merges", says no "no".
var earlyWithhold = lazyre.New(`(?i)^\s*(?:\S+\s+){0,5}?(?:not|no|never|don't|without|suppress\w*|omit\w*|hid(?:e|es)|turn\s+off|switch\s+off)(?:[\s,.;:]|$)`)

// withholds says whether option item p leaves out what the question
// wants left out (withheldConcepts): its first sentence negates or
// withholds one of those concepts (lsblk's -n, "Do not print a header
// line"; comm's -3, "suppress column 3 (lines that appear in both
// files)"), or its long name is one's "no-" form (journalctl's
// --no-pager, git log's --no-merges).
func (c *composition) withholds(p passage) bool {
	if c.withheld == nil {
		return false
	}
	first := itemSentence(p.block.Text)
	// what the option does is said first; a negation later in the
	// sentence is of something else: git log's --simplify-merges,
	// "... remove some needless merges ..., as there are no selected
	// commits contributing", keeps the commits
	if earlyWithhold().MatchString(first) && c.withholdsIn(first) {
		return true
	}
	return c.namedNo(p)
}

// withholdsIn says whether text negates or withholds more than half of
// what the question wants left out, by the concepts' weights: watch's
// -t, "Turn off the header showing the interval", leaves out the header
// of "without the header line".
func (c *composition) withholdsIn(text string) bool {
	if supposes().MatchString(text) {
		return false
	}
	// nor what it is done without: mount's -n, "Mount without writing
	// in /etc/mtab", leaves the write access of "mount a stick without
	// write access" as it is
	text = withoutAction().ReplaceAllString(text, " ")
	marks := make([]bool, len(c.withheld))
	c.q.Negated(text, func(ci int) {
		if ci < len(marks) {
			marks[ci] = true
		}
	})
	for _, m := range withholdVerb().FindAllStringSubmatch(text, -1) {
		markCovered(c.q, m[1]+m[2], marks)
	}
	said, all := 0.0, 0.0
	for ci, w := range c.withheld {
		if w && ci < len(c.q.Weights) {
			all += c.q.Weights[ci]
			if marks[ci] {
				said += c.q.Weights[ci]
			}
		}
	}
	return 2*said > all
}

// withoutAction is "without" and a verb in -ing, and what follows it in
// its clause.
var withoutAction = lazyre.New(`(?i)\bwithout\s+[a-z]+ing\b[^,.;:()]*`)

// namedNo says whether an option item's long name, or one in an
// example's command line, is the "no-" form of what the question wants
// left out: each word after "no" is one of its concepts (--no-pager,
// --no-progress-meter; not tar's --no-overwrite-dir for "leaving out
// the node_modules folder").
func (c *composition) namedNo(p passage) bool {
	for _, name := range strings.Fields(p.block.Term) {
		name, _, _ = strings.Cut(strings.TrimRight(name, ",;"), "=")
		rest, ok := strings.CutPrefix(name, "--no")
		if !ok || len(rest) < 3 {
			continue
		}
		all := true
		for _, w := range strings.Split(strings.TrimPrefix(rest, "-"), "-") {
			all = all && c.allWithheld(markCovered(c.q, w, nil))
		}
		if all {
			return true
		}
	}
	return false
}

// allWithheld says whether marks marks a concept and every concept it
// marks is withheld.
func (c *composition) allWithheld(marks []bool) bool {
	some := false
	for ci, m := range marks {
		if m {
			if ci >= len(c.withheld) || !c.withheld[ci] {
				return false
			}
			some = true
		}
	}
	return some
}

// leadWithholds says whether the lead already leaves out what the
// question wants left out, anywhere in its first sentence: zip's -j,
// "Store just the name of a saved file (junk the path), and do not
// store directory names", keeps its place.
func (c *composition) leadWithholds(p passage) bool {
	return c.withheld != nil && (c.withholdsIn(itemSentence(p.block.Text)) || c.namedNo(p))
}
