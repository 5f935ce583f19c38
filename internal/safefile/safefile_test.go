package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// TestEntry: FileEntry and DirEntry follow a symbolic link to what it
// names, and a dangling one is neither; a FIFO is a file (listed, then
// refused when opened, with the reason).
func TestEntry(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644)
	os.Symlink("file", filepath.Join(dir, "to-file"))
	os.Symlink("folder", filepath.Join(dir, "to-folder"))
	os.Symlink("nowhere", filepath.Join(dir, "dangling"))
	want := map[string][2]bool{ // file, folder
		"file": {true, false}, "folder": {false, true}, "fifo": {true, false},
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
		got := [2]bool{FileEntry(dir, e), DirEntry(dir, e)}
		if got != want[e.Name()] {
			t.Errorf("%s: file, folder = %v, want %v", e.Name(), got, want[e.Name()])
		}
	}
}

// TestInDocTrees: a link may end in its source's folder or a
// documentation tree of the machine, judged by whole path elements, or
// in a package's own man tree under /usr or /opt (java, PostgreSQL).
func TestInDocTrees(t *testing.T) {
	for _, c := range []struct {
		real, root string
		want       bool
	}{
		{"/src/man1/a.1", "/src", true},
		{"/src", "/src", true},
		{"/srcx/man1/a.1", "/src", false},
		{"/usr/share/man/man1/nano.1.gz", "/src", true},
		{"/usr/share/docs/secret", "/src", false},
		{"/usr/share/manual/secret", "/src", false},
		{"/usr/share/man3pm/x.3pm.gz", "/src", true},
		{"/usr/share/doc/bash/README", "/src", true},
		{"/usr/lib/jvm/java-17/man/man1/java.1.gz", "/src", true},
		{"/usr/share/postgresql/15/man/man7/ABORT.7.gz", "/src", true},
		{"/usr/share/maven/man/mvn.1.gz", "/src", true},
		{"/opt/vendor/man/man8/tool.8", "/src", true},
		{"/etc/shadow", "/src", false},
		{"/usr/lib/secret", "/src", false},
		{"/home/me/man/man1/x.1", "/src", false},
		{"/dev/zero", "/src", false},
		{"/etc/man1/x.1", "/src", false},
	} {
		if got := InDocTrees(c.real, c.root); got != c.want {
			t.Errorf("InDocTrees(%s, %s) = %v, want %v", c.real, c.root, got, c.want)
		}
	}
}

// TestOpenDoc: files of a source and links within it open; a link out
// of the documentation (a secret, /dev/zero) is refused, and a FIFO at
// once, under the name it was asked by.
func TestOpenDoc(t *testing.T) {
	work := t.TempDir()
	root := filepath.Join(work, "src")
	os.Mkdir(root, 0o755)
	os.WriteFile(filepath.Join(root, "page"), []byte("page"), 0o644)
	os.WriteFile(filepath.Join(work, "secret"), []byte("secret"), 0o644)
	os.Symlink("page", filepath.Join(root, "in"))
	os.Symlink(filepath.Join(work, "secret"), filepath.Join(root, "out"))
	os.Symlink("/dev/zero", filepath.Join(root, "zero"))
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("fifo", filepath.Join(root, "tofifo"))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for name, want := range map[string]error{"page": nil, "in": nil, "out": ErrOutsideDocs, "zero": ErrOutsideDocs,
			"fifo": ErrNotRegular, "tofifo": ErrNotRegular} {
			path := filepath.Join(root, name)
			b, err := ReadDoc(path, root, 100)
			if !errors.Is(err, want) || (want == nil) != (err == nil) {
				t.Errorf("%s: %q, %v; want %v", name, b, err, want)
			}
			if err == nil && string(b) != "page" {
				t.Errorf("%s: %q", name, b)
			}
			if err != nil && !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("%s: %v does not name it", name, err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("OpenDoc blocks")
	}
}
