package client

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// start gets a backend answering, starting at most one however many
// clients race here. The spawn lock elects the one client that starts it;
// the others keep dialing and use the backend as soon as it answers. The
// backend's own lock, taken before it listens, is the second line: a
// backend started by anything else exits quietly.
func start(ctx context.Context, opt Options, dir string) (*conn, error) {
	timeout := opt.startTimeout()
	// The connection we return belongs to the caller's ctx; only the waiting
	// here is bounded by the start timeout.
	callCtx := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	sock := rundir.SocketPath(dir)
	dialNow := func() (*conn, error) {
		c, err := dial(callCtx, sock, timeout)
		var nb *noBackendError
		if err != nil && errors.As(err, &nb) {
			return nil, nil
		}
		return c, err
	}
	expired := func(what string) error {
		if err := context.Cause(ctx); !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		return fmt.Errorf("%w: %s within %v%s", ErrUnreachable, what, timeout, logHint(opt.LogFile))
	}

	// flock cannot wait with a timeout, so poll; this is the cold path.
	spawnLock := safefile.Lock(rundir.SpawnLockPath(dir))
	for b := newBackoff(); ; {
		if c, err := dialNow(); c != nil || err != nil {
			return c, err
		}
		ok, err := spawnLock.TryLock()
		if err != nil {
			return nil, fmt.Errorf("%w: spawn lock: %w", ErrUnreachable, err)
		}
		if ok {
			break
		}
		if b.wait(ctx) != nil {
			return nil, expired("another client is starting the backend; it did not answer")
		}
	}
	defer spawnLock.Unlock()

	// Whoever held the spawn lock before us may have started a backend, and
	// a backend that is exiting (idle, or retired for its version) no longer
	// listens but still holds its lock: a new one would fail to take it. So
	// wait until the socket answers or the lock is free.
	backendLock := safefile.Lock(rundir.LockPath(dir))
	for b := newBackoff(); ; {
		if c, err := dialNow(); c != nil || err != nil {
			return c, err
		}
		ok, err := backendLock.TryLock()
		if err != nil {
			return nil, fmt.Errorf("%w: backend lock: %w", ErrUnreachable, err)
		}
		if ok {
			backendLock.Unlock()
			break
		}
		if b.wait(ctx) != nil {
			return nil, expired(fmt.Sprintf("a backend holds %s but did not answer on %s", rundir.LockPath(dir), sock))
		}
	}

	cmd, exited, err := spawn(opt)
	if err != nil {
		return nil, err
	}
	for b := newBackoff(); ; {
		if c, err := dialNow(); c != nil || err != nil {
			return c, err
		}
		select {
		case err := <-exited:
			if err != nil {
				return nil, fmt.Errorf("%w: the backend (pid %d) exited before answering: %w%s", ErrUnreachable, cmd.Process.Pid, err, logHint(opt.LogFile))
			}
			// Exit status 0 before answering means it found another
			// backend holding the lock: keep dialing for that one.
			exited = nil
		case <-b.after():
		case <-ctx.Done():
			return nil, expired(fmt.Sprintf("the backend (pid %d) did not answer on %s", cmd.Process.Pid, sock))
		}
		b.next()
	}
}

// spawn starts the backend detached from us: its own session, so that the
// terminal's signals and hangup do not reach it, and no inherited stdio, so
// that it does not hold our pipes open. The returned channel gets its exit:
// waiting reaps it, so a long-lived caller collects no zombies, and lets us
// fail fast when it dies at start.
func spawn(opt Options) (*exec.Cmd, <-chan error, error) {
	cmd := opt.Spawn()
	if cmd == nil {
		return nil, nil, fmt.Errorf("%w: no command to start the backend", ErrUnreachable)
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setsid = true
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil // nil is /dev/null
	// A log that cannot be opened (a read-only data folder, a link planted
	// there, which OpenPrivate refuses) leaves the backend's output to
	// /dev/null, as logging.Open does the trace lines: it must not stop
	// an answer.
	if opt.LogFile != "" {
		if f, err := safefile.OpenPrivate(opt.LogFile, os.O_WRONLY|os.O_APPEND); err == nil {
			// The child has its own descriptor once started.
			defer f.Close()
			cmd.Stdout, cmd.Stderr = f, f
		}
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("%w: start backend: %w", ErrUnreachable, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	return cmd, exited, nil
}

func logHint(path string) string {
	if path == "" {
		return ""
	}
	return "; see " + path
}

// backoff paces the cold-path polling: 10 ms doubling to 200 ms, since a
// backend usually answers within a few tens of milliseconds.
type backoff struct{ d time.Duration }

func newBackoff() *backoff { return &backoff{d: 10 * time.Millisecond} }

func (b *backoff) after() <-chan time.Time { return time.After(b.d) }

func (b *backoff) next() { b.d = min(2*b.d, 200*time.Millisecond) }

func (b *backoff) wait(ctx context.Context) error {
	t := time.NewTimer(b.d)
	defer t.Stop()
	select {
	case <-t.C:
		b.next()
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
