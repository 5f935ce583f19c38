package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// root is the repository's root.
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGeneratedUpToDate regenerates every file in memory and compares it
// with the committed one, as `make generate-check` does with git: a kong
// model or a shellint template changed without `go generate
// ./cmd/internal/genshell` fails here. A file in completions/, or a
// ragman.* script in shellint/, that the generator does not write is
// stale too.
func TestGeneratedUpToDate(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	r := root(t)
	var stale []string
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(r, name))
		if err != nil || !bytes.Equal(got, []byte(want)) {
			stale = append(stale, name)
		}
	}
	var extra []string
	err = filepath.WalkDir(r, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(r, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "." || rel == "completions" || strings.HasPrefix(rel, "completions/") || rel == "shellint" {
				return nil
			}
			return filepath.SkipDir
		}
		generated := strings.HasPrefix(rel, "completions/") || strings.HasPrefix(rel, "shellint/ragman.")
		if _, ok := files[rel]; generated && !ok {
			extra = append(extra, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(stale)
	sort.Strings(extra)
	if len(stale) > 0 {
		t.Errorf("stale or missing generated files (run go generate ./cmd/internal/genshell): %s", strings.Join(stale, ", "))
	}
	if len(extra) > 0 {
		t.Errorf("files the generator does not write (remove them): %s", strings.Join(extra, ", "))
	}
}

// TestHeader: the generated mark is the first line, after a shebang.
func TestHeader(t *testing.T) {
	const h = "# generated\n"
	for script, want := range map[string]string{
		"# a script\necho\n":            h + "# a script\necho\n",
		"#!/bin/sh\n# a script\necho\n": "#!/bin/sh\n" + h + "# a script\necho\n",
		"#!/bin/sh":                     "#!/bin/sh\n" + h,
	} {
		if got := withHeader(script, h); got != want {
			t.Errorf("withHeader(%q) = %q, want %q", script, got, want)
		}
	}
}
