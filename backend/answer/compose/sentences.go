package compose

import (
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// sentenceEnd is where a sentence ends and the next starts, as the
// pattern `[.!?]\s+[A-Z(]` finds it: from the stop to the next
// sentence's first character, included; nil where none does. Scanned by
// hand: a backtracking regexp over every item of the pages answers are
// composed from was a tenth of an answer's time.
func sentenceEnd(text string) []int {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '.', '!', '?':
		default:
			continue
		}
		if j := spacesAfter(text, i); j > i+1 && j < len(text) && (text[j] >= 'A' && text[j] <= 'Z' || text[j] == '(') {
			return []int{i, j + 1}
		}
	}
	return nil
}

// spacesAfter is the index of the first byte after text[i] that is no
// space (isSpace), len(text) where there is none.
func spacesAfter(text string, i int) int {
	j := i + 1
	for j < len(text) && isSpace(text[j]) {
		j++
	}
	return j
}

// isSpace is RE2's \s: space, tab, newline, form feed, carriage return.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// sentences splits running text into sentences.
func sentences(text string) []string {
	var out []string
	for text != "" {
		var s string
		s, text = nextSentence(text)
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// nextSentence splits the first sentence off running text.
func nextSentence(text string) (first, rest string) {
	loc := sentenceEnd(text)
	if loc == nil {
		return strings.TrimSpace(text), ""
	}
	return strings.TrimSpace(text[:loc[0]+1]), text[loc[1]-1:]
}

func firstSentence(text string) string {
	if s, _ := nextSentence(text); s != "" {
		return s
	}
	return text
}

// itemSentence is what an item's text says it does: its first sentence,
// and the next one where the first only names a mode (ssh's -v,
// "Verbose mode. Causes ssh to print debugging messages about its
// progress."), which says nothing a question asks.
func itemSentence(text string) string {
	first, rest := nextSentence(text)
	if first == "" {
		return text
	}
	if len(strings.Fields(first)) <= labelWords {
		if next, _ := nextSentence(rest); next != "" {
			return first + " " + next
		}
	}
	return first
}

// labelWords is the most words a first sentence that names rather than
// says may have: "Verbose mode.", "Quiet mode."; find's "Follow symbolic
// links." says what -L does
const labelWords = 3

// bestSentence is the sentence of text that holds most of the question.
func bestSentence(text string, q *answer.Question) string {
	best, bestScore := "", -1.0
	for _, s := range sentences(text) {
		if sc := q.Coverage(s); sc > bestScore {
			best, bestScore = s, sc
		}
	}
	return document.ClipLine(best, 300)
}

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "...") {
		s += "."
	}
	r, size := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[size:]
}

// shownSentence is the first sentence of a block as a step shows it: on
// one line, without the colon that introduced what the page set out
// under it.
func shownSentence(text string) string {
	return strings.TrimSuffix(itemSentence(oneLine(text)), ":")
}

// oneLine is the running text a block starts with, on one line: lines
// the page broke (lsof's "...resides;\nor the name of a file...") join,
// and what the page laid out line by line stops it: a table, a grammar,
// a command line, or a list under the line that introduces it ("Report
// in more detail:"), which cannot be read run together.
func oneLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	out := strings.TrimSpace(lines[0])
	if out == "" {
		return out
	}
	for _, l := range lines[1:] {
		if strings.ContainsAny(out[len(out)-1:], ".:!?") || laidOut(l) || listStart().MatchString(l) {
			break
		}
		out += " " + strings.TrimSpace(l)
	}
	return out
}

// listStart matches the start of a line that begins an entry of a list:
// an option, a bullet, a number, a term and its dash ("eui64 - use a
// Modified EUI-64 format").
var listStart = lazyre.New(`^(?:[-•·*]|\d+[.)]\s|\S+\s+-\s)`)

// laidOut says whether a line of a block is set out rather than running
// text: indented, aligned with runs of blanks, a prompt's command, or
// a grammar rule.
func laidOut(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || t != strings.TrimRight(line, " \t") || strings.Contains(t, "  ") || strings.Contains(t, "\t") ||
		strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "# ") || strings.Contains(t, ":=")
}

// withoutStop is a description without its full stop, where another
// part follows it; a lone dot that ends it is no stop but what it names:
// ls -a's "do not ignore entries starting with .".
func withoutStop(s string) string {
	if strings.HasSuffix(s, " .") {
		return s
	}
	return strings.TrimSuffix(s, ".")
}
