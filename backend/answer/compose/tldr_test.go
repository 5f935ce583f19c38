package compose

import (
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
