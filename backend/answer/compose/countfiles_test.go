package compose

import (
	"slices"
	"strings"
	"testing"
)

// Counting a folder's entries is a listing counted by wc -l, whichever
// of the listers and wc comes first. A count of a file's lines stays
// wc's own.
func TestCountFilesLead(t *testing.T) {
	const listed, found = "`ls docs | wc -l`", "`find docs -maxdepth 1 -type f | wc -l`"
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"how many files are in the folder docs", []string{listed, found}},
		{"What is the bash command to count the files in the folder docs?", []string{listed, found}},
		{"count the lines of notes.txt", []string{"`wc -l notes.txt`"}},
		// of a kind: the shell's pattern, or find's -name
		{"how many pdf files are in the folder Documents", []string{"`ls Documents/*.pdf | wc -l`", "`find Documents -maxdepth 1 -type f -name '*.pdf' | wc -l`"}},
		{"how many .txt files are in the folder notes", []string{"`ls notes/*.txt | wc -l`", "`find notes -maxdepth 1 -type f -name '*.txt' | wc -l`"}},
	} {
		d := composed(t, New(), "wc", counterPage, tc.q)
		if len(d.Steps) == 0 || !slices.ContainsFunc(tc.want, func(w string) bool { return strings.HasPrefix(d.Steps[0], w+":") }) {
			t.Errorf("%q: steps %q, want one of %q first", tc.q, d.Steps, tc.want)
			continue
		}
		// the other program's page is cited too, and the Summary says
		// to use the line
		if strings.Contains(d.Steps[0], "|") && !strings.Contains(d.Steps[0], "[2]") {
			t.Errorf("%q: %q cites no second page", tc.q, d.Steps[0])
		}
		if strings.Contains(d.Steps[0], "|") && !strings.Contains(d.Summary, "| wc -l`") {
			t.Errorf("%q: Summary %q does not use the line", tc.q, d.Summary)
		}
	}
}

// counterPage documents a line counter as wc(1) does.
const counterPage = `.TH WC 1
.SH NAME
wc \- print newline, word, and byte counts for each file
.SH SYNOPSIS
wc [OPTION]... [FILE]...
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-bytes\fR
print the byte counts
.TP
\fB\-l\fR, \fB\-\-lines\fR
print the newline counts
.TP
\fB\-w\fR, \fB\-\-words\fR
print the word counts
`
