// Command bench measures ragman's performance bars against references
// measured in the same run, on this machine:
//
//   - warm query: p50 wall time of `ragman --json QUESTION` with the backend
//     running and the index loaded, against p50 of one `apropos WORDS` call
//     for the same questions. Bar: ragman <= 0.25 x apropos (aim: < 25 ms).
//   - first call: `ragman --json QUESTION` with no backend running, so that
//     it spawns one, which loads the index and answers. Bar: p50 <= 500 ms.
//   - full build: `ragadmin reindex --force` (man and info) against
//     `mandb -c`. Bar: ragman <= 1.5 x mandb.
//   - reindex with nothing changed: `ragadmin reindex` right after the full
//     build (p50 of -runs), which measures the sources and finds the index
//     up to date, against that full build. Bar: <= 0.1 x the full build.
//   - alias completion: p50 of bash's completion after `ragadmin sources
//     remove ` (it runs `ragadmin __complete aliases`), backend warm. Bar:
//     < 100 ms (complete.go).
//   - memory: VmRSS of the backend with the full index loaded, after the
//     warm queries. Bar: <= 300 MB.
//
// It runs against a private setup: its own HOME and XDG folders in a
// temporary folder, with the default sources (the machine's /usr/share/man
// and /usr/share/info), so it never touches the user's index. It stops the
// backends it started and removes the folder (unless -keep).
//
// Usage (make bench builds the binaries first):
//
//	go run ./tools/bench -ragman bin/ragman -ragadmin bin/ragadmin
//
// The exit status is 0 when every bar passes, 1 when one fails, 2 when the
// bench could not run.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
)

// The bars.
const (
	warmRatioBar = 0.25                   // ragman warm p50 / apropos p50
	warmAim      = 25 * time.Millisecond  // absolute warm p50, an aim
	coldBar      = 500 * time.Millisecond // first call with no backend
	buildRatio   = 1.5                    // ragadmin reindex --force / mandb -c
	noChangeBar  = 0.1                    // ragadmin reindex, nothing changed / full build
	rssBar       = 300 << 20              // backend VmRSS
)

type options struct {
	ragman, ragadmin string
	questions        string
	runs, cold       int
	apropos, mandb   string
	keep, verbose    bool
}

func main() {
	var o options
	flag.StringVar(&o.ragman, "ragman", "bin/ragman", "ragman binary to measure")
	flag.StringVar(&o.ragadmin, "ragadmin", "bin/ragadmin", "ragadmin binary to measure")
	flag.StringVar(&o.questions, "questions", "../shared/eval/questions.tsv", "question set (.tsv: id, question, expected pages, mention words, kind; '#' comments)")
	flag.IntVar(&o.runs, "runs", 3, "timed runs of every question with a warm backend (after one warm-up call)")
	flag.IntVar(&o.cold, "cold", 5, "first calls with no backend running")
	flag.StringVar(&o.apropos, "apropos", "apropos", "apropos binary of the reference (man-db)")
	flag.StringVar(&o.mandb, "mandb", "mandb", "mandb binary of the reference; empty to skip (mandb -c rewrites the system's man database: needs root)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary folder (index, config, logs) for inspection")
	flag.BoolVar(&o.verbose, "v", false, "print every call")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: bench [flags]\n\nMeasures ragman's performance bars against references taken in the same run,\nin a private temporary HOME and XDG setup.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || o.runs < 1 || o.cold < 1 {
		flag.Usage()
		os.Exit(2)
	}
	os.Exit(run(o))
}

// bench is one run: the private setup and the results so far.
type bench struct {
	o        options
	dir      string       // the temporary folder
	env      []string     // environment of every subprocess
	runDir   string       // $XDG_RUNTIME_DIR/ragcli
	paths    config.Paths // ragman's files in the private setup
	qs       []question
	rows     []row
	full     time.Duration // the full build, reference of the no-change reindex
	cleaning sync.Once
}

type question struct {
	id, text string
	words    []string // content words, for apropos
}

// row is one line of the final table.
type row struct {
	figure, ours, ref, ratio, bar, result string
}

