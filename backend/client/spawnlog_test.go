package client_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ragman-dev/ragman/backend/client"
	"github.com/ragman-dev/ragman/internal/envvar"
)

// TestSpawnLogPlanted: a link planted at the backend's log file is not
// written through by what the backend prints, and does not stop the
// backend from starting and answering.
func TestSpawnLogPlanted(t *testing.T) {
	target := filepath.Join(t.TempDir(), "passwd")
	os.WriteFile(target, []byte("root:x:0:0\n"), 0o644)
	for _, mode := range []string{"crash", "serve"} {
		dir := newDir(t)
		opt := options(dir, "1.0", wait)
		os.Symlink(target, opt.LogFile)
		spawn := opt.Spawn
		opt.Spawn = func() *exec.Cmd {
			cmd := spawn()
			cmd.Env = append(cmd.Env, envvar.TestBackend+"="+mode)
			return cmd
		}
		_, err := client.Call(context.Background(), opt, "whoami", "", nil, nil)
		if mode == "serve" && err != nil {
			t.Errorf("with a link at the log: %v", err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "root:x:0:0\n" {
		t.Errorf("the link's target changed: %q", b)
	}
}
