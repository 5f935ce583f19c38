package compose_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/testutil/testengine"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// The steps an answer gives, composed from the fixture index.

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
		ans, _ := testengine.Ask(t, tc.q, 0.35)
		steps := ans.Steps
		if tc.first {
			steps = steps[:min(1, len(steps))]
		}
		if !slices.ContainsFunc(steps, func(s string) bool { return runs(s, tc.want) }) {
			t.Errorf("%s: steps %q, want %s", tc.q, ans.Steps, tc.want)
		}
	}
}

func TestStepFromExampleLeadIn(t *testing.T) {
	// mount(8): "The following commands allow one to recursively change
	// the type of all the mounts under a given mountpoint." and then the
	// commands, which hold few of the question's words themselves.
	ans, _ := testengine.Ask(t, "How do I recursively change the type of all mounts under a mountpoint?", 0.35)
	if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "--make-rshared") {
		t.Errorf("steps %q, want the example the paragraph introduces first", ans.Steps)
	}
}

func TestStepByFirstSentence(t *testing.T) {
	// find(1)'s -quit and -ignore_readdir_race go on about file systems
	// and descending; -mount's and -xdev's first sentence is the question.
	ans, _ := testengine.Ask(t, "How do I stop find from descending into other file systems?", 0.35)
	if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "-mount") && !strings.Contains(ans.Steps[0], "-xdev") {
		t.Errorf("steps %q, want find -mount or -xdev first", ans.Steps)
	}
}

// An option whose description says little but the question's words
// comes before one that meets them among much else, or the bare
// synopsis: rm -i's "prompt before every removal", tail -n's "output the
// last NUM lines", cp -R's "copy directories recursively" (not cp -t,
// "copy all SOURCE arguments into DIRECTORY").
//
// rm -i's "prompt before every removal" says nothing of "ask" in the
// question's words, so the synopsis may come first (see basicBeyond); -i
// is the first option.
func TestStepByPrecision(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"How do I make tail show the last 20 lines?", "`tail -n`"},
		{"How do I copy a directory with everything in it?", "`cp -R`"},
	})
	q := "How do I make rm ask before each removal?"
	ans, _ := testengine.Ask(t, q, 0)
	i := slices.IndexFunc(ans.Steps, func(s string) bool { return strings.HasPrefix(s, "`rm -") })
	if i < 0 || i > 1 || !runs(ans.Steps[i], "`rm -i`") {
		t.Errorf("%s: steps %q, want `rm -i` the first option, in the first two steps", q, ans.Steps)
	}
}

// An option that does "not create any files" matches "create" as well
// as the one that creates them, and is the last a user who wants to
// create a file should be shown first.
func TestStepNotNegated(t *testing.T) {
	notFirst(t, "`touch -c", "How do I create an empty file?", "How do I create a file with a given timestamp?")
}

// --help and --version are on every program's page and match "show" and
// "display": a step only when the question is about help or versions.
func TestStepNotMetaOption(t *testing.T) {
	for _, tc := range []struct {
		q    string
		meta bool
	}{
		{"How do I show what mv is doing while it moves files?", false},
		{"How do I display the files mkdir creates?", false},
		{"How do I display the version of ls?", true},
	} {
		ans, _ := testengine.Ask(t, tc.q, 0)
		got := slices.ContainsFunc(ans.Steps, func(s string) bool {
			return strings.Contains(s, "--help") || strings.Contains(s, "--version")
		})
		if got != tc.meta {
			t.Errorf("%s: steps %q, want --help or --version among them: %v", tc.q, ans.Steps, tc.meta)
		}
	}
}

func TestStepBeyondTheName(t *testing.T) {
	// Every option of chown(1) changes owners and every one of cp(1)
	// copies: the words the NAME line already holds say little about
	// which passage answers, the rest of the question says it.
	firstSteps(t, []struct{ q, want string }{
		{"How do I change the owner of files recursively?", "`chown -R`"},
	})
	// -p is --preserve with its default attributes: either keeps them
	q := "How do I copy files and keep their timestamps?"
	ans, _ := testengine.Ask(t, q, 0)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`cp -p`") && !strings.HasPrefix(ans.Steps[0], "`cp --preserve ") {
		t.Errorf("%s: steps %q, want cp -p or cp --preserve first", q, ans.Steps)
	}
}

// An option the question writes of the program it names is the first
// step, matched as typed: ls -S sorts by size, ls -s prints sizes.
func TestStepNamedOption(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"what does ls -S do", "`ls -S`"},
		{"what does ls -s do", "`ls -s`"},
		{"what does tail -f do?", "`tail -f`"},
		{"what does rm -R do", "`rm -r`"},
	})
}

// firstSteps asks each question q (threshold 0) and wants its first step
// to run want (see runs).
func firstSteps(t *testing.T, cases []struct{ q, want string }) {
	t.Helper()
	for _, tc := range cases {
		ans, _ := testengine.Ask(t, tc.q, 0)
		if len(ans.Steps) == 0 || !runs(ans.Steps[0], tc.want) {
			t.Errorf("%s: steps %q, want %s first", tc.q, ans.Steps, tc.want)
		}
	}
}

// notFirst fails when a question's first step starts with step.
func notFirst(t *testing.T, step string, questions ...string) {
	t.Helper()
	for _, q := range questions {
		ans, _ := testengine.Ask(t, q, 0)
		if len(ans.Steps) > 0 && strings.HasPrefix(ans.Steps[0], step) {
			t.Errorf("%s: steps %q, want something other than %s first", q, ans.Steps, step)
		}
	}
}

// runs says whether a step is a command line that starts as want does,
// "`ls -h`" for "`ls -h [FILE]...`: ..." too: the step runs the command
// with the option, and the operands the synopsis gives may follow.
func runs(step, want string) bool {
	cmd := strings.TrimSuffix(want, "`")
	rest, ok := strings.CutPrefix(step, cmd)
	if ok && (strings.HasPrefix(rest, "`") || strings.HasPrefix(rest, " ")) {
		return true
	}
	// or with the option's letter in a bundle: "`ls -lh" runs "`ls -h"
	f := strings.Fields(cmd)
	if n := len(f); n >= 2 && len(f[n-1]) == 2 && f[n-1][0] == '-' && f[n-1][1] != '-' {
		prefix := strings.Join(f[:n-1], " ") + " -"
		if rest, ok := strings.CutPrefix(step, prefix); ok {
			bundle, _, _ := strings.Cut(rest, " ")
			bundle = strings.TrimSuffix(bundle, "`")
			return strings.Trim(bundle, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && strings.ContainsRune(bundle, rune(f[n-1][1]))
		}
	}
	return false
}

// date(1)'s format conversions are items of their own; the step is the
// command line that prints one.
func TestStepFormatConversion(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"How do I print the current time as seconds since the epoch?", "`date +%s`"},
	})
}

