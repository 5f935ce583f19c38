package compose

import (
	"strings"
	"testing"
)

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

// The option that reads a list from a file leads where the question
// keeps its list in a file, and takes it, though another item's words
// say more of the question.
func TestListFile(t *testing.T) {
	leadsWith(t, New(), "wget", fetcherPage, []lead{
		{"download all the URLs listed in links.txt", "`wget -i links.txt`"},
		{"with wget, download each of the URLs given in sites.txt", "`wget -i sites.txt`"},
	})
}

// fetcherPage documents a downloader as wget(1) does, under wget's name,
// which the option model knows.
const fetcherPage = `.TH WGET 1
.SH NAME
wget \- the non-interactive network downloader
.SH SYNOPSIS
wget [option]... [URL]...
.SH OPTIONS
.TP
\fB\-B\fR \fIURL\fR, \fB\-\-base=\fR\fIURL\fR
Resolves relative links in downloaded URLs using URL, when reading links from an HTML file given to -i.
.TP
\fB\-i\fR \fIfile\fR, \fB\-\-input\-file=\fR\fIfile\fR
Read URLs from a local or external file.
.TP
\fB\-O\fR \fIfile\fR, \fB\-\-output\-document=\fR\fIfile\fR
Write all documents to file.
.TP
\fB\-c\fR, \fB\-\-continue\fR
Continue getting a partially-downloaded file.
`

// An option whose long name the question says ("numerically" of
// --numeric-sort) joins the lead's line where people give it for the
// task at all, however little: sort's -n beside -k for a column sorted
// by number.
func TestNamedFlagJoins(t *testing.T) {
	leadsWith(t, New(), "sort", numSorterPage, []lead{
		{"Sort the file prices.txt by its third column numerically.", "`sort -n -k 3 prices.txt`"},
		{"sort prices.txt by the third column", "`sort -k 3 prices.txt`"},
	})
}

// numSorterPage documents a program that sorts lines as sort(1) does, under
// sort's name, with the options the N largest files are sorted by.
const numSorterPage = `.TH SORT 1
.SH NAME
sort \- sort lines of text files
.SH SYNOPSIS
sort [OPTION]... [FILE]...
.SH OPTIONS
.TP
\fB\-h\fR, \fB\-\-human\-numeric\-sort\fR
compare human readable numbers (e.g., 2K 1G)
.TP
\fB\-k\fR, \fB\-\-key\fR=\fIKEYDEF\fR
sort via a key; KEYDEF gives location and type
.TP
\fB\-n\fR, \fB\-\-numeric\-sort\fR
compare according to string numerical value
.TP
\fB\-r\fR, \fB\-\-reverse\fR
reverse the result of comparisons
.TP
\fB\-t\fR, \fB\-\-field\-separator\fR=\fISEP\fR
use SEP instead of non-blank to blank transition
`

// A question that only looks into an archive leads with the archiver's
// listing option: not tar's -czf, the bundle people type most with a
// .tar.gz, which would make an archive, nor dpkg-deb's -b, "creates a
// debian archive", beside its -c. This machine's pages.
func TestListingFirst(t *testing.T) {
	leadsWith(t, New(), "tar", machinePage(t, "/usr/share/man/man1/tar.1.gz"), []lead{
		{"list the files in site-backup.tar.gz", "`tar -tvf site-backup.tar.gz`"},
		// and one that makes it still makes it
		{"pack the folder site into site-backup.tar.gz", "`tar -czf site-backup.tar.gz site`"},
	})
	leadsWith(t, New(), "dpkg-deb", machinePage(t, "/usr/share/man/man1/dpkg-deb.1.gz"), []lead{
		{"list the contents of the package tool_1.0_amd64.deb with dpkg-deb", "`dpkg-deb -c tool_1.0_amd64.deb`"},
	})
}

// An item whose first word, in any form, makes or changes things.
func TestActsFirst(t *testing.T) {
	for does, want := range map[string]bool{
		"Creates a debian archive from the filesystem tree": true,
		"extract files from an archive":                     true,
		"list the contents of an archive":                   false,
		"verbosely list files processed":                    false,
	} {
		if got := actsFirst(does); got != want {
			t.Errorf("actsFirst(%q) = %v, want %v", does, got, want)
		}
	}
}

