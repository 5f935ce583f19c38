package daemon

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
)

// The idle timer only runs while no connection is live, as in gopls'
// jsonrpc2 serve loop, so a long request never trips it: the first
// connection stops it and the last one to finish restarts it. The count is
// kept under a mutex by the accept loop and the connections themselves
// rather than by run's goroutine, which spares every connection two
// goroutine handoffs.

// admit counts a new connection, unless the server is stopping (false)
// or serves as many as it may (full).
func (s *server) admit(c *net.UnixConn) (ok, full bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false, false
	}
	if s.active >= s.opt.MaxConns {
		return false, true
	}
	s.active++
	s.conns[c] = struct{}{}
	// Since Go 1.23 a stopped timer delivers nothing stale; one that had
	// already fired is caught by stopIfIdle.
	s.idle.Stop()
	return true, false
}

// hold counts background work (a refresh of the index) as a live
// connection: the backend must not idle out in its middle, and a stop
// waits for it as for a request. ok is false once the server stops.
func (s *server) hold() (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, false
	}
	s.active++
	s.idle.Stop()
	var once sync.Once
	return func() { once.Do(func() { s.release(nil) }) }, true
}

// release ends a connection, or a hold when c is nil.
func (s *server) release(c *net.UnixConn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c != nil {
		delete(s.conns, c)
	}
	s.active--
	switch {
	case s.active > 0:
	case s.closing:
		close(s.drained)
	case s.opt.IdleTimeout > 0:
		s.idle.Reset(s.opt.IdleTimeout)
	}
}

// stopIfIdle handles the timer firing: a connection admitted meanwhile
// wins, and the timer restarts when it finishes.
func (s *server) stopIfIdle() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.active > 0 {
		return false
	}
	s.closeLocked()
	return true
}

// beginStop admits no more connections and returns how many are live.
func (s *server) beginStop() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closeLocked()
	return s.active
}

func (s *server) closeLocked() {
	if s.closing {
		return
	}
	s.closing = true
	if s.active == 0 {
		close(s.drained)
	}
}

func (s *server) closeConns() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.Close()
	}
}

// run waits for a reason to stop, then stops.
func (s *server) run(ctx context.Context) error {
	// The backend runs detached; a signal is the operator's way to stop it,
	// and it must still remove its socket.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	defer signal.Stop(sigs)

	var idle <-chan time.Time
	if s.opt.IdleTimeout > 0 {
		idle = s.idle.C
	} else {
		s.idle.Stop()
	}
	defer s.idle.Stop()
	go s.acceptLoop()

	var why string
	var err error
	for why == "" {
		select {
		case <-idle:
			if s.stopIfIdle() {
				why = fmt.Sprintf("idle for %v", s.opt.IdleTimeout)
			}
		case <-s.shutdown:
			why = "shutdown requested"
		case sig := <-sigs:
			why = "got " + sig.String()
		case <-ctx.Done():
			why = "context done"
		case err = <-s.acceptErr:
			why = "accept failed: " + err.Error()
		}
	}
	active := s.beginStop()
	s.stopAccepting()
	s.opt.Logf("backend stopping: %s", why)
	s.drain(active, sigs)
	return err
}

// drain waits for in-flight requests: up to the grace period, then cancels
// them and closes their connections, then gives up on handlers that ignore
// their context. A second signal skips the grace period.
func (s *server) drain(active int, sigs <-chan os.Signal) {
	defer s.cancelHandlers()
	if active == 0 {
		return
	}
	grace := time.NewTimer(s.opt.Grace)
	defer grace.Stop()
	var giveUp <-chan time.Time
	force := func() {
		if giveUp != nil {
			return
		}
		s.opt.Logf("cancelling the request(s) still running")
		s.cancelHandlers()
		s.closeConns()
		giveUp = time.After(time.Second)
	}
	for {
		select {
		case <-s.drained:
			return
		case <-grace.C:
			force()
		case <-sigs:
			force()
		case <-giveUp:
			s.opt.Logf("abandoning request(s) whose handlers ignore cancellation")
			return
		}
	}
}

// acceptLoop admits connections until the listener closes. A connection
// accepted as the server stops is closed unserved: its client sees EOF
// before the hello and starts a new backend.
func (s *server) acceptLoop() {
	var delay time.Duration
	for {
		c, err := s.ln.AcceptUnix()
		if err != nil {
			select {
			case <-s.stopping:
				return
			default:
			}
			// Running out of file descriptors passes as requests finish.
			if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.ECONNABORTED) {
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				s.opt.Logf("accept: %v; retrying in %v", err, delay)
				select {
				case <-time.After(delay):
					continue
				case <-s.stopping:
					return
				}
			}
			s.acceptErr <- err
			return
		}
		delay = 0
		ok, full := s.admit(c)
		switch {
		case full:
			// said, not just closed: the client reports it instead of
			// starting a backend that cannot take the socket
			go func() {
				writeError(c, "", &proto.Error{Code: proto.CodeBusy,
					Message: fmt.Sprintf("the backend serves %d connections already", s.opt.MaxConns),
					Hint:    "a program is opening connections without sending requests; they time out after " + requestTimeout.String()})
				c.Close()
			}()
			continue
		case !ok:
			c.Close()
			return
		}
		go s.serveConn(c)
	}
}
