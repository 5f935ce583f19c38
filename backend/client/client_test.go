package client_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/ragman-dev/ragman/backend/client"
	"github.com/ragman-dev/ragman/backend/daemon"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/internal/envvar"
)

// wait bounds every wait on a signal in these tests: generous, because a
// loaded machine is slow, and never reached when things work.
const wait = 10 * time.Second

// This test binary doubles as the backend: Spawn re-executes it with
// envvar.TestBackend set.
func TestMain(m *testing.M) {
	if mode := os.Getenv(envvar.TestBackend); mode != "" {
		os.Exit(runBackend(mode))
	}
	os.Exit(m.Run())
}

func runBackend(mode string) int {
	dir := os.Getenv(envvar.TestDir)
	log.SetPrefix(fmt.Sprintf("backend %d: ", os.Getpid()))
	// Every start counts, including one that loses the lock: the tests
	// prove that clients start exactly one.
	f, err := os.OpenFile(filepath.Join(dir, "starts"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		log.Print(err)
		return 1
	}
	fmt.Fprintln(f, os.Getpid())
	f.Close()
	if mode == "crash" {
		log.Print("crashing on purpose")
		return 3
	}
	idle, err := time.ParseDuration(os.Getenv(envvar.TestIdle))
	if err != nil {
		idle = wait
	}
	version := os.Getenv(envvar.TestVersion)
	err = daemon.Serve(context.Background(), daemon.Options{Dir: dir, Version: version, IdleTimeout: idle, Logf: log.Printf},
		func(ctx context.Context, req *proto.Request, r daemon.Replier) { handle(ctx, version, req, r) })
	switch {
	case errors.Is(err, daemon.ErrAlreadyRunning):
		return 0
	case err != nil:
		log.Print(err)
		return 1
	}
	return 0
}

type whoami struct {
	PID     int    `json:"pid"`
	Version string `json:"version"`
}

func handle(ctx context.Context, version string, req *proto.Request, r daemon.Replier) {
	me := whoami{os.Getpid(), version}
	switch req.Method {
	case "whoami":
		r.Result(me)
	case "echo":
		r.Result(req.Params)
	case proto.MethodQuery, "die":
		// the first backend asked dies with the request, as kill -9 does
		var marker string
		json.Unmarshal(req.Params, &marker)
		if _, err := os.Stat(marker); err != nil {
			os.WriteFile(marker, []byte(strconv.Itoa(os.Getpid())), 0o644)
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
		r.Result(me)
	case "progress":
		var n int
		json.Unmarshal(req.Params, &n)
		for i := range n {
			r.Progress(proto.Progress{Stage: "indexing", Done: i + 1, Total: n})
		}
		r.Result(n)
	case "sleep":
		var ms int
		json.Unmarshal(req.Params, &ms)
		r.Progress(proto.Progress{Stage: "sleeping"})
		select {
		case <-time.After(time.Duration(ms) * time.Millisecond):
			r.Result(me)
		case <-ctx.Done():
			r.Error(proto.Errorf(proto.CodeInternal, "cancelled"))
		}
	default:
		r.Error(&proto.Error{Code: proto.CodeNotFound, Message: "no method " + req.Method, Hint: "try another"})
	}
}

// newDir is a runtime folder whose backend is stopped at the end.
func newDir(t testing.TB) string {
	t.Helper()
	// Short, unlike t.TempDir: a socket path must fit in 107 bytes.
	dir, err := os.MkdirTemp("", "rc")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			if b, err := os.ReadFile(filepath.Join(dir, "backend.log")); err == nil {
				t.Logf("backend log:\n%s", b)
			}
		}
		client.Call(context.Background(), client.Options{Dir: dir, NoAutostart: true}, proto.MethodShutdown, "", nil, nil)
		waitLockFree(t, dir)
		os.RemoveAll(dir)
	})
	return dir
}

func options(dir, version string, idle time.Duration) client.Options {
	return client.Options{
		Dir:     dir,
		Version: version,
		LogFile: filepath.Join(dir, "backend.log"),
		Spawn: func() *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(),
				envvar.TestBackend+"=serve",
				envvar.TestDir+"="+dir,
				envvar.TestVersion+"="+version,
				envvar.TestIdle+"="+idle.String())
			return cmd
		},
	}
}

func call(t testing.TB, opt client.Options, method string, params any) json.RawMessage {
	t.Helper()
	raw, err := client.Call(context.Background(), opt, method, "cid-"+method, params, nil)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return raw
}

func who(t testing.TB, opt client.Options) whoami {
	t.Helper()
	var w whoami
	if err := json.Unmarshal(call(t, opt, "whoami", nil), &w); err != nil {
		t.Fatal(err)
	}
	return w
}

// starts lists the pids of the backends started in dir.
func starts(t testing.TB, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "starts"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(b))
}

