package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// An option that leaves out what the question wants left out leads:
// the pager of "without the pager", the header of "leave out the
// header". Without that wish it is no answer.
func TestWithheldLeads(t *testing.T) {
	leadsWith(t, New(), "journalctl", journalPage, []lead{
		{"show the system log without the pager", "`journalctl --no-pager [MATCHES...]`"},
		{"print the system journal, with no pager", "`journalctl --no-pager [MATCHES...]`"},
	})
	for _, q := range []string{"show the system log", "show the system log and keep following it"} {
		if d := composed(t, New(), "journalctl", journalPage, q); len(d.Steps) > 0 && strings.Contains(d.Steps[0], "--no-pager") {
			t.Errorf("%q: first step %q, want no --no-pager", q, d.Steps[0])
		}
	}
}

// Where the NAME line says the rest of the question, the option that
// leaves out what the question wants left out still leads, not the
// command as its synopsis runs it.
func TestWithheldLeadsOverName(t *testing.T) {
	leadsWith(t, New(), "lsblk", blockPage, []lead{
		{"list the block devices without the header line", "`lsblk -n [device...]`"},
		{"list the block devices with lsblk, but without the column header line", "`lsblk -n [device...]`"},
	})
}

// blockPage documents a lister of block devices as lsblk(8) does.
const blockPage = `.TH LSBLK 8
.SH NAME
lsblk \- list block devices
.SH SYNOPSIS
lsblk [options] [device...]
.SH OPTIONS
.TP
\fB\-a\fR, \fB\-\-all\fR
Also list empty devices and RAM disk devices.
.TP
\fB\-f\fR, \fB\-\-fs\fR
Output info about filesystems.
.TP
\fB\-n\fR, \fB\-\-noheadings\fR
Do not print a header line.
.TP
\fB\-l\fR, \fB\-\-list\fR
Produce output in the form of a list.
`

// journalPage documents a log reader as journalctl(1) does, under
// journalctl's name, which the option model knows.
const journalPage = `.TH JOURNALCTL 1
.SH NAME
journalctl \- print log entries from the systemd journal
.SH SYNOPSIS
journalctl [OPTIONS...] [MATCHES...]
.SH OPTIONS
.TP
\fB\-f\fR, \fB\-\-follow\fR
Show only the most recent journal entries, and continuously print new entries as they are appended to the journal.
.TP
\fB\-r\fR, \fB\-\-reverse\fR
Reverse output so that the newest entries are displayed first.
.TP
\fB\-\-no\-pager\fR
Do not pipe output into a pager.
.TP
\fB\-\-system\fR
Show messages from system services and the kernel.
`

// withheldQuestion is a question of three concepts; withheld marks
// those the question wants left out.
func withheldQuestion(withheld ...bool) *composition {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "header", Alts: []analyse.Alt{{Stem: "header", Weight: 1}}},
		{Word: "line", Alts: []analyse.Alt{{Stem: "line", Weight: 1}}},
		{Word: "write", Alts: []analyse.Alt{{Stem: "write", Weight: 1}}},
	}, Weights: []float64{1, 0.6, 1}}
	return &composition{q: q, citer: &answer.Citer{}, withheld: withheld}
}

func TestWithholds(t *testing.T) {
	for _, tc := range []struct {
		term, text string
		withheld   []bool
		want       bool
	}{
		{"-n, --noheadings", "Do not print a header line.", []bool{true, true, false}, true},
		// the header is the most of "the header line"
		{"-t, --no-title", "Turn off the header showing the interval.", []bool{true, true, false}, true},
		{"--no-header", "Suppress the header.", []bool{true, false, false}, true},
		// a long name whose words are all withheld, an example's too
		{"--no-header", "Print the table as it is.", []bool{true, false, false}, true},
		{"table --no-header", "Prints the table.", []bool{true, false, false}, true},
		// a long name with another word is not
		{"--no-header-wrap", "Print long headers on one line.", []bool{true, false, false}, false},
		// a negation late in the sentence is of something else
		{"--simple", "Print the table in the simple style, in which a long value takes many lines and there is no header.", []bool{true, false, false}, false},
		// what an option does without is not what it leaves out
		{"-n", "Mount without writing in /etc/mtab.", []bool{false, false, true}, false},
		// nor what the question does not withhold
		{"-H, --header", "Print a header line.", []bool{true, true, false}, false},
		{"-q", "Do not write anything.", []bool{true, true, false}, false},
	} {
		c := withheldQuestion(tc.withheld...)
		_, ps := optionsPage("tab", tc.term, tc.text)
		if got := c.withholds(ps[0]); got != tc.want {
			t.Errorf("%s %q withholds %v: %v, want %v", tc.term, tc.text, tc.withheld, got, tc.want)
		}
	}
	if c := withheldQuestion(); c.withholds(passage{}) {
		t.Error("an option withholds where the question withholds nothing")
	}
}

// The option that leaves out what the question wants left out leads,
// though the options that print it score higher, up to withheldShare of
// the best, or namedNoShare where its long name is the "no-" form of
// what is left out; not one further down.
func TestNegationFirstWithheld(t *testing.T) {
	for _, tc := range []struct {
		term  string
		score float64
		want  string
	}{
		{"-h, --no-header", 0.75, "-h, --no-header"},
		{"-h, --no-header", 0.55, "-h, --no-header"},
		{"-h, --no-header", 0.45, "-H, --header"},
		{"-h, --bare", 0.75, "-h, --bare"},
		{"-h, --bare", 0.55, "-H, --header"},
	} {
		s, ps := optionsPage("tab",
			"-H, --header", "Print a header line above the table.",
			"-L, --labels", "Print the label of each column in the header line.",
			tc.term, "Suppress the header line.")
		ps[0].score, ps[1].score, ps[2].score = 1, 0.95, tc.score
		c := withheldQuestion(true, true, false)
		c.text = "print the table without the header line"
		if got := c.negationFirst(s, ps, ps[:2]); got[0].block.Term != tc.want {
			t.Errorf("%s at %.2f: first %q, want %q", tc.term, tc.score, got[0].block.Term, tc.want)
		}
	}
}

