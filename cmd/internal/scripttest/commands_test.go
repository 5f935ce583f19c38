package scripttest

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gofrs/flock"
	"github.com/ragman-dev/ragman/testutil/testweaviate"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ragman-dev/ragman/backend/client"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/testutil/testbackend"
	"github.com/ragman-dev/ragman/testutil/testollama"
	"github.com/ragman-dev/ragman/testutil/testzim"
)

// The commands below are the scenarios' hands on what the CLIs do not
// show: the index folder, engines to probe, JSON output, and a backend to
// kill.

func indexDir(ts *testscript.TestScript) string {
	return filepath.Join(ts.Getenv("XDG_DATA_HOME"), "ragcli", "index")
}

func runDir(ts *testscript.TestScript) string {
	return filepath.Join(ts.Getenv("XDG_RUNTIME_DIR"), "ragcli")
}

// stopBackend asks the script's backend to shut down and waits until it
// has released its lock.
func stopBackend(ts *testscript.TestScript) {
	run := runDir(ts)
	ctx, cancel := context.WithTimeout(context.Background(), stopWait)
	client.Call(ctx, client.Options{Dir: run, NoAutostart: true}, proto.MethodShutdown, "scripttest-stop", nil, nil)
	cancel()
	waitLockFree(ts, run, stopWait)
}

func waitLockFree(ts *testscript.TestScript, run string, wait time.Duration) {
	lock := flock.New(rundir.LockPath(run))
	deadline := time.Now().Add(wait)
	for {
		ok, err := lock.TryLock()
		ts.Check(err)
		if ok {
			lock.Unlock()
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("a backend still holds %s after %v", rundir.LockPath(run), wait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// cmdIndex inspects and damages the index folder:
//
//	index verify        the ACTIVE version is complete and intact
//	index partials N    N partial versions are left in the folder
//	index save VAR      remember the ACTIVE version's name in $VAR
//	index is VAR        the ACTIVE version is still the one saved in $VAR
//	index age DUR       pretend the ACTIVE version was built DUR ago (e.g. 800h)
//	index corrupt       flip bytes in the ACTIVE version's docs.bin
//	index building      wait (up to 10s) until a build has started writing
func cmdIndex(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: index verify|partials N|save VAR|is VAR|age DUR|corrupt|building")
	}
	dir := indexDir(ts)
	active := func() string {
		d, err := index.ActiveDir(dir)
		ts.Check(err)
		return d
	}
	switch args[0] {
	case "verify":
		_, err := index.Verify(active())
		if neg {
			if err == nil {
				ts.Fatalf("the active version verifies")
			}
			return
		}
		ts.Check(err)
	case "partials":
		want, err := strconv.Atoi(args[1])
		ts.Check(err)
		if got := index.Partials(dir); (len(got) == want) == neg {
			ts.Fatalf("%d partial versions (%q); want %d: %v", len(got), got, want, !neg)
		}
	case "save":
		ts.Setenv(args[1], filepath.Base(active()))
	case "is":
		got, want := filepath.Base(active()), ts.Getenv(args[1])
		if (got == want) == neg {
			ts.Fatalf("active version %s, saved %s", got, want)
		}
	case "age":
		d, err := time.ParseDuration(args[1])
		ts.Check(err)
		path := filepath.Join(active(), "manifest.json")
		data, err := os.ReadFile(path)
		ts.Check(err)
		var m map[string]any
		ts.Check(json.Unmarshal(data, &m))
		m["built_at"] = time.Now().Add(-d).UTC().Format(time.RFC3339Nano)
		data, err = json.MarshalIndent(m, "", "  ")
		ts.Check(err)
		ts.Check(os.WriteFile(path, data, 0o644))
	case "corrupt":
		path := filepath.Join(active(), "docs.bin")
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		ts.Check(err)
		defer f.Close()
		st, err := f.Stat()
		ts.Check(err)
		_, err = f.WriteAt([]byte("corrupted by the scenario"), st.Size()/2)
		ts.Check(err)
	case "building":
		deadline := time.Now().Add(10 * time.Second)
		for len(index.Partials(dir)) == 0 {
			if time.Now().After(deadline) {
				ts.Fatalf("no build started within 10s")
			}
			time.Sleep(2 * time.Millisecond)
		}
	default:
		ts.Fatalf("index: unknown subcommand %q", args[0])
	}
}

// cmdMkzim writes a small ZIM archive: mkzim FILE [LANGUAGE] [compressed].
// Without LANGUAGE it has no M/Language; "compressed" marks its metadata
// cluster as compressed, so its language cannot be read cheaply.
func cmdMkzim(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: mkzim FILE [LANGUAGE] [compressed]")
	}
	meta := map[string]string{"Title": "Test archive", "Creator": "ragman scenarios"}
	compressed := false
	for _, a := range args[1:] {
		if a == "compressed" {
			compressed = true
		} else {
			meta["Language"] = a
		}
	}
	ts.Check(testzim.Write(ts.MkAbs(args[0]), meta, compressed))
}

// cmdExpand copies a file with $VARIABLES expanded: expand SRC DST.
// (Config files need the URL of an engine double started by the script.)
func cmdExpand(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: expand SRC DST")
	}
	data := ts.ReadFile(args[0])
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o755))
	ts.Check(os.WriteFile(dst, []byte(os.Expand(data, ts.Getenv)), 0o644))
}

