package index

import (
	"io"
	"os"
	"strconv"
	"syscall"
)

// EnvFailWriteAfter is a test-only fault injection, not a user setting:
// RAGMAN_TEST_FAIL_WRITE_AFTER=N makes every index file a build writes fail
// with ENOSPC ("no space left on device") once N bytes went into it, as a
// full disk would. The scenarios use it to check that a build that runs
// out of space aborts cleanly and leaves the active version serving.
const EnvFailWriteAfter = "RAGMAN_TEST_FAIL_WRITE_AFTER"

// fileWriter is where the builder writes an index file: f itself, unless
// the fault injection above is set.
func fileWriter(f *os.File) io.Writer {
	n, err := strconv.ParseInt(os.Getenv(EnvFailWriteAfter), 10, 64)
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
