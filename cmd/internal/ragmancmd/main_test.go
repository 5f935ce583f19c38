package ragmancmd

import (
	"io"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// parse reads args as Main does, without running the command: the
// question is c.Ask.Question followed by c.Ask.rest.
func parse(args []string) (*CLI, error) {
	var c CLI
	args, rest, err := cutQuestion(args)
	if err != nil {
		return nil, err
	}
	c.Ask.rest = rest
	env := &cli.Env{Prog: "ragman", Stdout: io.Discard, Stderr: io.Discard}
	p, err := kong.New(&c, append(options(), kong.Bind(env))...)
	if err != nil {
		return nil, err
	}
	if _, err := p.Parse(args); err != nil {
		return nil, err
	}
	return &c, nil
}

// TestFlagsEndAtTheQuestion: ragman's flags are read up to the first word
// of the question, and every word from there on is the question's; the
// same when the question is longer than what kong reads (cutQuestion).
func TestFlagsEndAtTheQuestion(t *testing.T) {
	long := strings.Fields(strings.Repeat("and -v --json -- then ", 100))
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
		for _, args := range [][]string{tc.args, append(slices.Clone(tc.args), long...)} {
			want := tc.question
			if len(args) > len(tc.args) {
				want = append(slices.Clone(want), long...)
			}
			c, err := parse(args)
			if err != nil {
				t.Errorf("%q: %v", args, err)
				continue
			}
			got := append(slices.Clone(c.Ask.Question), c.Ask.rest...)
			if !slices.Equal(got, want) || c.Ask.JSON != tc.json || c.Ask.Plain != tc.plain || bool(c.Verbose) != tc.v {
				t.Errorf("%.60q: question %.60q json %v plain %v verbose %v, want %.60q %v %v %v",
					args, got, c.Ask.JSON, c.Ask.Plain, c.Verbose, want, tc.json, tc.plain, tc.v)
			}
		}
	}
}

// TestCutQuestionRefuses: a command line whose question would start
// past what kong reads is refused, and a bad flag is reported as kong
// reports it.
func TestCutQuestionRefuses(t *testing.T) {
	flags := slices.Repeat([]string{"-v"}, flagWindow+10)
	if _, err := parse(append(flags, "how")); err == nil || !strings.Contains(err.Error(), "no question within the first 256 arguments") {
		t.Errorf("%d flags before the question: %v", len(flags), err)
	}
	bad := append([]string{"--nope"}, slices.Repeat([]string{"word"}, flagWindow+10)...)
	if _, err := parse(bad); err == nil || !strings.Contains(err.Error(), "unknown flag --nope") {
		t.Errorf("an unknown flag in a long line: %v", err)
	}
	// --conversation's value just past the window: the question does not
	// start inside it
	split := append(slices.Repeat([]string{"-v"}, flagWindow-1), "--conversation", "c1", "how")
	if _, err := parse(split); err == nil {
		t.Errorf("a flag's value past the window: no error")
	}
}

// TestLongQuestionParseIsLinear: reading a question of many unquoted words
// costs memory in proportion to it. kong alone moved every remaining
// argument for each one read: 10,000 words allocated over a gigabyte (and
// 100,000 took a minute).
func TestLongQuestionParseIsLinear(t *testing.T) {
	args := append([]string{"--plain"}, slices.Repeat([]string{"word"}, 10000)...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, err := parse(args)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Ask.Question) + len(c.Ask.rest); n != 10000 || !c.Ask.Plain {
		t.Fatalf("%d words, plain %v", n, c.Ask.Plain)
	}
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 32 {
		t.Errorf("parsing 10,000 words allocated %d MB", mb)
	}
}

// BenchmarkLongQuestion: the client's parse of a 100,000-word question.
func BenchmarkLongQuestion(b *testing.B) {
	args := slices.Repeat([]string{"word"}, 100000)
	for b.Loop() {
		if _, err := parse(args); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPlainQuestionReadsAsKong: the shortcut past kong reads a command
// line exactly as kong does, or leaves it to kong; and it takes the usual
// lines, which are what it is for.
func TestPlainQuestionReadsAsKong(t *testing.T) {
	for _, args := range [][]string{
		{"how", "do", "I", "list", "files"},
		{"--json", "how", "do", "I", "use", "--plain"},
		{"--plain", "what", "does", "grep", "-v", "do"},
		{"what", "does", "--json", "do"},
		{"ask", "what", "does", "ls", "-l", "do"},
		{"--json", "ask", "how"},
		{"--json", "--plain", "how"},
		{"--plain", "--json", "how"},
		{"--json", "--json", "how"},
		{"-v", "how"},
		{"--", "-v"},
		{"--json", "--", "how"},
		{"--json"},
		{"-"},
		{"__backend"},
		{"--json", "__backend"},
		{"--conversation", "c1", "and", "recursively?"},
		{"--explain", "tar", "xzf", "a.tgz"},
		{"help"},
		{""},
		{"  ", "list"},
	} {
		ask, ok := plainQuestion(args)
		if !ok {
			continue
		}
		c, err := parse(args)
		if err != nil {
			t.Errorf("%q: taken past kong, which refuses it: %v", args, err)
			continue
		}
		want := c.Ask
		want.Question = append(slices.Clone(want.Question), want.rest...)
		want.rest = nil
		if !reflect.DeepEqual(ask, want) || bool(c.Verbose) {
			t.Errorf("%q: read as %+v, kong reads %+v (verbose %v)", args, ask, want, c.Verbose)
		}
	}
	for _, args := range [][]string{{"how", "do", "I", "list", "files"}, {"--json", "print", "my", "user", "name"}, {"--plain", "what", "does", "grep", "-v", "do"}} {
		if _, ok := plainQuestion(args); !ok {
			t.Errorf("%q: left to kong", args)
		}
	}
}
