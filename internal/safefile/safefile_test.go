package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok")
	os.WriteFile(ok, []byte("hello"), 0o644)
	if b, err := ReadFile(ok, 5); err != nil || string(b) != "hello" {
		t.Errorf("regular file: %q, %v", b, err)
	}
	if _, err := ReadFile(ok, 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the cap: %v", err)
	}
	zero := filepath.Join(dir, "zero")
	os.Symlink("/dev/zero", zero)
	if _, err := ReadFile(zero, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a symlink to /dev/zero: %v", err)
	}
	if _, err := ReadFile(dir, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo, 1<<20); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("a FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO with no writer blocks")
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 1); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

// A lock whose path is a symbolic link, dangling or not, fails, and
// nothing is created where it points.
func TestLock(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "backend.lock")
	os.Symlink(target, link)
	if ok, err := Lock(link).TryLock(); ok || err == nil {
		t.Errorf("a lock through a dangling symlink: ok %v, err %v", ok, err)
	}
	if _, err := os.Lstat(target); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the link's target was created: %v", err)
	}
	l := Lock(filepath.Join(dir, "plain.lock"))
	if ok, err := l.TryLock(); !ok || err != nil {
		t.Errorf("a plain lock: ok %v, err %v", ok, err)
	}
	l.Unlock()
}

// TestEntry: RegularEntry and DirEntry follow a symbolic link to what it
// names, and a dangling one is neither.
func TestEntry(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644)
	os.Symlink("file", filepath.Join(dir, "to-file"))
	os.Symlink("folder", filepath.Join(dir, "to-folder"))
	os.Symlink("nowhere", filepath.Join(dir, "dangling"))
	want := map[string][2]bool{ // regular, folder
		"file": {true, false}, "folder": {false, true}, "fifo": {false, false},
		"to-file": {true, false}, "to-folder": {false, true}, "dangling": {false, false},
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(entries), len(want))
	}
	for _, e := range entries {
		got := [2]bool{RegularEntry(dir, e), DirEntry(dir, e)}
		if got != want[e.Name()] {
			t.Errorf("%s: regular, folder = %v, want %v", e.Name(), got, want[e.Name()])
		}
	}
}
