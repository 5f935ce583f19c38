package man

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

type blk struct {
	kind document.BlockKind
	term string
	text string
}

// optionBlocks parses a page and returns its OPTIONS section's blocks.
func optionBlocks(t *testing.T, src string) []document.Block {
	t.Helper()
	d, err := Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	sec := d.Find("OPTIONS")
	if sec == nil {
		t.Fatalf("no OPTIONS in %+v", d.Sections)
	}
	return sec.Blocks
}

// sameBlocks fails t where a section's blocks are not want.
func sameBlocks(t *testing.T, got []document.Block, want []blk) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d blocks %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		b := got[i]
		if b.Kind != w.kind || b.Term != w.term || b.Text != w.text {
			t.Errorf("block %d: got %v %q %q, want %v %q %q", i, b.Kind, b.Term, b.Text, w.kind, w.term, w.text)
		}
	}
}

// TestDocBookItems: DocBook-made pages (shadow, systemd, git) tag their
// list entries with a one-line paragraph and indent the description; the
// entries must come out as items, like .TP's, and a sentence that leads
// into an indented display must stay a paragraph.
func TestDocBookItems(t *testing.T) {
	src := `.TH PASSWD 1
.SH "NAME"
passwd \- change user password
.SH "OPTIONS"
.PP
The options which apply to the
\fBpasswd\fR
command are:
.PP
\fB\-e\fR, \fB\-\-expire\fR
.RS 4
Immediately expire the password\&.
.RE
.PP
\fBenable \fR\fB\fIUNIT\fR\fR\fB\&...\fR
.RS 4
Enable one or more units\&.
.PP
Enabling simply hooks the unit into suggested places\&.
.RE
.PP
For example:
.RS 4
.nf
passwd \-e alice
.fi
.RE
.TP
\fB\-h\fR
Display help message and exit\&.
`
	want := []blk{
		{document.Para, "", "The options which apply to the passwd command are:"},
		{document.Item, "-e, --expire", "Immediately expire the password."},
		{document.Item, "enable UNIT...", "Enable one or more units.\nEnabling simply hooks the unit into suggested places."},
		{document.Para, "", "For example:"},
		{document.Code, "", "passwd -e alice"},
		{document.Item, "-h", "Display help message and exit."},
	}
	sameBlocks(t, optionBlocks(t, src), want)
}

// TestAsciidoctorItems: Asciidoctor-made pages (util-linux) part their
// paragraphs with .sp, not .PP, and tag each option with the line before
// an .RS 4; its .RE ends the entry, so what follows the list is no part
// of its last entry. DocBook's run-in headings (.sp, .it 1 an-trap, a
// bold title over .RS 4) stay paragraphs.
func TestAsciidoctorItems(t *testing.T) {
	src := `.TH BEEPER 1
.SH "NAME"
beeper \- ring the terminal bell
.SH "OPTIONS"
.sp
The \fB\-\-loud\fP and \fB\-\-quiet\fP options are exclusive.
.sp
\fB\-l\fP, \fB\-\-loud\fP
.RS 4
Ring as loud as the terminal can.
.sp
Neighbours may complain.
.RE
.sp
\fB\-q\fP, \fB\-\-quiet\fP
.RS 4
Flash the screen instead of ringing.
.RE
.sp
Both options also read \fBBEEPER_VOLUME\fP.
.sp
.it 1 an-trap
.nr an-no-space-flag 1
.nr an-break-flag 1
.br
.ps +1
\fBVolume\fR
.RS 4
.PP
The volume is a number from 0 to 9.
.RE
`
	want := []blk{
		{document.Para, "", "The --loud and --quiet options are exclusive."},
		{document.Item, "-l, --loud", "Ring as loud as the terminal can.\nNeighbours may complain."},
		{document.Item, "-q, --quiet", "Flash the screen instead of ringing."},
		{document.Para, "", "Both options also read BEEPER_VOLUME."},
		{document.Para, "", "Volume"},
		{document.Para, "", "The volume is a number from 0 to 9."},
	}
	sameBlocks(t, optionBlocks(t, src), want)
}

