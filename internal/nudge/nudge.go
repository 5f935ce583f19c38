// Package nudge is how a backend hears `ragadmin nudge`: SIGUSR1, which
// ends a Go program that has not asked for it. The backend asks as the
// first thing its process does (Catch, from the CLI's Main), not when it
// starts serving: a nudge in between, from apt's hook or another user's
// ragadmin, would kill a backend that is still loading its config.
package nudge

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// C receives the nudges once Catch has run.
var C = make(chan os.Signal, 1)

var once sync.Once

// Catch starts catching SIGUSR1 into C; it may be called more than once.
func Catch() { once.Do(func() { signal.Notify(C, syscall.SIGUSR1) }) }