// cmdFakeEngine starts an HTTP double of an engine and puts its URL in
// $VAR:
//
//	fakeengine weaviate VAR ready|down|flaky=N
//	fakeengine ollama VAR ready|down [MODEL...]
//
// ready answers at once, down refuses connections, flaky=N answers 503
// to the first N requests. The Ollama double is testollama's, which
// speaks the API the official client does, with the MODELs pulled.
func cmdFakeEngine(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: fakeengine weaviate|ollama VAR ready|down|flaky=N [MODEL...]")
	}
	kind, v, mode := args[0], args[1], args[2]
	if kind == "ollama" {
		if mode != "ready" && mode != "down" {
			ts.Fatalf("fakeengine ollama: mode %q, want ready or down", mode)
		}
		ol := testollama.New(testollama.Models(args[3:]...))
		ts.Setenv(v, ol.URL())
		if mode == "down" {
			ol.Close()
			return
		}
		ts.Defer(ol.Close)
		return
	}
	failFirst := int64(0)
	if n, ok := strings.CutPrefix(mode, "flaky="); ok {
		var err error
		failFirst, err = strconv.ParseInt(n, 10, 64)
		ts.Check(err)
	} else if mode != "ready" && mode != "down" {
		ts.Fatalf("fakeengine: unknown mode %q", mode)
	}
	var calls atomic.Int64
	mux := http.NewServeMux()
	fail := func(w http.ResponseWriter) bool {
		if calls.Add(1) <= failFirst {
			http.Error(w, "starting", http.StatusServiceUnavailable)
			return true
		}
		return false
	}
	switch kind {
	case "weaviate":
		mux.HandleFunc("/v1/.well-known/ready", func(w http.ResponseWriter, r *http.Request) {
			if !fail(w) {
				w.WriteHeader(http.StatusOK)
			}
		})
		// what an empty server of the version CI runs says of itself
		mux.HandleFunc("/v1/meta", func(w http.ResponseWriter, r *http.Request) {
			json.NewEncoder(w).Encode(map[string]any{"version": testweaviate.Version})
		})
		mux.HandleFunc("/v1/aliases", func(w http.ResponseWriter, r *http.Request) {
			json.NewEncoder(w).Encode(map[string]any{"aliases": []any{}})
		})
	default:
		ts.Fatalf("fakeengine: unknown engine %q", kind)
	}
	srv := httptest.NewServer(mux)
	ts.Setenv(v, srv.URL)
	if mode == "down" {
		srv.Close()
		return
	}
	ts.Defer(srv.Close)
}

