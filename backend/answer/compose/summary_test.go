package compose_test

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/testutil/testengine"
)

// The Summary runs the command as the first step does, where that step
// runs it: not the bare synopsis above a first step with the option
// the question needs ("Use `cp SOURCE DEST`" above `cp -p ...`).
func TestSummaryRunsFirstStep(t *testing.T) {
	for _, q := range []string{
		"copy a folder keeping ownership and timestamps",
		"show the sizes in a human readable way with df",
		"list files sorted by modification time, newest first",
		"make nested directories in one go",
		// mount's synopsis runs it with no operand; the step with the
		// question's is the Summary's line
		"mount the usb stick /dev/sdb1 on /mnt/usb",
	} {
		ans, _ := testengine.Ask(t, q, 0)
		if len(ans.Summary) == 0 || len(ans.Steps) == 0 {
			t.Fatalf("%s: no summary or steps: %q %q", q, ans.Summary, ans.Steps)
		}
		use, ok := strings.CutPrefix(ans.Summary, "Use `")
		step, isRun := strings.CutPrefix(ans.Steps[0], "`")
		if !ok || !isRun {
			t.Errorf("%s: summary %q and first step %q, want both to run a command", q, ans.Summary, ans.Steps[0])
			continue
		}
		use, _, _ = strings.Cut(use, "`")
		step, _, _ = strings.Cut(step, "`")
		if use != step {
			t.Errorf("%s: summary runs %q, first step %q", q, use, step)
		}
	}
}

// A what-is question is answered by what the page says the thing is,
// not by an option that holds little of it: chmod's -R, "change files
// and directories recursively", is no answer to what the sticky bit on
// a directory does.
func TestConceptSummaryNoWeakLead(t *testing.T) {
	const q = "what does the sticky bit on a directory do"
	ans, _ := testengine.Ask(t, q, 0.35)
	if strings.Contains(ans.Summary, "Use `") {
		t.Errorf("%s: summary %q says to use an option", q, ans.Summary)
	}
}
