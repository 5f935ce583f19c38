// Package ragadmincmd is the ragadmin command: set up ragman, manage its
// sources and index, run its backend.
package ragadmincmd

import (
	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/cmd/internal/version"
)

// CLI is ragadmin's grammar.
type CLI struct {
	Reindex ReindexCmd     `cmd:"" help:"Rebuild the index from the sources."`
	Show    ShowCmd        `cmd:"" help:"Print a document as the index sees it."`
	Serve   ServeCmd       `cmd:"" help:"Run the backend in the foreground."`
	Backend cli.BackendCmd `cmd:"" name:"__backend" hidden:""`

	Verbose bool             `short:"v" help:"Also print the trace log on stderr."`
	Version kong.VersionFlag `help:"Print the version and exit."`
}

// Main runs ragadmin with args (without the program name) and returns its
// exit code.
func Main(args []string) int {
	var c CLI
	verbose := false
	for _, a := range args {
		if a == "-v" || a == "--verbose" {
			verbose = true
		}
	}
	env := cli.NewEnv("ragadmin", verbose)
	return cli.Run(env, &c, args,
		kong.Description("Set up ragman, manage its knowledge sources and index, and run its backend."),
		kong.Vars{"version": version.Version},
	)
}