// cmdJSON checks a JSON file (stdout, stderr or a path):
//
//	json stdout status FAIL          the value at the path matches the regexp
//	json stdout checks.0.name        the path exists
//	! json stdout error_code         the path does not exist
//	json stdout version =V           save the value in $V
//
// A path is keys and array indexes joined by dots; a value is matched as
// its JSON text, strings without their quotes.
func cmdJSON(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: json FILE PATH [REGEXP]")
	}
	var v any
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &v); err != nil {
		ts.Fatalf("%s is not one JSON value: %v", args[0], err)
	}
	found := true
	for _, k := range strings.Split(args[1], ".") {
		switch x := v.(type) {
		case map[string]any:
			v, found = x[k]
		case []any:
			i, err := strconv.Atoi(k)
			found = err == nil && i >= 0 && i < len(x)
			if found {
				v = x[i]
			}
		default:
			found = false
		}
		if !found {
			break
		}
	}
	ok := found
	if found && len(args) == 3 {
		s, isStr := v.(string)
		if !isStr {
			b, _ := json.Marshal(v)
			s = string(b)
		}
		if name, save := strings.CutPrefix(args[2], "="); save && !neg {
			ts.Setenv(name, s)
			return
		}
		ok = regexp.MustCompile(args[2]).MatchString(s)
		if !ok && !neg {
			ts.Fatalf("%s: %s is %q, does not match %q", args[0], args[1], s, args[2])
		}
	}
	if ok == neg {
		if neg {
			ts.Fatalf("%s: %s is there (and matches)", args[0], args[1])
		}
		ts.Fatalf("%s: no %s", args[0], args[1])
	}
}

// The question every crash check asks: the active index must answer it.
const crashQuestion = "How do I change file permissions?"

// cmdCrashReindex kills the backend with SIGKILL while `ragadmin reindex
// --force` runs, and checks after each kill that the active version is
// complete and intact, that nothing partial was activated, and that ragman
// still answers (from a new backend, off the active version):
//
//	crashreindex N      N times, each after a random delay (the seed is logged)
//	crashreindex during once, as soon as the build has started writing:
//	                    a partial version is certainly left behind
//
// Every partial version a kill left must be reported as recovered by a
// later reindex: the loop checks the log for those it saw removed; the
// script checks the last ones.
func cmdCrashReindex(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: crashreindex N|during")
	}
	during := args[0] == "during"
	n := 1
	if !during {
		var err error
		n, err = strconv.Atoi(args[0])
		ts.Check(err)
	}
	maxDelay := 500 * time.Millisecond
	if v := ts.Getenv("CRASH_MAX_DELAY"); v != "" {
		d, err := time.ParseDuration(v)
		ts.Check(err)
		maxDelay = d
	}
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	ts.Logf("crashreindex: seed %d, delays up to %v", seed, maxDelay)
	dir := indexDir(ts)
	sock := rundir.SocketPath(runDir(ts))
	logFile := filepath.Join(ts.Getenv("XDG_DATA_HOME"), "ragcli", "ragcli.log")
	seen := map[string]bool{}
	killedMidBuild := 0
	for i := range n {
		pid, err := hello(sock)
		if err != nil {
			ts.Check(ts.Exec("ragman", "--plain", crashQuestion))
			pid, err = hello(sock)
			ts.Check(err)
		}
		before := map[string]bool{}
		for _, p := range index.Partials(dir) {
			before[p] = true
		}
		// building: a partial version this reindex started is there
		building := func() bool {
			for _, p := range index.Partials(dir) {
				if !before[p] {
					return true
				}
			}
			return false
		}
		killed := make(chan bool, 1)
		stop := make(chan struct{})
		go func() {
			var wait <-chan time.Time
			if !during {
				wait = time.After(time.Duration(rng.Int63n(int64(maxDelay))))
			}
			tick := time.NewTicker(time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					killed <- false
					return
				case <-wait:
					killed <- building()
					syscall.Kill(pid, syscall.SIGKILL)
					return
				case <-tick.C:
					if during && building() {
						syscall.Kill(pid, syscall.SIGKILL)
						killed <- true
						return
					}
				}
			}
		}()
		rerr := ts.Exec("ragadmin", "reindex", "--force")
		close(stop)
		mid := <-killed
		// a reindex that finished first is killed now: after activation
		syscall.Kill(pid, syscall.SIGKILL)
		waitDead(ts, pid)
		if mid {
			killedMidBuild++
		}
		// the state a crash leaves
		active, err := index.ActiveDir(dir)
		if err != nil {
			ts.Fatalf("kill %d: no active version: %v", i+1, err)
		}
		if strings.HasSuffix(active, ".partial") {
			ts.Fatalf("kill %d: a partial version is active: %s", i+1, active)
		}
		if _, err := index.Verify(active); err != nil {
			ts.Fatalf("kill %d: the active version is damaged: %v", i+1, err)
		}
		parts := index.Partials(dir)
		for _, p := range parts {
			seen[p] = true
		}
		if during && !mid {
			ts.Fatalf("the reindex ended before a build started (reindex: %v)", rerr)
		}
		if during && len(parts) == 0 {
			ts.Fatalf("killed during the build, but no partial version is left (reindex: %v)", rerr)
		}
		if err := ts.Exec("ragman", "--plain", crashQuestion); err != nil {
			ts.Fatalf("kill %d: ragman does not answer after the kill: %v\n%s", i+1, err, ts.ReadFile("stderr"))
		}
		if out := ts.ReadFile("stdout"); !strings.Contains(out, "Summary") || !strings.Contains(out, "[1] ") {
			ts.Fatalf("kill %d: ragman printed no cited answer:\n%s", i+1, out)
		}
	}
	data, err := os.ReadFile(logFile)
	ts.Check(err)
	left := map[string]bool{}
	for _, p := range index.Partials(dir) {
		left[p] = true
	}
	for p := range seen {
		if !left[p] && !strings.Contains(string(data), "recovered removed="+p) {
			ts.Fatalf("partial version %s was removed without a recovery in the log", p)
		}
	}
	ts.Logf("crashreindex: %d kills, %d in the middle of a build; %d partial versions recovered, %d left for the next reindex",
		n, killedMidBuild, len(seen)-len(left), len(left))
}

