package index

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A build keeps the version that was active before it, also when an
// older one sorts after it by name, as two builds in the same second do
// by their random suffixes: a backend answering from the previous
// version stat()s its files, and would find them gone.
func TestPruneKeepsThePrevious(t *testing.T) {
	dir := t.TempDir()
	prev := filepath.Base(buildVersion(t, dir))
	stamp, _, _ := strings.Cut(prev, "-")
	older := stamp + "-zzzzzz" // sorts after prev; not the one before
	if err := os.Mkdir(filepath.Join(dir, older), 0o755); err != nil {
		t.Fatal(err)
	}
	active := filepath.Base(buildVersion(t, dir))
	for name, want := range map[string]bool{prev: true, active: true, older: false} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s kept: %v, want %v", name, err == nil, want)
		}
	}
}
