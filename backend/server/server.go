// Package server assembles the backend process: its config, the service
// that answers the requests, and the daemon's socket they arrive on.
package server

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/daemon"
	"github.com/ragman-dev/ragman/backend/freshness"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/service"
	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/internal/nudge"
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
// another backend holds the lock, a config.DataDirError for a data folder
// of another user, and nil after an orderly stop.
func Serve(ctx context.Context, opt Options) error {
	// The backend writes the index, traces and catalog there.
	if err := config.EnsureDataDir(opt.Paths.DataDir); err != nil {
		opt.Log.Log("", "server.Serve", "refused", "err", err)
		return err
	}
	idle := time.Duration(opt.Config.Backend.IdleTimeout)
	svc := service.New(opt.Paths, opt.Log, analyse.Thesaurus)
	refresh := refreshInterval(opt.Config)
	svc.RefreshInterval = refresh
	// `ragadmin nudge` (the package manager's hook) signals every
	// backend it may: check now, not at the next tick. Caught even with
	// the check turned off, since SIGUSR1 would end the process; the
	// CLI's Main has caught it already (nudge.Catch), this covers a
	// backend started otherwise.
	nudge.Catch()
	opt.Log.Log("", "server.Serve", "start", "version", opt.Version, "idle_timeout", idle, "refresh_interval", refresh)
	err := daemon.Serve(ctx, daemon.Options{
		Version:     opt.Version,
		IdleTimeout: idle,
		Background: func(ctx context.Context, hold func() (func(), bool)) {
			if refresh <= 0 {
				return
			}
			w := &freshness.Watcher{Interval: refresh, Sources: svc.Watched, Refresh: svc.Refresh, Nudge: nudge.C, StartDelay: 2 * time.Second, StallBound: svc.StallBound,
				Log: func(msg string, kv ...any) { opt.Log.Log("", "Watcher.refresh", msg, kv...) }}
			w.Run(ctx, hold)
		},
		Logf: func(format string, args ...any) {
			opt.Log.Log("", "daemon.Serve", fmt.Sprintf(format, args...))
		},
		Stopped: func(err error) { opt.Log.Log("", "server.Serve", "stop", "err", fmt.Sprint(err)) },
	}, func(ctx context.Context, req *proto.Request, r daemon.Replier) { svc.Handle(ctx, req, r) })
	return err
}

// refreshInterval is the config's backend.refresh_interval, unless the
// test hook envvar.TestRefreshInterval overrides it.
func refreshInterval(cfg config.Config) time.Duration {
	if v := os.Getenv(envvar.TestRefreshInterval); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return time.Duration(cfg.Backend.RefreshInterval)
}
