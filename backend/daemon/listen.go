package daemon

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
)

// maxSocketPath is the size of sun_path on Linux, terminating NUL included.
const maxSocketPath = 108

// listen binds the socket; the caller holds the backend lock.
func listen(path string) (*net.UnixListener, error) {
	if len(path) >= maxSocketPath {
		return nil, fmt.Errorf("socket path %s is %d bytes, over the %d a Unix socket allows; use a shorter runtime folder", path, len(path), maxSocketPath-1)
	}
	// Whatever is there was left by a backend that died without cleaning up:
	// a live one would hold the lock we hold.
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("remove stale socket: %w", err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	// The folder is private already; this only matters for a caller-chosen
	// folder, and the peer uid check stands behind it anyway.
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("chmod socket: %w", err)
	}
	// Close unlinks the path, which we own while we hold the lock.
	ln.SetUnlinkOnClose(true)
	return ln, nil
}
