package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime/debug"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
)

// requestTimeout bounds the wait for the request after the hello. A client
// writes it at once; one that does not would otherwise keep the backend
// from ever going idle.
const requestTimeout = 10 * time.Second

func (s *server) serveConn(c *net.UnixConn) {
	defer func() {
		c.Close()
		s.release(c)
	}()

	uid, err := peerUID(c)
	if err != nil {
		s.opt.Logf("refusing a connection: cannot read its credentials: %v", err)
		writeError(c, "", proto.Errorf(proto.CodeInternal, "backend cannot read the peer's credentials: %v", err))
		return
	}
	if perr := checkPeer(uid, s.uid); perr != nil {
		s.opt.Logf("refusing a connection from uid %d", uid)
		writeError(c, "", perr)
		return
	}
	if _, err := c.Write(s.hello); err != nil {
		return
	}

	c.SetReadDeadline(time.Now().Add(requestTimeout))
	br := bufio.NewReader(c)
	line, err := proto.ReadFrame(br)
	switch {
	case errors.Is(err, proto.ErrFrameTooLarge):
		writeError(c, "", proto.Errorf(proto.CodeBadRequest, "request is larger than %d MiB", proto.MaxFrame>>20))
		return
	case errors.Is(err, os.ErrDeadlineExceeded):
		writeError(c, "", proto.Errorf(proto.CodeBadRequest, "no request within %v of the hello", requestTimeout))
		return
	case err != nil:
		return // the client left
	}
	c.SetReadDeadline(time.Time{})
	req, perr := parseRequest(line)
	if perr != nil {
		writeError(c, req.CorrelationID, perr)
		return
	}

	ctx, cancel := context.WithCancel(s.handlerCtx)
	defer cancel()
	// The client sends nothing after its request, so a read that returns
	// means it closed the connection (or broke the protocol): either way
	// nobody waits for the answer any more.
	go func() {
		io.Copy(io.Discard, br)
		cancel()
	}()

	r := &replier{c: c, cid: req.CorrelationID, hangup: cancel}
	if req.Method == proto.MethodShutdown {
		// Stop accepting before answering, so that once the client has the
		// answer the socket is gone and it may start a successor.
		s.requestShutdown()
		r.Result(map[string]int{"pid": os.Getpid()})
		return
	}
	s.dispatch(ctx, &req, r)
	if !r.answered() {
		r.Error(proto.Errorf(proto.CodeInternal, "backend sent no answer to %q", req.Method))
	}
}

// dispatch runs the handler; a panic costs one request, not the backend
// and every other request in flight.
func (s *server) dispatch(ctx context.Context, req *proto.Request, r *replier) {
	// A read past the end of a mapped file that was truncated under the
	// backend is a fault, fatal to the process unless it panics here.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			s.opt.Logf("handler for %q panicked: %v\n%s", req.Method, p, debug.Stack())
			if f, ok := p.(interface{ Addr() uintptr }); ok {
				r.Error(&proto.Error{Code: proto.CodeInternal,
					Message: fmt.Sprintf("a file the backend reads was changed or truncated under it (%v)", f),
					Hint:    "run `ragadmin reindex` to rebuild the index"})
				return
			}
			r.Error(proto.Errorf(proto.CodeInternal, "backend failed on %q: %v", req.Method, p))
		}
	}()
	s.h(ctx, req, r)
}

// parseRequest returns the request as far as it could be read, so that an
// error about a well-formed but wrong request still carries its
// correlation id.
func parseRequest(line []byte) (proto.Request, *proto.Error) {
	var req proto.Request
	if err := json.Unmarshal(line, &req); err != nil {
		return proto.Request{}, proto.Errorf(proto.CodeBadRequest, "malformed request: %v", err)
	}
	if req.V != proto.Version {
		return req, proto.Errorf(proto.CodeBadRequest, "request speaks protocol v%d, this backend speaks v%d", req.V, proto.Version)
	}
	if perr := proto.CheckCorrelationID(req.CorrelationID); perr != nil {
		req.CorrelationID = "" // not echoed in the error either
		return req, perr
	}
	if req.Method == "" {
		return req, proto.Errorf(proto.CodeBadRequest, "request names no method")
	}
	return req, nil
}

// writeError answers outside a replier: before a request exists.
func writeError(c net.Conn, cid string, e *proto.Error) {
	b, err := proto.Encode(&proto.Frame{Type: proto.TypeError, CorrelationID: cid, Error: e})
	if err != nil {
		return
	}
	// A client that refuses to read must not hold up the server.
	c.SetWriteDeadline(time.Now().Add(time.Second))
	c.Write(b)
}
