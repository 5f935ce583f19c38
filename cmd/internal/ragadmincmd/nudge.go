package ragadmincmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// NudgeCmd asks the running backends to check their sources now.
type NudgeCmd struct {
	cli.OutputFlags `embed:""`
	Quiet           bool `short:"q" help:"Print nothing unless something fails."`
}

func (c *NudgeCmd) Help() string {
	return `A running backend checks its sources every backend.refresh_interval
(5s) and refreshes the index when pages were added or removed. nudge makes
every backend the caller may signal (as root, every user's) check at once:
the package manager's hook (ragadmin install-hook) runs it after each
install or removal. A backend that is not running checks when it starts.`
}

func (c *NudgeCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		return cli.JSONFailure(env, c.JSON, err)
	}
	nudged, denied := nudgeBackends("/proc")
	if jsonMode {
		return cli.WriteJSON(env.Stdout, struct {
			Nudged []int `json:"nudged"`
			Denied int   `json:"denied"`
		}{append([]int{}, nudged...), denied})
	}
	if c.Quiet {
		return nil
	}
	switch {
	case len(nudged) == 0 && denied > 0:
		env.Say("nudged no backend: %d belong to other users (run as root to nudge them)", denied)
	case len(nudged) == 0:
		env.Say("no backend is running; the next one checks the sources when it starts")
	default:
		env.Say("nudged %s: it checks its sources now", health.Plural(len(nudged), "backend", "backends"))
	}
	return nil
}

// nudgeBackends sends SIGUSR1 to every process under proc that runs
// `ragadmin __backend` (or `ragman __backend`), and returns the pids it reached and how many it
// may not signal. The command line is what tells: a backend is a
// ragadmin however it was installed, and SIGUSR1 would end any other
// program.
//
// A backend so new it may not yet catch SIGUSR1 (until its Main's
// nudge.Catch, the Go runtime ends the process on it) is nudged once it
// has run settleAge, waited for once; one that has still not is left
// alone: it reads its sources as it starts.
func nudgeBackends(proc string) (nudged []int, denied int) {
	var young []string
	entries, _ := os.ReadDir(proc)
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join(proc, e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		args := bytes.Split(bytes.TrimRight(cmdline, "\x00"), []byte{0})
		if len(args) < 2 || !backendProg[filepath.Base(string(args[0]))] || string(args[1]) != cli.BackendCommand {
			continue
		}
		if !settled(proc, e.Name()) {
			young = append(young, e.Name())
			continue
		}
		nudged, denied = signalBackend(pid, nudged, denied)
	}
	if len(young) > 0 {
		time.Sleep(settleAge)
		for _, p := range young {
			if pid, _ := strconv.Atoi(p); settled(proc, p) {
				nudged, denied = signalBackend(pid, nudged, denied)
			}
		}
	}
	return nudged, denied
}

// signalBackend sends SIGUSR1 to pid, adding it to nudged where it
// reached it and counting it in denied where it may not signal it.
func signalBackend(pid int, nudged []int, denied int) ([]int, int) {
	switch err := syscall.Kill(pid, syscall.SIGUSR1); {
	case err == nil:
		nudged = append(nudged, pid)
	case errors.Is(err, syscall.EPERM):
		denied++
	}
	return nudged, denied
}

// settleAge is how long a backend has run before a nudge may reach it:
// far longer than the runtime and package inits before its Main catches
// SIGUSR1, far shorter than a backend takes to answer its first question.
const settleAge = 200 * time.Millisecond

// settled says whether process pid (under proc) has run settleAge: its
// start in /proc/PID/stat (the 22nd field, in clock ticks since boot;
// USER_HZ is 100 on every Linux ABI) against proc's uptime.
func settled(proc, pid string) bool {
	stat, err := os.ReadFile(filepath.Join(proc, pid, "stat"))
	if err != nil {
		return false
	}
	// the command's name, field 2, is in parentheses and may hold
	// spaces and parentheses of its own: the fields after it follow
	// the last ')'
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return false
	}
	fields := strings.Fields(string(stat[i+1:]))
	const startField = 22 - 3 // fields 3 onwards follow the name
	if len(fields) <= startField {
		return false
	}
	ticks, err := strconv.ParseUint(fields[startField], 10, 64)
	if err != nil {
		return false
	}
	up, err := os.ReadFile(filepath.Join(proc, "uptime"))
	if err != nil {
		return false
	}
	f := strings.Fields(string(up))
	if len(f) == 0 {
		return false
	}
	uptime, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return false
	}
	age := time.Duration((uptime - float64(ticks)/100) * float64(time.Second))
	return age >= settleAge
}

// backendProg are the names a backend runs under: a CLI starts its own
// binary, and a client-only ragman starts ragadmin.
var backendProg = map[string]bool{"ragman": true, "ragadmin": true}