func run(o options) int {
	var err error
	for _, p := range []*string{&o.ragman, &o.ragadmin} {
		if *p, err = filepath.Abs(*p); err != nil {
			return fail(err)
		}
		if _, err := os.Stat(*p); err != nil {
			return fail(fmt.Errorf("%w (run make build, or pass -ragman and -ragadmin)", err))
		}
	}
	b := &bench{o: o}
	if b.qs, err = readQuestions(o.questions); err != nil {
		return fail(err)
	}
	if err := b.setup(); err != nil {
		return fail(err)
	}
	defer b.cleanup()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sig
		fmt.Fprintf(os.Stderr, "\nbench: %v, cleaning up\n", s)
		b.cleanup()
		os.Exit(2)
	}()

	fmt.Printf("bench: private setup in %s; %d questions from %s\n", b.dir, len(b.qs), o.questions)
	fmt.Printf("bench: %d CPUs, load average %s at start (the references run in the same conditions)\n", runtime.NumCPU(), loadAvg())
	steps := []func() error{b.initialBuild, b.build, b.noChange, b.coldStart, b.warm, b.aliasCompletion, b.memory, b.weaviate}
	switch {
	case *soak:
		steps = []func() error{b.runSoak}
	case *fresh:
		steps = []func() error{b.runFresh}
	case *tldrEval:
		steps = []func() error{b.runTLDR}
	}
	for _, step := range steps {
		if err := step(); err != nil {
			b.table()
			return fail(err)
		}
	}
	fmt.Printf("bench: load average %s at the end\n", loadAvg())
	b.table()
	for _, r := range b.rows {
		if r.result == "FAIL" {
			return 1
		}
	}
	return 0
}

// loadAvg is the 1, 5 and 15 minute load average, for reading the
// figures: other work on the machine slows ragman and its references alike,
// but not always by the same factor.
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func fail(err error) int {
	fmt.Fprintf(os.Stderr, "bench: %v\n", err)
	return 2
}

// setup creates the private HOME and XDG folders and the environment of
// the subprocesses: ours, with HOME and XDG_* replaced and the RAGMAN_*
// test and override variables removed (and their old RAGCLI_* names);
// GOPATH, PATH and the rest are kept.
func (b *bench) setup() error {
	dir, err := os.MkdirTemp("", "ragman-bench-")
	if err != nil {
		return err
	}
	b.dir = dir
	vars := map[string]string{
		"HOME":            filepath.Join(dir, "home"),
		"XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_DATA_HOME":   filepath.Join(dir, "data"),
		"XDG_CACHE_HOME":  filepath.Join(dir, "cache"),
		"XDG_STATE_HOME":  filepath.Join(dir, "state"),
		"XDG_RUNTIME_DIR": filepath.Join(dir, "run"),
	}
	for _, d := range vars {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
	}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := vars[k]; ok || strings.HasPrefix(k, "XDG_") ||
			strings.HasPrefix(k, "RAGMAN_") || strings.HasPrefix(k, "RAGCLI_") {
			continue
		}
		b.env = append(b.env, kv)
	}
	keys := make([]string, 0, len(vars))
	for k := range vars {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.env = append(b.env, k+"="+vars[k])
	}
	b.runDir = filepath.Join(vars["XDG_RUNTIME_DIR"], "ragcli")
	b.paths = config.PathsFor(filepath.Join(vars["XDG_CONFIG_HOME"], "ragcli"), filepath.Join(vars["XDG_DATA_HOME"], "ragcli"))
	return nil
}

// cleanup stops the backend and removes the folder, once.
func (b *bench) cleanup() {
	b.cleaning.Do(func() {
		if b.dir == "" {
			return
		}
		if err := b.stopBackend(); err != nil {
			fmt.Fprintf(os.Stderr, "bench: stop backend: %v\n", err)
		}
		if b.o.keep {
			fmt.Printf("bench: kept %s\n", b.dir)
			return
		}
		os.RemoveAll(b.dir)
	})
}

// result of one subprocess.
type result struct {
	wall           time.Duration
	code           int
	stdout, stderr []byte
}