// waitDead waits until pid has exited (gone or a zombie).
func waitDead(ts *testscript.TestScript, pid int) {
	deadline := time.Now().Add(stopWait)
	for testbackend.Alive(pid) {
		if time.Now().After(deadline) {
			ts.Fatalf("backend %d survives SIGKILL", pid)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// cmdMkfifo makes a named pipe, which PATH's stand-ins cannot:
//
//	mkfifo PATH
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo PATH")
	}
	ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
}

// cmdTruncate cuts the files GLOB names (at least one) to SIZE bytes, as
// `truncate -s` does:
//
//	truncate GLOB SIZE
func cmdTruncate(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: truncate GLOB SIZE")
	}
	files, err := filepath.Glob(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(files) == 0 {
		ts.Fatalf("truncate: %s names no file", args[0])
	}
	size, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	for _, f := range files {
		ts.Check(os.Truncate(f, size))
	}
}

// cmdWriteQuoted writes FILE's content to a path given as a Go string
// literal, for file names with bytes a script cannot type (ESC, BEL):
//
//	writequoted "PATH" FILE
func cmdWriteQuoted(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf(`usage: writequoted "PATH" FILE`)
	}
	path, err := strconv.Unquote(args[0])
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(path), []byte(ts.ReadFile(args[1])), 0o644))
}

// cmdGzbomb writes a gzip file of MB mebibytes of zeros, some kB on disk:
//
//	gzbomb PATH MB
func cmdGzbomb(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: gzbomb PATH MB")
	}
	mb, err := strconv.Atoi(args[1])
	ts.Check(err)
	f, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	zw.Write([]byte(".TH BOMB 1\n.SH NAME\nbomb \\- expands\n.SH DESCRIPTION\n"))
	zero := make([]byte, 1<<20)
	for range mb {
		zw.Write(zero)
	}
	ts.Check(zw.Close())
	ts.Check(f.Close())
}

// cmdPerm checks the permission bits of the files GLOB names (at least
// one), as testscript has no stat:
//
//	perm GLOB MODE     e.g. perm $XDG_DATA_HOME/ragcli/index/2*/docs.bin 0600
func cmdPerm(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: perm GLOB MODE")
	}
	want, err := strconv.ParseUint(args[1], 8, 32)
	ts.Check(err)
	files, err := filepath.Glob(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(files) == 0 {
		ts.Fatalf("perm: %s names no file", args[0])
	}
	for _, f := range files {
		fi, err := os.Lstat(f)
		ts.Check(err)
		if got := fi.Mode().Perm(); got != os.FileMode(want) {
			ts.Fatalf("%s: mode %04o, want %04o", f, got, want)
		}
	}
}
