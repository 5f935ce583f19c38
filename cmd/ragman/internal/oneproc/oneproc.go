//go:build thinclient

// Package oneproc runs the client-only ragman on one processor, from
// early in its start: it imports nothing but the runtime, so that its
// init runs before those of the packages ragman links.
package oneproc

import "runtime"

// A client asks the backend and waits, one thing at a time. With a
// second processor, the goroutines of its start and of the wait (the
// runtime's, the packages', the poller's) woke a second thread to run
// them, which spun for work and slept again: on a 2-core machine about
// a millisecond of CPU a call, some of it on a core the backend answers
// on. The variable GOMAXPROCS=1 would do it before the runtime starts;
// this is as early as code can: setting it in main saved nothing
// measurable.
func init() { runtime.GOMAXPROCS(1) }
