package freshness

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRecordPrivate: refresh.json lives in the data folder, with the
// rest of what ragman keeps private there: 0600.
func TestRecordPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "refresh.json")
	if err := (Record{}).Write(path); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("%v %v, want 0600", fi.Mode().Perm(), err)
	}
}
