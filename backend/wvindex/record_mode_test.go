package wvindex

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRecordPrivate: weaviate.json lives in the index folder, whose
// files are 0600.
func TestRecordPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), RecordFile)
	if err := (Record{}).Write(path); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("%v %v, want 0600", fi.Mode().Perm(), err)
	}
}
