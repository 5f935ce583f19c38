package render

import (
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/internal/termesc"
)

// Sanitize removes what could act on a terminal from text that came from
// documents: escape sequences (CSI, OSC, DCS and the like), C0 and C1
// control characters except newline and tab, bidirectional overrides that
// can make text read other than it is, and invalid UTF-8.
func Sanitize(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i += termesc.Len(s[i:])
			continue
		case r == utf8.RuneError && size <= 1:
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			// C1 controls include the 8-bit CSI (0x9b): dropped whole, its
			// parameters stay as harmless text.
		case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
