// Package cli is what ragman and ragadmin share: exit codes carried as
// errors, the one voice of their messages, the backend connection with
// its first-run setup, and progress display.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ragman-dev/ragman/internal/termesc"
)

// Exit codes, both CLIs.
const (
	ExitOK          = 0
	ExitError       = 1  // an error the backend reported
	ExitUnreachable = 2  // backend unreachable, transport failure
	ExitNoAnswer    = 3  // below threshold, no answer, stale index
	ExitUsage       = 64 // bad command line (EX_USAGE)
)

// ExitCodeError carries an exit code to the top, where Main returns it.
// Err and Hint are printed unless Silent (the output already said it).
type ExitCodeError struct {
	Code   int
	Err    error
	Hint   string
	Silent bool
	// ErrCode is the stable error code for --json output and the audit
	// log ("not_found", "source_invalid", ...); see ErrorCode.
	ErrCode string
}

func (e *ExitCodeError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitCodeError) Unwrap() error { return e.Err }

// Exit returns an error that makes Main exit with code.
func Exit(code int, err error, hint string) error {
	return &ExitCodeError{Code: code, Err: err, Hint: hint}
}

// Fail is Exit with a stable error code for scripts.
func Fail(code int, errCode string, err error, hint string) error {
	return &ExitCodeError{Code: code, Err: err, Hint: hint, ErrCode: errCode}
}

// ErrorCode is the stable code of err: the backend's, the one given to
// Fail, "backend_unreachable" for exit 2, "usage" for exit 64, "error"
// otherwise.
func ErrorCode(err error) string {
	var be *BackendError
	if errors.As(err, &be) {
		return be.Code()
	}
	var e *ExitCodeError
	if errors.As(err, &e) {
		switch {
		case e.ErrCode != "":
			return e.ErrCode
		case e.Code == ExitUnreachable:
			return "backend_unreachable"
		case e.Code == ExitUsage:
			return "usage"
		}
	}
	return "error"
}

// Hint is the hint err carries, or "": an ExitCodeError's, else one an
// error below knows itself (config.DataDirError).
func Hint(err error) string {
	var e *ExitCodeError
	if errors.As(err, &e) && e.Hint != "" {
		return e.Hint
	}
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		return h.Hint()
	}
	return ""
}

// Silent returns an error that only sets the exit code.
func Silent(code int) error { return &ExitCodeError{Code: code, Silent: true} }

// Report prints err in the programs' voice and returns its exit code:
//
//	ragman: error: backend unreachable (correlation id 1234)
//	ragman: hint: ...
func Report(w io.Writer, prog string, err error) int {
	if err == nil {
		return ExitOK
	}
	code := ExitError
	var e *ExitCodeError
	if errors.As(err, &e) {
		code = e.Code
		if e.Silent {
			return code
		}
	}
	// Messages repeat names from the command line, sources and pages:
	// escaped, so that none can act on the terminal or add a line.
	fmt.Fprintf(w, "%s: error: %s\n", prog, termesc.Escape(voice(err.Error())))
	if hint := Hint(err); hint != "" {
		fmt.Fprintf(w, "%s: hint: %s\n", prog, termesc.Escape(voice(hint)))
	}
	return code
}

// voice lowercases the first letter (unless it starts an acronym or a
// name) and drops a final period.
func voice(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	if len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z') {
		s = string(s[0]+'a'-'A') + s[1:]
	}
	return s
}
