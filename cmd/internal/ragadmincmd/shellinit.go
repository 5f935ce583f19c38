package ragadmincmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/shellint"
)

// ShellInitCmd prints the shell integration for eval.
type ShellInitCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish."`
}

func (c *ShellInitCmd) Help() string {
	return `Prints the shell integration, to load from the shell's startup file:

  ~/.bashrc                  eval "$(ragadmin shell-init bash)"
  ~/.zshrc                   eval "$(ragadmin shell-init zsh)"
  ~/.config/fish/config.fish ragadmin shell-init fish | source

It gives interactive shells "? QUESTION...", which asks ragman without the
shell expanding wildcards in the question (in fish "? " becomes
__ragman_ask "..." as you type it). With RAGMAN_MAN_FALLBACK=1 set before
that line, man and info are wrapped: when a page is missing, on a terminal,
they offer a ragman answer instead; otherwise they behave as before. The
script calls ragman by its absolute path. make install also installs it
(fish loads its copy by itself). Completions are separate: see ragadmin(8).`
}

func (c *ShellInitCmd) Run(env *cli.Env) error {
	script, err := shellint.Script(c.Shell, ragmanPath())
	if err != nil {
		return cli.Exit(cli.ExitUsage, err, "")
	}
	_, err = fmt.Fprint(env.Stdout, script)
	return err
}

// ragmanPath is the absolute path of the ragman beside this ragadmin, or
// the one on $PATH, or "" (the script then looks for ragman on $PATH each
// time).
func ragmanPath() string {
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), "ragman")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	if p, err := exec.LookPath("ragman"); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
	}
	return ""
}
