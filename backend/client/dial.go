package client

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
)

// conn is a connection past the hello.
type conn struct {
	nc    *net.UnixConn
	br    *bufio.Reader
	hello proto.Hello
	stop  func() bool // detaches the ctx watch
}

func (c *conn) close() {
	c.stop()
	c.nc.Close()
}

// noBackendError means nobody serves the socket: no file, a stale file, or
// a backend that closed the connection before its hello because it is
// exiting. Only this justifies starting a backend.
type noBackendError struct{ err error }

func (e *noBackendError) Error() string { return e.err.Error() }
func (e *noBackendError) Unwrap() error { return e.err }

// connect returns a connection to a backend of our version when it can:
// it starts a backend when none answers and replaces one of another
// version, unless it may not start one.
func connect(ctx context.Context, opt Options, dir string) (*conn, error) {
	sock := rundir.SocketPath(dir)
	c, err := dial(ctx, sock, opt.startTimeout())
	var nb *noBackendError
	switch {
	case err == nil:
		if opt.Version == "" || c.hello.Version == opt.Version || opt.Spawn == nil || opt.autostartDisabled() {
			return c, nil
		}
		// An upgraded binary must not keep talking to the old backend.
		retire(c)
		return start(ctx, opt, dir)
	case !errors.As(err, &nb):
		return nil, err
	case opt.autostartDisabled():
		return nil, fmt.Errorf("%w: no backend answers on %s, and %s forbids starting one: %w", ErrUnreachable, sock, opt.autostartOff(), nb.err)
	case opt.Spawn == nil:
		return nil, fmt.Errorf("%w: no backend answers on %s: %w", ErrUnreachable, sock, nb.err)
	}
	return start(ctx, opt, dir)
}

// dial connects and reads the hello, within timeout.
func dial(ctx context.Context, sock string, timeout time.Duration) (*conn, error) {
	nc, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: sock, Net: "unix"})
	switch {
	case errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED):
		return nil, &noBackendError{err}
	case errors.Is(err, syscall.EAGAIN):
		// A full backlog: the backend is there but busy. Treated like no
		// backend, start keeps dialing and finds it.
		return nil, &noBackendError{err}
	case err != nil:
		// Starting a backend would not help with, say, a permission error.
		return nil, fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	// Unblocks reads and writes as soon as ctx ends, without a goroutine.
	stop := context.AfterFunc(ctx, func() { nc.SetDeadline(time.Unix(1, 0)) })
	fail := func(err error) (*conn, error) {
		stop()
		nc.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	nc.SetReadDeadline(time.Now().Add(timeout))
	br := bufio.NewReader(nc)
	line, err := proto.ReadFrame(br)
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET):
		return fail(&noBackendError{fmt.Errorf("backend closed the connection before its hello: %w", err)})
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fail(fmt.Errorf("%w: the backend on %s sent no hello within %v", ErrUnreachable, sock, timeout))
	case err != nil:
		return fail(fmt.Errorf("%w: read hello: %w", ErrUnreachable, err))
	}
	var f proto.Frame
	if err := json.Unmarshal(line, &f); err != nil {
		return fail(fmt.Errorf("%w: malformed hello from the backend on %s: %w", ErrUnreachable, sock, err))
	}
	switch {
	case f.Type == proto.TypeError && f.Error != nil:
		return fail(f.Error) // the backend refused us
	case f.Type != proto.TypeHello || f.Hello == nil:
		return fail(fmt.Errorf("%w: the backend on %s sent %q instead of a hello", ErrUnreachable, sock, f.Type))
	case f.V != proto.Version:
		return fail(fmt.Errorf("%w: the backend on %s (pid %d, version %q) speaks protocol v%d, this program speaks v%d; stop it (kill %d) and retry",
			ErrUnreachable, sock, f.Hello.PID, f.Hello.Version, f.V, proto.Version, f.Hello.PID))
	}
	nc.SetReadDeadline(time.Time{})
	return &conn{nc: nc, br: br, hello: *f.Hello, stop: stop}, nil
}

// retire asks a backend of another version to exit. It is best effort: if
// the old backend stays, start finds it answering and we use it after all.
func retire(c *conn) {
	defer c.close()
	req, err := proto.Encode(&proto.Request{V: proto.Version, Method: proto.MethodShutdown})
	if err != nil {
		return
	}
	c.nc.SetDeadline(time.Now().Add(DefaultStartTimeout))
	c.roundTrip(context.Background(), req, DefaultStartTimeout, nil)
}
