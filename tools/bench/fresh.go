package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/freshness"
	"github.com/ragman-dev/ragman/backend/index"
)

var (
	fresh     = flag.Bool("fresh", false, "instead of the performance bars, the background refresh of issue 23: a package's page installed and removed, picked up at the check interval and on a nudge, and the CPU an idle backend spends checking")
	freshIdle = flag.Duration("idle", 5*time.Minute, "fresh: how long each idle backend is measured")
	freshPage = flag.String("page", "/usr/share/man/man1/du.1.gz", "fresh: the man page that stands for the package installed")
)

// runFresh is make freshbench. The sources are this machine's man and
// info pages and a small man tree of a "package": installing it is a page
// copied in, removing it that page deleted. The figures: how long after
// each the index has switched (no reindex asked for), at the default
// interval and on a nudge; how long the refresh itself took; questions
// asked meanwhile that failed (none may); and the CPU an idle backend
// uses in an hour, checking every 5 s against the same backend with the
// check turned off, measured in the same run.
func (b *bench) runFresh() error {
	pkg := filepath.Join(b.dir, "pkg")
	if err := os.MkdirAll(filepath.Join(pkg, "man1"), 0o755); err != nil {
		return err
	}
	page, err := os.ReadFile(*freshPage)
	if err != nil {
		return err
	}
	// a page of its own, so that the package's first page is there
	if err := os.WriteFile(filepath.Join(pkg, "man1", "bench-first.1.gz"), page, 0o644); err != nil {
		return err
	}
	if err := b.initialBuild(); err != nil {
		return err
	}
	if r, err := b.cmd(time.Minute, b.o.ragadmin, "sources", "add", pkg); err != nil || r.code != 0 {
		return fmt.Errorf("sources add %s: %v %s", pkg, err, r.stderr)
	}
	if r, err := b.cmd(30*time.Minute, b.o.ragadmin, "reindex"); err != nil || r.code != 0 {
		return fmt.Errorf("reindex: %v %s", err, r.stderr)
	}
	installed := filepath.Join(pkg, "man1", "bench-installed.1.gz")
	step := func(what string, change func() error, nudge bool) error {
		before := b.activeVersion()
		asked := &asking{}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				d, err := b.ask(b.qs[i%len(b.qs)].text)
				asked.add(d, err)
				time.Sleep(500 * time.Millisecond)
			}
		})
		start := time.Now()
		err := change()
		if err == nil && nudge {
			err = b.signalBackend(syscall.SIGUSR1)
		}
		for err == nil && b.activeVersion() == before {
			if time.Since(start) > 2*time.Minute {
				err = errors.New("no refresh within 2 minutes")
			}
			time.Sleep(50 * time.Millisecond)
		}
		took := time.Since(start)
		close(stop)
		wg.Wait()
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		refresh := b.refreshSeconds()
		fmt.Printf("  %s: the index switched %v after, the refresh itself took %.2f s; %d questions meanwhile, %d failed\n",
			what, took.Round(time.Millisecond), refresh, len(asked.times)+len(asked.failures), len(asked.failures))
		b.rows = append(b.rows,
			row{figure: what + ": switched after", ours: fmtDur(took), ref: "-", ratio: "-", bar: "60 s", result: passFail(took <= time.Minute)},
			row{figure: what + ": the refresh", ours: fmt.Sprintf("%.2f s", refresh), ref: "-", ratio: "-", bar: "reported", result: "-"},
			row{figure: what + ": questions failed", ours: fmt.Sprintf("%d of %d", len(asked.failures), len(asked.times)+len(asked.failures)), ref: "-", ratio: "-", bar: "0", result: passFail(len(asked.failures) == 0)})
		b.failures(what, asked.failures)
		return nil
	}
	fmt.Println("bench: a package installed and removed, the backend checking every 5 s (the default) ...")
	if _, err := b.ask(b.qs[0].text); err != nil { // a backend, up and settled
		return err
	}
	time.Sleep(3 * time.Second)
	install := func() error { return os.WriteFile(installed, page, 0o644) }
	remove := func() error { return os.Remove(installed) }
	for _, s := range []struct {
		what   string
		change func() error
		nudge  bool
	}{
		{"installed, at the check", install, false},
		{"removed, at the check", remove, false},
		{"installed, nudged", install, true},
		{"removed, nudged", remove, true},
	} {
		if err := step(s.what, s.change, s.nudge); err != nil {
			return err
		}
		time.Sleep(2 * time.Second)
	}

	fmt.Printf("bench: CPU of an idle backend over %v, checking every 5 s and not checking ...\n", *freshIdle)
	on, err := b.idleCPU("5s")
	if err != nil {
		return err
	}
	off, err := b.idleCPU("0s")
	if err != nil {
		return err
	}
	perHour := func(d time.Duration) time.Duration {
		return time.Duration(float64(d) * float64(time.Hour) / float64(*freshIdle))
	}
	fmt.Printf("  checking: %v CPU in %v (%v an hour); not checking: %v (%v an hour)\n", on, *freshIdle, perHour(on), off, perHour(off))
	b.rows = append(b.rows,
		row{figure: "idle backend, checking every 5 s: CPU an hour", ours: fmtDur(perHour(on)), ref: fmtDur(perHour(off)), ratio: "-", bar: "reported (ref: check off)", result: "-"},
		row{figure: "idle: CPU the checks cost an hour", ours: fmtDur(max(0, perHour(on-off))), ref: "-", ratio: "-", bar: "reported", result: "-"})
	return nil
}

// idleCPU restarts the backend with backend.refresh_interval set to
// every, lets it settle, and returns the CPU time it uses over -idle.
func (b *bench) idleCPU(every string) (time.Duration, error) {
	if err := b.setConfig("refresh_interval", every); err != nil {
		return 0, err
	}
	if err := b.stopBackend(); err != nil {
		return 0, err
	}
	if _, err := b.ask(b.qs[0].text); err != nil {
		return 0, err
	}
	time.Sleep(5 * time.Second) // the start's check, the question's work
	pid, err := b.backendPID()
	if err != nil {
		return 0, err
	}
	t0, err := cpuTime(pid)
	if err != nil {
		return 0, err
	}
	time.Sleep(*freshIdle)
	t1, err := cpuTime(pid)
	if err != nil {
		return 0, err
	}
	return t1 - t0, nil
}

// cpuTime is the user and system time of process pid so far.
func cpuTime(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// the fields after the command's name, which may hold spaces
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	const hz = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / hz, nil
}

// setConfig sets a key of config.yaml's backend section.
func (b *bench) setConfig(key, value string) error {
	path := b.paths.ConfigFile
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "  "+key+":") {
			lines[i] = "  " + key + ": " + value
			return os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
		}
	}
	return fmt.Errorf("%s: no %s", path, key)
}

func (b *bench) signalBackend(sig syscall.Signal) error {
	pid, err := b.backendPID()
	if err != nil {
		return err
	}
	return syscall.Kill(pid, sig)
}

// activeVersion is the active version's folder; "" when unreadable.
func (b *bench) activeVersion() string {
	dir, _ := index.ActiveDir(b.paths.IndexDir)
	return dir
}

// refreshSeconds is what the last refresh took, by its record.
func (b *bench) refreshSeconds() float64 {
	rec, _, _ := freshness.ReadRecord(b.paths.Refresh)
	return rec.Seconds
}