// base64's NAME line says "encode/decode data", most of "decode a base64
// string", but it is the option named for the rest that does it.
func TestStepOptionNamedByQuestion(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"decode a base64 string", "`base64 -d`"},
	})
}

// cp's NAME line starts with "copy", which it does by itself: its
// --copy-contents option is not the answer to copying a file.
func TestStepNotNameVerbOption(t *testing.T) {
	notFirst(t, "`cp --copy-contents", "How do I copy a file?", "copy files")
}

// A question that asks for a thing not to happen is answered by the
// option that says it does not.
func TestStepNegativeQuestion(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"How do I list files without sorting them?", "`ls -U`"},
	})
}

// The Summary's second sentence tells more than the NAME line: a word
// of the question the NAME line lacks, an option, or how the synopsis's
// operands are used ("Copy SOURCE to DEST"). kill(1)'s "A PID of -1 is
// special" for "kill a process" tells nothing of the task, nor a sentence
// that introduces an example the Summary leaves out.
func TestSummarySentenceTellsMore(t *testing.T) {
	for _, tc := range []struct {
		q, want, not string
	}{
		{"How do I copy files?", "Copy SOURCE to DEST", ""},
		{"How do I create an empty file?", "is created empty, unless -c", ""},
		{"How do I kill a process?", "", "PID of -1"},
		// a sentence that ends where its example starts says nothing
		// without it
		{"archive a folder with tar", "", "being archived:"},
		// one that names an option but says nothing of the question
		// the NAME line does not is filler
		{"How do I list all environment variables?", "", "The -S option"},
	} {
		ans, _ := testengine.Ask(t, tc.q, 0.35)
		if tc.want != "" && !strings.Contains(ans.Summary, tc.want) {
			t.Errorf("%s: summary %q, want %q in it", tc.q, ans.Summary, tc.want)
		}
		if tc.not != "" && strings.Contains(ans.Summary, tc.not) {
			t.Errorf("%s: summary %q says %q, which tells nothing of the task", tc.q, ans.Summary, tc.not)
		}
	}
}

// The command as the synopsis runs it comes first when the NAME line says
// what the question asks and the best passage says little of the rest:
// df's --total ("elide all entries insignificant to available space") is
// not how to see the space left, nor mount's shared subtrees how to
// mount a disk. And the synopsis form is one that does the NAME line's
// job: mount's device form, not "mount [-h|-V]" or "mount [-l]".
func TestStepPlainFirst(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"How much disk space is still available?", "`df`"},
		{"mount a disk", "`mount [-fnrsvw] [-o options] device|mountpoint`"},
		// the option model backs -o for mounting, but -o says nothing of
		// a stick
		{"mount a usb stick", "`mount [-fnrsvw] [-o options] device|mountpoint`"},
	})
}

// A command the page continues over lines ("mount -t overlay overlay \")
// is one step, not its first line.
func TestStepContinuedCommand(t *testing.T) {
	ans, _ := testengine.Ask(t, "How do I mount an overlay filesystem?", 0)
	found := false
	for _, s := range ans.Steps {
		if strings.Contains(s, "\\`") {
			t.Errorf("step %q ends in a continuation", s)
		}
		found = found || strings.Contains(s, "overlay -olowerdir=")
	}
	if !found {
		t.Errorf("steps %q, want the overlay example in one line", ans.Steps)
	}
}

// An option whose long name is the question's word is among the first
// steps though its description says nothing of the question: cp's
// --verbose ("explain what is being done") for "copy files in verbose
// mode", which ranks below the options that say "copy" and "file", comes
// right after the best of them.
func TestStepAskedOptionKept(t *testing.T) {
	q := "copy files in verbose mode"
	ans, _ := testengine.Ask(t, q, 0)
	if !slices.ContainsFunc(ans.Steps[:min(2, len(ans.Steps))], func(s string) bool { return runs(s, "`cp -v`") }) {
		t.Errorf("%s: steps %q, want `cp -v` among the first two", q, ans.Steps)
	}
}

