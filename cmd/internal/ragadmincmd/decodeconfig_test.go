package ragadmincmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// ragadmin __config prints config.yaml as Load reads it, or Load's error,
// for the client-only ragman.
func TestDecodeConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	for _, tc := range []struct{ yaml, presenter, err string }{
		{"ragman:\n  presenter_default: plain\n", "plain", ""},
		{"ragman:\n  bogus: 1\n", "", path + ": line 2: field bogus not found in type config.Ragman"},
	} {
		if err := os.WriteFile(path, []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if code := decodeConfig(&out, []string{path}); code != cli.ExitOK {
			t.Fatalf("exit %d", code)
		}
		var d config.Decoded
		if err := json.Unmarshal(out.Bytes(), &d); err != nil {
			t.Fatalf("%s: %v", out.String(), err)
		}
		if d.Error != tc.err || tc.err == "" && (d.Config.Ragman.PresenterDefault != tc.presenter || d.Config.Backend != config.Default().Backend) {
			t.Errorf("%q: %+v", tc.yaml, d)
		}
	}
	if code := decodeConfig(&bytes.Buffer{}, nil); code != cli.ExitUsage {
		t.Errorf("no path: exit %d", code)
	}
}