// cmd runs a program in the private environment and times it, from start
// to exit.
func (b *bench) cmd(timeout time.Duration, name string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := exec.CommandContext(ctx, name, args...)
	c.Env = b.env
	c.Dir = b.dir
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	start := time.Now()
	err := c.Run()
	r := result{wall: time.Since(start), stdout: stdout.Bytes(), stderr: stderr.Bytes()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return r, fmt.Errorf("%s %s: timed out after %v", filepath.Base(name), strings.Join(args, " "), timeout)
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		return r, err
	}
	if b.o.verbose {
		fmt.Printf("  %-8v exit %d  %s %s\n", r.wall.Round(10*time.Microsecond), r.code, filepath.Base(name), strings.Join(args, " "))
	}
	return r, nil
}

// ask runs `ragman --json q` and checks that it answered: exit 0, or 3 for
// no answer, and one JSON object on stdout.
func (b *bench) ask(q string) (time.Duration, error) {
	r, err := b.cmd(time.Minute, b.o.ragman, "--json", q)
	if err != nil {
		return 0, err
	}
	if (r.code != 0 && r.code != 3) || !json.Valid(r.stdout) {
		return 0, fmt.Errorf("ragman --json %q: exit %d: %s%s", q, r.code, lastLine(r.stderr), clip(r.stdout))
	}
	return r.wall, nil
}

// initialBuild sets up ragman and builds the index once (ragadmin reindex
// creates the config and the catalog with the default sources).
func (b *bench) initialBuild() error {
	fmt.Println("bench: building the index once (ragadmin reindex) ...")
	r, err := b.cmd(30*time.Minute, b.o.ragadmin, "reindex")
	if err != nil {
		return err
	}
	if r.code != 0 {
		return fmt.Errorf("ragadmin reindex: exit %d: %s", r.code, r.stderr)
	}
	fmt.Printf("  %v: %s\n", r.wall.Round(time.Millisecond), lastLine(r.stderr))
	return nil
}

// build times a full rebuild by the running backend against mandb -c.
func (b *bench) build() error {
	fmt.Println("bench: full build, ragadmin reindex --force against mandb -c ...")
	r, err := b.cmd(30*time.Minute, b.o.ragadmin, "reindex", "--force")
	if err != nil {
		return err
	}
	if r.code != 0 {
		return fmt.Errorf("ragadmin reindex --force: exit %d: %s", r.code, r.stderr)
	}
	ours := r.wall
	b.full = ours
	fmt.Printf("  ragadmin reindex --force: %v: %s\n", ours.Round(time.Millisecond), lastLine(r.stderr))
	row := row{figure: "full build, man + info", ours: fmtDur(ours), bar: fmt.Sprintf("<= %.1f x mandb -c", buildRatio)}
	ref, why := b.mandb()
	if why != "" {
		fmt.Printf("  mandb -c: SKIP: %s\n", why)
		row.ref, row.ratio, row.result = "mandb -c: SKIP", "-", "SKIP"
	} else {
		fmt.Printf("  mandb -c: %v\n", ref.Round(time.Millisecond))
		ratio := ours.Seconds() / ref.Seconds()
		row.ref, row.ratio, row.result = "mandb -c "+fmtDur(ref), fmt.Sprintf("%.2f", ratio), passFail(ratio <= buildRatio)
	}
	b.rows = append(b.rows, row)
	return nil
}

// noChange times `ragadmin reindex` when no source changed since the full
// build: the backend measures the sources and stops, up to date.
func (b *bench) noChange() error {
	fmt.Printf("bench: reindex with nothing changed, %d times, against the full build ...\n", b.o.runs)
	var times []time.Duration
	for range b.o.runs {
		r, err := b.cmd(10*time.Minute, b.o.ragadmin, "reindex")
		if err != nil {
			return err
		}
		if r.code != 0 {
			return fmt.Errorf("ragadmin reindex: exit %d: %s", r.code, r.stderr)
		}
		if !bytes.Contains(r.stderr, []byte("the index is up to date")) {
			return fmt.Errorf("ragadmin reindex rebuilt although nothing changed: %s", lastLine(r.stderr))
		}
		times = append(times, r.wall)
		fmt.Printf("  %v\n", r.wall.Round(time.Millisecond))
	}
	p50 := pct(times, 50)
	ratio := p50.Seconds() / b.full.Seconds()
	b.rows = append(b.rows, row{
		figure: fmt.Sprintf("reindex, nothing changed (p50 of %d)", len(times)),
		ours:   fmtDur(p50), ref: "full build " + fmtDur(b.full), ratio: fmt.Sprintf("%.3f", ratio),
		bar: fmt.Sprintf("<= %.1f x full build", noChangeBar), result: passFail(ratio <= noChangeBar),
	})
	return nil
}