// tar's -f ARCHIVE, which nearly every tar line gives, does not lead:
// the option that says what the line does does, with -f as its
// companion.
func TestStepArchiveOptionFollows(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"compare a tar archive with the files on disk", "`tar -df ARCHIVE`"},
	})
}

// An option that lists its values in its own text is typed with the one
// the question asks for: find's -type with "l", not its placeholder "c".
func TestStepOptionValue(t *testing.T) {
	ans, _ := testengine.Ask(t, "How do I find all symbolic links under a directory?", 0.35)
	if !slices.ContainsFunc(ans.Steps, func(s string) bool { return runs(s, "`find . -type l`") }) {
		t.Errorf("steps %q, want find -type l", ans.Steps)
	}
}

// An option that says not to do what the question asks to ignore is its
// opposite: grep's --no-ignore-case, "Do not ignore case distinctions",
// neither leads nor comes before -i.
func TestStepNotTheOpposite(t *testing.T) {
	ans, _ := testengine.Ask(t, "grep ignore case", 0.35)
	if len(ans.Steps) == 0 || !runs(ans.Steps[0], "`grep -i") {
		t.Errorf("steps %q, want grep -i first", ans.Steps)
	}
}

// When the first page is likely wrong, an alternative page whose NAME line
// says part of the question shows how to run it, though none of its
// passages makes a step: chmod(1) behind chown(1) and chgrp(1) for
// "change the group of a file". A confident answer leaves it out.
func TestStepDoubtfulAlternative(t *testing.T) {
	at, _ := composeAt(t, "change the group of a file")
	chmod := func(s string) bool { return runs(s, "`chmod MODE[,MODE]...") }
	for _, tc := range []struct {
		confidence float64
		want       bool
	}{{0.9, false}, {0.2, true}} {
		d := at(tc.confidence)
		if got := slices.ContainsFunc(d.Steps, chmod); got != tc.want {
			t.Errorf("confidence %.1f: steps %q, want chmod's synopsis %v", tc.confidence, d.Steps, tc.want)
		}
	}
}

// The Summary's first sentence says which command does it and how: the
// option that stands out, or the command and its operands, not the NAME
// line alone. A question about what a thing is keeps its definition
// first.
func TestSummaryLeadsWithCommand(t *testing.T) {
	for _, tc := range []struct{ q, lead string }{
		{"what does grep -v do", "Use `grep -v"},
		{"How do I copy a file to another folder?", "Use `cp "},
		{"What is a mount point?", "mount"},
	} {
		ans, _ := testengine.Ask(t, tc.q, 0.35)
		if !strings.HasPrefix(ans.Summary, tc.lead) {
			t.Errorf("%s: summary %q, want it to start %q", tc.q, ans.Summary, tc.lead)
		}
	}
	// umount's first synopsis form runs -a, which unmounts everything:
	// the command line comes from the form the steps show
	if ans, _ := testengine.Ask(t, "How do I unmount a disk?", 0.35); strings.Contains(ans.Summary, "umount -a") {
		t.Errorf("summary %q tells to unmount everything", ans.Summary)
	}
}

// A what-is question is answered first in sentences, the page's own that
// hold most of it, then how to run the command: "What is the sticky
// bit?" leads with chmod(1)'s "The restricted deletion flag or sticky
// bit is a single bit, ...", not with chmod's synopsis. A sentence of
// running text that is a command line is none.
func TestStepExplainsConcept(t *testing.T) {
	ans, _ := testengine.Ask(t, "What is the sticky bit?", 0)
	if len(ans.Steps) == 0 || strings.HasPrefix(ans.Steps[0], "`") || !strings.Contains(ans.Steps[0]+ans.Steps[min(1, len(ans.Steps)-1)], "sticky") {
		t.Errorf("steps %q, want sentences about the sticky bit first", ans.Steps)
	}
	ans, _ = testengine.Ask(t, "What is a bind mount?", 0)
	for _, s := range ans.Steps {
		if strings.HasPrefix(s, "Mount --bind") {
			t.Errorf("steps %q: a command line read as a sentence", ans.Steps)
		}
	}
}

// A question that env(1)'s NAME line says word for word is answered by
// env as its synopsis runs it, though --ignore-environment names one of
// its words: that option says more than the question ("ignore"), so it
// is a later step, not the lead.
func TestStepNameLineSaysAll(t *testing.T) {
	ans, _ := testengine.Ask(t, "run a program in a modified environment", 0)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`env [-] [NAME=VALUE]") {
		t.Errorf("steps %q, want env's synopsis first", ans.Steps)
	}
}

// An option that takes the value the question gives leads ahead of an
// example that does more: `find . -size +2G` for files bigger than 2 GB,
// not find(1)'s example that lists set-user-ID files and big files at
// once; with a folder given, the folder goes before the test, where find
// wants its starting points, and without, find's default, ".", as
// people type it.
func TestStepValueFirst(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"list the files bigger than 2 GB", "`find . -size +2G`"},
		{"find the files larger than 100 MB in /var", "`find /var -size +100M`"},
	})
}

// find takes no file of its own: the glob or the name the question
// gives goes to its test of names, quoted where the shell would expand
// it, ahead of another test or an action in the line; not a file the
// question compares with, and not where -iname already holds it.
func TestStepNameTest(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"find every .conf file below /srv", "`find /srv -name '*.conf'`"},
		{"find files called todo.md", "`find . -name todo.md`"},
		{"list *.bak files in /opt that are older than 10 days", "`find /opt -name '*.bak' -mtime +10`"},
		{"find the .png files in ~/art whatever the case of their names", "`find ~/art -iname '*.png'`"},
	})
	notFirst(t, "`find . -name", "find the files changed more recently than stamp.txt")
	// folders of a name are what to find, not where
	firstSteps(t, []struct{ q, want string }{
		{"find all directories named __pycache__ in ~/work", "`find ~/work -name __pycache__`"},
	})
}

