package freshness

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
)

// TestStamp: a page added to a section folder, or a new section folder,
// changes the stamp; nothing changed, nothing differs.
func TestStamp(t *testing.T) {
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, "man1"), 0o755))
	w := &Watcher{Sources: func() ([]catalog.Source, error) {
		return []catalog.Source{{Alias: "m", Type: catalog.TypeMan, Location: root}}, nil
	}}
	a := w.stamp()
	if len(a) != 2 {
		t.Fatalf("stamp has %d entries, want 2 (the root and man1): %v", len(a), a)
	}
	if b := w.stamp(); !a.equal(b) {
		t.Fatalf("nothing changed, but the stamp did: %v, then %v", a, b)
	}
	// times in the past, so that a change within the file system's
	// time granularity still shows
	old := time.Now().Add(-time.Hour)
	must(t, os.Chtimes(filepath.Join(root, "man1"), old, old))
	a = w.stamp()
	must(t, os.WriteFile(filepath.Join(root, "man1", "du.1"), []byte(".TH DU 1\n"), 0o644))
	b := w.stamp()
	if a.equal(b) {
		t.Fatal("a page was added to man1, but the stamp is the same")
	}
	must(t, os.Chtimes(root, old, old))
	b = w.stamp()
	must(t, os.MkdirAll(filepath.Join(root, "man8"), 0o755))
	if c := w.stamp(); b.equal(c) || len(c) != 3 {
		t.Fatalf("man8 was made, but the stamp is %v (was %v)", c, b)
	}
}

// TestRun: the watcher checks when it starts, refreshes once a change has
// settled (not on the check that sees it), and at once when nudged.
func TestRun(t *testing.T) {
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, "man1"), 0o755))
	old := time.Now().Add(-time.Hour)
	must(t, os.Chtimes(filepath.Join(root, "man1"), old, old))
	var mu sync.Mutex
	var whys []string
	got := func() []string { mu.Lock(); defer mu.Unlock(); return append([]string{}, whys...) }
	nudge := make(chan os.Signal, 1)
	w := &Watcher{
		Interval: 20 * time.Millisecond,
		Sources: func() ([]catalog.Source, error) {
			return []catalog.Source{{Alias: "m", Type: catalog.TypeMan, Location: root}}, nil
		},
		Refresh: func(ctx context.Context, why string) error {
			mu.Lock()
			defer mu.Unlock()
			whys = append(whys, why)
			return nil
		},
		Nudge: nudge,
	}
	held := 0
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(ctx, func() (func(), bool) { held++; return func() {}, true })
	}()
	wait := func(n int) []string {
		deadline := time.Now().Add(5 * time.Second)
		for len(got()) < n && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		return got()
	}
	if w := wait(1); len(w) != 1 || w[0] != "started" {
		t.Fatalf("refreshes = %v, want [started]", w)
	}
	time.Sleep(100 * time.Millisecond)
	if w := got(); len(w) != 1 {
		t.Fatalf("nothing changed, but refreshes = %v", w)
	}
	must(t, os.WriteFile(filepath.Join(root, "man1", "du.1"), []byte(".TH DU 1\n"), 0o644))
	if w := wait(2); len(w) != 2 || w[1] != "changed" {
		t.Fatalf("refreshes = %v, want [started changed]", w)
	}
	nudge <- syscall.SIGUSR1
	if w := wait(3); len(w) != 3 || w[2] != "nudged" {
		t.Fatalf("refreshes = %v, want [started changed nudged]", w)
	}
	cancel()
	<-done
	if held != 3 {
		t.Errorf("held the backend %d times, want 3 (once per refresh)", held)
	}
}

