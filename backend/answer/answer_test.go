package answer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/ingest"
	"github.com/ragman-dev/ragman/backend/priors"
	"github.com/ragman-dev/ragman/backend/proto"
)

// fixtureEngine answers from an index of the repository's fixture tree: a
// score of real man pages and two info manuals. The machine is not
// consulted (its PATH, dpkg), so the answers are the same everywhere.
var fixtureEngine = sync.OnceValues(func() (*Engine, error) { return fixtureEngineWith() })

// wikiEngine is fixtureEngine with testdata/zim/linuxwiki_en.zim added.
var wikiEngine = sync.OnceValues(func() (*Engine, error) {
	zim, err := filepath.Abs(filepath.Join("..", "..", "testdata", "zim", "linuxwiki_en.zim"))
	if err != nil {
		return nil, err
	}
	return fixtureEngineWith(catalog.Source{Alias: "linuxwiki_en", Type: catalog.TypeZIM, Location: zim, Language: "eng", Status: catalog.StatusActive})
})

func fixtureEngineWith(more ...catalog.Source) (*Engine, error) {
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", "fixtures"))
	if err != nil {
		return nil, err
	}
	cat := &catalog.Catalog{Sources: append([]catalog.Source{
		{Alias: "man-pages", Type: catalog.TypeMan, Location: filepath.Join(root, "man"), Language: "en", Status: catalog.StatusActive},
		{Alias: "info-pages", Type: catalog.TypeInfo, Location: filepath.Join(root, "info"), Language: "en", Status: catalog.StatusActive},
	}, more...)}
	dir, err := tempDir()
	if err != nil {
		return nil, err
	}
	// The commands the fixture pages document are "on PATH": stand-ins in
	// a folder of their own, so the machine's own PATH does not matter.
	bin, err := tempDir()
	if err != nil {
		return nil, err
	}
	for _, sec := range []string{"man1", "man8"} {
		pages, _ := filepath.Glob(filepath.Join(root, "man", sec, "*.gz"))
		for _, p := range pages {
			name := strings.SplitN(filepath.Base(p), ".", 2)[0]
			if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
				return nil, err
			}
		}
	}
	machine := priors.Load(bin, "")
	if _, err := ingest.Build(context.Background(), dir, cat, ingest.Options{Machine: machine}); err != nil {
		return nil, err
	}
	r, err := index.OpenActive(dir)
	if err != nil {
		return nil, err
	}
	return New(r, Thesaurus, DefaultWeights), nil
}

func engine(t *testing.T) *Engine {
	t.Helper()
	e, err := fixtureEngine()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestAnalyse(t *testing.T) {
	for _, tc := range []struct {
		q     string
		scene Scene
		verb  string
		words string // the concepts' words, in order
	}{
		{"How do I change file permissions?", SceneHowTo, "change", "change file permissions"},
		{"What is the format of /etc/fstab?", SceneFormat, "", "format fstab"},
		{"What does the sticky bit do?", SceneConcept, "", "sticky bit"},
		{"Why does rm fail with permission denied?", SceneTroubleshoot, "", "rm fail permission denied"},
		{"How do I create a pipe in C?", SceneProgramming, "create", "create pipe"},
		{"How many CPU cores does this machine have?", SceneHowTo, "", "cpu cores machine number"},
		{"I want to delete a folder", SceneHowTo, "delete", "delete folder"},
		// contractions are spelled out, so their parts ("doesn", "ve")
		// do not become rare words of the question
		{"Why doesn't my cron job run? I've checked it", SceneTroubleshoot, "", "cron job run checked"},
		{"The service won’t start", SceneTroubleshoot, "", "service start"},
	} {
		a := Analyse(tc.q, Thesaurus)
		var words []string
		for _, c := range a.Concepts {
			words = append(words, c.Word)
		}
		if a.Scene != tc.scene || a.Verb != tc.verb || strings.Join(words, " ") != tc.words {
			t.Errorf("%q: scene %v verb %q words %q; want %v %q %q", tc.q, a.Scene, a.Verb, words, tc.scene, tc.verb, tc.words)
		}
	}
}

func TestAnalyseSceneWords(t *testing.T) {
	a := Analyse("How do I pause for 10 seconds in a shell script?", Thesaurus)
	if !slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == "10" }) {
		t.Fatalf("no concept for the number in %v", a.Concepts)
	}
	for _, c := range a.Concepts {
		want := 1.0
		switch c.Word {
		case "shell", "script":
			want = sceneWeight
		case "10":
			want = valueWeight
		}
		if c.Weight != want {
			t.Errorf("%s: weight %v, want %v", c.Word, c.Weight, want)
		}
	}
}

