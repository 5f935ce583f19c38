package compose

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// TestOptionEntry: a flag is found in the item that documents it, by any
// of its names, and never in a section about the page or in running text.
func TestOptionEntry(t *testing.T) {
	d := &document.Document{Sections: []document.Section{
		{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: "-z compresses, as -x says"}}},
		{Title: "OPTIONS", Blocks: []document.Block{
			{Kind: document.Item, Term: "-x, --extract, --get", Text: "Extract files from an archive."},
			{Kind: document.Item, Term: "-C, --directory=DIR", Text: "Change to DIR before performing any operations."},
			{Kind: document.Item, Term: "-size n[ckMG]", Text: "File uses n units of space."},
		}},
		{Title: "SEE ALSO", Blocks: []document.Block{{Kind: document.Item, Term: "-z", Text: "an aside"}}},
	}}
	for _, tc := range []struct {
		flag, want string
	}{
		{"-x", "Extract files from an archive."},
		{"--get", "Extract files from an archive."},
		{"--directory", "Change to DIR before performing any operations."},
		{"-size", "File uses n units of space."},
		{"-z", ""}, // only in running text and SEE ALSO: not documented
		{"-s", ""},
	} {
		_, b, ok := optionEntry(d, tc.flag)
		if got := b.Text; ok != (tc.want != "") || got != tc.want {
			t.Errorf("optionEntry(%q) = %q, %v; want %q", tc.flag, got, ok, tc.want)
		}
	}
}

