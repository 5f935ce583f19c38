package daemon

import (
	"errors"
	"fmt"
	"net"
	"sync"

	"github.com/ragman-dev/ragman/backend/proto"
)

var errAnswered = errors.New("request already answered")

// replier writes a request's frames, each as one write so that progress
// reaches the client as it happens.
type replier struct {
	c      net.Conn
	cid    string
	hangup func() // cancels the handler: the client is gone

	mu     sync.Mutex
	final  bool
	broken error
}

func (r *replier) Progress(p proto.Progress) error {
	return r.send(&proto.Frame{Type: proto.TypeProgress, Progress: &p}, false)
}

func (r *replier) Result(v any) error {
	raw, err := proto.Marshal(v)
	if err != nil {
		r.Error(proto.Errorf(proto.CodeInternal, "backend cannot encode its answer: %v", err))
		return fmt.Errorf("encode result: %w", err)
	}
	if len(raw) > proto.MaxFrame {
		// Checked here as well as in send, to spare encoding it twice.
		r.Error(proto.Errorf(proto.CodeInternal, "backend answer of %d bytes exceeds the %d-byte frame limit", len(raw), proto.MaxFrame))
		return proto.ErrFrameTooLarge
	}
	return r.send(&proto.Frame{Type: proto.TypeResult, Result: raw}, true)
}

func (r *replier) Error(e *proto.Error) error {
	if e == nil {
		e = proto.Errorf(proto.CodeInternal, "backend failed without saying why")
	}
	return r.send(&proto.Frame{Type: proto.TypeError, Error: e}, true)
}

func (r *replier) answered() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.final
}

func (r *replier) send(f *proto.Frame, final bool) error {
	f.CorrelationID = r.cid
	b, encErr := proto.Encode(f)
	if encErr != nil && final {
		// The client still needs its one final frame.
		b, _ = proto.Encode(&proto.Frame{
			Type:          proto.TypeError,
			CorrelationID: r.cid,
			Error:         proto.Errorf(proto.CodeInternal, "backend answer does not fit in a frame: %v", encErr),
		})
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.final:
		return errAnswered
	case r.broken != nil:
		return r.broken
	case encErr != nil && !final:
		return encErr
	}
	r.final = final
	if _, err := r.c.Write(b); err != nil {
		r.broken = fmt.Errorf("client went away: %w", err)
		r.hangup()
		return r.broken
	}
	return encErr
}
