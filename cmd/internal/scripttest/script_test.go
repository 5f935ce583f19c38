// Package scripttest runs the testscript scenarios in testdata/script:
// ragman and ragadmin end to end, each script in its own home with its
// own backend, over the small man and info tree in testdata/fixtures.
package scripttest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/cmd/internal/ragadmincmd"
	"github.com/ragman-dev/ragman/cmd/internal/ragmancmd"
	"github.com/ragman-dev/ragman/internal/envvar"
	"github.com/ragman-dev/ragman/testutil/testbackend"
)

// TestMain makes this test binary double as ragman and ragadmin: run under
// either name (as testscript's exec does, and as the CLIs do when they
// spawn their backend with argv[0] set to their name) it is that program.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"ragman":   func() { os.Exit(ragmancmd.Main(os.Args[1:])) },
		"ragadmin": func() { os.Exit(ragadmincmd.Main(os.Args[1:])) },
	})
}

// stopWait bounds how long a script's backend may take to stop.
const stopWait = testbackend.Wait

func TestScripts(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fixtures := filepath.Join(root, "testdata", "fixtures")
	// testscript.Main put the folder holding ragman and ragadmin first on
	// our PATH. The scripts get that folder and a folder of stand-ins for
	// the commands the fixture pages document, and nothing of the
	// machine's: the backend ranks a page higher when its command can be
	// run here, and reads $PATH to know which can.
	exe, err := exec.LookPath("ragman")
	if err != nil {
		t.Fatal(err)
	}
	stand, err := standIns(t.TempDir(), filepath.Join(fixtures, "man"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Dir(exe) + string(filepath.ListSeparator) + stand

	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join(root, "testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			// The folder of ragman and ragadmin, which ragadmin shell-init
			// fills in.
			env.Setenv("BINDIR", filepath.Dir(exe))
			// The repository, whose files make install copies.
			env.Setenv("RAGMAN_ROOT", root)
			return setup(env, path, fixtures)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"backend":      cmdBackend,
			"catalog":      cmdCatalog,
			"execstatus":   cmdExecStatus,
			"index":        cmdIndex,
			"mkzim":        cmdMkzim,
			"expand":       cmdExpand,
			"fakeengine":   cmdFakeEngine,
			"json":         cmdJSON,
			"crashreindex": cmdCrashReindex,
			"make":         cmdMake,
			"mkfifo":       cmdMkfifo,
			"truncate":     cmdTruncate,
			"writequoted":  cmdWriteQuoted,
			"gzbomb":       cmdGzbomb,
			"until":        cmdUntil,
			"perm":         cmdPerm,
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "root":
				// root reads files whatever their mode: no "unreadable"
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

// standIns fills dir with one executable per command documented in
// sections 1 and 8 of the man tree, as a machine that has the documented
// commands installed would have on its PATH. They only say what they are.
func standIns(dir, man string) (string, error) {
	for _, sec := range []string{"man1", "man8"} {
		entries, err := os.ReadDir(filepath.Join(man, sec))
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			name, _, _ := strings.Cut(e.Name(), ".")
			script := "#!/bin/sh\necho \"$0: a stand-in for the ragman scenarios; it does nothing\" >&2\nexit 1\n"
			if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
				return "", err
			}
		}
	}
	return dir, nil
}

// setup gives every script a home of its own: XDG folders under $WORK, a
// private runtime folder, the fixture tree as the default sources, and a
// deferred stop of whatever backend the script started.
func setup(env *testscript.Env, path, fixtures string) error {
	work := env.WorkDir
	dirs := map[string]string{
		"HOME":            filepath.Join(work, "home"),
		"XDG_CONFIG_HOME": filepath.Join(work, "home", ".config"),
		"XDG_DATA_HOME":   filepath.Join(work, "home", ".local", "share"),
		"XDG_CACHE_HOME":  filepath.Join(work, "home", ".cache"),
		"XDG_STATE_HOME":  filepath.Join(work, "home", ".local", "state"),
		// Short, and outside home: a socket path must fit in 107 bytes.
		"XDG_RUNTIME_DIR": filepath.Join(work, "run"),
	}
	for k, dir := range dirs {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		env.Setenv(k, dir)
	}
	if err := os.Chmod(dirs["XDG_RUNTIME_DIR"], 0o700); err != nil {
		return err
	}
	env.Setenv("PATH", path)
	env.Setenv("RAGMAN_MAN_DIR", filepath.Join(fixtures, "man"))
	env.Setenv("RAGMAN_INFO_DIR", filepath.Join(fixtures, "info"))
	// ZIM archives made by testdata/zim/make.sh, for scripts to copy.
	env.Setenv("ZIM_FIXTURES", filepath.Join(filepath.Dir(fixtures), "zim"))
	env.Setenv("LANG", "C.UTF-8")
	// A colour terminal's TERM, as a user's shell has: stdout is a pipe
	// here, and the scenarios check that no escape sequence reaches it.
	env.Setenv("TERM", "xterm-256color")
	// Test-only hooks (see backend/health): probes retry after 10ms, not
	// 0.5 to 8 s; the data folder's file system reports 50% free, so the
	// disk check does not depend on this machine's disk. Scenarios that
	// test these override them.
	env.Setenv(envvar.TestRetrySchedule, "10ms,10ms,10ms,10ms,10ms")
	env.Setenv(envvar.TestDiskFree, "50%")
	// no background refresh races the reindexes the scenarios run;
	// refresh.txtar turns it back on
	env.Setenv(envvar.TestRefreshInterval, "0")

	run := filepath.Join(dirs["XDG_RUNTIME_DIR"], "ragcli")
	logFile := filepath.Join(dirs["XDG_DATA_HOME"], "ragcli", "ragcli.log")
	env.Defer(func() {
		if err := testbackend.Stop(run, logFile); err != nil {
			env.T().Fatal(err)
		}
	})
	return nil
}

// cmdBackend inspects the script's backend:
//
//	backend alive          a backend answers on the socket with its hello
//	backend exited [DUR]   within DUR (default 10s), no backend holds the
//	                       lock: it has exited (the kernel releases the lock)
//	backend stop           ask it to shut down and wait until it has (the
//	                       next command starts one with the script's
//	                       environment as it is now)
func cmdBackend(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: backend alive | backend exited [duration] | backend stop")
	}
	run := filepath.Join(ts.Getenv("XDG_RUNTIME_DIR"), "ragcli")
	switch args[0] {
	case "alive":
		pid, err := hello(rundir.SocketPath(run))
		switch {
		case err == nil && neg:
			ts.Fatalf("a backend (pid %d) answers on %s", pid, rundir.SocketPath(run))
		case err != nil && !neg:
			ts.Fatalf("no backend answers: %v", err)
		case err == nil:
			ts.Logf("backend pid %d answers", pid)
		}
	case "stop":
		if neg {
			ts.Fatalf("unsupported: ! backend stop")
		}
		stopBackend(ts)
	case "exited":
		if neg {
			ts.Fatalf("unsupported: ! backend exited")
		}
		wait := stopWait
		if len(args) > 1 {
			d, err := time.ParseDuration(args[1])
			ts.Check(err)
			wait = d
		}
		waitLockFree(ts, run, wait)
	default:
		ts.Fatalf("backend: unknown subcommand %q", args[0])
	}
}

// hello dials the socket and reads the backend's hello frame, without
// sending a request (the backend answers that connection with an error
// after a while, which is fine).
func hello(sock string) (int, error) {
	c, err := net.DialTimeout("unix", sock, time.Second)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	line, err := bufio.NewReader(c).ReadBytes('\n')
	if err != nil {
		return 0, err
	}
	var f proto.Frame
	if err := json.Unmarshal(line, &f); err != nil {
		return 0, err
	}
	if f.Type != proto.TypeHello || f.Hello == nil {
		return 0, fmt.Errorf("got a %q frame, want a hello", f.Type)
	}
	return f.Hello.PID, nil
}

// cmdCatalog edits the catalog behind the CLIs' back, as a person with an
// editor (or a package upgrade moving documentation) would:
//
//	catalog relocate ALIAS DIR   point the source at another folder
func cmdCatalog(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! catalog")
	}
	if len(args) != 3 || args[0] != "relocate" {
		ts.Fatalf("usage: catalog relocate ALIAS DIR")
	}
	path := filepath.Join(ts.Getenv("XDG_DATA_HOME"), "ragcli", "catalog.json")
	cat, err := catalog.Load(path)
	ts.Check(err)
	src := cat.Find(args[1])
	if src == nil {
		ts.Fatalf("no source %q in %s", args[1], path)
	}
	src.Location = ts.MkAbs(args[2])
	ts.Check(cat.Save(path))
}

