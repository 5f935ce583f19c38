// Package testweaviate runs a real Weaviate server for tests: on loopback,
// on free ports, with a data folder of its own, stopped when the test
// ends. .ci/run installs weaviate-server from the Go module proxy and sets
// CI, where a missing server fails the test instead of skipping it.
package testweaviate

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Version is the server version the tests are written against; .ci/run
// installs it.
const Version = "1.35.2"

// FlushAfter is how many seconds after its first write the server writes
// a write buffer (memtable) to disk, its default: servers run with the
// default settings, as users run them, and wvindex's Activate has a new
// collection written at once.
const FlushAfter = 60

// readyWithin bounds the wait for a server to answer ready: it takes
// about 15 s on a 2-core machine.
const readyWithin = 90 * time.Second

// Server is a running weaviate-server.
type Server struct {
	Host     string // "127.0.0.1:PORT", as weaviate.Config takes it
	GRPCPort int
	Dir      string // its data folder
	bin      string
	env      []string
	port     int
	cmd      *exec.Cmd
	exited   chan error
}

// URL is the server's base URL.
func (s *Server) URL() string { return "http://" + s.Host }

// GRPC is the address of the server's gRPC port.
func (s *Server) GRPC() string { return "127.0.0.1:" + strconv.Itoa(s.GRPCPort) }

// Start starts a server for t and waits until it is ready; t's cleanup
// stops it.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("weaviate-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("weaviate-server: %v (CI is set; .ci/run installs it)", err)
		}
		t.Skipf("weaviate-server not found: go install github.com/weaviate/weaviate/cmd/weaviate-server@v%s", Version)
	}
	ports := freePorts(t, 6)
	s := &Server{Host: "127.0.0.1:" + strconv.Itoa(ports[0]), GRPCPort: ports[1], Dir: t.TempDir(), bin: bin, port: ports[0]}
	s.env = append(os.Environ(),
		"PERSISTENCE_DATA_PATH="+filepath.Join(s.Dir, "data"),
		"AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=true",
		"DEFAULT_VECTORIZER_MODULE=none",
		"DISABLE_TELEMETRY=true",
		"CLUSTER_HOSTNAME=node1",
		"CLUSTER_ADVERTISE_ADDR=127.0.0.1",
		"CLUSTER_GOSSIP_BIND_PORT="+strconv.Itoa(ports[2]),
		"CLUSTER_DATA_BIND_PORT="+strconv.Itoa(ports[3]),
		"RAFT_PORT="+strconv.Itoa(ports[4]),
		"RAFT_INTERNAL_RPC_PORT="+strconv.Itoa(ports[5]),
		"RAFT_JOIN=node1",
		"RAFT_BOOTSTRAP_EXPECT=1",
		"GRPC_PORT="+strconv.Itoa(ports[1]),
	)
	s.run(t)
	t.Cleanup(func() { s.stop(syscall.SIGTERM) })
	return s
}

// run starts the server and waits until it is ready.
func (s *Server) run(t testing.TB) {
	t.Helper()
	s.cmd = exec.Command(s.bin, "--host", "127.0.0.1", "--port", strconv.Itoa(s.port), "--scheme", "http")
	s.cmd.Env = s.env
	log, err := os.OpenFile(filepath.Join(s.Dir, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close() // the child holds its own descriptor
	s.cmd.Stdout, s.cmd.Stderr = log, log
	// its own process group, so that stopping it stops what it starts
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("weaviate-server: %v", err)
	}
	s.exited = make(chan error, 1)
	// closed after its one value: waitReady may take that value, and
	// stop must not wait for a second that never comes (a server that
	// exited while starting hung the test's cleanup for good)
	go func(cmd *exec.Cmd, exited chan error) {
		exited <- cmd.Wait()
		close(exited)
	}(s.cmd, s.exited)
	if err := s.waitReady(s.exited); err != nil {
		tail, _ := os.ReadFile(log.Name())
		if len(tail) > 4000 {
			tail = tail[len(tail)-4000:]
		}
		t.Fatalf("weaviate-server: %v; its log ends:\n%s", err, tail)
	}
}

// stop stops the server with sig, and kills it if it is still running
// 20 s later; a stopped server is left alone.
func (s *Server) stop(sig syscall.Signal) {
	if s.cmd == nil {
		return
	}
	syscall.Kill(-s.cmd.Process.Pid, sig)
	select {
	case <-s.exited:
	case <-time.After(20 * time.Second):
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.exited
	}
	s.cmd = nil
}

// Kill kills the server at once, as a crash or an OOM killer would.
func (s *Server) Kill() { s.stop(syscall.SIGKILL) }

// Restart starts the server again on its ports and data after Kill.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.stop(syscall.SIGTERM)
	s.run(t)
}

// waitReady polls the readiness endpoint until it answers 200, the server
// exits, or readyWithin passes.
func (s *Server) waitReady(exited <-chan error) error {
	ctx, cancel := context.WithTimeout(context.Background(), readyWithin)
	defer cancel()
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL()+"/v1/.well-known/ready", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case err := <-exited:
			return fmt.Errorf("exited before it was ready: %v", err)
		case <-ctx.Done():
			return fmt.Errorf("not ready within %s", readyWithin)
		case <-tick.C:
		}
	}
}

// freePorts finds n ports free now, on every address and for TCP and
// UDP (memberlist gossips over both on 0.0.0.0), and below the kernel's
// ephemeral range (32768 and up), so that no outgoing connection takes
// one while a server is down between Kill and Restart: one did, and
// the restarted server exited with "bind: address already in use".
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	var closers []io.Closer
	defer func() {
		for _, c := range closers {
			c.Close()
		}
	}()
	var ports []int
	for tries := 0; len(ports) < n && tries < 2000; tries++ {
		p := lowPort + rand.IntN(highPort-lowPort)
		if slices.Contains(ports, p) {
			continue
		}
		l, err := net.Listen("tcp", ":"+strconv.Itoa(p))
		if err != nil {
			continue
		}
		u, err := net.ListenPacket("udp", ":"+strconv.Itoa(p))
		if err != nil {
			l.Close()
			continue
		}
		closers = append(closers, l, u)
		ports = append(ports, p)
	}
	if len(ports) < n {
		t.Fatalf("found %d free ports of %d between %d and %d", len(ports), n, lowPort, highPort)
	}
	return ports
}

// lowPort and highPort bound the ports freePorts picks from: below the
// ephemeral range, above the registered services most machines run.
const (
	lowPort  = 20000
	highPort = 32768
)
