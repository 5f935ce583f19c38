// Package logging writes the trace lines every stage of ragman leaves
// behind: "Class.method :: step", the correlation id that ties one request
// together across the CLI and the backend, and key=value details.
//
//	2026-11-22T10:00:00.123Z pid=42 cid=0f1c... QueryCommand.run :: start question="how do I ..."
package logging

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Logger appends lines to a writer. The zero value and nil discard.
type Logger struct {
	mu  sync.Mutex
	w   io.Writer
	pid string
}

// New logs to w.
func New(w io.Writer) *Logger {
	return &Logger{w: w, pid: strconv.Itoa(os.Getpid())}
}

// Open appends to the log file at path. A log file that cannot be
// opened is not fatal: logs are for troubleshooting, and a read-only data
// folder must not stop an answer.
func Open(path string) *Logger {
	var ws []io.Writer
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
		if f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			ws = append(ws, f)
		}
	}
	return New(io.MultiWriter(ws...))
}

// Echo writes every later line to w as well (the CLIs' -v, which is
// known only once the command line is parsed).
func (l *Logger) Echo(w io.Writer) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		l.w = w
		return
	}
	l.w = io.MultiWriter(l.w, w)
}

// Log writes one line: where is "Class.method", step what happened, kv
// alternating keys and values.
func (l *Logger) Log(cid, where, step string, kv ...any) {
	if l == nil || l.w == nil {
		return
	}
	var b strings.Builder
	b.WriteString(time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
	b.WriteString(" pid=")
	b.WriteString(l.pid)
	if cid != "" {
		b.WriteString(" cid=")
		b.WriteString(cid)
	}
	b.WriteByte(' ')
	b.WriteString(where)
	b.WriteString(" :: ")
	b.WriteString(step)
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(&b, " %v=%s", kv[i], value(kv[i+1]))
	}
	b.WriteByte('\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	io.WriteString(l.w, b.String())
}

// value quotes what would break the line's key=value shape.
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
	if s == "" || strings.ContainsAny(s, " \t\n\"=") {
		return strconv.Quote(s)
	}
	return s
}
