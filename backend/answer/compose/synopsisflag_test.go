package compose

import "testing"

// Where the command as its synopsis runs it leads, the option people
// give for the part of the question its NAME line does not say joins
// the line: a symbolic link is ln's -s, without which ln makes a hard
// link (or fails on a folder).
func TestSynopsisFlag(t *testing.T) {
	leadsWith(t, New(), "ln", linkerPage, []lead{
		{"Create a symbolic link called current that points to the folder build-7.", "`ln -s build-7 current`"},
		{"make a hard link called copy.txt of notes.txt", "`ln notes.txt copy.txt`"},
	})
}

// linkerPage documents a program that makes links as ln(1) does, under
// ln's name, which the option model knows.
const linkerPage = `.TH LN 1
.SH NAME
ln \- make links between files
.SH SYNOPSIS
ln [OPTION]... TARGET LINK_NAME
.SH OPTIONS
.TP
\fB\-f\fR, \fB\-\-force\fR
remove existing destination files
.TP
\fB\-s\fR, \fB\-\-symbolic\fR
make symbolic links instead of hard links
.TP
\fB\-t\fR, \fB\-\-target\-directory\fR=\fIDIRECTORY\fR
specify the DIRECTORY in which to create the links
.TP
\fB\-v\fR, \fB\-\-verbose\fR
print name of each linked file
`
