package main

import (
	"slices"
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

func TestMine(t *testing.T) {
	d := &document.Document{Title: "tar", Sections: []document.Section{
		{Title: "OPTIONS", Blocks: []document.Block{
			{Kind: document.Item, Term: "-x, --extract", Text: "Extract files from an archive. Arguments are optional."},
			{Kind: document.Item, Term: "--exclude=PATTERN", Text: "Exclude files matching PATTERN,\na glob(3)-style wildcard pattern."},
			{Kind: document.Item, Term: "--help", Text: "Display a short option summary and exit."},
			{Kind: document.Item, Term: "-v", Text: "Verbose."},
			{Kind: document.Item, Term: "FILE", Text: "The archive file to read or write."},
		}},
		{Title: "EXAMPLES", Blocks: []document.Block{
			{Kind: document.Para, Text: "Create archive.tar from files foo and bar."},
			{Kind: document.Code, Text: "tar -cf archive.tar foo bar"},
			{Kind: document.Para, Text: "A paragraph with no example after it."},
		}},
	}}
	want := [][2]string{
		{"Extract files from an archive", "-x"},
		{"Exclude files matching PATTERN, a glob(3)-style wildcard pattern", "--exclude"},
		{"Create archive.tar from files foo and bar", "tar"},
	}
	if got := mine(d); !slices.Equal(got, want) {
		t.Errorf("mine:\n got %q\nwant %q", got, want)
	}
}

func TestSentence(t *testing.T) {
	for text, want := range map[string]string{
		"list directory contents.":    "list directory contents",
		"Verbose.":                    "",
		"-1 means no limit, as usual": "",
		"one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen": "",
	} {
		if got := sentence(text); got != want {
			t.Errorf("sentence(%q) = %q, want %q", text, got, want)
		}
	}
}
