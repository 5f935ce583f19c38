package daemon

import (
	"fmt"

	"github.com/gofrs/flock"

	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// lockBackend takes the backend lock without waiting. Only the holder may
// touch the socket path: that is what makes removing a stale socket safe,
// since a live backend would still hold the lock. The kernel drops the lock
// when the process dies, however it dies.
func lockBackend(dir string) (*flock.Flock, error) {
	l := safefile.Lock(rundir.LockPath(dir))
	ok, err := l.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, ErrAlreadyRunning
	}
	return l, nil
}
