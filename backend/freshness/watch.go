// Package freshness keeps the index in step with its sources without a
// `ragadmin reindex`: the backend watches the folders of the indexed
// sources and, when pages were added or removed (a package installed or
// removed), refreshes the index in the background. Questions are answered
// from the active version meanwhile; the refresh activates the new one
// atomically, as every build does.
//
// Watching is cheap on purpose, since it runs as long as the backend
// does: a walk lists a source's folders once, and each check after that
// stats those folders only. Where inotify is available the folders are
// watched too, and a change is looked at a second after it settles
// rather than at the next check. Installing or removing a file changes its
// folder's modification time (dpkg unpacks beside the file and renames
// it into place), so a changed time is the sign; a new folder changes
// its parent's.
package freshness

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
)

// Watcher checks the sources every Interval, and at once on a nudge (the
// package manager's hook), and calls Refresh when one changed and has
// stayed as it is for a check, so that a refresh does not read a package
// manager's half-done work.
type Watcher struct {
	Interval time.Duration
	// Sources are what to watch now: the sources the active index was
	// built from. An error or none pauses the watch until the next check.
	Sources func() ([]catalog.Source, error)
	// Refresh rebuilds the index when the sources say so. why is
	// "changed" or "nudged" or "started".
	Refresh func(ctx context.Context, why string) error
	Nudge   <-chan os.Signal // SIGUSR1, from `ragadmin nudge`
	// StartDelay puts off the first look: a backend starts for a
	// question, which should not share the CPU with a measure of every
	// page.
	StartDelay time.Duration
	// StallBound, when set, is how long a refresh may run before it
	// counts as stalled; then it no longer holds the backend up, so that
	// a backend whose refresh hangs (a hung network mount) still idles
	// out. The next build removes what the stalled one left.
	StallBound func() time.Duration
	Log        func(msg string, kv ...any)

	known map[string][]entry // each source's folders, as the last walk found them
}

// Run watches until ctx ends. hold keeps the backend from idling out
// during a refresh; it fails once the backend stops.
func (w *Watcher) Run(ctx context.Context, hold func() (release func(), ok bool)) {
	if w.Log == nil {
		w.Log = func(string, ...any) {}
	}
	// A backend that starts cannot know what changed while none ran: the
	// refresh's own measure (every file's name, size and time, against
	// the catalog's checksums) tells.
	select {
	case <-ctx.Done():
		return
	case <-time.After(w.StartDelay):
	}
	w.refresh(ctx, hold, "started")
	n := newNotifier()
	var notices <-chan struct{}
	if n != nil {
		defer n.close()
		notices = n.C
	}
	look := func() stamp {
		s := w.stamp()
		if n != nil {
			n.watch(s.dirs())
		}
		return s
	}
	last := look()
	pending := false // changed, waiting for the change to settle
	tick := time.NewTicker(w.Interval)
	defer tick.Stop()
	// a notice starts the wait for quiet; more notices restart it
	settle := time.NewTimer(time.Hour)
	settle.Stop()
	defer settle.Stop()
	for {
		why := "changed"
		select {
		case <-ctx.Done():
			return
		case <-notices:
			settle.Reset(Settle)
			continue
		case <-settle.C:
			why = "notified"
		case <-tick.C:
		case <-w.Nudge:
			why = "nudged"
		}
		now := look()
		switch {
		case why == "nudged":
			// the package manager is done: no need to wait
		case why == "notified":
			// quiet for Settle since the last notice: whatever
			// changed has settled
			if now.equal(last) && !pending {
				continue
			}
			why = "changed"
		case !now.equal(last):
			last, pending = now, true
			continue
		case !pending:
			continue
		}
		if !w.refresh(ctx, hold, why) {
			continue // busy: a build is running; try again next check
		}
		pending = false
		last = look()
	}
}

// Settle is how long the sources must be quiet after an inotify notice
// before a refresh reads them: a package manager unpacks a package's
// files one after another.
const Settle = time.Second

// refresh runs Refresh while holding the backend up. It reports whether
// it ran.
func (w *Watcher) refresh(ctx context.Context, hold func() (func(), bool), why string) bool {
	release, ok := hold()
	if !ok {
		return false
	}
	release = sync.OnceFunc(release) // once here or at a stall, whichever comes first
	defer release()
	start := time.Now()
	if w.StallBound != nil {
		bound := w.StallBound()
		t := time.AfterFunc(bound, func() {
			w.Log("refresh stalled: it no longer keeps the backend from idling out", "why", why, "bound", bound)
			release()
		})
		defer t.Stop()
	}
	if err := w.Refresh(ctx, why); err != nil {
		w.Log("refresh failed", "why", why, "err", err, "took", time.Since(start))
		return !errors.Is(err, ErrBusy)
	}
	return true
}

// ErrBusy is what Refresh returns when another build runs: the watch
// keeps its change pending and tries again.
var ErrBusy = errBusy{}

type errBusy struct{}

func (errBusy) Error() string { return "another reindex is running" }

// stamp is the modification times of every folder (and ZIM file) of the
// sources being watched.
type stamp []entry

type entry struct {
	path  string
	mtime time.Time
	size  int64
	dir   bool
}

func (a stamp) equal(b stamp) bool { return slices.Equal(a, b) }

// dirs are the folders of the stamp, to watch.
func (a stamp) dirs() []string {
	var out []string
	for _, e := range a {
		if e.dir {
			out = append(out, e.path)
		}
	}
	return out
}

// stamp stats the folders the last walk found; it walks a source again
// (listing folders, not reading pages) only when one of them changed, so
// a check of an unchanged tree costs a stat per folder.
func (w *Watcher) stamp() stamp {
	srcs, err := w.Sources()
	if err != nil {
		return nil
	}
	if w.known == nil {
		w.known = map[string][]entry{}
	}
	var s stamp
	seen := map[string]bool{}
	for _, src := range srcs {
		seen[src.Location] = true
		old, ok := w.known[src.Location]
		if ok && slices.Equal(restat(old), old) {
			s = append(s, old...)
			continue
		}
		e := walk(src.Location)
		w.known[src.Location] = e
		s = append(s, e...)
	}
	for loc := range w.known {
		if !seen[loc] {
			delete(w.known, loc)
		}
	}
	return s
}

// restat is entries with each path stat'ed again.
func restat(entries []entry) []entry {
	out := make([]entry, len(entries))
	for i, e := range entries {
		out[i] = statEntry(e.path)
	}
	return out
}

func statEntry(path string) entry {
	fi, err := os.Stat(path)
	if err != nil {
		return entry{path: path}
	}
	e := entry{path: path, mtime: fi.ModTime(), dir: fi.IsDir()}
	if !e.dir {
		e.size = fi.Size()
	}
	return e
}

// walk lists the times of the folders under location, or of the file a
// ZIM source is.
func walk(location string) []entry {
	first := statEntry(location)
	fi, err := os.Stat(location)
	if err != nil || !fi.IsDir() {
		return []entry{first}
	}
	root := location
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	out := []entry{first}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == root {
			return nil
		}
		out = append(out, statEntry(p))
		return nil
	})
	return out
}
