package man

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

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
	d, err := Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	sec := d.Find("OPTIONS")
	if sec == nil {
		t.Fatalf("no OPTIONS in %+v", d.Sections)
	}
	type blk struct {
		kind document.BlockKind
		term string
		text string
	}
	want := []blk{
		{document.Para, "", "The options which apply to the passwd command are:"},
		{document.Item, "-e, --expire", "Immediately expire the password."},
		{document.Item, "enable UNIT...", "Enable one or more units.\nEnabling simply hooks the unit into suggested places."},
		{document.Para, "", "For example:"},
		{document.Code, "", "passwd -e alice"},
		{document.Item, "-h", "Display help message and exit."},
	}
	if len(sec.Blocks) != len(want) {
		t.Fatalf("got %d blocks %+v, want %d", len(sec.Blocks), sec.Blocks, len(want))
	}
	for i, w := range want {
		b := sec.Blocks[i]
		if b.Kind != w.kind || b.Term != w.term || b.Text != w.text {
			t.Errorf("block %d: got %v %q %q, want %v %q %q", i, b.Kind, b.Term, b.Text, w.kind, w.term, w.text)
		}
	}
}
