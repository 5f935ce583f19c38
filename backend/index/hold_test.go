package index

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// mappedUnder counts this process's mappings of files under dir.
func mappedUnder(t *testing.T, dir string) int {
	t.Helper()
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps:", err)
	}
	n := 0
	for line := range strings.Lines(string(maps)) {
		if strings.Contains(line, dir+"/") {
			n++
		}
	}
	return n
}

// A Reader stays mapped while anyone holds it and is unmapped by the
// last release, whichever comes last, Close or Release; a Load after
// that is an error, not a fault.
func TestReaderHeld(t *testing.T) {
	indexDir := t.TempDir()
	build(t, indexDir, testDocs(), make([]Facts, 3))
	dir, err := ActiveDir(indexDir)
	if err != nil {
		t.Fatal(err)
	}
	base := mappedUnder(t, indexDir) // build's own reader, closed at cleanup

	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := mappedUnder(t, indexDir); got != base+2 {
		t.Fatalf("open: %d mappings under the index, want %d (index.bin and docs.bin)", got, base+2)
	}
	label := r.Meta(0).Label // points into the mapping
	if !r.Acquire() || !r.Acquire() {
		t.Fatal("Acquire of an open reader failed")
	}
	r.Close()
	r.Close() // a second Close must not take a holder's reference
	if got := mappedUnder(t, indexDir); got != base+2 {
		t.Fatalf("closed, held twice: %d mappings, want %d", got, base+2)
	}
	if label != "chmod(1)" {
		t.Fatalf("a held reader's label reads %q", label)
	}
	if _, err := r.Load(1); err != nil {
		t.Fatalf("Load from a closed but held reader: %v", err)
	}
	r.Release()
	if got := mappedUnder(t, indexDir); got != base+2 {
		t.Fatalf("closed, held once: %d mappings, want %d", got, base+2)
	}
	r.Release()
	if got := mappedUnder(t, indexDir); got != base {
		t.Fatalf("closed and released: %d mappings, want %d", got, base)
	}
	if r.Acquire() {
		t.Fatal("Acquire of a released reader succeeded")
	}
	if _, err := r.Load(2); !errors.Is(err, ErrClosed) {
		t.Fatalf("Load from a released reader: %v, want ErrClosed", err)
	}
}
