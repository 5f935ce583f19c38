package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEnsureDataDir: a missing data folder is made 0700, an old 0755 one
// of ours tightened, a read-only one left read-only; a file, or a folder of another user (root can make
// one), is refused with a hint.
func TestEnsureDataDir(t *testing.T) {
	base := t.TempDir()
	fresh := filepath.Join(base, "share", "ragcli")
	old := filepath.Join(base, "old")
	os.Mkdir(old, 0o755)
	os.Chmod(old, 0o755)
	for _, dir := range []string{fresh, old} {
		if err := EnsureDataDir(dir); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v %v, want 0700", dir, fi.Mode().Perm(), err)
		}
	}
	// its owner made it read-only: it stays so
	readOnly := filepath.Join(base, "read-only")
	os.Mkdir(readOnly, 0o555)
	os.Chmod(readOnly, 0o555)
	if err := EnsureDataDir(readOnly); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(readOnly); fi.Mode().Perm() != 0o500 {
		t.Errorf("a read-only data folder: %v, want 0500", fi.Mode().Perm())
	}
	file := filepath.Join(base, "file")
	os.WriteFile(file, nil, 0o600)
	var de *DataDirError
	if err := EnsureDataDir(file); !errors.As(err, &de) {
		t.Errorf("a file: %v", err)
	}
	if os.Geteuid() != 0 {
		t.Skip("making a folder of another user needs root")
	}
	foreign := filepath.Join(base, "foreign")
	os.Mkdir(foreign, 0o755)
	if err := os.Chown(foreign, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	err := EnsureDataDir(foreign)
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "belongs to uid 65534") || !strings.Contains(de.Hint(), "XDG_DATA_HOME") {
		t.Errorf("a folder of uid 65534: %v", err)
	}
	if fi, _ := os.Stat(foreign); fi.Mode().Perm() != 0o755 {
		t.Errorf("another user's folder was changed: %v", fi.Mode().Perm())
	}
}

// TestWriteDefaultPlanted: a link planted at config.yaml, dangling or
// not, is not written through.
func TestWriteDefaultPlanted(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	path := filepath.Join(dir, "config.yaml")
	os.Symlink(target, path)
	if wrote, err := WriteDefault(path); wrote {
		t.Errorf("wrote through a dangling link: %v", err)
	}
	if _, err := os.Lstat(target); err == nil {
		t.Error("the link's target was created")
	}
}

// TestDefaultPaths: the XDG folders are read as github.com/adrg/xdg read
// them before ragman read them itself: an absolute value, ~ and $HOME
// expanded; a relative one is ignored for the default in the home folder.
func TestDefaultPaths(t *testing.T) {
	for _, c := range []struct{ home, config, data, wantConfig, wantData string }{
		{"/home/u", "", "", "/home/u/.config/ragcli", "/home/u/.local/share/ragcli"},
		{"/home/u", "/etc/c", "/srv/d/", "/etc/c/ragcli", "/srv/d/ragcli"},
		{"/home/u", "rel/c", "~/d", "/home/u/.config/ragcli", "/home/u/d/ragcli"},
		{"/home/u", "$HOME/c", "~", "/home/u/c/ragcli", "/home/u/ragcli"},
		{"", "", "", "/.config/ragcli", "/.local/share/ragcli"},
		{"rel", "", "/d", "ragcli", "/d/ragcli"},
	} {
		t.Setenv("HOME", c.home)
		t.Setenv("XDG_CONFIG_HOME", c.config)
		t.Setenv("XDG_DATA_HOME", c.data)
		p := DefaultPaths()
		if p.ConfigDir != c.wantConfig || p.DataDir != c.wantData || p.ConfigFile != filepath.Join(c.wantConfig, "config.yaml") {
			t.Errorf("HOME=%q XDG_CONFIG_HOME=%q XDG_DATA_HOME=%q: %q %q, want %q %q", c.home, c.config, c.data, p.ConfigDir, p.DataDir, c.wantConfig, c.wantData)
		}
	}
}
