package rundir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestDefaultUsesXDGRuntimeDir(t *testing.T) {
	x := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", x)
	dir, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(x, "ragcli") {
		t.Errorf("Default = %s", dir)
	}
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("created %v, %v; want mode 0700", fi.Mode(), err)
	}
	if SocketPath(dir) != filepath.Join(x, "ragcli", "backend.sock") || LockPath(dir) != filepath.Join(x, "ragcli", "backend.lock") {
		t.Errorf("paths %s %s", SocketPath(dir), LockPath(dir))
	}
}

func TestDefaultFallback(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for _, x := range []string{"", "relative/dir"} {
		t.Setenv("XDG_RUNTIME_DIR", x)
		dir, err := Default()
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(tmp, "ragcli-"+strconv.Itoa(os.Getuid())); dir != want {
			t.Errorf("XDG_RUNTIME_DIR=%q: Default = %s, want %s", x, dir, want)
		}
	}
}

func TestEnsureRefuses(t *testing.T) {
	base := t.TempDir()
	open := filepath.Join(base, "open")
	if err := os.Mkdir(open, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o750); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(base, link); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(base, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		open: "open to other users",
		link: "not a directory",
		file: "", // MkdirAll fails on a file
	} {
		err := Ensure(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Ensure(%s) = %v, want an error about %q", filepath.Base(path), err, want)
		}
	}
}

func TestCheckOwner(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := check(dir, fi, os.Getuid()); err != nil {
		t.Errorf("own folder refused: %v", err)
	}
	// A folder someone else planted looks like this one to a user of
	// another uid.
	err = check(dir, fi, os.Getuid()+1)
	if err == nil || !strings.Contains(err.Error(), "belongs to uid") {
		t.Errorf("foreign folder: %v", err)
	}
}

// TestEnsureRefusesForeignOwner plants a real folder of another user, as an
// attacker would in /tmp; only root can.
func TestEnsureRefusesForeignOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to chown; TestCheckOwner covers the decision")
	}
	dir := filepath.Join(t.TempDir(), "ragcli-0")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := Ensure(dir); err == nil || !strings.Contains(err.Error(), "belongs to uid 65534") {
		t.Errorf("Ensure = %v", err)
	}
}