func TestAnalyseExpands(t *testing.T) {
	a := Analyse("How do I delete a folder?", Thesaurus)
	alts := map[string]bool{}
	for _, c := range a.Concepts {
		for _, alt := range c.Alts {
			alts[alt.Stem] = true
		}
	}
	for _, want := range []string{"remov", "directori"} {
		if !alts[want] {
			t.Errorf("delete a folder: no alternative %q in %v", want, a.Concepts)
		}
	}
}

var marker = regexp.MustCompile(`\[(\d+)\]`)

func TestAnswerTopPages(t *testing.T) {
	e := engine(t)
	for _, tc := range []struct{ q, top string }{
		{"How do I change file permissions?", "chmod(1)"},
		{"How do I change the owner of a file?", "chown(1)"},
		{"How do I remove a directory and everything in it?", "rm(1)"},
		{"How do I delay for a few seconds?", "sleep(1)"},
		{"How do I see the last lines of a log file as it grows?", "tail(1)"},
		{"How do I mount a file system?", "mount(8)"},
		{"How much free space is left on the file system?", "df(1)"},
	} {
		ans, tr := e.Answer(tc.q, 0.35)
		if ans.NoAnswer || len(ans.References) == 0 || ans.References[0].Label != tc.top {
			var got []string
			for _, c := range tr.Candidates[:min(3, len(tr.Candidates))] {
				got = append(got, fmt.Sprintf("%s %.2f", c.Meta.Label, c.Score))
			}
			t.Errorf("%q: no_answer=%v confidence=%.2f top %v, want %s", tc.q, ans.NoAnswer, ans.Confidence, got, tc.top)
		}
	}
}

// TestAnswerCitations checks the shape FR-002 asks of every answer: each
// sentence and step cited, references numbered in order of first
// citation, one number per {alias, document_ref}.
func TestAnswerCitations(t *testing.T) {
	e := engine(t)
	ans, _ := e.Answer("How do I change file permissions recursively?", 0.35)
	if ans.NoAnswer {
		t.Fatalf("no answer: %+v", ans)
	}
	if !strings.Contains(ans.Summary, "(man chmod)") || !strings.Contains(ans.Summary, "[1]") {
		t.Errorf("summary lacks the inline alias or the first marker: %q", ans.Summary)
	}
	if len(ans.Steps) == 0 {
		t.Fatal("no steps")
	}
	backticked := false
	for _, s := range ans.Steps {
		if !marker.MatchString(s) {
			t.Errorf("step without a citation: %q", s)
		}
		backticked = backticked || strings.Count(s, "`") >= 2
	}
	if !backticked {
		t.Errorf("no step gives a command line: %q", ans.Steps)
	}
	// Markers appear in order of first use, 1, 2, ...
	next := 1
	seen := map[string]bool{}
	for _, m := range marker.FindAllStringSubmatch(ans.Summary+" "+strings.Join(ans.Steps, " "), -1) {
		if seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		if m[1] != fmt.Sprint(next) {
			t.Errorf("marker [%s] used first where [%d] was due", m[1], next)
		}
		next++
	}
	if len(ans.References) != next-1 {
		t.Errorf("%d references, %d markers", len(ans.References), next-1)
	}
	pairs := map[string]bool{}
	for i, r := range ans.References {
		if r.N != i+1 || r.Label == "" || len(r.DocumentRefs) == 0 {
			t.Errorf("reference %d: %+v", i, r)
		}
		key := r.Alias + "\x00" + r.DocumentRefs[0]
		if pairs[key] {
			t.Errorf("reference %d repeats %s", r.N, key)
		}
		pairs[key] = true
	}
	for _, c := range ans.Citations {
		if c.N < 1 || c.N > len(ans.References) || ans.References[c.N-1].DocumentRefs[0] != c.DocumentRef {
			t.Errorf("citation %+v does not match its reference", c)
		}
	}
}

