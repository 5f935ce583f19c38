package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
)

func TestDashSlot(t *testing.T) {
	for term, want := range map[string]string{
		"-<signal>, -s <signal>, --signal <signal>": "signal", // kill(1)
		"-signal, --signal signal":                  "signal", // pkill(1)
		"-s, --signal, -SIGNAL":                     "signal", // killall(1)
		"-WIDTH, -w, --width=WIDTH":                 "width",  // fmt(1)
		"-s, --signal=SIGNAL":                       "",       // timeout(1): no value after a dash
		"-n, --lines=[-]NUM":                        "",
		"-name pattern":                             "",
		"-1":                                        "",
		"-RS":                                       "",
	} {
		checkString(t, "dashSlot", dashSlot, term, want)
	}
}

// checkString fails t where fn(in), named name, is not want.
func checkString(t *testing.T, name string, fn func(string) string, in, want string) {
	t.Helper()
	if got := fn(in); got != want {
		t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
	}
}

func TestGivenSignal(t *testing.T) {
	for q, want := range map[string]string{
		"send the process 4312 the KILL signal":          "-KILL",
		"make nginx reread its config by sending SIGHUP": "-SIGHUP",
		"send signal 9 to process 77":                    "-9",
		"stop the process that uses port 80":             "",
		"kill the term process":                          "",
		"send 9 lines":                                   "",
		"SIGTERM vs SIGKILL, what is the difference?":    "",
		"send SIGKILL, signal 9, to it":                  "-SIGKILL",
		// a signal said in words before "signal"
		"send the hang-up signal to process 4211": "-HUP",
		"send an interrupt signal to the job":     "-INT",
		"the stop button":                         "",
		// a kill by force is one by the signal that cannot be caught
		"Kill the process with PID 4242 forcefully.": "-9",
		"force-kill firefox":                         "-9",
		"force unmount /mnt/usb":                     "",
	} {
		checkString(t, "givenSignal", givenSignal, q, want)
	}
}

// People's command lines give kill's "-<signal>" as its values, "-9"
// or "-KILL", which the item's names never are.
func TestDashUsage(t *testing.T) {
	scores := map[string]float64{"-9": 0.9, "-KILL": 0.7, "-K": 0.95, "-l": 0.96, "-L": 0.5, "-15": 0.3}
	own := map[string]bool{"-l": true, "-L": true, "-s": true}
	if v, name := dashUsage(scores, "signal", own); name != "-9" || v != 0.9 {
		t.Errorf("signal slot: %q at %v, want -9 at 0.9", name, v)
	}
	if _, name := dashUsage(map[string]float64{"-KILL": 0.7, "-30": 0.2}, "width", own); name != "-30" {
		t.Errorf("width slot: %q, want -30 (a signal is no width)", name)
	}
	// a value that does not stand out is none
	if _, name := dashUsage(map[string]float64{"-15": 0.85, "-USR1": 0.8}, "signal", own); name != "" {
		t.Errorf("a value close to another was taken: %q", name)
	}
	// where the page lists "-1" itself, it is no value of a slot
	if _, name := dashUsage(map[string]float64{"-1": 0.7}, "num", map[string]bool{"-1": true}); name != "" {
		t.Errorf("an option of the page's own was taken for a value: %q", name)
	}
}

// A question that names a signal gets the option that takes it, with
// it, first: `kill -KILL`, not the page's example of the default signal.
func TestSignalFirst(t *testing.T) {
	s, ps := optionsPage("kill",
		"<pid> [...]", "Send signal to every <pid> listed.",
		"-<signal>, -s <signal>, --signal <signal>", "Specify the signal to be sent. The signal can be specified by using name or number.",
		"-l, --list [signal]", "List signal names.")
	for _, tc := range []struct {
		signal string
		want   string
	}{
		{"-KILL", "`kill -KILL`"},
		{"", "<pid> [...]"},
	} {
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: 0, usagesRead: true, signal: tc.signal, howto: true}
		got := c.signalFirst(s, ps, []passage{ps[0], ps[2]})
		if st := c.step(s, got[0]); !strings.HasPrefix(st, tc.want) {
			t.Errorf("signal %q: first step %q, want it to start with %q", tc.signal, st, tc.want)
		}
	}
	// the value people give most, where the question names none
	c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: 0, usagesRead: true,
		dashValues: map[string]string{ps[1].block.Term: "-9"}}
	if st := c.step(s, ps[1]); !strings.HasPrefix(st, "`kill -9`") {
		t.Errorf("step %q, want `kill -9`", st)
	}
}