// Folders nested in others are made with their parents, and those a
// list names inside a folder are made in it.
func TestStepNestedFolders(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"create the directories 2025/q1 and 2025/q2 inside the folder archive", "`mkdir -p archive/2025/q1 archive/2025/q2`"},
		{"create the nested folder x/y/z", "`mkdir -p x/y/z`"},
		{"create the folder build", "`mkdir build`"},
	})
}

// Asked to delete what find selects, its line ends with the action that
// deletes it; a question that only says something is removed gets none.
func TestStepDeleteAction(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"find the .bak files in /opt older than 10 days and delete them", "`find /opt -name '*.bak' -mtime +10 -delete`"},
		{"find empty files under /srv and remove them", "`find /srv -empty -delete`"},
	})
	ans, _ := testengine.Ask(t, "find the files under /srv older than 3 days that are to be removed", 0)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`find /srv -mtime +3") || strings.Contains(ans.Steps[0], "-delete") {
		t.Errorf("steps %q, want find /srv -mtime +3 first, without -delete", ans.Steps)
	}
}

// An option that deletes what the user has is no step for a question
// that does not ask to delete: tar's --remove-files for comparing an
// archive with the disk. Asked for, it is one.
func TestStepLosesNoData(t *testing.T) {
	has := func(q string) bool {
		ans, _ := testengine.Ask(t, q, 0)
		return slices.ContainsFunc(ans.Steps, func(s string) bool { return strings.Contains(s, "--remove-files") })
	}
	if q := "compare the files in a tar archive with the files on disk"; has(q) {
		t.Errorf("%s: --remove-files among the steps", q)
	}
	if q := "put the files into a tar archive and remove the files from disk afterwards"; !has(q) {
		t.Errorf("%s: no --remove-files among the steps", q)
	}
}

// A value an option may go without is left out of the line one types
// (grep's --color[=WHEN]), but not one what the option does is defined
// by (df's --output[=FIELD_LIST]).
func TestStepOptionalValue(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"How do I get colored output from grep?", "`grep --color"},
		{"show only the used and available columns of df", "`df --output[=FIELD_LIST]"},
		// a short option's too: `date -I[FMT]` as typed is an error
		{"print the date in ISO 8601 format", "`date -I`"},
	})
}

// An option only the manual knows of, whose description the question's
// words brush, does not lead where people run the command without
// options for the task (sideOption): tail's --max-unchanged-stats for the
// last lines of a log, du's --time for a folder's disk usage, shuf's
// --random-source for shuffling lines. The command does, or the next
// option people give for the task (nextUsed).
func TestStepSideOptionNotFirst(t *testing.T) {
	notFirst(t, "`tail --max-unchanged-stats", "show the final lines of a log")
	notFirst(t, "`du --time", "how much disk space does a folder use")
	notFirst(t, "`shuf --random-source", "shuffle the lines of a file")
}

// A question that narrows the task with "only" asks for the option that
// narrows it the same way, even one the manual alone knows of: chmod's
// -c, "report only when a change is made", leads.
func TestStepOnlyOption(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"with chmod, report only the files it changes", "`chmod -c"},
	})
}

// Two amounts the question gives, taken by two options, are one command
// line: free's -s takes the seconds and -c the count, not `free -s 3`
// then `free -c count`.
// (free(1) of procps is in testdata/fixtures/extra, beside the fixture
// pages.)
func TestStepJoinsAmounts(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"show memory usage every 3 seconds, 4 times in all": "`free -s 3 -c 4`",
		"print the free memory 10 times, 5 seconds apart":   "`free -s 5 -c 10`",
	})
}

