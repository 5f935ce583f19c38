package compose_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/testutil/testengine"
)

// Other people's command lines know which of a page's options does a
// task its items' own words hardly tell apart: rm's -r, "remove
// directories and their contents recursively", for a folder "that still
// has files in it", where without the option model -I leads. Where the
// items' words tell already (a folder "with everything in it" asks for
// recursion), the model leaves the lead as it is.
func TestStepByUsage(t *testing.T) {
	base := testengine.Must(t)
	without := compose.New()
	without.Options = nil
	bare := &answer.Engine{Retriever: base.Retriever, Composer: without, Library: base.Library, Names: base.Names}
	for _, tc := range []struct {
		q, want string
		model   bool // only with the option model
	}{
		{"delete the folder old_build that still has files in it", "`rm -r`", true},
		{"delete the folder old_build with everything in it", "`rm -r old_build`", false},
		{"create the folders a/b/c including every missing parent", "`mkdir -p a/b/c`", false},
		{"show free disk space in human readable sizes", "`df -h", false},
		// the model is sure of ls's -t, and knows the task's words:
		// -c, "with -lt: sort by, and show, ctime (time of last
		// modification of file status information)", says more of
		// them, but not the time asked for; nor is ctime the key the
		// question sorts by, which -t's "sort by time" is
		// (sortKeyFirst), without the model too
		{"sort files by modification time", "`ls -t`", false},
	} {
		first := func(e *answer.Engine) string {
			ans, _, err := e.Answer(context.Background(), tc.q, 0.35)
			if err != nil {
				t.Fatal(err)
			}
			if len(ans.Steps) == 0 {
				return ""
			}
			return ans.Steps[0]
		}
		if got := first(base); !runs(got, tc.want) {
			t.Errorf("%s: first step %q, want %s", tc.q, got, tc.want)
		}
		if got := first(bare); runs(got, tc.want) == tc.model {
			t.Errorf("%s: without the option model, first step %q (want %s: %v)", tc.q, got, tc.want, !tc.model)
		}
	}
}

// Options other people's command lines run together for a task are one
// step, typed as they type them: tar's -c, -z and -f for "pack a folder
// into a .tar.gz", each letter documented by the page; du's -s and -h,
// where the question asks for what each does, though the model scores
// the bundle little above du alone.
func TestStepBundle(t *testing.T) {
	e := testengine.Must(t)
	for q, want := range map[string]string{
		"create a gzip compressed tar archive of the folder photos":                     "-czf",
		"how much space does the directory music take in total, in human readable form": "-sh",
	} {
		ans, _, err := e.Answer(context.Background(), q, 0.35)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], " "+want+" ") {
			t.Errorf("%s: steps %q, want the first to run %s", q, ans.Steps, want)
		}
		if !strings.Contains(ans.Summary, "Use `") {
			t.Errorf("%s: summary %q does not say the line to use", q, ans.Summary)
		}
	}
}

// A letter of the bundle is no step of its own after it: rm's -r, which
// the first page's steps chose for "a folder that still has files in
// it", is run by `rm -rf` and not again alone.
func TestStepBundleLetters(t *testing.T) {
	e := testengine.Must(t)
	for q, want := range map[string]string{
		"delete a folder that still has files in it":                "`rm -rf",
		"create a gzip compressed tar archive of the folder photos": "`tar -czf",
	} {
		ans, _, err := e.Answer(context.Background(), q, 0.35)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], want+" ") {
			t.Errorf("%s: steps %q, want the first to run %s`", q, ans.Steps, want)
			continue
		}
		cmd, letters, _ := strings.Cut(strings.TrimPrefix(want, "`"), " -")
		for _, st := range ans.Steps[1:] {
			for _, l := range letters {
				if alone := "`" + cmd + " -" + string(l) + "`"; runs(st, alone) {
					t.Errorf("%s: step %q runs %s alone after %s`", q, st, alone, want)
				}
			}
		}
	}
}

