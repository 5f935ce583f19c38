package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
)

func TestInvocation(t *testing.T) {
	syn := func(lines string) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: lines}}}}}
	}
	for _, tc := range []struct {
		d        *document.Document
		cmd, opt string
		want     string
	}{
		{syn("wc [OPTION]... [FILE]..."), "wc", "-l", "wc -l [FILE]..."},
		{syn("chown [OPTION]... [OWNER][:[GROUP]] FILE...\nchown [OPTION]... --reference=RFILE FILE..."), "chown", "-R", "chown -R [OWNER][:[GROUP]] FILE..."},
		{syn("unzip [-Z] [-cflptTuvz[abjnoqsCDKLMUVWX$/:^]] file[.zip] [file(s) ...]  [-x xfile(s) ...] [-d exdir]"), "unzip", "-l", "unzip -l file[.zip] [file(s) ...]"},
		{syn("tar {A|c|d|r|t|u|x}[GnSkUWOmpsMBiajJzZhPlRvwo] [ARG...]\ntar -A [OPTIONS] ARCHIVE ARCHIVE\ntar -x [-f ARCHIVE] [OPTIONS] [MEMBER...]"), "tar", "-x", "tar -x [-f ARCHIVE] [MEMBER...]"},
		{syn("head [OPTION]... [FILE]..."), "head", "-n NUM", "head -n NUM [FILE]..."},
		{syn("gzip [ -acdfhklLnNrtvV19 ] [ name ... ]"), "gzip", "-d", "gzip -d [ name ... ]"},
		{syn("dpkg [option...] action"), "dpkg", "-L", "dpkg -L"},
		{syn("zipgrep [egrep_options] pattern file[.zip] [file(s) ...] [-x xfile(s) ...]"), "zipgrep", "-c", "zipgrep -c pattern file[.zip]"},
		{syn("deluser [options] [--force] [--remove-home] [--remove-all-files] [--backup] [--backup-to dir] user"), "deluser", "", "deluser user"},
		{syn("env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]"), "env", "", "env [NAME=VALUE]... [COMMAND [ARG]...]"},
		{syn("fsfreeze --freeze|--unfreeze mountpoint"), "fsfreeze", "", "fsfreeze --freeze|--unfreeze mountpoint"},
		// find's tests go where its expression is, after the starting points
		{syn("find [-H] [-L] [-P] [-D debugopts] [-Olevel] [starting-point...] [expression]"), "find", "-size n", "find [starting-point...] -size n"},
		// an option's argument that the synopsis writes after the option
		// in brackets is typed once
		{syn("renice [-n] priority [-g|-p|-u] identifier..."), "renice", "-n priority", "renice -n priority identifier..."},
		// but its options before them
		{syn("find [-H] [-L] [-P] [-D debugopts] [-Olevel] [starting-point...] [expression]"), "find", "-L", "find -L [starting-point...] [expression]"},
		// the form that shows the option keeps a companion or two, not
		// a list of them
		{syn("strace [-ACdf] [-I n] command [args]\nstrace -c [-dfwzZ] [-I n] [-b execve] [-e expr]... [-O overhead] [-S sortby] { -p pid | command [args] }"), "strace", "-c", "strace -c"},
		// a form written over several lines has its operand on the last
		{syn("strings [-afovV] [-min-len]\n        [-n min-len] [--bytes=min-len]\n        [--help] [--version] file..."), "strings", "-f", "strings -f file..."},
		// no form shows -d: the plain one, not the one that unmounts all
		{syn("umount -a [-dflnrv] [-t fstype] [-O option...]\numount [-dflnrv] {directory|device}\numount -h|-V"), "umount", "-d", "umount -d"},
		// options taken with a plus are options too
		{syn("lsof [ -?abChKlnNOPRtUvVX ] [ -A A ] [ -c c ] [ +c c ] [ +|-d d ] [ +|-D D ] [ names ]"), "lsof", "-p s", "lsof -p s [ names ]"},
		// but date's "+FORMAT" is its operand
		{syn("date [OPTION]... [+FORMAT]"), "date", "-u", "date -u [+FORMAT]"},
		{&document.Document{}, "ls", "-a", "ls -a"},
		{syn("other [OPTION]... FILE"), "ls", "-a", "ls -a"},
	} {
		if got := invocation(tc.d, tc.cmd, tc.opt); got != tc.want {
			t.Errorf("invocation(%q, %q) = %q, want %q", tc.cmd, tc.opt, got, tc.want)
		}
	}
}

