package catalog

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPlanted: links planted at the audit log and at the catalog's lock
// are refused, never written through; the audit log and the catalog are
// written 0600, in a folder made 0700.
func TestPlanted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ragcli")
	os.Mkdir(dir, 0o700)
	target := filepath.Join(t.TempDir(), "passwd")
	os.WriteFile(target, []byte("root:x:0:0\n"), 0o644)
	audit := filepath.Join(dir, "audit.log")
	os.Symlink(target, audit)
	if err := Audit(audit, AuditEntry{Action: "init", Status: "ok"}); err == nil {
		t.Error("audited through a symbolic link")
	}
	path := filepath.Join(dir, "catalog.json")
	os.Symlink(target, lockPath(path))
	if _, err := Create(path, &Catalog{Sources: Defaults()}); err == nil {
		t.Error("locked the catalog through a symbolic link")
	}
	if b, _ := os.ReadFile(target); string(b) != "root:x:0:0\n" {
		t.Errorf("the link's target changed: %q", b)
	}

	fresh := filepath.Join(t.TempDir(), "new", "ragcli")
	path = filepath.Join(fresh, "catalog.json")
	audit = filepath.Join(fresh, "audit.log")
	if _, err := Create(path, &Catalog{Sources: Defaults()}); err != nil {
		t.Fatal(err)
	}
	if err := Audit(audit, AuditEntry{Action: "init", Status: "ok"}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]os.FileMode{fresh: 0o700, path: 0o600, audit: 0o600} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want %04o", p, fi.Mode().Perm(), err, want)
		}
	}
}
