// Package safefile reads the files ragman keeps in its config and data
// folders, which a careless admin or another program may have replaced:
// only regular files are read, opening one never blocks (a FIFO), and
// reading stops at a size cap (a symlink to /dev/zero, a runaway file).
package safefile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"github.com/gofrs/flock"
)

// ReadFile reads path, a regular file of at most max bytes. Errors name
// the path and, for what is not a regular file or is too large, say so.
func ReadFile(path string, max int64) ([]byte, error) {
	f, fi, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, fmt.Errorf("%s: %w (%d bytes, at most %d)", path, ErrTooLarge, fi.Size(), max)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > max { // it grew while it was read
		return nil, fmt.Errorf("%s: %w (more than %d bytes)", path, ErrTooLarge, max)
	}
	return data, nil
}

// Open opens path for reading if it is a regular file, without blocking
// on a FIFO (O_NONBLOCK, which changes nothing for a regular file).
func Open(path string) (*os.File, error) {
	f, _, err := open(path)
	return f, err
}

// open is Open, with what the file's one stat found.
func open(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
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
		return nil, nil, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind(fi.Mode()))
	}
	return f, fi, nil
}

// ErrNotRegular and ErrTooLarge are what ReadFile refuses.
var (
	ErrNotRegular = fmt.Errorf("not a regular file")
	ErrTooLarge   = fmt.Errorf("too large")
)

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

// WriteFile replaces path with data, whole or not at all: a reader (or a
// crash) sees the old file or the new one, never half of one.
func WriteFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// RegularEntry says whether the entry e of folder dir is a regular file,
// or a symbolic link to one (Debian's alternatives link pages around):
// what a reader lists as pages, leaving FIFOs and devices out.
func RegularEntry(dir string, e os.DirEntry) bool {
	return entryIs(dir, e, os.FileMode.IsRegular)
}

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
