package priors

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	dpkg := filepath.Join(dir, "dpkg")
	must(t, os.MkdirAll(bin, 0o755))
	must(t, os.MkdirAll(filepath.Join(dpkg, "info"), 0o755))
	must(t, os.WriteFile(filepath.Join(bin, "chmod"), nil, 0o755))
	must(t, os.WriteFile(filepath.Join(dpkg, "status"), []byte(
		"Package: coreutils\nEssential: yes\nPriority: required\n\n"+
			"Package: tmux\nPriority: optional\n\nPackage: less\nPriority: important\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dpkg, "info", "coreutils.list"), []byte("/usr/bin/chmod\n/usr/share/man/man1/chmod.1.gz\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dpkg, "info", "tmux:amd64.list"), []byte("/usr/share/man/man1/tmux.1.gz\n"), 0o644))

	m := Load(bin+":"+filepath.Join(dir, "missing"), dpkg, "/usr/share/man/")
	if !m.Command("chmod") || m.Command("tmux") {
		t.Errorf("Command: chmod=%v tmux=%v", m.Command("chmod"), m.Command("tmux"))
	}
	for file, want := range map[string]struct {
		pkg  string
		prio int
	}{
		"/usr/share/man/man1/chmod.1.gz": {"coreutils", PriorityEssential},
		"/usr/share/man/man1/tmux.1.gz":  {"tmux", PriorityOptional},
		"/usr/bin/chmod":                 {"", PriorityUnknown}, // outside the folders asked for
	} {
		pkg, prio := m.Package(file)
		if pkg != want.pkg || prio != want.prio {
			t.Errorf("Package(%s) = %s, %d; want %s, %d", file, pkg, prio, want.pkg, want.prio)
		}
	}
}

func TestZeroValue(t *testing.T) {
	var m Machine
	if m.Command("ls") {
		t.Error("zero Machine knows a command")
	}
	if _, p := m.Package("/x"); p != PriorityUnknown {
		t.Error("zero Machine knows a package")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
