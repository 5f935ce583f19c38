package compose

import (
	"context"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// Sizes asked for in a unit are the value of the option that scales
// them, in the form the page takes it: an option that is the unit alone,
// else the block size, else a unit's letter.
func TestScaleLeads(t *testing.T) {
	// du(1) and df(1) of the fixture tree
	for _, tc := range []struct{ q, want string }{
		{"show the space used by the folder photos in megabytes", "`du -m photos`"},
		{"with du, print the size of the folder photos in GB", "`du --block-size=G photos`"},
		{"with df, show the free space of each filesystem in gigabytes", "`df --block-size=G`"},
	} {
		if d := fixtureDraft(t, tc.q); len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
		}
	}
	leadsWith(t, New(), "vmstat", memstatPage, []lead{
		{"show the memory statistics in megabytes", "`vmstat -S M [delay [count]]`"},
	})
	// a size the question gives, or sizes in two units, ask for no unit
	for _, q := range []string{"with du, list the folders in photos bigger than 500 MB", "with df, show the free space of each filesystem in gigabytes and megabytes"} {
		if d := fixtureDraft(t, q); len(d.Steps) > 0 && strings.Contains(d.Steps[0], "block-size=") {
			t.Errorf("%q: first step %q, want no block size", q, d.Steps[0])
		}
	}
}

// fixtureDraft is the answer to q over the fixture tree's index.
func fixtureDraft(t *testing.T, q string) answer.Draft {
	t.Helper()
	lib, ret := retrieve(t, testindex.Fixture, q)
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// memstatPage documents a memory statistics reporter as vmstat(8) does.
const memstatPage = `.TH VMSTAT 8
.SH NAME
vmstat \- Report virtual memory statistics
.SH SYNOPSIS
vmstat [options] [delay [count]]
.SH OPTIONS
.TP
\fB\-a\fR, \fB\-\-active\fR
Display active and inactive memory.
.TP
\fB\-s\fR, \fB\-\-stats\fR
Displays a table of various event counters and memory statistics.
.TP
\fB\-S\fR, \fB\-\-unit\fR \fIcharacter\fR
Switches outputs between 1000 (k), 1024 (K), 1000000 (m), or 1048576 (M) bytes.
.TP
\fB\-w\fR, \fB\-\-wide\fR
Wide output mode.
`
