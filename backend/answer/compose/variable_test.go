package compose

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
)

// A shell's builtins set, remove and extend the variable a question
// names, its value as typed or quoted where the shell would read it
// apart.
func TestVariableLead(t *testing.T) {
	for _, tc := range []lead{
		{"in bash, set the environment variable EDITOR to vim", "`export EDITOR=vim`"},
		{"in bash, set the variable GREETING to 'hello world'", "`export GREETING='hello world'`"},
		{"in bash, remove the environment variable HTTP_PROXY", "`unset HTTP_PROXY`"},
		{"in bash, add /opt/tools/bin to the end of the PATH variable", "`export PATH=\"$PATH:/opt/tools/bin\"`"},
		{"in bash, put /opt/go/bin at the front of the PATH variable", "`export PATH=\"/opt/go/bin:$PATH\"`"},
		// a search path named alone, and a home folder the quotes
		// would leave unexpanded
		{"in bash, add the directory /opt/bin to my PATH", "`export PATH=\"$PATH:/opt/bin\"`"},
		{"in bash, put ~/bin at the front of my PATH", "`export PATH=\"$HOME/bin:$PATH\"`"},
		// an alias is defined for the command given, quoted as one word
		{"in bash, create an alias named ll that runs ls -alF", "`alias ll='ls -alF'`"},
		{"in bash, make an alias up for 'cd ..'", "`alias up='cd ..'`"},
	} {
		if d := shellFirst(t, tc.q); len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], tc.want+":") {
			t.Errorf("%q: steps %q, want %s first", tc.q, d.Steps, tc.want)
		} else if strings.HasPrefix(tc.want, "`alias") && !strings.Contains(d.Steps[0], "an alias is defined") {
			t.Errorf("%q: first step %q does not say it defines the alias", tc.q, d.Steps[0])
		}
	}
	// a variable only asked about is set to nothing, and a search path
	// a folder is taken out of is never unset whole
	for _, q := range []string{"in bash, what does the TERM variable tell programs?", "in bash, show the PATH variable", "in bash, remove /usr/games from the PATH variable", "in bash, remove /usr/games from my PATH"} {
		if d := shellFirst(t, q); len(d.Steps) > 0 && (strings.HasPrefix(d.Steps[0], "`export ") || strings.HasPrefix(d.Steps[0], "`unset ")) {
			t.Errorf("%q: first step %q", q, d.Steps[0])
		}
	}
}

// shellFirst is the answer to q with the shell's page of builtinsPage
// first, which the fixture's pages outrank for want of a shell's.
func shellFirst(t *testing.T, q string) answer.Draft {
	t.Helper()
	lib, id, _, ret := onePage(t, "bash", builtinsPage, q)
	hits := slices.DeleteFunc(slices.Clone(ret.Hits), func(h answer.Hit) bool { return h.Doc == id })
	ret.Hits = append([]answer.Hit{{Doc: id, Meta: lib.Meta(id)}}, hits...)
	d, err := New().Compose(context.Background(), ret, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// builtinsPage documents a shell's builtins as bash(1) does.
const builtinsPage = `.TH SHELL 1
.SH NAME
bash \- command language interpreter
.SH SYNOPSIS
bash [options] [file]
.SH SHELL BUILTIN COMMANDS
.TP
\fBexport\fP [\fB\-fn\fP] [\fIname\fP[=\fIword\fP]] ...
The supplied names are marked for automatic export to the environment of subsequently executed commands.
.TP
\fBunset\fP [\-\fBfv\fP] [\-\fBn\fP] [\fIname\fP ...]
For each name, remove the corresponding variable or function.
.TP
\fBalias\fP [\fB\-p\fP] [\fIname\fP[=\fIvalue\fP] ...]
Alias with no arguments or with the \-p option prints the list of aliases in the form alias name=value on standard output.  When arguments are supplied, an alias is defined for each name whose value is given.
.TP
\fBcd\fP [\fIdir\fP]
Change the current directory to dir.
`
