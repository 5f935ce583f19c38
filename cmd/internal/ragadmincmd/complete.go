package ragadmincmd

import (
	"fmt"
	"io"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// completeCmd is the hidden command the shell completions (completions/)
// call for what only the catalog knows:
//
//	ragadmin __complete aliases    the source aliases, one a line
//
// Main runs it before anything else: a Tab leaves no trace-log lines and
// creates no folders, needs no backend, and prints nothing at all when
// ragman is not set up or the catalog cannot be read.
const completeCmd = "__complete"

func complete(w io.Writer, args []string) int {
	if len(args) != 1 || args[0] != "aliases" {
		return cli.ExitUsage
	}
	cat, err := catalog.Load(config.DefaultPaths().Catalog)
	if err != nil {
		return cli.ExitOK
	}
	for _, a := range cat.Aliases() {
		fmt.Fprintln(w, a)
	}
	return cli.ExitOK
}
