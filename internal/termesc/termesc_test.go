package termesc

import "testing"

func TestLen(t *testing.T) {
	for s, want := range map[string]int{
		"\x1b[31mred":          5, // CSI up to its final byte
		"\x1b[1;2":             5, // CSI cut short: all of it
		"\x1b[3\nx":            3, // a broken CSI ends where its bytes stop fitting
		"\x1b]0;title\x07rest": 10,
		"\x1b]8;;x\x1b\\link":  8, // OSC ended by ST
		"\x1b]0;never ends":    14,
		"\x1bcX":               2, // ESC and one character
		"\x1bé":                3, // ... a whole character, not half of one
		"\x1b":                 1,
	} {
		if got := Len(s); got != want {
			t.Errorf("Len(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"  a\tb\n\nc  ":                  "a b c",
		"red \x1b[31mtext\x1b[0m here":   "red text here",
		"title\x1b]0;pwned\x07 end":      "title end",
		"bidi \u202eevil\u202c and \x00": "bidi evil and",
		"bad \xff byte":                  "bad byte",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}
