package zim

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/internal/termesc"
)

// Articles are untrusted: a page may hold escape sequences (raw, or written
// as &#27;), C0 and C1 control characters, bidi overrides and invalid
// UTF-8. The functions below remove all of them, so that nothing in a
// document can act on a terminal.

// codeText keeps the lines of a preformatted block but removes escape
// sequences, control characters (tabs become spaces) and trailing blanks,
// and the blank lines at either end.
func codeText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			i += termesc.Len(s[i:])
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '\n':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteByte(' ')
		case r == '\r' || termesc.Dropped(r):
		default:
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

// firstSentence returns the first sentence of a paragraph (already on one
// line): up to a period, question or exclamation mark followed by a space
// and a capital letter or digit, an abbreviation not counting. It is cut
// at maxSummary runes.
func firstSentence(s string) string {
	end := len(s)
	for i := 0; i+2 < len(s); i++ {
		c := s[i]
		if c != '.' && c != '?' && c != '!' {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] == ')' || s[j] == '"' || s[j] == '\'') {
			j++
		}
		if j+1 >= len(s) || s[j] != ' ' {
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[j+1:])
		if !(unicode.IsUpper(r) || unicode.IsDigit(r)) || abbreviation(s[:i+1]) {
			continue
		}
		end = j
		break
	}
	return clip(s[:end], maxSummary)
}

// abbreviation reports whether text ends with a word that takes a period
// without ending a sentence.
func abbreviation(text string) bool {
	i := strings.LastIndexAny(text, " (")
	w := strings.ToLower(text[i+1:])
	switch w {
	case "e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "no.", "fig.", "ed.", "vol.", "mr.", "dr.", "st.":
		return true
	}
	return len(w) == 2 && w[0] >= 'a' && w[0] <= 'z' // an initial
}

// clip cuts s to at most n runes, at a word boundary when there is one in
// the second half, and marks the cut with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut, runes := len(s), 0
	for i := range s {
		if runes == n {
			cut = i
			break
		}
		runes++
	}
	if sp := strings.LastIndexByte(s[:cut], ' '); sp > cut/2 {
		cut = sp
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}
