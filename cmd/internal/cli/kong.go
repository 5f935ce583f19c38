package cli

import (
	"fmt"

	"github.com/alecthomas/kong"
)

// exitPanic carries kong's exit (after --help, --version) out of Parse
// without calling os.Exit below Main.
type exitPanic int

// Run parses args into grammar and runs the selected command with env,
// returning the exit code. Parse errors exit 64 with a hint to --help.
func Run(env *Env, grammar any, args []string, opts ...kong.Option) (code int) {
	opts = append([]kong.Option{
		kong.Name(env.Prog),
		kong.Writers(env.Stdout, env.Stderr),
		kong.Exit(func(c int) { panic(exitPanic(c)) }),
		kong.Bind(env),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
	}, opts...)
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(exitPanic)
			if !ok {
				panic(r)
			}
			code = int(c)
		}
	}()
	parser, err := kong.New(grammar, opts...)
	if err != nil {
		return Report(env.Stderr, env.Prog, fmt.Errorf("internal: %w", err))
	}
	ctx, err := parser.Parse(args)
	if err != nil {
		return Report(env.Stderr, env.Prog, Exit(ExitUsage, err, "run '"+env.Prog+" --help' for usage"))
	}
	return Exec(env, ctx.Command(), func() error { return ctx.Run() })
}

// Exec runs command (as kong names it: "ask <question>"), parsed by Run or
// by a CLI's own shortcut, logging its start and exit, and returns its
// exit code.
func Exec(env *Env, command string, run func() error) int {
	name := commandName(env.Prog, command)
	env.Log.Log(env.CID, name, "start")
	code := Report(env.Stderr, env.Prog, run())
	env.Log.Log(env.CID, name, "exit", "code", code)
	return code
}

// Model is grammar's command model as Run parses it, for what is generated
// from the grammar and checked against it: the shell completions and the
// man pages.
func Model(prog string, grammar any, opts ...kong.Option) (*kong.Application, error) {
	parser, err := kong.New(grammar, append([]kong.Option{kong.Name(prog)}, opts...)...)
	if err != nil {
		return nil, err
	}
	return parser.Model, nil
}

// commandName is the log's Class.method for a command: "ragadmin show
// <alias> <ref>" -> "RagadminShow.run".
func commandName(prog, cmd string) string {
	name := upper(prog)
	for _, w := range splitWords(cmd) {
		if w == "" || w[0] == '<' || w[0] == '_' {
			continue
		}
		name += upper(w)
	}
	return name + "Command.run"
}

func splitWords(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ' ' || r == '-' {
			out = append(out, cur)
			cur = ""
			continue
		}
		cur += string(r)
	}
	return append(out, cur)
}

func upper(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