// mandb times man-db's full rebuild of its database, or says why not.
func (b *bench) mandb() (time.Duration, string) {
	if b.o.mandb == "" {
		return 0, "disabled (-mandb '')"
	}
	path, err := exec.LookPath(b.o.mandb)
	if err != nil {
		return 0, err.Error()
	}
	if os.Geteuid() != 0 {
		return 0, "not root: mandb -c rewrites the system's man database"
	}
	r, err := b.cmd(30*time.Minute, path, "-c", "-q")
	if err != nil {
		return 0, err.Error()
	}
	if r.code != 0 {
		return 0, fmt.Sprintf("exit %d: %s", r.code, lastLine(r.stderr))
	}
	return r.wall, ""
}

// coldStart times first calls that must spawn the backend.
func (b *bench) coldStart() error {
	fmt.Printf("bench: first call with no backend running, %d times ...\n", b.o.cold)
	var times []time.Duration
	prev := 0
	for i := range b.o.cold {
		if err := b.stopBackend(); err != nil {
			return err
		}
		if pid, _ := b.backendPID(); pid != 0 {
			return fmt.Errorf("backend %d still answers after shutdown", pid)
		}
		q := b.qs[i%len(b.qs)]
		d, err := b.ask(q.text)
		if err != nil {
			return err
		}
		pid, err := b.backendPID()
		if err != nil {
			return fmt.Errorf("no backend after a first call: %w", err)
		}
		if pid == prev {
			return fmt.Errorf("first call did not start a new backend (pid %d)", pid)
		}
		prev = pid
		times = append(times, d)
		fmt.Printf("  %v  (backend pid %d) %s\n", d.Round(time.Millisecond), pid, q.text)
	}
	p50 := pct(times, 50)
	fmt.Printf("  p50 %v, min %v, max %v\n", p50.Round(time.Millisecond), pct(times, 0).Round(time.Millisecond), pct(times, 100).Round(time.Millisecond))
	b.rows = append(b.rows, row{
		figure: fmt.Sprintf("first call, no backend (p50 of %d)", len(times)),
		ours:   fmtDur(p50), ref: "-", ratio: "-",
		bar: "<= " + coldBar.String(), result: passFail(p50 <= coldBar),
	})
	return nil
}

