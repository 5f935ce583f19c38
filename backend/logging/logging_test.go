package logging

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf)
	l.Log("cid-1", "QueryCommand.run", "start", "question", "how do I x?", "n", 3, "err", errors.New("boom"))
	re := regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z pid=\d+ cid=cid-1 QueryCommand\.run :: start question="how do I x\?" n=3 err=boom\n$`)
	if !re.Match(buf.Bytes()) {
		t.Errorf("line = %q", buf.String())
	}
}

func TestNilDiscards(t *testing.T) {
	var l *Logger
	l.Log("", "X.y", "z") // must not panic
}

// TestEscaped: a correlation id, a name or a value holding a newline, an
// escape sequence, a C1 control, DEL, a bidi override or invalid UTF-8
// writes one line of printable text, none of those bytes raw.
func TestEscaped(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf)
	bad := "a\nb\x1b]0;X\a\u009b31m\x7f\u202eZ\xff"
	l.Log("cid\n2026-01-01T00:00:00.000Z pid=1 forged :: line", "X.y\x1b[2J", "step\r\n"+bad, "key\n"+bad, bad, "ok", "plain", "path", `C:\dir`)
	line := buf.String()
	if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
		t.Fatalf("not one line: %q", line)
	}
	body := strings.TrimSuffix(line, "\n")
	if !utf8.ValidString(body) {
		t.Errorf("invalid UTF-8 reached the log: %q", body)
	}
	for _, r := range body {
		if !strconv.IsPrint(r) {
			t.Errorf("%U reached the log raw: %q", r, body)
		}
	}
	for _, want := range []string{`cid="cid\n2026`, `ok=plain`, `path="C:\\dir"`, `\x1b]0;X\a`} {
		if !strings.Contains(body, want) {
			t.Errorf("line lacks %s: %s", want, body)
		}
	}
}

// TestOpenRefuses: what is planted where the log goes is not written
// through: a symbolic link (to a file or dangling), a hard link, a FIFO
// (without blocking). A new log is 0600; an old 0644 one is made 0600.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "passwd")
	os.WriteFile(target, []byte("root:x:0:0\n"), 0o644)
	for name, plant := range map[string]func(string) error{
		"symlink":  func(p string) error { return os.Symlink(target, p) },
		"dangling": func(p string) error { return os.Symlink(filepath.Join(dir, "made"), p) },
		"hardlink": func(p string) error { return os.Link(target, p) },
		"fifo":     func(p string) error { return syscall.Mkfifo(p, 0o600) },
	} {
		p := filepath.Join(dir, name+".log")
		if err := plant(p); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			Open(p).Log("cid", "X.y", "planted", "k", "v")
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: opening the log blocks", name)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "root:x:0:0\n" {
		t.Errorf("written through a link: %q", b)
	}
	if _, err := os.Lstat(filepath.Join(dir, "made")); err == nil {
		t.Error("a dangling link's target was created")
	}
	fresh := filepath.Join(dir, "ragcli.log")
	Open(fresh).Log("", "X.y", "z")
	old := filepath.Join(dir, "old.log")
	os.WriteFile(old, nil, 0o644)
	Open(old).Log("", "X.y", "z")
	for _, p := range []string{fresh, old} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() == 0 {
			t.Errorf("%s: %v %v, want a written 0600 file", p, fi.Mode(), err)
		}
	}
	if os.Geteuid() == 0 { // root writes it anyway: only the others' bits go
		readOnly := filepath.Join(dir, "read-only.log")
		os.WriteFile(readOnly, nil, 0o444)
		Open(readOnly).Log("", "X.y", "z")
		if fi, _ := os.Stat(readOnly); fi.Mode().Perm() != 0o400 {
			t.Errorf("a read-only log: %v, want 0400", fi.Mode().Perm())
		}
	}
}

// TestRotateOnce: two processes hold the full log; the first to log
// rotates it, the second finds its file renamed and only reopens, so
// the fresh log never replaces the full one at FILE.1.
func TestRotateOnce(t *testing.T) {
	defer func(m int64) { maxBytes = m }(maxBytes)
	maxBytes = 1000
	p := filepath.Join(t.TempDir(), "ragcli.log")
	a, b := Open(p), Open(p)
	for i := 0; fileSize(p) < maxBytes; i++ {
		a.Log("", "X.y", "fill", "i", i)
	}
	a.Log("", "X.y", "from a")
	b.Log("", "X.y", "from b")
	old, _ := os.ReadFile(p + ".1")
	cur, _ := os.ReadFile(p)
	if !strings.Contains(string(old), "fill i=0\n") {
		t.Errorf("FILE.1 lost the full log: %q", old)
	}
	if !strings.Contains(string(cur), "from a") || !strings.Contains(string(cur), "from b") {
		t.Errorf("the fresh log lacks a line: %q", cur)
	}
}

// TestRotateConcurrent: eight appenders (as processes would, each with
// its own descriptor) write past the limit once: one rotation, no line
// lost, torn or written twice, the log under the limit.
func TestRotateConcurrent(t *testing.T) {
	defer func(m int64) { maxBytes = m }(maxBytes)
	maxBytes = 100 << 10
	p := filepath.Join(t.TempDir(), "ragcli.log")
	const writers, lines = 8, 200 // about 155 KiB
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := Open(p)
			for i := range lines {
				l.Log("cid", "Test.write", "line", "w", w, "i", i, "pad", strings.Repeat("x", 20))
			}
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	re := regexp.MustCompile(`^\S+ pid=\d+ cid=cid Test\.write :: line w=(\d) i=(\d+) pad=x{20}$`)
	for _, f := range []string{p + ".1", p} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			m := re.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("%s: torn line %q", f, line)
			}
			if seen[m[1]+"/"+m[2]] {
				t.Errorf("line %s/%s twice", m[1], m[2])
			}
			seen[m[1]+"/"+m[2]] = true
		}
	}
	if len(seen) != writers*lines {
		t.Errorf("%d lines in the log and FILE.1, want %d", len(seen), writers*lines)
	}
	if n := fileSize(p); n >= maxBytes {
		t.Errorf("the log is %d bytes, past the %d limit", n, maxBytes)
	}
}

func fileSize(p string) int64 {
	fi, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// TestReopens: a log refused at the start (a link planted there, removed
// since) is opened again by a later line: a backend lives long.
func TestReopens(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ragcli.log")
	os.Symlink(filepath.Join(dir, "elsewhere"), p)
	l := Open(p)
	l.Log("", "X.y", "refused")
	os.Remove(p)
	l.Log("", "X.y", "reopened")
	if b, err := os.ReadFile(p); err != nil || !strings.Contains(string(b), "reopened") || strings.Contains(string(b), "refused") {
		t.Errorf("log = %q, %v", b, err)
	}
}
