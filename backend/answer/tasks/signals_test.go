package tasks

import "testing"

func TestSignalOption(t *testing.T) {
	for name, want := range map[string]int{
		"-9": 9, "-15": 15, "-KILL": 9, "-SIGKILL": 9, "-SIGHUP": 1, "-USR1": 10,
		"-RS": 0, "-K": 0, "--KILL": 0, "-kill": 0, "-999": 0, "-0": 0, "-": 0, "KILL": 0,
	} {
		if got := SignalOption(name); got != want {
			t.Errorf("SignalOption(%q) = %d, want %d", name, got, want)
		}
	}
	for word, want := range map[string]bool{"KILL": true, "SIGTERM": true, "sigterm": true, "stop": false, "Term": false, "SIGFOO": false} {
		if got := Signal(word); got != want {
			t.Errorf("Signal(%q) = %v, want %v", word, got, want)
		}
	}
}
