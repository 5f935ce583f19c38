// Package testindex builds, for tests, indexes of the repository's
// fixture tree (testdata/fixtures: a score of real man pages and two info
// manuals), optionally with more sources such as a ZIM archive. The
// machine is not consulted (its PATH, dpkg), so what is ranked from them
// is the same everywhere. Each index is built once per test binary; Main
// removes them.
package testindex

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/ingest"
	"github.com/ragman-dev/ragman/backend/priors"
)

// Root is the repository's root folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Fixture is the index of the fixture tree.
var Fixture = sync.OnceValues(func() (*index.Reader, error) { return build() })

// Wiki is Fixture with testdata/zim/linuxwiki_en.zim added.
var Wiki = sync.OnceValues(func() (*index.Reader, error) {
	zim := filepath.Join(Root(), "testdata", "zim", "linuxwiki_en.zim")
	return build(catalog.Source{Alias: "linuxwiki_en", Type: catalog.TypeZIM, Location: zim, Language: "eng", Status: catalog.StatusActive})
})

// Examples is Fixture with the tldr page cache testdata/fixtures/tldr
// added.
var Examples = sync.OnceValues(func() (*index.Reader, error) {
	cache := filepath.Join(Root(), "testdata", "fixtures", "tldr")
	return build(catalog.Source{Alias: "tldr", Type: catalog.TypeTLDR, Location: cache, Language: "en", Status: catalog.StatusActive})
})

// WithMan is Fixture with the man tree at dir added (a test's own pages,
// under man1 and the like), built anew for each call.
func WithMan(dir string) func() (*index.Reader, error) {
	return func() (*index.Reader, error) {
		return build(catalog.Source{Alias: "extra", Type: catalog.TypeMan, Location: dir, Language: "en", Status: catalog.StatusActive})
	}
}

// With is Fixture with sources added (a test's own man trees and info
// folders), built anew for each call.
func With(more ...catalog.Source) func() (*index.Reader, error) {
	return func() (*index.Reader, error) { return build(more...) }
}

// Must is the index build makes (Fixture, Wiki, Examples), or the test fails.
func Must(t testing.TB, build func() (*index.Reader, error)) *index.Reader {
	t.Helper()
	r, err := build()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var (
	mu   sync.Mutex
	dirs []string
)

func tempDir() (string, error) {
	dir, err := os.MkdirTemp("", "ragman-testindex-")
	if err == nil {
		mu.Lock()
		dirs = append(dirs, dir)
		mu.Unlock()
	}
	return dir, err
}

// Main runs the tests and removes the indexes they built; a package's
// TestMain: os.Exit(testindex.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	mu.Lock()
	defer mu.Unlock()
	for _, d := range dirs {
		os.RemoveAll(d)
	}
	return code
}

func build(more ...catalog.Source) (*index.Reader, error) {
	root := filepath.Join(Root(), "testdata", "fixtures")
	cat := &catalog.Catalog{Sources: append([]catalog.Source{
		{Alias: "man-pages", Type: catalog.TypeMan, Location: filepath.Join(root, "man"), Language: "en", Status: catalog.StatusActive},
		{Alias: "info-pages", Type: catalog.TypeInfo, Location: filepath.Join(root, "info"), Language: "en", Status: catalog.StatusActive},
	}, more...)}
	dir, err := tempDir()
	if err != nil {
		return nil, err
	}
	// The commands the fixture's man pages document are "on PATH":
	// stand-ins in a folder of their own, so the machine's own PATH does
	// not matter.
	bin, err := tempDir()
	if err != nil {
		return nil, err
	}
	// So are those of the tldr pages, pnpm among them, which has no
	// manual page: installed, its examples alone document it.
	var pages []string
	for _, glob := range []string{"man/man1/*.gz", "man/man8/*.gz", "tldr/pages/common/*.md", "tldr/pages/linux/*.md"} {
		found, _ := filepath.Glob(filepath.Join(root, glob))
		pages = append(pages, found...)
	}
	for _, p := range pages {
		name := strings.SplitN(filepath.Base(p), ".", 2)[0]
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			return nil, err
		}
	}
	machine := priors.Load(bin, "")
	if _, err := ingest.Build(context.Background(), dir, cat, ingest.Options{Machine: machine}); err != nil {
		return nil, err
	}
	return index.OpenActive(dir)
}
