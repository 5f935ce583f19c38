package ingest_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ragman-dev/ragman/backend/ingest/info"
	"github.com/ragman-dev/ragman/backend/ingest/man"
)

// Every page of this machine, in every locale, and every info manual:
// read with no panic (the readers turn one into an "internal error"), and
// the files that could not be read counted by reason (issue 22's
// whole-machine ingest test; go test -v shows the counts).
func TestWholeMachine(t *testing.T) {
	const manDir, infoDir = "/usr/share/man", "/usr/share/info"
	if _, err := os.Stat(manDir); err != nil && os.Getenv("CI") == "" {
		t.Skipf("no %s here", manDir)
	}
	roots := []string{manDir}
	locales, _ := os.ReadDir(manDir)
	for _, d := range locales {
		if d.IsDir() && !strings.HasPrefix(d.Name(), "man") {
			roots = append(roots, filepath.Join(manDir, d.Name()))
		}
	}
	var mu sync.Mutex
	reasons := map[string]int{}
	var panics []string
	read, skipped := 0, 0
	note := func(what string, err error) {
		mu.Lock()
		defer mu.Unlock()
		read++
		if err == nil {
			return
		}
		skipped++
		msg := err.Error()
		if strings.Contains(msg, "internal error") {
			panics = append(panics, what+": "+msg)
		}
		// the reason without the file it names
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		reasons[msg]++
	}
	work := make(chan func())
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for f := range work {
				f()
			}
		})
	}
	for _, root := range roots {
		pages, _, err := man.Scan(root)
		if err != nil {
			t.Errorf("scan %s: %v", root, err)
			continue
		}
		for _, p := range pages {
			work <- func() {
				_, err := man.ReadPage(root, p)
				note(filepath.Join(root, p.Ref), err)
			}
		}
	}
	manuals, err := info.Scan(infoDir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Errorf("scan %s: %v", infoDir, err)
	}
	for _, m := range manuals {
		work <- func() {
			_, err := info.Read(infoDir, m)
			note(filepath.Join(infoDir, m.File), err)
		}
	}
	close(work)
	wg.Wait()
	if read == 0 && os.Getenv("CI") != "" {
		t.Fatalf("no page read under %s and %s", manDir, infoDir)
	}
	var rs []string
	for r, n := range reasons {
		rs = append(rs, fmt.Sprintf("%6d  %s", n, r))
	}
	sort.Sort(sort.Reverse(sort.StringSlice(rs)))
	t.Logf("%d files read in %d man trees and %s; %d could not be read:\n%s", read, len(roots), infoDir, skipped, strings.Join(rs, "\n"))
	for _, p := range panics {
		t.Errorf("a reader panicked: %s", p)
	}
}