// TestBulletedOptions: jq's page lists its options as bullets, the
// option on the bullet's first line and its description in the
// paragraph below; each is an item whose term is the option.
func TestBulletedOptions(t *testing.T) {
	src := `.TH JQ 1
.SH "NAME"
jq \- Command\-line JSON processor
.SH "OPTIONS"
.IP "\[ci]" 4
\fB\-\-raw\-output\fR / \fB\-r\fR:
.IP
With this option, strings are written directly to the standard output\.
.IP "\[ci]" 4
\fB\-\-tab\fR:
.IP
Use a tab for each indentation level\.
.IP "\[ci]" 4
A bullet that is no option:
.IP
stays as it is\.
`
	sameBlocks(t, optionBlocks(t, src), []blk{
		{document.Item, "--raw-output / -r", "With this option, strings are written directly to the standard output."},
		{document.Item, "--tab", "Use a tab for each indentation level."},
		{document.Item, "○", "A bullet that is no option:\nstays as it is."},
	})
}

// The options listed under an item that heads a group of them (dpkg's
// "dpkg-query actions") are items of their own, the page's options like
// any other; under an option or a subcommand, and under a heading that
// is a sentence (gcloud's "Level specification."), nested items stay
// lines of their parent.
func TestOptionsUnderHeading(t *testing.T) {
	src := `.TH DPKG 1
.SH NAME
dpkg \- package manager for Debian
.SH OPTIONS
.IP "\fBdpkg-query actions\fR" 4
See \fBdpkg-query\fR(1) for more.
.RS 4
.IP "\fB\-L\fR, \fB\-\-listfiles\fR \fIpackage-name\fR..." 4
List files installed to your system from \fIpackage-name\fR.
.IP "\fB\-S\fR, \fB\-\-search\fR \fIpattern\fR..." 4
Search for a filename from installed packages.
.RE
.IP "\fB\-\-color\fR=\fIwhen\fR" 4
Colour the output.
.RS 4
.IP "\fB\-\-always\fR" 4
always
.RE
.IP "Level specification." 4
A level.
.RS 4
.IP "\fB\-\-level\fR" 4
The level.
.RE
`
	sameBlocks(t, optionBlocks(t, src), []blk{
		{document.Item, "dpkg-query actions", "See dpkg-query(1) for more."},
		{document.Item, "-L, --listfiles package-name...", "List files installed to your system from package-name."},
		{document.Item, "-S, --search pattern...", "Search for a filename from installed packages."},
		{document.Item, "--color=when", "Colour the output.\n--always\nalways"},
		{document.Item, "Level specification.", "A level.\n--level\nThe level."},
	})
}

// An option whose .RS is never closed (ss(8)'s --tipcinfo: ".RS", ".P"
// and no .RE) does not hold the options after it: each with a letter of
// its own is an item, while values written as options stay with theirs.
func TestOptionsAfterUnclosedIndent(t *testing.T) {
	src := `.TH SS 8
.SH NAME
ss \- another utility to investigate sockets
.SH OPTIONS
.TP
.B \-\-tipcinfo
Show internal tipc socket information.
.RS
.P
.TP
.B \-K, \-\-kill
Attempts to forcibly close sockets.
.TP
.B \-s, \-\-summary
Print summary statistics.
.TP
.B \-\-discard
Discard.
.RS
.TP
.B \-\-discard=once
Once.
`
	sameBlocks(t, optionBlocks(t, src), []blk{
		{document.Item, "--tipcinfo", "Show internal tipc socket information."},
		{document.Item, "-K, --kill", "Attempts to forcibly close sockets."},
		{document.Item, "-s, --summary", "Print summary statistics."},
		{document.Item, "--discard", "Discard.\n--discard=once\nOnce."},
	})
}

// TestHangingOptionItems: old help2man pages (sed, timeout) write each
// option as ".HP", its line, ".IP", its description; each is an item, and
// a paragraph before an untagged .IP that is no option's line stays a
// paragraph.
func TestHangingOptionItems(t *testing.T) {
	src := `.TH STREAM 1
.SH NAME
stream \- edit a stream
.SH OPTIONS
.PP
Options are:
.IP
and more words follow.
.HP
\fB\-E\fR, \fB\-r\fR, \fB\-\-regexp\-extended\fR
.IP
use extended regular expressions in the script
(for portability use POSIX \fB\-E\fR).
.HP
\fB\-s\fR, \fB\-\-separate\fR
.IP
consider files as separate.
.PP
A closing paragraph.
`
	sameBlocks(t, optionBlocks(t, src), []blk{
		{document.Para, "", "Options are:"},
		{document.Para, "", "and more words follow."},
		{document.Item, "-E, -r, --regexp-extended", "use extended regular expressions in the script (for portability use POSIX -E)."},
		{document.Item, "-s, --separate", "consider files as separate."},
		{document.Para, "", "A closing paragraph."},
	})
}