func TestOptionForm(t *testing.T) {
	for term, want := range map[string]string{
		"-n, --lines=[-]NUM": "-n NUM",
		// a value typed after a dash is the option and its value at once
		"-<signal>, -s <signal>, --signal <signal>": "-<signal>",
		"-signal, --signal signal":                  "-signal",
		"-R, --recursive":                           "-R",
		"-S or --chop-long-lines":                   "-S",
		"-j n or --jump-target=n":                   "-j n",
		"-r | -revert":                              "-r",
		"--raw-output / -r":                         "--raw-output",
		"--output-fields=":                          "--output-fields",
		"-l --list":                                 "-l",
		"-S .suf --suffix .suf":                     "-S .suf",
		"--color[=WHEN]":                            "--color[=WHEN]",
		"-b, --body-numbering=STYLE":                "-b STYLE",
		"-U, --users USERS":                         "-U USERS",
		// -u takes no argument; -U and --unified do
		"-u, -U NUM, --unified[=NUM]": "-u",
		// the long form's value is a value of its own, not -c's argument
		"-c, --check=diagnose-first":        "-c",
		"-C, --check=quiet, --check=silent": "-C",
		"-s, --separator=string":            "-s string",
		"-t, --field-separator=SEP":         "-t SEP",
		// a list stays one, the brackets a page closes too often gone
		"-G, --groups GROUP1[,GROUP2,...[,GROUPN]]]": "-G GROUP1,...",
		// the long form goes without its value too: the value is optional
		"-d, --disassemble, --disassemble=symbol": "-d",
		// an argument whose first part is optional is typed without it,
		// apart: "-L[bind_address:]port..." as it stands is no command line
		"-L [bind_address:]port:host:hostport": "-L [bind_address:]port:host:hostport",
		"-L[bind_address:]port:host:hostport":  "-L port:host:hostport",
		// top's page spaces out the "=" of a value, and brackets a part
		"-d, --delay = SECS [.TENTHS]": "-d SECS",
		"-n, --iterations = NUMBER":    "-n NUMBER",
	} {
		if got := optionForm(term); got != want {
			t.Errorf("optionForm(%q) = %q, want %q", term, got, want)
		}
	}
	// and what the value is, which says what it takes
	if got := termArgs("-n, --iterations = NUMBER"); len(got) != 2 || got[1].arg != "NUMBER" {
		t.Errorf("termArgs of top's -n: %+v, want the long form's argument NUMBER", got)
	}
}

func TestTypedName(t *testing.T) {
	syn := func(lines string) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: lines}}}}}
	}
	for _, tc := range []struct {
		d           *document.Document
		title, want string
	}{
		{syn("git mergetool [--tool=<tool>] [-y | --[no-]prompt] [<file>...]"), "git-mergetool", "git mergetool"},
		{syn("ssh-keygen [-q] [-a rounds] [-b bits]"), "ssh-keygen", "ssh-keygen"},
		{syn("ls [OPTION]... [FILE]..."), "ls", "ls"},
		{&document.Document{}, "git-log", "git-log"},
		// Debian's "which.debianutils", whose synopsis runs which; not
		// a program PATH lacks
		{syn("ls [-a] filename ..."), "ls.debianutils", "ls"},
		{syn("zzqnotaprogram [options] expression"), "zzqnotaprogram.ul", "zzqnotaprogram.ul"},
	} {
		if got := typedName(tc.d, tc.title); got != tc.want {
			t.Errorf("typedName(%q) = %q, want %q", tc.title, got, tc.want)
		}
	}
	d := syn("git mergetool [--tool=<tool>] [-y | --[no-]prompt] [<file>...]")
	if got := invocation(d, typedName(d, "git-mergetool"), "-y"); got != "git mergetool -y [<file>...]" {
		t.Errorf("invocation of git-mergetool -y: %q", got)
	}
}

