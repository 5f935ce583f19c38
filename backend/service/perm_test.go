package service

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/internal/envvar"
)

// A data folder this user may not write: health says FAIL with a hint,
// and a reindex fails saying what to make writable (issue 22, failure 8).
// root writes everywhere, so as root the test runs itself again as
// nobody, over a copy of the test binary nobody may run.
func TestUnwritableDataFolder(t *testing.T) {
	if dir := os.Getenv(envvar.TestUnwritableDir); dir != "" {
		unwritable(t, dir)
		return
	}
	dir, err := os.MkdirTemp("", "ragman-unwritable-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	data := filepath.Join(dir, "data", "ragcli")
	os.MkdirAll(data, 0o755)
	fixtures, _ := filepath.Abs("../../testdata/fixtures/man")
	cat := &catalog.Catalog{Sources: []catalog.Source{{Alias: "man-pages", Type: catalog.TypeMan, Location: fixtures, Language: "en", Status: catalog.StatusActive}}}
	if err := cat.Save(filepath.Join(data, "catalog.json")); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "config"), 0o777)
	if os.Geteuid() != 0 {
		os.Chmod(data, 0o555)
		defer os.Chmod(data, 0o755)
		unwritable(t, dir)
		return
	}
	// root: the data folder stays root's, and nobody runs the test
	os.Chmod(data, 0o755)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "service.test")
	if err := copyFile(exe, bin); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run", "^TestUnwritableDataFolder$", "-test.v")
	cmd.Env = append(os.Environ(), envvar.TestUnwritableDir+"="+dir, "HOME="+dir)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestUnwritableDataFolder") {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
}

// unwritable is the test proper, run by a user who may not write
// dir/data/ragcli.
func unwritable(t *testing.T, dir string) {
	p := config.PathsFor(filepath.Join(dir, "config"), filepath.Join(dir, "data", "ragcli"))
	if c := health.WritableCheck(p.DataDir); c.Status != health.Fail || !strings.Contains(c.Detail, "permission denied") || c.Hint == "" {
		t.Errorf("health's data folder check: %+v", c)
	}
	s := New(p, nil, nil)
	err := s.reindex(context.Background(), "cid", proto.ReindexParams{}, &recorder{})
	pe, ok := err.(*proto.Error)
	if !ok || !strings.Contains(pe.Message, "permission denied") || !strings.Contains(pe.Hint, "make "+p.DataDir) {
		t.Errorf("reindex: %#v", err)
	}
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
