package analyse

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question may number the lines of a file it works on ("lines 10 to
// 20 of big.txt", "line 42", "the first line"), which a stream editor
// addresses: `sed -n '10,20p' big.txt`, `sed -i '1d' data.csv`.

// lineRange is the lines a question numbers from one to another: "lines
// 10 to 20", "from line 5 through line 9", "lines 3-7".
var lineRange = lazyre.New(`(?i)\blines?\s+(?:number\s+)?(\d+)\s*(?:-|–|to|through|thru|until|till|and)\s*(?:line\s+)?(\d+)\b`)

// numberedLine is the one line a question numbers: "line 42".
var numberedLine = lazyre.New(`(?i)\bline\s+(?:number\s+)?(\d+)\b`)

// LineAddress is the address of the lines question q numbers, as sed
// writes it ("10,20", "42"); "" where it numbers none, or a range that
// runs backwards. A line numbered by its place ("the 3rd line", "the
// third line") is the place analyse read among args.
func LineAddress(q string, args []Arg) string {
	if m := lineRange().FindStringSubmatch(q); m != nil {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		if a > 0 && b > a {
			return m[1] + "," + m[2]
		}
		return ""
	}
	if m := numberedLine().FindStringSubmatch(q); m != nil && m[1] != "0" {
		return m[1]
	}
	if i := slices.IndexFunc(args, func(a Arg) bool { return a.Place && a.Noun == "line" }); i >= 0 {
		return args[i].Text
	}
	if m := endLine().FindStringSubmatchIndex(q); m != nil && !endsSwapped().MatchString(q[m[1]:]) {
		if strings.EqualFold(q[m[2]:m[3]], "last") {
			return "$"
		}
		return "1"
	}
	return ""
}

// endLine is the first or the last line of a file, which a stream
// editor addresses as 1 and $.
var endLine = lazyre.New(`(?i)\b(first|last)\s+line\b`)

// endsSwapped follows an end line that says an order, not a line: "last
// line first" is the lines in reverse.
var endsSwapped = lazyre.New(`(?i)^\s+(?:first|last)\b`)

// LinesShown is a verb that shows the lines a question numbers.
var LinesShown = lazyre.New(`(?i)\b(?:print|prints|printing|show|shows|showing|display|displays|output|view|see|get|extract|read|list|keep|cat|dump|pull)\b`)

// NumbersLines says whether question q shows or removes lines of a file
// it numbers (LineAddress): "print line 42 of config.ini", "delete the
// last line of data.csv", "show lines 100 to 120 of app.log"; and
// whether it removes them.
func NumbersLines(q string, args []Arg) (ok, removes bool) {
	if LineAddress(q, args) == "" {
		return false, false
	}
	removes = linesRemoved().MatchString(q)
	return removes || LinesShown().MatchString(q), removes
}

// linesRemoved is a verb that takes lines out.
var linesRemoved = lazyre.New(`(?i)\b` + removalVerb + `\b`)

// RemovesEmptyLines says whether question q removes the empty or blank
// lines of a text ("remove all empty lines from notes.txt", "strip the
// blank lines"), a stream editor's work on lines that hold nothing, not
// a removal of empty folders.
func RemovesEmptyLines(q string) bool { return emptyLinesRemoved().MatchString(q) }

var emptyLinesRemoved = lazyre.New(`(?i)\b` + removalVerb + `\s+(?:all\s+|every\s+|any\s+|each\s+)?(?:of\s+)?(?:the\s+)?(?:empty|blank)\s+lines?\b`)

// CountsMatchingLines says whether question q counts the lines that hold
// a thing ("count how many lines of access.log contain 404", "the number
// of lines with ERROR"), not all the lines of a file.
func CountsMatchingLines(q string) bool { return countedMatchingRE().MatchString(q) }

var countedMatchingRE = lazyre.New(`(?i)\b(?:count|counts|counting|how\s+many|number\s+of)\b(?:\s+\S+){0,5}?\s+lines?\b(?:(?:\s+\S+){0,4}?\s+(?:contain|match|mention|include|hold|start|begin|end)\w*|\s+with)\b`)

// LongLines is the length the lines a question picks are longer than
// ("the lines longer than 80 characters", "lines with more than 120
// characters"); ok false where it picks none so.
func LongLines(q string) (n int, ok bool) {
	m := longLinesRE().FindStringSubmatch(q)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1] + m[2])
	return n, err == nil && n > 0 && n < 100000
}

var longLinesRE = lazyre.New(`(?i)\blines?\b(?:[^.?!]|\.\S)*?\b(?:longer|wider)\s+than\s+(\d+)\s+(?:characters|chars|columns|bytes)\b|\blines?\b(?:[^.?!]|\.\S)*?\b(?:more|over)\s+(?:than\s+)?(\d+)\s+(?:characters|chars|columns)\b`)

// LooksForWord says whether question q looks for a word it gives in a
// file it names: a quoted or given word (args' ArgQuoted: "TODO", "the
// word timeout") and a file, with a verb of finding, showing or counting
// it, or its occurrences: "find every occurrence of TODO in main.c",
// "show each instance of FIXME in src.c". That is grep's work, where the
// words chose uniq(1)'s "number of occurrences".
func LooksForWord(q string, args []Arg) bool {
	quoted := slices.ContainsFunc(args, func(a Arg) bool { return a.Kind == ArgQuoted })
	file := slices.ContainsFunc(args, func(a Arg) bool { return a.Kind == ArgFile || a.Kind == ArgGlob })
	return quoted && file && lookedForWordRE().MatchString(q)
}

var lookedForWordRE = lazyre.New(`(?i)\b(?:occurrences?|instances?|appearances?)\s+of\b`)

// PrintsColumn says whether question q, as its task, prints a column or
// field of the lines by its place ("print only the second column of
// data.tsv", "What is the bash command to show the first field of each
// line?"): cut's -f; and so its first characters ("show the first 15
// characters of each line"), cut's -c, where of a file they are head's. Not a sort or a sum by one, nor columns counted.
func PrintsColumn(q string) bool { return asTask(q, printedColumnRE) }

var printedColumnRE = lazyre.New(`(?i)\b(?:print|prints|show|shows|display|get|extract|output|select|keep|pull\s+out|cut\s+out|list|return)\s+(?:out\s+)?(?:only\s+|just\s+)?(?:the\s+)?(?:` + placeOrdinal + `)\s+(?:column|field)\b|\b(?:print|prints|show|shows|display|get|extract|output|select|keep|pull\s+out|cut\s+out|list|return)\s+(?:only\s+|just\s+)?(?:the\s+)?first\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?:characters|chars|letters)\s+(?:of|on|in|from)\s+(?:each|every|all)\s+(?:the\s+)?lines?\b`)

// ReplacesText says whether question q replaces a text it does not give
// with another: "replace a word with another everywhere in a file",
// "substitute one string for another in config.ini", "replace every
// occurrence of a word in a file". A stream editor's s command does it.
func ReplacesText(q string) bool { return textReplaced().MatchString(q) }

var textReplaced = lazyre.New(`(?i)\b(?:replac|substitut|swap)\w*\s+(?:(?:(?:a|one|the|some|every|each|all|any)\s+)?(?:word|string|text|phrase|pattern|term)s?\s+(?:with|for|by)\s+(?:another|a\s+new\s+one|a\s+different\s+one|other|something\s+else|(?:a|another|the\s+new|a\s+new|a\s+different)\s+(?:word|string|text|phrase|one))|(?:every|each|all)\s+(?:the\s+)?occurrences?\s+of\s+(?:a|one|the|some)\s+(?:word|string|text|phrase|pattern))\b`)
