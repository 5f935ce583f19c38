package explain

import (
	"compress/gzip"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/cmdline"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/ingest/man"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

// builtinsPage is a shell's page in the layouts of bash's and zsh's: an
// entry's forms in one term, a term that overflows into the item's text
// (bash's complete), test's other name, a placeholder in a second form
// (zsh's bg), a synopsis continued on a second line (zsh's read), an
// entry that is the same as another (zsh's declare).
const builtinsPage = `.TH SH 1
.SH NAME
sh \- a shell
.SH "CONDITIONAL EXPRESSIONS"
.TP
.B \-d \fIfile\fP
True if \fIfile\fP exists and is a directory.
.SH "SHELL BUILTIN COMMANDS"
Each builtin command documented in this section accepts \fB\-\-\fP.
.TP
\fB .\| \fP \fIfilename\fP [\fIarguments\fP]
.PD 0
.TP
\fBsource\fP \fIfilename\fP [\fIarguments\fP]
.PD
Read and execute commands from \fIfilename\fP.
.TP
\fBbg\fP [ \fIjob\fP ... ]
.PD 0
.TP
\fIjob\fP ... \fB&\fP
.PD
Put each specified job in the background.
.TP
\fBcomplete\fP [\fB\-abc\fP] [\fB\-o\fP \fIcomp-option\fP]
[\fB\-F\fP \fIfunction\fP] \fIname\fP [\fIname ...\fP]
.PD 0
.TP
\fBcomplete\fP \fB\-pr\fP [\fIname\fP ...]
.PD
Specify how arguments to each \fIname\fP should be completed.
.TP
\fBdeclare\fP
Same as \fBtypeset\fP.
.TP
\fBread \fP[ \fB\-rs\fP ] [ \fB\-d\fP \fIdelim\fP ]
.TP
\fB     \fP[ \fB\-u\fP \fIn\fP ] [ \fIname\fP ... ]
Read one line.
Options, if supplied, have the following meanings:
.RS
.TP
.B \-d \fIdelim\fP
The first character of \fIdelim\fP ends the line.
.TP
.B \-r
Backslash does not act as an escape character.
.RE
.TP
\fBtest\fP \fIexpr\fP
.PD 0
.TP
\fB[\fP \fIexpr\fP \fB]\fP
Return a status of 0 or 1 depending on the evaluation of \fIexpr\fP.
Expressions are composed of the primaries described above under
.SM
.BR "CONDITIONAL EXPRESSIONS" .
.TP
\fBkill\fP [\fB\-s\fP \fIsigspec\fP | \fB\-\fP\fIsigspec\fP] \fIpid\fP
Send a signal.
.TP
\fBtypeset\fP [ \fB\-A\fP ] [ \fIname\fP ... ]
Set or display attributes and values for shell parameters.
.RS
.TP
\fB\-A\fP
The names refer to associative array parameters.
.RE
`

// parseBuiltins reads the builtins of a shell's page from its roff
// source.
func parseBuiltins(t *testing.T, src []byte, shell, label string) *builtins {
	t.Helper()
	d, err := man.Parse(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	sd := shellDocs[shell]
	return &builtins{shell: shell, section: sd.section, meta: index.Meta{Label: label, Alias: "man-pages", Ref: "man1/" + label},
		doc: d, entries: builtinEntries(d, sd.section)}
}

// TestBuiltinEntries: the names an entry gives and what they are.
func TestBuiltinEntries(t *testing.T) {
	b := parseBuiltins(t, []byte(builtinsPage), "bash", "sh(1)")
	var names []string
	for n := range b.entries {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{".", "[", "bg", "complete", "declare", "kill", "read", "source", "test", "typeset"}; !slices.Equal(names, want) {
		t.Errorf("builtins %q, want %q", names, want)
	}
	if b.entries["."] != b.entries["source"] || b.entries["test"] != b.entries["["] {
		t.Error(". and source, or test and [, are not one entry")
	}
	if got := b.entries["complete"]; got == nil || !strings.HasPrefix(got.text, "Specify how arguments") || len(got.forms) != 3 {
		t.Errorf("complete: %+v, want its description and its three lines of synopsis", got)
	}
	if got := b.entries["read"].forms; len(got) != 2 || !strings.HasPrefix(strings.TrimSpace(got[1]), "[ -u n ]") {
		t.Errorf("read's forms %q, want its synopsis's second line", got)
	}
}

// TestBuiltinPage: a builtin's options are its entry's, then those of the
// section its entry sends the reader to and of the builtin it is the same
// as; its summary says whose builtin it is.
func TestBuiltinPage(t *testing.T) {
	b := parseBuiltins(t, []byte(builtinsPage), "zsh", "sh(1)")
	e := &explainer{out: &proto.Explanation{}, builtins: b, builtinsRead: true}
	for _, tc := range []struct {
		name, opt, desc string
		arg             argKind
	}{
		{"read", "-r", "Backslash does not act as an escape character.", none},
		{"read", "-d", "The first character of delim ends the line.", required},
		{"[", "-d", "True if file exists and is a directory.", required},
		{"declare", "-A", "The names refer to associative array parameters.", none},
	} {
		p := e.builtin(tc.name)
		if p == nil {
			t.Errorf("%s: no builtin", tc.name)
			continue
		}
		o, ok := p.lookup(tc.opt)
		if !ok || o.desc != tc.desc || o.arg != tc.arg || o.mention {
			t.Errorf("%s %s: %+v, %v; want %q", tc.name, tc.opt, o, ok, tc.desc)
		}
	}
	if p := e.builtin("read"); p.summary != "zsh builtin: Read one line." || p.summaryAt != "SHELL BUILTIN COMMANDS" || p.meta.Label != "sh(1)" {
		t.Errorf("read: %q from %q of %s", p.summary, p.summaryAt, p.meta.Label)
	}
	if _, ok := e.builtin("read").lookup("-A"); ok {
		t.Error("read has typeset's -A")
	}
	if e.builtin("ls") != nil {
		t.Error("ls is a builtin")
	}
}

func TestShell(t *testing.T) {
	for env, want := range map[string]string{
		"": "bash", "/bin/bash": "bash", "/usr/bin/zsh": "zsh", "-zsh": "zsh", "/bin/dash": "bash", "/bin/sh": "bash", "/usr/bin/fish": "",
	} {
		if got := Shell(env); got != want {
			t.Errorf("Shell(%q) = %q, want %q", env, got, want)
		}
	}
}

func TestCommandSection(t *testing.T) {
	for sec, want := range map[string]bool{"1": true, "8": true, "6": true, "1p": true, "l": true,
		"2": false, "3": false, "3pm": false, "7": false, "5": false, "n": false} {
		if got := commandSection(sec); got != want {
			t.Errorf("commandSection(%q) = %v", sec, got)
		}
	}
}

// TestPlaceholderForm: a word that is no option of the synopsis reads as
// its form that stands for a value (kill's -sigspec).
func TestPlaceholderForm(t *testing.T) {
	d := &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "kill [-s sigspec | -n signum | -sigspec] [pid | jobspec] ...\nkill -l|-L [sigspec | exit_status]"}}},
		{Title: "SHELL BUILTIN COMMANDS", Blocks: []document.Block{{Kind: document.Para,
			Text: "Send the signal named by sigspec to the processes. sigspec is either a signal name such as SIGKILL or a signal number. An argument of -l lists the signal names."}}},
	}}
	p := &page{meta: index.Meta{Label: "bash(1)"}, doc: d, opts: options(d)}
	for _, word := range []string{"-9", "-KILL"} {
		o, ok := p.placeholder(word)
		if want := "-sigspec: sigspec is either a signal name such as SIGKILL or a signal number."; !ok || o.desc != want || !o.mention {
			t.Errorf("%s: %+v, %v; want %q", word, o, ok, want)
		}
	}
	// options of the synopsis, and long ones, are what they are
	for _, word := range []string{"-l", "-L", "-s", "--signal"} {
		if o, ok := p.placeholder(word); ok {
			t.Errorf("%s read as a form: %+v", word, o)
		}
	}
	// no form of the kind: -9 is left to the letters
	d.Sections[0].Blocks[0].Text = "kill [-s signal] pid ..."
	if o, ok := (&page{doc: d, opts: options(d)}).placeholder("-9"); ok {
		t.Errorf("-9 read as %+v without a form that stands for a value", o)
	}
}