func TestNoAnswer(t *testing.T) {
	e := engine(t)
	for _, q := range []string{
		"What is the boiling point of water at sea level?",
		"Who painted the Mona Lisa?",
		"How do I grow tomatoes on a balcony?",
	} {
		ans, _ := e.Answer(q, 0.35)
		if !ans.NoAnswer || ans.Message == nil || *ans.Message != proto.LowConfidence || len(ans.Recommendations) == 0 {
			t.Errorf("%q: no_answer=%v confidence=%.2f refs=%v", q, ans.NoAnswer, ans.Confidence, ans.References)
		}
		if ans.Confidence < 0 || ans.Confidence >= 0.35 {
			t.Errorf("%q: confidence %v, want in [0, 0.35)", q, ans.Confidence)
		}
	}
}

func TestThresholdFromCaller(t *testing.T) {
	e := engine(t)
	ans, _ := e.Answer("How do I change file permissions?", 1)
	if !ans.NoAnswer && ans.Confidence < 1 {
		t.Errorf("threshold 1: answered with confidence %v", ans.Confidence)
	}
	ans, _ = e.Answer("How do I change file permissions?", 0)
	if ans.NoAnswer {
		t.Error("threshold 0: no answer")
	}
}

func TestEmptyQuestion(t *testing.T) {
	e := engine(t)
	for _, q := range []string{"", "   ", "how do I", "?!"} {
		ans, _ := e.Answer(q, 0.35)
		if !ans.NoAnswer {
			t.Errorf("%q answered: %+v", q, ans.References)
		}
	}
}

func TestFallbackNamesPage(t *testing.T) {
	e := engine(t)
	_, tr := e.Answer("what does tar do", 0.35)
	fb := e.Fallback(tr)
	if fb == nil || len(fb.References) != 1 || fb.References[0].Label != "tar(1)" || !strings.Contains(fb.Summary, "(man tar)") {
		t.Errorf("fallback = %+v", fb)
	}
	_, tr = e.Answer("how do I bake bread", 0.35)
	if fb := e.Fallback(tr); fb != nil {
		t.Errorf("fallback for a question naming no page: %+v", fb)
	}
}

func TestFind(t *testing.T) {
	e := engine(t)
	for _, ref := range []string{"man1/chmod.1.gz", "chmod(1)", "chmod"} {
		d, err := e.Find("man-pages", ref)
		if err != nil || d.Title != "chmod" {
			t.Errorf("Find(%q) = %v, %v", ref, d, err)
		}
	}
	if _, err := e.Find("man-pages", "nosuchpage"); err == nil {
		t.Error("found a page that does not exist")
	}
}

// tempDir is a folder for the package's shared index, removed by TestMain.
var tempDirs []string

func tempDir() (string, error) {
	dir, err := os.MkdirTemp("", "ragman-answer-test-")
	if err == nil {
		tempDirs = append(tempDirs, dir)
	}
	return dir, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// TestSubcommandOf: an option listed under a subcommand's heading belongs
// to that subcommand when the SYNOPSIS runs the command with it.
func TestSubcommandOf(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{
		{Kind: document.Code, Text: "tool init\ntool sources add [--type TYPE] PATH\ntool reindex [--force] [ALIAS...]"},
	}}}}
	for title, want := range map[string]string{
		"reindex [ALIAS...]": "reindex",
		"sources add PATH":   "sources add",
		"sources":            "sources",
		"OPTIONS":            "",
		"health":             "",
		"Rebuilding":         "",
	} {
		if got := subcommandOf(title, "tool", d); got != want {
			t.Errorf("subcommandOf(%q) = %q, want %q", title, got, want)
		}
	}
	if got := subcommandOf("reindex", "tool", &document.Document{}); got != "" {
		t.Errorf("without a SYNOPSIS: %q", got)
	}
}

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
		ans, _ := engine(t).Answer(tc.q, 0.35)
		steps := ans.Steps
		if tc.first {
			steps = steps[:min(1, len(steps))]
		}
		if !slices.ContainsFunc(steps, func(s string) bool { return strings.HasPrefix(s, tc.want) }) {
			t.Errorf("%s: steps %q, want %s", tc.q, ans.Steps, tc.want)
		}
	}
}