// A lowercase item term is a subcommand only in a section about commands
// or when the SYNOPSIS runs the command with it: free's output columns
// and dpkg's package states are not.
func TestSubcommand(t *testing.T) {
	syn := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "git remote get-url [--push] [--all] <name>\ngit remote [-v | --verbose]"}}}}}
	free := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "free [options]"}}}}}
	// a command that takes "[command [flags]]": its hyphenated words
	// with options of their own, not its hooks
	tmux := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "tmux [-2CDlNuVv] [-c shell-command] [command [flags]]"}}}}}
	c := &composition{}
	if got := c.subcommandLine(&source{doc: tmux}, "tmux", "kill-session [-aC] [-t target-session]"); got != "tmux kill-session" {
		t.Errorf("subcommandLine(kill-session) = %q, want tmux kill-session", got)
	}
	if got := c.subcommandLine(&source{doc: syn}, "git remote", "show [-n] <name>..."); got != "git remote show [-n] <name>..." {
		t.Errorf("subcommandLine(show) = %q, want its options kept", got)
	}
	for _, tc := range []struct {
		d             *document.Document
		section, term string
		want          bool
	}{
		{syn, "DESCRIPTION", "get-url", true},
		{free, "COMMANDS", "restart", true},
		{free, "DESCRIPTION", "available", false},
		{free, "DESCRIPTION", "total", false},
		{&document.Document{}, "OPTIONS", "hold", false},
		{tmux, "CLIENTS AND SESSIONS", "kill-session [-aC] [-t target-session]", true},
		{tmux, "HOOKS", "session-closed", false},
		{free, "DESCRIPTION", "kill-session [-aC]", false},
	} {
		if got := subcommand(tc.d, tc.section, tc.term); got != tc.want {
			t.Errorf("subcommand(%s, %q) = %v, want %v", tc.section, tc.term, got, tc.want)
		}
	}
}

// A synopsis line too long to read at a glance is shown as the command,
// what it requires and its operands; a short one as written.
func TestPlainForm(t *testing.T) {
	syn := func(line string) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: line}}}}}
	}
	for _, tc := range []struct {
		title, line, want string
	}{
		{"deluser", "deluser [--backup] [--backup-suffix str] [--backup-to dir] [--conf file] [--debug] [--remove-all-files] [--remove-home] [--quiet] [--verbose] user", "deluser user"},
		{"setcap", "setcap [-q] [-n <rootuid>] [-v] {capabilities|-|-r} filename [ ... capabilitiesN fileN ]", "setcap {capabilities|-|-r} filename [ ... capabilitiesN fileN ]"},
		{"resize2fs", "resize2fs [ -fFpPMbs ] [ -d debug-flags ] [ -S RAID-stride ] [ -z undo_file ] device [ size ]", "resize2fs device [ size ]"},
		{"fsck", "fsck [-lsAVRTMNP] [-r [fd]] [-C [fd]] [-t fstype] [filesystem...] [--] [fs-specific-options]", "fsck [filesystem...]"},
		{"prlimit", "prlimit [options] [--resource[=limits]] [--pid PID]", "prlimit [options] [--resource[=limits]] [--pid PID]"},
		{"tc-flow", "tc filter ... flow hash keys KEY_LIST [ perturb secs ] [ OPTIONS ] [ divisor NUM ] [ baseclass ID ] [ match EMATCH_TREE ]", "tc filter ... flow hash keys KEY_LIST [ perturb secs ] [ OPTIONS ] [ divisor NUM ] [ baseclass ID ] [ match EMATCH_TREE ]"},
	} {
		if got := plainForm(syn(tc.line), tc.title, tc.line); got != tc.want {
			t.Errorf("plainForm(%q)\n got %q\nwant %q", tc.line, got, tc.want)
		}
	}
}

