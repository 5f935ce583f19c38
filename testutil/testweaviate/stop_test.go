package testweaviate

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

// fatalTB records a fatal failure and unwinds, as t.Fatalf does, without
// failing the test that uses it.
type fatalTB struct {
	testing.TB
	msg string
}

type fatal struct{}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(fatal{})
}

// A server that exits while it starts fails run, and stopping it after
// returns at once: waitReady took the exit, and stop waited for it again
// for good, which hung a CI run in TestWeaviateEngine's cleanup.
func TestStopAfterFailedStart(t *testing.T) {
	s := &Server{bin: "/bin/false", Dir: t.TempDir(), port: 1}
	tb := &fatalTB{TB: t}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(fatal); !ok {
					panic(r)
				}
			}
		}()
		s.run(tb)
	}()
	if tb.msg == "" {
		t.Fatal("run of a server that exits did not fail")
	}
	done := make(chan struct{})
	go func() {
		s.stop(syscall.SIGTERM)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("stop still waiting for a server that exited while it started")
	}
}

// The ports a server gets are distinct and below the ephemeral range,
// where no outgoing connection takes one while the server restarts.
func TestFreePortsBelowEphemeral(t *testing.T) {
	ports := freePorts(t, 6)
	seen := map[int]bool{}
	for _, p := range ports {
		if p < lowPort || p >= highPort || seen[p] {
			t.Fatalf("ports %v: %d is outside [%d, %d) or twice", ports, p, lowPort, highPort)
		}
		seen[p] = true
	}
}
