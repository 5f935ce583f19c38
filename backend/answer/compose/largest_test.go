package compose

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// The N largest files are a listing by size cut to N lines: du's sizes
// sorted by sort -rh, with sort's -h cited. Without a number, the page
// answers with its own options.
func TestLargestLead(t *testing.T) {
	for q, want := range map[string]string{
		"Show the 5 largest files in the folder /var/log.": "`du -ah /var/log | sort -rh | head -n 5`",
		"list the top 3 biggest folders in /srv":           "`du -h -d 1 /srv | sort -rh | head -n 3`",
	} {
		d := composedFirst(t, "du", "sort", numSorterPage, q)
		if !firstStepIs(t, d, q, want) {
			continue
		}
		if !strings.Contains(d.Steps[0], "sort -h: compare human readable numbers") {
			t.Errorf("%q: %q does not cite sort's -h", q, d.Steps[0])
		}
	}
	d := composedFirst(t, "du", "sort", numSorterPage, "show the largest files in /var/log")
	if len(d.Steps) > 0 && strings.Contains(d.Steps[0], "| head") {
		t.Errorf("no number: steps %q, want no head", d.Steps)
	}
	// ls sorts by size itself; a folder's size it does not show
	d = composedFirst(t, "ls", "sort", numSorterPage, "show the 5 largest files in /var/log")
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`ls -S /var/log | head -n 5`:") {
		t.Errorf("ls first: steps %q, want ls -S cut by head first", d.Steps)
	}
	d = composedFirst(t, "ls", "sort", numSorterPage, "show the 5 largest folders in /var/log")
	if len(d.Steps) > 0 && strings.Contains(d.Steps[0], "| head") {
		t.Errorf("ls first, folders: steps %q, want no head", d.Steps)
	}
}

// firstStepIs says whether the first step of answer d to q runs want,
// and reports it where not.
func firstStepIs(t *testing.T, d answer.Draft, q, want string) bool {
	t.Helper()
	if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], want+":") {
		t.Errorf("%q: steps %q, want %s first", q, d.Steps, want)
		return false
	}
	return true
}

// composedFirst is the answer to q over the fixture with page (a man
// page of name) added, page first the hit of program first.
func composedFirst(t *testing.T, first, name, page, q string) answer.Draft {
	t.Helper()
	lib, ret := retrieve(t, testindex.WithMan(manTree(t, name, page)), q)
	i := slices.IndexFunc(ret.Hits, func(h answer.Hit) bool { return h.Meta.Title == first && h.Meta.Type == "man" })
	if i < 0 {
		t.Fatalf("%q: no %s among the hits", q, first)
	}
	ret.Hits = append([]answer.Hit{ret.Hits[i]}, slices.Delete(slices.Clone(ret.Hits), i, i+1)...)
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Each folder's total is du's -s over the folders' glob; not where the
// question asks for a depth (du's -d 1 leads, as asked), nor where it
// wants no folder one by one. This machine's du(1).
func TestEachFolderLead(t *testing.T) {
	page := machinePage(t, "/usr/share/man/man1/du.1.gz")
	leadsWith(t, New(), "du", page, []lead{
		{"show how much disk space each folder in /srv uses", "`du -sh /srv/*/`"},
		{"print the size of every subdirectory here", "`du -sh */`"},
		// no bundle of the letters people type replaces it
		{"list the disk usage of each directory in /opt in human readable units", "`du -sh /opt/*/`"},
	})
	for _, q := range []string{"show the size of each subfolder of /srv, one level deep", "show the total size of /srv only, not each subfolder"} {
		if d := composed(t, New(), "du", page, q); len(d.Steps) > 0 && strings.HasPrefix(d.Steps[0], "`du -sh /srv/*/`") {
			t.Errorf("%q: steps %q", q, d.Steps)
		}
	}
}

// Folders ordered by their size are du's totals of each, sorted by
// sort -h (-rh for the biggest first), with sort's -h cited.
func TestBySizeLead(t *testing.T) {
	for q, want := range map[string]string{
		"list the folders in /var sorted by size":              "`du -sh /var/*/ | sort -h`",
		"sort the subdirectories by disk usage, biggest first": "`du -sh */ | sort -rh`",
	} {
		d := composedFirst(t, "du", "sort", numSorterPage, q)
		if !firstStepIs(t, d, q, want) {
			continue
		}
		if !strings.Contains(d.Steps[0], "sort -h: compare human readable numbers") {
			t.Errorf("%q: %q does not cite sort's -h", q, d.Steps[0])
		}
	}
}

// The N files changed last are ls's listing by time cut to N lines; the
// oldest, the same listing reversed.
func TestNewestLead(t *testing.T) {
	for q, want := range map[string]string{
		"list the 10 most recently modified files in /var/log": "`ls -t /var/log | head -n 10`",
		"show the 5 oldest files in /tmp":                      "`ls -tr /tmp | head -n 5`",
	} {
		firstStepIs(t, composedFirst(t, "ls", "sort", numSorterPage, q), q, want)
	}
	q := "list the files in /var/log by modification time"
	if d := composedFirst(t, "ls", "sort", numSorterPage, q); len(d.Steps) > 0 && strings.Contains(d.Steps[0], "| head") {
		t.Errorf("%q: steps %q, want no head", q, d.Steps)
	}
}
