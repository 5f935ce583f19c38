package compose

import "testing"

// squashPage compresses files, at levels its "-#" item documents.
const squashPage = `.TH SQUASH 1
.SH NAME
squash \- compress or expand files
.SH SYNOPSIS
.B squash
[ \-cdk19 ] [ name ... ]
.SH OPTIONS
.TP
.B \-c
Write output on standard output; keep original files unchanged.
.TP
.B \-d
Decompress.
.TP
.B \-# \-\-fast \-\-best
Regulate the speed of compression using the specified digit #, where
\-1 or \-\-fast indicates the fastest compression method (less
compression) and \-9 or \-\-best indicates the slowest compression
method (best compression).
`

// A compression level the question asks for, by its number or as the
// best or fastest, is the level item's option typed with it; the files
// the question names fill the synopsis's spaced "[ name ... ]".
func TestLevelLeads(t *testing.T) {
	leadsWith(t, New(), "squash", squashPage, []lead{
		{"compress notes.txt with squash using the best compression", "`squash -9 notes.txt`"},
		{"squash access.log at level 4", "`squash -4 access.log`"},
		{"compress big.log with squash as small as possible", "`squash -9 big.log`"},
		{"compress data.csv with squash, fastest compression", "`squash -1 data.csv`"},
		{"compress notes.txt with squash", "`squash notes.txt`"},
		// the program's name between the word and "setting"
		{"pack report.txt with the strongest squash setting", "`squash -9 report.txt`"},
		{"compress app.log with the fastest squash setting", "`squash -1 app.log`"},
	})
}

func TestLevels(t *testing.T) {
	for _, tc := range []struct {
		term, text string
		lo, hi     int
		ok         bool
	}{
		{"-0 ... -9", "Select a compression preset level.", 0, 9, true},
		{"-# --fast --best", "Regulate the speed of compression", 1, 9, true},
		{"-#", "selects # compression level [1-19] (default: 3)", 1, 19, true},
		{"-1 (or --fast) to -9 (or --best)", "Set the block size", 1, 9, true},
		{"-v, --verbose", "Be verbose.", 0, 0, false},
	} {
		lo, hi, ok := levels(tc.term, tc.text)
		if lo != tc.lo || hi != tc.hi || ok != tc.ok {
			t.Errorf("levels(%q) = %d, %d, %v; want %d, %d, %v", tc.term, lo, hi, ok, tc.lo, tc.hi, tc.ok)
		}
	}
}
