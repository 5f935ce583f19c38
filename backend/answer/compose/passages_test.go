package compose

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// shellPage is a shell's page as bash(1) lays out its builtins: an item
// each in SHELL BUILTIN COMMANDS, whose words say little of the task one
// asks of it.
const shellPage = `.TH BASH 1
.SH NAME
bash \- GNU Bourne-Again SHell
.SH SYNOPSIS
bash [options] [file]
.SH DESCRIPTION
Bash is a command language interpreter.
.SH "SHELL BUILTIN COMMANDS"
.TP
\fBexport\fP [\fB\-fn\fP] [\fIname\fP[=\fIword\fP]] ...
The supplied names of variables are marked for automatic export to the environment of every command, so the variable reaches the shell's children.
.TP
\fBunset\fP [\fB\-fv\fP] [\fIname\fP ...]
For each name, remove the corresponding entry.
.TP
\fBumask\fP [\fB\-p\fP] [\fImode\fP]
The user file-creation mask is set to mode.
.TP
\fBexit\fP [\fIn\fP]
Cause the shell to exit with a status of n.  If n is omitted, the exit status is that of the last command executed.
.SH PARAMETERS
.SS Special Parameters
.TP
.B #
Expands to the number of positional parameters in decimal.
.TP
.B ?
Expands to the exit status of the most recently executed foreground pipeline.
.TP
.B $
Expands to the process ID of the shell.
`

// The retriever's entries of a page (the builtins the task data says do
// the task) lead its passages, however few of the question's words their
// items hold; without them the words decide.
func TestPassagesLeadWithEntries(t *testing.T) {
	lib, id, doc, ret := onePage(t, "bash", shellPage, "get rid of an environment variable in the shell")
	r := lib.Reader()
	c := &composition{q: ret.Question, lib: lib}
	lead := func(entries []string) string {
		for _, p := range c.passages(id, doc, nil, entries) {
			if p.block.Kind == document.Item {
				return p.block.Term
			}
		}
		return ""
	}
	if got := lead(nil); got == "" || got[:6] != "export" {
		t.Fatalf("without entries the first item is %q, want export's, whose words hold the question", got)
	}
	if got := lead([]string{"unset"}); len(got) < 5 || got[:5] != "unset" {
		t.Errorf("with the entry unset the first item is %q, want unset's", got)
	}
	// and the step types the builtin as its entry writes it
	s := &source{hit: answer.Hit{Doc: id, Meta: r.Meta(id)}, doc: doc}
	ps := c.passages(id, doc, nil, []string{"unset"})
	if got, want := c.step(s, ps[0]), "`unset [-fv] [name ...]`: For each name, remove the corresponding entry."; got[:min(len(got), len(want))] != want {
		t.Errorf("step %q, want it to start %q", got, want)
	}
}

// A builtin's first form that takes the question's values is the step,
// filled: "exit [n]" is `exit 3` for "leave the shell with status 3".
func TestBuiltinFormFilled(t *testing.T) {
	const q = "leave the shell with the exit status 3"
	lib, id, doc, ret := onePage(t, "bash", shellPage, q)
	r := lib.Reader()
	c := &composition{q: ret.Question, lib: lib, items: DefaultItems, text: q, ops: operands(q, analyse.Read(q).Args)}
	s := &source{hit: answer.Hit{Doc: id, Meta: r.Meta(id)}, doc: doc}
	for _, p := range c.passages(id, doc, nil, []string{"exit"}) {
		if p.block.Term == "exit [n]" {
			if got, want := c.step(s, p), "`exit 3`: "; !strings.HasPrefix(got, want) {
				t.Errorf("step %q, want it to start %q", got, want)
			}
			return
		}
	}
	t.Fatal("no passage of exit's entry")
}