// TestRunBusy: a refresh that finds another build running is tried again
// at the next check.
func TestRunBusy(t *testing.T) {
	root := t.TempDir()
	var mu sync.Mutex
	calls := 0
	w := &Watcher{
		Interval: 10 * time.Millisecond,
		Sources: func() ([]catalog.Source, error) {
			return []catalog.Source{{Alias: "m", Type: catalog.TypeMan, Location: root}}, nil
		},
		Refresh: func(ctx context.Context, why string) error {
			mu.Lock()
			defer mu.Unlock()
			calls++
			if calls == 2 {
				return ErrBusy
			}
			return nil
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx, func() (func(), bool) { return func() {}, true })
	time.Sleep(50 * time.Millisecond)
	old := time.Now().Add(-time.Hour)
	must(t, os.Chtimes(root, old, old))
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		n := calls
		mu.Unlock()
		if n >= 3 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("Refresh called %d times, want 3: started, busy, then again", calls)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCheck is one idle check of this machine's man and info pages:
// a stat per folder, as the backend does every backend.refresh_interval.
// At the default 5 s that is 720 checks an hour.
func BenchmarkCheck(b *testing.B) {
	var srcs []catalog.Source
	for _, dir := range []string{"/usr/share/man", "/usr/share/info"} {
		if _, err := os.Stat(dir); err == nil {
			srcs = append(srcs, catalog.Source{Alias: dir, Location: dir})
		}
	}
	if len(srcs) == 0 {
		b.Skip("no /usr/share/man or /usr/share/info here")
	}
	w := &Watcher{Sources: func() ([]catalog.Source, error) { return srcs, nil }}
	n := len(w.stamp())
	for b.Loop() {
		w.stamp()
	}
	b.ReportMetric(float64(n), "folders")
}

// TestRunNotified: with inotify, a page added is refreshed a second or so
// after it settles, long before the next check (an hour here).
func TestRunNotified(t *testing.T) {
	if n := newNotifier(); n == nil {
		t.Skip("no inotify on this system")
	} else {
		n.close()
	}
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, "man1"), 0o755))
	refreshed := make(chan string, 4)
	w := &Watcher{
		Interval: time.Hour,
		Sources: func() ([]catalog.Source, error) {
			return []catalog.Source{{Alias: "m", Type: catalog.TypeMan, Location: root}}, nil
		},
		Refresh: func(ctx context.Context, why string) error { refreshed <- why; return nil },
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx, func() (func(), bool) { return func() {}, true })
	if why := <-refreshed; why != "started" {
		t.Fatalf("first refresh %q, want started", why)
	}
	time.Sleep(100 * time.Millisecond) // the watches are set after the first look
	start := time.Now()
	must(t, os.WriteFile(filepath.Join(root, "man1", "du.1"), []byte(".TH DU 1\n"), 0o644))
	select {
	case why := <-refreshed:
		if why != "changed" {
			t.Errorf("refresh %q, want changed", why)
		}
		if d := time.Since(start); d < Settle {
			t.Errorf("refreshed %v after the change, before it could settle (%v)", d, Settle)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no refresh within 10 s of a page added, with inotify")
	}
	// a folder made later is watched too. Not while the refresh that
	// just reported is still ending: the watcher's look after it would
	// count the new folder as seen, and no refresh would follow it.
	time.Sleep(100 * time.Millisecond)
	must(t, os.MkdirAll(filepath.Join(root, "man8"), 0o755))
	select {
	case <-refreshed:
	case <-time.After(10 * time.Second):
		t.Fatal("no refresh within 10 s of a folder added, with inotify")
	}
	time.Sleep(100 * time.Millisecond)
	must(t, os.WriteFile(filepath.Join(root, "man8", "mount.8"), []byte(".TH MOUNT 8\n"), 0o644))
	select {
	case <-refreshed:
	case <-time.After(10 * time.Second):
		t.Fatal("no refresh within 10 s of a page added to a new folder")
	}
}

// TestStalledRefreshLetsGo: a refresh that runs past StallBound no
// longer holds the backend up, so that a backend whose refresh hangs
// still idles out; one that ends in time holds it to the end.
func TestStalledRefreshLetsGo(t *testing.T) {
	root := t.TempDir()
	unblock := make(chan struct{})
	var released atomic.Int32
	w := &Watcher{
		Interval:   time.Hour,
		StallBound: func() time.Duration { return 100 * time.Millisecond },
		Sources: func() ([]catalog.Source, error) {
			return []catalog.Source{{Alias: "m", Type: catalog.TypeMan, Location: root}}, nil
		},
		Refresh: func(ctx context.Context, why string) error {
			<-unblock
			return nil
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx, func() (func(), bool) { return func() { released.Add(1) }, true })
	deadline := time.Now().Add(5 * time.Second)
	for released.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if released.Load() != 1 {
		t.Fatalf("hold released %d times while the refresh hangs, want 1", released.Load())
	}
	close(unblock)
	time.Sleep(50 * time.Millisecond)
	if n := released.Load(); n != 1 {
		t.Errorf("hold released %d times in all, want once", n)
	}
}