// cmdExecStatus runs a program like exec and checks its exit status, which
// exec cannot (! exec accepts any failure):
//
//	execstatus 3 ragman 'What is the boiling point of water?'
//
// stdout and stderr are then the program's, as after exec.
func cmdExecStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: execstatus STATUS[,STATUS...] program [args...]")
	}
	ok := map[int]bool{}
	for _, f := range strings.Split(args[0], ",") {
		n, err := strconv.Atoi(f)
		ts.Check(err)
		ok[n] = true
	}
	got := execCode(ts, args[1], args[2:]...)
	if !ok[got] {
		ts.Fatalf("%s exited with status %d, want %s", args[1], got, args[0])
	}
}

// cmdUntil runs a program again and again, every 200 ms, until its stdout
// matches a pattern (with !, until it no longer does), for at most the
// seconds given. Every run must exit with one of the statuses listed: a
// question that fails on the way is a failure, not a retry.
//
//	until 60 0,3 '"label": "du\(1\)"' ragman --json 'How do I ...?'
func cmdUntil(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 4 {
		ts.Fatalf("usage: [!] until SECONDS STATUSES REGEXP program [args...]")
	}
	secs, err := strconv.Atoi(args[0])
	ts.Check(err)
	ok := map[int]bool{}
	for _, f := range strings.Split(args[1], ",") {
		n, err := strconv.Atoi(f)
		ts.Check(err)
		ok[n] = true
	}
	re, err := regexp.Compile("(?m)" + args[2])
	ts.Check(err)
	start := time.Now()
	for runs := 1; ; runs++ {
		got := execCode(ts, args[3], args[4:]...)
		if !ok[got] {
			ts.Fatalf("run %d after %.1fs exited with %d, not one of %s:\n%s", runs, time.Since(start).Seconds(), got, args[1], ts.ReadFile("stderr"))
		}
		if re.MatchString(ts.ReadFile("stdout")) != neg {
			ts.Logf("matched after %d runs, %.1fs", runs, time.Since(start).Seconds())
			return
		}
		if time.Since(start) > time.Duration(secs)*time.Second {
			ts.Fatalf("no match in %ds (%d runs); last stdout:\n%s", secs, runs, ts.ReadFile("stdout"))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// execCode runs a program as exec does and returns its exit status; a
// program that cannot be run fails the script.
func execCode(ts *testscript.TestScript, name string, args ...string) int {
	err := ts.Exec(name, args...)
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		ts.Fatalf("%s: %v", name, err)
	}
	return 0
}
