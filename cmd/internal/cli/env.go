package cli

import (
	"encoding/binary"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"os"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/logging"
	"github.com/ragman-dev/ragman/internal/envvar"
	"golang.org/x/term"
)

// Env is what every command's Run receives: where to write, where the
// files are, the trace logger and this invocation's correlation id.
type Env struct {
	Prog           string
	Stdout, Stderr io.Writer
	Paths          config.Paths
	Log            *logging.Logger
	CID            string
	// StderrTTY is whether stderr is a terminal (progress bars, prompts).
	StderrTTY bool
}

// NewEnv builds the environment of a real invocation.
func NewEnv(prog string) *Env {
	paths := config.DefaultPaths()
	return &Env{
		Prog: prog, Stdout: os.Stdout, Stderr: os.Stderr, Paths: paths,
		Log: logging.Open(paths.LogFile), CID: newCID(),
		StderrTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
}

// newCID is a correlation id: a random (version 4) UUID in its usual
// form, 0f1c2d3e-4a5b-4c6d-8e9f-a0b1c2d3e4f5. It ties one invocation's
// lines in the log together and need not be secret, only unique: the
// runtime's generator, seeded from the system's entropy, is enough, and
// it spares every call the UUID package and what it links (net,
// crypto/md5, crypto/sha1, database/sql/driver).
func newCID() string {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 9562 variant
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:], b[10:])
	return string(s[:])
}

// IsBackend says whether a CLI's arguments (without the program name)
// run it as the backend it spawns (BackendCommand).
func IsBackend(args []string) bool { return len(args) > 0 && args[0] == BackendCommand }

// WarnRenamedEnv prints a warning for each setting set under its old
// RAGCLI_ name, which still works for one release (internal/envvar). A
// CLI calls it as it starts with its arguments; the backend it spawns
// (BackendCommand) does not warn again into the trace log.
func (e *Env) WarnRenamedEnv(args []string) {
	if IsBackend(args) {
		return
	}
	for _, w := range envvar.Warnings() {
		e.Warn("%s", w)
	}
}

// Config loads config.yaml; an invalid file is a usage-level error that
// names the file and line.
func (e *Env) Config() (config.Config, error) {
	cfg, err := config.Load(e.Paths.ConfigFile)
	if err != nil {
		return cfg, Fail(ExitError, "config_invalid", err, "fix the file or remove it to use the defaults")
	}
	return cfg, nil
}

// VerboseFlag is the CLIs' -v: the trace log goes to stderr too. kong
// sets it only where it parses flags, so the -v of `ragman what does grep
// -v do` stays a word of the question.
type VerboseFlag bool

// AfterApply echoes the trace log from the parse on: nothing is logged
// before it.
func (v VerboseFlag) AfterApply(env *Env) error {
	if v {
		env.Log.Echo(env.Stderr)
	}
	return nil
}
