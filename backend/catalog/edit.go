package catalog

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// lockPath is the lock every writer of the catalog at path holds: the
// sources commands in the CLI process and the backend when it records what
// a reindex did.
func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// Edit loads the catalog at path under its lock, lets fn change it and
// saves it, so concurrent edits (two sources commands, a sources command
// and a finishing reindex) never lose each other's changes. When fn
// returns an error nothing is saved. The catalog's folder is the data
// folder, refused when another user owns it (config.EnsureDataDir).
func Edit(path string, fn func(*Catalog) error) error {
	if err := config.EnsureDataDir(filepath.Dir(path)); err != nil {
		return err
	}
	l := safefile.Lock(lockPath(path))
	if err := l.Lock(); err != nil {
		return fmt.Errorf("lock %s: %w", path, err)
	}
	defer l.Unlock()
	c, err := Load(path)
	if err != nil {
		return err
	}
	if err := fn(c); err != nil {
		return err
	}
	return c.Save(path)
}

// Create writes cat at path unless a catalog is there already, under the
// same lock as Edit. It reports whether it wrote one.
func Create(path string, cat *Catalog) (bool, error) {
	if err := config.EnsureDataDir(filepath.Dir(path)); err != nil {
		return false, err
	}
	l := safefile.Lock(lockPath(path))
	if err := l.Lock(); err != nil {
		return false, fmt.Errorf("lock %s: %w", path, err)
	}
	defer l.Unlock()
	if _, err := os.Stat(path); err == nil {
		return false, nil
	}
	return true, cat.Save(path)
}

// Remove deletes the source with the alias and reports whether it was
// there.
func (c *Catalog) Remove(alias string) bool {
	for i := range c.Sources {
		if c.Sources[i].Alias == alias {
			c.Sources = append(c.Sources[:i], c.Sources[i+1:]...)
			return true
		}
	}
	return false
}

// Aliases lists the aliases in catalog order.
func (c *Catalog) Aliases() []string {
	out := make([]string, len(c.Sources))
	for i, s := range c.Sources {
		out[i] = s.Alias
	}
	return out
}
