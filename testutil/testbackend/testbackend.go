// Package testbackend stops the backends a test started, for the test
// suites that run ragman and ragadmin for real (cmd/internal/scripttest,
// cmd/internal/shelltest): nothing a test starts may outlive it.
package testbackend

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/client"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Wait bounds how long a backend may take to stop after it is asked to.
const Wait = 10 * time.Second

// Start is the log line every backend writes as it starts; its pid field
// is the backend's.
var Start = regexp.MustCompile(`pid=(\d+) server\.Serve :: start\b`)

// Stop asks the backend on the runtime folder run to shut down, waits for
// every backend the trace log logFile says was started to exit, and kills
// the ones that do not, which is an error.
func Stop(run, logFile string) error {
	if _, err := os.Stat(run); err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), Wait)
		client.Call(ctx, client.Options{Dir: run, NoAutostart: true}, proto.MethodShutdown, "test-cleanup", nil, nil)
		cancel()
	}
	data, err := os.ReadFile(logFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var stuck []string
	for _, m := range Start.FindAllStringSubmatch(string(data), -1) {
		pid, _ := strconv.Atoi(m[1])
		deadline := time.Now().Add(Wait)
		for Alive(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if Alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			stuck = append(stuck, m[1])
		}
	}
	if len(stuck) > 0 {
		return fmt.Errorf("backend pid(s) %s did not stop within %v of a shutdown request; killed", strings.Join(stuck, ", "), Wait)
	}
	return nil
}

// Alive reports whether pid is a live (not zombie) backend process: a pid
// the kernel reused for something else does not count.
func Alive(pid int) bool {
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil || !strings.Contains(string(cmdline), "__backend") {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// pid (comm) state ...; comm may hold spaces and parentheses.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}
