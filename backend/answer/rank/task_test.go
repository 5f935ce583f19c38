package rank

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// The task model's commands bring their pages into the pool, however
// the pages word it; a command the index has no page of brings nothing
// and takes no place.
func TestTaskAdmits(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	rk.treeDocs = 0 // as if the index were big enough for the trees
	m, err := tasks.Fit([]tasks.Doc{
		{Command: "zzznopage", Stems: tasks.Tokens("snooze the shell snooze")},
		{Command: "zzznopage", Stems: tasks.Tokens("snooze quietly")},
		{Command: "chmod", Stems: tasks.Tokens("snooze for a while")},
		{Command: "sleep", Stems: tasks.Tokens("let others run a script")},
	}, tasks.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	a := analyse.Analyse("snooze", analyse.Thesaurus)
	if len(a.Concepts) == 0 {
		t.Fatal("no concept")
	}
	if _, ok := rk.r.Term(a.Concepts[0].Alts[0].Stem); ok {
		t.Fatalf("fixture index: want no page with %q", a.Concepts[0].Alts[0].Stem)
	}
	pool, q := rk.pool(a, nil, m)
	found := false
	for _, c := range pool {
		title, _ := rk.r.NameLine(c.ID)
		tf, ok := q.task[c.ID]
		switch {
		case title == "chmod" && rk.priors[c.ID].manual:
			found = true
			if !ok || tf.rank != 0 || tf.share != 1 {
				t.Errorf("chmod: task fact %+v (%v), want rank 0 share 1", tf, ok)
			}
		case ok:
			t.Errorf("%s: task fact %+v, want none", title, tf)
		}
	}
	if !found {
		t.Errorf("chmod(1) not admitted; pool of %d", len(pool))
	}
	// without the model, nothing is admitted for it
	pool, _ = rk.pool(a, nil, nil)
	for _, c := range pool {
		if title, _ := rk.r.NameLine(c.ID); title == "chmod" {
			t.Errorf("chmod admitted without a task model")
		}
	}
}

// The first command's pages carry how far it leads the second, as a
// share of its score; no other page does, and a command alone leads by
// all of it.
func TestTaskLead(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	rk.treeDocs = 0
	a := analyse.Analyse("snooze", analyse.Thesaurus)
	for _, tc := range []struct {
		docs []tasks.Doc
		// lead of chmod's page, and whether sleep's page is among the
		// model's
		alone bool
	}{
		{[]tasks.Doc{
			{Command: "chmod", Stems: tasks.Tokens("snooze for a while")},
			{Command: "chmod", Stems: tasks.Tokens("snooze the shell")},
			{Command: "sleep", Stems: tasks.Tokens("snooze a script and more words here")},
		}, false},
		{[]tasks.Doc{
			{Command: "chmod", Stems: tasks.Tokens("snooze for a while")},
			{Command: "sleep", Stems: tasks.Tokens("let others run a script")},
		}, true},
	} {
		m, err := tasks.Fit(tc.docs, tasks.DefaultParams)
		if err != nil {
			t.Fatal(err)
		}
		_, q := rk.pool(a, nil, m)
		var chmod, sleep *taskFact
		for id, f := range q.task {
			f := f
			switch title, _ := rk.r.NameLine(id); title {
			case "chmod":
				chmod = &f
			case "sleep":
				sleep = &f
			}
		}
		switch {
		case chmod == nil || chmod.rank != 0:
			t.Fatalf("chmod: %+v, want the first command", chmod)
		case tc.alone && chmod.lead != 1:
			t.Errorf("chmod alone: lead %v, want 1", chmod.lead)
		case !tc.alone && (sleep == nil || chmod.lead <= 0 || chmod.lead >= 1 || sleep.lead != 0):
			t.Errorf("chmod ahead of sleep: leads %+v and %+v, want chmod's in (0,1), sleep's 0", chmod, sleep)
		}
	}
}

// A builtin the task data describes as a command stands for bash(1),
// which documents it, where it has no page of its own; one with a page
// (kill) keeps it, and without bash's page nothing changes.
func TestAsShell(t *testing.T) {
	pages := map[string]bool{"bash": true, "ls": true, "kill": true}
	has := func(n string) bool { return pages[n] }
	scored := []tasks.Scored{{Command: "alias", Score: 3}, {Command: "ls", Score: 2}, {Command: "export", Score: 1.5}, {Command: "kill", Score: 1}}
	resolve := func() []tasks.Scored {
		renamed, _ := asShell(slices.Clone(scored), has)
		return tasks.Resolve(renamed, has, 10)
	}
	want := []tasks.Scored{{Command: "bash", Score: 3}, {Command: "ls", Score: 2}, {Command: "kill", Score: 1}}
	if got := resolve(); !slices.Equal(got, want) {
		t.Errorf("resolved %v, want %v", got, want)
	}
	delete(pages, "bash")
	if got := resolve(); len(got) != 2 || got[0].Command != "ls" {
		t.Errorf("without bash's page: %v, want ls and kill", got)
	}
}

// The builtins bash(1) stands for are kept for the answer to lead with:
// the best two, and not one far below the best.
func TestShellEntries(t *testing.T) {
	has := func(n string) bool { return n == "bash" || n == "kill" }
	for _, tc := range []struct {
		scored []tasks.Scored
		want   []string
	}{
		{[]tasks.Scored{{Command: "ls", Score: 9}, {Command: "unset", Score: 4}, {Command: "kill", Score: 3.9}, {Command: "export", Score: 3}, {Command: "alias", Score: 2.5}}, []string{"unset", "export"}},
		{[]tasks.Scored{{Command: "alias", Score: 4}, {Command: "export", Score: 1.9}}, []string{"alias"}},
		{[]tasks.Scored{{Command: "ls", Score: 4}}, nil},
	} {
		if _, got := asShell(slices.Clone(tc.scored), has); !slices.Equal(got, tc.want) {
			t.Errorf("asShell(%v) entries %v, want %v", tc.scored, got, tc.want)
		}
	}
	if _, got := asShell([]tasks.Scored{{Command: "alias", Score: 4}}, func(string) bool { return false }); got != nil {
		t.Errorf("without bash(1): %v, want none", got)
	}
}

// Debian's page of a program an alternative chooses between
// (which.debianutils(1), whose NAME line names which) is the page of
// the command the task model names so; a page whose title only begins
// with another command's name is not.
func TestTaskAlternativePage(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "man1"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, nameLine := range map[string]string{
		"zzwhich.debianutils": `zzwhich \- locate a command`,
		"zzfind.extra":        `zzfindextra \- report snoozes`,
	} {
		page := ".TH X 1\n.SH NAME\n" + nameLine + "\n.SH SYNOPSIS\n" + name + " [\\-a] filename ...\n.SH DESCRIPTION\nReturns the path names of the files.\n"
		if err := os.WriteFile(filepath.Join(dir, "man1", name+".1"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rk := newTestRanker(t, newRetriever(t, testindex.Must(t, testindex.WithMan(dir))))
	rk.treeDocs = 0
	m, err := tasks.Fit([]tasks.Doc{
		{Command: "zzwhich", Stems: tasks.Tokens("snooze the shell snooze")},
		{Command: "zzfind", Stems: tasks.Tokens("snooze quietly")},
	}, tasks.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	_, q := rk.pool(analyse.Analyse("snooze", analyse.Thesaurus), nil, m)
	found := false
	for id, f := range q.task {
		switch title, _ := rk.r.NameLine(id); title {
		case "zzwhich.debianutils":
			found = f.rank == 0
		case "zzfind.extra":
			t.Errorf("zzfind.extra(1): task fact %+v, want none", f)
		}
	}
	if !found {
		t.Errorf("zzwhich.debianutils(1): no task fact of the first command; facts %+v", q.task)
	}
}
