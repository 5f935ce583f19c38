package ragadmincmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// A nudge reaches the backends that have run a while, and no other
// process: not a backend just started, whose runtime ends it on SIGUSR1
// until its Main catches the signal (a test's backend died so while
// another test nudged), nor a program of another name. Sleeps stand for
// the processes: the fake /proc tree says what each one runs and since
// when, and the one nudged dies of the signal it does not catch.
func TestNudgeBackends(t *testing.T) {
	proc := t.TempDir()
	start := func() *exec.Cmd {
		cmd := exec.Command("sleep", "30")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	ready, young, other := start(), start(), start()
	// uptime 1000 s; a start is in ticks of 1/100 s since boot
	os.WriteFile(filepath.Join(proc, "uptime"), []byte("1000.00 1800.00\n"), 0o644)
	fake := func(cmd *exec.Cmd, cmdline string, started int) {
		dir := filepath.Join(proc, strconv.Itoa(cmd.Process.Pid))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "cmdline"), []byte(cmdline), 0o644)
		stat := strconv.Itoa(cmd.Process.Pid) + " (rag) admin)) S 1 1 1 0 -1 4194560 100 0 0 0 1 1 0 0 20 0 4 0 " + strconv.Itoa(started) + " 1000000 100\n"
		os.WriteFile(filepath.Join(dir, "stat"), []byte(stat), 0o644)
	}
	fake(ready, "/usr/bin/ragadmin\x00__backend\x00", 90000) // 100 s old
	fake(young, "/usr/bin/ragadmin\x00__backend\x00", 99995) // 50 ms old
	fake(other, "/usr/bin/vim\x00__backend\x00", 90000)
	nudged, denied := nudgeBackends(proc)
	if !slices.Equal(nudged, []int{ready.Process.Pid}) || denied != 0 {
		t.Errorf("nudged %v (%d denied), want only the backend that has run a while, %d", nudged, denied, ready.Process.Pid)
	}
	done := make(chan error, 1)
	go func() { done <- ready.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("the nudged sleep exited 0, want it ended by SIGUSR1")
		}
	case <-time.After(10 * time.Second):
		t.Error("the nudged sleep still runs after 10 s")
	}
	// one that settles while ragadmin waits for it is nudged then: a
	// question that started the backend just before the nudge (a test
	// that does so failed on a fast machine)
	ageing := start()
	fake(ageing, "/usr/bin/ragadmin\x00__backend\x00", 99999)
	forget := func(c *exec.Cmd) { os.RemoveAll(filepath.Join(proc, strconv.Itoa(c.Process.Pid))) }
	forget(ready)
	forget(young)
	go func() {
		time.Sleep(50 * time.Millisecond)
		os.WriteFile(filepath.Join(proc, "uptime"), []byte("1001.00 1800.00\n"), 0o644)
	}()
	if nudged, _ := nudgeBackends(proc); !slices.Equal(nudged, []int{ageing.Process.Pid}) {
		t.Errorf("nudged %v, want the backend that settled meanwhile, %d", nudged, ageing.Process.Pid)
	}
	if settled(proc, "4242") {
		t.Error("settled of a process that is gone: true")
	}
}