// warm times every question with the backend running, each -runs times
// after one warm-up call, interleaved with apropos on the same question's
// content words.
func (b *bench) warm() error {
	fmt.Printf("bench: warm queries, %d questions x %d runs, against apropos ...\n", len(b.qs), b.o.runs)
	if _, err := b.ask(b.qs[0].text); err != nil { // the backend is running after coldStart
		return err
	}
	aproposPath, aerr := exec.LookPath(b.o.apropos)
	var ours, theirs []time.Duration
	for range b.o.runs {
		for _, q := range b.qs {
			d, err := b.ask(q.text)
			if err != nil {
				return err
			}
			ours = append(ours, d)
			if aerr != nil {
				continue
			}
			// apropos ORs its keywords; exit 16 is "nothing appropriate"
			args := append([]string{"--"}, q.words...)
			r, err := b.cmd(time.Minute, aproposPath, args...)
			if err != nil {
				return err
			}
			if r.code != 0 && r.code != 16 {
				return fmt.Errorf("apropos %s: exit %d: %s", strings.Join(q.words, " "), r.code, lastLine(r.stderr))
			}
			theirs = append(theirs, r.wall)
		}
	}
	p50 := pct(ours, 50)
	fmt.Printf("  ragman --json: p50 %v, p90 %v, min %v, max %v (%d calls)\n", fmtDur(p50), fmtDur(pct(ours, 90)), fmtDur(pct(ours, 0)), fmtDur(pct(ours, 100)), len(ours))
	r := row{figure: fmt.Sprintf("warm query p50 (%d q x %d)", len(b.qs), b.o.runs), ours: fmtDur(p50), bar: fmt.Sprintf("<= %.2f x apropos", warmRatioBar)}
	if aerr != nil {
		fmt.Printf("  apropos: SKIP: %v\n", aerr)
		r.ref, r.ratio, r.result = "apropos: SKIP", "-", "SKIP"
	} else {
		ap50 := pct(theirs, 50)
		fmt.Printf("  apropos WORDS: p50 %v, p90 %v, min %v, max %v (%d calls)\n", fmtDur(ap50), fmtDur(pct(theirs, 90)), fmtDur(pct(theirs, 0)), fmtDur(pct(theirs, 100)), len(theirs))
		ratio := p50.Seconds() / ap50.Seconds()
		r.ref, r.ratio, r.result = "apropos "+fmtDur(ap50), fmt.Sprintf("%.2f", ratio), passFail(ratio <= warmRatioBar)
	}
	b.rows = append(b.rows, r)
	aim := "met"
	if p50 >= warmAim {
		aim = "missed"
	}
	b.rows = append(b.rows, row{figure: "warm query p50, absolute", ours: fmtDur(p50), ref: "-", ratio: "-", bar: "< " + warmAim.String() + " (aim)", result: aim})
	return nil
}

// memory reads the backend's resident memory after the warm queries.
func (b *bench) memory() error {
	fmt.Println("bench: backend memory ...")
	pid, err := b.backendPID()
	if err != nil {
		return err
	}
	st, err := procStatus(pid)
	if err != nil {
		return err
	}
	rss, hwm := st["VmRSS"], st["VmHWM"]
	fmt.Printf("  pid %d: VmRSS %s, VmHWM %s\n", pid, fmtBytes(rss), fmtBytes(hwm))
	b.rows = append(b.rows, row{
		figure: "backend VmRSS, index loaded",
		ours:   fmtBytes(rss) + " (HWM " + fmtBytes(hwm) + ")", ref: "-", ratio: "-",
		bar: "<= " + fmtBytes(rssBar), result: passFail(rss <= rssBar),
	})
	return nil
}

// procStatus reads the kB fields of /proc/PID/status, in bytes.
func procStatus(pid int) (map[string]int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return nil, err
	}
	m := map[string]int64{}
	for l := range strings.Lines(string(data)) {
		k, v, ok := strings.Cut(l, ":")
		f := strings.Fields(v)
		if !ok || len(f) != 2 || f[1] != "kB" {
			continue
		}
		if n, err := strconv.ParseInt(f[0], 10, 64); err == nil {
			m[k] = n << 10
		}
	}
	return m, nil
}

// backendPID returns the pid from the hello of the backend that answers
// on the private socket, 0 and an error when none answers.
func (b *bench) backendPID() (int, error) {
	c, _, hello, err := b.dial()
	if err != nil {
		return 0, err
	}
	c.Close()
	return hello.PID, nil
}

func (b *bench) dial() (net.Conn, *bufio.Reader, *proto.Hello, error) {
	c, err := net.DialTimeout("unix", rundir.SocketPath(b.runDir), 5*time.Second)
	if err != nil {
		return nil, nil, nil, err
	}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(c)
	line, err := proto.ReadFrame(br)
	if err != nil {
		c.Close()
		return nil, nil, nil, fmt.Errorf("read hello: %w", err)
	}
	var f proto.Frame
	if err := json.Unmarshal(line, &f); err != nil || f.Type != proto.TypeHello || f.Hello == nil {
		c.Close()
		return nil, nil, nil, fmt.Errorf("no hello: %s", line)
	}
	return c, br, f.Hello, nil
}

