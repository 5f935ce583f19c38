package zim

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// An archive path that is a FIFO is refused at once instead of hanging
// the reindex on its open.
func TestOpenFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "wiki.zim")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := Open(fifo); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, safefile.ErrNotRegular) {
			t.Errorf("Open(FIFO) = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Open blocks on a FIFO")
	}
}
