// Package termesc recognises terminal escape sequences, so that text from
// documents (untrusted) can be stripped of them before it is indexed or
// printed.
package termesc

import "unicode/utf8"

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
