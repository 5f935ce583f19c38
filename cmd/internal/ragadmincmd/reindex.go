package ragadmincmd

import (
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/setup"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// ReindexCmd rebuilds the index. The old version keeps answering until the
// new one is complete.
type ReindexCmd struct {
	Force   bool     `help:"Rebuild every source, even those that did not change."`
	Aliases []string `arg:"" optional:"" name:"alias" help:"Sources to rebuild (default: all)."`
}

func (c *ReindexCmd) Run(env *cli.Env) error {
	if _, err := setup.Ensure(env.Paths, env.CID); err != nil {
		return cli.Exit(cli.ExitError, err, "")
	}
	return cli.Reindex(env, proto.ReindexParams{Force: c.Force, Aliases: c.Aliases})
}
