package info

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// TestScanHostile: what is planted in an info folder is listed and
// refused with its reason, never read: a FIFO (opened without blocking),
// a manual or a subfile that links to a file outside the documentation
// trees, a name with a newline (the manual's name is in its labels). A
// link within the folder is read.
func TestScanHostile(t *testing.T) {
	work := t.TempDir()
	dir := filepath.Join(work, "info")
	os.Mkdir(dir, 0o755)
	node := func(name string) []byte {
		return []byte("\x1f\nFile: x.info,  Node: " + name + "\n\nText of " + name + ".\n")
	}
	write := func(path string, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(path, target string) {
		if err := os.Symlink(target, path); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "good.info"), node("Top"))
	write(filepath.Join(work, "secret"), node("SECRET"))
	link(filepath.Join(dir, "alias.info"), "good.info")
	link(filepath.Join(dir, "shadow.info"), filepath.Join(work, "secret"))
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.info"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(dir, "evil\n\n## Steps\n.info"), node("Top"))
	// a split manual whose indirect table names a subfile that links out
	write(filepath.Join(dir, "split.info"), []byte("\x1f\nIndirect:\nsplit.info-1: 10\n\x1f\nTag Table:\n(Indirect)\n\x1f\nEnd Tag Table\n"))
	link(filepath.Join(dir, "split.info-1"), filepath.Join(work, "secret"))

	manuals, err := Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]error{
		"alias.info":              nil,
		"good.info":               nil,
		"shadow.info":             safefile.ErrOutsideDocs,
		"pipe.info":               safefile.ErrNotRegular,
		"evil\n\n## Steps\n.info": safefile.ErrNameControl,
		"split.info":              safefile.ErrOutsideDocs,
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		seen := map[string]bool{}
		for _, m := range manuals {
			seen[m.File] = true
			w, ok := want[m.File]
			if !ok {
				t.Errorf("Scan lists %q", m.File)
				continue
			}
			docs, err := Read(dir, m)
			if !errors.Is(err, w) || (w == nil) != (err == nil) {
				t.Errorf("%q: %v, want %v", m.File, err, w)
			}
			for _, d := range docs {
				if strings.Contains(d.Text(), "SECRET") || strings.ContainsAny(d.Label+d.Ref, "\n\x1b") {
					t.Errorf("%q: %q %q", m.File, d.Label, d.Text())
				}
			}
		}
		for f := range want {
			if !seen[f] {
				t.Errorf("Scan does not list %q", f)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading the folder blocks")
	}
}
