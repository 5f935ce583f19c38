package server

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/client"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/backend/proto"
)

// TestServe: the assembled backend answers on the socket, a second one
// gets ErrAlreadyRunning (and logs no stop), and the first stops when its
// context ends.
func TestServe(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	var buf bytes.Buffer
	opt := Options{
		Config:  config.Default(),
		Paths:   config.PathsFor(t.TempDir(), t.TempDir()),
		Log:     logging.New(&buf),
		Version: "test",
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, opt) }()

	copt := client.Options{Version: "test", NoAutostart: true}
	deadline := time.Now().Add(10 * time.Second)
	for {
		// The service answers status without an index: an error frame
		// from the backend, not a transport failure.
		_, err := client.Call(context.Background(), copt, proto.MethodStatus, "cid", nil, nil)
		var pe *proto.Error
		if err == nil || errors.As(err, &pe) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the backend never answered: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}

	if err := Serve(context.Background(), opt); !errors.Is(err, ErrAlreadyRunning) {
		t.Errorf("second Serve = %v, want ErrAlreadyRunning", err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after its context ended = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	log := buf.String()
	if n := strings.Count(log, "server.Serve :: start version=test idle_timeout=10m0s"); n != 2 {
		t.Errorf("%d start lines, want 2 (one per Serve):\n%s", n, log)
	}
	if n := strings.Count(log, "server.Serve :: stop"); n != 1 {
		t.Errorf("%d stop lines, want 1 (the one that ran):\n%s", n, log)
	}
}