// The task data's "$" stands for the shell's special parameters, which
// its words tell apart, each typed as one sees what it expands to.
func TestPassagesSpecialParameters(t *testing.T) {
	lib, id, doc, ret := onePage(t, "bash", shellPage, "print the exit status of the last command")
	c := &composition{q: ret.Question, lib: lib, items: DefaultItems}
	if ps := c.passages(id, doc, nil, nil); len(ps) == 0 || ps[0].block.Term != "exit [n]" {
		t.Fatalf("without entries the first passage is %+v, want exit's, whose words hold the question", ps[:min(1, len(ps))])
	}
	ps := c.passages(id, doc, nil, []string{"$"})
	if len(ps) == 0 || ps[0].block.Term != "?" {
		t.Fatalf("with the entry $ the first passage is %+v, want the item of ?", ps[:min(1, len(ps))])
	}
	s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id)}, doc: doc}
	if got, want := c.step(s, ps[0]), "`echo $?`: Expands to the exit status of the most recently executed foreground pipeline."; got != want {
		t.Errorf("step %q, want %q", got, want)
	}
}

// twicePage gives one example in two sections, as systemd's pages do.
const twicePage = `.TH PROXYD 8
.SH NAME
proxyd \- proxy local sockets to a web server
.SH SYNOPSIS
proxyd HOST:PORT
.SH EXAMPLES
.SS Simple example
Proxy the web server on port 80:
.PP
.nf
# systemctl enable \-\-now proxy\-to\-web.socket; curl http://localhost:80/
.fi
.SS Namespace example
Proxy the web server on port 80, in a namespace:
.PP
.nf
# systemctl enable \-\-now proxy\-to\-web.socket; curl http://localhost:80/
.fi
`

// A step the page gives twice is shown once.
func TestStepsShownOnce(t *testing.T) {
	lib, id, doc, ret := onePage(t, "proxyd", twicePage, "proxy the web server on port 80")
	c := &composition{q: ret.Question, lib: lib, citer: &answer.Citer{}, items: DefaultItems}
	s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id)}, doc: doc}
	pl := &plan{s: s}
	for si, sec := range doc.Sections {
		for bi, b := range sec.Blocks {
			if b.Kind == document.Code && strings.Contains(sec.Title, "example") {
				pl.chosen = append(pl.chosen, passage{sec: si, blk: bi, block: b, title: sec.Title})
			}
		}
	}
	if len(pl.chosen) != 2 {
		t.Fatalf("%d examples in the page, want 2", len(pl.chosen))
	}
	pl.shown = 2
	if steps, _ := c.chosenSteps(pl); len(steps) != 1 {
		t.Errorf("steps %q, want the example once", steps)
	}
}

// manTree is a man tree of its own holding page as man1/name.1.
func manTree(t *testing.T, name, page string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "man1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "man1", name+".1"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// onePage indexes page as man1/name.1 alone and retrieves question from
// it: the library, the page's document id and its document, and the
// retrieval.
func onePage(t *testing.T, name, page, question string) (*answer.Library, int, *document.Document, *answer.Retrieval) {
	t.Helper()
	lib, ret := retrieve(t, testindex.WithMan(manTree(t, name, page)), question)
	r := lib.Reader()
	id := -1
	for d := range r.NumDocs() {
		if title, _ := r.NameLine(d); title == name {
			id = d
		}
	}
	if id < 0 {
		t.Fatalf("no %s(1) in the index", name)
	}
	doc, err := lib.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return lib, id, doc, ret
}

// clientPage is a remote login client's page whose -v first names its
// mode and only then says what it does, beside options whose first
// sentences hold the question's connection.
const clientPage = `.TH RLOGIN 1
.SH NAME
rlogin \- remote login client
.SH SYNOPSIS
rlogin [options] destination
.SH OPTIONS
.TP
\fB\-C\fP
Requests compression of all data sent over the connection.
.TP
\fB\-p\fP \fIport\fP
Port to connect to on the remote host.
.TP
\fB\-v\fP
Verbose mode.  Causes rlogin to print debugging messages about its progress.  This is helpful in debugging connection problems.
`

// An item whose first sentence only names a mode ("Verbose mode.") is
// read, and shown, with the sentence that says what it does.
func TestPassagesReadModeLabels(t *testing.T) {
	lib, id, doc, ret := onePage(t, "rlogin", clientPage, "get debugging output when a connection fails")
	c := &composition{q: ret.Question, lib: lib, items: DefaultItems}
	var first passage
	for _, p := range c.passages(id, doc, nil, nil) {
		if p.block.Kind == document.Item {
			first = p
			break
		}
	}
	if first.block.Term != "-v" {
		t.Fatalf("first item %q, want -v, whose second sentence prints debugging messages", first.block.Term)
	}
	s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id)}, doc: doc}
	if got, want := c.step(s, first), "`rlogin -v`: Verbose mode. Causes rlogin to print debugging messages about its progress."; got != want {
		t.Errorf("step %q, want %q", got, want)
	}
}