// A name, number or path the question says an option sets joins the
// lead's line too: useradd's -u takes "the user ID 1500" and -g "the
// primary group developers" beside it; -d takes "the home directory
// /srv/home/kai", but not "/bin/zsh as his shell", nor a folder the home
// goes under. A list placeholder ("-A user,...") takes the user the
// question names, which no later option then takes.
// The places of columns the question gives are one list (cut's -f
// 1,4), and what separates the fields, said or a CSV file's, cut's -d
// and sort's -t.
// A new name the question renames to goes where the page writes the new
// one (groupmod's "-n NEW_GROUP").
// (useradd(8), groupmod(8) and gpasswd(1) of passwd, and cut(1) and
// sort(1) of coreutils, are in testdata/fixtures/extra.)
func TestStepJoinsValues(t *testing.T) {
	e := extraEngine(t)
	for _, tc := range []struct {
		q          string
		has, lacks []string // words of the first step's command line
	}{
		{"create a user named ruth, giving her the user ID 1500 and the primary group developers",
			[]string{"useradd", "-u 1500", "-g developers", "ruth`"}, nil},
		{"make user kai with the home directory /srv/home/kai and /bin/zsh as his shell",
			[]string{"useradd", "-d /srv/home/kai", "-s /bin/zsh", "kai`"}, []string{"-k"}},
		{"set up user kai with /bin/zsh as his shell and a home directory under /srv/home",
			[]string{"useradd", "-s /bin/zsh", "kai`"}, []string{"-d"}},
		{"let the user omar administer the group builders",
			[]string{"gpasswd -A omar builders`"}, []string{"-d"}},
		// a new name goes where the page writes the new one
		{"with groupmod, rename the group interns to trainees",
			[]string{"groupmod -n trainees interns`"}, nil},
		// the places of columns are one list; what separates them, said
		// or a CSV file's, is cut's -d and sort's -t
		{"cut the first and fourth fields out of stock.csv",
			[]string{"cut ", "-f 1,4", "-d ,", "stock.csv`"}, nil},
		{"print the second and third column of a tab-separated file",
			[]string{"cut -f 2,3`"}, nil},
		{"sort the semicolon-separated file prices.txt by column 2",
			[]string{"sort ", "-t ';'", "-k 2", "prices.txt`"}, nil},
	} {
		ans, _, err := e.Answer(context.Background(), tc.q, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) == 0 {
			t.Errorf("%s: no steps", tc.q)
			continue
		}
		line := stepCommandLine(ans.Steps[0])
		for _, w := range tc.has {
			if !strings.Contains(line, w) {
				t.Errorf("%s: first step %q, want %q in it", tc.q, ans.Steps[0], w)
			}
		}
		for _, w := range tc.lacks {
			if strings.Contains(line, w) {
				t.Errorf("%s: first step %q, want no %q in it", tc.q, ans.Steps[0], w)
			}
		}
	}
}

// stepCommandLine is a step's command line with its closing backquote
// ("" where it has none).
func stepCommandLine(st string) string {
	if _, rest, ok := strings.Cut(st, "`"); ok {
		if line, _, ok := strings.Cut(rest, "`"); ok {
			return line + "`"
		}
	}
	return ""
}

// A placeholder the page gives a unit of time takes the question's time,
// in that unit, not a count it gives (tail's -s, "sleep for approximately N seconds",
// took the 20 of "the last 20 lines"), and an option that works only
// with another ("with -f, ...") is typed with it.
func TestStepTimeSlot(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"follow app.log, checking every 2 seconds", "`tail -f -s 2 app.log`"},
		{"wait 90 seconds in a script", "`sleep 90`"},
		{"pause the script for 2 minutes", "`sleep 120`"},
		// find's "n*24 hours" takes days, +n more than n and -n less
		{"find files in /srv modified in the last 2 days", "`find /srv -mtime -2`"},
		// "the last day" is one
		{"find the files in /srv modified in the last day", "`find /srv -mtime -1`"},
		// and a size in bytes a count of them
		{"print the last 64 bytes of data.bin", "`tail -c 64 data.bin`"},
		// -mtime counts "n*24 hours", days, as -used's "n days" does
		{"find files modified in the last 3 days", "`find . -mtime -3`"},
		// bounded from both sides, the test twice
		{"find files in /opt larger than 2 MB but smaller than 8 MB", "`find /opt -size +2M -size -8M`"},
		{"find files in /srv modified more than 3 days ago and less than 9 days ago", "`find /srv -mtime +3 -mtime -9`"},
		{"delete the files in /tmp older than 30 days", "`find /tmp -mtime +30`"},
		{"list the files in /var/log that nobody has modified for more than 90 days", "`find /var/log -mtime +90`"},
		{"which files in /srv have not been modified in the last 60 days", "`find /srv -mtime +60`"},
	})
	// one length of time is one option's: not find's -mmin 2880 too
	q := "find files in /srv bigger than 10 MB and modified in the last 2 days"
	if ans, _ := testengine.Ask(t, q, 0); len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "-size +10M") || strings.Contains(ans.Steps[0], "2880") {
		t.Errorf("%s: steps %q, want -size +10M and the 2 days once first", q, ans.Steps)
	}
	// a placeholder no time fills is written as the page writes it
	ans, _ := testengine.Ask(t, "find files by their modification time", 0)
	for _, st := range ans.Steps {
		if strings.Contains(st, "DAYS") || strings.Contains(st, "MINUTES") {
			t.Errorf("step %q: a unit for an unfilled placeholder", st)
		}
	}
}

// A word the question looks for is no topic of the options: grep's -w,
// "whole words", does not lead for files that hold some word; a word
// given after "the word" fills the pattern.
func TestStepLookedForWord(t *testing.T) {
	notFirst(t, "`grep -w", "which of my files hold a particular word", "show where a word occurs in notes.txt with line numbers")
	q := "grep plan.txt for the word deadline"
	ans, _ := testengine.Ask(t, q, 0)
	if len(ans.Steps) == 0 || !runs(ans.Steps[0], "`grep") || !strings.Contains(ans.Steps[0], "deadline") || strings.Contains(ans.Steps[0], "-w") {
		t.Errorf("%s: steps %q, want grep looking for deadline first", q, ans.Steps)
	}
}

// A subcommand's item is typed after the command, in the form that takes
// the question's operands, filled with them; and on the page of a command
// that runs subcommands it leads, not the synopsis, which leaves the
// subcommand to fill ("loginctl COMMAND [NAME...]").
func TestStepSubcommand(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"end every session of the user alice":                        "`loginctl terminate-user alice`",
		"How do I turn on lingering for the user bob with loginctl?": "`loginctl enable-linger bob`",
		"show the properties of the user carol with loginctl":        "`loginctl show-user carol`",
	})
}

