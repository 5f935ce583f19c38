package compose

import (
	"strings"
	"testing"
)

// cutterPage cuts a file into pieces, of a number of lines or of a size
// its -b takes, which its words say nothing of.
const cutterPage = `.TH CUTTER 1
.SH NAME
cutter \- cut a file into pieces
.SH SYNOPSIS
cutter [OPTION]... [FILE [PREFIX]]
.SH OPTIONS
.TP
\fB\-a\fR, \fB\-\-suffix\-length\fR=\fIN\fR
generate suffixes of length N
.TP
\fB\-b\fR, \fB\-\-bytes\fR=\fISIZE\fR
put SIZE bytes per output file
.TP
\fB\-l\fR, \fB\-\-lines\fR=\fINUMBER\fR
put NUMBER lines per output file
.TP
\fB\-\-verbose\fR
print a diagnostic just before each output file is opened
`

// The size a question gives with its unit is the value of the option
// that takes a SIZE, which leads with it, though none of its words are
// the question's; not where the question gives a size as an example or
// a rate, or more than one (but for the size of the file cut, "the 4 GB
// file", see describedSize).
func TestUnitOptionLeads(t *testing.T) {
	leadsWith(t, New(), "cutter", cutterPage, []lead{
		{"cut disk.img into pieces of 1 GB each with cutter", "`cutter -b 1G disk.img`"},
		{"with cutter, cut dump.sql into 500 MB pieces", "`cutter -b 500M dump.sql`"},
		{"with cutter, cut dump.sql into pieces of 200 bytes", "`cutter -b 200 dump.sql`"},
		{"with cutter, cut the 4 GB file dump.sql into 500 MB pieces", "`cutter -b 500M dump.sql`"},
	})
	for _, q := range []string{
		"with cutter, cut a file into pieces sized like 100M",
		"with cutter, cut a log written at 200 KB per second into pieces",
		"with cutter, cut dump.sql into 100 MB or 500 MB pieces",
	} {
		d := composed(t, New(), "cutter", cutterPage, q)
		if len(d.Steps) > 0 && strings.Contains(stepCommand(d.Steps[0]), " -b ") {
			t.Errorf("%q: first step %q runs -b", q, d.Steps[0])
		}
	}
}

func TestSizeSuffixed(t *testing.T) {
	for in, want := range map[string]string{"1 GB": "1G", "500 MB": "500M", "64 KiB": "64K", "200 bytes": "200", "2 TB": "2T", "1.5 GB": "", "3 parsecs": ""} {
		if got := sizeSuffixed(in); got != want {
			t.Errorf("sizeSuffixed(%q) = %q, want %q", in, got, want)
		}
	}
}

// unpackerPage extracts archives, into the folder its -d takes.
const unpackerPage = `.TH UNPACKER 1
.SH NAME
unpacker \- list, test and extract files in an archive
.SH SYNOPSIS
.B unpacker
[\-lt] file[.zip] [file(s) ...] [\-x xfile(s) ...] [\-d exdir]
.SH OPTIONS
.TP
.B \-l
list archive files (short format).
.TP
.B \-t
test archive files.
`

// An option's folder in the synopsis is where things go: "into the
// folder src" is unzip's "[-d exdir]", not one more of its "[file(s)
// ...]" to extract.
func TestOptionFolderIsDestination(t *testing.T) {
	leadsWith(t, New(), "unpacker", unpackerPage, []lead{
		{"with unpacker, extract source.zip into the folder src", "`unpacker source.zip -d src`"},
	})
}