// waitLockFree blocks until no backend holds the lock: the kernel's word
// that the backend is done, with no polling.
func waitLockFree(t testing.TB, dir string) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		f, err := os.OpenFile(rundir.LockPath(dir), os.O_RDONLY|os.O_CREATE, 0o600)
		if err != nil {
			done <- err
			return
		}
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		f.Close() // before reporting: the caller may start a backend next
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(wait):
		t.Fatal("the backend still holds its lock")
	}
}

func socketGone(t testing.TB, dir string) {
	t.Helper()
	if _, err := os.Lstat(rundir.SocketPath(dir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("socket: %v, want it removed", err)
	}
}

func TestFirstCallStartsSecondReuses(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	first := who(t, opt)
	second := who(t, opt)
	if first.PID != second.PID || first.PID == os.Getpid() {
		t.Errorf("pids %d then %d, want one backend (test pid %d)", first.PID, second.PID, os.Getpid())
	}
	if s := starts(t, dir); len(s) != 1 || s[0] != strconv.Itoa(first.PID) {
		t.Errorf("started %v, want [%d]", s, first.PID)
	}
}

func TestConcurrentFirstCallsStartOneBackend(t *testing.T) {
	const n = 8
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	var wg sync.WaitGroup
	pids := make([]int, n)
	errs := make([]error, n)
	gate := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-gate
			raw, err := client.Call(context.Background(), opt, "whoami", "", nil, nil)
			errs[i] = err
			var w whoami
			json.Unmarshal(raw, &w)
			pids[i] = w.PID
		})
	}
	close(gate)
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("call %d: %v", i, errs[i])
		}
		if pids[i] != pids[0] {
			t.Errorf("call %d reached pid %d, call 0 pid %d", i, pids[i], pids[0])
		}
	}
	if s := starts(t, dir); len(s) != 1 {
		t.Errorf("%d concurrent first calls started %d backends %v, want 1", n, len(s), s)
	}
}

func TestIdleExitThenRestart(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", 300*time.Millisecond)
	first := who(t, opt)
	waitLockFree(t, dir)
	// The backend removes its socket before it releases the lock.
	socketGone(t, dir)
	second := who(t, opt)
	if second.PID == first.PID {
		t.Errorf("pid %d answered after its idle exit", first.PID)
	}
}

func TestStaleSocketAfterKill(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	first := who(t, opt)
	if err := syscall.Kill(first.PID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitLockFree(t, dir)
	if _, err := os.Lstat(rundir.SocketPath(dir)); err != nil {
		t.Fatalf("want the killed backend's socket left behind: %v", err)
	}
	second := who(t, opt)
	if second.PID == first.PID {
		t.Errorf("killed pid %d answered", first.PID)
	}
}

func TestSIGTERMRemovesSocket(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	w := who(t, opt)
	if err := syscall.Kill(w.PID, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitLockFree(t, dir)
	socketGone(t, dir)
}

func TestNoAutostart(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  string // the variable set to 1, if any
		opt  bool
	}{{"env", client.EnvNoAutostart, false}, {"old env", "RAGCLI_NO_AUTOSTART", false}, {"option", "", true}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(client.EnvNoAutostart, "")
			t.Setenv("RAGCLI_NO_AUTOSTART", "")
			if tc.env != "" {
				t.Setenv(tc.env, "1")
			}
			dir := newDir(t)
			opt := options(dir, "1.0", wait)
			opt.NoAutostart = tc.opt
			began := time.Now()
			_, err := client.Call(context.Background(), opt, "whoami", "", nil, nil)
			if !errors.Is(err, client.ErrUnreachable) {
				t.Fatalf("Call = %v, want ErrUnreachable", err)
			}
			if d := time.Since(began); d > time.Second {
				t.Errorf("took %v to fail", d)
			}
			if tc.env != "" && !strings.Contains(err.Error(), tc.env+" forbids") {
				t.Errorf("error does not name %s: %v", tc.env, err)
			}
			if s := starts(t, dir); len(s) != 0 {
				t.Errorf("started %v", s)
			}
		})
	}
}

func TestVersionMismatchReplacesBackend(t *testing.T) {
	dir := newDir(t)
	old := who(t, options(dir, "1.0", wait))
	// An upgraded binary: its own version, and it spawns itself.
	upgraded := who(t, options(dir, "2.0", wait))
	if upgraded.Version != "2.0" || upgraded.PID == old.PID {
		t.Errorf("after the upgrade: %+v, before: %+v", upgraded, old)
	}
	if s := starts(t, dir); len(s) != 2 {
		t.Errorf("started %v, want 2", s)
	}
	// The old binary does not fight back without autostart rights...
	noSpawn := options(dir, "1.0", wait)
	noSpawn.Spawn = nil
	if w := who(t, noSpawn); w.PID != upgraded.PID {
		t.Errorf("a client that cannot spawn replaced the backend: %+v", w)
	}
	// ...and a client without a version accepts any backend.
	if w := who(t, client.Options{Dir: dir}); w.PID != upgraded.PID {
		t.Errorf("a client without a version replaced the backend: %+v", w)
	}
}

