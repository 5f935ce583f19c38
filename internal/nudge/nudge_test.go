package nudge

import (
	"syscall"
	"testing"
	"time"
)

// A nudge after Catch arrives on C and does not end the process.
func TestCatch(t *testing.T) {
	Catch()
	Catch() // twice is once
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-C:
		if s != syscall.SIGUSR1 {
			t.Errorf("got %v, want SIGUSR1", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no nudge on C")
	}
}