// TestExprOperators: the operators of find's OPERATORS, each a word of its
// own; one the same as another is said what that one is.
func TestExprOperators(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "OPERATORS", Blocks: []document.Block{
		{Kind: document.Para, Text: "Listed in order of decreasing precedence:"},
		{Kind: document.Item, Term: "( expr )", Text: "Force precedence. Since parentheses are special to the shell, you will normally need to quote them."},
		{Kind: document.Item, Term: "! expr", Text: "True if expr is false."},
		{Kind: document.Item, Term: "-not expr", Text: "Same as ! expr, but not POSIX compliant."},
		{Kind: document.Item, Term: "expr1 expr2", Text: "Two expressions in a row are taken to be joined with an implied -a."},
		{Kind: document.Item, Term: "expr1 -a expr2", Text: "Same as expr1 expr2."},
		{Kind: document.Item, Term: "expr1 -o expr2", Text: "Or; expr2 is not evaluated if expr1 is true."},
		{Kind: document.Item, Term: "expr1 -or expr2", Text: "Same as expr1 -o expr2, but not POSIX compliant."},
		{Kind: document.Item, Term: "expr1 , expr2", Text: "List; both expr1 and expr2 are always evaluated."},
	}}}}
	ops := exprOperators(d)
	for op, want := range map[string]string{
		"(":    "Force precedence.",
		")":    "Force precedence.",
		"!":    "True if expr is false.",
		"-not": "Same as ! expr, but not POSIX compliant: True if expr is false.",
		"-a":   "Same as expr1 expr2: Two expressions in a row are taken to be joined with an implied -a.",
		"-or":  "Same as expr1 -o expr2, but not POSIX compliant: Or; expr2 is not evaluated if expr1 is true.",
		",":    "List; both expr1 and expr2 are always evaluated.",
	} {
		if o := ops[op]; o.desc != want || o.section != "OPERATORS" {
			t.Errorf("%s: %+v, want %q", op, o, want)
		}
	}
	if len(ops) != 8 {
		t.Errorf("%d operators, want 8: %v", len(ops), ops)
	}
	if exprOperators(&document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: d.Sections[0].Blocks}}}) != nil {
		t.Error("operators outside an OPERATORS section")
	}
}

