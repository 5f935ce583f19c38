// Package ragmancmd is the ragman command: ask a question, get a cited
// answer.
package ragmancmd

import (
	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/cmd/internal/version"
)

// CLI is ragman's grammar. Asking is the default command, so
// `ragman how do I ...` needs no subcommand.
type CLI struct {
	Ask     AskCmd         `cmd:"" default:"withargs" help:"Ask a question (the default; 'ask' may be left out)."`
	Backend cli.BackendCmd `cmd:"" name:"__backend" hidden:""`

	Verbose cli.VerboseFlag  `short:"v" help:"Also print the trace log on stderr."`
	Version kong.VersionFlag `help:"Print the version and exit."`
}

// Main runs ragman with args (without the program name) and returns its
// exit code.
func Main(args []string) int {
	var c CLI
	env := cli.NewEnv("ragman")
	env.WarnRenamedEnv(args)
	return cli.Run(env, &c, args, options()...)
}

func options() []kong.Option {
	return []kong.Option{
		kong.Description("Answer plain-English Linux questions from the man pages, info manuals and offline wikis on this machine, with citations."),
		kong.Vars{"version": version.Version},
	}
}

// Model is ragman's command model: the completions are generated from it
// and the man page is checked against it.
func Model() (*kong.Application, error) { return cli.Model("ragman", &CLI{}, options()...) }
