package compose

import (
	"strings"
	"testing"
)

// boxPage documents an archiver that writes its archive to the file its
// -f names, as tar(1) does, and compresses with gzip on -z.
const boxPage = `.TH TAR 1
.SH NAME
tar \- an archiving utility
.SH SYNOPSIS
.B tar
\fB\-c\fR [\fB\-f\fR \fIARCHIVE\fR] [\fIOPTIONS\fR] [\fIFILE\fR...]
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-create\fR
Create a new archive.
.TP
\fB\-f\fR, \fB\-\-file\fR=\fIARCHIVE\fR
Use archive file or device ARCHIVE.
.TP
\fB\-z\fR, \fB\-\-gzip\fR
Filter the archive through gzip(1).
`

// An archive the question does not name is named after the one folder
// it packs, with the extension it asks for.
func TestArchiveNamed(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"pack the directory invoices into a tar.gz file", "invoices.tar.gz invoices"},
		{"put the folder /srv/data into a compressed tar archive", "data.tar.gz /srv/data"},
	} {
		d := composed(t, New(), "tar", boxPage, tc.q)
		if len(d.Steps) == 0 || !strings.Contains(d.Steps[0], tc.want+"`") {
			t.Errorf("%q: steps %q, want the first to end %q", tc.q, d.Steps, tc.want)
		}
	}
}

// zipperPage documents an archiver whose options that name its format
// include one that deletes the files it packs, as zip(1)'s -m does.
const zipperPage = `.TH ZIPPER 1
.SH NAME
zipper \- package and compress (archive) files
.SH SYNOPSIS
.B zipper
[\fB\-rms\fR] [\fIzipfile\fR [\fIfile\fR ...]]
.SH OPTIONS
.TP
.B \-r
Pack folders recursively, with everything below them.
.TP
.B \-m
Move the specified files into the zip archive; actually, this deletes the target directories/files after making the specified zip archive.
.TP
.BI \-s " splitsize"
Enable creating a split zip archive and set the split size.
`

// A bundle never holds an option that deletes what the question keeps.
func TestBundleKeepsFiles(t *testing.T) {
	q := "pack the folder reports into reports.zip with zipper"
	cp := New()
	cp.Options = fitted(t, [][2]string{
		{"zipper", "Package files into a zip archive"},
		{"zipper -r", "Zip a folder and everything in it recursively"},
		{"zipper -s", "Split a zip archive into parts of a size"},
		{"zipper -m", "Move files into a zip archive, deleting them"},
	})
	d := composed(t, cp, "zipper", zipperPage, q)
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`zipper") {
		t.Fatalf("%q: steps %q", q, d.Steps)
	}
	line, _, _ := strings.Cut(strings.TrimPrefix(d.Steps[0], "`"), "`")
	for _, w := range strings.Fields(line) {
		if strings.HasPrefix(w, "-") && strings.Contains(w, "m") {
			t.Errorf("%q: the first step %q deletes the folder it packs", q, d.Steps[0])
		}
	}
}
