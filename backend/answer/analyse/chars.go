package analyse

import (
	"regexp"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question may name characters in words ("every tab", "carriage
// returns", "all digits") that a program translating or deleting
// characters (tr) takes as sets; a question that makes one into another
// ("replace every tab in table.txt with a comma") is that program's
// task, which its words (tabs, commas, replace) hardly say.

// charNames are the characters a question names in words, as a set of
// tr(1) writes them, the longer names first.
var charNames = []struct {
	re  func() *regexp.Regexp
	set string
}{
	{charRE(`carriage[\s-]+returns?`), `'\r'`},
	{charRE(`(?:new[\s-]*lines?|line\s+breaks?|line\s+feeds?)`), `'\n'`},
	{charRE(`tabs?(?:\s+characters?)?`), `'\t'`},
	{charRE(`(?:white[\s-]*space|blanks)`), `'[:space:]'`},
	{charRE(`spaces?`), `' '`},
	{charRE(`digits?`), `'0-9'`},
	{charRE(`(?:lower[\s-]*case|small)(?:\s+letters?)?`), `'[:lower:]'`},
	{charRE(`(?:upper[\s-]*case|capital)(?:\s+letters?)?`), `'[:upper:]'`},
	{charRE(`punctuation(?:\s+marks?)?`), `'[:punct:]'`},
	{charRE(`commas?`), `,`},
	{charRE(`semicolons?`), `';'`},
	{charRE(`colons?`), `:`},
}

// charRE matches a name of characters as a word of the question.
func charRE(name string) func() *regexp.Regexp { return lazyre.New(`(?i)\b` + name + `\b`) }

// CharSets are the sets of characters question q names in words, as tr
// writes them, in the order it names them; a set named twice in a row
// ("runs of spaces into one space") is one.
func CharSets(q string) []string {
	named := charsNamed(q)
	out := make([]string, len(named))
	for i, n := range named {
		out[i] = n.set
	}
	return out
}

// charsName is a set of characters a question names, where it names it.
type charsName struct {
	at, end int
	set     string
}

// charsNamed are the sets of characters q names, in order (CharSets).
func charsNamed(q string) []charsName {
	var sets []charsName
	for _, n := range charNames {
		for _, loc := range n.re().FindAllStringIndex(q, -1) {
			sets = append(sets, charsName{loc[0], loc[1], n.set})
			// a name read is not read again as a shorter one ("tab
			// characters", not "tab" then "characters")
			q = q[:loc[0]] + strings.Repeat(" ", loc[1]-loc[0]) + q[loc[1]:]
		}
	}
	slices.SortFunc(sets, func(a, b charsName) int { return a.at - b.at })
	return slices.CompactFunc(sets, func(a, b charsName) bool { return a.set == b.set })
}

// TranslateVerb is a verb that makes one set of characters into another
// ("make invisible characters like tabs visible" is none).
var TranslateVerb = lazyre.New(`(?i)\b(?:` + changeWords + `|swap|into|upper[\s-]*case|lower[\s-]*case)\b`)

// changeWords are the verbs of change TranslateVerb and changeVerb share.
const changeWords = `replace[sd]?|replacing|convert(?:s|ed|ing)?|turn(?:s|ed|ing)?|change[sd]?|changing|translate[sd]?|translating`

// TranslatesChars says whether question q makes one set of characters it
// names into another: a verb of change before the first, and a word
// that joins the two between them ("replace every tab in t.txt with a
// comma", "swap the semicolons for colons", "turn a tab-separated file
// into one with commas"). Not "pipe file names with spaces or newlines
// into xargs", nor "make tab completion ignore lower case".
func TranslatesChars(q string) bool {
	named := charsNamed(q)
	if len(named) != 2 {
		return false
	}
	v := changeVerb().FindStringIndex(q)
	return v != nil && v[1] <= named[0].at && setsJoined().MatchString(q[named[0].end:named[1].at])
}

var (
	changeVerb = lazyre.New(`(?i)\b(?:` + changeWords + `|swap(?:s|ped|ping)?|substitute[sd]?|substituting)\b`)
	setsJoined = lazyre.New(`(?i)\b(?:with|to|into|for|by)\b`)
)