// extraFirstSteps fails where a question's first step, over the fixture
// pages and those of testdata/fixtures/extra, does not start as wanted.
func extraFirstSteps(t *testing.T, cases map[string]string) {
	t.Helper()
	e := extraEngine(t)
	for q, want := range cases {
		ans, _, err := e.Answer(context.Background(), q, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], want) {
			t.Errorf("%s: steps %q, want %s first", q, ans.Steps, want)
		}
	}
}

// extraEngine answers over the fixture pages and those of
// testdata/fixtures/extra.
func extraEngine(t *testing.T) *answer.Engine {
	t.Helper()
	lib := answer.NewLibrary(testindex.Must(t, testindex.WithMan(filepath.Join(testindex.Root(), "testdata", "fixtures", "extra"))))
	rt, err := rank.New(lib, analyse.Thesaurus, rank.DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	return &answer.Engine{Retriever: rt, Composer: compose.New(), Library: lib}
}

// A quoted value the question names as a placeholder names it ("the
// comment ...") goes into that option's line, which comes first.
func TestStepValueNamed(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{`generate an ssh key with the comment "work laptop"`, "`ssh-keygen -C 'work laptop'`"},
		{`make a new ssh key whose comment is "ci bot"`, "`ssh-keygen -C 'ci bot'`"},
	})
}

// The Summary says to use the lead's command line where its option takes
// the question's value: the line the user types, not the bare command.
func TestSummaryUsesFilledLead(t *testing.T) {
	for q, want := range map[string]string{
		"pick 3 random lines from names.txt": "Use `shuf -n 3 names.txt`",
		"delete files older than 30 days":    "Use `find . -mtime +30 -delete`",
		"create a directory with mode 700":   "Use `mkdir -m 700 DIRECTORY...`",
	} {
		ans, _ := testengine.Ask(t, q, 0)
		if !strings.HasPrefix(ans.Summary, want) {
			t.Errorf("%s: summary %q, want it to start with %q", q, ans.Summary, want)
		}
	}
}

// A confident answer names the pages close behind the first in its
// Summary but takes no step from them: their steps were seldom the task
// ("pr -i", spaces into tabs, below expand's tabs into spaces). A
// doubtful one still does.
func TestStepsNotFromOthersWhenSure(t *testing.T) {
	at, ret := composeAt(t, "change the group of a file")
	first := strings.TrimSuffix(ret.Hits[0].Meta.Title, "(1)")
	for _, tc := range []struct {
		confidence float64
		want       bool
	}{{0.95, false}, {0.6, true}} {
		d := at(tc.confidence)
		other := slices.ContainsFunc(d.Steps, func(s string) bool { return strings.HasPrefix(s, "`") && !strings.HasPrefix(s, "`"+first) })
		if other != tc.want {
			t.Errorf("confidence %.2f: steps %q, want a step of another page than %s: %v", tc.confidence, d.Steps, first, tc.want)
		}
		if !strings.Contains(d.Summary, "See also") {
			t.Errorf("confidence %.2f: summary %q names no other page", tc.confidence, d.Summary)
		}
	}
}

// composeAt retrieves q's pages from the test engine and returns a
// function that composes its answer as if the ranker were as confident
// as it is told, with the retrieval.
func composeAt(t *testing.T, q string) (func(confidence float64) answer.Draft, *answer.Retrieval) {
	t.Helper()
	e := testengine.Must(t)
	ret, err := e.Retriever.Retrieve(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return func(confidence float64) answer.Draft {
		t.Helper()
		ret.Confidence = confidence
		d, err := compose.New().Compose(context.Background(), ret, e.Library, &answer.Citer{})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}, ret
}

// Where the NAME line says the program does one of two things and the
// question asks the second, which the command without options does not
// do, the option that does it leads: date's -s, "set time described by
// STRING", for setting the date, where `date` prints it ("print or set
// the system date and time"), and where -u, which people give more
// often, says it prints or sets UTC. Asked to print, the command leads
// as its synopsis runs it.
func TestStepOtherAction(t *testing.T) {
	for q, want := range map[string]string{
		"set the system date":     "`date -s",
		"print the date and time": "`date [+FORMAT]`",
	} {
		ans, _ := testengine.Ask(t, q, 0)
		if len(ans.Steps) == 0 || !runs(ans.Steps[0], want) {
			t.Errorf("%s: steps %q, want %s first", q, ans.Steps, want)
		}
		// and the Summary says to use it, not the command that does
		// the other
		if want == "`date -s" && !strings.HasPrefix(ans.Summary, "Use "+want) {
			t.Errorf("%s: summary %q, want it to start with Use %s", q, ans.Summary, want)
		}
	}
}

// The steps compress as the file the question names is compressed: tar's
// --zstd for a .tar.zst, never its -z, which filters through gzip.
func TestStepAskedCompressor(t *testing.T) {
	for q, want := range map[string]string{
		"How do I create a .tar.zst archive of my photos folder?": "--zstd",
		"How do I unpack a .tar.gz file?":                         "z",
	} {
		ans, _ := testengine.Ask(t, q, 0)
		var lines []string
		for _, st := range ans.Steps {
			if line, ok := strings.CutPrefix(st, "`tar "); ok {
				line, _, _ = strings.Cut(line, "`")
				lines = append(lines, line)
			}
		}
		gives := slices.ContainsFunc(lines, func(l string) bool {
			f := strings.Fields(l)[0]
			return f == want || !strings.HasPrefix(f, "--") && strings.Contains(f, want) && strings.HasPrefix(f, "-")
		})
		if !gives {
			t.Errorf("%s: steps %q, want a tar line with %s", q, ans.Steps, want)
		}
		if want == "--zstd" && slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "-z") }) {
			t.Errorf("%s: steps %q give tar's -z, which compresses with gzip", q, ans.Steps)
		}
	}
}