// explainLine explains line with the fixture tree's pages and b as the
// shell's builtins, as Explain does.
func explainLine(t *testing.T, lib *answer.Library, b *builtins, line string) []proto.ExplainPart {
	t.Helper()
	words, cmds, err := cmdline.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	e := &explainer{lib: lib, shell: "bash", builtins: b, builtinsRead: true, out: &proto.Explanation{CommandLine: line}}
	e.script(words, cmds, true)
	slices.SortStableFunc(e.out.Parts, func(a, b proto.ExplainPart) int { return a.Span[0] - b.Span[0] })
	return e.out.Parts
}

// TestExplainFixtures: lines over the fixture tree's pages (find, grep,
// kill, rm, env) and a shell's builtins: find's operators and the
// commands its actions run, and which kill a line runs.
func TestExplainFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the fixture tree's index")
	}
	lib := answer.NewLibrary(testindex.Must(t, testindex.Fixture))
	b := parseBuiltins(t, []byte(builtinsPage), "bash", "sh(1)")
	type want struct {
		i                 int
		text, kind, page  string
		descriptionPrefix string
	}
	for _, tc := range []struct {
		line  string
		parts int
		want  []want
	}{
		{"find . -name x -or -user y", 7, []want{{4, "-or", proto.PartOperator, "find(1)", "Same as expr1 -o expr2"}, {6, "y", proto.PartArgument, "", "the value of -user"}}},
		{"find . ! -newer a , \\( -empty -o -and \\)", 11, []want{{2, "!", proto.PartOperator, "find(1)", "True if expr is false."},
			{5, ",", proto.PartOperator, "find(1)", "List;"}, {6, "\\(", proto.PartOperator, "find(1)", "Force precedence."},
			{10, "\\)", proto.PartOperator, "find(1)", "Force precedence."}}},
		{"find . -exec grep -l TODO {} +", 8, []want{{2, "-exec", proto.PartOption, "find(1)", "This variant of the -exec action"},
			{3, "grep", proto.PartCommand, "grep(1)", ""}, {4, "-l", proto.PartOption, "grep(1)", "Suppress normal output"},
			{6, "{}", proto.PartArgument, "", "replaced by the name of the file found"}, {7, "+", proto.PartArgument, "", "end of the command -exec runs, once for as many"}}},
		// the first + is grep's pattern; an action after the command is find's
		{"find . -ok grep -e + {} \\; -print", 9, []want{{2, "-ok", proto.PartOption, "find(1)", "Like -exec but ask the user first."},
			{5, "+", proto.PartArgument, "", "the value of -e"}, {7, "\\;", proto.PartArgument, "", "end of the command -ok runs, once for each file found"},
			{8, "-print", proto.PartOption, "find(1)", "True; print the full file name"}}},
		// no end: the rest is the command
		{"find . -execdir rm -f", 5, []want{{3, "rm", proto.PartCommand, "rm(1)", ""}, {4, "-f", proto.PartOption, "rm(1)", ""}}},
		{"kill -9 1", 3, []want{{0, "kill", proto.PartCommand, "sh(1)", "bash builtin: Send a signal."}, {1, "-9", proto.PartOption, "sh(1)", "-sigspec in kill [-s sigspec | -sigspec] pid"}}},
		{"env -i LC_ALL=C kill -9 1", 6, []want{{2, "LC_ALL=C", proto.PartAssignment, "", "set the environment variable LC_ALL"},
			{3, "kill", proto.PartCommand, "kill(1)", ""}, {4, "-9", proto.PartOption, "kill(1)", "Alternate signals"}}},
		{"/bin/kill -9 1", 3, []want{{0, "/bin/kill", proto.PartCommand, "kill(1)", ""}}},
		{"[ -d x ] && test -d x", 8, []want{{0, "[", proto.PartCommand, "sh(1)", "bash builtin: Return a status"}, {1, "-d", proto.PartOption, "sh(1)", "True if file exists and is a directory."},
			{5, "test", proto.PartCommand, "sh(1)", ""}}},
	} {
		parts := explainLine(t, lib, b, tc.line)
		if len(parts) != tc.parts {
			t.Errorf("%s: %d parts, want %d: %+v", tc.line, len(parts), tc.parts, parts)
			continue
		}
		for _, w := range tc.want {
			p := parts[w.i]
			if p.Text != w.text || p.Kind != w.kind || p.Page != w.page || !strings.HasPrefix(p.Description, w.descriptionPrefix) {
				t.Errorf("%s: part %d is %+v; want %s, %s of %q, %q...", tc.line, w.i, p, w.text, w.kind, w.page, w.descriptionPrefix)
			}
		}
	}
}

