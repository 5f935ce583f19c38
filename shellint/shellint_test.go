package shellint

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// definitions find the names a script defines as functions: name() and
// function name in bash and zsh, function name in fish.
var definitions = map[string]*regexp.Regexp{
	"bash": regexp.MustCompile(`(?m)^\s*(?:function\s+(\S+)|([^\s#'"=]+)\s*\(\))`),
	"zsh":  regexp.MustCompile(`(?m)^\s*(?:function\s+(\S+)|([^\s#'"=]+)\s*\(\))`),
	"fish": regexp.MustCompile(`(?m)^\s*function\s+(\S+)()`),
}

// TestScriptNames: every function a script defines is __ragman_* but the
// man and info wrappers, and every script installs itself once.
func TestScriptNames(t *testing.T) {
	for _, sh := range Shells {
		s, err := Script(sh, "")
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for _, m := range definitions[sh].FindAllStringSubmatch(s, -1) {
			names[m[1]+m[2]] = true
		}
		for _, want := range []string{"__ragman_ask", "man", "info"} {
			if !names[want] {
				t.Errorf("%s: %s is not defined (found %v)", sh, want, names)
			}
		}
		for name := range names {
			if !strings.HasPrefix(name, "__ragman_") && name != "man" && name != "info" {
				t.Errorf("%s: defines %s, not a __ragman_ name", sh, name)
			}
		}
		if strings.Count(s, "__ragman_shell_init_done") < 2 {
			t.Errorf("%s: no __ragman_shell_init_done guard", sh)
		}
		for _, prog := range []string{"man", "info"} {
			if !strings.Contains(s, "command "+prog+" ") {
				t.Errorf("%s: the %s wrapper does not run command %s", sh, prog, prog)
			}
		}
	}
}

// TestScriptRagman: ragman is run by the path given, quoted for the
// shell, or found on $PATH; the real shells read the quoted path back as
// it was, and the scripts parse.
func TestScriptRagman(t *testing.T) {
	const path = `/opt/it's "here"/a\b $HOME/ragman`
	for _, sh := range Shells {
		s, err := Script(sh, "")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(s, "command ragman -- ") {
			t.Errorf("%s: without a path, ragman is not found on $PATH:\n%s", sh, s)
		}
		s, err = Script(sh, path)
		if err != nil {
			t.Fatal(err)
		}
		q := quote(sh, path)
		if !strings.Contains(s, "command "+q+" -- ") || strings.Contains(s, "command ragman") {
			t.Errorf("%s: ragman is not run as %s", sh, q)
		}
		bin, err := exec.LookPath(sh)
		if err != nil {
			t.Logf("%s is not installed: the script is not parsed", sh)
			continue
		}
		if out, err := exec.Command(bin, "-c", "printf '%s\\n' "+q).CombinedOutput(); err != nil || string(out) != path+"\n" {
			t.Errorf("%s reads %s as %q (%v), want %q", sh, q, out, err, path)
		}
		check := []string{"-n", "-c", s}
		if sh == "fish" {
			check = []string{"--no-execute", "-c", s}
		}
		if out, err := exec.Command(bin, check...).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse the script: %v\n%s", sh, err, out)
		}
	}
}

func TestScriptUnknownShell(t *testing.T) {
	_, err := Script("tcsh", "")
	if err == nil || !strings.Contains(err.Error(), "bash, zsh, fish") {
		t.Errorf("Script(tcsh) = %v, want an error naming the shells", err)
	}
}
