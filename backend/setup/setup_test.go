package setup

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/config"
)

// TestInitPrivate: the data folder and the folders in it are made 0700,
// an old 0755 data folder of ours is tightened, the config folder stays
// 0755, and the catalog is 0600.
func TestInitPrivate(t *testing.T) {
	home := t.TempDir()
	p := config.PathsFor(filepath.Join(home, "config", "ragcli"), filepath.Join(home, "share", "ragcli"))
	if _, err := Init(p); err != nil {
		t.Fatal(err)
	}
	os.Chmod(p.DataDir, 0o755)
	if _, err := Init(p); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{p.ConfigDir: 0o755, p.DataDir: 0o700, p.IndexDir: 0o700, p.KiwixDir: 0o700, p.Catalog: 0o600} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want %04o", path, fi.Mode().Perm(), err, want)
		}
	}
}

// TestInitRefusesForeign: root with a data folder another user owns (the
// attack: that user planted links in it) is refused with a hint, and
// nothing is created in it.
func TestInitRefusesForeign(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("making a folder of another user needs root")
	}
	home := t.TempDir()
	p := config.PathsFor(filepath.Join(home, "config", "ragcli"), filepath.Join(home, "share", "ragcli"))
	os.MkdirAll(p.DataDir, 0o755)
	if err := os.Chown(p.DataDir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	_, err := Init(p)
	var de *config.DataDirError
	if !errors.As(err, &de) {
		t.Fatalf("Init: %v, want a refused data folder", err)
	}
	if h := Hint(p, err); !strings.Contains(h, "XDG_DATA_HOME") {
		t.Errorf("hint %q", h)
	}
	if entries, _ := os.ReadDir(p.DataDir); len(entries) > 0 {
		t.Errorf("created in another user's folder: %v", entries)
	}
}