// TestMachineShells: this machine's bash(1) and zshbuiltins(1), where
// they are installed: the builtins the issue names, and their options.
func TestMachineShells(t *testing.T) {
	for _, tc := range []struct {
		shell, file string
		builtins    []string
		opts        map[string][]string // builtin: options its entry documents
	}{
		{"bash", "/usr/share/man/man1/bash.1.gz", []string{"read", "set", "ulimit", "export", "kill", "echo", "printf", "test", "[", "source", ".", "command", "exec", "builtin"},
			map[string][]string{"read": {"-r", "-p", "-a", "-u"}, "set": {"-e", "-u", "-x", "-o"}, "ulimit": {"-n", "-a"}, "[": {"-f", "-d"}}},
		{"zsh", "/usr/share/man/man1/zshbuiltins.1.gz", []string{"read", "set", "ulimit", "export", "kill", "echo", "test", "[", "typeset", "declare"},
			map[string][]string{"read": {"-r", "-p"}, "ulimit": {"-n"}, "declare": {"-A"}}},
	} {
		f, err := os.Open(tc.file)
		if err != nil {
			t.Logf("%s: no %s here", tc.shell, tc.file)
			continue
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		src, err := io.ReadAll(zr)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		b := parseBuiltins(t, src, tc.shell, tc.shell+"(1)")
		for _, n := range tc.builtins {
			if b.entries[n] == nil {
				t.Errorf("%s: no builtin %s", tc.shell, n)
			}
		}
		for _, n := range []string{"job", "-", "ls"} {
			if b.entries[n] != nil {
				t.Errorf("%s: %s is a builtin", tc.shell, n)
			}
		}
		e := &explainer{out: &proto.Explanation{}, builtins: b, builtinsRead: true}
		for n, opts := range tc.opts {
			p := e.builtin(n)
			if p == nil {
				continue
			}
			for _, o := range opts {
				if got, ok := p.opts[o]; !ok || got.desc == "" {
					t.Errorf("%s %s: %s not documented", tc.shell, n, o)
				}
			}
		}
		if tc.shell == "bash" {
			if o, ok := e.builtin("kill").placeholder("-9"); !ok || !strings.HasPrefix(o.desc, "-sigspec: sigspec is") {
				t.Errorf("bash kill -9: %+v, %v", o, ok)
			}
		}
	}
}
