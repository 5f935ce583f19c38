package index

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPrivateFiles: an index holds the text of the user's sources: its
// folders are made 0700 and its files 0600, and a link planted where a
// file of it goes fails the build instead of being written through.
func TestPrivateFiles(t *testing.T) {
	indexDir := filepath.Join(t.TempDir(), "index")
	v := buildVersion(t, indexDir)
	for path, want := range map[string]os.FileMode{
		indexDir: 0o700, v: 0o700, filepath.Join(v, "docs.bin"): 0o600, filepath.Join(v, "index.bin"): 0o600,
		filepath.Join(v, "manifest.json"): 0o600, filepath.Join(indexDir, "ACTIVE"): 0o600,
	} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want %04o", path, fi.Mode().Perm(), err, want)
		}
	}

	target := filepath.Join(t.TempDir(), "passwd")
	os.WriteFile(target, []byte("root:x:0:0\n"), 0o644)
	st, _, err := Begin(indexDir)
	if err != nil {
		t.Fatal(err)
	}
	os.Symlink(target, filepath.Join(st.Dir(), "docs.bin"))
	if _, err := NewBuilder(st.Dir()); err == nil {
		t.Error("a build wrote through a link planted at docs.bin")
	}
	if b, _ := os.ReadFile(target); string(b) != "root:x:0:0\n" {
		t.Errorf("the link's target changed: %q", b)
	}
}