// A shell's version is its --version, typed, and nothing after it; not
// the key its line editor binds to show it, unless the question asks
// for a key.
func TestVersionLeads(t *testing.T) {
	leadsWith(t, New(), "bash", versionedShellPage, []lead{
		{"print the bash version", "`bash --version`"},
		{"which version of bash is this?", "`bash --version`"},
	})
	leadsWith(t, New(), "sorter", versionedSorterPage, []lead{
		{"print the version of sorter", "`sorter -V`"},
		// the version of another thing
		{"sort version numbers in a file with sorter", "`sorter -n [FILE]...`"},
	})
	d := composed(t, New(), "bash", versionedShellPage, "which key shows the bash version at the prompt?")
	if len(d.Steps) < 2 || !strings.HasPrefix(d.Steps[1], "display-shell-version (C-x C-v):") {
		t.Errorf("a key asked for: steps %q, want the key binding second", d.Steps)
	}
}

// versionedShellPage documents a shell with a line editor, under bash's name.
const versionedShellPage = `.TH BASH 1
.SH NAME
bash \- GNU Bourne-Again SHell
.SH SYNOPSIS
bash [options] [command_string | file]
.SH OPTIONS
.TP
\fB\-\-login\fR
Make bash act as if it had been invoked as a login shell.
.TP
\fB\-\-version\fR
Show version information for this instance of bash on the standard output and exit successfully.
.SH READLINE
.SS Miscellaneous
.TP
\fBdisplay\-shell\-version (C\-x C\-v)\fR
Display version information about the current instance of bash.
.TP
\fBclear\-screen (C\-l)\fR
Clear the screen, then redraw the current line.
`

// versionedSorterPage documents a sorter whose version is a short option.
const versionedSorterPage = `.TH SORTER 1
.SH NAME
sorter \- sort lines of text files
.SH SYNOPSIS
sorter [OPTION]... [FILE]...
.SH OPTIONS
.TP
\fB\-n\fR
compare according to string numerical value, so that version numbers sort in order
.TP
\fB\-r\fR
reverse the result of comparisons
.TP
\fB\-V\fR
Display the version number and exit.
`

// A file emptied and kept is truncated to a size of 0, which no item
// says in one.
func TestEmptiedLead(t *testing.T) {
	leadsWith(t, New(), "truncate", truncatorPage, []lead{
		{"empty the file app.log without deleting it", "`truncate -s 0 app.log`"},
	})
}

// truncatorPage documents a program that sets a file's size, under
// truncate's name.
const truncatorPage = `.TH TRUNCATE 1
.SH NAME
truncate \- shrink or extend the size of a file to the specified size
.SH SYNOPSIS
truncate OPTION... FILE...
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-no\-create\fR
do not create any files
.TP
\fB\-s\fR, \fB\-\-size\fR=\fISIZE\fR
set or adjust the file size by SIZE bytes
`

// The system's accounts listed are getent's line for their database,
// which the synopsis leaves to the reader.
func TestAccountsLead(t *testing.T) {
	leadsWith(t, New(), "getent", entriesPage, []lead{
		{"list all user accounts on the system", "`getent passwd`"},
		{"which groups exist on this machine", "`getent group`"},
	})
}

// entriesPage documents a program that reads the system's databases,
// under getent's name.
const entriesPage = `.TH GETENT 1
.SH NAME
getent \- get entries from Name Service Switch libraries
.SH SYNOPSIS
getent [option]... database key...
.SH DESCRIPTION
.TP
\fBgroup\fR
When no key is provided, use setgrent(3), getgrent(3), and endgrent(3) to enumerate the group database.
.TP
\fBpasswd\fR
When no key is provided, use setpwent(3), getpwent(3), and endpwent(3) to enumerate the passwd database.
`

// A command's manual read is man's line for it, cited to man's own
// example, said of the page asked.
func TestManualLead(t *testing.T) {
	leadsWith(t, New(), "man", manualsPage, []lead{
		{"show the manual for grep", "`man grep`"},
	})
}

// manualsPage documents a pager of manuals, under man's name.
const manualsPage = `.TH MAN 1
.SH NAME
man \- an interface to the system reference manuals
.SH SYNOPSIS
man [man options] [[section] page ...] ...
.SH EXAMPLES
.TP
\fBman\fR \fIls\fR
Display the manual page for the item (program) ls.
`
