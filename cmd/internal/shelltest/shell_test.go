// Package shelltest runs the generated completions (completions/) and the
// shell integration (ragadmin shell-init, shellint/) in real bash, zsh and
// fish: completions through the shells' own entry points and through Tab
// in an interactive shell under a pseudo-terminal; `?` and the man and
// info fallback in interactive shells, against the real ragman (this test
// binary doubles as ragman and ragadmin) over the fixture tree, with a
// backend of its own that every test stops.
package shelltest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ragman-dev/ragman/cmd/internal/ragadmincmd"
	"github.com/ragman-dev/ragman/cmd/internal/ragmancmd"
	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/testutil/testbackend"
)

// TestMain makes this test binary double as ragman and ragadmin:
// testscript.Main puts copies named ragman and ragadmin in a folder first
// on $PATH, and a copy run under either name is that program.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"ragman":   func() { os.Exit(ragmancmd.Main(os.Args[1:])) },
		"ragadmin": func() { os.Exit(ragadmincmd.Main(os.Args[1:])) },
	})
}

// root is the repository's root.
func root(t testing.TB) string {
	r, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// home is one test's machine: a home with XDG folders, ragman set up over
// the fixture tree, and the environment a shell there starts with.
type home struct {
	dir string
	env []string
	run string // the backend's runtime folder
	log string // the trace log
}

// newHome sets up a home. config is written to config.yaml ("" for the
// defaults). The backend a test starts is stopped when it ends.
func newHome(t testing.TB, config string) *home {
	t.Helper()
	dir := t.TempDir()
	fixtures := filepath.Join(root(t), "testdata", "fixtures")
	bin, err := exec.LookPath("ragadmin")
	if err != nil {
		t.Fatal(err)
	}
	h := &home{dir: dir}
	vars := map[string]string{
		"HOME":            filepath.Join(dir, "home"),
		"XDG_CONFIG_HOME": filepath.Join(dir, "home", ".config"),
		"XDG_DATA_HOME":   filepath.Join(dir, "home", ".local", "share"),
		"XDG_CACHE_HOME":  filepath.Join(dir, "home", ".cache"),
		"XDG_STATE_HOME":  filepath.Join(dir, "home", ".local", "state"),
		"XDG_RUNTIME_DIR": filepath.Join(dir, "run"),
	}
	// An interactive fish whose data folder has no generated_completions
	// starts a python in the background, disowned, that writes
	// completions for every man page there: still writing when the test
	// removes the home ("TempDir RemoveAll cleanup: directory not empty",
	// TestInstalled, whose man path is the system's). Having the folder
	// tells fish they are made.
	for _, d := range []string{vars["XDG_DATA_HOME"], filepath.Join(vars["XDG_DATA_HOME"], "fish", "generated_completions"), vars["XDG_CONFIG_HOME"], vars["XDG_CACHE_HOME"], vars["XDG_STATE_HOME"], vars["XDG_RUNTIME_DIR"], vars["HOME"]} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	h.run = filepath.Join(vars["XDG_RUNTIME_DIR"], "ragcli")
	h.log = filepath.Join(vars["XDG_DATA_HOME"], "ragcli", "ragcli.log")
	for k, v := range map[string]string{
		// ragman and ragadmin (this binary), then the system's commands:
		// man, info, cat.
		"PATH":            filepath.Dir(bin) + ":/usr/local/bin:/usr/bin:/bin",
		"TERM":            "xterm",
		"LANG":            "C.UTF-8",
		"RAGMAN_MAN_DIR":  filepath.Join(fixtures, "man"),
		"RAGMAN_INFO_DIR": filepath.Join(fixtures, "info"),
		// as in the scenarios: quick probes, a disk that is half free
		envvar.TestRetrySchedule: "10ms,10ms,10ms,10ms,10ms",
		envvar.TestDiskFree:      "50%",
		// man and info print their pages instead of paging them
		"MANPAGER": "cat",
		"PAGER":    "cat",
		// man finds only the pages of the test's own MANPATH
		"MANPATH":  filepath.Join(root(t), "testdata", "fixtures", "shell", "man"),
		"INFOPATH": filepath.Join(root(t), "testdata", "fixtures", "shell", "info"),
	} {
		vars[k] = v
	}
	for k, v := range vars {
		h.env = append(h.env, k+"="+v)
	}
	if config != "" {
		cfg := filepath.Join(vars["XDG_CONFIG_HOME"], "ragcli", "config.yaml")
		if err := os.MkdirAll(filepath.Dir(cfg), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cfg, []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The default sources (the fixture tree) and one with a page no man
	// path has, for the fallback to ask about.
	for _, args := range [][]string{{"init"}, {"sources", "add", filepath.Join(fixtures, "shell", "ragman", "man")}} {
		cmd := exec.Command("ragadmin", args...)
		cmd.Env = h.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ragadmin %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	t.Cleanup(func() { h.stopBackends(t) })
	return h
}

// stopBackends stops the home's backend and any other it started.
func (h *home) stopBackends(t testing.TB) {
	if err := testbackend.Stop(h.run, h.log); err != nil {
		t.Error(err)
	}
}

// shells are the shells under test, with the arguments that start each
// interactive and without the user's startup files.
var shells = []struct {
	name string
	args []string
}{
	{"bash", []string{"--norc", "--noprofile", "-i"}},
	{"zsh", []string{"-f", "-i"}},
	{"fish", []string{"--no-config", "-i"}},
}

// startShell starts an interactive shell in h's home with a plain prompt,
// in dir (the home when "").
func (h *home) startShell(t testing.TB, name string, dir string, extraEnv ...string) *term {
	t.Helper()
	var args []string
	for _, s := range shells {
		if s.name == name {
			args = s.args
		}
	}
	return h.startShellArgs(t, name, args, dir, extraEnv...)
}

// startShellArgs is startShell with the shell's arguments given.
func (h *home) startShellArgs(t testing.TB, name string, args []string, dir string, extraEnv ...string) *term {
	t.Helper()
	path := lookShell(t, name)
	if dir == "" {
		dir = filepath.Join(h.dir, "home")
	}
	env := append(append([]string{}, h.env...), extraEnv...)
	s := startTerm(t, env, dir, append([]string{path}, args...)...)
	switch name {
	case "bash":
		s.typ("PS1='$ '; PS2='> '\r")
	case "zsh":
		s.typ("PS1='$ '; PS2='> '; unsetopt PROMPT_SP\r")
	case "fish":
		s.typ("function fish_prompt; printf '$ '; end; function fish_right_prompt; end; set -g fish_greeting; set -g fish_autosuggestion_enabled 0\r")
	}
	s.run("true")
	return s
}

// sourceInit loads the shell integration as a user's startup file does.
func (s *term) sourceInit(shell string) {
	s.t.Helper()
	if shell == "fish" {
		s.mustRun("ragadmin shell-init fish | source")
		return
	}
	s.mustRun(`eval "$(ragadmin shell-init ` + shell + `)"`)
}