// The bundle people type to make a tarball, -czf, compresses with gzip:
// no bundle for a .tar.zst.
func TestOtherCompressor(t *testing.T) {
	letter := func(text string) passage { return passage{block: document.Block{Kind: document.Item, Text: text}} }
	gz := []passage{letter("Create a new archive."), letter("Filter the archive through gzip(1)."), letter("Use archive file or device ARCHIVE.")}
	zst := []passage{letter("Create a new archive."), letter("Filter the archive through zstd(1).")}
	c := &composition{compressions: analyse.Compressions("create a .tar.zst archive")}
	if !c.otherCompressor(gz) || c.otherCompressor(zst) {
		t.Errorf("otherCompressor for a .tar.zst: gzip's %v, zstd's %v; want true, false", c.otherCompressor(gz), c.otherCompressor(zst))
	}
	if c := (&composition{}); c.otherCompressor(gz) {
		t.Error("a question that names no format holds gzip against a bundle")
	}
}

// accountsPage lists a file's fields under the paragraph that
// introduces them, as passwd(5) does, and names its files.
const accountsPage = `.TH ACCOUNTS 5
.SH NAME
accounts \- the account file
.SH DESCRIPTION
.PP
/etc/accounts contains one line for each account, with three fields delimited by colons. These fields are:
.IP \(bu 2
login name
.IP \(bu 2
numerical account ID
.IP \(bu 2
home directory
.SH FILES
.TP
/etc/accounts
Account information.
.TP
/etc/accounts-
Backup file for /etc/accounts.
`

// A question about a file's format is answered with the list of its
// fields, which no sentence of the page says together, not with the
// page's FILES.
func TestFormatListsFields(t *testing.T) {
	lib, _, _, ret := onePage(t, "accounts", accountsPage, "what do the fields in /etc/accounts mean")
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "These fields are: login name; numerical account ID; home directory") {
		t.Errorf("steps %q, want the fields first", d.Steps)
	}
	for _, st := range d.Steps {
		if strings.Contains(st, "Backup file") {
			t.Errorf("steps %q give the page's FILES", d.Steps)
		}
	}
}

// presetPage documents a range of options in one item, as xz does its
// presets.
const presetPage = `.TH SQUASH 1
.SH NAME
squash \- shrink files
.SH SYNOPSIS
squash [option...] [file...]
.SH OPTIONS
.TP
\fB\-0\fP ... \fB\-9\fP
Select a compression preset level.
.TP
\fB\-k\fP
Keep the input files.
`

// An item that documents a range of options is typed as one of them:
// the high end, or the low one where the question asks for it.
func TestOptionRange(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"squash notes.txt at the highest level", "squash -9 notes.txt"},
		{"squash notes.txt at the lowest and fastest level", "squash -0 notes.txt"},
	} {
		lib, id, doc, ret := onePage(t, "squash", presetPage, tc.q)
		c := &composition{q: ret.Question, lib: lib, citer: &answer.Citer{}, items: DefaultItems,
			ops: operands(tc.q, analyse.Read(tc.q).Args)}
		s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id)}, doc: doc}
		got := invocationOfItem(c, s, doc, "-0")
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
		}
	}
}

// invocationOfItem is the invocation of the item of doc whose term
// starts with term.
func invocationOfItem(c *composition, s *source, doc *document.Document, term string) string {
	got := ""
	for si, sec := range doc.Sections {
		for _, b := range sec.Blocks {
			if b.Kind == document.Item && strings.HasPrefix(b.Term, term) {
				got, _ = c.invocationOf(s, passage{sec: si, block: b, title: sec.Title})
			}
		}
	}
	return got
}

