package ragadmincmd

import (
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/setup"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// ReindexCmd brings the index up to date. The old version keeps answering
// until the new one is complete.
type ReindexCmd struct {
	cli.OutputFlags `embed:""`
	Force           bool     `help:"Rebuild even when no source changed."`
	Aliases         []string `arg:"" optional:"" name:"alias" predictor:"alias" help:"Sources to check for changes (default: all)."`
}

func (c *ReindexCmd) Help() string {
	return `The backend measures every source (names, sizes and times of its files)
and compares with what the active index was built from. When nothing
changed it says the index is up to date and stops. Otherwise it builds a
new index version from all sources, one after another, beside the active
one, and activates it in one step: questions are answered from the old
version until then, and a crash, kill or full disk leaves the old version
active. A leftover of an interrupted build is removed first ("recovered").

ALIAS limits which sources are checked for changes; a rebuild still reads
every source. A source that is missing, unreadable or corrupt is
quarantined (status error, with the reason in ` + "`ragadmin sources list`" + `) and
skipped; the others are indexed. Progress goes to stderr: a bar on a
terminal, one line per stage otherwise.

Exits 0 when the index is up to date or was rebuilt, 1 when the rebuild
failed (the reason is printed; e.g. not enough disk space, another
reindex running), 2 when the backend cannot be reached.`
}

func (c *ReindexCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		return cli.JSONFailure(env, c.JSON, err)
	}
	if _, err := setup.Ensure(env.Paths, env.CID); err != nil {
		return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitError, err, setup.Hint(env.Paths, err)))
	}
	res, err := cli.ReindexResult(env, proto.ReindexParams{Force: c.Force, Aliases: c.Aliases})
	if err != nil {
		return cli.JSONFailure(env, jsonMode, err)
	}
	cli.ReportReindex(env, res)
	if jsonMode {
		return cli.WriteJSON(env.Stdout, res)
	}
	return nil
}
