package ragmancmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/setup"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/render"
)

// AskCmd asks the backend a question and prints the answer.
type AskCmd struct {
	Question      []string `arg:"" optional:"" passthrough:"partial" help:"The question, in plain English. Quote it or not."`
	JSON          bool     `name:"json" xor:"format" help:"Print the answer as one JSON object."`
	Plain         bool     `xor:"format" help:"Print plain text: the same sections, no markdown."`
	ContextTokens int      `default:"${context_tokens}" help:"Longest question passed on, in tokens; a longer one is truncated with a warning."`
	Conversation  string   `placeholder:"ID" help:"Ask within a conversation: a follow-up (\"and recursively?\") is read in the context of its last question."`
	Explain       bool     `xor:"mode" help:"Explain a command line instead: each program, subcommand, option and operator with what its page says (quote the line as a whole)."`
	Why           bool     `xor:"mode" help:"Explain how the answer to the question given (or, with none, the last answer) was reached: how the question was read, the pages ranked with their scores, what was kept, why the confidence is what it is."`

	// rest is the question's words past what kong parsed (cutQuestion).
	rest []string
}

// maxQuestion bounds a question (or a command line to explain), in bytes:
// JSON may write a byte as six (\u0001), and the request must stay a frame
// (proto.MaxFrame, 16 MiB), or the backend could only be said to be
// unreachable. The backend reads no more than --context-tokens of it.
const maxQuestion = proto.MaxFrame / 8

func (c *AskCmd) Run(env *cli.Env) error {
	cfg, err := env.Config()
	if err != nil {
		return err
	}
	format := cfg.Ragman.PresenterDefault
	switch {
	case c.JSON:
		format = render.JSON
	case c.Plain:
		format = render.Plain
	}
	q := strings.TrimSpace(strings.Join(append(c.Question, c.rest...), " "))
	if c.Why && q == "" {
		return why(env, format, "")
	}
	if len(q) > maxQuestion {
		what := "the question"
		if c.Explain {
			what = "the command line"
		}
		return cli.Exit(cli.ExitUsage, fmt.Errorf("%s is %.1f MiB, more than the %d MiB ragman sends", what, float64(len(q))/(1<<20), maxQuestion>>20),
			"ask a narrower question, one task at a time")
	}
	if c.Explain {
		return c.explain(env, q, format)
	}
	if q == "" {
		return cli.Exit(cli.ExitUsage, errors.New("no question given"), `ask in plain English: ragman "how do I find files larger than 100 MB?"`)
	}
	if c.ContextTokens <= 0 {
		return cli.Exit(cli.ExitUsage, errors.New("--context-tokens must be positive"), "")
	}
	if n := len(c.Conversation); n > proto.MaxConversationID {
		return cli.Exit(cli.ExitUsage, fmt.Errorf("--conversation: the id is %d bytes, more than the %d allowed", n, proto.MaxConversationID),
			"name a conversation with a short word: ragman --conversation c1 ...")
	}
	params := proto.QueryParams{Question: q, ContextTokens: c.ContextTokens, ConversationID: c.Conversation,
		Threshold: cfg.Ragman.ConfidenceThreshold}

	res, err := setup.Ensure(env.Paths, env.CID)
	if err != nil {
		return cli.Exit(cli.ExitError, err, setup.Hint(env.Paths, err))
	}
	var raw json.RawMessage
	err = query(env, params, &raw, res.Catalog)
	var be *cli.BackendError
	if err != nil {
		if format == render.JSON {
			printErrorEnvelope(env, q, cfg.Ragman.ConfidenceThreshold, err)
		}
		if errors.As(err, &be) {
			return be.AsExit()
		}
		return err
	}
	if c.Why {
		// the answer was asked to be explained, not printed: explain
		// this question's, not whichever the backend answered last
		return why(env, format, env.CID)
	}
	answered, err := printAnswer(env, raw, format)
	if err != nil {
		return cli.Exit(cli.ExitUnreachable, fmt.Errorf("backend unreachable (correlation id %s): bad reply: %v", env.CID, err), "")
	}
	if !answered {
		return cli.Silent(cli.ExitNoAnswer)
	}
	return nil
}

