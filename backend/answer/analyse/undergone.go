package analyse

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/terms"
)

// Undergone says whether seq[i] (a question's words, Analysis.Seq) says
// what was done to a thing rather than what to do: a verb in its past
// form, "the files I deleted by mistake", "a user whose account was
// removed", "find deleted files still held open". Such a question asks
// to list, recover or explain, and a command that deletes is no answer
// to it. A past form after a word of wanting and its object asks for it
// after all: "I want the old logs deleted", "get it removed" (though
// not "I have deleted", which says what happened).
func Undergone(seq []string, i int) bool {
	w := strings.ToLower(seq[i])
	if !strings.HasSuffix(w, "ed") || terms.Stem(w) == w {
		return false // "shred" is no past form, nor a word the stemmer keeps whole ("need")
	}
	for j := i - 2; j >= max(0, i-6); j-- {
		if wanting[strings.ToLower(seq[j])] && !strings.EqualFold(seq[j+1], "to") {
			return false
		}
	}
	return true
}

// wanting are the words that, with an object, ask for the past form
// after it to be done; not when "to" follows ("I want to find deleted
// files").
var wanting = map[string]bool{"want": true, "wants": true, "need": true, "needs": true, "get": true, "have": true, "like": true}

// Describes says whether word i of seq says what a thing is rather than
// what to do to it: "empty" before the noun it describes ("create an
// empty file", "find empty folders"), not the verb before its object
// ("empty the log", "empty all files"), which asks for truncate.
func Describes(seq []string, i int) bool {
	if !describing[strings.ToLower(seq[i])] || i+1 >= len(seq) {
		return false
	}
	return !determiners[strings.ToLower(seq[i+1])]
}

// describing are the words that say what a thing is before its noun, and
// what to do to it before its object.
var describing = map[string]bool{"empty": true}

// determiners begin the object a verb is done to.
var determiners = map[string]bool{"a": true, "an": true, "the": true, "my": true, "your": true, "our": true, "their": true,
	"his": true, "her": true, "its": true, "this": true, "that": true, "these": true, "those": true, "it": true, "them": true,
	"all": true, "every": true, "each": true, "some": true, "any": true}
