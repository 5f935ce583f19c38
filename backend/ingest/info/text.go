package info

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// maxRef bounds how far a cross reference may run before its terminator; a
// lone "*note" in hostile input must not make the scan quadratic.
const maxRef = 400

// renderXrefs turns info cross references into the words a reader sees:
// "*Note Foo::" becomes "See Foo" and "*note Bar: Baz." becomes "see Bar."
// The case of "note" is kept because "*Note" starts a sentence (@xref) and
// "*note" runs inside one (@pxref, @ref). A "see" right before the reference
// is not doubled.
func renderXrefs(s string) string {
	i := indexNote(s, 0)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i >= 0 {
		b.WriteString(s[last:i])
		see := "see"
		if s[i+1] == 'N' {
			see = "See"
		}
		p := i + len("*note")
		p = skipSpace(s, p)
		label, end, ok := parseXref(s, p)
		if !ok {
			// Not a well-formed reference: keep the words, drop the marker.
			writeSee(&b, see)
			last = p
			i = indexNote(s, p)
			continue
		}
		writeSee(&b, see)
		b.WriteString(termesc.OneLine(label))
		last = end
		i = indexNote(s, end)
	}
	b.WriteString(s[last:])
	return b.String()
}

// writeSee writes "see " unless the text already ends with that word.
func writeSee(b *strings.Builder, see string) {
	cur := b.String()
	t := strings.TrimRight(cur, " \t\n")
	if len(t) >= 3 && strings.EqualFold(t[len(t)-3:], "see") && (len(t) == 3 || !isWordByte(t[len(t)-4])) {
		if len(t) == len(cur) {
			b.WriteByte(' ')
		}
		return
	}
	if see == "see" && sentenceStart(t) {
		see = "See"
	}
	b.WriteString(see)
	b.WriteByte(' ')
}

// sentenceStart reports whether text written after t starts a sentence:
// @ref used where @xref belongs still reads "*note" in info.
func sentenceStart(t string) bool {
	if t == "" {
		return true
	}
	c := t[len(t)-1]
	return c == '.' || c == '!' || c == '?'
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

// indexNote finds the next "*note" (any case) followed by white space.
func indexNote(s string, from int) int {
	for from < len(s) {
		j := strings.IndexByte(s[from:], '*')
		if j < 0 {
			return -1
		}
		j += from
		if j+6 <= len(s) && strings.EqualFold(s[j+1:j+5], "note") && isSpace(s[j+5]) {
			return j
		}
		from = j + 1
	}
	return -1
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }

func skipSpace(s string, p int) int {
	for p < len(s) && isSpace(s[p]) {
		p++
	}
	return p
}

// parseXref reads what follows "*note " and returns the label to show:
// either "Node::" or
// "Label: Node" ended by "." or ",". Names may be quoted with DEL (\x7f)
// when they hold characters that would otherwise end them. end is where the
// rest of the text resumes; a "," terminator is kept there, and so is a "."
// unless a ")" follows, since the period then only closes the reference.
func parseXref(s string, p int) (label string, end int, ok bool) {
	label, p, ok = readName(s, p, ':')
	if !ok || p >= len(s) || s[p] != ':' {
		return "", 0, false
	}
	if p+1 < len(s) && s[p+1] == ':' {
		return label, p + 2, true
	}
	p = skipSpace(s, p+1)
	if p < len(s) && s[p] == '\x7f' {
		q := strings.IndexByte(s[p+1:], '\x7f')
		if q < 0 || q > maxRef {
			return "", 0, false
		}
		p += q + 2
	} else {
		start := p
		if p < len(s) && s[p] == '(' {
			q := strings.IndexByte(s[p:min(len(s), p+maxRef)], ')')
			if q < 0 {
				return "", 0, false
			}
			p += q + 1
		}
		for p < len(s) && p-start < maxRef {
			c := s[p]
			if c == '\t' {
				break
			}
			if (c == '.' || c == ',') && (p+1 == len(s) || isSpace(s[p+1]) || s[p+1] == ')' || s[p+1] == '\'' || s[p+1] == '"') {
				break
			}
			p++
		}
		if p-start >= maxRef {
			return "", 0, false
		}
	}
	end = p
	if p < len(s) {
		switch s[p] {
		case '.':
			end = p + 1
			if p+1 == len(s) || s[p+1] != ')' {
				end = p // keep the period: it ends the sentence too
			}
		case '\t':
			end = p + 1
		}
	}
	return label, end, true
}

// readName reads a label up to stop, or a DEL-quoted label.
func readName(s string, p int, stop byte) (string, int, bool) {
	if p < len(s) && s[p] == '\x7f' {
		q := strings.IndexByte(s[p+1:], '\x7f')
		if q < 0 || q > maxRef {
			return "", 0, false
		}
		return s[p+1 : p+1+q], p + q + 2, true
	}
	lim := min(len(s), p+maxRef)
	q := strings.IndexByte(s[p:lim], stop)
	if q <= 0 {
		return "", 0, false
	}
	return s[p : p+q], p + q, true
}

// codeText keeps the lines of a preformatted block but drops control
// characters and trailing blanks.
func codeText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r == '\n' || !termesc.Dropped(r) {
			b.WriteRune(r)
		}
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// maxSummary is about what fits on one line of a result list.
const maxSummary = 200

// firstSentence returns the first sentence of a paragraph. makeinfo puts two
// spaces (or a line break) after a sentence and one after an abbreviation,
// which tells "e.g. foo" from "foo.  Bar"; manuals written with
// @frenchspacing use one space everywhere, so a period, one space and a
// capital letter count too when nothing better is found.
func firstSentence(raw string) string {
	end, single := -1, -1
	for i := 0; i < len(raw) && end < 0; i++ {
		c := raw[i]
		if c != '.' && c != '?' && c != '!' {
			continue
		}
		j := skipClosers(raw, i+1)
		switch {
		case j == len(raw):
			end = j
		case strings.HasPrefix(raw[j:], "  ") || raw[j] == '\n':
			if !abbreviation(raw[:i+1]) {
				end = j
			}
		case single < 0 && raw[j] == ' ' && isUpperStart(raw[j+1:]) && !abbreviation(raw[:i+1]):
			single = j
		}
	}
	if single >= 0 && (end < 0 || single < end) && !strings.Contains(raw, ".  ") {
		end = single
	}
	if end < 0 {
		end = len(raw)
	}
	return document.Clip(termesc.OneLine(raw[:end]), maxSummary, "…")
}

// skipClosers steps over the quotes and brackets that may close a sentence
// after its period.
func skipClosers(s string, j int) int {
	for j < len(s) {
		switch {
		case strings.IndexByte(")]\"'", s[j]) >= 0:
			j++
		case strings.HasPrefix(s[j:], "’"), strings.HasPrefix(s[j:], "”"):
			j += len("’")
		default:
			return j
		}
	}
	return j
}

func isUpperStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || r == '‘' || r == '“'
}

// abbreviation reports whether text ends with a word that takes a period
// without ending a sentence.
func abbreviation(text string) bool {
	i := strings.LastIndexAny(text, " \n(")
	w := strings.ToLower(text[i+1:])
	switch w {
	case "e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "no.", "fig.", "ed.", "vol.", "mr.", "dr.", "st.":
		return true
	}
	return len(w) == 2 && w[0] >= 'a' && w[0] <= 'z' // an initial: "P. J. Plauger"
}
