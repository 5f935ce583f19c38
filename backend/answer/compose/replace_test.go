package compose

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// A replacement of the text a question gives is the stream editor's s
// command, in place where the question names the file and no other to
// write, and with the flag that replaces every match on a line where the
// editor's info manual documents it, cited to its node after the man
// page.
func TestReplaceLead(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"man1/sed.1": editorPage, "info/sed.info": editorInfo} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := testindex.With(
		catalog.Source{Alias: "extra", Type: catalog.TypeMan, Location: dir, Language: "en", Status: catalog.StatusActive},
		catalog.Source{Alias: "extra-info", Type: catalog.TypeInfo, Location: filepath.Join(dir, "info"), Language: "en", Status: catalog.StatusActive},
	)
	for _, tc := range []struct{ q, want string }{
		{"replace foo with bar in notes.txt using sed", "`sed -i 's/foo/bar/g' notes.txt`"},
		{`with sed, swap "v1.2" with "v1.3" in setup.cfg and write the result to new.cfg`, "`sed 's/v1\\.2/v1.3/g' setup.cfg > new.cfg`"},
		{"with sed, replace every http:// with https:// inside a file", "`sed -i 's|http://|https://|g' FILE`"},
		{"sed: replace O'Brien with OBrien in names.txt", "`sed -i 's/O'\\''Brien/OBrien/g' names.txt`"},
		{"with sed, swap /usr/local for /opt in paths.conf", "`sed -i 's|/usr/local|/opt|g' paths.conf`"},
		// a text the question leaves to the user is named so
		{"with sed, replace one word with another in a file", "`sed -i 's/OLD/NEW/g' FILE`"},
		{"with sed, edit a file in place replacing one word with another", "`sed -i 's/OLD/NEW/g' FILE`"},
		// shown, the file left as it is
		{"with sed, replace foo with bar in notes.txt but only print the result without changing the file", "`sed 's/foo/bar/g' notes.txt`"},
	} {
		lib, ret := retrieve(t, build, tc.q)
		if ret.Hits[0].Meta.Label != "sed(1)" {
			t.Fatalf("%q: first page %s", tc.q, ret.Hits[0].Meta.Label)
		}
		cite := &answer.Citer{}
		d, err := New().Compose(context.Background(), ret, lib, cite)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
			continue
		}
		if !strings.Contains(d.Steps[0], "with the g flag: Apply the replacement to all matches") {
			t.Errorf("%q: first step %q does not say what its g does", tc.q, d.Steps[0])
		}
		refs := cite.Refs()
		if len(refs) < 2 || refs[0].Label != "sed(1)" || !strings.HasPrefix(refs[1].Label, "sed: ") {
			t.Errorf("%q: references %v, want sed(1) then the info node", tc.q, refs)
		}
	}
	// the first match on a line alone is replaced without it
	lib, ret := retrieve(t, build, "using sed, replace the first occurrence of cat on each line with dog in pets.txt")
	if d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{}); err != nil || len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`sed -i 's/cat/dog/' pets.txt`:") || strings.Contains(d.Steps[0], "g flag") {
		t.Errorf("the first occurrence: steps %q (%v)", d.Steps, err)
	}
	// without the info manual no g is written: sed(1) does not say it
	d := composed(t, New(), "sed", editorPage, "replace foo with bar in notes.txt using sed")
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`sed -i 's/foo/bar/' notes.txt`:") {
		t.Errorf("without the info manual: steps %q", d.Steps)
	}
}

// TestSedScript: the s command takes the values as typed, whatever they
// hold.
func TestSedScript(t *testing.T) {
	for _, tc := range []struct{ old, new, want string }{
		{"foo", "bar", `'s/foo/bar/g'`},
		{"a.b*c", "x&y", `'s/a\.b\*c/x\&y/g'`},
		{"/usr/local", "/opt", `'s|/usr/local|/opt|g'`},
		{"[x]", `c:\d`, `'s/\[x\]/c:\\d/g'`},
		{"don't", "do not", `'s/don'\''t/do not/g'`},
	} {
		if got := sedScript(tc.old, tc.new, true); got != tc.want {
			t.Errorf("sedScript(%q, %q) = %s, want %s", tc.old, tc.new, got, tc.want)
		}
	}
}

// editorPage is streamPage with its s command.
const editorPage = streamPage + `.TP
s/\fIregexp\fR/\fIreplacement\fR/
Attempt to match regexp against the pattern space.  If successful, replace that portion matched with replacement.
`

// editorInfo is the node of its info manual that documents the s
// command's flags.
const editorInfo = "This is sed.info, produced by makeinfo.\n\n" +
	"\x1f\nFile: sed.info,  Node: Top,  Next: The \"s\" Command,  Up: (dir)\n\n" +
	"sed\n***\n\nThis file documents the stream editor.\n\n" +
	"\x1f\nFile: sed.info,  Node: The \"s\" Command,  Prev: Top,  Up: Top\n\n" +
	"3.3 The 's' Command\n===================\n\n" +
	"The 's' command (as in substitute) is probably the most important in 'sed'.\n\n" +
	"   The 's' command can be followed by zero or more of the following FLAGS:\n\n" +
	"'g'\n     Apply the replacement to _all_ matches to the REGEXP, not just the\n     first.\n\n" +
	"'p'\n     If the substitution was made, then print the new pattern space.\n\n"
