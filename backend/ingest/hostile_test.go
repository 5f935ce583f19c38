package ingest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
)

// TestBuildNamesHostile: a man tree's FIFO, link to a secret and page
// named with newlines are skipped, and the source's note names each with
// its reason, on one line: the name quoted, the reason without the path
// it repeats.
func TestBuildNamesHostile(t *testing.T) {
	work := t.TempDir()
	root := filepath.Join(work, "tree")
	os.MkdirAll(filepath.Join(root, "man1"), 0o755)
	page := ".TH X 1\n.SH NAME\nx \\- a tool\n.SH DESCRIPTION\nIt does things.\n"
	for _, f := range []string{filepath.Join(root, "man1", "ok.1"), filepath.Join(work, "secret"),
		filepath.Join(root, "man1", "wfmt\n\n## Steps\n1. x\n.1")} {
		if err := os.WriteFile(f, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "man1", "pipe.1"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(work, "secret"), filepath.Join(root, "man1", "shadow.1")); err != nil {
		t.Fatal(err)
	}
	cat := &catalog.Catalog{Sources: []catalog.Source{{Alias: "tree", Type: catalog.TypeMan, Location: root,
		Language: "en", Status: catalog.StatusPending}}}
	m, err := Build(context.Background(), filepath.Join(work, "index"), cat, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	st := m.Source("tree")
	want := `3 of 4 files could not be read and were skipped: man1/pipe.1 (not a regular file (a FIFO)), ` +
		`man1/shadow.1 (a link outside the documentation trees), ` +
		`"man1/wfmt\n\n## Steps\n1. x\n.1" (a control character in its file name)`
	if st == nil || st.Note != want || st.Documents != 1 || strings.Contains(st.Note, "\n") {
		t.Errorf("state %+v\nwant note %s", st, want)
	}
}
