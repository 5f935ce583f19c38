package compose

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

// unitPage runs subcommands whose own words hardly tell the one for a
// task ("start at boot") from its opposite, and an option whose words
// hold more of it.
const unitPage = `.TH UNITCTL 1
.SH NAME
unitctl \- control the unit manager
.SH SYNOPSIS
unitctl [OPTIONS...] COMMAND [UNIT...]
.SH COMMANDS
.TP
\fBenable \fIUNIT\fR...\fR
Enable one or more units.
.TP
\fBdisable \fIUNIT\fR...\fR
Disables one or more units.
.TP
\fBstatus\fR [\fIPATTERN\fR...|\fIPID\fR...]]
Show runtime status information about one or more units.
.TP
\fBlist\-units\fR [\fIPATTERN\fR...]
List units that the manager currently has in memory, running or not.
.SH OPTIONS
.TP
\fB\-\-boot\-menu\fR
When used with reboot, show the boot loader menu on the following boot of the machine, automatically.
.TP
\fB\-\-wait\fR
Wait for started units to terminate again, every time.
`

// unitTasks is what people say unitctl's subcommands are for.
func unitTasks(t *testing.T) *tasks.Model {
	t.Helper()
	return fitted(t, [][2]string{
		{"unitctl", "Control the units of the machine"},
		{"unitctl-enable", "Start a service automatically at boot"},
		{"unitctl-enable", "Make a unit start every time the machine boots"},
		{"unitctl-disable", "Keep a service from starting automatically at boot"},
		{"unitctl-status", "Show the status of a service"},
		{"unitctl-list-units", "List the running units"},
	})
}

// The subcommand people use for the task leads, filled, and is the
// Summary's "Use" sentence, where the page's own words put an option or
// another subcommand first; between opposites, the question's negation
// chooses. Without the task model the page's words decide.
func TestModelSubcommandFirst(t *testing.T) {
	m := unitTasks(t)
	for _, tc := range []struct{ q, want string }{
		{"make the service postgres start automatically every time the machine boots", "`unitctl enable postgres`"},
		{"stop the service cups and keep it from starting at boot", "`unitctl disable cups`"},
		{"show the status of the service nginx with unitctl", "`unitctl status nginx`"},
	} {
		cp := New()
		cp.Tasks = m
		d := composed(t, cp, "unitctl", unitPage, tc.q)
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
		}
		// the Summary says to use it, though the question does not
		// say its name
		if !strings.HasPrefix(d.Summary, "Use "+tc.want+":") {
			t.Errorf("%q: summary %q, want it to say Use %s", tc.q, d.Summary, tc.want)
		}
		cp.Tasks = nil
		if d = composed(t, cp, "unitctl", unitPage, tc.q); len(d.Steps) > 0 && strings.HasPrefix(d.Steps[0], tc.want+":") && !strings.Contains(tc.want, "status") {
			t.Errorf("%q: without the task model, %s leads all the same: the page tests nothing", tc.q, tc.want)
		}
	}
}

