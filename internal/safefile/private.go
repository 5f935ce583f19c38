package safefile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// ErrNotOurs is what OpenPrivate refuses besides what is not a regular
// file: a file of another user, or one with another name elsewhere (a hard
// link), which appending to would change behind its owner's back.
var ErrNotOurs = errors.New("not a file of this user's own")

// OpenPrivate opens path, a file only this user may read, with flag
// (os.O_WRONLY|os.O_APPEND, ...), creating it 0600. What another user or
// program may have planted at path is refused, never written through: a
// symbolic link (O_NOFOLLOW, even a dangling one), a FIFO (O_NONBLOCK: the
// open fails or returns at once instead of waiting for a reader), a
// device, a file owned by someone else or with a second hard link. A file
// of ours left 0644 by an older ragman is tightened to 0600 (only the
// others' bits go): it records questions.
func OpenPrivate(path string, flag int) (*os.File, error) {
	f, fi, err := open(path, path, flag|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		switch {
		case int(st.Uid) != os.Geteuid():
			f.Close()
			return nil, fmt.Errorf("%s: %w (it belongs to uid %d)", path, ErrNotOurs, st.Uid)
		case st.Nlink > 1:
			f.Close()
			return nil, fmt.Errorf("%s: %w (it has %d hard links)", path, ErrNotOurs, st.Nlink)
		}
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		if err := f.Chmod(perm &^ 0o077); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}