// Values the question lists for a command to take ("the arguments apple
// pear plum kiwi") are no words of its task: shuf answers, sure enough
// to pass the confidence threshold users have by default.
func TestListedValuesNoTopic(t *testing.T) {
	q := "pick 3 random words from the arguments apple pear plum kiwi"
	ans, _ := testengine.Ask(t, q, 0.35)
	if ans.NoAnswer || len(ans.References) == 0 || !strings.HasPrefix(ans.References[0].Label, "shuf") {
		t.Errorf("%s: no answer %v, references %v; want shuf first", q, ans.NoAnswer, ans.References)
	}
}

// An archive compressed otherwise than people's bundle compresses, by
// its name or by the compressor the question names, is the bundle with
// that compressor's letter in the other's place; each letter of it says
// what it does.
func TestStepAskedCompressorBundle(t *testing.T) {
	for q, want := range map[string]string{
		"pack the folder src into the archive src.tar.bz2":    "`tar -cjf src.tar.bz2 src`",
		"unpack the archive photos.tar.bz2":                   "`tar -xjf photos.tar.bz2`",
		"make a tar archive of the folder logs, using bzip2":  "`tar -cjf logs.tar.bz2 logs`",
		"create a bzip2-compressed tarball of the folder src": "`tar -cjf ARCHIVE src`",
	} {
		ans, _ := testengine.Ask(t, q, 0)
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], want) {
			t.Errorf("%s: steps %q, want %s first", q, ans.Steps, want)
			continue
		}
		if !strings.Contains(ans.Steps[0], "-j: filter the archive through bzip2") {
			t.Errorf("%s: first step %q does not say what -j does", q, ans.Steps[0])
		}
	}
}

// A plain .tar is compressed by nothing: the lead is people's bundle
// without its compressor's letter (tar -xf, not -xzf, which gzip fails
// to read a plain tar through), and no step filters through one.
func TestStepPlainTar(t *testing.T) {
	for q, want := range map[string]string{
		"unpack the archive photos.tar into the folder /srv/pics": "`tar -xf photos.tar",
		"put the folder notes into a single archive notes.tar":    "`tar -cf notes.tar",
	} {
		ans, _ := testengine.Ask(t, q, 0)
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], want) {
			t.Errorf("%s: steps %q, want %s first", q, ans.Steps, want)
		}
		for _, st := range ans.Steps {
			if strings.Contains(st, "gzip") || strings.Contains(st, "bzip2") || strings.Contains(st, "xz") {
				t.Errorf("%s: step %q compresses a plain .tar", q, st)
			}
		}
	}
	// a .tar that the question compresses is another matter
	if got := analyse.Compressions("compress logs.tar with xz"); got[analyse.PlainTar] {
		t.Errorf("Compressions of a .tar to compress with xz = %v, want no plain tar", got)
	}
}

// Where people's command lines give no bundle for the compressed archive
// the question names, the lead is one all the same: the option of the
// question's verb, the compressor's letter and the archive's.
func TestStepCompressedBundle(t *testing.T) {
	ans, _ := testengine.Ask(t, "Extract the archive release.tar.xz into the folder /opt/app", 0)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`tar -xJf release.tar.xz") {
		t.Errorf("steps %q, want tar -xJf release.tar.xz first", ans.Steps)
	}
	// a folder compressed into one is an archive created, though only
	// the compressor's option says "compress"
	ans, _ = testengine.Ask(t, "Compress the folder photos into photos.tar.xz.", 0)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`tar -cJf photos.tar.xz photos`") {
		t.Errorf("compressed into a tarball: steps %q, want tar -cJf photos.tar.xz photos first", ans.Steps)
	}
}

// The folder a question extracts into is no archive: tar's -C takes it,
// and -f's ARCHIVE stays to fill where the question names none.
func TestStepDestinationNoArchive(t *testing.T) {
	ans, _ := testengine.Ask(t, "extract a gzipped tarball into /srv/site instead of the current folder", 0)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`tar -x") || !strings.Contains(ans.Steps[0], "-C /srv/site`") || strings.Contains(ans.Steps[0], "-f /srv/site") {
		t.Errorf("steps %q, want tar -x... -C /srv/site first", ans.Steps)
	}
}

// A size that says how big the thing worked on is, where the question
// gives another, is no value to type: the pieces' size is split's -b.
func TestStepDescribedSize(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"cut my 3GB disk image into 250MB chunks": "`split -b 250M",
	})
}

// An option named for the NAME line's second action leads where the
// question asks that action in a word the analysis reads as the same:
// tr's --delete for "remove", whose NAME line is "translate or
// delete characters" and which translates without it.
func TestStepOtherActionSynonym(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"remove one particular character from every line using tr": "`tr -d",
	})
}

// An option whose first sentence starts with the question's verb leads,
// though people's command lines never give it, where the program does
// another thing by itself: zip's -m, "Move the specified files into the
// zip archive", for moving files into an archive.
func TestStepDoesTheVerb(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"move the pictures a.jpg and b.jpg into the archive pics.zip": "`zip -m pics.zip a.jpg b.jpg`",
	})
}