// A basic step types no "[OPTION]...", and leaves out an optional operand
// only where the page says what the command does without it, other than
// read standard input.
func TestRunnable(t *testing.T) {
	page := func(desc string) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: desc}}}}}
	}
	ls := page("List information about the FILEs (the current directory by default).")
	wc := page("Print newline, word, and byte counts for each FILE. With no FILE, or when FILE is -, read standard input.")
	groups := page("Print group memberships for each USERNAME or, if no USERNAME is specified, for the current process.")
	wget := page("GNU Wget is a free utility for non-interactive download of files from the Web.")
	for _, tc := range []struct {
		d         *document.Document
		cmd, line string
		want      string
	}{
		{ls, "ls", "ls [OPTION]... [FILE]...", "ls"},
		{ls, "ls", "ls /etc", "ls /etc"},
		{wc, "wc", "wc [OPTION]... [FILE]...", "wc [FILE]..."},
		{groups, "groups", "groups [OPTION]... [USERNAME]...", "groups"},
		{wget, "wget", "wget [option]... [URL]...", "wget [URL]..."},
		// an option's placeholder is no placeholder for options
		{wget, "mount", "mount [-fnrsvw] [-o options] device|mountpoint", "mount [-fnrsvw] [-o options] device|mountpoint"},
		{ls, "chown", "chown [OPTION]... [OWNER][:[GROUP]] FILE...", "chown [OWNER][:[GROUP]] FILE..."},
		{ls, "ls", "other [OPTION]... FILE", "other [OPTION]... FILE"},
		{ls, "find", "find [starting-point...] -type l", "find . -type l"},
		{ls, "find", "find [starting-point...] [expression]", "find [starting-point...] [expression]"},
	} {
		if got := runnable(tc.d, tc.cmd, tc.line); got != tc.want {
			t.Errorf("runnable(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// An item that documents several subcommands as one, with the page it
// is written up in after it (apt's "install, reinstall, remove, purge
// (apt-get(8))"), is typed as the one the question says, with what the
// synopsis's choice gives it, naming the others; one written up
// elsewhere, "update (apt-get(8))", without the note.
func TestSubcommandListItem(t *testing.T) {
	s, apt := aptPage("apt [-h] {list | search | update | install pkg... | remove pkg... | purge pkg...}",
		document.Block{Kind: document.Item, Term: "update (apt-get(8))", Text: "update is used to download package information."},
		document.Block{Kind: document.Item, Term: "install, reinstall, remove, purge (apt-get(8))", Text: "Performs the requested action on one or more packages."})
	c := askingWord("remove")
	step := func(blk int) string {
		return c.step(s, passage{sec: 1, blk: blk, block: apt.Sections[1].Blocks[blk], title: "DESCRIPTION"})
	}
	if got := step(0); !strings.HasPrefix(got, "`apt update`: ") {
		t.Errorf("step %q, want `apt update` typed without its note", got)
	}
	if got := step(1); !strings.HasPrefix(got, "`apt remove pkg...` (or `apt install`, `apt reinstall`, `apt purge`): ") {
		t.Errorf("step %q, want `apt remove pkg...` typed as the synopsis's choice writes it, the others named", got)
	}
	if got := otherSubcommands("install, reinstall, remove, purge", "apt remove nginx", "apt"); got != "`apt install`, `apt reinstall`, `apt purge`" {
		t.Errorf("others of `apt remove nginx`: %q", got)
	}
}

// A synopsis that lists the subcommands as a choice in braces runs
// nothing as written: the subcommand the question says is the first
// step, one it does not say is not put ahead of the synopsis.
func TestSubcommandChoiceFirst(t *testing.T) {
	s, apt := aptPage("apt [-h] {list | search regex... | update | install pkg... | remove pkg...}",
		document.Block{Kind: document.Item, Term: "search (apt-cache(8))", Text: "search can be used to search for the given term in the list of available packages."},
		document.Block{Kind: document.Item, Term: "update (apt-get(8))", Text: "update is used to download package information."})
	for _, tc := range []struct {
		word string
		blk  int
		want bool
	}{
		{"search", 0, true},
		{"look", 0, false}, // "look for a package": search, which it does not say
		{"updates", 1, true},
	} {
		c := askingWord(tc.word)
		pl := &plan{s: s, syn: document.PlainForm(apt), chosen: []passage{{sec: 1, blk: tc.blk, block: apt.Sections[1].Blocks[tc.blk], title: "DESCRIPTION"}}}
		if got := c.subcommandFirst(s, pl); got != tc.want {
			t.Errorf("%q with %q: subcommandFirst = %v, want %v", tc.word, apt.Sections[1].Blocks[tc.blk].Term, got, tc.want)
		}
	}
}

// aptPage is a page of apt with the synopsis and the items of its
// DESCRIPTION given.
func aptPage(synopsis string, items ...document.Block) (*source, *document.Document) {
	apt := &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: synopsis}}},
		{Title: "DESCRIPTION", Blocks: items},
	}}
	return &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Label: "apt(8)", Title: "apt", Names: []string{"apt"}, Section: "8"}}, doc: apt}, apt
}

