package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"sync"
	"syscall"
	"time"
)

var (
	soak        = flag.Bool("soak", false, "instead of the performance bars, the soak of issue 22: load, questions during full reindexes, backends killed at random")
	soakClients = flag.Int("clients", 20, "soak: clients asking at once")
	soakKills   = flag.Int("kills", 30, "soak: backends killed with SIGKILL")
)

// runSoak is make soak: the figures and the failures of a backend under
// load, while full reindexes switch versions, and killed at random.
func (b *bench) runSoak() error {
	for _, step := range []func() error{b.initialBuild, b.load, b.duringReindex, b.killed} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// asking is what a set of clients saw.
type asking struct {
	mu       sync.Mutex
	times    []time.Duration
	failures []string
}

func (a *asking) add(d time.Duration, err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil {
		a.failures = append(a.failures, err.Error())
		return
	}
	a.times = append(a.times, d)
}

// clients has n clients ask each questions, the set in turn from a place
// of their own, and returns what they saw and how long it took.
func (b *bench) clients(n, each int) (*asking, time.Duration) {
	a := &asking{}
	var wg sync.WaitGroup
	start := time.Now()
	for c := range n {
		wg.Go(func() {
			for i := range each {
				q := b.qs[(c*7+i)%len(b.qs)].text
				d, err := b.ask(q)
				a.add(d, err)
			}
		})
	}
	wg.Wait()
	return a, time.Since(start)
}

// load measures throughput and latency of clients asking at once.
func (b *bench) load() error {
	fmt.Printf("bench: load, %d clients x 30 questions ...\n", *soakClients)
	a, took := b.clients(*soakClients, 30)
	n := len(a.times) + len(a.failures)
	qps := float64(n) / took.Seconds()
	fmt.Printf("  %d questions in %v: %.1f questions/s, p50 %v, p95 %v, %d failed\n", n, took.Round(time.Millisecond), qps,
		fmtDur(pct(a.times, 50)), fmtDur(pct(a.times, 95)), len(a.failures))
	b.rows = append(b.rows,
		row{figure: fmt.Sprintf("load: %d clients x 30, throughput", *soakClients), ours: fmt.Sprintf("%.1f q/s", qps), ref: "-", ratio: "-", bar: "reported", result: "-"},
		row{figure: "load: p95", ours: fmtDur(pct(a.times, 95)), ref: "-", ratio: "-", bar: "reported", result: "-"},
		row{figure: "load: failures", ours: fmt.Sprint(len(a.failures)), ref: "-", ratio: "-", bar: "0", result: passFail(len(a.failures) == 0)})
	b.failures("load", a.failures)
	return nil
}

// duringReindex has the clients ask while full reindexes build and
// switch versions one after another.
func (b *bench) duringReindex() error {
	fmt.Printf("bench: %d clients x 50 questions while full reindexes run and switch ...\n", *soakClients)
	stop := make(chan struct{})
	var builds int
	var buildErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			r, err := b.cmd(30*time.Minute, b.o.ragadmin, "reindex", "--force")
			if err == nil && r.code != 0 {
				err = fmt.Errorf("ragadmin reindex --force: exit %d: %s", r.code, lastLine(r.stderr))
			}
			if err != nil {
				buildErr = err
				return
			}
			builds++
		}
	}()
	a, took := b.clients(*soakClients, 50)
	close(stop)
	<-done
	if buildErr != nil {
		return buildErr
	}
	fmt.Printf("  %d questions in %v across %d full reindexes, %d failed\n", len(a.times)+len(a.failures), took.Round(time.Millisecond), builds, len(a.failures))
	b.rows = append(b.rows, row{figure: fmt.Sprintf("asked during %d full reindexes", builds), ours: fmt.Sprintf("%d failed of %d", len(a.failures), len(a.times)+len(a.failures)),
		ref: "-", ratio: "-", bar: "0 failures", result: passFail(len(a.failures) == 0 && builds > 0)})
	b.failures("during reindex", a.failures)
	return nil
}

// killed kills the backend with SIGKILL at a random moment of questions
// and a reindex, kills times; the next question must be answered each
// time, and health pass at the end.
func (b *bench) killed() error {
	fmt.Printf("bench: %d backends killed at random during questions and a reindex ...\n", *soakKills)
	var after []string
	for k := range *soakKills {
		pid, err := b.backendPID()
		if err != nil {
			if _, err := b.ask(b.qs[0].text); err != nil { // starts one
				return err
			}
			if pid, err = b.backendPID(); err != nil {
				return err
			}
		}
		var wg sync.WaitGroup
		wg.Go(func() { b.cmd(time.Minute, b.o.ragadmin, "reindex", "--force") })
		for c := range 3 {
			wg.Go(func() { b.ask(b.qs[(k+c)%len(b.qs)].text) })
		}
		time.Sleep(time.Duration(rand.IntN(400)) * time.Millisecond)
		syscall.Kill(pid, syscall.SIGKILL)
		wg.Wait()
		if _, err := b.ask(b.qs[k%len(b.qs)].text); err != nil {
			after = append(after, fmt.Sprintf("kill %d: %v", k+1, err))
		}
	}
	r, err := b.cmd(time.Minute, b.o.ragadmin, "health")
	if err != nil {
		return err
	}
	fmt.Printf("  %d next questions failed; ragadmin health: exit %d\n", len(after), r.code)
	b.rows = append(b.rows,
		row{figure: fmt.Sprintf("next question after %d kill -9", *soakKills), ours: fmt.Sprintf("%d failed", len(after)), ref: "-", ratio: "-", bar: "0 failures", result: passFail(len(after) == 0)},
		row{figure: "health after the kills", ours: fmt.Sprintf("exit %d", r.code), ref: "-", ratio: "-", bar: "exit 0", result: passFail(r.code == 0)})
	b.failures("after a kill", after)
	if r.code != 0 {
		fmt.Printf("%s", r.stdout)
	}
	return nil
}

// failures prints the first few of what failed.
func (b *bench) failures(what string, fs []string) {
	for i, f := range fs {
		if i == 5 {
			fmt.Printf("  ... and %d more\n", len(fs)-5)
			return
		}
		fmt.Printf("  FAILED (%s): %s\n", what, f)
	}
}
