// Package daemon is the backend's side of the transport: it owns the
// per-user socket, answers one request per connection with the caller's
// Handler, and exits when idle so that nothing lingers after the CLIs stop
// using it.
package daemon

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
)

// Defaults for Options.
const (
	DefaultIdleTimeout = 10 * time.Minute
	DefaultGrace       = 5 * time.Second
)

// ErrAlreadyRunning is returned by Serve when another backend holds the
// lock. A backend started by a racing client expects it: exit quietly.
var ErrAlreadyRunning = errors.New("another backend is already running")

// Replier answers one request: any number of Progress calls, then exactly
// one Result or Error. It is safe for concurrent use. A call after the final
// answer, or once the client has gone away, returns an error.
type Replier interface {
	Progress(p proto.Progress) error
	Result(v any) error // marshals v into Frame.Result
	Error(e *proto.Error) error
}

// Handler serves one request. ctx is cancelled when the client goes away or
// when the server stops and the grace period is over. A handler that returns
// without answering makes the server answer with an internal error.
type Handler func(ctx context.Context, req *proto.Request, r Replier)

// Options configure Serve.
type Options struct {
	Dir         string        // runtime folder; "" = rundir.Default()
	Version     string        // program version, sent in the hello
	IdleTimeout time.Duration // exit after this long without a connection; 0 = DefaultIdleTimeout, < 0 = never
	Grace       time.Duration // how long in-flight requests may finish at shutdown; 0 = DefaultGrace
	MaxConns    int           // connections served at once; 0 = DefaultMaxConns
	Logf        func(format string, args ...any)
	// Background, when set, runs beside the requests for as long as the
	// server serves, with a context that ends when it stops. Work between
	// hold and its release keeps the backend from idling out.
	Background func(ctx context.Context, hold func() (release func(), ok bool))
	// Stopped, when set, is called with Serve's result while the lock is
	// still held: whoever waits for the lock to be free (the next backend,
	// a test) then finds what it recorded.
	Stopped func(err error)

	ready func() // tests: called once the socket listens
}

// DefaultMaxConns bounds the connections served at once: far more than
// one user's shells and scripts ask at a time, and few enough that a
// program opening connections and sending nothing cannot take the
// backend's descriptors (each waits for its request at most
// requestTimeout).
const DefaultMaxConns = 256

// Serve takes the backend lock, listens on the socket and serves until it
// has been idle for IdleTimeout, ctx is done, a client sends
// MethodShutdown, or the process gets SIGTERM or SIGINT. It removes the
// socket before it releases the lock, so a successor never loses its socket
// to a predecessor's cleanup. It returns ErrAlreadyRunning if another
// backend holds the lock, and nil after an orderly stop.
func Serve(ctx context.Context, opt Options, h Handler) (err error) {
	if h == nil {
		return errors.New("daemon: nil handler")
	}
	if opt.IdleTimeout == 0 {
		opt.IdleTimeout = DefaultIdleTimeout
	}
	if opt.Grace <= 0 {
		opt.Grace = DefaultGrace
	}
	if opt.MaxConns <= 0 {
		opt.MaxConns = DefaultMaxConns
	}
	if opt.Logf == nil {
		opt.Logf = func(string, ...any) {}
	}
	dir, err := rundir.Resolve(opt.Dir)
	if err != nil {
		return err
	}
	lock, err := lockBackend(dir)
	if errors.Is(err, ErrAlreadyRunning) {
		opt.Logf("another backend holds %s; leaving it to serve", rundir.LockPath(dir))
	}
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if opt.Stopped != nil {
		defer func() { opt.Stopped(err) }()
	}

	ln, err := listen(rundir.SocketPath(dir))
	if err != nil {
		return err
	}
	s, err := newServer(ctx, opt, h, ln)
	if err != nil {
		ln.Close()
		return err
	}
	opt.Logf("backend %s (pid %d) listening on %s", opt.Version, os.Getpid(), rundir.SocketPath(dir))
	if opt.ready != nil {
		opt.ready()
	}
	if opt.Background != nil {
		go opt.Background(s.handlerCtx, s.hold)
	}
	return s.run(ctx)
}

// server is the state of one Serve call.
type server struct {
	opt   Options
	h     Handler
	ln    *net.UnixListener
	uid   uint32
	hello []byte // encoded once: it is the same for every connection

	idle      *time.Timer
	acceptErr chan error
	shutdown  chan struct{} // MethodShutdown -> run
	stopOnce  sync.Once
	stopping  chan struct{} // closed once the listener is closed

	// Handlers get a context of their own so that a stop lets them finish
	// within the grace period instead of cancelling them at once.
	handlerCtx     context.Context
	cancelHandlers context.CancelFunc

	// Connection accounting: see idle.go.
	mu      sync.Mutex
	active  int
	closing bool          // no more connections are admitted
	drained chan struct{} // closed when closing and active reaches zero
	conns   map[*net.UnixConn]struct{}
}

func newServer(ctx context.Context, opt Options, h Handler, ln *net.UnixListener) (*server, error) {
	hello, err := proto.Encode(&proto.Frame{
		Type:  proto.TypeHello,
		V:     proto.Version,
		Hello: &proto.Hello{Version: opt.Version, PID: os.Getpid()},
	})
	if err != nil {
		return nil, fmt.Errorf("encode hello: %w", err)
	}
	hctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	return &server{
		opt:            opt,
		h:              h,
		ln:             ln,
		uid:            uint32(os.Getuid()),
		hello:          hello,
		idle:           time.NewTimer(opt.IdleTimeout),
		acceptErr:      make(chan error, 1),
		shutdown:       make(chan struct{}, 1),
		stopping:       make(chan struct{}),
		handlerCtx:     hctx,
		cancelHandlers: cancel,
		drained:        make(chan struct{}),
		conns:          make(map[*net.UnixConn]struct{}),
	}, nil
}

// stopAccepting closes the listener, which unlinks the socket: from then on
// clients see no backend and start a new one once this one has released
// the lock.
func (s *server) stopAccepting() {
	s.stopOnce.Do(func() {
		close(s.stopping)
		s.ln.Close()
	})
}

func (s *server) requestShutdown() {
	s.stopAccepting()
	select {
	case s.shutdown <- struct{}{}:
	default:
	}
}
