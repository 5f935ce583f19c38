package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// taggerPage makes, deletes and lists tags: a synopsis line for each,
// the first with no mode.
const taggerPage = `.TH TAGGER 1
.SH NAME
tagger \- create, list or delete tags
.SH SYNOPSIS
tagger [-f] <tagname>
.br
tagger -d <tagname>...
.br
tagger -l [<pattern>...]
.SH OPTIONS
.TP
\fB\-d\fR, \fB\-\-delete\fR
Delete existing tags with the given names.
.TP
\fB\-l\fR, \fB\-\-list\fR
List tags whose names match the pattern.
.TP
\fB\-f\fR, \fB\-\-force\fR
Replace an existing tag with the given name.
`

// The name a question gives a thing fills the placeholder named for
// that thing ("<tagname>"), on the synopsis line whose mode does what
// the question asks, or the line with no mode where the others do other
// things: not "tagger -l v1.2" to create a tag, nor "tagger v0.9" to
// delete one.
func TestSynopsisLineMode(t *testing.T) {
	leadsWith(t, New(), "tagger", taggerPage, []lead{
		{"with tagger, create a tag called v1.2", "`tagger v1.2`"},
		{"with tagger, delete the tag called v0.9", "`tagger -d v0.9`"},
		{"with tagger, delete the tag v0.9", "`tagger -d v0.9`"},
	})
}

// A thing's name fills the placeholder named for a thing of its kind
// only: a session's name is no "socket-name", a package's is a
// "package-name".
func TestThingNameSlot(t *testing.T) {
	for _, tc := range []struct {
		line, name, of, want string
	}{
		{"tmux -L socket-name", "work", "session", "tmux -L socket-name"},
		{"dpkg -L package-name...", "openssh-client", "package", "dpkg -L openssh-client"},
		{"git tag <tagname>", "v1.2", "", "git tag v1.2"},
	} {
		ops := []operand{{kind: analyse.ArgName, text: tc.name, of: tc.of}}
		if got, _ := fill(tc.line, strings.Fields(tc.line)[0], ops, nil); got != tc.want {
			t.Errorf("fill(%q) with the %s name %s = %q, want %q", tc.line, tc.of, tc.name, got, tc.want)
		}
	}
}
