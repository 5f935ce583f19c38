package shelltest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// bashCompletion is bash-completion's entry point, which a Debian bash
// sources from /etc/bash.bashrc.
const bashCompletion = "/usr/share/bash-completion/bash_completion"

// TestInstalled installs with make install into a temporary PREFIX and
// uses what it installed as a user does, nothing from the repository:
// man finds the pages from $PATH; each shell finds the completions by its
// own means (bash-completion's loader and fish's vendor folders through
// XDG_DATA_DIRS, zsh's fpath, whose default has /usr/local's
// site-functions); fish loads the shell integration from vendor_conf.d by
// itself, bash and zsh source the installed scripts; Tab then completes a
// command, alias included, with the installed ragadmin.
func TestInstalled(t *testing.T) {
	if testing.Short() {
		t.Skip("make install builds the binaries")
	}
	prefix := t.TempDir()
	share := filepath.Join(prefix, "share")
	makeTool, err := exec.LookPath("make")
	if err != nil {
		t.Skip("no make")
	}
	cmd := exec.Command(makeTool, "-C", root(t), "--no-print-directory", "install", "PREFIX="+prefix, "BIN="+filepath.Join(t.TempDir(), "bin"))
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}

	h := newHome(t, "")
	// the installed programs only, and no MANPATH: man derives it from
	// $PATH (PREFIX/bin -> PREFIX/share/man)
	env := []string{"PATH=" + filepath.Join(prefix, "bin") + ":/usr/bin:/bin", "XDG_DATA_DIRS=" + share + ":/usr/share"}
	for _, kv := range h.env {
		if k, _, _ := strings.Cut(kv, "="); k != "PATH" && k != "MANPATH" {
			env = append(env, kv)
		}
	}
	h.env = env

	t.Run("man", func(t *testing.T) {
		for page, want := range map[string]string{"ragman": "man1/ragman.1", "ragadmin": "man8/ragadmin.8"} {
			cmd := exec.Command("man", "-w", page)
			cmd.Env = h.env
			out, err := cmd.Output()
			if got := strings.TrimSpace(string(out)); err != nil || got != filepath.Join(share, "man", want) {
				t.Errorf("man -w %s: %q (%v), want %s", page, got, err, filepath.Join(share, "man", want))
			}
		}
	})

	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			var s *term
			switch sh.name {
			case "bash":
				if _, err := os.Stat(bashCompletion); err != nil {
					if os.Getenv("CI") != "" {
						t.Fatal(err)
					}
					t.Skip("bash-completion is not installed")
				}
				s = h.startShell(t, "bash", "")
				s.mustRun("source " + bashCompletion)
				s.mustRun("source " + filepath.Join(share, "ragman", "shellint", "ragman.bash"))
			case "zsh":
				out, err := exec.Command(lookShell(t, "zsh"), "-f", "-c", "print -rl -- $fpath").Output()
				if err != nil || !slices.Contains(strings.Fields(string(out)), "/usr/local/share/zsh/site-functions") {
					t.Errorf("zsh's fpath has no /usr/local/share/zsh/site-functions, where make install puts the completions by default: %v\n%s", err, out)
				}
				s = h.startShell(t, "zsh", "")
				s.mustRun("fpath=(" + filepath.Join(share, "zsh", "site-functions") + " $fpath); autoload -U compinit; compinit -u -D")
				s.mustRun("source " + filepath.Join(share, "ragman", "shellint", "ragman.zsh"))
			case "fish":
				// with its configuration (the home's own, empty): fish reads
				// vendor_conf.d
				s = h.startShellArgs(t, "fish", []string{"-i"}, "")
			}
			if out, code := s.run("type __ragman_ask"); code != 0 {
				t.Errorf("the shell integration is not loaded: status %d\n%s", code, out)
			}
			if out := s.mustRun("command -v ragadmin"); !strings.Contains(out, filepath.Join(prefix, "bin", "ragadmin")) {
				t.Errorf("ragadmin is not the installed one:\n%s", out)
			}
			// (the notes differ from one shell to the next: the home is
			// the same)
			s.typ("ragadmin sour\tup\tman-p\t--not\t" + sh.name + "\r")
			out, code := s.status()
			if code != 0 || !strings.Contains(out, `" -> "`+sh.name+`"`) {
				t.Errorf("Tab did not complete `ragadmin sources update man-pages --notes %s`: status %d, screen:\n%s", sh.name, code, out)
			}
		})
	}
}