func TestConcurrentUpgradeStartsOneBackend(t *testing.T) {
	const n = 8
	dir := newDir(t)
	old := who(t, options(dir, "1.0", wait))
	opt := options(dir, "2.0", wait)
	var wg sync.WaitGroup
	got := make([]whoami, n)
	errs := make([]error, n)
	gate := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-gate
			raw, err := client.Call(context.Background(), opt, "whoami", "", nil, nil)
			errs[i] = err
			json.Unmarshal(raw, &got[i])
		})
	}
	close(gate)
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("call %d: %v", i, errs[i])
		}
		if got[i].Version != "2.0" || got[i].PID != got[0].PID || got[i].PID == old.PID {
			t.Errorf("call %d reached %+v, call 0 %+v, old backend %+v", i, got[i], got[0], old)
		}
	}
	if s := starts(t, dir); len(s) != 2 {
		t.Errorf("started %v, want the old backend and one new one", s)
	}
}

func TestBackendCrashAtStart(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	spawn := opt.Spawn
	opt.Spawn = func() *exec.Cmd {
		cmd := spawn()
		cmd.Env = append(cmd.Env, envvar.TestBackend+"=crash")
		return cmd
	}
	began := time.Now()
	_, err := client.Call(context.Background(), opt, "whoami", "", nil, nil)
	if !errors.Is(err, client.ErrUnreachable) || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "backend.log") {
		t.Fatalf("Call = %v", err)
	}
	// Failing fast, not at the start timeout.
	if d := time.Since(began); d > client.DefaultStartTimeout/2 {
		t.Errorf("took %v to report the crash", d)
	}
}

func TestProgressAndErrorFrames(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	var got []int
	raw, err := client.Call(context.Background(), opt, "progress", "c1", 3, func(p proto.Progress) {
		got = append(got, p.Done)
	})
	if err != nil || string(raw) != "3" || fmt.Sprint(got) != "[1 2 3]" {
		t.Errorf("progress: %s %v, frames %v", raw, err, got)
	}
	raw, err = client.Call(context.Background(), opt, "echo", "c2", map[string]string{"q": "how do I\nlist files"}, nil)
	if err != nil || string(raw) != `{"q":"how do I\nlist files"}` {
		t.Errorf("echo: %s %v", raw, err)
	}
	_, err = client.Call(context.Background(), opt, "nope", "c3", nil, nil)
	var perr *proto.Error
	if !errors.As(err, &perr) || perr.Code != proto.CodeNotFound || perr.Hint != "try another" || errors.Is(err, client.ErrUnreachable) {
		t.Errorf("error frame: %#v", err)
	}
}

func TestCancelDuringCall(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	who(t, opt)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	began := time.Now()
	// Cancel once the backend is surely working on it.
	_, err := client.Call(ctx, opt, "sleep", "", int(wait/time.Millisecond), func(proto.Progress) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Call = %v, want context.Canceled", err)
	}
	if d := time.Since(began); d > wait/2 {
		t.Errorf("took %v to return after cancel", d)
	}
}

// fakeBackend listens in dir and runs script on the first connection: a
// backend that misbehaves in ways the real one does not.
func fakeBackend(t *testing.T, dir string, script func(c net.Conn, br *bufio.Reader)) {
	t.Helper()
	ln, err := net.Listen("unix", rundir.SocketPath(dir))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		script(c, bufio.NewReader(c))
	}()
	t.Cleanup(func() { ln.Close(); <-done })
}

func noSpawn(t *testing.T, dir string) client.Options {
	return client.Options{Dir: dir, Version: "1.0", Spawn: func() *exec.Cmd {
		t.Error("client tried to start a backend")
		return nil
	}}
}

func TestProtocolMismatchRefused(t *testing.T) {
	dir := newDir(t)
	fakeBackend(t, dir, func(c net.Conn, br *bufio.Reader) {
		io.WriteString(c, `{"type":"hello","v":99,"hello":{"version":"9.0","pid":4242}}`+"\n")
	})
	_, err := client.Call(context.Background(), noSpawn(t, dir), "whoami", "", nil, nil)
	if !errors.Is(err, client.ErrUnreachable) || !strings.Contains(err.Error(), "protocol v99") || !strings.Contains(err.Error(), "4242") {
		t.Fatalf("Call = %v", err)
	}
}

