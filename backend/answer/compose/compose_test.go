package compose

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

// engine answers from the fixture index (testutil/testindex) with the
// embedded retriever and this composer.
var engine = sync.OnceValues(func() (*answer.Engine, error) {
	r, err := testindex.Fixture()
	if err != nil {
		return nil, err
	}
	lib := answer.NewLibrary(r)
	rt, err := rank.New(lib, analyse.Thesaurus, rank.DefaultWeights())
	if err != nil {
		return nil, err
	}
	return &answer.Engine{Retriever: rt, Composer: New(), Library: lib}, nil
})

// ask answers q from the fixture index.
func ask(t *testing.T, q string, threshold float64) *proto.Answer {
	t.Helper()
	e, err := engine()
	if err != nil {
		t.Fatal(err)
	}
	ans, _, err := e.Answer(context.Background(), q, threshold)
	if err != nil {
		t.Fatal(err)
	}
	return ans
}

// TestSubcommandOf: an option listed under a subcommand's heading belongs
// to that subcommand when the SYNOPSIS runs the command with it.
func TestSubcommandOf(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{
		{Kind: document.Code, Text: "tool init\ntool sources add [--type TYPE] PATH\ntool reindex [--force] [ALIAS...]"},
	}}}}
	for title, want := range map[string]string{
		"reindex [ALIAS...]": "reindex",
		"sources add PATH":   "sources add",
		"sources":            "sources",
		"OPTIONS":            "",
		"health":             "",
		"Rebuilding":         "",
	} {
		if got := subcommandOf(title, "tool", d); got != want {
			t.Errorf("subcommandOf(%q) = %q, want %q", title, got, want)
		}
	}
	if got := subcommandOf("reindex", "tool", &document.Document{}); got != "" {
		t.Errorf("without a SYNOPSIS: %q", got)
	}
}

// An option whose long name is the question's word is a step: ls's
// --human-readable before -c, whose description says "show"; du's
// --summarize, though its description says only "display only a total"
// (--files0-from's first sentence, "summarize device usage of ...", makes
// it a step too).
func TestStepByOptionName(t *testing.T) {
	for _, tc := range []struct {
		q, want string
		first   bool // the first step, not just one of them
	}{
		{"How do I make ls print in human readable form?", "`ls -h`", true},
		{"How do I make du summarize the total?", "`du -s`", false},
	} {
		ans := ask(t, tc.q, 0.35)
		steps := ans.Steps
		if tc.first {
			steps = steps[:min(1, len(steps))]
		}
		if !slices.ContainsFunc(steps, func(s string) bool { return strings.HasPrefix(s, tc.want) }) {
			t.Errorf("%s: steps %q, want %s", tc.q, ans.Steps, tc.want)
		}
	}
}

func TestAltKey(t *testing.T) {
	man := func(title, section string) index.Meta { return index.Meta{Type: "man", Title: title, Section: section} }
	node := func(manual, title string) index.Meta {
		return index.Meta{Type: "info", Title: title, Label: manual + ": " + title}
	}
	if altKey(man("nice", "1")) == altKey(man("nice", "2")) {
		t.Error("nice(1) and nice(2) share a key")
	}
	if altKey(node("bc", "Environment Variables")) != altKey(node("grep", "Environment Variables")) {
		t.Error("two manuals' nodes of one title have two keys")
	}
}

func TestCommandLineSteps(t *testing.T) {
	eng, err := engine()
	if err != nil {
		t.Fatal(err)
	}
	e := &composition{lib: eng.Library}
	for line, want := range map[string]bool{
		"$ ls -l /tmp":                      true,
		"# chmod 644 notes.txt":             true,
		"sudo mount /dev/sdb1 /mnt":         true,
		"find . -name '*.c'":                true,
		"drwxr-xr-x 2 root root 4096 notes": false,
		"total 8":                           false,
		"ls.service loaded active running":  false, // a unit named like a program
		"":                                  false,
	} {
		if got := e.commandLine(line); got != want {
			t.Errorf("commandLine(%q) = %v, want %v", line, got, want)
		}
	}
	program := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: "ls"}}}
	format := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "5", Title: "fstab"}}}
	output := passage{block: document.Block{Kind: document.Code, Text: "total 8\ndrwxr-xr-x 2 root root 4096 notes"}}
	run := passage{block: document.Block{Kind: document.Code, Text: "$ ls -l\ntotal 8"}}
	item := passage{block: document.Block{Kind: document.Item, Term: "-l", Text: "use a long listing format"}}
	for _, tc := range []struct {
		name string
		s    *source
		p    passage
		want bool
	}{
		{"a program's sample output", program, output, false},
		{"a program's example run", program, run, true},
		{"an option", program, item, true},
		{"a format page's example", format, output, true},
	} {
		if got := e.stepWorthy(tc.s, tc.p); got != tc.want {
			t.Errorf("%s: stepWorthy = %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := codeLines("$ ls -l\ntotal 8\ndrwxr-xr-x 2 root root 4096 notes", &answer.Question{}, e.commandLine); !slices.Equal(got, []string{"$ ls -l"}) {
		t.Errorf("codeLines kept %q, want only the command", got)
	}
}

func TestStepFromExampleLeadIn(t *testing.T) {
	// mount(8): "The following commands allow one to recursively change
	// the type of all the mounts under a given mountpoint." and then the
	// commands, which hold few of the question's words themselves.
	ans := ask(t, "How do I recursively change the type of all mounts under a mountpoint?", 0.35)
	if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "--make-rshared") {
		t.Errorf("steps %q, want the example the paragraph introduces first", ans.Steps)
	}
}

func TestAside(t *testing.T) {
	long := strings.Repeat("The shell keeps the list of commands previously typed. ", 60)
	for _, tc := range []struct {
		s    document.Section
		want bool
	}{
		{document.Section{Title: "SEE ALSO", Blocks: []document.Block{{Text: "ls(1)"}}}, true},
		{document.Section{Title: "History", Blocks: []document.Block{{Text: "A chmod command appeared in Version 1 AT&T UNIX."}}}, true},
		{document.Section{Title: "HISTORY", Blocks: []document.Block{{Text: long}}}, false},
		{document.Section{Title: "EXAMPLES", Blocks: []document.Block{{Text: "ls -l"}}}, false},
	} {
		if got := aside(&tc.s); got != tc.want {
			t.Errorf("aside(%q, %d bytes) = %v, want %v", tc.s.Title, len(tc.s.Blocks[0].Text), got, tc.want)
		}
	}
}

func TestStepByFirstSentence(t *testing.T) {
	// find(1)'s -quit and -ignore_readdir_race go on about file systems
	// and descending; -mount's and -xdev's first sentence is the question.
	ans := ask(t, "How do I stop find from descending into other file systems?", 0.35)
	if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "-mount") && !strings.Contains(ans.Steps[0], "-xdev") {
		t.Errorf("steps %q, want find -mount or -xdev first", ans.Steps)
	}
}

func TestStepBeyondTheName(t *testing.T) {
	// Every option of chown(1) changes owners and every one of cp(1)
	// copies: the words the NAME line already holds say little about
	// which passage answers, the rest of the question says it.
	for _, tc := range []struct{ q, want string }{
		{"How do I change the owner of files recursively?", "`chown -R`"},
		{"How do I copy files and keep their timestamps?", "`cp -p`"},
	} {
		ans := ask(t, tc.q, 0)
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], tc.want) {
			t.Errorf("%s: steps %q, want %s first", tc.q, ans.Steps, tc.want)
		}
	}
}
