package compose

import (
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// Many files given another extension are renamed by the program whose
// synopsis replaces an expression in their names, on the files of the
// glob.
func TestRenameLead(t *testing.T) {
	leadsWith(t, New(), "rename.ul", renamerPage, []lead{
		{"with rename.ul, rename every .jpeg file to .jpg", "`rename.ul .jpeg .jpg *.jpeg`"},
		{"with rename.ul, rename all the .txt files to .md", "`rename.ul .txt .md *.txt`"},
		// in a folder, its files of the extension
		{"with rename.ul, rename every .jpeg file in the folder pics to .jpg", "`rename.ul .jpeg .jpg pics/*.jpeg`"},
	})
}

// The extension files are given is no file to give a command: mv would
// move them all onto it.
func TestExtensionGivenNoOperand(t *testing.T) {
	for _, q := range []string{"rename every .jpeg file in this folder to .jpg", "rename all files ending in .txt so they end in .md", "rename each .jpeg file in the folder pics to end in .jpg instead"} {
		ops := operands(q, analyse.Read(q).Args)
		if slices.ContainsFunc(ops, func(op operand) bool { return strings.HasSuffix(op.text, ".jpg") || strings.HasSuffix(op.text, ".md") }) {
			t.Errorf("%q: operands %v hold the extension given", q, ops)
		}
	}
}

// renamerPage documents util-linux's rename, under the name Debian gives
// it.
const renamerPage = `.TH RENAME.UL 1
.SH NAME
rename.ul \- rename files
.SH SYNOPSIS
\fBrename\fP [options] \fIexpression replacement file\fP...
.SH DESCRIPTION
\fBrename\fP will rename the specified files by replacing the first occurrence of \fIexpression\fP in their name by \fIreplacement\fP.
.SH OPTIONS
.TP
\fB\-v\fP, \fB\-\-verbose\fP
Show which files were renamed, if any.
.TP
\fB\-n\fP, \fB\-\-no\-act\fP
Do not make any changes; add \fB\-\-verbose\fP to see what would be made.
`
