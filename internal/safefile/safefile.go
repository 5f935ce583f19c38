// Package safefile reads the files ragman keeps in its config and data
// folders, which a careless admin or another program may have replaced:
// only regular files are read, opening one never blocks (a FIFO), and
// reading stops at a size cap (a symlink to /dev/zero, a runaway file).
// The readers of documentation use it too (OpenDoc), for what may be
// planted in a source: a page may not link out of the documentation.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/gofrs/flock"

	"github.com/ragman-dev/ragman/internal/termesc"
)

// ReadFile reads path, a regular file of at most max bytes. Errors name
// the path and, for what is not a regular file or is too large, say so.
func ReadFile(path string, max int64) ([]byte, error) {
	f, fi, err := open(path, path, 0, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, fi, path, max)
}

// readAll reads f, whose stat is fi, into a buffer of its size (as
// os.ReadFile does: a page is read in one call).
func readAll(f *os.File, fi os.FileInfo, path string, max int64) ([]byte, error) {
	if fi.Size() > max {
		return nil, fmt.Errorf("%s: %w (%d bytes, at most %d)", path, ErrTooLarge, fi.Size(), max)
	}
	data := make([]byte, 0, fi.Size()+512)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if int64(len(data)) > max { // it grew while it was read
			return nil, fmt.Errorf("%s: %w (more than %d bytes)", path, ErrTooLarge, max)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// Open opens path for reading if it is a regular file, without blocking
// on a FIFO (O_NONBLOCK, which changes nothing for a regular file).
func Open(path string) (*os.File, error) {
	f, _, err := open(path, path, 0, 0)
	return f, err
}

// open is Open, with what the file's one stat found, more flags and the
// mode a file it creates gets; its errors name the file as shown.
func open(path, shown string, flag int, perm os.FileMode) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|flag, perm)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w (%s)", shown, ErrNotRegular, kind(fi.Mode()))
	}
	return f, fi, nil
}

// ErrNotRegular and ErrTooLarge are what ReadFile refuses; OpenDoc
// refuses ErrOutsideDocs too.
var (
	ErrNotRegular  = fmt.Errorf("not a regular file")
	ErrTooLarge    = fmt.Errorf("too large")
	ErrOutsideDocs = fmt.Errorf("a link outside the documentation trees")
)

// What the readers of documentation refuse before opening a file.
var (
	// ErrNameControl: a file whose name holds a control character (a
	// newline, ESC, a bidi control); its name would become a page's
	// label and names, and could forge lines of an answer.
	ErrNameControl = errors.New("a control character in its file name")
	// ErrFolderOutside: a file of a folder that links out of the
	// documentation trees.
	ErrFolderOutside = fmt.Errorf("its folder is %w", ErrOutsideDocs)
)

// DocName is ErrNameControl for a file name that holds a control
// character (termesc.Dropped), or nil.
func DocName(name string) error {
	if termesc.HasDropped(name) {
		return ErrNameControl
	}
	return nil
}

// DocFolder is ErrFolderOutside for a folder of a documentation source,
// whose own folder resolved is realRoot, that leads out of the
// documentation trees (InDocTrees), or nil.
func DocFolder(dir, realRoot string) error {
	if real, err := filepath.EvalSymlinks(dir); err != nil || !InDocTrees(real, realRoot) {
		return ErrFolderOutside
	}
	return nil
}

// Resolved is path with its links resolved, or path itself when they
// cannot be.
func Resolved(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// OpenDoc opens a file of a documentation source whose folder is root,
// as Open does, and a symbolic link only if InDocTrees says where it
// finally points may be read: a link planted in a source (to
// ~/.ssh/id_rsa, /etc/shadow) would otherwise be indexed and printed.
// A file that is not a link costs what Open costs (O_NOFOLLOW tells).
func OpenDoc(path, root string) (*os.File, os.FileInfo, error) {
	f, fi, err := open(path, path, syscall.O_NOFOLLOW, 0)
	if !errors.Is(err, syscall.ELOOP) {
		return f, fi, err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, nil, err
	}
	if !InDocTrees(real, Resolved(root)) {
		return nil, nil, fmt.Errorf("%s: %w", path, ErrOutsideDocs)
	}
	return open(real, path, 0, 0)
}

// ReadDoc reads a file of a documentation source as OpenDoc opens it, of
// at most max bytes.
func ReadDoc(path, root string, max int64) ([]byte, error) {
	f, fi, err := OpenDoc(path, root)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, fi, path, max)
}

