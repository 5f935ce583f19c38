package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
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

// TestManFirst: the man page of a leading tldr page's command leads
// where the question gives values, which its options are typed with;
// not where it gives none, nor a man page of another command.
func TestManFirst(t *testing.T) {
	hit := func(typ, title string) answer.Hit {
		return answer.Hit{Meta: index.Meta{Type: typ, Title: title, Section: "1", Label: title}}
	}
	tl, man, other := hit("tldr", "chown"), hit("man", "chown"), hit("man", "chgrp")
	for _, tc := range []struct {
		q    string
		hits []answer.Hit
		want string // the first hit's type and title
	}{
		{"make bob the owner of notes.txt", []answer.Hit{tl, other, man}, "man chown"},
		{"change who owns a file", []answer.Hit{tl, other, man}, "tldr chown"},
		{"make bob the owner of notes.txt", []answer.Hit{tl, other}, "tldr chown"},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		got := manFirst(tc.hits, a)
		if h := got[0].Meta.Type + " " + got[0].Meta.Title; h != tc.want || len(got) != len(tc.hits) {
			t.Errorf("%q: %s leads of %d hits, want %s of %d", tc.q, h, len(got), tc.want, len(tc.hits))
		}
	}
}
