package termesc

import "testing"

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain name.1.gz":        "plain name.1.gz",
		"\x1b]0;X\a ls":          `\x1b]0;X\a ls`,
		"two\nlines\r\tand\x00":  `two\nlines\r\tand\x00`,
		"del \x7f c1 \u009b[31m": `del \x7f c1 \u009b[31m`,
		"bidi \u202eevil\u2066":  `bidi \u202eevil\u2066`,
		"bad \xff\xfe byte":      `bad \xff\xfe byte`,
		`back\slash café ñ 日本`:   `back\slash café ñ 日本`,
		"nbsp\u00a0and\u2028sep": `nbsp\u00a0and\u2028sep`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}
