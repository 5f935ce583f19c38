package index

import (
	"io"
	"os"
	"strconv"
	"syscall"

	"github.com/ragman-dev/ragman/internal/envvar"
)

// fileWriter is where the builder writes an index file: f itself, unless
// the test hook envvar.TestFailWriteAfter injects a full disk (ENOSPC,
// "no space left on device") after that many bytes.
func fileWriter(f *os.File) io.Writer {
	n, err := strconv.ParseInt(os.Getenv(envvar.TestFailWriteAfter), 10, 64)
	if err != nil || n < 0 {
		return f
	}
	return &fullDisk{f: f, left: n}
}

type fullDisk struct {
	f    *os.File
	left int64
}

func (w *fullDisk) Write(p []byte) (int, error) {
	if int64(len(p)) <= w.left {
		w.left -= int64(len(p))
		return w.f.Write(p)
	}
	n, _ := w.f.Write(p[:w.left])
	w.left = 0
	return n, &os.PathError{Op: "write", Path: w.f.Name(), Err: syscall.ENOSPC}
}
