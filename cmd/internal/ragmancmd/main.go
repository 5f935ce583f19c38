// Package ragmancmd is the ragman command: ask a question, get a cited
// answer.
package ragmancmd

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/cmd/internal/version"
	"github.com/ragman-dev/ragman/internal/nudge"
)

// CLI is ragman's grammar. Asking is the default command, so
// `ragman how do I ...` needs no subcommand.
type CLI struct {
	Ask     AskCmd         `cmd:"" default:"withargs" help:"Ask a question (the default; 'ask' may be left out)."`
	Backend cli.BackendCmd `cmd:"" name:"__backend" hidden:""`

	Verbose cli.VerboseFlag  `short:"v" help:"Also print the trace log on stderr."`
	Version kong.VersionFlag `help:"Print the version and exit."`
}

// Main runs ragman with args (without the program name) and returns its
// exit code.
func Main(args []string) int {
	if cli.IsBackend(args) {
		nudge.Catch() // first: a nudge while the backend starts would end it
	}
	var c CLI
	env := cli.NewEnv("ragman")
	env.WarnRenamedEnv(args)
	if ask, ok := plainQuestion(args); ok {
		return cli.Exec(env, askCommand, func() error { return ask.Run(env) })
	}
	args, rest, err := cutQuestion(args)
	if err != nil {
		return cli.Report(env.Stderr, env.Prog, cli.Exit(cli.ExitUsage, err, "run 'ragman --help' for usage"))
	}
	c.Ask.rest = rest
	return cli.Run(env, &c, args, options()...)
}

// askCommand is the ask command's name as kong gives it (Context.Command).
const askCommand = "ask <question>"

// plainQuestion reads the usual command line, a question with at most
// --json or --plain before it, without kong: building kong's model of
// the grammar took over a millisecond of every call (about 6% of a
// warm question). It reads args exactly as kong does (the default
// command; every word from the question's first on is the question's);
// any other line, or one whose first word kong could read otherwise (a
// flag, a command's name), is left to kong: ok is false.
func plainQuestion(args []string) (ask AskCmd, ok bool) {
	if len(args) > 0 && (args[0] == "--json" || args[0] == "--plain") {
		ask.JSON, ask.Plain = args[0] == "--json", args[0] == "--plain"
		args = args[1:]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || args[0] == "ask" || cli.IsBackend(args) {
		return AskCmd{}, false
	}
	ask.Question = args
	ask.ContextTokens = proto.DefaultContextTokens
	return ask, true
}

// flagWindow is how many arguments kong reads: more than any command line
// has before its question.
const flagWindow = 256

// cutQuestion splits a long command line where kong need not read it.
// kong's scanner moves every argument left to parse for each one it reads,
// so a question of 20,000 unquoted words cost seconds (100,000: minutes).
// When the question starts within the first flagWindow arguments, every
// word after them is the question's too, exactly as kong would read it;
// those words are handed to the question as rest. A command line whose
// question starts later is no question: it is refused.
func cutQuestion(args []string) (parse, rest []string, err error) {
	if len(args) <= flagWindow {
		return args, nil, nil
	}
	head := args[:flagWindow]
	p, err := kong.New(&CLI{}, append(options(), kong.Name("ragman"), kong.Writers(io.Discard, io.Discard))...)
	if err != nil {
		return args, nil, nil // Run reports it
	}
	// Trace reads the arguments without applying them: no hooks run
	// (--help, --version, -v), those are for Run's parse.
	ctx, err := kong.Trace(p, head)
	if err == nil && ctx.Error != nil {
		err = ctx.Error
	}
	if err != nil {
		return nil, nil, err
	}
	for _, step := range ctx.Path {
		if step.Positional != nil && step.Positional.Name == "question" {
			return head, args[flagWindow:], nil
		}
	}
	return nil, nil, fmt.Errorf("no question within the first %d arguments", flagWindow)
}

func options() []kong.Option {
	return []kong.Option{
		kong.Description("Answer plain-English Linux questions from the man pages, info manuals and offline wikis on this machine, with citations."),
		kong.Vars{"version": version.Version, "context_tokens": strconv.Itoa(proto.DefaultContextTokens)},
	}
}

// Model is ragman's command model: the completions are generated from it
// and the man page is checked against it.
func Model() (*kong.Application, error) { return cli.Model("ragman", &CLI{}, options()...) }
