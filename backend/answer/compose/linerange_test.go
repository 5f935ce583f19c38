package compose

import (
	"strings"
	"testing"
)

// The lines a question numbers are printed by their address with the
// stream editor's automatic printing off, and deleted with its d
// command; an edit of them is neither.
func TestLinesLead(t *testing.T) {
	leadsWith(t, New(), "sed", streamPage, []lead{
		{"show lines 120 to 140 of trace.out with sed", "`sed -n '120,140p' trace.out`"},
		{"print line 7 of the file motd.txt using sed", "`sed -n '7p' motd.txt`"},
		// a line numbered by its place is that line
		{"with sed, print the 7th line of motd.txt", "`sed -n '7p' motd.txt`"},
		{"show the third line of motd.txt with sed", "`sed -n '3p' motd.txt`"},
		{"with sed, remove lines 2 through 4 from list.txt", "`sed -i '2,4d' list.txt`"},
		// lines removed by what they hold are removed from the file
		// named, by an address that takes the word as typed
		{"with sed, remove every line containing DEBUG from app.log", "`sed -i '/DEBUG/d' app.log`"},
		{"use sed to delete the lines that mention a.b from list.txt", "`sed -i '/a\\.b/d' list.txt`"},
		// empty lines hold nothing, blank ones may hold spaces; the
		// first and last lines are addressed as 1 and $
		{"with sed, delete the empty lines of notes.txt", "`sed -i '/^$/d' notes.txt`"},
		{"with sed, delete the blank lines from a file", "`sed '/^[[:space:]]*$/d' FILE`"},
		{"with sed, remove every line containing DEBUG from app.log, but don't change the file", "`sed '/DEBUG/d' app.log`"},
		{"with sed, remove the first line of data.csv", "`sed -i '1d' data.csv`"},
		// what is left, or the lines printed, go where the question
		// sends them, and the file read stays as it was
		{"with sed, remove the lines of app.log that contain DEBUG and save what is left to clean.log", "`sed '/DEBUG/d' app.log > clean.log`"},
		{"with sed, print lines 10 to 20 of big.txt into part.txt", "`sed -n '10,20p' big.txt > part.txt`"},
	})
	// a range that runs backwards, or an edit, is no address to print
	for _, q := range []string{"print lines 40 to 30 of a.txt with sed", "indent lines 3 to 9 of b.txt with sed"} {
		d := composed(t, New(), "sed", streamPage, q)
		if len(d.Steps) > 0 && (strings.Contains(d.Steps[0], "p' a.txt") || strings.Contains(d.Steps[0], "p' b.txt")) {
			t.Errorf("%q: first step %q prints an address", q, d.Steps[0])
		}
	}
}

// streamPage documents a stream editor as sed(1) does, under sed's name.
const streamPage = `.TH SED 1
.SH NAME
sed \- stream editor for filtering and transforming text
.SH SYNOPSIS
sed [OPTION]... {script-only-if-no-other-script} [input-file]...
.SH OPTIONS
.TP
\fB\-n\fR, \fB\-\-quiet\fR, \fB\-\-silent\fR
suppress automatic printing of pattern space
.TP
\fB\-i\fR[\fISUFFIX\fR], \fB\-\-in\-place\fR[=\fISUFFIX\fR]
edit files in place (makes backup if SUFFIX supplied)
.SH COMMANDS
.TP
=
Print the current line number.
.TP
d
Delete pattern space.  Start next cycle.
.TP
p
Print the current pattern space.
.TP
first~step
Match every step'th line starting with line first.
`
