// Package health is what `ragadmin health` and `ragadmin init` check: the
// index (present, intact, fresh), the sources, the disk space of the data
// folder and the engines the config selects. Each check is PASS, WARN or
// FAIL with a one-line detail and, when it is not PASS, a one-line hint.
package health

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/internal/envvar"
)

// Check statuses.
const (
	Pass = "PASS"
	Warn = "WARN"
	Fail = "FAIL"
)

// Check is the outcome of one check.
type Check struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Detail string `json:"detail"`
	Hint   string `json:"hint,omitempty"`
}

// Worst is the most severe status of checks: FAIL, WARN or PASS.
func Worst(checks []Check) string {
	w := Pass
	for _, c := range checks {
		switch {
		case c.Status == Fail:
			return Fail
		case c.Status == Warn:
			w = Warn
		}
	}
	return w
}

// Count returns how many checks have each status.
func Count(checks []Check) map[string]int {
	n := map[string]int{Pass: 0, Warn: 0, Fail: 0}
	for _, c := range checks {
		n[c.Status]++
	}
	return n
}

// Schedule is the waits between the attempts of a probe: an attempt, then
// one more after each wait.
type Schedule []time.Duration

// DefaultSchedule is five retries with exponential backoff.
var DefaultSchedule = Schedule{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}

// DefaultTimeout bounds each attempt of a probe.
const DefaultTimeout = 3 * time.Second

// ScheduleFromEnv is DefaultSchedule unless the test hook
// envvar.TestRetrySchedule overrides it.
func ScheduleFromEnv() Schedule {
	v := os.Getenv(envvar.TestRetrySchedule)
	if v == "" {
		return DefaultSchedule
	}
	if v == "none" {
		return Schedule{}
	}
	var s Schedule
	for _, f := range strings.Split(v, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil {
			return DefaultSchedule
		}
		s = append(s, d)
	}
	return s
}

// Retry calls fn until it succeeds, fn says its error is final (wrap it
// with Final), or the schedule is used up. It returns the number of
// attempts and the last error.
func Retry(ctx context.Context, s Schedule, fn func(context.Context) error) (int, error) {
	attempts := 0
	for i := 0; ; i++ {
		attempts++
		err := fn(ctx)
		var f *finalError
		if err == nil || errors.As(err, &f) || i >= len(s) {
			if f != nil {
				err = f.err
			}
			return attempts, err
		}
		select {
		case <-ctx.Done():
			return attempts, err
		case <-time.After(s[i]):
		}
	}
}

type finalError struct{ err error }

func (f *finalError) Error() string { return f.err.Error() }
func (f *finalError) Unwrap() error { return f.err }

// Final marks an error that retrying cannot fix (a definite answer, such
// as a model that is not installed).
func Final(err error) error { return &finalError{err} }

// Plural is n with its noun: "1 file", "3 files".
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
