package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/internal/envvar"
	"golang.org/x/sys/unix"
)

// wait bounds every wait on a signal in these tests: generous, because a
// loaded machine is slow, and never reached when things work.
const wait = 10 * time.Second

func TestMain(m *testing.M) {
	// The peer check test runs this binary as another user to dial.
	if sock := os.Getenv(envvar.TestDial); sock != "" {
		os.Exit(dialAndPrint(sock))
	}
	os.Exit(m.Run())
}

func dialAndPrint(sock string) int {
	c, err := net.Dial("unix", sock)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	os.Stdout.WriteString(line)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return 0
}

// server is one in-process Serve.
type testServer struct {
	dir  string
	done chan struct{} // closed when Serve returns
	err  error         // what it returned
	stop context.CancelFunc
}

func (s *testServer) sock() string { return rundir.SocketPath(s.dir) }

// waitDone returns Serve's error, failing if it does not return in time.
func (s *testServer) waitDone(t *testing.T) error {
	t.Helper()
	select {
	case <-s.done:
		return s.err
	case <-time.After(wait):
		t.Fatal("Serve did not return")
		return nil
	}
}

func tempDir(t *testing.T) string {
	t.Helper()
	// Short, unlike t.TempDir: a socket path must fit in 107 bytes.
	dir, err := os.MkdirTemp("", "rd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// serve starts Serve and returns once it listens.
func serve(t *testing.T, opt Options, h Handler) *testServer {
	t.Helper()
	if opt.Dir == "" {
		opt.Dir = tempDir(t)
	}
	if opt.Version == "" {
		opt.Version = "test-1"
	}
	logf := opt.Logf
	opt.Logf = func(format string, args ...any) {
		t.Logf(format, args...)
		if logf != nil {
			logf(format, args...)
		}
	}
	ready := make(chan struct{})
	opt.ready = func() { close(ready) }
	ctx, cancel := context.WithCancel(context.Background())
	s := &testServer{dir: opt.Dir, done: make(chan struct{}), stop: cancel}
	go func() {
		s.err = Serve(ctx, opt, h)
		close(s.done)
	}()
	select {
	case <-ready:
	case <-s.done:
		t.Fatalf("Serve: %v", s.err)
	case <-time.After(wait):
		t.Fatal("Serve does not listen")
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.done:
		case <-time.After(wait):
			t.Error("Serve did not stop")
		}
	})
	return s
}

type rawConn struct {
	net.Conn
	br *bufio.Reader
}

func dialRaw(t *testing.T, sock string) *rawConn {
	t.Helper()
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &rawConn{Conn: c, br: bufio.NewReader(c)}
}

func (c *rawConn) frame(t *testing.T) proto.Frame {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(wait))
	line, err := proto.ReadFrame(c.br)
	if err != nil {
		t.Fatalf("read frame: %v", err)
	}
	var f proto.Frame
	if err := json.Unmarshal(line, &f); err != nil {
		t.Fatalf("frame %q: %v", line, err)
	}
	return f
}

func (c *rawConn) hello(t *testing.T) proto.Frame {
	t.Helper()
	f := c.frame(t)
	if f.Type != proto.TypeHello || f.Hello == nil {
		t.Fatalf("first frame = %+v, want a hello", f)
	}
	return f
}

func (c *rawConn) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(c, line+"\n"); err != nil {
		t.Fatal(err)
	}
}

func (c *rawConn) request(t *testing.T, method, cid string, params any) {
	t.Helper()
	raw, _ := json.Marshal(params)
	b, err := proto.Encode(&proto.Request{V: proto.Version, Method: method, CorrelationID: cid, Params: raw})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write(b); err != nil {
		t.Fatal(err)
	}
}

// eof checks the server closed the connection after the final frame.
func (c *rawConn) eof(t *testing.T) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(wait))
	if line, err := proto.ReadFrame(c.br); !errors.Is(err, io.EOF) {
		t.Fatalf("after the final frame: %q, %v; want EOF", line, err)
	}
}

