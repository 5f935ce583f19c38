package health

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ragman-dev/ragman/internal/envvar"
)

// Disk thresholds, in percent of the file system free: WARN at or below
// WarnPercent, FAIL at or below FailPercent (FAIL wins).
const (
	WarnPercent = 10.0
	FailPercent = 8.0
)

// Space is the free space of the file system holding Path.
type Space struct {
	Path        string // the folder measured (the nearest one that exists)
	Free, Total uint64 // bytes available to us, bytes in all
}

// Percent is the share of the file system that is free.
func (s Space) Percent() float64 {
	if s.Total == 0 {
		return 0
	}
	return 100 * float64(s.Free) / float64(s.Total)
}

// DiskSpace measures the file system of path, or of its nearest existing
// parent when path does not exist yet.
func DiskSpace(path string) (Space, error) {
	p := filepath.Clean(path)
	for {
		if _, err := os.Stat(p); err == nil || !errors.Is(err, fs.ErrNotExist) {
			break
		}
		parent := filepath.Dir(p)
		if parent == p {
			break
		}
		p = parent
	}
	var st unix.Statfs_t
	if err := unix.Statfs(p, &st); err != nil {
		return Space{Path: p}, fmt.Errorf("statfs %s: %w", p, err)
	}
	s := Space{Path: p, Free: st.Bavail * uint64(st.Bsize), Total: st.Blocks * uint64(st.Bsize)}
	if v := os.Getenv(envvar.TestDiskFree); v != "" {
		s.Free = override(v, s.Total, s.Free)
	}
	return s, nil
}

func override(v string, total, free uint64) uint64 {
	v = strings.TrimSpace(v)
	if p, ok := strings.CutSuffix(v, "%"); ok {
		if f, err := strconv.ParseFloat(p, 64); err == nil {
			return uint64(f / 100 * float64(total))
		}
		return free
	}
	mult := uint64(1)
	for _, u := range []struct {
		suf string
		m   uint64
	}{{"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}} {
		if n, ok := strings.CutSuffix(v, u.suf); ok {
			v, mult = n, u.m
			break
		}
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return free
	}
	return n * mult
}

// DiskCheck checks the free space of the file system holding dir (the
// data folder: index versions, catalog, logs).
func DiskCheck(dir string) Check {
	c := Check{Name: "disk space"}
	s, err := DiskSpace(dir)
	if err != nil {
		c.Status, c.Detail = Fail, err.Error()
		c.Hint = "check that the data folder's file system is mounted and readable"
		return c
	}
	pct := s.Percent()
	c.Detail = fmt.Sprintf("%.1f%% free (%s of %s) on the file system of %s", pct, MB(s.Free), MB(s.Total), s.Path)
	switch {
	case pct <= FailPercent:
		c.Status = Fail
		c.Hint = fmt.Sprintf("free space on that file system (at most %.0f%% free is too little: a rebuild may not fit), or move $XDG_DATA_HOME/ragcli to a larger one", FailPercent)
	case pct <= WarnPercent:
		c.Status = Warn
		c.Hint = "free some space on that file system soon: a rebuild writes a new index version beside the active one"
	default:
		c.Status = Pass
	}
	return c
}

// MB formats a byte count for people: "980 KB", "12.3 MB", "79.0 GB".
func MB(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// WritableCheck checks that dir can be written: it creates and removes a
// file there.
func WritableCheck(dir string) Check {
	c := Check{Name: "data folder"}
	f, err := os.CreateTemp(dir, ".ragcli-write-test-*")
	if err != nil {
		c.Status, c.Detail = Fail, fmt.Sprintf("%s is not writable: %v", dir, unwrap(err))
		c.Hint = "make it writable by this user, or point XDG_DATA_HOME somewhere that is"
		return c
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	c.Status, c.Detail = Pass, dir+" is writable"
	return c
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
