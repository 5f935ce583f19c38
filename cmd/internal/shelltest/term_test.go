package shelltest

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// term is an interactive shell under a pseudo-terminal, driven like a
// person at a keyboard: type, then wait for what the screen shows.
type term struct {
	t     testing.TB
	shell string
	cmd   *exec.Cmd
	ptm   *os.File

	mu   sync.Mutex
	cond *sync.Cond
	out  []byte // everything the shell wrote
	done bool   // the shell closed the terminal
	seen int    // how much of out expect has consumed
}

// waitFor bounds every expectation; the shells answer in milliseconds,
// the first question (which builds the index) in a few seconds.
const waitFor = 60 * time.Second

// openPTY opens a pseudo-terminal pair.
func openPTY() (ptm, pts *os.File, err error) {
	ptm, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	fd := int(ptm.Fd())
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err == nil {
		err = unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0)
	}
	if err == nil {
		err = unix.IoctlSetWinsize(fd, unix.TIOCSWINSZ, &unix.Winsize{Row: 50, Col: 200})
	}
	if err == nil {
		pts, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	}
	if err != nil {
		ptm.Close()
		return nil, nil, err
	}
	return ptm, pts, nil
}

// startTerm starts argv under a new terminal, as the session leader with
// the terminal as its controlling one (job control, /dev/tty).
func startTerm(t testing.TB, env []string, dir string, argv ...string) *term {
	t.Helper()
	ptm, pts, err := openPTY()
	if err != nil {
		t.Fatalf("pseudo-terminal: %v", err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env, cmd.Dir = env, dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", argv[0], err)
	}
	pts.Close()
	s := &term{t: t, shell: argv[0], cmd: cmd, ptm: ptm}
	s.cond = sync.NewCond(&s.mu)
	go s.read()
	t.Cleanup(s.close)
	return s
}

func (s *term) read() {
	buf := make([]byte, 4096)
	for {
		n, err := s.ptm.Read(buf)
		s.mu.Lock()
		s.out = append(s.out, buf[:n]...)
		if err != nil {
			s.done = true
		}
		s.cond.Broadcast()
		s.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// close ends the shell: exit, then SIGKILL to its session if it lingers.
func (s *term) close() {
	exited := make(chan struct{})
	go func() { s.cmd.Wait(); close(exited) }()
	// ^U clears the line; a shell busy with a command is killed below.
	s.ptm.Write([]byte("\x15exit\r"))
	select {
	case <-exited:
	case <-time.After(3 * time.Second):
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	}
	s.ptm.Close()
	if s.t.Failed() || os.Getenv("SHELLTEST_SHOW") != "" {
		s.t.Logf("%s terminal, everything it showed:\n%s", s.shell, screen(s.all()))
	}
}

func (s *term) all() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.out)
}

// typ types text as is (\r is Enter, \t is Tab).
func (s *term) typ(text string) {
	s.t.Helper()
	if _, err := io.WriteString(s.ptm, text); err != nil {
		s.t.Fatalf("typing %q: %v", text, err)
	}
}

// expect waits until the screen, past what earlier expectations consumed
// and with escape sequences removed, matches re; it consumes up to the end
// of the match and returns the submatches.
func (s *term) expect(re string) []string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(waitFor)
	timer := time.AfterFunc(waitFor, func() { s.mu.Lock(); s.cond.Broadcast(); s.mu.Unlock() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		text := screen(string(s.out[s.seen:]))
		if m := rx.FindStringSubmatchIndex(text); m != nil {
			sub := make([]string, len(m)/2)
			for i := range sub {
				if m[2*i] >= 0 {
					sub[i] = text[m[2*i]:m[2*i+1]]
				}
			}
			s.seen += rawOffset(string(s.out[s.seen:]), m[1])
			return sub
		}
		if s.done || time.Now().After(deadline) {
			why := "timed out"
			if s.done {
				why = "the shell exited"
			}
			s.t.Fatalf("%s: %s waiting for %q; the screen since the last match:\n%s", s.shell, why, re, text)
		}
		s.cond.Wait()
	}
}

// escape sequences and carriage returns: what a screen does not show as
// text.
var escapes = regexp.MustCompile(`\x1b\[[0-9;?<=>!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEc]|[\r\x07\x0f\x0e]`)

func screen(raw string) string { return escapes.ReplaceAllString(raw, "") }

// rawOffset maps an offset in screen(raw) back to one in raw.
func rawOffset(raw string, n int) int {
	i, kept := 0, 0
	for i < len(raw) && kept < n {
		if loc := escapes.FindStringIndex(raw[i:]); loc != nil && loc[0] == 0 {
			i += loc[1]
			continue
		}
		i++
		kept++
	}
	return i
}

// markerRE matches what status prints, spelled so that the echo of the
// typed line cannot match it.
const markerRE = `<<done (\d+)>>`

// run types line and Enter and returns what the screen showed until the
// command finished (the typed line included) and its status.
func (s *term) run(line string) (string, int) {
	s.t.Helper()
	s.typ(line + "\r")
	return s.status()
}

// status has the shell print the status of the last command, waits for
// it, and returns the screen since the last expectation and the status.
func (s *term) status() (string, int) {
	s.t.Helper()
	status := "$?"
	if s.isFish() {
		status = "$status"
	}
	s.typ(fmt.Sprintf("printf '<<%%s %%s>>\\n' done %s\r", status))
	m := s.expect(`(?s)^(.*?)` + markerRE)
	code, _ := strconv.Atoi(m[2])
	return m[1], code
}

func (s *term) isFish() bool { return strings.HasSuffix(s.shell, "fish") }

// mustRun is run for a command that must succeed.
func (s *term) mustRun(line string) string {
	s.t.Helper()
	out, code := s.run(line)
	if code != 0 {
		s.t.Fatalf("%s: %q exited %d:\n%s", s.shell, line, code, out)
	}
	return out
}

// lookShell finds a shell, or skips the test where it is not installed
// (CI installs bash, zsh and fish, and sets CI: there it fails instead).
func lookShell(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s: %v", name, err)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}
