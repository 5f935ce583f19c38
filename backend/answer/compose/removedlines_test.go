package compose

import (
	"context"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// A question that removes the lines holding a thing keeps the others:
// grep leads with -v, the option that selects the lines that do not
// match, however the removal is worded, and not with what prints the
// lines it removes.
func TestRemovedLinesInverted(t *testing.T) {
	for q, want := range map[string]string{
		"remove every line containing DEBUG from app.log with grep":     "`grep -v DEBUG app.log`",
		"grep: drop all the lines with TODO in tasks.md":                "`grep -v TODO tasks.md`",
		"delete the lines that mention password from dump.sql, by grep": "`grep -v password dump.sql`",
	} {
		if steps := grepSteps(t, q); len(steps) == 0 || !strings.HasPrefix(steps[0], want+":") {
			t.Errorf("%q: steps %q, want %s first", q, steps, want)
		}
	}
}

// removedPattern reads what the removed lines hold as the question gives
// it, and nothing where the lines are not removed by what they hold.
func TestRemovedPattern(t *testing.T) {
	for q, want := range map[string]string{
		"remove every line containing DEBUG from app.log":  "DEBUG",
		"delete lines that contain the word draft":         "draft",
		`strip out all the lines matching "^#" from a.cfg`: "^#",
		"remove lines 3 to 5":                              "",
		"remove the file notes.txt":                        "",
	} {
		if got := removedPattern(q, analyse.Read(q).Args); got != want {
			t.Errorf("removedPattern(%q) = %q, want %q", q, got, want)
		}
	}
}

// The lines that do not start with a thing are those grep's -v keeps,
// with the thing anchored where they start: `grep -v '^#' setup.cfg`,
// not -s, "Suppress error messages", nor the lines that do start so.
func TestUnmatchedLinesInverted(t *testing.T) {
	for q, want := range map[string]string{
		"grep: show the lines of setup.cfg that do not start with #": "`grep -v '^#' setup.cfg`",
		"print the lines of notes.txt that don't end with OK":        "`grep -v 'OK$' notes.txt`",
	} {
		if steps := grepSteps(t, q); len(steps) == 0 || !strings.HasPrefix(steps[0], want+":") {
			t.Errorf("%q: steps %q, want %s first", q, steps, want)
		}
	}
}

// Lines that hold either of two words are those one pattern matches,
// as GNU grep reads "\|": `grep 'warning\|deprecated' out.txt`, not
// grep on the first word alone.
func TestEitherWordLines(t *testing.T) {
	q := "grep: show the lines of out.txt that contain either warning or deprecated"
	if want, steps := "'warning\\|deprecated' out.txt`", grepSteps(t, q); len(steps) == 0 || !strings.HasPrefix(steps[0], "`grep ") || !strings.Contains(steps[0], want) {
		t.Errorf("%q: steps %q, want grep with %s first", q, steps, want)
	}
}

// grepSteps are the steps of the answer to q from the fixture index,
// whose first page must be grep(1).
func grepSteps(t *testing.T, q string) []string {
	t.Helper()
	lib, ret := retrieve(t, testindex.Fixture, q)
	if ret.Hits[0].Meta.Label != "grep(1)" {
		t.Fatalf("%q: first page %s", q, ret.Hits[0].Meta.Label)
	}
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	return d.Steps
}
