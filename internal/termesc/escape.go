package termesc

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape makes s one line that cannot act on a terminal or split a log
// line, yet still says what it held, for messages that repeat a name
// (a file's, an alias): each control character (C0 with newline and tab,
// DEL, C1), format character (bidirectional overrides) or other
// character Go does not print becomes its Go escape (\x1b, \n, \u202e),
// and each byte of invalid UTF-8 \xNN. The rest, backslashes included,
// is kept as it is: readable, not a quoted string.
func Escape(s string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&0xf, 16))
		case r == ' ' || strconv.IsPrint(r):
			b.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}
