// Package termesc recognises what in text from documents (untrusted) can
// act on a terminal or hide from the reader: escape sequences, control
// characters and invisible format characters, so that the readers strip
// them before text is indexed or printed.
package termesc

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsFormat reports invisible characters that only steer rendering (bidi
// controls, the byte order mark); they have no place in indexed text.
func IsFormat(r rune) bool {
	return r == '\u200e' || r == '\u200f' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') || r == '\ufeff'
}

// Dropped reports the runes no indexed text keeps: control characters,
// invalid UTF-8 (decoded as utf8.RuneError) and format characters.
func Dropped(r rune) bool {
	return unicode.IsControl(r) || r == utf8.RuneError || IsFormat(r)
}

// HasDropped reports whether s holds a rune Dropped reports.
func HasDropped(s string) bool { return strings.IndexFunc(s, Dropped) >= 0 }

// Len is the length of the escape sequence that starts with the ESC
// at s[0]: CSI (ESC [ ... final byte), OSC, DCS, SOS, PM and APC (up to BEL
// or ST), or ESC and one character.
func Len(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for i := 2; i < len(s); i++ {
			if s[i] >= 0x40 && s[i] <= 0x7e {
				return i + 1
			}
			if s[i] < 0x20 || s[i] >= 0x7f {
				return i // a broken sequence ends where its bytes stop fitting
			}
		}
		return len(s)
	case ']', 'P', 'X', '^', '_':
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	_, n := utf8.DecodeRuneInString(s[1:])
	return 1 + n
}

// OneLine collapses white space into single spaces and removes escape
// sequences and the runes Dropped reports: what the readers make of the
// text of paragraphs, items, titles and headings.
func OneLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			i += Len(s[i:])
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case Dropped(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
