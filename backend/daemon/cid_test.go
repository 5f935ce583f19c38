package daemon

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/proto"
)

// TestBadCorrelationID: a correlation id that could split or forge a log
// line, or is too long, is refused as a bad request, not handled and not
// echoed; a UUID is handled.
func TestBadCorrelationID(t *testing.T) {
	s := serve(t, Options{}, func(ctx context.Context, req *proto.Request, r Replier) {
		if req.CorrelationID != "0f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f" {
			t.Errorf("handled a request with correlation id %q", req.CorrelationID)
		}
		r.Result(nil)
	})
	for _, cid := range []string{
		"c1\n2026-01-01T00:00:00.000Z pid=1 Service.Handle :: forged",
		"c1\x1b]0;X\a", "c1\u202e", "c1 c2", "c1\u0085", strings.Repeat("c", proto.MaxCorrelationID+1),
		"0f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f",
	} {
		line, _ := json.Marshal(proto.Request{V: proto.Version, Method: "echo", CorrelationID: cid})
		c := dialRaw(t, s.sock())
		c.hello(t)
		c.send(t, string(line))
		f := c.frame(t)
		if cid == "0f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f" {
			if f.Type != proto.TypeResult || f.CorrelationID != cid {
				t.Errorf("a UUID: frame = %+v %+v", f, f.Error)
			}
			continue
		}
		if f.Type != proto.TypeError || f.Error.Code != proto.CodeBadRequest || !strings.Contains(f.Error.Message, "correlation_id") || f.CorrelationID != "" {
			t.Errorf("%q: frame = %+v %+v", cid, f, f.Error)
		}
	}
}
