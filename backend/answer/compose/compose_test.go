package compose

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

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
	e := &composition{lib: answer.NewLibrary(testindex.Must(t, testindex.Fixture))}
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
		if got := Aside(&tc.s); got != tc.want {
			t.Errorf("aside(%q, %d bytes) = %v, want %v", tc.s.Title, len(tc.s.Blocks[0].Text), got, tc.want)
		}
	}
}

func TestNamedOptions(t *testing.T) {
	doc := &document.Document{Sections: []document.Section{
		{Title: "OPTIONS", Blocks: []document.Block{
			{Kind: document.Item, Term: "-V, --version", Text: "Output the version number."},
			{Kind: document.Item, Term: "-v, --invert-match", Text: "Invert the sense of matching."},
			{Kind: document.Item, Term: "--color[=WHEN], --colour[=WHEN]", Text: "Surround the matched strings."},
			{Kind: document.Para, Text: "-v is also mentioned here."},
		}},
		{Title: "SEE ALSO", Blocks: []document.Block{{Kind: document.Item, Term: "-v", Text: "an aside"}}},
	}}
	grep := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: "grep"}}, doc: doc}
	terms := func(ps []passage) (out []string) {
		for _, p := range ps {
			out = append(out, p.block.Term)
		}
		return out
	}
	for _, tc := range []struct {
		s    *source
		q    string
		want []string
	}{
		{grep, "what does grep -v do", []string{"-v, --invert-match"}},
		{grep, "grep --color and -V", []string{"--color[=WHEN], --colour[=WHEN]", "-V, --version"}},
		{grep, "what does grep do", nil},
		{grep, "what does sed -v do", nil}, // another program's option
		{&source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "5", Title: "grep"}}, doc: doc}, "grep -v", nil},
	} {
		if got := terms(namedOptions(tc.s, analyse.Analyse(tc.q, nil))); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
		}
	}
}

// An operand the synopsis writes as a word is a subcommand only outside
// a section about arguments: zipgrep's "pattern" is typed as a pattern,
// systemctl's "restart" as itself.
func TestSubcommandNotOperand(t *testing.T) {
	doc := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Para, Text: "zipgrep [egrep_options] pattern file[.zip] [file(s) ...]"}}}}}
	// bash's printf is typed at its prompt, not "bash printf"
	for section, want := range map[string]bool{"ARGUMENTS": false, "OPERANDS": false, "COMMANDS": true, "DESCRIPTION": true, "SHELL BUILTIN COMMANDS": false} {
		if got := subcommand(doc, section, "pattern"); got != want {
			t.Errorf("subcommand in %s = %v, want %v", section, got, want)
		}
	}
	// readline's commands are keys: M-c, not "bash capitalize-word"
	for term, want := range map[string]bool{"capitalize-word (M-c)": false, "reverse-search-history (C-r)": false, "stash (push)": true} {
		if got := subcommand(doc, "Commands for Changing Text", term); got != want {
			t.Errorf("subcommand(%q) = %v, want %v", term, got, want)
		}
	}
}

// A step is one line: lines the page broke join, and what it set out
// line by line (a table, a grammar, a list under its introducing line)
// ends the text at the line before.
func TestOneLine(t *testing.T) {
	for text, want := range map[string]string{
		"is the name of the mount point;\nor the name of a device":                "is the name of the mount point; or the name of a device",
		"Report in more detail:\ncount: the number of loose objects":              "Report in more detail:",
		"The interactive commands have use.\n    =, A, g    are always available": "The interactive commands have use.",
		"tc filter ... flow hash keys KEY_LIST\nOPS := [ OPS ] OP":                "tc filter ... flow hash keys KEY_LIST",
		"set the generation mode\neui64 - use a Modified EUI-64 format":           "set the generation mode",
		"Search for files.\n$ find $HOME -mtime 0":                                "Search for files.",
		"one line": "one line",
		"":         "",
	} {
		if got := oneLine(text); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", text, got, want)
		}
	}
	if got := shownSentence("Defines timers relative to starting points:\nTable 1."); got != "Defines timers relative to starting points" {
		t.Errorf("shownSentence kept the colon or the table: %q", got)
	}
}

