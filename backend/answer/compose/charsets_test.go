package compose

import (
	"strings"
	"testing"
)

// txPage documents a program that translates, squeezes and deletes
// characters as tr(1) does, reading standard input only.
const txPage = `.TH TX 1
.SH NAME
tx \- translate or delete characters
.SH SYNOPSIS
.B tx
[\fIOPTION\fR]... \fISET1 \fR[\fISET2\fR]
.SH DESCRIPTION
Translate, squeeze, and/or delete characters from standard input, writing to standard output.
.TP
\fB\-d\fR, \fB\-\-delete\fR
delete characters in SET1, do not translate
.TP
\fB\-s\fR, \fB\-\-squeeze\-repeats\fR
replace each sequence of a repeated character that is listed in the last specified SET, with a single occurrence of that character
`

// Characters named in words are the sets the line gives, with the
// option that does what the question asks to them and the files
// redirected.
func TestCharSets(t *testing.T) {
	leadsWith(t, New(), "tx", txPage, []lead{
		{"with tx, delete every carriage return from in.txt and save the result as out.txt", "`tx -d '\\r' < in.txt > out.txt`"},
		{"use tx to squeeze repeated spaces into a single space", "`tx -s ' '`"},
		{"turn all lowercase letters into uppercase ones with tx", "`tx '[:lower:]' '[:upper:]'`"},
		{"with tx, remove all digits from codes.txt", "`tx -d '0-9' < codes.txt`"},
	})
	// naming characters to show is no translation of one into another
	q := "with tx, show the tabs and carriage returns of a file as visible symbols"
	d := composed(t, New(), "tx", txPage, q)
	if len(d.Steps) > 0 && strings.HasPrefix(d.Steps[0], "`tx '\\t' '\\r'`") {
		t.Errorf("%q: steps %q translate tabs into carriage returns", q, d.Steps)
	}
}