// An option the option model has people give for the task joins the
// passages though its text holds none of the question's words (ls's -a,
// "do not ignore entries starting with .", for hidden files), scoring
// what the model gives it; not one the text already brought, one below
// usageLead, one in a section about the page, nor one that forces.
func TestBackedItems(t *testing.T) {
	d := &document.Document{Type: "man", Title: "ls", Sections: []document.Section{
		{Title: "OPTIONS", Blocks: []document.Block{
			{Kind: document.Item, Term: "-a, --all", Text: "do not ignore entries starting with ."},
			{Kind: document.Item, Term: "-d, --directory", Text: "list directories themselves, not their contents"},
			{Kind: document.Item, Term: "-q", Text: "print ? instead of nongraphic characters"},
			{Kind: document.Item, Term: "-f", Text: "force: never prompt"},
		}},
		{Title: "AUTHOR", Blocks: []document.Block{{Kind: document.Item, Term: "-x", Text: "an author's option"}}},
	}}
	c := &composition{items: DefaultItems, usageOf: 7, usagesRead: true,
		usages: map[string]float64{"-a, --all": 0.6, "-d, --directory": 0.7, "-q": 0.2, "-f": 0.9, "-x": 0.9}}
	scored := []passage{{sec: 0, blk: 1}}
	got := c.backedItems(7, d, scored, []bool{false, true})
	if len(got) != 1 || got[0].block.Term != "-a, --all" || got[0].score != DefaultItems.Usage*0.6 {
		t.Errorf("backedItems = %+v, want -a alone, scoring %v", got, DefaultItems.Usage*0.6)
	}
	if got := c.backedItems(8, d, scored, []bool{false, true}); got != nil {
		t.Errorf("another page's backedItems = %+v, want none: the model reads the first page only", got)
	}
}

// archiverPage is an archiver's page whose option to unpack says as
// much of "list the files of an archive without unpacking it" as its
// option to list, and more words of it.
const archiverPage = `.TH PACKER 1
.SH NAME
packer \- store files in an archive
.SH SYNOPSIS
packer [OPTION...] ARCHIVE [FILE...]
.SH OPTIONS
.TP
\fB\-u\fR, \fB\-\-unpack\fR
Unpack the files of an archive.
.TP
\fB\-t\fR, \fB\-\-table\fR
List the files of an archive.
.TP
\fB\-k\fR, \fB\-\-keep\fR
Do not unpack files of an archive over those that exist.
`

// What a question says to do without ("without unpacking it") is no word
// an item that does it answers: the option to list leads, not the one
// to unpack; an item that says not to do it keeps the word.
func TestForbiddenAction(t *testing.T) {
	const q = "list the files of an archive without unpacking it"
	lib, id, doc, ret := onePage(t, "packer", archiverPage, q)
	scores := func(forbidden []bool) map[string]float64 {
		c := &composition{q: ret.Question, lib: lib, negative: answer.Negative(ret.Analysis.Seq), seq: ret.Analysis.Seq, forbidden: forbidden}
		out := map[string]float64{}
		for _, p := range c.passages(id, doc, nil, nil) {
			if p.block.Kind == document.Item {
				out[strings.Fields(p.block.Term)[0]] = p.score
			}
		}
		return out
	}
	forbidden := forbiddenConcepts(ret.Question, ret.Analysis.Seq)
	if sc := scores(forbidden); sc["-t,"] <= sc["-u,"] || sc["-k,"] <= sc["-u,"] {
		t.Errorf("-t scores %.3f, -k %.3f, -u %.3f: want the option that unpacks last", sc["-t,"], sc["-k,"], sc["-u,"])
	}
	if sc := scores(nil); sc["-t,"] > sc["-u,"] {
		t.Errorf("the page no longer tests it: -t scores %.3f over -u's %.3f without a forbidden action", sc["-t,"], sc["-u,"])
	}
	if got := forbiddenConcepts(ret.Question, strings.Fields("list the files of an archive")); got != nil {
		t.Errorf("a question that forbids nothing marks %v", got)
	}
}

