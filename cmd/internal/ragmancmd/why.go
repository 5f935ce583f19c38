package ragmancmd

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/trace"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/render"
)

// whyLookback is how many of the last traces are searched for a
// question's own: others may have been answered since, by other shells.
const whyLookback = 64

// why explains an answer from its trace, along the phases of a question:
// how it was read, what was searched, what ranked, what was kept and how
// sure it was. The answer is the one of correlation id cid, or with none,
// the last one.
func why(env *cli.Env, format, cid string) error {
	n := 1
	if cid != "" {
		n = whyLookback
	}
	ts, err := trace.Last(env.Paths.Traces, n)
	if err != nil {
		return cli.Exit(cli.ExitError, err, "the traces are in "+env.Paths.Traces)
	}
	if cid != "" {
		ts = slices.DeleteFunc(ts, func(t trace.Trace) bool { return t.CorrelationID != cid })
		if len(ts) == 0 {
			return cli.Exit(cli.ExitError, fmt.Errorf("the answer (correlation id %s) left no trace", cid), "the traces are in "+env.Paths.Traces)
		}
	}
	if len(ts) == 0 {
		return cli.Exit(cli.ExitError, errors.New("no question has been answered yet"), `ask one first: ragman "how do I list files?"`)
	}
	t := ts[len(ts)-1]
	if format == render.JSON {
		return cli.WriteJSON(env.Stdout, t)
	}
	s := render.Sanitize
	var b strings.Builder
	heading := func(h string) {
		if format == render.Plain {
			b.WriteString(h + "\n")
		} else {
			b.WriteString("## " + h + "\n")
		}
	}
	heading("The question")
	fmt.Fprintf(&b, "%s\n", s(t.Question))
	if t.Asked != "" && t.Asked != t.Question {
		fmt.Fprintf(&b, "read as: %s\n", s(t.Asked))
	}
	fmt.Fprintf(&b, "scene: %s\n", s(t.Scene))
	if len(t.Arguments) > 0 {
		var args []string
		for _, a := range t.Arguments {
			args = append(args, a.Kind+" "+a.Text)
		}
		fmt.Fprintf(&b, "arguments: %s\n", s(strings.Join(args, "; ")))
	}
	if len(t.Framing) > 0 {
		fmt.Fprintf(&b, "framing: %s\n", s(strings.Join(t.Framing, "; ")))
	}
	b.WriteString("\n")
	heading("What was searched")
	for _, c := range t.Concepts {
		fmt.Fprintf(&b, "- %s (weight %.2f)", s(c.Word), c.Weight)
		if len(c.Alternatives) > 0 {
			fmt.Fprintf(&b, ", also as: %s", s(strings.Join(c.Alternatives, ", ")))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	heading("Pages ranked")
	for i, c := range t.Candidates {
		fmt.Fprintf(&b, "%2d. %-32s %7.3f\n", i+1, s(c.Label), c.Score)
		for _, h := range c.Headings {
			fmt.Fprintf(&b, "      %-30s %4.0f%% of the question\n", s(h.Title), 100*h.Share)
		}
	}
	b.WriteString("\n")
	heading("The answer")
	switch {
	case t.NoAnswer:
		fmt.Fprintf(&b, "No answer: below the threshold %.2f.\n", t.Threshold)
	default:
		fmt.Fprintf(&b, "Cited: %s\n", s(strings.Join(t.References, ", ")))
	}
	fmt.Fprintf(&b, "Confidence %.2f: the probability, as the model fitted on held-out questions puts it, that the first reference answers the question (threshold %.2f", t.Confidence, t.Threshold)
	if t.Scope > 0 {
		fmt.Fprintf(&b, "; in scope %.2f", t.Scope)
	}
	b.WriteString(").\n")
	fmt.Fprintf(&b, "Engines: %s retrieval, %s generation; %s; %.1f ms.\n", s(t.Retrieval), s(t.Generation), s(t.Status), t.LatencyMS)
	_, err = fmt.Fprint(env.Stdout, b.String())
	return err
}