// A subcommand is no placeholder's choice: of "[PATTERN...|PID...]]",
// the first, filled; opposites are told by their names.
func TestSubcommandForms(t *testing.T) {
	if got := eitherPlaceholder().ReplaceAllString("status [PATTERN...|PID...]]", "[$1]"); got != "status [PATTERN...]" {
		t.Errorf("eitherPlaceholder: %q", got)
	}
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"enable", "disable", true}, {"unmask", "mask", true}, {"lock", "unlock", true},
		{"start", "stop", false}, {"enable", "enable", false}, {"list", "unlist-units", false}, {"", "un", false},
	} {
		if got := opposites(tc.a, tc.b); got != tc.want {
			t.Errorf("opposites(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

// sorterPage has two options a question may ask for together, and a
// mode option every command line of tarrer's starts with.
const sorterPage = `.TH SORTER 1
.SH NAME
sorter \- put lines in order
.SH SYNOPSIS
sorter [OPTION]... [FILE]...
.SH OPTIONS
.TP
\fB\-n\fR, \fB\-\-numeric\-sort\fR
compare according to string numerical value
.TP
\fB\-r\fR, \fB\-\-reverse\fR
reverse the result of comparisons
.TP
\fB\-f\fR, \fB\-\-ignore\-case\fR
fold lower case to upper case characters
`

// sorterUsage is what people say they give sorter's options for.
func sorterUsage(t *testing.T) *tasks.Model {
	t.Helper()
	return fitted(t, [][2]string{
		{"sorter", "Put the lines of a file in order"},
		{"sorter -n", "Sort numbers numerically"},
		{"sorter -r", "Sort lines in reverse order"},
		{"sorter -f", "Sort ignoring case"},
	})
}

// Options that each do a part of the question lead as one line, where
// no one's command line bundles them; one asked alone leads alone.
func TestAskedLetters(t *testing.T) {
	cp := New()
	cp.Options = sorterUsage(t)
	leadsWith(t, cp, "sorter", sorterPage, []lead{
		{"sort the file scores.txt numerically in reverse order", "`sorter -rn scores.txt`"},
		{"sort the file scores.txt in reverse order", "`sorter -r scores.txt`"},
	})
}

// An option named for the second of two things the NAME line says the
// program does ("compute and check") does not lead where the question
// asks neither: the command computes without options. Asked to verify,
// which is to check, it leads.
func TestUnaskedSecondAction(t *testing.T) {
	machineLeads(t, []machineLead{
		{"sha256sum", "print the checksum of the file disk.img with sha256", "`sha256sum disk.img`"},
		{"sha256sum", "verify the sha256 checksums listed in SUMS.txt", "`sha256sum -c SUMS.txt`"},
	})
}

// Of two options that take the days the question gives, the one named
// for a word of it the other's first sentence does not say leads, over
// the one people give more: chage's --warndays for a warning, not
// --maxdays. This machine's chage(1).
func TestNamedAmountKeepsLead(t *testing.T) {
	machineLeads(t, []machineLead{
		{"chage", "for the user nina, set the password expiry warning to 5 days", "`chage -W 5 nina`"},
		{"chage", "let the password of user nina expire after 60 days", "`chage -M 60 nina`"},
	})
}

// tarrerPage runs every command line with one of its modes, as its
// synopsis's subsections say.
const tarrerPage = `.TH TARRER 1
.SH NAME
tarrer \- an archiving utility
.SH SYNOPSIS
.SS "UNIX-style usage"
.nf
tarrer -c [-f ARCHIVE] [OPTIONS] [FILE...]
.PP
tarrer -t [-f ARCHIVE] [OPTIONS] [MEMBER...]
.fi
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-create\fR
Create a new archive.
.TP
\fB\-t\fR, \fB\-\-list\fR
List the contents of an archive.
.TP
\fB\-z\fR, \fB\-\-gzip\fR
Filter the archive through gzip.
.TP
\fB\-a\fR, \fB\-\-auto\-compress\fR
Use archive suffix to determine the compression program.
.TP
\fB\-f\fR, \fB\-\-file\fR=\fIARCHIVE\fR
Use archive file or device ARCHIVE.
`

// tarrerUsage is what people say they give tarrer's options for.
func tarrerUsage(t *testing.T) *tasks.Model {
	t.Helper()
	return fitted(t, [][2]string{
		{"tarrer", "Archive files"},
		{"tarrer -t", "List the contents of an archive"},
		{"tarrer -z", "Work on a gzip compressed archive"},
		{"tarrer -a", "Compress an archive by its suffix"},
		{"tarrer -f", "Name the archive file"},
		{"tarrer -c", "Create an archive"},
	})
}

// A bundle of a page whose command lines each start with a mode holds
// one, and the archive the question names goes with the option people
// give it with; one without a mode is no line.
func TestAskedLettersMode(t *testing.T) {
	for _, tc := range []struct{ q, want, not string }{
		{"list the contents of the gzip archive logs.tar.gz with tarrer", "`tarrer -tzf logs.tar.gz`", ""},
		{"with tarrer, filter the archive site.tar.gz through gzip and auto compress it by its suffix", "", "`tarrer -az"},
	} {
		cp := New()
		cp.Options = tarrerUsage(t)
		d := composed(t, cp, "tarrer", tarrerPage, tc.q)
		if len(d.Steps) == 0 || tc.want != "" && !strings.HasPrefix(d.Steps[0], tc.want+":") || tc.not != "" && strings.HasPrefix(d.Steps[0], tc.not) {
			t.Errorf("%q: steps %q, want %q first, not %q", tc.q, d.Steps, tc.want, tc.not)
		}
	}
}

// sortyPage has an option that takes a field's place, whose words say
// less of the question than three others', and one that takes a count.
const sortyPage = `.TH SORTY 1
.SH NAME
sorty \- sort lines of text files
.SH SYNOPSIS
sorty [OPTION]... [FILE]...
.SH OPTIONS
.TP
\fB\-V\fR, \fB\-\-version\-sort\fR
natural sort of (version) numbers within text
.TP
\fB\-n\fR, \fB\-\-numeric\-sort\fR
compare lines as numbers
.TP
\fB\-g\fR, \fB\-\-general\-numeric\-sort\fR
compare lines as general numbers, sorting by their value
.TP
\fB\-\-parallel\fR=\fIN\fR
change the number of sorts run concurrently to N
.TP
\fB\-k\fR, \fB\-\-key\fR=\fIKEYDEF\fR
sort via a key; KEYDEF gives location and type of the field to sort by
`

// The place of a column the question gives goes to the option that
// takes a place, which then leads: not to a count's.
func TestPlaceOption(t *testing.T) {
	d := composed(t, New(), "sorty", sortyPage, "sorty lines by the second column as numbers")
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`sorty -k 2`:") || slices.ContainsFunc(d.Steps, func(s string) bool { return strings.Contains(s, "--parallel 2") }) {
		t.Errorf("steps %q, want `sorty -k 2` first and no --parallel 2", d.Steps)
	}
	// where the chosen steps hold no option that takes it, the page's
	// that does
	lib, id, doc, ret := onePage(t, "sorty", sortyPage, "sorty lines by the second column as numbers")
	c := New().begin(ret, lib, &answer.Citer{})
	s := &source{hit: answer.Hit{Doc: id, Meta: lib.Reader().Meta(id), Block: -1}, doc: doc}
	ps := c.passages(id, doc, nil, nil)
	others := slices.DeleteFunc(slices.Clone(ps), func(p passage) bool { return strings.HasPrefix(p.block.Term, "-k") })
	if p, ok := c.placeOption(s, ps, others); !ok || !strings.HasPrefix(p.block.Term, "-k") {
		t.Errorf("placeOption = %q, %v; want -k", p.block.Term, ok)
	}
	if _, ok := c.placeOption(s, ps, ps); ok {
		t.Errorf("placeOption with -k chosen: want none")
	}
	for _, tc := range []struct {
		arg  string
		want bool
	}{{"KEYDEF", true}, {"LIST", true}, {"N", false}, {"NUM", false}} {
		op := operand{kind: analyse.ArgNumber, text: "2", place: true}
		if got := valueFor(op, tc.arg); got != tc.want {
			t.Errorf("valueFor(the second column, %s) = %v, want %v", tc.arg, got, tc.want)
		}
	}
}

// unamerPage has options that each print another thing, which people
// type together.
const unamerPage = `.TH UNAMER 1
.SH NAME
unamer \- print system information
.SH SYNOPSIS
unamer [OPTION]...
.SH OPTIONS
.TP
\fB\-s\fR, \fB\-\-kernel\-name\fR
print the kernel name
.TP
\fB\-r\fR, \fB\-\-kernel\-release\fR
print the kernel release
.TP
\fB\-v\fR, \fB\-\-kernel\-version\fR
print the kernel version
`

// A bundle people type for several things is no answer to a question
// that asks for one of them, which its letter alone prints; asked for
// all, it is.
func TestSiblingLetters(t *testing.T) {
	m := fitted(t, [][2]string{
		{"unamer", "Print system information"},
		{"unamer -srv", "Print the kernel name, release and version"},
		{"unamer -srv", "Print the kernel release and version"},
		{"unamer -r", "Print the kernel release"},
	})
	cp := New()
	cp.Options = m
	leadsWith(t, cp, "unamer", unamerPage, []lead{
		{"print the kernel release with unamer", "`unamer -r`"},
		{"print the kernel name, release and version with unamer", "`unamer -srv`"},
	})
}

// daterPage prints the date, or another one its -d is given.
const daterPage = `.TH DATER 1
.SH NAME
dater \- print or set the system date and time
.SH SYNOPSIS
dater [OPTION]... [+FORMAT]
.SH OPTIONS
.TP
\fB\-d\fR, \fB\-\-date\fR=\fISTRING\fR
display time described by STRING, not 'now'
.TP
\fB\-u\fR, \fB\-\-utc\fR
print Coordinated Universal Time (UTC)
`

// A date counted from now is the value of the option that takes a date,
// which leads with it.
func TestRelativeDate(t *testing.T) {
	leadsWith(t, New(), "dater", daterPage, []lead{
		{"show the date 3 weeks ago with dater", "`dater -d '3 weeks ago'`"},
		{"what will the date be in 90 days, with dater", "`dater -d '90 days'`"},
		{"print yesterday's date with dater", "`dater -d yesterday`"},
		{"print the date of next Monday with dater", "`dater -d 'next monday'`"},
	})
}

// fitted is a task model fitted on (command, description) pairs.
func fitted(t *testing.T, docs [][2]string) *tasks.Model {
	t.Helper()
	var ds []tasks.Doc
	for _, d := range docs {
		ds = append(ds, tasks.Doc{Command: d[0], Stems: tasks.Tokens(d[1])})
	}
	m, err := tasks.Fit(ds, tasks.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// machinePage is this machine's manual page of a program every Debian
// system has, as its file holds it.
func machinePage(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("a page every Debian system has: %v", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	page, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(page)
}

// Letters the question names whole lead together where people give
// each for the task, though they run the command alone for it as often:
// "ss -tl" for "list listening tcp ports", not -t with -l a step below.
// A word of an option's name that only restates the program's is no
// asking for it: uniq's --unique for "count the unique lines". This
// machine's pages, with the option model ragman ships.
func TestAskedLettersNamed(t *testing.T) {
	for _, tc := range []struct{ name, path, q, want, not string }{
		{"ss", "/usr/share/man/man8/ss.8.gz", "list listening tcp ports", "`ss -tl", ""},
		{"uniq", "/usr/share/man/man1/uniq.1.gz", "count the unique lines of a sorted file and show how often each appears", "`uniq -c", "`uniq -cu"},
	} {
		d := composed(t, New(), tc.name, machinePage(t, tc.path), tc.q)
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want) || tc.not != "" && strings.HasPrefix(d.Steps[0], tc.not) {
			t.Errorf("%q: steps %q, want %s first, not %s", tc.q, d.Steps, tc.want, tc.not)
		}
	}
}

// lead is a question and the step its answer must begin with.
type lead struct{ q, want string }

// leadsWith composes each question's answer from page, the page of
// program name alone, and wants its first step to be want's.
func leadsWith(t *testing.T, cp *Composer, name, page string, cases []lead) {
	t.Helper()
	for _, tc := range cases {
		d := composed(t, cp, name, page, tc.q)
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
		}
	}
}

// composed is cp's answer to question q over an index of the one page,
// named name.
func composed(t *testing.T, cp *Composer, name, page, q string) answer.Draft {
	t.Helper()
	lib, _, _, ret := onePage(t, name, page, q)
	d, err := cp.Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// An item that names a subcommand alone runs as the synopsis's form for
// it, without the options one may give, filled with the question's
// values: git remote's "add" is `git remote add upstream URL`.
func TestSubcommandForm(t *testing.T) {
	doc := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code,
		Text: "git remote [-v | --verbose]\ngit remote add [-t <branch>] [-m <master>] [-f] [--[no-]tags] [--mirror=(fetch|push)] <name> <URL>\ngit remote remove <name>"}}}}}
	for sub, want := range map[string]string{"add": "add <name> <URL>", "remove": "remove <name>", "prune": ""} {
		if got := subcommandForm(doc, "git remote", sub); got != want {
			t.Errorf("subcommandForm(%q) = %q, want %q", sub, got, want)
		}
	}
	s := &source{hit: answer.Hit{Meta: index.Meta{Title: "git-remote", Type: "man", Section: "1"}}, doc: doc}
	const q = "add a git remote named upstream pointing to https://example.org/app.git"
	c := &composition{ops: operands(q, analyse.Read(q).Args)}
	if got, want := c.subcommandLine(s, "git remote", "add"), "git remote add upstream https://example.org/app.git"; got != want {
		t.Errorf("%q: line %q, want %q", q, got, want)
	}
}

// An item that writes a subcommand's whole line leads where the synopsis
// leaves the subcommand to choose and the question says it: `ip route
// show`, not "ip route { COMMAND | help }". This machine's ip-route(8).
func TestWholeSubcommandFirst(t *testing.T) {
	q := "show the routing table"
	firstStepIs(t, composed(t, New(), "ip-route", machinePage(t, "/usr/share/man/man8/ip-route.8.gz"), q), q, "`ip route show`")
}