// InDocTrees reports whether real, a path with its links resolved, may
// be read as documentation of a source whose folder, resolved, is root.
// It is where a link finally points that counts: Debian's alternatives
// link pages out of /usr/share/man and back in, and packages link their
// pages there from man trees of their own (/usr/lib/jvm/*/man/man1,
// /usr/share/postgresql/15/man/man7), which are documentation too; a
// file of /usr or /opt in a man or manN folder is one.
func InDocTrees(real, root string) bool {
	if within(real, root) {
		return true
	}
	for _, t := range docTrees() {
		if within(real, t) {
			return true
		}
	}
	return (within(real, "/usr") || within(real, "/opt")) && manDir(filepath.Base(filepath.Dir(real)))
}

// docTrees are the machine's documentation folders, resolved.
var docTrees = sync.OnceValue(func() []string {
	var trees []string
	for _, t := range []string{"/usr/share/man", "/usr/share/info", "/usr/share/doc"} {
		if r, err := filepath.EvalSymlinks(t); err == nil {
			trees = append(trees, r)
		}
	}
	return trees
})

// within reports whether path is dir or lies below it (by whole path
// elements: /usr/share/manx is not in /usr/share/man).
func within(path, dir string) bool {
	if dir == "" {
		return false
	}
	if path == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(path, dir)
}

// manDir reports a man folder's name: man, man1, man3p, mann (not
// manual).
func manDir(name string) bool {
	s, ok := strings.CutPrefix(name, "man")
	switch {
	case !ok || len(s) > 6:
		return false
	case s == "" || s == "n" || s == "l" || s == "o":
		return true
	case s[0] < '1' || s[0] > '9':
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return m.Type().String()
}

// Lock is a lock file at path that is never a symbolic link: a link
// planted there (even dangling) fails the lock instead of making ragman
// create or lock what it points at.
func Lock(path string) *flock.Flock {
	return flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDONLY|syscall.O_NOFOLLOW))
}

// WriteFile is WriteFileMode for a file anyone may read.
func WriteFile(path string, data []byte) error { return WriteFileMode(path, data, 0o644) }

// WriteFileMode replaces path with data, with mode perm, whole or not at
// all: a reader (or a crash) sees the old file or the new one, never half
// of one.
func WriteFileMode(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// FileEntry says whether the entry e of folder dir is a file, or a
// symbolic link to one (Debian's alternatives link pages around), not a
// folder: what a reader lists, a FIFO or a device too, so that reading it
// (OpenDoc refuses it) says why it was left out.
func FileEntry(dir string, e os.DirEntry) bool {
	return entryIs(dir, e, isFile)
}

// isFile is any type but a folder, once a link is followed.
func isFile(m os.FileMode) bool { return m&(os.ModeDir|os.ModeSymlink) == 0 }

// DirEntry says whether the entry e of folder dir is a folder, or a
// symbolic link to one. It stats the one entry: a link that loops costs a
// stat, not a walk.
func DirEntry(dir string, e os.DirEntry) bool {
	return entryIs(dir, e, os.FileMode.IsDir)
}

// entryIs applies is to e's type, or, for a symbolic link, to its
// target's.
func entryIs(dir string, e os.DirEntry, is func(os.FileMode) bool) bool {
	if is(e.Type()) {
		return true
	}
	if e.Type()&os.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(filepath.Join(dir, e.Name()))
	return err == nil && is(fi.Mode())
}
