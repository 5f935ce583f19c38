// Package logging writes the trace lines every stage of ragman leaves
// behind: "Type.method :: step" or "package.Function :: step", named
// after the code that logs it so that a search of the source finds it,
// the correlation id that ties one request together across the CLI and
// the backend, and key=value details.
//
//	2026-11-22T10:00:00.123Z pid=42 cid=0f1c... Service.Handle :: start method=query
package logging

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/internal/safefile"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// MaxBytes is the size at which the log file is rotated: past it the file
// becomes FILE.1, replacing the one before (some thousands of questions).
const MaxBytes = 2 << 20

// maxBytes is MaxBytes, lowered by tests.
var maxBytes int64 = MaxBytes

// Logger appends lines to a log file and to an echo writer. The zero
// value and nil discard.
type Logger struct {
	mu   sync.Mutex
	path string
	file *os.File // nil when the file could not be opened
	echo io.Writer
	pid  string
}

// New logs to w.
func New(w io.Writer) *Logger {
	return &Logger{echo: w, pid: strconv.Itoa(os.Getpid())}
}

// Open appends to the log file at path, rotating it at MaxBytes. A log
// file that cannot be opened is not fatal: logs are for troubleshooting,
// and a read-only data folder, or a link planted where the log should be
// (which safefile.OpenPrivate refuses), must not stop an answer.
func Open(path string) *Logger {
	l := &Logger{path: path, pid: strconv.Itoa(os.Getpid())}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
		l.file, _ = safefile.OpenPrivate(path, os.O_WRONLY|os.O_APPEND)
	}
	return l
}

// Echo writes every later line to w as well (the CLIs' -v, which is
// known only once the command line is parsed).
func (l *Logger) Echo(w io.Writer) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.echo == nil {
		l.echo = w
		return
	}
	l.echo = io.MultiWriter(l.echo, w)
}

// Log writes one line: where is the code that logs it ("Type.method" or
// "package.Function"), step what happened, kv alternating keys and
// values. Every part is escaped (termesc.Escape, value): a correlation
// id from a request or a file name from a source cannot split the line,
// forge another or reach a terminal that tails the log.
func (l *Logger) Log(cid, where, step string, kv ...any) {
	if l == nil {
		return
	}
	var b strings.Builder
	b.WriteString(time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
	b.WriteString(" pid=")
	b.WriteString(l.pid)
	if cid != "" {
		b.WriteString(" cid=")
		b.WriteString(value(cid))
	}
	b.WriteByte(' ')
	b.WriteString(termesc.Escape(where))
	b.WriteString(" :: ")
	b.WriteString(termesc.Escape(step))
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteByte(' ')
		b.WriteString(termesc.Escape(fmt.Sprint(kv[i])))
		b.WriteByte('=')
		b.WriteString(value(kv[i+1]))
	}
	b.WriteByte('\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.file == nil && l.path != "" {
		// Refused or failed at the start (a link planted, since removed;
		// a data folder made later): a long-lived backend must not log
		// nowhere for the rest of its life. A failed open costs little.
		l.file, _ = safefile.OpenPrivate(l.path, os.O_WRONLY|os.O_APPEND)
	}
	if l.file != nil {
		l.rotate()
	}
	if l.file != nil {
		io.WriteString(l.file, b.String())
	}
	if l.echo != nil {
		io.WriteString(l.echo, b.String())
	}
}

// rotate moves the log aside when the file this Logger holds is full.
// Every CLI process and the backend append to the log, each through its
// own descriptor, so the rule is: whoever finds the file it holds at
// maxBytes locks that file (flock, which the others' descriptors share),
// renames the log to FILE.1 only if the log is still that file, and
// reopens the log. A process that finds its file renamed already, by
// another, only reopens it. So each full file is renamed once, never a
// fresh log over FILE.1; lines written meanwhile through an old
// descriptor land in FILE.1, whole (one write each, O_APPEND). One fstat
// a line.
func (l *Logger) rotate() {
	fi, err := l.file.Stat()
	if err != nil || fi.Size() < maxBytes {
		return
	}
	// The lock goes with the old descriptor when it is closed.
	syscall.Flock(int(l.file.Fd()), syscall.LOCK_EX)
	if cur, err := os.Lstat(l.path); err == nil && os.SameFile(fi, cur) {
		os.Rename(l.path, l.path+".1")
	}
	old := l.file
	l.file, _ = safefile.OpenPrivate(l.path, os.O_WRONLY|os.O_APPEND)
	old.Close()
}

// value quotes what would break the line's key=value shape or is not
// printable text: then Go's quoting escapes every control character,
// format character and byte of invalid UTF-8.
func value(v any) string {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case error:
		s = x.Error()
	case time.Duration:
		s = x.Round(time.Microsecond).String()
	default:
		s = fmt.Sprint(x)
	}
	if s == "" || strings.ContainsAny(s, " \"=\\") || !printable(s) {
		return strconv.Quote(s)
	}
	return s
}

// printable says whether s is valid UTF-8 that Go prints as it is.
func printable(s string) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !strconv.IsPrint(r) {
			return false
		}
		i += n
	}
	return true
}
