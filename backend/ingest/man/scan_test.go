package man

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestVersionedPageName: a versioned tool's page (llvm-as-14.1, which
// llvm-as.1 links to) is labelled by the name users type; an alias that
// is another name (egrep for grep) does not rename its page.
func TestVersionedPageName(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "man1")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	page := func(file, name string) {
		src := ".TH X 1\n.SH NAME\n" + name + " \\- a tool\n.SH DESCRIPTION\nIt does things.\n"
		if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(name, target string) {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	page("llvm-as-14.1", "llvm-as")
	link("llvm-as.1", "llvm-as-14.1")
	page("python3.11.1", "python")
	link("python3.1", "python3.11.1")
	page("grep.1", "grep")
	link("egrep.1", "grep.1")
	page("bzip2.1", "bzip2")
	link("bzip.1", "bzip2.1") // no separator: not a version

	pages, _, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, p := range pages {
		d, err := ReadPage(root, p)
		if err != nil {
			t.Fatal(err)
		}
		got[d.Label] = d.Names
	}
	for label, name := range map[string]string{
		"llvm-as(1)": "llvm-as-14", "python3(1)": "python3.11", "grep(1)": "egrep", "bzip2(1)": "bzip"} {
		names, ok := got[label]
		if !ok {
			t.Errorf("no page labelled %s among %v", label, got)
			continue
		}
		if !slices.Contains(names, name) {
			t.Errorf("%s: names %v lack %s", label, names, name)
		}
	}
}
