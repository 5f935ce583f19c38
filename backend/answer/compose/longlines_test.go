package compose

import "testing"

// The lines longer than a length are grep's extended pattern of one
// character more, with the question's files. This machine's grep(1),
// first among the hits.
func TestLongLinesLead(t *testing.T) {
	page := machinePage(t, "/usr/share/man/man1/grep.1.gz")
	for q, want := range map[string]string{
		"print only the lines of notes.md longer than 72 characters": "`grep -E '.{73,}' notes.md`",
		"show lines with more than 120 characters":                   "`grep -E '.{121,}' FILE`",
	} {
		firstStepIs(t, composedFirst(t, "grep", "grep", page, q), q, want)
	}
}