// TestTaggedParagraphsShareBody: pod2man writes an option with several
// names (binutils' objdump, wget) as one ".IP" per name under ".PD 0",
// each but the last with an empty body; they are one item with every
// name, not items that say nothing and one whose name alone is left.
func TestTaggedParagraphsShareBody(t *testing.T) {
	src := `.TH DUMPER 1
.SH NAME
dumper \- show what an object file holds
.SH OPTIONS
.IP "\fB\-d\fR" 4
.IX Item "-d"
.PD 0
.IP "\fB\-\-disassemble\fR" 4
.IX Item "--disassemble"
.IP "\fB\-\-disassemble=\fR\fIsymbol\fR" 4
.IX Item "--disassemble=symbol"
.PD
Show the machine instructions of the code sections.
.IP "\fB\-D\fR" 4
.IX Item "-D"
Like \fB\-d\fR, but of every section.
`
	sameBlocks(t, optionBlocks(t, src), []blk{
		{document.Item, "-d, --disassemble, --disassemble=symbol", "Show the machine instructions of the code sections."},
		{document.Item, "-D", "Like -d, but of every section."},
	})
}

// TestGluedOptionValue: a tag that glues a one-letter option to the
// value its long form names ("-pnum or --strip=num") is written apart,
// so that the option reads as -p; an option whose letters are its name
// (find's -name, "-nc") stays whole.
func TestGluedOptionValue(t *testing.T) {
	for tag, want := range map[string]string{
		"-pnum or --strip=num":            "-p num or --strip=num",
		"-Ifile, --dynamic-linker=file":   "-I file, --dynamic-linker=file",
		"-name pattern":                   "-name pattern",
		"-nc, --no-clobber":               "-nc, --no-clobber",
		"-Ttext-segment=org":              "-Ttext-segment=org",
		"-o file, --output-document=file": "-o file, --output-document=file",
		"-Dnum, --dump=num":               "-D num, --dump=num",
	} {
		if got := gluedValues(tag); got != want {
			t.Errorf("gluedValues(%q) = %q, want %q", tag, got, want)
		}
	}
}

// TestBracketedOptionTag: a page that tags its arguments as its synopsis
// writes them (unzip(1)'s "[-d exdir]") documents the options; a tag of
// alternatives in brackets stays as it is.
func TestBracketedOptionTag(t *testing.T) {
	src := `.TH PACKER 1
.SH NAME
packer \- unpack archives
.SH OPTIONS
.TP
.RI [ \-d\ exdir ]
An optional directory to which to extract files.
.TP
[\-a|\-b]
Either one.
`
	sameBlocks(t, optionBlocks(t, src), []blk{
		{document.Item, "-d exdir", "An optional directory to which to extract files."},
		{document.Item, "[-a|-b]", "Either one."},
	})
}

// A NAME section of several entries, a line each, as hostname(1)'s: the
// summary is the first entry's, and every entry's names are the page's.
// One entry whose description holds a dash stays whole.
func TestNameEntries(t *testing.T) {
	for _, tc := range []struct {
		src, names, summary string
	}{
		{".TH NAMER 1\n.SH NAME\nnamer \\- show the machine's name\n.br\nrenamer, unnamer \\- change it\n.br\nnamerctl \\- control it\n.SH DESCRIPTION\nText.\n",
			"namer renamer unnamer namerctl", "show the machine's name"},
		{".TH CLOUDY 1\n.SH NAME\ncloudy profiles \\- manage Network Security \\- Security Profiles\n.SH DESCRIPTION\nText.\n",
			"cloudy profiles", "manage Network Security - Security Profiles"},
		{".TH APT-GOT 8\n.SH NAME\napt-got \\- APT package handling utility \\-\\- command-line interface\n.SH DESCRIPTION\nText.\n",
			"apt-got", "APT package handling utility -- command-line interface"},
		{".TH ZIPPO 1\n.SH NAME\nzippo \\- zippo, unzippo, zippocat \\- compress or expand\n.SH DESCRIPTION\nText.\n",
			"zippo", "zippo, unzippo, zippocat - compress or expand"},
	} {
		d, err := Parse([]byte(tc.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(d.Names, " "); got != tc.names || d.Summary != tc.summary {
			t.Errorf("names %q, summary %q; want %q, %q", got, d.Summary, tc.names, tc.summary)
		}
	}
}
