package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/render"
)

// OutputFlags are the output choice of every ragadmin command: a table for
// people, JSON for scripts. Without either flag, ragadmin.output_default in
// the config decides.
type OutputFlags struct {
	JSON  bool `name:"json" xor:"output" help:"Print JSON for scripts: one object on stdout, also when the command fails."`
	Table bool `name:"table" xor:"output" help:"Print for people, even when ragadmin.output_default is json."`
}

// UseJSON reports whether to print JSON: --json, or no --table and
// ragadmin.output_default: json. An invalid config is an error naming the
// file and line.
func (o OutputFlags) UseJSON(env *Env) (bool, error) {
	if o.JSON {
		return true, nil
	}
	cfg, err := env.Config()
	if err != nil {
		return false, err
	}
	return o.JSONFor(cfg), nil
}

// JSONFor is UseJSON with the config already loaded.
func (o OutputFlags) JSONFor(cfg config.Config) bool {
	return o.JSON || !o.Table && cfg.Ragadmin.OutputDefault == "json"
}

// WriteJSON prints v as indented JSON, its strings sanitized
// (render.WriteJSON): aliases, labels and paths come from file names.
func WriteJSON(w io.Writer, v any) error { return render.WriteJSON(w, v) }

// ErrorObject is what a command prints on stdout in JSON mode when it
// fails, so a script always has one object to parse.
type ErrorObject struct {
	Status    string `json:"status"` // "error"
	ErrorCode string `json:"error_code"`
	Message   string `json:"message"`
	Hint      string `json:"hint,omitempty"`
}

// JSONFailure prints err as an ErrorObject when jsonMode and returns err
// unchanged, for `return cli.JSONFailure(env, jsonMode, err)`.
func JSONFailure(env *Env, jsonMode bool, err error) error {
	if err == nil || !jsonMode {
		return err
	}
	hint := Hint(err)
	var be *BackendError
	if hint == "" && errors.As(err, &be) {
		hint = be.Err.Hint
	}
	WriteJSON(env.Stdout, ErrorObject{Status: "error", ErrorCode: ErrorCode(err), Message: voice(err.Error()), Hint: voice(hint)})
	return err
}

// Table prints rows under a header in aligned columns, two spaces apart.
// Every cell is sanitized: it may hold text from documents or paths.
func Table(w io.Writer, header []string, rows [][]string) error {
	all := append([][]string{header}, rows...)
	width := make([]int, len(header))
	for _, r := range all {
		for i := range r {
			r[i] = oneLine(render.Sanitize(r[i]))
			width[i] = max(width[i], len([]rune(r[i])))
		}
	}
	var b strings.Builder
	for _, r := range all {
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", width[i]-len([]rune(c))))
			}
		}
		b.WriteString("\n")
	}
	_, err := fmt.Fprint(w, b.String())
	return err
}

// oneLine keeps a cell on its row.
func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\t", " ").Replace(s)
}

// Say prints one line in the program's voice on stderr: "ragadmin: ...".
func (e *Env) Say(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "%s: %s\n", e.Prog, render.Sanitize(fmt.Sprintf(format, args...)))
}

// Warn prints "ragadmin: warning: ..." on stderr.
func (e *Env) Warn(format string, args ...any) {
	e.Say("warning: "+format, args...)
}
