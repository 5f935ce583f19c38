package compose

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

// A recursive search of files of a kind goes through the folder for
// them with --include, not through the shell's pattern, which names
// the folder's own files alone; without --include on the page, or
// without recursion or --include in the line, the line stays.
func TestIncludeGlob(t *testing.T) {
	items := []document.Block{
		{Kind: document.Item, Term: "-r, --recursive", Text: "Read all files under each directory, recursively."},
		{Kind: document.Item, Term: "--include=GLOB", Text: "Search only files whose base name matches GLOB."},
	}
	grep := &source{hit: answer.Hit{Meta: index.Meta{Title: "grep", Type: "man", Section: "1"}},
		doc: &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: items}}}}
	bare := &source{hit: grep.hit, doc: &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: items[:1]}}}}
	const q = "search the *.py files in the folder src, recursively, for TODO"
	c := &composition{ops: operands(q, analyse.Read(q).Args)}
	for _, tc := range []struct {
		s          *source
		line, want string
	}{
		{grep, "grep -r TODO src/*.py", "grep -r TODO --include='*.py' src"},
		{grep, "grep -rn TODO *.py", "grep -rn TODO --include='*.py' src"},
		{grep, "grep -r TODO src *.py", "grep -r TODO src --include='*.py'"},
		{grep, "grep TODO src/*.py", "grep TODO src/*.py"},
		// --include leading with its placeholder picks among what a
		// search through the folder finds
		{grep, "grep --include GLOB TODO src/*.py", "grep -r TODO --include='*.py' src"},
		{grep, "grep --include=GLOB TODO src/*.py", "grep -r TODO --include='*.py' src"},
		{bare, "grep -r TODO src/*.py", "grep -r TODO src/*.py"},
	} {
		if got, _, _ := c.includeGlob(tc.s, tc.line); got != tc.want {
			t.Errorf("includeGlob(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// A folder the question copies is copied with the page's option that
// copies directories, asked for or not, and the step says what it does;
// a folder the copies go to, or a page whose -R does something else
// (chown's), takes none where recursion is not asked for.
func TestWithRecursiveCopiesFolder(t *testing.T) {
	page := func(title, text string) *source {
		return &source{hit: answer.Hit{Meta: index.Meta{Title: title, Type: "man", Section: "1"}},
			doc: &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
				{Kind: document.Item, Term: "-R, -r, --recursive", Text: text}}}}}}
	}
	cp := page("cp", "copy directories recursively")
	chown := page("chown", "operate on files and directories recursively")
	for _, tc := range []struct {
		s              *source
		q, line        string
		want, wantDoes string
	}{
		{cp, "copy the folder photos to /mnt/usb", "cp photos /mnt/usb", "cp -R photos /mnt/usb", "-R: copy directories recursively"},
		{cp, "copy report.pdf into the folder archive", "cp report.pdf archive", "cp report.pdf archive", ""},
		// a folder copied unnamed is copied so too
		{cp, "How do I copy a directory?", "cp SOURCE DEST", "cp -R SOURCE DEST", "-R: copy directories recursively"},
		{cp, "copy a file into a directory", "cp SOURCE DEST", "cp SOURCE DEST", ""},
		// the lead's letters take it as people type them
		{cp, "copy the folder photos to /mnt/usb keeping timestamps", "cp -p photos /mnt/usb", "cp -Rp photos /mnt/usb", "-R: copy directories recursively"},
		{cp, "copy the folder photos to /mnt/usb keeping timestamps", "cp --preserve photos /mnt/usb", "cp -R --preserve photos /mnt/usb", "-R: copy directories recursively"},
		{chown, "change the owner of the folder www to deploy", "chown deploy www", "chown deploy www", ""},
	} {
		c := &composition{text: tc.q, ops: operands(tc.q, analyse.Read(tc.q).Args)}
		got, does, joined := c.withRecursive(tc.s, tc.s.hit.Meta.Title, tc.line)
		if got != tc.want || does != tc.wantDoes {
			t.Errorf("%q: %q, %q; want %q, %q", tc.q, got, does, tc.want, tc.wantDoes)
		}
		// the lead's letters it ran -R into, told apart from a line it
		// wrote -R into as a word of its own
		if want := map[string]string{"cp -p photos /mnt/usb": "-p"}[tc.line]; joined != want {
			t.Errorf("%q, %q: ran -R into %q, want %q", tc.q, tc.line, joined, want)
		}
	}
}
