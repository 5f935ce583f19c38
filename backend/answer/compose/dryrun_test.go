package compose

import (
	"strings"
	"testing"
)

// A question that asks what a command would do, without doing it,
// leads with the option that makes a dry run, though the options that
// do the task say more of its words.
func TestDryRunLeads(t *testing.T) {
	leadsWith(t, New(), "pkgtool", pkgToolPage, []lead{
		// (with the package the question names)
		{"simulate removing the package foo with pkgtool", "`pkgtool -n foo`"},
		{"with pkgtool, show which packages would be removed, without actually removing them", "`pkgtool -n package...`"},
		{"do a dry run of a pkgtool removal", "`pkgtool -n package...`"},
	})
	if d := composed(t, New(), "pkgtool", pkgToolPage, "remove the package foo with pkgtool"); len(d.Steps) > 0 && strings.HasPrefix(d.Steps[0], "`pkgtool -n") {
		t.Errorf("a removal leads with the dry run: %q", d.Steps[0])
	}
}

// pkgToolPage documents a package tool whose dry run says so in other
// words than its removal's.
const pkgToolPage = `.TH PKGTOOL 8
.SH NAME
pkgtool \- install and remove packages
.SH SYNOPSIS
pkgtool [options] command package...
.SH OPTIONS
.TP
\fB\-r\fR, \fB\-\-remove\fR
Remove the packages named, and the files they installed.
.TP
\fB\-p\fR, \fB\-\-purge\fR
Remove the packages named with their configuration files.
.TP
\fB\-n\fR, \fB\-\-no\-act\fR
Print what would be done, but do not actually change the system.
.TP
\fB\-y\fR, \fB\-\-yes\fR
Assume yes to all questions.
`