// askingWord is a composition for a question of one word.
func askingWord(word string) *composition {
	concept := analyse.Concept{Word: word, Weight: 1, Alts: []analyse.Alt{{Stem: terms.Stem(word), Weight: 1}}}
	return &composition{q: &answer.Question{Concepts: []analyse.Concept{concept}, Weights: []float64{1}, Mass: 1}, citer: &answer.Citer{}}
}

// An item named as the command itself is no subcommand of it: free(1)'s
// column "free" is typed `free`, never "free free".
func TestOwnNameNoSubcommand(t *testing.T) {
	free := &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "free [options]"}}},
		{Title: "DESCRIPTION", Blocks: []document.Block{
			{Kind: document.Item, Term: "used", Text: "Used memory (calculated as total - available)"},
			{Kind: document.Item, Term: "free", Text: "Unused memory (MemFree and SwapFree in /proc/meminfo)"},
		}},
	}}
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Label: "free(1)", Title: "free", Names: []string{"free"}, Section: "1"}}, doc: free}
	c := askingWord("free")
	p := passage{sec: 1, blk: 1, block: free.Sections[1].Blocks[1], title: "DESCRIPTION"}
	if got := c.step(s, p); strings.Contains(got, "free free") {
		t.Errorf("step %q", got)
	}
}

// A value an option may go without is typed without it, where what the
// option does is not said of the value: date's -I, not -I[FMT], which
// the shell hands date as it stands; sed's -i, whose value is said only
// aside; pr's -s, whose value's default is all that is said of it. df's
// --output is nothing without the fields it is "defined by", and find's
// -size n[cwbkMG] takes its units after a value.
func TestWithoutOptional(t *testing.T) {
	for _, tc := range []struct{ opt, desc, want string }{
		{"-I[FMT]", "output date/time in ISO 8601 format.", "-I"},
		{"--color[=WHEN]", "color the output; WHEN is 'never', 'always', or 'auto'", "--color"},
		{"-i[SUFFIX]", "edit files in place (makes backup if SUFFIX supplied)", "-i"},
		{"-s[CHAR]", "separate columns by a single character, default for CHAR is the <TAB> character", "-s"},
		{"-M[<num>]", "Detect moved or copied lines within a file.", "-M"},
		{"--output[=FIELD_LIST]", "use the output format defined by FIELD_LIST, or print all fields if FIELD_LIST is omitted", "--output[=FIELD_LIST]"},
		{"-size n[cwbkMG]", "File uses less than, more than or exactly n units of space", "-size n[cwbkMG]"},
		{"-x", "extract files", "-x"},
	} {
		if got := withoutOptional(tc.opt, tc.desc); got != tc.want {
			t.Errorf("withoutOptional(%q) = %q, want %q", tc.opt, got, tc.want)
		}
	}
}

// An option whose item names no argument takes the one its synopsis
// writes in its brackets, which may run on over the synopsis's lines.
func TestSynopsisArgument(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code,
		Text: "pkgtool [-q, --quiet] [-s, --signal SIGNAL, -SIGNAL] [-u, --user\nuser] [-x] [--] name ...\npkgtool -l"}}}}}
	for name, want := range map[string]string{
		"-u": "user", "--user": "user", "-s": "SIGNAL", "--signal": "SIGNAL",
		"-q": "", "-x": "", "-l": "", "-z": "", "name": "",
	} {
		if got := synopsisArgument(d, name); got != want {
			t.Errorf("synopsisArgument(%q) = %q, want %q", name, got, want)
		}
	}
}

