package ragadmincmd

import "github.com/ragman-dev/ragman/cmd/internal/cli"

// ServeCmd runs the backend in the foreground, for systemd units and for
// watching its log.
type ServeCmd struct{}

func (c *ServeCmd) Run(env *cli.Env) error { return cli.Serve(env, true) }