func echo(ctx context.Context, req *proto.Request, r Replier) {
	var n int
	json.Unmarshal(req.Params, &struct{ N *int }{&n})
	for i := range n {
		r.Progress(proto.Progress{Stage: "step", Done: i + 1, Total: n})
	}
	r.Result(req.Params)
}

func TestHelloProgressResult(t *testing.T) {
	s := serve(t, Options{Version: "1.2.3"}, echo)
	c := dialRaw(t, s.sock())
	h := c.hello(t)
	if h.V != proto.Version || h.Hello.Version != "1.2.3" || h.Hello.PID != os.Getpid() {
		t.Errorf("hello = %+v %+v", h, *h.Hello)
	}
	c.request(t, "echo", "cid-7", map[string]int{"n": 2})
	for i := 1; i <= 2; i++ {
		f := c.frame(t)
		if f.Type != proto.TypeProgress || f.Progress.Done != i || f.CorrelationID != "cid-7" {
			t.Errorf("frame %d = %+v", i, f)
		}
	}
	f := c.frame(t)
	if f.Type != proto.TypeResult || string(f.Result) != `{"n":2}` || f.CorrelationID != "cid-7" {
		t.Errorf("result = %+v (%s)", f, f.Result)
	}
	c.eof(t)
}

func TestBadRequests(t *testing.T) {
	s := serve(t, Options{}, echo)
	for _, tc := range []struct{ name, line, cid, want string }{
		{"malformed", `{"v":1,"method":`, "", "malformed request"},
		{"not json", `hello?`, "", "malformed request"},
		{"protocol", `{"v":99,"method":"echo","correlation_id":"c1"}`, "c1", "protocol v99"},
		{"no method", `{"v":1,"correlation_id":"c2"}`, "c2", "no method"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dialRaw(t, s.sock())
			c.hello(t)
			c.send(t, tc.line)
			f := c.frame(t)
			if f.Type != proto.TypeError || f.Error.Code != proto.CodeBadRequest || !strings.Contains(f.Error.Message, tc.want) || f.CorrelationID != tc.cid {
				t.Errorf("frame = %+v %+v", f, f.Error)
			}
			c.eof(t)
		})
	}
}