// limitPage runs a command for a length of time its synopsis takes, and
// has an option that takes one too (its second synopsis, an option
// alone, as timeout's); and an option whose long name holds
// "lines", about the width of lines.
const limitPage = `.TH LIMIT 1
.SH NAME
limit \- run a command with a time limit
.SH SYNOPSIS
.B limit
[\fIOPTION\fR] \fIDURATION COMMAND \fR[\fIARG\fR]...
.br
.B limit
[\fIOPTION\fR]
.SH OPTIONS
.TP
\fB\-k\fR, \fB\-\-kill\-after\fR=\fIDURATION\fR
also send a KILL signal if COMMAND is still running this long after the limit
.TP
\fB\-l\fR, \fB\-\-line\-length\fR=\fIN\fR
specify the desired line-wrap length
`

// The lead is the command as its synopsis runs it where the option that
// would lead is one whose long name the question says a part of
// (--line-length for "lines"), fed the end of a range ("lines 10 to 20")
// as if it were a count.
func TestLeadNoBetterOption(t *testing.T) {
	for _, tc := range []struct{ q, want, not string }{
		{"print lines 10 to 20 of the output", "limit ", "-l"},
	} {
		lib, id, _, ret := onePage(t, "limit", limitPage, tc.q)
		// the page alone, as the first: the index holds others
		ret.Hits = []answer.Hit{{Doc: id, Meta: lib.Reader().Meta(id), Block: -1}}
		d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Steps) == 0 || !strings.Contains(d.Steps[0], tc.want) || strings.Contains(strings.SplitN(d.Steps[0], ":", 2)[0], tc.not) {
			t.Errorf("%q: steps %q, want the first to run %q without %s", tc.q, d.Steps, tc.want, tc.not)
		}
	}
}

// An option that takes the time the question gives leads for it, unless
// the synopsis takes that time too: timeout's --kill-after for "after 10
// seconds" is no better than "timeout 10s COMMAND"; fold's --width for
// "at 72 characters" is.
func TestAmountLeads(t *testing.T) {
	item := func(term string) passage { return passage{block: document.Block{Kind: document.Item, Term: term}} }
	for _, tc := range []struct {
		q, term, syn string
		want         bool
	}{
		{"stop a command after 10 seconds", "-k, --kill-after=DURATION", "timeout [OPTION] DURATION COMMAND [ARG]...", false},
		{"wrap the lines at 72 characters", "-w, --width=WIDTH", "fold [OPTION]... [FILE]...", true},
		{"stop a command after 10 seconds", "-s, --signal=SIGNAL", "timeout [OPTION] DURATION COMMAND [ARG]...", false},
	} {
		a := analyse.Analyse(tc.q, nil)
		c := &composition{ops: operands(tc.q, a.Args), seq: a.Seq}
		if got := c.amountLeads(item(tc.term), tc.syn); got != tc.want {
			t.Errorf("%q: amountLeads(%q, %q) = %v, want %v", tc.q, tc.term, tc.syn, got, tc.want)
		}
	}
}

// The ends of a range are no operands.
func TestRangeNoOperand(t *testing.T) {
	q := "print lines 10 to 20 of notes.txt"
	a := analyse.Analyse(q, nil)
	c := (&Composer{}).begin(&answer.Retrieval{Analysis: a, Question: &answer.Question{}}, nil, nil)
	for _, op := range c.ops {
		if op.text == "10" || op.text == "20" {
			t.Errorf("operand %q of %q", op.text, q)
		}
	}
	if len(c.ops) != 1 {
		t.Errorf("operands %v, want notes.txt alone", c.ops)
	}
}

// fifoPage makes named pipes, with the mode an option gives.
const fifoPage = `.TH MKPIPE 1
.SH NAME
mkpipe \- make named pipes
.SH SYNOPSIS
.B mkpipe
[\fIOPTION\fR]... \fINAME\fR...
.SH OPTIONS
.TP
\fB\-m\fR, \fB\-\-mode\fR=\fIMODE\fR
set file permission bits to MODE, not a=rw - umask
.TP
\fB\-Z\fR
set the SELinux security context to default type
`