func TestWithheldConcepts(t *testing.T) {
	q := withheldQuestion().q
	for _, tc := range []struct {
		question  string
		forbidden []bool
		want      []bool
	}{
		{"print the table without the header line", nil, []bool{true, true, false}},
		{"leave out the header line", nil, []bool{true, true, false}},
		{"hide the header", nil, []bool{true, false, false}},
		{"print the table with no header", nil, []bool{true, false, false}},
		// an action the task is done without is no part of its output
		{"print the header lines without writing", []bool{false, false, true}, nil},
		{"print the header line", nil, nil},
	} {
		got := withheldConcepts(q, tc.question, tc.forbidden)
		if len(got) != len(tc.want) {
			t.Errorf("%q: withheld %v, want %v", tc.question, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: withheld %v, want %v", tc.question, got, tc.want)
				break
			}
		}
	}
}

// The Summary says to use the option that leads for what the question
// says, as the first step does: not the synopsis of the command, which
// does the opposite ("print lines that match patterns" for the lines
// that do not).
func TestSummaryUsesKeptLead(t *testing.T) {
	if d := fixtureDraft(t, "How do I show only the lines that do NOT match a pattern?"); !strings.Contains(d.Summary, "Use `grep -v") {
		t.Errorf("grep's Summary %q, want it to use grep -v", d.Summary)
	}
	if d := composed(t, New(), "journalctl", journalPage, "print the system journal with no pager"); !strings.Contains(d.Summary, "Use `journalctl --no-pager") {
		t.Errorf("journalctl's Summary %q, want it to use --no-pager", d.Summary)
	}
}

// What the task is done without harming is kept, not left out of the
// output: a copy made "without deleting the original" wants the option
// that keeps the input, not one that leaves out the original's name.
func TestWithoutHarmingKeeps(t *testing.T) {
	for _, q := range []string{
		"Make a compressed copy of notes.txt with squeeze without deleting the original.",
		"compress the report with squeeze without removing the uncompressed file",
	} {
		d := composed(t, New(), "squeeze", squeezePage, q)
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`squeeze -k") {
			t.Errorf("%q: steps %q, want squeeze -k first", q, d.Steps)
		}
	}
}

// squeezePage documents a compressor as gzip(1) does, in words of its
// own.
const squeezePage = `.TH SQUEEZE 1
.SH NAME
squeeze \- compress or expand files
.SH SYNOPSIS
squeeze [ -cdklnv ] [ name ... ]
.SH OPTIONS
.TP
\fB\-c\fR
Write the output to standard output and keep the original files unchanged.
.TP
\fB\-d\fR
Decompress.
.TP
\fB\-k\fR
Keep (don't delete) input files while compressing or decompressing.
.TP
\fB\-l\fR
List the compressed and uncompressed size of each file.
.TP
\fB\-n\fR
When compressing, do not save the original file name and time stamp.
.TP
\fB\-v\fR
Display the name and percentage reduction for each file.
`

// A lead whose long name the question says whole keeps its place over
// the option the option model prefers, whose name it says only a part
// of: wc's --lines, not --max-line-length, for "the line count".
func TestWholeNameOverUsage(t *testing.T) {
	d := composed(t, New(), "wc", countPage, "show the line count of a file")
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`wc -l") {
		t.Errorf("steps %q, want wc -l first", d.Steps)
	}
}

// countPage documents a counter as wc(1) does, in words of its own,
// under wc's name, which the option model knows.
const countPage = `.TH WC 1
.SH NAME
wc \- count the lines, words and bytes of files
.SH SYNOPSIS
wc [OPTION]... [FILE]...
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-bytes\fR
print the count of bytes in each file
.TP
\fB\-l\fR, \fB\-\-lines\fR
print the count of newlines in each file
.TP
\fB\-L\fR, \fB\-\-max\-line\-length\fR
print the length of the longest line
.TP
\fB\-w\fR, \fB\-\-words\fR
print the count of words in each file
`

// An option that negates what the question asks for contradicts it, and
// is no letter of a bundle; not where the question negates it too, nor
// where the option negates something else, or says how it does a thing
// ("will not be written to the appropriate files").
func TestContradicts(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "delete", Alts: []analyse.Alt{{Stem: "delet", Weight: 1}, {Stem: "remov", Weight: 0.8}}},
		{Word: "ask", Alts: []analyse.Alt{{Stem: "ask", Weight: 1}, {Stem: "prompt", Weight: 0.8}}},
		{Word: "files", Alts: []analyse.Alt{{Stem: "file", Weight: 1}}},
	}}
	_, ps := optionsPage("rm",
		"-f, --force", "ignore nonexistent files and arguments, never prompt",
		"-i", "prompt before every removal",
		"-v, --verbose", "do not stay silent; explain what is being done",
		"-O FILE", "The documents will not be written to the appropriate files, but all will be concatenated.")
	for _, tc := range []struct {
		p       passage
		negated []bool
		want    bool
	}{
		{ps[0], nil, true},
		{ps[0], []bool{false, true}, false},
		{ps[1], nil, false},
		{ps[2], nil, false},
		{ps[3], nil, false},
	} {
		c := &composition{q: q, negated: tc.negated}
		if got := c.contradicts(tc.p); got != tc.want {
			t.Errorf("%s with negated %v contradicts: %v, want %v", tc.p.block.Term, tc.negated, got, tc.want)
		}
	}
}
