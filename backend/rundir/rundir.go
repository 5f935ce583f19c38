// Package rundir locates the per-user folder where the CLIs and the backend
// meet: the socket, the backend's lock and the clients' spawn lock. Both
// sides must resolve the same folder, so both use this package.
package rundir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// File names inside the runtime folder.
const (
	socketName    = "backend.sock"
	lockName      = "backend.lock"
	spawnLockName = "spawn.lock"
)

// SocketPath is where the backend listens.
func SocketPath(dir string) string { return filepath.Join(dir, socketName) }

// LockPath is held by the running backend for its whole life.
func LockPath(dir string) string { return filepath.Join(dir, lockName) }

// SpawnLockPath is held by the one client that is starting a backend.
func SpawnLockPath(dir string) string { return filepath.Join(dir, spawnLockName) }

// Default returns $XDG_RUNTIME_DIR/ragcli, or, without a usable
// XDG_RUNTIME_DIR, ragcli-<uid> in the system temp folder, creating it 0700
// and checking that it is private to us.
func Default() (string, error) {
	// The XDG spec says to ignore a relative XDG_RUNTIME_DIR.
	if x := os.Getenv("XDG_RUNTIME_DIR"); x != "" && filepath.IsAbs(x) {
		return Resolve(filepath.Join(x, "ragcli"))
	}
	return Resolve(filepath.Join(os.TempDir(), fmt.Sprintf("ragcli-%d", os.Getuid())))
}

// Resolve returns dir after Ensure, or Default when dir is empty.
func Resolve(dir string) (string, error) {
	if dir == "" {
		return Default()
	}
	if err := Ensure(dir); err != nil {
		return "", err
	}
	return dir, nil
}

// Ensure creates dir 0700 if missing and refuses one that another user
// could have planted or can reach: in a shared temp folder anyone may create
// ragcli-<uid> first, and whoever owns the folder controls which socket we
// talk to.
func Ensure(dir string) error {
	// Lstat: a symlink could point anywhere, so it is refused like a file.
	// It comes first because every call runs this and the folder is
	// usually there.
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("create runtime folder: %w", err)
		}
		fi, err = os.Lstat(dir)
	}
	if err != nil {
		return fmt.Errorf("runtime folder: %w", err)
	}
	return check(dir, fi, os.Getuid())
}

func check(dir string, fi fs.FileInfo, uid int) error {
	if !fi.IsDir() {
		return fmt.Errorf("runtime folder %s is not a directory (mode %s); refusing to use it", dir, fi.Mode())
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return errors.New("runtime folder: cannot read its owner")
	}
	if int(st.Uid) != uid {
		return fmt.Errorf("runtime folder %s belongs to uid %d, not to uid %d; refusing to use it", dir, st.Uid, uid)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("runtime folder %s is open to other users (mode %04o, want 0700); refusing to use it", dir, perm)
	}
	return nil
}
