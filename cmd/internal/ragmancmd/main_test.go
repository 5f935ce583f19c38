package ragmancmd

import (
	"io"
	"slices"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// TestFlagsEndAtTheQuestion: ragman's flags are read up to the first word
// of the question, and every word from there on is the question's.
func TestFlagsEndAtTheQuestion(t *testing.T) {
	for _, tc := range []struct {
		args           []string
		question       []string
		json, plain, v bool
	}{
		{args: []string{"what", "does", "grep", "-v", "do"}, question: []string{"what", "does", "grep", "-v", "do"}},
		{args: []string{"--plain", "what", "does", "grep", "-v", "do"}, question: []string{"what", "does", "grep", "-v", "do"}, plain: true},
		{args: []string{"--json", "how", "do", "I", "use", "--plain"}, question: []string{"how", "do", "I", "use", "--plain"}, json: true},
		{args: []string{"-v", "--json", "what", "is", "-v"}, question: []string{"what", "is", "-v"}, json: true, v: true},
		{args: []string{"ask", "what", "does", "ls", "-l", "do"}, question: []string{"what", "does", "ls", "-l", "do"}},
		{args: []string{"--", "-v"}, question: []string{"-v"}},
	} {
		var c CLI
		env := &cli.Env{Prog: "ragman", Stdout: io.Discard, Stderr: io.Discard}
		p, err := kong.New(&c, append(options(), kong.Bind(env))...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Parse(tc.args); err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if !slices.Equal(c.Ask.Question, tc.question) || c.Ask.JSON != tc.json || c.Ask.Plain != tc.plain || bool(c.Verbose) != tc.v {
			t.Errorf("%q: question %q json %v plain %v verbose %v, want %q %v %v %v",
				tc.args, c.Ask.Question, c.Ask.JSON, c.Ask.Plain, c.Verbose, tc.question, tc.json, tc.plain, tc.v)
		}
	}
}
