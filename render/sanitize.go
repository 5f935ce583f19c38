package render

import (
	"bytes"
	"encoding/json"
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

// SanitizeJSON is the JSON document raw with every string in it
// sanitized as Sanitize does for the terminal: `jq -r` prints a string's
// escapes raw, so an ESC or a bidi control from a page or a file name
// would reach the terminal through it. What is not a string is kept byte
// for byte, keys in their order.
func SanitizeJSON(raw []byte) []byte {
	if !needsSanitizing(raw) {
		return raw
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		if raw[i] != '"' {
			out = append(out, raw[i])
			i++
			continue
		}
		j := i + 1
		for j < len(raw) && raw[j] != '"' {
			if raw[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(raw) { // not JSON: leave the rest as it is
			return append(out, raw[i:]...)
		}
		lit := raw[i : j+1]
		var s string
		if json.Unmarshal(lit, &s) == nil {
			if clean := Sanitize(s); clean != s {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				enc.Encode(clean)
				lit = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
			}
		}
		out = append(out, lit...)
		i = j + 1
	}
	return out
}

// needsSanitizing says whether raw may hold a string Sanitize changes:
// an escaped control character, DEL or any non-ASCII byte.
func needsSanitizing(raw []byte) bool {
	if bytes.Contains(raw, []byte(`\u00`)) {
		return true
	}
	for _, c := range raw {
		if c >= 0x7f {
			return true
		}
	}
	return false
}