func TestOversizeRequest(t *testing.T) {
	s := serve(t, Options{}, func(ctx context.Context, req *proto.Request, r Replier) {
		t.Error("handler called for an oversize request")
		r.Result(nil)
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	// The server stops reading at the limit, so this write fails once the
	// socket buffer is full and the server has closed.
	go c.Write([]byte(`{"v":1,"method":"echo","params":"` + strings.Repeat("x", proto.MaxFrame) + `"}` + "\n"))
	f := c.frame(t)
	if f.Type != proto.TypeError || f.Error.Code != proto.CodeBadRequest || !strings.Contains(f.Error.Message, "larger than") {
		t.Errorf("frame = %+v %+v", f, f.Error)
	}
}

func TestOversizeResult(t *testing.T) {
	s := serve(t, Options{}, func(ctx context.Context, req *proto.Request, r Replier) {
		if err := r.Result(strings.Repeat("x", proto.MaxFrame)); err == nil {
			t.Error("Result of an oversize answer succeeded")
		}
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	c.request(t, "big", "c", nil)
	f := c.frame(t)
	if f.Type != proto.TypeError || f.Error.Code != proto.CodeInternal || f.CorrelationID != "c" {
		t.Errorf("frame = %+v %+v", f, f.Error)
	}
	c.eof(t)
}

func TestSecondServeAlreadyRunning(t *testing.T) {
	s := serve(t, Options{}, echo)
	err := Serve(context.Background(), Options{Dir: s.dir, Logf: t.Logf}, echo)
	if !errors.Is(err, ErrAlreadyRunning) {
		t.Fatalf("second Serve = %v, want ErrAlreadyRunning", err)
	}
	// The loser must leave the winner's socket alone.
	c := dialRaw(t, s.sock())
	c.hello(t)
}

// lockFree reports whether nobody holds the backend lock.
func lockFree(t *testing.T, dir string) bool {
	t.Helper()
	l := flock.New(rundir.LockPath(dir))
	ok, err := l.TryLock()
	if err != nil {
		t.Fatal(err)
	}
	l.Unlock()
	return ok
}

func TestIdleExit(t *testing.T) {
	idle := 300 * time.Millisecond
	s := serve(t, Options{IdleTimeout: idle}, echo)
	// A finished request restarts the idle period.
	c := dialRaw(t, s.sock())
	c.hello(t)
	// Before the request, so that it surely precedes the server's timer
	// restart.
	sent := time.Now()
	c.request(t, "echo", "", 1)
	c.frame(t)
	if err := s.waitDone(t); err != nil {
		t.Fatalf("Serve = %v", err)
	}
	if d := time.Since(sent); d < idle {
		t.Errorf("exited %v after the last request, before the %v idle timeout", d, idle)
	}
	if _, err := os.Lstat(s.sock()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("socket after idle exit: %v", err)
	}
	if !lockFree(t, s.dir) {
		t.Error("lock still held after idle exit")
	}
}

// Stopped runs before the lock is freed, so what it records is there for
// whoever waits for the lock.
func TestStoppedBeforeLockFreed(t *testing.T) {
	dir := tempDir(t)
	var stoppedErr error
	freeAtStop := true
	s := serve(t, Options{Dir: dir, Stopped: func(err error) {
		stoppedErr = err
		freeAtStop = lockFree(t, dir)
	}}, echo)
	s.stop()
	if err := s.waitDone(t); err != nil {
		t.Fatalf("Serve = %v", err)
	}
	if freeAtStop {
		t.Error("lock already free when Stopped ran")
	}
	if stoppedErr != nil {
		t.Errorf("Stopped(%v), want nil after an orderly stop", stoppedErr)
	}
	if !lockFree(t, dir) {
		t.Error("lock still held after Serve returned")
	}
}

func TestRequestInFlightPreventsIdleExit(t *testing.T) {
	idle := 200 * time.Millisecond
	started, release := make(chan struct{}), make(chan struct{})
	s := serve(t, Options{IdleTimeout: idle}, func(ctx context.Context, req *proto.Request, r Replier) {
		close(started)
		<-release
		r.Result("done")
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	c.request(t, "slow", "", nil)
	<-started
	// The one place a test must let time pass: proving that something
	// does not happen.
	select {
	case <-s.done:
		t.Fatalf("Serve returned with a request in flight: %v", s.err)
	case <-time.After(5 * idle):
	}
	if _, err := os.Lstat(s.sock()); err != nil {
		t.Errorf("socket gone with a request in flight: %v", err)
	}
	close(release)
	if f := c.frame(t); f.Type != proto.TypeResult {
		t.Errorf("frame = %+v", f)
	}
	if err := s.waitDone(t); err != nil {
		t.Fatalf("Serve = %v", err)
	}
}

// TestHoldPreventsIdleExit: background work between hold and release
// (a refresh of the index) keeps the backend up as a request does, and
// the idle period starts over when it ends.
func TestHoldPreventsIdleExit(t *testing.T) {
	idle := 200 * time.Millisecond
	held, release := make(chan func()), make(chan struct{})
	s := serve(t, Options{IdleTimeout: idle, Background: func(ctx context.Context, hold func() (func(), bool)) {
		done, ok := hold()
		if !ok {
			t.Error("hold refused by a server that serves")
			return
		}
		held <- done
		<-release
		done()
		done() // a second call is harmless
	}}, echo)
	<-held
	select {
	case <-s.done:
		t.Fatalf("Serve returned during held work: %v", s.err)
	case <-time.After(5 * idle):
	}
	released := time.Now()
	close(release)
	if err := s.waitDone(t); err != nil {
		t.Fatalf("Serve = %v", err)
	}
	if d := time.Since(released); d < idle {
		t.Errorf("exited %v after the work ended, before the %v idle timeout", d, idle)
	}
}

func TestHangupCancelsHandler(t *testing.T) {
	started, cancelled := make(chan struct{}), make(chan struct{})
	s := serve(t, Options{}, func(ctx context.Context, req *proto.Request, r Replier) {
		close(started)
		select {
		case <-ctx.Done():
			close(cancelled)
		case <-time.After(wait):
		}
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	c.request(t, "slow", "", nil)
	<-started
	c.Close()
	select {
	case <-cancelled:
	case <-time.After(wait):
		t.Fatal("handler context not cancelled after the client hung up")
	}
}

func TestShutdownMethod(t *testing.T) {
	called := false
	s := serve(t, Options{}, func(ctx context.Context, req *proto.Request, r Replier) {
		called = true
		r.Result(nil)
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	c.request(t, proto.MethodShutdown, "bye", nil)
	f := c.frame(t)
	if f.Type != proto.TypeResult || f.CorrelationID != "bye" {
		t.Errorf("frame = %+v", f)
	}
	// Promised to the client: once it has the answer, the socket is gone.
	if _, err := os.Lstat(s.sock()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("socket after the shutdown answer: %v", err)
	}
	if err := s.waitDone(t); err != nil {
		t.Fatalf("Serve = %v", err)
	}
	if called {
		t.Error("shutdown reached the handler")
	}
	if !lockFree(t, s.dir) {
		t.Error("lock still held after shutdown")
	}
}

func TestStopLetsRequestsFinish(t *testing.T) {
	started, release, stopping := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var ctxErr error
	logf := func(format string, args ...any) {
		if strings.HasPrefix(format, "backend stopping") {
			close(stopping)
		}
	}
	s := serve(t, Options{Logf: logf}, func(ctx context.Context, req *proto.Request, r Replier) {
		close(started)
		<-release
		ctxErr = ctx.Err()
		r.Result("finished")
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	c.request(t, "slow", "", nil)
	<-started
	s.stop()
	<-stopping
	// Stopping closes the listener first: new clients find no backend.
	if _, err := os.Lstat(s.sock()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("socket while stopping: %v", err)
	}
	select {
	case <-s.done:
		t.Fatalf("Serve returned with a request in flight: %v", s.err)
	default:
	}
	close(release)
	if f := c.frame(t); f.Type != proto.TypeResult || string(f.Result) != `"finished"` {
		t.Errorf("frame = %+v", f)
	}
	if err := s.waitDone(t); err != nil {
		t.Fatal(err)
	}
	if ctxErr != nil {
		t.Errorf("handler context cancelled within the grace period: %v", ctxErr)
	}
}

func TestGraceExpiryCancelsHandler(t *testing.T) {
	started := make(chan struct{})
	s := serve(t, Options{Grace: 100 * time.Millisecond}, func(ctx context.Context, req *proto.Request, r Replier) {
		close(started)
		<-ctx.Done()
		r.Error(proto.Errorf(proto.CodeInternal, "cancelled"))
	})
	c := dialRaw(t, s.sock())
	c.hello(t)
	c.request(t, "slow", "", nil)
	<-started
	s.stop()
	if err := s.waitDone(t); err != nil {
		t.Fatal(err)
	}
	// The connection was closed under the handler: EOF, or at most the
	// error frame if it won the race.
	c.SetReadDeadline(time.Now().Add(wait))
	if _, err := proto.ReadFrame(c.br); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, syscall.ECONNRESET) {
		t.Errorf("read after forced stop: %v", err)
	}
}

func TestHandlerFailures(t *testing.T) {
	// a mapped file truncated under the backend, as `truncate -s 0` on an
	// index file does: reading it faults
	path := filepath.Join(t.TempDir(), "mapped")
	if err := os.WriteFile(path, make([]byte, 1<<16), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	mapped, err := unix.Mmap(int(f.Fd()), 0, 1<<16, unix.PROT_READ, unix.MAP_SHARED)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(mapped)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	s := serve(t, Options{}, func(ctx context.Context, req *proto.Request, r Replier) {
		switch req.Method {
		case "fault":
			r.Result(mapped[1<<15])
		case "panic":
			panic("boom")
		case "twice":
			r.Result(1)
			if err := r.Result(2); err == nil {
				t.Error("second Result succeeded")
			}
		case "fail":
			r.Error(&proto.Error{Code: proto.CodeNoIndex, Message: "no index yet", Hint: "run ragadmin reindex"})
		}
	})
	for _, tc := range []struct{ method, typ, code, msg string }{
		{"panic", proto.TypeError, proto.CodeInternal, "boom"},
		{"fault", proto.TypeError, proto.CodeInternal, "changed or truncated under it"},
		{"silent", proto.TypeError, proto.CodeInternal, "no answer"},
		{"twice", proto.TypeResult, "", ""},
		{"fail", proto.TypeError, proto.CodeNoIndex, "no index yet"},
	} {
		t.Run(tc.method, func(t *testing.T) {
			c := dialRaw(t, s.sock())
			c.hello(t)
			c.request(t, tc.method, "x", nil)
			f := c.frame(t)
			if f.Type != tc.typ || f.CorrelationID != "x" {
				t.Fatalf("frame = %+v", f)
			}
			if tc.code != "" && (f.Error.Code != tc.code || !strings.Contains(f.Error.Message, tc.msg)) {
				t.Errorf("error = %+v", f.Error)
			}
			c.eof(t)
		})
	}
}

func TestStaleSocketReplaced(t *testing.T) {
	dir := tempDir(t)
	// What a backend killed with SIGKILL leaves: a socket nobody listens on.
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: rundir.SocketPath(dir), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	if _, err := net.Dial("unix", rundir.SocketPath(dir)); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("dial stale socket: %v", err)
	}
	s := serve(t, Options{Dir: dir}, echo)
	dialRaw(t, s.sock()).hello(t)
}

func TestSocketPathTooLong(t *testing.T) {
	dir := filepath.Join(tempDir(t), strings.Repeat("d", 100))
	err := Serve(context.Background(), Options{Dir: dir}, echo)
	if err == nil || !strings.Contains(err.Error(), "107") {
		t.Fatalf("Serve = %v", err)
	}
}

func TestCheckPeer(t *testing.T) {
	if e := checkPeer(1000, 1000); e != nil {
		t.Errorf("same uid refused: %v", e)
	}
	for _, peer := range []uint32{0, 1001, 65534} {
		e := checkPeer(peer, 1000)
		if e == nil || e.Code != proto.CodeForbidden || !strings.Contains(e.Message, "uid 1000") {
			t.Errorf("peer %d: %+v", peer, e)
		}
	}
}

// TestPeerOfOtherUserRefused needs root to run a client as another user.
func TestPeerOfOtherUserRefused(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to connect as another uid; TestCheckPeer covers the decision")
	}
	const nobody = 65534
	base := tempDir(t)
	s := serve(t, Options{Dir: filepath.Join(base, "run")}, echo)
	// Let the other user reach the socket, as a mistaken setup might.
	for _, p := range []string{base, s.dir} {
		if err := os.Chmod(p, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(s.sock(), 0o666); err != nil {
		t.Fatal(err)
	}
	// The test binary sits in a private build folder: copy it where the
	// other user can run it.
	bin := filepath.Join(base, "dialer")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), envvar.TestDial+"="+s.sock())
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("dialer as uid %d: %v: %s", nobody, err, out)
	}
	var f proto.Frame
	if err := json.Unmarshal(out, &f); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if f.Type != proto.TypeError || f.Error.Code != proto.CodeForbidden || f.Hello != nil {
		t.Fatalf("frame to uid %d = %+v %+v", nobody, f, f.Error)
	}
	t.Logf("refusal: %s", f.Error.Message)
}

// Connections that send nothing hold at most MaxConns places: the next
// one is told the backend is busy, and a place freed is served again.
func TestMaxConns(t *testing.T) {
	s := serve(t, Options{MaxConns: 2}, echo)
	silent := []*rawConn{dialRaw(t, s.sock()), dialRaw(t, s.sock())}
	for _, c := range silent {
		c.hello(t)
	}
	f := dialRaw(t, s.sock()).frame(t)
	if f.Type != proto.TypeError || f.Error.Code != proto.CodeBusy || !strings.Contains(f.Error.Message, "2 connections") {
		t.Fatalf("a third connection: %+v %+v", f, f.Error)
	}
	silent[0].Close()
	deadline := time.Now().Add(wait)
	for {
		c := dialRaw(t, s.sock())
		if f := c.frame(t); f.Type == proto.TypeHello {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a place freed is not served again")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
