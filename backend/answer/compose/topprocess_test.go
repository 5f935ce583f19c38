package compose

import (
	"strings"
	"testing"
)

// The processes that use the most memory or CPU are ps's list of every
// process sorted by that use, the most first, cut to its first lines;
// a question of processes that asks no ranking keeps ps's own options.
func TestTopProcessLead(t *testing.T) {
	pageLeadsWith(t, "ps", psPage, "Specify sorting order; Select all processes; User-defined format", map[string]string{
		"which process uses the most memory":             "`ps -eo pid,user,%mem,comm --sort=-%mem | head`",
		"list the 5 processes that consume the most CPU": "`ps -eo pid,user,%cpu,comm --sort=-%cpu | head -n 6`",
	})
	q := "show every process on the system"
	if d := composedFirst(t, "ps", "ps", psPage, q); len(d.Steps) > 0 && strings.Contains(d.Steps[0], "--sort") {
		t.Errorf("%q: steps %q, want no sorting", q, d.Steps)
	}
}

// pageLeadsWith checks that the answer to each question, over the fixture
// with page (the man page of name) first, leads with its line, and that
// the line's step cites what it runs (cite).
func pageLeadsWith(t *testing.T, name, page, cite string, cases map[string]string) {
	t.Helper()
	for q, want := range cases {
		d := composedFirst(t, name, name, page, q)
		if firstStepIs(t, d, q, want) && !strings.Contains(d.Steps[0], cite) {
			t.Errorf("%q: %q does not cite %q", q, d.Steps[0], cite)
		}
	}
}

const psPage = `.TH PS 1
.SH NAME
ps \- report a snapshot of the current processes.
.SH SYNOPSIS
ps [options]
.SH OPTIONS
.TP
\-e
Select all processes.  Identical to \-A.
.TP
\-o \fIformat\fR
User\-defined format.
.TP
v
Display virtual memory format.
.TP
\-\-sort \fIspec\fR
Specify sorting order.  Sorting syntax is [+|\-]key[,[+|\-]key[,...]].
`