// stopBackend asks the backend on the private socket to shut down and
// waits until its process is gone. Without a backend it does nothing.
func (b *bench) stopBackend() error {
	c, br, hello, err := b.dial()
	if err != nil {
		return nil // nobody answers: nothing to stop
	}
	pid := hello.PID
	req, _ := proto.Encode(&proto.Request{V: proto.Version, Method: proto.MethodShutdown, CorrelationID: "bench-shutdown"})
	if _, err := c.Write(req); err == nil {
		for {
			line, err := proto.ReadFrame(br)
			if err != nil {
				break
			}
			var f proto.Frame
			if json.Unmarshal(line, &f) == nil && (f.Type == proto.TypeResult || f.Type == proto.TypeError) {
				break
			}
		}
	}
	c.Close()
	if waitGone(pid, 10*time.Second) {
		return nil
	}
	// it did not listen: terminate it, it is ours
	syscall.Kill(pid, syscall.SIGTERM)
	if waitGone(pid, 5*time.Second) {
		return nil
	}
	syscall.Kill(pid, syscall.SIGKILL)
	if waitGone(pid, 5*time.Second) {
		return nil
	}
	return fmt.Errorf("backend %d does not exit", pid)
}

// waitGone waits until pid has exited (gone, or a zombie nobody reaps).
func waitGone(pid int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return true
		}
		// pid (comm) state ...: the state follows the last ')'
		if i := bytes.LastIndexByte(data, ')'); i >= 0 && i+2 < len(data) && (data[i+2] == 'Z' || data[i+2] == 'X') {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// table prints the results.
func (b *bench) table() {
	if len(b.rows) == 0 {
		return
	}
	head := row{"figure", "ragman", "reference (same run)", "ratio", "bar", "result"}
	rows := append([]row{head}, b.rows...)
	var w [6]int
	cells := func(r row) []string { return []string{r.figure, r.ours, r.ref, r.ratio, r.bar, r.result} }
	for _, r := range rows {
		for i, c := range cells(r) {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	fmt.Println()
	for k, r := range rows {
		var line strings.Builder
		for i, c := range cells(r) {
			if i > 0 {
				line.WriteString("  ")
			}
			line.WriteString(c)
			if i < len(w)-1 {
				line.WriteString(strings.Repeat(" ", w[i]-len([]rune(c))))
			}
		}
		fmt.Println(line.String())
		if k == 0 {
			total := 2 * (len(w) - 1)
			for _, n := range w {
				total += n
			}
			fmt.Println(strings.Repeat("-", total))
		}
	}
}

// readQuestions reads the question set: id, question, expected pages,
// mention words, kind, tab-separated; blank lines and '#' comments skipped.
func readQuestions(path string) ([]question, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var qs []question
	for n, l := range strings.Split(string(data), "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) < 2 || strings.TrimSpace(f[1]) == "" {
			return nil, fmt.Errorf("%s:%d: want id<TAB>question...", path, n+1)
		}
		q := question{id: f[0], text: strings.TrimSpace(f[1])}
		q.words = contentWords(q.text)
		if len(q.words) == 0 {
			return nil, fmt.Errorf("%s:%d: no content words in %q", path, n+1, q.text)
		}
		qs = append(qs, q)
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("%s: no questions", path)
	}
	return qs, nil
}

// stopWords are left out of the apropos keywords, the same for every
// question.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a about all an and any are as at be by can do does
		for from get how i if in into is it its me my of on or out s so some such that the their them
		then there these this those to up use using what when where which who why will with without you your`) {
		stopWords[w] = true
	}
}

// contentWords are the words of a question without stop words: lower case
// letters and digits, split at everything else.
func contentWords(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if len(w) < 2 || stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

// pct is the p-th percentile (nearest rank; 50 is the median, the lower
// middle for an even count).
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (p*len(s) + 99) / 100 // ceil(p/100 * n)
	return s[max(i-1, 0)]
}

func passFail(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

func fmtDur(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	default:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
}

func fmtBytes(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

func clip(b []byte) string {
	if len(b) > 200 {
		b = b[:200]
	}
	if len(b) == 0 {
		return ""
	}
	return " " + strings.TrimSpace(string(b))
}
