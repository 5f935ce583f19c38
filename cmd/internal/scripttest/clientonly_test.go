package scripttest

import (
	"encoding/json"
	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/testutil/testbackend"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestClientOnlyBuild runs the binaries make build and make install ship:
// a client-only ragman (-tags thinclient, without the backend, so that
// each call starts fast) beside a whole ragadmin that runs the backend
// for it. The first question sets up, builds the index through ragadmin's
// backend and answers; the client cannot run a backend itself.
func TestClientOnlyBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	bin := t.TempDir()
	for _, b := range [][]string{
		{"build", "-tags", "thinclient", "-o", filepath.Join(bin, "ragman"), "./cmd/ragman"},
		{"build", "-o", filepath.Join(bin, "ragadmin"), "./cmd/ragadmin"},
	} {
		cmd := exec.Command(goTool, b...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(b, " "), err, out)
		}
	}

	work := t.TempDir()
	fixtures := filepath.Join(root, "testdata", "fixtures")
	home := filepath.Join(work, "home")
	env := []string{
		"PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8", "HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(work, "run"),
		"RAGMAN_MAN_DIR=" + filepath.Join(fixtures, "man"),
		"RAGMAN_INFO_DIR=" + filepath.Join(fixtures, "info"),
		envvar.TestDiskFree + "=50%",
	}
	if err := os.MkdirAll(filepath.Join(work, "run"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := testbackend.Stop(filepath.Join(work, "run", "ragcli"), filepath.Join(home, ".local", "share", "ragcli", "ragcli.log")); err != nil {
			t.Error(err)
		}
	})
	run := func(prog string, args ...string) (string, string, int) {
		cmd := exec.Command(filepath.Join(bin, prog), args...)
		cmd.Env = env
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return stdout.String(), stderr.String(), code
	}

	out, errOut, code := run("ragman", "--json", "How do I change file permissions?")
	if code != 0 {
		t.Fatalf("first question: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "indexing the documentation") {
		t.Errorf("the first call does not say it builds the index:\n%s", errOut)
	}
	var ans struct {
		NoAnswer   bool `json:"no_answer"`
		References []struct {
			Label string `json:"label"`
		} `json:"references"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil || ans.NoAnswer || len(ans.References) == 0 || ans.References[0].Label != "chmod(1)" {
		t.Fatalf("answer: %v\n%s", err, out)
	}
	log, err := os.ReadFile(filepath.Join(home, ".local", "share", "ragcli", "ragcli.log"))
	if err != nil {
		t.Fatal(err)
	}
	if m := testbackend.Start.FindSubmatch(log); m == nil {
		t.Fatalf("no backend started:\n%s", log)
	}

	if _, errOut, code := run("ragman", "__backend"); code != 1 || !strings.Contains(errOut, "ragman: error: this ragman is a client only") {
		t.Errorf("a client-only ragman ran a backend: exit %d\n%s", code, errOut)
	}
}
