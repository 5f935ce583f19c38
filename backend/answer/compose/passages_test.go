package compose

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// shellPage is a shell's page as bash(1) lays out its builtins: an item
// each in SHELL BUILTIN COMMANDS, whose words say little of the task one
// asks of it.
const shellPage = `.TH BASH 1
.SH NAME
bash \- GNU Bourne-Again SHell
.SH SYNOPSIS
bash [options] [file]
.SH DESCRIPTION
Bash is a command language interpreter.
.SH "SHELL BUILTIN COMMANDS"
.TP
\fBexport\fP [\fB\-fn\fP] [\fIname\fP[=\fIword\fP]] ...
The supplied names of variables are marked for automatic export to the environment of every command, so the variable reaches the shell's children.
.TP
\fBunset\fP [\fB\-fv\fP] [\fIname\fP ...]
For each name, remove the corresponding entry.
.TP
\fBumask\fP [\fB\-p\fP] [\fImode\fP]
The user file-creation mask is set to mode.
`

// The retriever's entries of a page (the builtins the task data says do
// the task) lead its passages, however few of the question's words their
// items hold; without them the words decide.
func TestPassagesLeadWithEntries(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "man1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "man1", "bash.1"), []byte(shellPage), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := answer.NewLibrary(testindex.Must(t, testindex.WithMan(dir)))
	rt, err := rank.New(lib, analyse.Thesaurus, rank.DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	ret, err := rt.Retrieve(context.Background(), "get rid of an environment variable in the shell")
	if err != nil {
		t.Fatal(err)
	}
	r := lib.Reader()
	id := -1
	for d := range r.NumDocs() {
		if title, _ := r.NameLine(d); title == "bash" {
			id = d
		}
	}
	if id < 0 {
		t.Fatal("no bash(1) in the index")
	}
	doc, err := lib.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	c := &composition{q: ret.Question, lib: lib}
	lead := func(entries []string) string {
		for _, p := range c.passages(id, doc, nil, entries) {
			if p.block.Kind == document.Item {
				return p.block.Term
			}
		}
		return ""
	}
	if got := lead(nil); got == "" || got[:6] != "export" {
		t.Fatalf("without entries the first item is %q, want export's, whose words hold the question", got)
	}
	if got := lead([]string{"unset"}); len(got) < 5 || got[:5] != "unset" {
		t.Errorf("with the entry unset the first item is %q, want unset's", got)
	}
	// and the step types the builtin as its entry writes it
	s := &source{hit: answer.Hit{Doc: id, Meta: r.Meta(id)}, doc: doc}
	ps := c.passages(id, doc, nil, []string{"unset"})
	if got, want := c.step(s, ps[0]), "`unset [-fv] [name ...]`: For each name, remove the corresponding entry."; got[:min(len(got), len(want))] != want {
		t.Errorf("step %q, want it to start %q", got, want)
	}
}
