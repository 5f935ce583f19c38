package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

// TestOptionEntry: a flag is found in the item that documents it, by any
// of its names, and never in a section about the page or in running text.
func TestOptionEntry(t *testing.T) {
	d := &document.Document{Sections: []document.Section{
		{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: "-z compresses, as -x says"}}},
		{Title: "OPTIONS", Blocks: []document.Block{
			{Kind: document.Item, Term: "-x, --extract, --get", Text: "Extract files from an archive."},
			{Kind: document.Item, Term: "-C, --directory=DIR", Text: "Change to DIR before performing any operations."},
			{Kind: document.Item, Term: "-size n[ckMG]", Text: "File uses n units of space."},
		}},
		{Title: "SEE ALSO", Blocks: []document.Block{{Kind: document.Item, Term: "-z", Text: "an aside"}}},
	}}
	for _, tc := range []struct {
		flag, want string
	}{
		{"-x", "Extract files from an archive."},
		{"--get", "Extract files from an archive."},
		{"--directory", "Change to DIR before performing any operations."},
		{"-size", "File uses n units of space."},
		{"-z", ""}, // only in running text and SEE ALSO: not documented
		{"-s", ""},
	} {
		_, b, ok := optionEntry(d, tc.flag)
		if got := b.Text; ok != (tc.want != "") || got != tc.want {
			t.Errorf("optionEntry(%q) = %q, %v; want %q", tc.flag, got, ok, tc.want)
		}
	}
}

func TestBundled(t *testing.T) {
	for w, want := range map[string]bool{"xf": true, "czvf": true, "aux": true, "-xf": false, "backup.tar": false, "": false, "extract": false, "x1": false} {
		if got := bundled(w); got != want {
			t.Errorf("bundled(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestExampleFlags: an example's flags come in its order, each once, a
// cluster letter by letter; a cluster longer than any program combines
// (a planted page's) is not read letter by letter, which would scan the
// page once a letter on every question the page answers.
func TestExampleFlags(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		{Kind: document.Item, Term: "-x, --extract", Text: "Extract files from an archive."},
		{Kind: document.Item, Term: "-f, --file=ARCHIVE", Text: "Use archive file ARCHIVE."},
		{Kind: document.Item, Term: "-C, --directory=DIR", Text: "Change to DIR."},
	}}}}
	none := func(string) bool { return false }
	for _, tc := range []struct{ line, want string }{
		{"tar -xqf a.tar -C dir -x", "-x -f -C"},
		{"tar xf a.tar", "-x -f"},
		{"tar --extract --file=a.tar", "--extract --file"},
		{"tar -" + strings.Repeat("q", maxClusterLetters-1) + "x", "-x"},
		{"tar -" + strings.Repeat("q", 100_000) + "x -f a.tar", "-f"},
	} {
		var got []string
		for _, f := range exampleFlags(d, tc.line, none) {
			got = append(got, f.flag)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("exampleFlags(%.40q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}
