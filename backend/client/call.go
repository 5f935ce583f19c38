// Package client is the CLIs' side of the transport: it finds the user's
// backend, starts one when none answers, sends one request and reads the
// answer.
package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/internal/envvar"
)

// ErrUnreachable wraps every transport failure: no backend and none could
// be started, a failed handshake, a truncated or garbled answer.
var ErrUnreachable = errors.New("backend unreachable")

// EnvNoAutostart set to 1 (or true, yes) keeps Call from starting a
// backend. Its old name, RAGCLI_NO_AUTOSTART, still works for a release.
const EnvNoAutostart = envvar.NoAutostart

// DefaultStartTimeout bounds starting a backend and waiting for its hello.
const DefaultStartTimeout = 5 * time.Second

// Options configure Call.
type Options struct {
	Dir     string // runtime folder; "" = rundir.Default()
	Version string // our program version; a backend with another one is replaced ("" = accept any)
	// NoAutostart forbids starting a backend, as EnvNoAutostart does.
	NoAutostart bool
	// Spawn returns the command that runs the backend in the foreground
	// (the same binary with its hidden subcommand, found with
	// os.Executable). Call detaches it: new session, stdin from /dev/null,
	// stdout and stderr to LogFile; whatever the command had there is
	// replaced. nil means this program cannot start a backend.
	Spawn   func() *exec.Cmd
	LogFile string // the started backend's stdout and stderr; "" = /dev/null
	// StartTimeout bounds starting a backend, and waiting for any backend's
	// hello; 0 = DefaultStartTimeout.
	StartTimeout time.Duration
	// Silence bounds the wait for the backend's next frame; 0 =
	// DefaultSilence. A build sends progress as it goes, so a backend
	// silent for that long is stuck, and the question must not wait
	// forever.
	Silence time.Duration
}

// DefaultSilence is Options.Silence's default.
const DefaultSilence = 2 * time.Minute

func (o Options) silence() time.Duration {
	if o.Silence > 0 {
		return o.Silence
	}
	return envvar.Duration(envvar.TestStall, DefaultSilence)
}

// StalledError is a backend that sent nothing for Silence.
type StalledError struct{ Silence time.Duration }

func (e *StalledError) Error() string {
	return fmt.Sprintf("the backend sent nothing for %s", e.Silence)
}

func (o Options) startTimeout() time.Duration {
	if o.StartTimeout > 0 {
		return o.StartTimeout
	}
	return DefaultStartTimeout
}

func (o Options) autostartDisabled() bool { return o.autostartOff() != "" }

// autostartOff names what forbids starting a backend, the variable as it
// was set (the option counts as EnvNoAutostart), or is "".
func (o Options) autostartOff() string {
	if o.NoAutostart {
		return EnvNoAutostart
	}
	v, name := envvar.Lookup(EnvNoAutostart)
	switch strings.ToLower(v) {
	case "1", "true", "yes":
		return name
	}
	return ""
}

// Call sends one request and returns the raw result. Progress frames go to
// onProgress, which may be nil. The error is a *proto.Error when the
// backend answered with one, ctx's error when ctx ended first, and wraps
// ErrUnreachable for anything transport-related.
func Call(ctx context.Context, opt Options, method, correlationID string, params any, onProgress func(proto.Progress)) (json.RawMessage, error) {
	req := proto.Request{V: proto.Version, Method: method, CorrelationID: correlationID}
	if params != nil {
		raw, err := json.Marshal(params)
		if err != nil {
			return nil, fmt.Errorf("encode %s parameters: %w", method, err)
		}
		req.Params = raw
	}
	line, err := proto.Encode(&req)
	if err != nil {
		return nil, fmt.Errorf("encode %s request: %w", method, err)
	}
	dir, err := rundir.Resolve(opt.Dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	c, err := connect(ctx, opt, dir)
	if err != nil {
		return nil, err
	}
	raw, err := c.roundTrip(ctx, line, opt.silence(), onProgress)
	c.close()
	if errors.Is(err, errHungUp) && retried[method] && ctx.Err() == nil {
		// The backend died with the request in it (killed, crashed): a
		// question asked again of a new one costs the user nothing, where
		// the error would cost them the question.
		if c, err = connect(ctx, opt, dir); err != nil {
			return nil, err
		}
		defer c.close()
		return c.roundTrip(ctx, line, opt.silence(), onProgress)
	}
	return raw, err
}

// retried are the methods asked again, once, of a new backend when the
// one that had them dies before answering: they change nothing.
var retried = map[string]bool{proto.MethodQuery: true, proto.MethodExplain: true, proto.MethodShow: true, proto.MethodStatus: true, proto.MethodHealth: true}

// errHungUp is a backend gone before it answered.
var errHungUp = errors.New("backend closed the connection without answering")

// roundTrip writes the request and reads frames up to the final one,
// waiting at most silence for each.
func (c *conn) roundTrip(ctx context.Context, req []byte, silence time.Duration, onProgress func(proto.Progress)) (json.RawMessage, error) {
	if _, err := c.nc.Write(req); err != nil {
		return nil, c.fail(ctx, "send request", err)
	}
	for {
		c.nc.SetReadDeadline(time.Now().Add(silence))
		if ctx.Err() != nil {
			// ctx ended as the deadline was set, which undid the one its
			// watch set to end the read at once
			c.nc.SetReadDeadline(time.Unix(1, 0))
		}
		line, err := proto.ReadFrame(c.br)
		if errors.Is(err, os.ErrDeadlineExceeded) && ctx.Err() == nil {
			return nil, fmt.Errorf("%w: %w", ErrUnreachable, &StalledError{Silence: silence})
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, c.fail(ctx, "read answer", errHungUp)
		}
		if err != nil {
			return nil, c.fail(ctx, "read answer", err)
		}
		var f proto.Frame
		if err := json.Unmarshal(line, &f); err != nil {
			return nil, fmt.Errorf("%w: malformed frame from backend: %w", ErrUnreachable, err)
		}
		switch f.Type {
		case proto.TypeProgress:
			if onProgress != nil && f.Progress != nil {
				onProgress(*f.Progress)
			}
		case proto.TypeResult:
			return f.Result, nil
		case proto.TypeError:
			if f.Error == nil {
				return nil, fmt.Errorf("%w: error frame without an error", ErrUnreachable)
			}
			return nil, f.Error
		default:
			// A newer backend may send frames we do not know; the final
			// frame is still one of ours.
		}
	}
}

// fail reports ctx's end rather than the broken read it caused.
func (c *conn) fail(ctx context.Context, what string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("%w: %s: %w", ErrUnreachable, what, err)
}
