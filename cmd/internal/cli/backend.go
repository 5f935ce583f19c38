package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/ragman-dev/ragman/backend/client"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/cmd/internal/version"
)

// BackendCommand is the hidden subcommand a CLI starts itself with to run
// the backend.
const BackendCommand = "__backend"

// BackendCmd runs the backend for a CLI that spawned it.
type BackendCmd struct{}

func (c *BackendCmd) Run(env *Env) error { return Serve(env, false) }

func (e *Env) clientOptions() client.Options {
	return client.Options{
		Version: version.Version,
		Spawn: func() *exec.Cmd {
			exe, err := os.Executable()
			if err != nil {
				exe = os.Args[0]
			}
			prog := e.Prog
			if !hasBackend {
				// A client-only build runs the backend from the ragadmin
				// installed beside it.
				exe, prog = filepath.Join(filepath.Dir(exe), "ragadmin"), "ragadmin"
			}
			cmd := exec.Command(exe, BackendCommand)
			// argv[0] is the program's name, not the file's: a binary that
			// dispatches on its name (a test binary standing in for ragman
			// and ragadmin, a multi-call install) then runs the right main.
			// The path executed is still os.Executable().
			cmd.Args[0] = prog
			return cmd
		},
		LogFile: e.Paths.LogFile,
	}
}

// Call sends one request to the backend, starting it if need be, and
// decodes the result into out. Transport failures exit 2 with the
// correlation id; errors the backend reports exit 1 with its message.
func (e *Env) Call(method string, params, out any, progress func(proto.Progress)) error {
	// The backend refuses a data folder of another user (server.Serve);
	// refused here, the user reads why and the hint, not "unreachable".
	if err := config.EnsureDataDir(e.Paths.DataDir); err != nil {
		return err
	}
	e.Log.Log(e.CID, "Env.Call", "send", "method", method)
	raw, err := client.Call(context.Background(), e.clientOptions(), method, e.CID, params, progress)
	if err != nil {
		var pe *proto.Error
		if errors.As(err, &pe) {
			e.Log.Log(e.CID, "Env.Call", "backend error", "code", pe.Code, "err", pe.Message)
			return &BackendError{Err: pe}
		}
		e.Log.Log(e.CID, "Env.Call", "unreachable", "err", err)
		var se *client.StalledError
		if errors.As(err, &se) {
			return Exit(ExitUnreachable, fmt.Errorf("%v (correlation id %s); it may be stuck", se, e.CID),
				"run `ragadmin health` to see what it is doing")
		}
		return Exit(ExitUnreachable, fmt.Errorf("backend unreachable (correlation id %s): %v", e.CID, cause(err)),
			"see the log "+e.Paths.LogFile+"; `ragadmin serve` runs the backend in the foreground")
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return Exit(ExitUnreachable, fmt.Errorf("backend unreachable (correlation id %s): bad reply: %v", e.CID, err), "")
		}
	}
	return nil
}

// cause strips the "backend unreachable" prefix the client already put on
// its error.
func cause(err error) string {
	s := err.Error()
	prefix := client.ErrUnreachable.Error() + ": "
	if len(s) > len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):]
	}
	return s
}

// BackendError is an error the backend reported; it exits 1 unless the
// caller knows better.
type BackendError struct{ Err *proto.Error }

func (b *BackendError) Error() string { return b.Err.Message }

// Code is the backend's error code.
func (b *BackendError) Code() string { return b.Err.Code }

// AsExit turns it into the CLIs' error voice with the backend's hint.
// The BackendError stays in the chain, so callers can still read its
// Code with errors.As.
func (b *BackendError) AsExit() error { return Exit(ExitError, b, b.Err.Hint) }
