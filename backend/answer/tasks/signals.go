package tasks

import (
	"strconv"
	"strings"
)

// signals are the names of the signals kill(1) and its kin take after a
// dash, without the SIG prefix they may also be written with, and their
// numbers on Linux.
var signals = map[string]int{"HUP": 1, "INT": 2, "QUIT": 3, "ILL": 4, "TRAP": 5, "ABRT": 6, "IOT": 6,
	"BUS": 7, "FPE": 8, "KILL": 9, "USR1": 10, "SEGV": 11, "USR2": 12, "PIPE": 13, "ALRM": 14, "TERM": 15,
	"STKFLT": 16, "CHLD": 17, "CONT": 18, "STOP": 19, "TSTP": 20, "TTIN": 21, "TTOU": 22, "URG": 23,
	"XCPU": 24, "XFSZ": 25, "VTALRM": 26, "PROF": 27, "WINCH": 28, "IO": 29, "POLL": 29, "PWR": 30, "SYS": 31}

// Signal says whether word names a signal as a command line or a question
// writes it: "KILL", "SIGHUP", "sigterm"; a bare name only in capitals,
// since "stop" and "term" are words too.
func Signal(word string) bool { return signalNumber(word) > 0 }

func signalNumber(word string) int {
	if up := strings.ToUpper(word); strings.HasPrefix(up, "SIG") && signals[up[3:]] > 0 {
		return signals[up[3:]]
	}
	return signals[word]
}

// SignalOption is the number of the signal an option of a command line
// gives after a dash, by name or by number ("-KILL", "-SIGKILL" and "-9"
// are 9), and 0 where it gives none; which no bundle of letters is:
// kill's -KILL is no -K, -I and -L.
func SignalOption(name string) int {
	v, ok := strings.CutPrefix(name, "-")
	if !ok || v == "" || strings.HasPrefix(v, "-") {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n > 0 && n <= 64 && v[0] != '0' {
			return n
		}
		return 0
	}
	return signalNumber(v)
}
