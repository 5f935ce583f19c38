// Package ragadmincmd is the ragadmin command: set up ragman, manage its
// sources and index, check its health, run its backend.
package ragadmincmd

import (
	"os"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/cmd/internal/version"
	"github.com/ragman-dev/ragman/internal/nudge"
)

// CLI is ragadmin's grammar.
type CLI struct {
	Init    InitCmd    `cmd:"" help:"Set up ragman: folders, config.yaml and the default sources; check prerequisites."`
	Sources SourcesCmd `cmd:"" help:"List, add, update and remove knowledge sources."`
	Reindex ReindexCmd `cmd:"" help:"Bring the index up to date with the sources."`
	Health  HealthCmd  `cmd:"" help:"Check the index, the sources, disk space and the engines."`
	Show    ShowCmd    `cmd:"" help:"Print a document as the index sees it."`
	Traces  TracesCmd  `cmd:"" help:"List the last questions: how each was read, ranked and answered."`
	Nudge   NudgeCmd   `cmd:"" help:"Make the running backends check their sources for added or removed pages now."`
	// InstallHook is opt-in: it writes into /etc.
	InstallHook InstallHookCmd `cmd:"" name:"install-hook" help:"Install (or --remove) apt's hook that runs nudge after each package install or removal."`
	Serve       ServeCmd       `cmd:"" help:"Run the backend in the foreground."`
	// ShellInit is on ragadmin, like the rest of setting ragman up.
	ShellInit ShellInitCmd   `cmd:"" name:"shell-init" help:"Print the shell integration (? and the man fallback) for eval."`
	Backend   cli.BackendCmd `cmd:"" name:"__backend" hidden:""`

	Verbose cli.VerboseFlag  `short:"v" help:"Also print the trace log on stderr."`
	Version kong.VersionFlag `help:"Print the version and exit."`
}

// Main runs ragadmin with args (without the program name) and returns its
// exit code.
func Main(args []string) int {
	if cli.IsBackend(args) {
		nudge.Catch() // first: a nudge while the backend starts would end it
	}
	if len(args) > 0 && args[0] == completeCmd {
		return complete(os.Stdout, args[1:])
	}
	if len(args) > 0 && args[0] == config.DecodeCmd {
		return decodeConfig(os.Stdout, args[1:])
	}
	var c CLI
	env := cli.NewEnv("ragadmin")
	env.WarnRenamedEnv(args)
	return cli.Run(env, &c, args, options()...)
}

func options() []kong.Option {
	return []kong.Option{
		kong.Description("Set up ragman, manage its knowledge sources and index, check its health and run its backend.\n\n" +
			"Every command but serve takes --json for scripts (one object on stdout, also on failure); " +
			"ragadmin.output_default: json in config.yaml makes that the default. " +
			"Exit codes: 0 success, 1 failure (the message says why), 2 backend unreachable, 64 usage error; " +
			"health exits 1 when a check FAILs."),
		kong.Vars{"version": version.Version},
	}
}

// Model is ragadmin's command model: the completions are generated from
// it and the man page is checked against it.
func Model() (*kong.Application, error) { return cli.Model("ragadmin", &CLI{}, options()...) }

// audit appends one line to the audit log (FR-008). A failed command is
// logged with status error and its error code.
func audit(env *cli.Env, action, target string, err error, message string) {
	e := catalog.AuditEntry{Action: action, Target: target, Status: "ok", TraceID: env.CID, Message: message}
	if err != nil {
		e.Status = "error"
		e.ErrorCode = cli.ErrorCode(err)
		if message == "" {
			e.Message = err.Error()
		} else {
			e.Message = message + ": " + err.Error()
		}
	}
	if aerr := catalog.Audit(env.Paths.AuditLog, e); aerr != nil {
		env.Log.Log(env.CID, "ragadmincmd.audit", "failed", "err", aerr)
	}
}