// A mode the question says in words ("only its owner can read and
// write") is given to the option that sets it, though no word of the
// question is the option's: mkfifo -m 600.
func TestModeOption(t *testing.T) {
	const q = "make a named pipe that only its owner can read and write"
	lib, id, _, ret := onePage(t, "mkpipe", fifoPage, q)
	ret.Hits = []answer.Hit{{Doc: id, Meta: lib.Reader().Meta(id), Block: -1}}
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`mkpipe -m 600") {
		t.Errorf("steps %q, want mkpipe -m 600 first", d.Steps)
	}
}

// svcPage runs subcommands, one of whose names holds another's with a
// word more, and whose text holds more of the question.
const svcPage = `.TH SVCCTL 1
.SH NAME
svcctl \- control services
.SH SYNOPSIS
svcctl [OPTIONS...] COMMAND [UNIT...]
.SH COMMANDS
.TP
\fBtry\-restart \fIPATTERN\fR...\fR
Stop and then start one or more units if the units are running.
.TP
\fBrestart \fIPATTERN\fR...\fR
Stop and then start one or more units.
.SH "SYSTEM COMMANDS"
.TP
\fBreboot\fR
Shut down and restart the system.
`

// A subcommand whose name is the question's word leads one whose name
// holds it among others ("svcctl restart", not "svcctl try-restart"), or
// one whose name is not the question's verb ("svcctl reboot", "Shut down
// and restart the system", for "restart a service").
func TestAskedSubcommandFirst(t *testing.T) {
	const q = "restart the service nginx"
	lib, id, doc, ret := onePage(t, "svcctl", svcPage, q)
	c := New().begin(ret, lib, &answer.Citer{})
	s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id), Block: -1}, doc: doc}
	c.usageOf = id
	ps := c.passages(id, doc, nil, nil)
	if len(ps) < 2 || !strings.HasPrefix(ps[0].block.Term, "try-restart") {
		t.Fatalf("passages %v: want try-restart to score first, or the page tests nothing", ps)
	}
	pl := c.chooseSteps(s, ret.Analysis)
	if len(pl.chosen) == 0 || !strings.HasPrefix(pl.chosen[0].block.Term, "restart") {
		t.Errorf("chosen %v, want restart first", pl.chosen)
	}
	item := func(p passage, score float64) passage { p.score = score; return p }
	var reboot, restart passage
	for _, p := range ps {
		switch subcommandName(p) {
		case "reboot":
			reboot = p
		case "restart":
			restart = p
		}
	}
	if reboot.block.Term == "" || restart.block.Term == "" {
		t.Fatalf("passages %v: want reboot and restart", ps)
	}
	list := []passage{item(reboot, 1), item(restart, 0.9)}
	if got := c.askedSubcommandFirst(s, list, list, "restart"); subcommandName(got[0]) != "restart" {
		t.Errorf("with the verb restart, %v first, want restart", subcommandName(got[0]))
	}
	if got := c.askedSubcommandFirst(s, list, list, "show"); subcommandName(got[0]) != "reboot" {
		t.Errorf("with another verb, %v first, want reboot as it scored", subcommandName(got[0]))
	}
}

// widgetPage has examples as ps(1) writes them: a caption that ends
// with a colon over the command lines that do it.
const widgetPage = `.TH WIDGETS 1
.SH NAME
widgets \- report on the machine's widgets
.SH SYNOPSIS
widgets [options]
.SH EXAMPLES
.TP
To see every widget on the machine in the long format:
widgets -e -l
.br
widgets --every --long
.TP
To see the broken widgets only:
widgets -b
`

// An example under its caption is a step as one types it: its first
// command line, then the caption, not the caption and every line.
func TestCaptionedExample(t *testing.T) {
	lib, _, _, ret := onePage(t, "widgets", widgetPage, "how do I see every widget on the machine in the long format")
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Steps, func(s string) bool {
		return strings.HasPrefix(s, "`widgets -e -l`: To see every widget on the machine in the long format [")
	}) {
		t.Errorf("steps %q, want `widgets -e -l` under its caption", d.Steps)
	}
}

// clockPage runs its work as subcommands, as timedatectl(1) does.
const clockPage = `.TH CLOCKCTL 1
.SH NAME
clockctl \- control the system clock
.SH SYNOPSIS
clockctl [OPTIONS...] {COMMAND}
.SH DESCRIPTION
clockctl may be used to query and change the system clock and its settings.
.SH COMMANDS
.TP
status
Show current settings of the system clock.
.TP
set-timezone [TIMEZONE]
Set the system time zone to the specified value.
.TP
list-timezones
List available time zones, one per line.
`

// A subcommand that runs with what the question gives is the Summary's
// "Use" sentence, the line the user types; one the question says none
// of the words of is not.
func TestFilledSubcommandUse(t *testing.T) {
	lib, _, _, ret := onePage(t, "clockctl", clockPage, "How do I set the system time zone to Europe/Berlin?")
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(d.Summary, "Use `clockctl set-timezone Europe/Berlin`: Set the system time zone") {
		t.Errorf("summary %q, want it to say to use clockctl set-timezone Europe/Berlin", d.Summary)
	}
}

// userKillPage documents -u with no argument in its item, where its
// synopsis gives the option one in brackets run over two lines.
const userKillPage = `.TH ZAPALL 1
.SH NAME
zapall \- stop processes by name
.SH SYNOPSIS
zapall [\-q, \-\-quiet] [\-u, \-\-user
user] [\-\-] name ...
.SH OPTIONS
.TP
\fB\-u\fP, \fB\-\-user\fP
Stop only processes the specified user owns.
`

// An option item that names no argument is typed with the one its
// synopsis writes, which the question's value fills: zapall -u bob.
func TestSynopsisArgumentFilled(t *testing.T) {
	q := "stop every process of the user bob"
	lib, id, doc, ret := onePage(t, "zapall", userKillPage, q)
	c := &composition{q: ret.Question, lib: lib, citer: &answer.Citer{}, items: DefaultItems, ops: operands(q, analyse.Read(q).Args)}
	s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id)}, doc: doc}
	got := invocationOfItem(c, s, doc, "-u")
	if !strings.HasPrefix(got, "zapall -u bob") {
		t.Errorf("%q: %q, want zapall -u bob", q, got)
	}
}

// typePage lists the kinds of file its -type takes, a directory first.
const typePage = `.TH SEEK 1
.SH NAME
seek \- look for files
.SH SYNOPSIS
seek [starting-point...] [expression]
.SH TESTS
.TP
\fB\-type\fP \fIc\fP
File is of type c:
.RS
.TP
d
directory
.TP
l
link to another file
.RE
`

// The folder a question looks in is where to look, not what to look
// for: -type takes the kind of file asked for (l, a link), not d
// ("directory") for the word "folder" the place is named with.
func TestInlineValueNotPlace(t *testing.T) {
	for q, want := range map[string]string{
		"seek the links in the folder conf": "-type l",
		"seek the links in my home folder":  "-type l",
		"seek the folders in /srv":          "-type d",
	} {
		lib, _, doc, ret := onePage(t, "seek", typePage, q)
		// every word weighs the same: a page of its own weighs its own
		// words least, which no index of many pages does
		q1 := ret.Question
		for i := range q1.Weights {
			q1.Weights[i] = 1
		}
		q1.Mass = float64(len(q1.Weights))
		a := analyse.Read(q)
		c := &composition{q: q1, lib: lib, citer: &answer.Citer{}, items: DefaultItems, args: a.Args, text: q}
		got := ""
		for _, sec := range doc.Sections {
			for _, b := range sec.Blocks {
				if b.Kind == document.Item && strings.HasPrefix(b.Term, "-type") {
					got, _ = c.inlineValue(b.Term, b.Text)
				}
			}
		}
		if got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
}