// A list entry that shows a command among its prose (find(1)'s
// examples) is a step that runs it; an entry of a session under a
// caption (git-reset(1)'s) shows the page's own commands, typed.
func TestExampleSteps(t *testing.T) {
	c := &composition{lib: answer.NewLibrary(testindex.Must(t, testindex.Fixture)), q: &answer.Question{}}
	find := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: "find"}}, doc: &document.Document{}}
	for _, tc := range []struct {
		term, text, want string
	}{
		{"•", "Search for files in your home directory which have been modified in\nthe last twenty-four hours.\n$ find $HOME  -mtime 0\nThis command works this way because the time is divided.",
			"`find $HOME -mtime 0`: Search for files in your home directory which have been modified in the last twenty-four hours."},
		{"•", "Traverse the filesystem just once:\n$ find / \\\n\\( -perm -4000 \\) , \\\n\\( -size +100M \\)",
			"`find / \\( -perm -4000 \\) , \\( -size +100M \\)`: Traverse the filesystem just once"},
		{"•", "Process a list of starting points:\n$ proggy | find -files0-from - -type f",
			"`proggy | find -files0-from - -type f`: Process a list of starting points"},
		{"•", "find exits with status 0 if all files are processed successfully.",
			"Find exits with status 0 if all files are processed successfully."},
		{"Undo a commit and redo", "$ git commit ...\n$ find . -mtime 0      (1)\n$ edit                        (2)",
			"`find . -mtime 0`: Undo a commit and redo"},
	} {
		p := passage{block: document.Block{Kind: document.Item, Term: tc.term, Text: tc.text}}
		if got := c.step(find, p); got != tc.want {
			t.Errorf("step(%q)\n got %q\nwant %q", tc.text, got, tc.want)
		}
	}
	if got := typedLines([]string{"$ ldd /bin/ls", "# mount -a"}); got != "`ldd /bin/ls`; `# mount -a`" {
		t.Errorf("typedLines = %s, want the user's prompt dropped and root's kept", got)
	}
}