// An option run where the synopsis gives it as one of a choice is
// typed in the form that makes the choice, with its own argument once:
// git switch's "(-c|-C) <new-branch>", losetup's "-f|loopdev". A choice
// in brackets any form may give marks no form: date's -u stays in the
// first.
func TestInvocationFromChoice(t *testing.T) {
	for _, tc := range []struct {
		lines    []string
		cmd, opt string
		want     string
	}{
		{[]string{"git switch [<options>] [--no-guess] <branch>", "git switch [<options>] (-c|-C) <new-branch> [<start-point>]"},
			"git switch", "-c <new-branch>", "git switch [<options>] -c <new-branch> [<start-point>]"},
		{[]string{"losetup [-o offset] -f|loopdev file", "losetup -a"}, "losetup", "-f", "losetup [-o offset] -f file"},
		{[]string{"date [OPTION]... [+FORMAT]", "date [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]"}, "date", "-u", "date -u [+FORMAT]"},
	} {
		if got := invocationFrom(tc.lines, tc.cmd, tc.opt); got != tc.want {
			t.Errorf("invocationFrom(%q, %q) = %q, want %q", tc.lines, tc.opt, got, tc.want)
		}
	}
}

// A program whose place is asked is which's argument, typed as which,
// though Debian names its page which.debianutils. This machine's page.
func TestWhichLocates(t *testing.T) {
	leadsWith(t, New(), "which.debianutils", machinePage(t, "/usr/share/man/man1/which.debianutils.1.gz"), []lead{
		{"where is my gcc binary", "`which gcc`"},
		{"locate the executable for perl", "`which perl`"},
	})
}

// The subcommand a list item holds that the synopsis's choice does not
// write takes what the others of the list take ("purge" beside "remove
// pkg..."), filled with the package the question names; and the list
// item that holds the question's verb leads, over one the synopsis does
// not list at all ("autoremove (apt-get(8))"), uninstalling as removing.
func TestSubcommandListFilled(t *testing.T) {
	s, apt := aptPage("apt [-h] {list | search regex... | install pkg [{=pkg_version_number | /target_release}]... | remove pkg... | upgrade}",
		document.Block{Kind: document.Item, Term: "autoremove (apt-get(8))", Text: "autoremove is used to remove packages that were installed to satisfy dependencies."},
		document.Block{Kind: document.Item, Term: "install, reinstall, remove, purge (apt-get(8))", Text: "Performs the requested action on one or more packages."})
	for sub, want := range map[string]string{"remove": "remove pkg...", "install": "install pkg", "list": "", "purge": ""} {
		if got := subcommandForm(apt, "apt", sub); got != want {
			t.Errorf("subcommandForm(%q) = %q, want %q", sub, got, want)
		}
	}
	const q = "purge the package apache2"
	c := askingWord("purge")
	c.ops = operands(q, analyse.Read(q).Args)
	if got, want := c.subcommandLine(s, "apt", "install, reinstall, remove, purge (apt-get(8))"), "apt purge apache2"; got != want {
		t.Errorf("%q: line %q, want %q", q, got, want)
	}
	auto := passage{sec: 1, blk: 0, block: apt.Sections[1].Blocks[0], title: "DESCRIPTION", score: 1.3}
	list := passage{sec: 1, blk: 1, block: apt.Sections[1].Blocks[1], title: "DESCRIPTION", score: 1.2}
	if got := c.askedSubcommandFirst(s, []passage{auto, list}, []passage{auto, list}, "purge"); got[0].block.Term != list.block.Term {
		t.Errorf("first %q, want the list that holds purge", got[0].block.Term)
	}
	// uninstalling is apt's "remove", never the list's first, "install"
	const u = "uninstall the package vlc"
	c = askingWord("uninstall")
	c.ops = operands(u, analyse.Read(u).Args)
	if got := c.askedSubcommandFirst(s, []passage{auto, list}, []passage{auto, list}, "uninstall"); got[0].block.Term != list.block.Term {
		t.Errorf("%q: first %q, want the list that holds remove", u, got[0].block.Term)
	}
	if got, want := c.subcommandLine(s, "apt", list.block.Term), "apt remove vlc"; got != want {
		t.Errorf("%q: line %q, want %q", u, got, want)
	}
}