func TestManPageLeads(t *testing.T) {
	node := func(id int, pkg string, group int) Candidate {
		return Candidate{ID: id, Meta: index.Meta{Type: "info", Package: pkg, Group: group}}
	}
	page := func(id int, pkg string) Candidate {
		return Candidate{ID: id, Meta: index.Meta{Type: "man", Package: pkg, Group: -1}}
	}
	ids := func(cs []Candidate) []int {
		var out []int
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		cands []Candidate
		want  []int
	}{
		{"a node, then its package's page", []Candidate{node(1, "diffutils", -1), page(2, "diffutils"), page(3, "coreutils")}, []int{2, 1, 3}},
		{"the page third", []Candidate{node(1, "diffutils", -1), page(3, "coreutils"), page(2, "diffutils"), page(4, "grep")}, []int{2, 1, 3, 4}},
		{"the package's page fourth is too far: the next page leads", []Candidate{node(1, "diffutils", -1), page(3, "coreutils"), page(4, "grep"), page(2, "diffutils")}, []int{3, 1, 4, 2}},
		{"another package's page", []Candidate{node(1, "bc", -1), page(2, "coreutils")}, []int{2, 1}},
		{"the same package's page before another's", []Candidate{node(1, "findutils", -1), page(3, "coreutils"), page(2, "findutils")}, []int{2, 1, 3}},
		{"no page among the next two", []Candidate{node(1, "diffutils", -1), node(3, "coreutils", -1), node(4, "grep", -1), page(2, "diffutils")}, []int{1, 3, 4, 2}},
		{"a node about a program stays (programsFirst's case)", []Candidate{node(1, "coreutils", 7), page(2, "coreutils")}, []int{1, 2}},
		{"a page on top stays", []Candidate{page(2, "diffutils"), node(1, "diffutils", -1)}, []int{2, 1}},
		{"no package known", []Candidate{node(1, "", -1), page(2, "")}, []int{2, 1}},
	} {
		if got := ids(manPageLeads(tc.cands)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A man page that programsFirst lifts above its node ranks with the
// node's score, so compose, which reads scores in order, still offers the
// candidates behind it as alternatives.
func TestProgramsFirstScores(t *testing.T) {
	cands := []Candidate{
		{ID: 1, Score: 3, Meta: index.Meta{Type: "man", Group: -1}},
		{ID: 2, Score: 2, Meta: index.Meta{Type: "info", Group: 3}},
		{ID: 4, Score: 1, Meta: index.Meta{Type: "man", Group: -1}},
		{ID: 3, Score: 0.1, Meta: index.Meta{Type: "man", Group: -1}},
	}
	var got []float64
	var order []int
	for _, c := range programsFirst(cands) {
		order = append(order, c.ID)
		got = append(got, c.Score)
	}
	if !slices.Equal(order, []int{1, 3, 2, 4}) || !slices.Equal(got, []float64{3, 2, 2, 1}) {
		t.Errorf("programsFirst: ids %v scores %v, want [1 3 2 4] [3 2 2 1]", order, got)
	}
}

func TestAltKey(t *testing.T) {
	man := func(title, section string) index.Meta { return index.Meta{Type: "man", Title: title, Section: section} }
	node := func(manual, title string) index.Meta {
		return index.Meta{Type: "info", Title: title, Label: manual + ": " + title}
	}
	if altKey(man("nice", "1")) == altKey(man("nice", "2")) {
		t.Error("nice(1) and nice(2) share a key")
	}
	if altKey(node("bc", "Environment Variables")) != altKey(node("grep", "Environment Variables")) {
		t.Error("two manuals' nodes of one title have two keys")
	}
}

func TestCommandLineSteps(t *testing.T) {
	e := engine(t)
	for line, want := range map[string]bool{
		"$ ls -l /tmp":                      true,
		"# chmod 644 notes.txt":             true,
		"sudo mount /dev/sdb1 /mnt":         true,
		"find . -name '*.c'":                true,
		"drwxr-xr-x 2 root root 4096 notes": false,
		"total 8":                           false,
		"ls.service loaded active running":  false, // a unit named like a program
		"":                                  false,
	} {
		if got := e.commandLine(line); got != want {
			t.Errorf("commandLine(%q) = %v, want %v", line, got, want)
		}
	}
	program := &source{cand: Candidate{Meta: index.Meta{Type: "man", Section: "1", Title: "ls"}}}
	format := &source{cand: Candidate{Meta: index.Meta{Type: "man", Section: "5", Title: "fstab"}}}
	output := passage{block: document.Block{Kind: document.Code, Text: "total 8\ndrwxr-xr-x 2 root root 4096 notes"}}
	run := passage{block: document.Block{Kind: document.Code, Text: "$ ls -l\ntotal 8"}}
	item := passage{block: document.Block{Kind: document.Item, Term: "-l", Text: "use a long listing format"}}
	for _, tc := range []struct {
		name string
		s    *source
		p    passage
		want bool
	}{
		{"a program's sample output", program, output, false},
		{"a program's example run", program, run, true},
		{"an option", program, item, true},
		{"a format page's example", format, output, true},
	} {
		if got := e.stepWorthy(tc.s, tc.p); got != tc.want {
			t.Errorf("%s: stepWorthy = %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := codeLines("$ ls -l\ntotal 8\ndrwxr-xr-x 2 root root 4096 notes", &query{}, e.commandLine); !slices.Equal(got, []string{"$ ls -l"}) {
		t.Errorf("codeLines kept %q, want only the command", got)
	}
}

func TestStepFromExampleLeadIn(t *testing.T) {
	// mount(8): "The following commands allow one to recursively change
	// the type of all the mounts under a given mountpoint." and then the
	// commands, which hold few of the question's words themselves.
	ans, _ := engine(t).Answer("How do I recursively change the type of all mounts under a mountpoint?", 0.35)
	if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "--make-rshared") {
		t.Errorf("steps %q, want the example the paragraph introduces first", ans.Steps)
	}
}

func TestAside(t *testing.T) {
	long := strings.Repeat("The shell keeps the list of commands previously typed. ", 60)
	for _, tc := range []struct {
		s    document.Section
		want bool
	}{
		{document.Section{Title: "SEE ALSO", Blocks: []document.Block{{Text: "ls(1)"}}}, true},
		{document.Section{Title: "History", Blocks: []document.Block{{Text: "A chmod command appeared in Version 1 AT&T UNIX."}}}, true},
		{document.Section{Title: "HISTORY", Blocks: []document.Block{{Text: long}}}, false},
		{document.Section{Title: "EXAMPLES", Blocks: []document.Block{{Text: "ls -l"}}}, false},
	} {
		if got := aside(&tc.s); got != tc.want {
			t.Errorf("aside(%q, %d bytes) = %v, want %v", tc.s.Title, len(tc.s.Blocks[0].Text), got, tc.want)
		}
	}
}

func TestStepByFirstSentence(t *testing.T) {
	// find(1)'s -quit and -ignore_readdir_race go on about file systems
	// and descending; -mount's and -xdev's first sentence is the question.
	ans, _ := engine(t).Answer("How do I stop find from descending into other file systems?", 0.35)
	if len(ans.Steps) == 0 || !strings.Contains(ans.Steps[0], "-mount") && !strings.Contains(ans.Steps[0], "-xdev") {
		t.Errorf("steps %q, want find -mount or -xdev first", ans.Steps)
	}
}

func TestStepBeyondTheName(t *testing.T) {
	// Every option of chown(1) changes owners and every one of cp(1)
	// copies: the words the NAME line already holds say little about
	// which passage answers, the rest of the question says it.
	for _, tc := range []struct{ q, want string }{
		{"How do I change the owner of files recursively?", "`chown -R`"},
		{"How do I copy files and keep their timestamps?", "`cp -p`"},
	} {
		ans, _ := engine(t).Answer(tc.q, 0)
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], tc.want) {
			t.Errorf("%s: steps %q, want %s first", tc.q, ans.Steps, tc.want)
		}
	}
}
