//go:build !thinclient

package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/daemon"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/service"
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
	// daemon.Serve stops on SIGTERM and SIGINT itself.
	ctx := context.Background()
	svc := service.New(env.Paths, env.Log, analyse.Thesaurus)
	env.Log.Log("", "Backend.serve", "start", "version", version.Version, "idle_timeout", time.Duration(cfg.Backend.IdleTimeout))
	err = daemon.Serve(ctx, daemon.Options{
		Version:     version.Version,
		IdleTimeout: time.Duration(cfg.Backend.IdleTimeout),
		Logf: func(format string, args ...any) {
			env.Log.Log("", "Backend.serve", fmt.Sprintf(format, args...))
		},
	}, func(ctx context.Context, req *proto.Request, r daemon.Replier) { svc.Handle(ctx, req, r) })
	if errors.Is(err, daemon.ErrAlreadyRunning) {
		if foreground {
			return Exit(ExitError, err, "stop it first, or let it idle out")
		}
		return nil
	}
	env.Log.Log("", "Backend.serve", "stop", "err", fmt.Sprint(err))
	return err
}
