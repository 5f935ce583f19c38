package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDefaultFileMatchesDefault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ragcli", "config.yaml")
	wrote, err := WriteDefault(path)
	if err != nil || !wrote {
		t.Fatalf("WriteDefault = %v, %v", wrote, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// decoded, as Load does not read it (it knows the file)
	got, err := decode(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if got != Default() {
		t.Errorf("the written file reads as %+v, want the defaults %+v", got, Default())
	}
	if got, err := Load(path); err != nil || got != Default() {
		t.Errorf("Load of the written file = %+v, %v; want the defaults", got, err)
	}
	if wrote, err := WriteDefault(path); err != nil || wrote {
		t.Errorf("second WriteDefault = %v, %v; want false, nil", wrote, err)
	}
}

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, err string
		check           func(Config) bool
	}{
		{"override", "ragman:\n  confidence_threshold: 0.5\n", "", func(c Config) bool {
			return c.Ragman.ConfidenceThreshold == 0.5 && c.Ragman.PresenterDefault == "markdown"
		}},
		{"duration", "backend:\n  idle_timeout: 90s\n", "", func(c Config) bool {
			return time.Duration(c.Backend.IdleTimeout) == 90*time.Second
		}},
		{"empty", "", "", func(c Config) bool { return c == Default() }},
		{"unknown key", "ragman:\n  confidence: 0.5\n", "line 2: field confidence not found", nil},
		{"bad type", "ragman:\n  confidence_threshold: high\n", "line 2:", nil},
		{"range", "ragman:\n  confidence_threshold: 2\n", "outside 0..1", nil},
		{"nan", "ragman:\n  confidence_threshold: .nan\n", "outside 0..1", nil},
		{"alpha", "retrieval:\n  weaviate: {alpha: 1.5}\n", "retrieval.weaviate.alpha: 1.5 is outside 0..1", nil},
		{"enum", "retrieval:\n  engine: bleve\n", `retrieval.engine: "bleve" is not one of`, nil},
		{"bad duration", "backend:\n  idle_timeout: soon\n", `line 2: "soon" is not a duration`, nil},
		{"idle too short", "backend:\n  idle_timeout: 1ns\n", "backend.idle_timeout: 1ns is below the minimum of 2s", nil},
		{"idle negative", "backend:\n  idle_timeout: -5m\n", "backend.idle_timeout: -5m0s is below the minimum of 2s", nil},
		{"idle at the minimum", "backend:\n  idle_timeout: 2s\n", "", func(c Config) bool { return time.Duration(c.Backend.IdleTimeout) == MinIdleTimeout }},
		{"refresh off", "backend:\n  refresh_interval: 0s\n", "", func(c Config) bool { return c.Backend.RefreshInterval == 0 }},
		{"refresh too often", "backend:\n  refresh_interval: 100ms\n", "backend.refresh_interval: 100ms is too often", nil},
		{"syntax", "ragman: [\n", "config.yaml: ", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(path, []byte(tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := Load(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), path) {
					t.Fatalf("Load error = %v, want one naming %s and containing %q", err, path, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(c) {
				t.Errorf("Load = %+v", c)
			}
		})
	}
}

func TestMissingFileIsDefault(t *testing.T) {
	c, err := Load(filepath.Join(t.TempDir(), "nope.yaml"))
	if err != nil || c != Default() {
		t.Errorf("Load(missing) = %+v, %v", c, err)
	}
}