// printAnswer writes the backend's answer in format and reports whether it is
// one (not the no-answer guidance, not an error). JSON is printed as the
// backend encoded it, indented: decoding and encoding it again would only
// cost the start-up of every call.
func printAnswer(env *cli.Env, raw json.RawMessage, format string) (answered bool, err error) {
	if format == render.JSON {
		var head struct {
			NoAnswer bool `json:"no_answer"`
			Meta     struct {
				ErrorCode *string `json:"error_code"`
			} `json:"meta"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return false, err
		}
		if err := render.JSONAnswer(env.Stdout, raw); err != nil {
			return false, err
		}
		return !head.NoAnswer && head.Meta.ErrorCode == nil, nil
	}
	var ans proto.Answer
	if err := json.Unmarshal(raw, &ans); err != nil {
		return false, err
	}
	if err := render.Answer(env.Stdout, &ans, format); err != nil {
		return false, err
	}
	return !ans.NoAnswer && ans.Meta.ErrorCode == nil, nil
}

// buildWait bounds how long a first call waits for an index that another
// call is building.
const buildWait = 10 * time.Minute

// query asks the backend, building the index first when there is none. If
// another call is already building it (two first calls at once), it waits
// for that build instead of failing with the backend's "busy".
func query(env *cli.Env, params proto.QueryParams, ans *json.RawMessage, firstRun bool) error {
	return callBuilding(env, proto.MethodQuery, params, ans, firstRun)
}

// callBuilding calls method, building the index first when there is
// none (see query).
func callBuilding(env *cli.Env, method string, params, out any, firstRun bool) error {
	var waitStart time.Time
	built, announced := false, false
	for {
		qerr := env.Call(method, params, out, nil)
		if code(qerr) != proto.CodeNoIndex || built {
			return qerr
		}
		if !announced {
			why := "no index yet"
			if firstRun {
				why = "first run"
			}
			fmt.Fprintf(env.Stderr, "%s: %s: indexing the documentation on this machine (%s)\n", env.Prog, why, env.Paths.DataDir)
			announced = true
		}
		err := cli.Reindex(env, proto.ReindexParams{})
		switch {
		case err == nil:
			built = true
			continue
		case code(err) != proto.CodeBusy:
			return err
		case waitStart.IsZero():
			waitStart = time.Now()
			fmt.Fprintf(env.Stderr, "%s: another process is building the index; waiting for it\n", env.Prog)
		case time.Since(waitStart) > buildWait:
			return err
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// code is the backend's error code in err's chain, or "".
func code(err error) string {
	var be *cli.BackendError
	if errors.As(err, &be) {
		return be.Code()
	}
	return ""
}

// printErrorEnvelope keeps --json's promise of one JSON object on stdout
// when there is no answer to print.
func printErrorEnvelope(env *cli.Env, q string, threshold float64, err error) {
	code := "backend_unreachable"
	var be *cli.BackendError
	if errors.As(err, &be) {
		code = be.Code()
	}
	msg := err.Error()
	a := &proto.Answer{
		Meta:          proto.Meta{Status: "ERROR", Source: "NONE", FreshnessState: "UNKNOWN", ErrorCode: &code, Message: &msg},
		CorrelationID: env.CID, Question: q, NoAnswer: true, Threshold: threshold,
		Steps: []string{}, References: []proto.Reference{}, Citations: []proto.Citation{},
		Message: &msg, Recommendations: []string{}, Warnings: []string{},
	}
	render.Answer(env.Stdout, a, render.JSON)
}

// explain prints what each word of line does.
func (c *AskCmd) explain(env *cli.Env, line, format string) error {
	if line == "" {
		return cli.Exit(cli.ExitUsage, errors.New("no command line given"), `quote it as a whole: ragman --explain 'tar -xzvf backup.tgz -C /tmp'`)
	}
	res, err := setup.Ensure(env.Paths, env.CID)
	if err != nil {
		return cli.Exit(cli.ExitError, err, setup.Hint(env.Paths, err))
	}
	var x proto.Explanation
	if err := callBuilding(env, proto.MethodExplain, proto.ExplainParams{CommandLine: line, Shell: os.Getenv("SHELL")}, &x, res.Catalog); err != nil {
		var be *cli.BackendError
		if errors.As(err, &be) {
			return be.AsExit()
		}
		return err
	}
	return render.Explanation(env.Stdout, &x, format)
}
