// Package shellint is ragman's shell integration for bash, zsh and fish:
// `? QUESTION...` asks ragman, and the opt-in man and info fallback
// offers an answer when a page is missing.
//
// `ragadmin shell-init SHELL` prints the script for eval with the absolute
// path of ragman filled in, as direnv's hooks do. The copies in this
// folder (ragman.bash, ragman.zsh, ragman.fish) find ragman on $PATH;
// `go generate ./cmd/internal/genshell` writes them and `make install`
// installs them.
//
// Every script acts only in an interactive shell, installs itself once
// (__ragman_shell_init_done), names its private functions __ragman_*, and
// leaves $? as the command before it left it.
package shellint

import (
	"fmt"
	"strings"
	"text/template"
)

// Shells are the shells there is a script for.
var Shells = []string{"bash", "zsh", "fish"}

// FallbackVar is the variable that turns the man and info fallback on
// when it is 1 (or yes, true, on) as the script is loaded.
const FallbackVar = "RAGMAN_MAN_FALLBACK"

var templates = map[string]string{"bash": bashScript, "zsh": zshScript, "fish": fishScript}

// data is what the templates fill in.
type data struct {
	// Ragman runs ragman: a quoted absolute path, or "ragman" to find it
	// on $PATH; always after `command`, so a function or alias of the
	// same name cannot get in the way.
	Ragman string
}

// Script returns the integration for shell. ragman is the absolute path
// of the ragman binary, or "" to find ragman on $PATH when the script
// runs.
func Script(shell, ragman string) (string, error) {
	text, ok := templates[shell]
	if !ok {
		return "", fmt.Errorf("no shell integration for %q: choose one of %s", shell, strings.Join(Shells, ", "))
	}
	d := data{Ragman: "ragman"}
	if ragman != "" {
		d.Ragman = quote(shell, ragman)
	}
	var b strings.Builder
	if err := template.Must(template.New(shell).Parse(text)).Execute(&b, d); err != nil {
		return "", err
	}
	return b.String(), nil
}

// quote makes s one word in shell's syntax.
func quote(shell, s string) string {
	if shell == "fish" {
		// fish's single quotes take \' and \\ as escapes.
		return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
