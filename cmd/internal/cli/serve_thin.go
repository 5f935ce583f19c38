//go:build thinclient

package cli

import "errors"

// hasBackend: a client-only build (make build) leaves the backend and its
// index readers out, so that each call starts faster; it spawns the
// ragadmin beside it to run the backend. go run ./cmd/ragman builds the
// whole program.
const hasBackend = false

// Serve fails: this build has no backend.
func Serve(env *Env, foreground bool) error {
	return Exit(ExitError, errors.New("this "+env.Prog+" is a client only and cannot run the backend"),
		"the backend runs from ragadmin: `ragadmin serve`")
}