// A how-to question's first step types a command: where the passage
// that matches best is a sentence that runs nothing (xz's list of the
// files it will not compress), the command as its synopsis runs it comes
// before it.
func TestStepProseNotFirst(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"compress a file that already has an .xz suffix again": "`xz ",
	})
}

// A time of day the question bounds or sets something by is typed where
// the command takes one, beside the other values the question gives.
func TestStepTimeOfDay(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"show the log messages of the service cron since 7:30 this morning": "`journalctl -u cron -S 7:30`",
		"power off the computer at 11pm":                                    "`shutdown 23:00`",
	})
}

// A range of numbers the question gives goes whole where a placeholder
// takes a whole range: shuf's "-i LO-HI".
func TestStepNumberRange(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"pick a random number between 1 and 100", "`shuf -i 1-100`"},
		{"shuffle the numbers from 5 to 50", "`shuf -i 5-50`"},
	})
}

// A question of fields that a program's option does leads with that
// option's line, not the page's list of what ranges are.
func TestStepFieldsByOption(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"print only the third field of each line separated by colons": "`cut -f 3 -d :`",
	})
}

// A window of time that ends now is typed as the date it starts at,
// where the command takes one: "the last 3 hours" is "3 hours ago".
func TestStepWindowOfTime(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"show the system journal for the last 3 hours": "`journalctl -S '3 hours ago'`",
		"print the journal entries since yesterday":    "`journalctl -S yesterday`",
	})
}

// A kind of file system the question names is typed where the command
// takes one.
func TestStepFileSystemType(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"mount the vfat usb stick /dev/sdb1 on /mnt/usb", "`mount -t vfat /dev/sdb1 /mnt/usb`"},
	})
	extraFirstSteps(t, map[string]string{
		"with mke2fs, create an ext4 file system on /dev/sdc1": "`mke2fs -t ext4 /dev/sdc1`",
	})
}

// An option that sets what a question only looks at does not lead where
// one shown shows it: chage's -l, not -d ("Set the number of days since
// January 1st, 1970 when the password was last changed").
func TestStepLooksNotSets(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"Which command displays when the password of anna was last changed?": "`chage -l",
	})
}

// An option people give for what the question asks beyond what the
// command does by itself leads, though the command alone is said, in
// many words, of most of the question: xz's -T for compressing on every
// core, where people's plain xz lines compress files too.
func TestStepUsageBeyondPlain(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"use every processor core when xz compresses a big file": "`xz -T",
		"let xz compress with several threads at once":           "`xz -T",
	})
}

// An option whose long name is the "no-" form of what the question
// leaves out leads, though the options that print that thing score
// more of the question's words: grep's --no-filename, not -H, where the
// question hides the file names, says it leaves them out ("leave ...
// out"), or greps without showing them.
func TestStepNamedNoLeads(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"grep several files and hide the file names", "`grep -h"},
		{"search several files with grep but leave the file names out of the output", "`grep -h"},
		{"grep many files without showing the file name on each line", "`grep -h"},
	})
}

// Counting how many times a word occurs is grep printing each match on a
// line of its own and wc counting the lines, whichever page leads; not
// grep's -c, which counts a line that holds the word twice once, nor
// wc's word count. (wc(1) of coreutils is in testdata/fixtures/extra.)
func TestOccurrencesLead(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"count the occurrences of the word warning in build.log":      "`grep -ow warning build.log | wc -l`",
		"count how often the word fixme appears in the file notes.md": "`grep -ow fixme notes.md | wc -l`",
	})
}

// Asked to copy, move or set the mode of what find selects, its line
// ends with the action that runs that command on each file found; the
// mode it sets is no test of the mode the files have, and a mode named
// of the files is one.
func TestStepExecAction(t *testing.T) {
	firstSteps(t, []struct{ q, want string }{
		{"find the .jpg files under /srv/photos and copy them to /backup", "`find /srv/photos -name '*.jpg' -exec cp {} /backup \\;`"},
		{"find the files in /data larger than 1 GB and move them to /mnt/big", "`find /data -size +1G -exec mv {} /mnt/big \\;`"},
		{"find the files in /srv/www owned by user bob and change their permissions to 640", "`find /srv/www -user bob -exec chmod 640 {} \\;`"},
		{"find the files in /srv/www owned by user bob and change their permission mode to 640", "`find /srv/www -user bob -exec chmod 640 {} \\;`"},
		{"find all .sh files in /opt/tools and change their mode to 755", "`find /opt/tools -name '*.sh' -exec chmod 755 {} \\;`"},
		{"find the files in /opt/tools and give the ones named *.sh the mode 755", "`find /opt/tools -name '*.sh' -exec chmod 755 {} \\;`"},
		{"find the files with permission 777 under /var/www", "`find /var/www -perm 777`"},
	})
}

// A text written into a file is echo's output redirected there, at its
// end where the question adds it; the text's words (vim) lead to nothing.
// (echo(1) of coreutils is in testdata/fixtures/extra.)
func TestStepWrittenText(t *testing.T) {
	extraFirstSteps(t, map[string]string{
		"Append the line export EDITOR=vim to the file ~/.bashrc.":       "`echo 'export EDITOR=vim' >> ~/.bashrc`",
		"Create a file named notes.txt containing the text hello world.": "`echo 'hello world' > notes.txt`",
	})
}