// What the question leaves out is the value of the option that leaves
// things out, joined to the option that does the task: tar's -c with
// --exclude .git, not --exclude alone, nor .git among what it archives.
func TestStepExclusionJoinsAction(t *testing.T) {
	q := "make a tar archive of the folder photos but leave out the .git folder"
	ans, _ := testengine.Ask(t, q, 0.35)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`tar -c") || !strings.Contains(ans.Steps[0], "--exclude .git") {
		t.Errorf("%s: steps %q, want the first to run tar -c with --exclude .git", q, ans.Steps)
	}
	// nor an option that keeps something from happening, for the
	// directory's word ("Don't replace existing symlinks to
	// directories")
	q = "Archive the folder photos into photos.tar but skip its .git directory."
	ans, _ = testengine.Ask(t, q, 0.35)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`tar ") || !strings.Contains(ans.Steps[0], "--exclude .git") || strings.Contains(ans.Steps[0], "--keep") {
		t.Errorf("%s: steps %q, want the first to run tar with --exclude .git alone", q, ans.Steps)
	}
}

// The option the option model backs is a step where the page's words
// for the task match other options better: ls's -A, "do not list
// implied . and ..", for invisible files, behind -d, which says "list"
// and "directories"; the page alone does not put it among the first
// three. (Hidden files are hiddenFirst's, the model or not.)
func TestStepShownByUsage(t *testing.T) {
	base := testengine.Must(t)
	without := compose.New()
	without.Options = nil
	bare := &answer.Engine{Retriever: base.Retriever, Composer: without, Library: base.Library, Names: base.Names}
	const q, want = "when I list a directory I also want to see the invisible files", "`ls -A`"
	steps := func(e *answer.Engine) []string {
		ans, _, err := e.Answer(context.Background(), q, 0.35)
		if err != nil {
			t.Fatal(err)
		}
		return ans.Steps
	}
	shown := func(steps []string) bool {
		return slices.ContainsFunc(steps, func(s string) bool { return runs(s, want) })
	}
	if got := steps(base); !shown(got[:min(3, len(got))]) {
		t.Errorf("steps %q, want %s among the first three", got, want)
	}
	if got := steps(bare); shown(got[:min(3, len(got))]) {
		t.Errorf("without the option model, steps %q: %s is among the first three, the test shows nothing", got, want)
	}
}

// What a question says a thing does not do, the NAME line that says
// the thing does it does not say: grep's "print lines that match
// patterns" for the lines that must not match, where -v, "select
// non-matching lines", leads, not the option model's bundle for
// matching lines (-Hn), read without the words negated.
func TestStepNegatedNotNamed(t *testing.T) {
	e := testengine.Must(t)
	const q = "print the lines that do not match the pattern error"
	ans, _, err := e.Answer(context.Background(), q, 0.35)
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Steps) == 0 || !runs(ans.Steps[0], "`grep -v") {
		t.Errorf("steps %q, want grep -v first", ans.Steps)
	}
}

// A folder left out is left out by the option for folders: grep's
// --exclude-dir, not --exclude, which skips files by name.
func TestStepExclusionFolder(t *testing.T) {
	for _, q := range []string{
		"grep the files under src recursively for fixme, but skip the vendor folder",
		"grep recursively for lines that match fixme except in the third_party directory",
	} {
		ans, _ := testengine.Ask(t, q, 0.35)
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`grep ") || !strings.Contains(ans.Steps[0], "--exclude-dir ") {
			t.Errorf("%s: steps %q, want the first to run grep with --exclude-dir", q, ans.Steps)
		}
	}
}

// What the question leaves out joins the line people type for the task
// as an option right after the command, which tar and du read before
// the files it leaves out: `ls --hide=node_modules -lh site`, not ls -lh
// with --hide a step below, nor a subfolder after "its" unread.
func TestStepExclusionJoinsBundle(t *testing.T) {
	q := "Show the disk usage of the folder site in human-readable units, but leave out its node_modules subfolder."
	ans, _ := testengine.Ask(t, q, 0.35)
	if len(ans.Steps) == 0 || !regexp.MustCompile("^`\\S+ --(?:exclude|hide)=node_modules -\\S+ site`").MatchString(ans.Steps[0]) {
		t.Errorf("%s: steps %q, want the first to run a bundle on site with node_modules left out by the option after the command", q, ans.Steps)
	}
}

// An option that takes the count the question gives keeps the lead
// over the letters people bundle for the task without it: grep's -A 2
// for "two lines after each match", not -Hn, which drops the two.
func TestStepAmountOverBundle(t *testing.T) {
	q := "show two lines after each matching line"
	ans, _ := testengine.Ask(t, q, 0.35)
	if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], "`grep -A 2") {
		t.Errorf("%s: steps %q, want the first to run grep -A 2", q, ans.Steps)
	}
}