func TestBrokenAnswers(t *testing.T) {
	const hello = `{"type":"hello","v":1,"hello":{"version":"1.0","pid":1}}` + "\n"
	for _, tc := range []struct {
		name, answer, want string
	}{
		{"truncated", `{"type":"progress","progress":{"stage":"x"}}` + "\n" + `{"type":"res`, "without answering"},
		{"closed", "", "without answering"},
		{"garbled", "not json\n", "malformed frame"},
		{"oversize", strings.Repeat("x", proto.MaxFrame+10), "larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newDir(t)
			fakeBackend(t, dir, func(c net.Conn, br *bufio.Reader) {
				io.WriteString(c, hello)
				if _, err := proto.ReadFrame(br); err != nil {
					t.Errorf("fake backend read request: %v", err)
				}
				io.WriteString(c, tc.answer)
			})
			_, err := client.Call(context.Background(), noSpawn(t, dir), "whoami", "", nil, nil)
			if !errors.Is(err, client.ErrUnreachable) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Call = %v, want ErrUnreachable about %q", err, tc.want)
			}
		})
	}
}

func TestRefusalBeforeHello(t *testing.T) {
	dir := newDir(t)
	fakeBackend(t, dir, func(c net.Conn, br *bufio.Reader) {
		io.WriteString(c, `{"type":"error","error":{"code":"forbidden","message":"not yours"}}`+"\n")
	})
	_, err := client.Call(context.Background(), noSpawn(t, dir), "whoami", "", nil, nil)
	var perr *proto.Error
	if !errors.As(err, &perr) || perr.Code != proto.CodeForbidden {
		t.Fatalf("Call = %v, want the forbidden error", err)
	}
}

func TestRuntimeDirRefused(t *testing.T) {
	dir := newDir(t)
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := client.Call(context.Background(), noSpawn(t, dir), "whoami", "", nil, nil)
	if !errors.Is(err, client.ErrUnreachable) || !strings.Contains(err.Error(), "open to other users") {
		t.Fatalf("Call = %v", err)
	}
	os.Chmod(dir, 0o700)
}

// BenchmarkCallWarm is the cost the transport adds to a request once the
// backend runs: dial, hello, request, answer.
func BenchmarkCallWarm(b *testing.B) {
	dir := newDir(b)
	opt := options(dir, "1.0", time.Minute)
	who(b, opt)
	params := map[string]string{"question": "how do I list open ports"}
	ctx := context.Background()
	for b.Loop() {
		if _, err := client.Call(ctx, opt, "echo", "bench", params, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// A question whose backend dies before answering is asked once more of a
// new backend; a method that may change something is not.
func TestRetryAfterBackendDies(t *testing.T) {
	dir := newDir(t)
	opt := options(dir, "1.0", wait)
	first := who(t, opt)
	marker := filepath.Join(t.TempDir(), "died")
	raw, err := client.Call(context.Background(), opt, proto.MethodQuery, "", marker, nil)
	if err != nil {
		t.Fatalf("query whose backend died: %v", err)
	}
	var w whoami
	json.Unmarshal(raw, &w)
	if died, _ := os.ReadFile(marker); string(died) != strconv.Itoa(first.PID) || w.PID == first.PID || w.PID == 0 {
		t.Errorf("answered by pid %d; pid %s died, the first was %d", w.PID, died, first.PID)
	}
	marker = filepath.Join(t.TempDir(), "died")
	if _, err := client.Call(context.Background(), opt, "die", "", marker, nil); !errors.Is(err, client.ErrUnreachable) {
		t.Errorf("a method not retried: %v", err)
	}
}

// TestSilentBackendGivesUp: a backend that takes the request and then
// sends nothing (its build stuck on a hung mount) does not keep the
// question forever: the call ends after Silence with a StalledError.
func TestSilentBackendGivesUp(t *testing.T) {
	dir := newDir(t)
	release := make(chan struct{})
	fakeBackend(t, dir, func(c net.Conn, br *bufio.Reader) {
		io.WriteString(c, `{"type":"hello","v":1,"hello":{"version":"1.0","pid":1}}`+"\n")
		proto.ReadFrame(br)
		io.WriteString(c, `{"type":"progress","progress":{"stage":"indexing"}}`+"\n")
		<-release
	})
	defer close(release)
	opt := noSpawn(t, dir)
	opt.Silence = 200 * time.Millisecond
	began := time.Now()
	progress := 0
	_, err := client.Call(context.Background(), opt, "query", "", nil, func(proto.Progress) { progress++ })
	var se *client.StalledError
	if !errors.As(err, &se) || !errors.Is(err, client.ErrUnreachable) || se.Silence != opt.Silence {
		t.Fatalf("Call = %v, want a StalledError after %v", err, opt.Silence)
	}
	if progress != 1 {
		t.Errorf("progress frames seen: %d, want 1", progress)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("gave up after %v", d)
	}
}
