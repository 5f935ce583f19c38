//go:build thinclient

package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The client-only build reads an edited config.yaml as the decoder
// program prints it, once per content: the same file again is read from
// the cache without running it, an edit runs it again, and its error is
// Load's.
func TestThinDecode(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	runs := filepath.Join(dir, "runs")
	prog := filepath.Join(dir, "decoder")
	// a stand-in for ragadmin __config: one line per run, then what it
	// finds in the file named reply beside it
	script := "#!/bin/sh\n[ \"$1\" = " + DecodeCmd + " ] || exit 64\necho run >> " + runs + "\ncat " + filepath.Join(dir, "reply") + "\n"
	if err := os.WriteFile(prog, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	old := decoder
	decoder = func() (string, error) { return prog, nil }
	t.Cleanup(func() { decoder = old })
	reply := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "reply"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "config.yaml")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	count := func() int {
		b, _ := os.ReadFile(runs)
		return strings.Count(string(b), "run")
	}

	write("ragman:\n  presenter_default: json\n")
	// the keys the decoder leaves out keep their defaults
	reply(`{"config":{"Ragman":{"ConfidenceThreshold":0.5,"PresenterDefault":"json"}}}`)
	for range 2 {
		cfg, err := Load(path)
		if err != nil || cfg.Ragman.PresenterDefault != "json" || cfg.Ragman.ConfidenceThreshold != 0.5 || cfg.Backend != Default().Backend {
			t.Fatalf("Load = %+v, %v", cfg, err)
		}
	}
	if n := count(); n != 1 {
		t.Errorf("the decoder ran %d times for one content, want 1", n)
	}

	write("ragman:\n  bogus: 1\n")
	reply(`{"config":{},"error":"config.yaml: line 2: field bogus not found in type config.Ragman"}`)
	if _, err := Load(path); err == nil || err.Error() != "config.yaml: line 2: field bogus not found in type config.Ragman" {
		t.Errorf("Load of a bad file: %v", err)
	}
	if n := count(); n != 2 {
		t.Errorf("the decoder ran %d times for two contents, want 2", n)
	}

	// the default file needs no decoder at all
	write(defaultYAML)
	if cfg, err := Load(path); err != nil || cfg != Default() {
		t.Errorf("Load of the default file = %+v, %v", cfg, err)
	}
	if n := count(); n != 2 {
		t.Errorf("the decoder ran for the default file")
	}
}
