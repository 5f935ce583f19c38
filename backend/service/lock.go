package service

import (
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// lockBuild takes the reindex lock, which also guards against a build by
// another process (a second backend of another build, a test).
func lockBuild(indexDir string) (*flock.Flock, error) {
	if err := os.MkdirAll(indexDir, 0o700); err != nil {
		return nil, err
	}
	l := safefile.Lock(filepath.Join(indexDir, ".build.lock"))
	ok, err := l.TryLock()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, busy()
	}
	return l, nil
}
