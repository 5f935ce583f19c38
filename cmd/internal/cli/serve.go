//go:build !thinclient

package cli

import (
	"context"
	"errors"

	"github.com/ragman-dev/ragman/backend/server"
	"github.com/ragman-dev/ragman/cmd/internal/version"
)

// hasBackend: this build carries the backend and spawns itself to run it.
const hasBackend = true

// Serve runs the backend until it idles out or is stopped. In the
// foreground (ragadmin serve) a backend that is already running is an
// error; a spawned backend that lost the race exits quietly.
func Serve(env *Env, foreground bool) error {
	cfg, err := env.Config()
	if err != nil {
		return err
	}
	// The daemon stops on SIGTERM and SIGINT itself.
	err = server.Serve(context.Background(), server.Options{
		Config: cfg, Paths: env.Paths, Log: env.Log, Version: version.Version,
	})
	if errors.Is(err, server.ErrAlreadyRunning) {
		if foreground {
			return Exit(ExitError, err, "stop it first, or let it idle out")
		}
		return nil
	}
	return err
}