// TestStatusSections: what an exit code means ("Success: the user or
// group exists as specified", usermod's 0) is no step for how to add a
// user to a group, but answers a question about a failure or an exit
// code.
func TestStatusSections(t *testing.T) {
	for title, want := range map[string]bool{"EXIT STATUS": true, "Exit Status": true, "RETURN VALUE": true,
		"DIAGNOSTICS": true, "ERRORS": true, "OPTIONS": false, "EXAMPLES": false, "DESCRIPTION": false} {
		if got := statusSection(title); got != want {
			t.Errorf("statusSection(%q) = %v, want %v", title, got, want)
		}
	}
	for q, want := range map[string]bool{
		"How do I add an existing user to a group?":                         false,
		"How do I compress a file as small as possible?":                    false,
		"Why does usermod fail?":                                            true,
		"usermod exits with 6, what does it mean?":                          true,
		`userdel refuses with "user bob is currently used by process 1234"`: true,
		"What does the return value of fork mean in C?":                     true,
	} {
		if got := asksStatus(analyse.Analyse(q, nil)); got != want {
			t.Errorf("asksStatus(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestOptionNames: gzip writes "-k --keep" without a comma; a value
// ("-o FILE", "--color[=WHEN]") is not a name.
func TestOptionNames(t *testing.T) {
	for term, want := range map[string][]string{
		"-k --keep":                      {"-k", "--keep"},
		"-v, --invert-match":             {"-v", "--invert-match"},
		"-o FILE":                        {"-o"},
		"--color[=WHEN]":                 {"--color"},
		"-n, --lines=[+]NUM":             {"-n", "--lines"},
		"-e PATTERNS, --regexp=PATTERNS": {"-e", "--regexp"},
		"-S or --chop-long-lines":        {"-S", "--chop-long-lines"},
		"-r | -revert":                   {"-r", "-revert"},
		"--raw-output / -r":              {"--raw-output", "-r"},
		"pattern":                        nil,
	} {
		if got := optionNames(term); !slices.Equal(got, want) {
			t.Errorf("optionNames(%q) = %q, want %q", term, got, want)
		}
	}
}

// TestAddsOwnWord: a summary sentence adds to the NAME line with a word
// the user typed, not with a word that may stand for one.
func TestAddsOwnWord(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "free", Alts: []analyse.Alt{{Stem: "free", Weight: 1}, {Stem: "avail", Weight: 0.7}}, Weight: 1},
		{Word: "space", Alts: []analyse.Alt{{Stem: "space", Weight: 1}}, Weight: 1},
	}, Weights: []float64{1, 1}, Mass: 2}
	given := []float64{0, 1} // "report file system space usage"
	if adds(q, "df shows the space available on that file system.", given, addsShare) {
		t.Error("a sentence with 'available' for 'free' adds to the NAME line")
	}
	if !adds(q, "It shows how much space is free.", given, addsShare) {
		t.Error("a sentence with the question's 'free' does not add to the NAME line")
	}
}

// TestAddsMuch: a sentence adds to the NAME line where it says much of
// the question, not where one word of four appears ("Any file with some
// invariant identifier ..." for a file's encoding).
func TestAddsMuch(t *testing.T) {
	concept := func(w string) analyse.Concept {
		return analyse.Concept{Word: w, Alts: []analyse.Alt{{Stem: w, Weight: 1}}, Weight: 1}
	}
	q := &answer.Question{Concepts: []analyse.Concept{concept("convert"), concept("file"), concept("encod"), concept("utf")},
		Weights: []float64{1, 1, 1, 1}, Mass: 4}
	if adds(q, "Any file with some invariant identifier can be described this way.", nil, addsShare) {
		t.Error("a sentence with one word of four adds to the NAME line")
	}
	if !adds(q, "It converts the encoding of each file.", nil, addsShare) {
		t.Error("a sentence with three words of four does not add to the NAME line")
	}
}

// The files a program reads are no steps for how to do a task with it
// ("~/.ssh/id_rsa: Contains the private key" for using a key), but are
// for a question that asks where a thing is kept.
func TestFilesSectionAside(t *testing.T) {
	lib := answer.NewLibrary(testindex.Must(t, testindex.Fixture))
	rt, err := rank.New(lib, analyse.Thesaurus, rank.DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q         string
		filesStep bool
	}{
		{"use my private key file for authentication", false},
		{"where is my private key file kept", true},
	} {
		ret, err := rt.Retrieve(context.Background(), tc.q)
		if err != nil {
			t.Fatal(err)
		}
		hit := ret.Hits[0]
		if hit.Meta.Title != "ssh-keygen" {
			t.Fatalf("%q: first page %s, want ssh-keygen", tc.q, hit.Meta.Title)
		}
		doc, err := lib.Load(hit.Doc)
		if err != nil {
			t.Fatal(err)
		}
		c := &composition{q: ret.Question, lib: lib, where: asksWhere(ret.Analysis)}
		found := false
		for _, p := range c.passages(hit.Doc, doc, hit.NameCov, hit.Entries) {
			if p.title == "FILES" && p.block.Kind == document.Item {
				found = true
				if p.aside == tc.filesStep {
					t.Errorf("%q: FILES item %q aside = %v, want %v", tc.q, p.block.Term, p.aside, !tc.filesStep)
				}
			}
		}
		if !found {
			t.Errorf("%q: no FILES item among ssh-keygen's passages", tc.q)
		}
	}
}

// The Summary's "Use" line is a command one can type: not where the
// synopsis requires a command or an action the line would leave out
// ("timeout 10s" of "timeout [OPTION] DURATION COMMAND [ARG]...").
func TestPlainRunKeepsRequired(t *testing.T) {
	syn := func(line string) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: line}}}}}
	}
	for _, tc := range []struct{ title, syn, want string }{
		{"timeout", "timeout [OPTION] DURATION COMMAND [ARG]...", ""},
		{"systemctl", "systemctl [OPTIONS...] COMMAND [UNIT...]", ""},
		{"wc", "wc [OPTION]... [FILE]...", "wc [FILE]..."},
		{"env", "env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]", "env [NAME=VALUE]... [COMMAND [ARG]...]"},
	} {
		m := index.Meta{Type: "man", Section: "1", Title: tc.title}
		if got := plainRun(syn(tc.syn), m, tc.syn); got != tc.want {
			t.Errorf("plainRun(%q) = %q, want %q", tc.syn, got, tc.want)
		}
	}
}

// A confident answer gives one more of its first page's steps, where it
// gives no other page's (see sure): the option a task needs is often the
// fourth-best match of its words. An unsure one keeps three, and room for
// the other pages' steps.
func TestConfidentSteps(t *testing.T) {
	lib, ret := retrieve(t, testindex.Fixture, "How do I list the files in a directory, sorted?")
	if ret.Hits[0].Meta.Label != "ls(1)" {
		t.Fatalf("first pages %v, want ls(1) first", labels(ret.Hits))
	}
	for _, tc := range []struct {
		confidence float64
		want       int
	}{{0.95, 4}, {0.6, 3}} {
		r := *ret
		r.Confidence = tc.confidence
		d, err := New().Compose(context.Background(), &r, lib, &answer.Citer{})
		if err != nil {
			t.Fatal(err)
		}
		options := 0
		for _, st := range d.Steps {
			if strings.HasPrefix(st, "`ls -") && strings.HasSuffix(st, "[1]") {
				options++
			}
		}
		if options != tc.want {
			t.Errorf("confidence %v: %d of ls's options among steps %q, want %d", tc.confidence, options, d.Steps, tc.want)
		}
	}
}
