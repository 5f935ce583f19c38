package compose

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

// A value an option takes, listed as an item of its own, is a step that
// types the option with it: nl's "a" under "STYLE is one of:", cp's
// "none, off" under the paragraph that names --backup. Fields a program
// prints, listed under a paragraph that names the option printing them,
// are no values.
func TestValueOf(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	para := func(text string) document.Block { return document.Block{Kind: document.Para, Text: text} }
	doc := func(blocks ...document.Block) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: blocks}}}
	}
	nl := doc(item("-b, --body-numbering=STYLE", "use STYLE for numbering body lines"),
		item("-n, --number-format=FORMAT", "insert line numbers according to FORMAT"),
		para("STYLE is one of:"), item("a", "number all lines"), item("t", "number only nonempty lines"),
		para("FORMAT is one of:"), item("ln", "left justified"), item("rz", "right justified, leading zeros"))
	cp := doc(item("--backup[=CONTROL]", "make a backup of each existing destination file"),
		item("-S, --suffix=SUFFIX", "override the usual backup suffix"),
		para("The backup suffix is '~', unless set with --suffix. The version control method may be selected via the --backup option. Here are the values:"),
		item("none, off", "never make backups"), item("numbered, t", "make numbered backups"))
	// an operand written NAME=VALUE takes values as an option does
	dd := doc(item("conv=CONVS", "convert the file as per the comma separated symbol list"),
		para("Each CONV symbol may be:"), item("lcase", "change upper case to lower case"))
	fields := doc(item("--query-swdb=PACKAGE", "query the software version database"),
		para("The --query-swdb command prints these fields:"), item("reldate", "the release date"))
	for _, tc := range []struct {
		d    *document.Document
		blk  int
		want string
	}{
		{nl, 3, "-b a"}, {nl, 4, "-b t"}, {nl, 7, "-n rz"},
		{cp, 3, "--backup=none"}, {cp, 4, "--backup=numbered"},
		{fields, 2, ""},
		{dd, 2, "conv=lcase"},
		{nl, 0, ""}, // an option is no value
		{nl, 2, ""}, // nor a paragraph
	} {
		if got := valueOf(tc.d, 0, tc.blk); got != tc.want {
			t.Errorf("valueOf(%q) = %q, want %q", tc.d.Sections[0].Blocks[tc.blk].Term, got, tc.want)
		}
	}
}

// A setting or operand a page lists is typed as one types it.
func TestOperandTerm(t *testing.T) {
	for term, want := range map[string]string{
		"* size": "size", "rows N": "rows N", "[-]echo": "echo", "* [-]ofdel": "ofdel", "count=N": "count=N",
		"-a, --all": "", "LC_ALL": "", "Special settings:": "",
	} {
		if got := operandTerm(term); got != want {
			t.Errorf("operandTerm(%q) = %q, want %q", term, got, want)
		}
	}
}
