package ragadmincmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallHookRelativeBindir: a relative --bindir is written as the
// absolute path it names from where the command ran: root's apt runs the
// hook from a folder of its own.
func TestInstallHookRelativeBindir(t *testing.T) {
	home, dest, cwd := t.TempDir(), t.TempDir(), t.TempDir()
	for _, v := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"} {
		t.Setenv(v, home)
	}
	t.Chdir(cwd)
	if code := Main([]string{"install-hook", "--destdir", dest, "--bindir", "opt/../bin", "--json"}); code != 0 {
		t.Fatalf("install-hook exited %d", code)
	}
	hook, err := os.ReadFile(filepath.Join(dest, AptHook))
	if err != nil {
		t.Fatal(err)
	}
	want := "'" + filepath.Join(cwd, "bin", "ragadmin") + "'"
	if !strings.Contains(string(hook), "if [ -x "+want+" ]; then "+want+" nudge --quiet") {
		t.Errorf("the hook does not run %s:\n%s", want, hook)
	}
}
