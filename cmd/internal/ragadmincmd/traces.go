package ragadmincmd

import (
	"fmt"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/trace"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/render"
)

// TracesCmd lists the traces of the last questions.
type TracesCmd struct {
	cli.OutputFlags `embed:""`
	Last            int `default:"20" help:"How many of the last questions to list."`
}

func (c *TracesCmd) Help() string {
	return `Every question the backend answers leaves a trace in
$XDG_DATA_HOME/ragcli/traces.jsonl (kept to about 2 MB, the file before it
as traces.jsonl.1): the question and how it was read, the pages ranked with
their scores, the references kept, the confidence, the engines and the time
it took. --json prints them whole; ragman --why explains the last.`
}

func (c *TracesCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		return cli.JSONFailure(env, c.JSON, err)
	}
	if c.Last < 1 {
		return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitUsage, fmt.Errorf("--last must be positive"), ""))
	}
	ts, err := trace.Last(env.Paths.Traces, c.Last)
	if err != nil {
		return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitError, err, "the file is "+env.Paths.Traces))
	}
	if jsonMode {
		return cli.WriteJSON(env.Stdout, struct {
			Traces []trace.Trace `json:"traces"`
		}{append([]trace.Trace{}, ts...)})
	}
	if len(ts) == 0 {
		env.Say("no question has been traced yet")
		return nil
	}
	var rows [][]string
	for _, t := range ts {
		first := "no answer"
		if !t.NoAnswer && len(t.References) > 0 {
			first = t.References[0]
		}
		rows = append(rows, []string{t.Time.Local().Format("2006-01-02 15:04:05"), fmt.Sprintf("%.0f ms", t.LatencyMS),
			fmt.Sprintf("%.2f", t.Confidence), render.Sanitize(first),
			render.Sanitize(document.Clip(strings.Join(strings.Fields(t.Question), " "), 60, "…"))})
	}
	return cli.Table(env.Stdout, []string{"TIME", "TOOK", "CONFIDENCE", "FIRST REFERENCE", "QUESTION"}, rows)
}
