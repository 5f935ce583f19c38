package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/terms"
)

// A question that removes the lines that hold a thing ("remove every line
// containing DEBUG from app.log") keeps the lines that do not: grep's -v,
// "select non-matching lines", or a stream editor's d command on the
// lines that match (`sed -i '/DEBUG/d' app.log`). Read as the words say
// it, it asked for the lines that match: grep without -v, which prints
// just what the question takes out.

// removedLinesNegated marks in out (made where nil) the concepts of q
// that say which lines a removal of lines (analyse.RemovedLines) removes: what
// the answer's lines must not hold. ok is false where the question
// removes no lines by what they hold.
func removedLinesNegated(q *answer.Question, question string, out []bool) ([]bool, bool) {
	m := analyse.RemovedLines().FindStringSubmatch(question)
	if m == nil {
		// the lines that do not start with a thing are those a
		// removal of the lines that do leaves: grep's -v
		return out, analyse.UnmatchedLines().MatchString(question)
	}
	word := strings.ToLower(m[2])
	if word == "with" || strings.HasPrefix(word, "ha") {
		// "lines with DEBUG": they hold it, as "contain" says
		word = "contain"
	}
	if out = markWord(q, word, out); out == nil {
		out = markCovered(q, word, out)
	}
	return out, true
}

// removedPattern is what the lines a removal of lines removes hold, as
// the question gives it: a quoted or given word after the verb of holding
// ("containing DEBUG", "that contain the word draft"), or the word right
// after it; "" where it removes no lines by what they hold.
func removedPattern(question string, args []analyse.Arg) string {
	m := analyse.RemovedLines().FindStringSubmatchIndex(question)
	if m == nil {
		return ""
	}
	end := m[5]
	if i := slices.IndexFunc(args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgQuoted && a.Start >= end }); i >= 0 {
		between := strings.Fields(question[end:args[i].Start])
		if len(between) <= 3 {
			return args[i].Text
		}
	}
	for _, w := range strings.Fields(question[end:]) {
		w = strings.TrimRight(w, ".,;:?!")
		lw := strings.ToLower(w)
		if lw == "" || terms.Stop(lw) || lw == "word" || lw == "string" || lw == "text" {
			continue
		}
		if strings.ContainsAny(w, "/'\"") {
			return ""
		}
		return w
	}
	return ""
}
