// Package server assembles the backend process: its config, the service
// that answers the requests, and the daemon's socket they arrive on.
package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/daemon"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/service"
)

// ErrAlreadyRunning is returned by Serve when another backend holds the
// lock. Whether that is an error is the caller's call: it is for a
// backend started by hand, not for one a CLI spawned that lost the race.
var ErrAlreadyRunning = daemon.ErrAlreadyRunning

// Options is what the backend process is built from.
type Options struct {
	Config  config.Config // config.yaml as loaded
	Paths   config.Paths
	Log     *logging.Logger
	Version string // the program's version, sent in the hello
}

// Serve runs the backend until it idles out after the config's
// backend.idle_timeout, a client asks it to shut down, ctx is done, or
// the process gets SIGTERM or SIGINT. It returns ErrAlreadyRunning when
// another backend holds the lock, and nil after an orderly stop.
func Serve(ctx context.Context, opt Options) error {
	idle := time.Duration(opt.Config.Backend.IdleTimeout)
	svc := service.New(opt.Paths, opt.Log, analyse.Thesaurus)
	opt.Log.Log("", "Backend.serve", "start", "version", opt.Version, "idle_timeout", idle)
	err := daemon.Serve(ctx, daemon.Options{
		Version:     opt.Version,
		IdleTimeout: idle,
		Logf: func(format string, args ...any) {
			opt.Log.Log("", "Backend.serve", fmt.Sprintf(format, args...))
		},
	}, func(ctx context.Context, req *proto.Request, r daemon.Replier) { svc.Handle(ctx, req, r) })
	if errors.Is(err, ErrAlreadyRunning) {
		return err
	}
	opt.Log.Log("", "Backend.serve", "stop", "err", fmt.Sprint(err))
	return err
}