func TestBundled(t *testing.T) {
	for w, want := range map[string]bool{"xf": true, "czvf": true, "aux": true, "-xf": false, "backup.tar": false, "": false, "extract": false, "x1": false} {
		if got := bundled(w); got != want {
			t.Errorf("bundled(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestExampleFlags: an example's flags come in its order, each once, a
// cluster letter by letter; a cluster longer than any program combines
// (a planted page's) is not read letter by letter, which would scan the
// page once a letter on every question the page answers.
func TestExampleFlags(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		{Kind: document.Item, Term: "-x, --extract", Text: "Extract files from an archive."},
		{Kind: document.Item, Term: "-f, --file=ARCHIVE", Text: "Use archive file ARCHIVE."},
		{Kind: document.Item, Term: "-C, --directory=DIR", Text: "Change to DIR."},
	}}}}
	none := func(string) bool { return false }
	for _, tc := range []struct{ line, want string }{
		{"tar -xqf a.tar -C dir -x", "-x -f -C"},
		{"tar xf a.tar", "-x -f"},
		{"tar --extract --file=a.tar", "--extract --file"},
		{"tar -" + strings.Repeat("q", maxClusterLetters-1) + "x", "-x"},
		{"tar -" + strings.Repeat("q", 100_000) + "x -f a.tar", "-f"},
	} {
		var got []string
		for _, f := range exampleFlags(d, tc.line, none) {
			got = append(got, f.flag)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("exampleFlags(%.40q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestManFirst: the man page of a leading tldr page's command leads
// where the question gives values, which its options are typed with;
// not where it gives none, nor a man page of another command.
func TestManFirst(t *testing.T) {
	hit := func(typ, title string) answer.Hit {
		return answer.Hit{Meta: index.Meta{Type: typ, Title: title, Section: "1", Label: title}}
	}
	tl, man, other := hit("tldr", "chown"), hit("man", "chown"), hit("man", "chgrp")
	for _, tc := range []struct {
		q    string
		hits []answer.Hit
		want string // the first hit's type and title
	}{
		{"make bob the owner of notes.txt", []answer.Hit{tl, other, man}, "man chown"},
		{"change who owns a file", []answer.Hit{tl, other, man}, "tldr chown"},
		{"make bob the owner of notes.txt", []answer.Hit{tl, other}, "tldr chown"},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		got := manFirst(tc.hits, a)
		if h := got[0].Meta.Type + " " + got[0].Meta.Title; h != tc.want || len(got) != len(tc.hits) {
			t.Errorf("%q: %s leads of %d hits, want %s of %d", tc.q, h, len(got), tc.want, len(tc.hits))
		}
	}
}

// The tldr page of a command this machine does not have is named beside
// the answer as the alternative to install, marked so, and never gives
// a step: its command line would not run. That of the first page's own
// command, where the answer is sure of its page, is not named at all: it
// names no other way to do the task.
func TestTldrAlternatives(t *testing.T) {
	lib, ret := retrieve(t, testindex.Examples, "How do I find files by name?")
	own := slices.IndexFunc(ret.Hits, func(h answer.Hit) bool { return h.Meta.Type == "tldr" && h.Meta.Title == "find" })
	if len(ret.Hits) < 3 || ret.Hits[0].Meta.Label != "find(1)" || own < 0 {
		t.Fatalf("first pages %v, want find(1) first and find's tldr page among them", labels(ret.Hits))
	}
	answerWith := func(confidence float64, installed bool) answer.Draft {
		t.Helper()
		r := *ret
		r.Hits = slices.Clone(ret.Hits)
		r.Hits[own].Meta.Command = installed
		r.Confidence = confidence
		d, err := New().Compose(context.Background(), &r, lib, &answer.Citer{})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := answerWith(0.95, true); strings.Contains(d.Summary, "(tldr find)") {
		t.Errorf("sure: summary %q names find's own tldr page", d.Summary)
	}
	d := answerWith(0.6, true)
	if !strings.Contains(d.Summary, "See also find: ") {
		t.Errorf("unsure: summary %q leaves out find's own tldr page, whose example is a step", d.Summary)
	}
	example := slices.IndexFunc(d.Steps, func(s string) bool { return strings.Contains(s, "path/to") })
	if example < 0 {
		t.Fatalf("unsure: steps %q, want a step of find's tldr page", d.Steps)
	}
	// and it comes after the other commands, taking none's place
	if others := strings.Count(d.Summary, "See also ") - 1; others < 1 || strings.Index(d.Summary, "See also find: ") < strings.LastIndex(d.Summary, "See also ") {
		t.Errorf("unsure: summary %q, want find's own tldr page named after the other commands", d.Summary)
	}
	d = answerWith(0.6, false)
	if !strings.Contains(d.Summary, "See also find (not installed): ") {
		t.Errorf("not installed: summary %q, want find's tldr page named as not installed", d.Summary)
	}
	if slices.ContainsFunc(d.Steps, func(s string) bool { return strings.Contains(s, "path/to") }) {
		t.Errorf("not installed: steps %q give a step of the page of a command not installed", d.Steps)
	}
}

// retrieve ranks the pages of the index build makes for question.
func retrieve(t *testing.T, build func() (*index.Reader, error), question string) (*answer.Library, *answer.Retrieval) {
	t.Helper()
	lib := answer.NewLibrary(testindex.Must(t, build))
	rt, err := rank.New(lib, analyse.Thesaurus, rank.DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	ret, err := rt.Retrieve(context.Background(), question)
	if err != nil {
		t.Fatal(err)
	}
	return lib, ret
}

func labels(hits []answer.Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Meta.Label)
	}
	return out
}

// How close behind the first page an alternative must be is measured on
// the manuals' spread: tldr pages placed among the top ten with scores
// made for their places do not narrow it.
func TestCloseFloorManuals(t *testing.T) {
	var hits []answer.Hit
	for i := range 12 {
		hits = append(hits, answer.Hit{Score: 10 - float64(i), Meta: index.Meta{Type: "man"}})
	}
	want := closeFloor(hits, 0.5) // 10 - 0.5*(10-1)
	guests := slices.Insert(slices.Clone(hits), 1,
		answer.Hit{Score: 9.9, Meta: index.Meta{Type: "tldr"}}, answer.Hit{Score: 9.8, Meta: index.Meta{Type: "tldr"}})
	if got := closeFloor(guests, 0.5); got != want || want != 5.5 {
		t.Errorf("floor with tldr guests %v, without %v, want 5.5 both", got, want)
	}
}

// TestTldrLedManSteps: where a tldr example leads, the command's man page
// adds the steps it gives the question with an option the example does
// not pass: tldr's find example ignores case by name, and find(1)'s -L
// follows the symbolic links the question also asks to follow.
func TestTldrLedManSteps(t *testing.T) {
	lib, ret := retrieve(t, testindex.Examples, "find files by name ignoring upper and lower case, following symbolic links")
	own := slices.IndexFunc(ret.Hits, func(h answer.Hit) bool { return h.Meta.Type == "tldr" && h.Meta.Title == "find" })
	man := slices.IndexFunc(ret.Hits, func(h answer.Hit) bool { return h.Meta.Label == "find(1)" })
	if own < 0 || man < 0 {
		t.Fatalf("first pages %v, want find(1) and find's tldr page among them", labels(ret.Hits))
	}
	// the tldr page first, as the ranker puts one whose example says the task
	r := *ret
	r.Hits = append([]answer.Hit{ret.Hits[own]}, slices.Delete(slices.Clone(ret.Hits), own, own+1)...)
	d, err := New().Compose(context.Background(), &r, lib, &answer.Citer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Steps) == 0 || !strings.Contains(d.Steps[0], "-iname") {
		t.Fatalf("steps %q, want tldr's -iname example first", d.Steps)
	}
	if !slices.ContainsFunc(d.Steps[1:], func(s string) bool { return strings.HasPrefix(s, "`find -L") }) {
		t.Errorf("steps %q, want find(1)'s -L after the example", d.Steps)
	}
	for _, s := range d.Steps[1:] {
		if strings.HasPrefix(s, "`find -iname") {
			t.Errorf("step %q repeats the example's option", s)
		}
	}
}

// An example described only against the one before it is no example to
// show alone: "As above, but ..." says nothing of what it does.
func TestRelativeExample(t *testing.T) {
	for text, want := range map[string]bool{
		"As above, but when items in the 3rd field are equal, sort by the 4th field": true,
		"Same as above, with ZPAQ - extreme compression, but very slow":              true,
		"like the previous example, but verbose":                                     true,
		"Sort a file in descending order":                                            false,
		"Assemble the parts above into one file":                                     false,
		"Show the lines as they were before the change":                              false,
	} {
		if got := relative().MatchString(text); got != want {
			t.Errorf("relative(%q) = %v, want %v", text, got, want)
		}
	}
}
