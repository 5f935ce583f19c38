package compose

import (
	"context"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
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
	d := func(cmd, text string) tasks.Doc { return tasks.Doc{Command: cmd, Stems: tasks.Tokens(text)} }
	m, err := tasks.Fit([]tasks.Doc{
		d("unitctl", "Control the units of the machine"),
		d("unitctl-enable", "Start a service automatically at boot"),
		d("unitctl-enable", "Make a unit start every time the machine boots"),
		d("unitctl-disable", "Keep a service from starting automatically at boot"),
		d("unitctl-status", "Show the status of a service"),
		d("unitctl-list-units", "List the running units"),
	}, tasks.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The subcommand people use for the task leads, filled, and is the
// Summary's "Use" sentence, where the page's own words put an option or
// another subcommand first; between
// opposites, the question's negation chooses. Without the task model
// the page's words decide.
func TestModelSubcommandFirst(t *testing.T) {
	m := unitTasks(t)
	for _, tc := range []struct{ q, want string }{
		{"make the service postgres start automatically every time the machine boots", "`unitctl enable postgres`"},
		{"stop the service cups and keep it from starting at boot", "`unitctl disable cups`"},
		{"show the status of the service nginx with unitctl", "`unitctl status nginx`"},
	} {
		lib, _, _, ret := onePage(t, "unitctl", unitPage, tc.q)
		cp := New()
		cp.Tasks = m
		d, err := cp.Compose(context.Background(), ret, lib, &answer.Citer{})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
		}
		// the Summary says to use it, though the question does not
		// say its name
		if !strings.HasPrefix(d.Summary, "Use "+tc.want+":") {
			t.Errorf("%q: summary %q, want it to say Use %s", tc.q, d.Summary, tc.want)
		}
		cp.Tasks = nil
		if d, err = cp.Compose(context.Background(), ret, lib, &answer.Citer{}); err == nil && len(d.Steps) > 0 && strings.HasPrefix(d.Steps[0], tc.want+":") && !strings.Contains(tc.want, "status") {
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
