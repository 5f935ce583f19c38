package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testengine"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

type engine struct {
	t *testing.T
	e *answer.Engine
}

func newEngine(t *testing.T) engine { return engine{t, testengine.Must(t)} }

func (e engine) Answer(q string, threshold float64) (*proto.Answer, *answer.Retrieval) {
	e.t.Helper()
	return testengine.Ask(e.t, q, threshold)
}

var marker = regexp.MustCompile(`\[(\d+)\]`)

// TestAnswerCitations checks the shape FR-002 asks of every answer: each
// sentence and step cited, references numbered in order of first
// citation, one number per {alias, document_ref}.
func TestAnswerCitations(t *testing.T) {
	e := newEngine(t)
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
	e := newEngine(t)
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
	e := newEngine(t)
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
	e := newEngine(t)
	for _, q := range []string{"", "   ", "how do I", "?!"} {
		ans, _ := e.Answer(q, 0.35)
		if !ans.NoAnswer {
			t.Errorf("%q answered: %+v", q, ans.References)
		}
	}
}

func TestFind(t *testing.T) {
	e := newEngine(t)
	for _, ref := range []string{"man1/chmod.1.gz", "chmod(1)", "chmod"} {
		d, err := e.e.Library.Find("man-pages", ref)
		if err != nil || d.Title != "chmod" {
			t.Errorf("Find(%q) = %v, %v", ref, d, err)
		}
	}
	if _, err := e.e.Library.Find("man-pages", "nosuchpage"); err == nil {
		t.Error("found a page that does not exist")
	}
}

// An answer from a stale index gives, for a question that names a
// program, that page's NAME line and SYNOPSIS as a fallback, and for one
// that names none, nothing but the guidance to reindex.
func TestStale(t *testing.T) {
	e := newEngine(t)
	ans, ret := e.Answer("what does chmod do", 0.35)
	e.e.Stale(ans, ret)
	if ans.Meta.Status != "FALLBACK" || ans.Meta.FreshnessState != "STALE" || !ans.NoAnswer ||
		len(ans.References) != 1 || ans.References[0].Label != "chmod(1)" || !strings.Contains(ans.Summary, "(man chmod)") ||
		len(ans.Steps) != 1 || !strings.HasPrefix(ans.Steps[0], "`chmod ") {
		t.Errorf("fallback = %+v", ans)
	}
	ans, ret = e.Answer("how do I bake bread", 0.35)
	e.e.Stale(ans, ret)
	if ans.Meta.Status != "ERROR" || ans.Meta.ErrorCode == nil || *ans.Meta.ErrorCode != proto.CodeIndexStale ||
		ans.Summary != "" || len(ans.References) != 0 || len(ans.Steps) != 0 {
		t.Errorf("stale answer to a question naming no page: %+v", ans)
	}
}

// The citer numbers references by first citation, one per {alias,
// document_ref}, and records each section once.
func TestCiter(t *testing.T) {
	var c answer.Citer
	ls := indexMeta("man-pages", "man1/ls.1.gz", "ls(1)")
	cp := indexMeta("man-pages", "man1/cp.1.gz", "cp(1)")
	other := indexMeta("extra", "man1/ls.1.gz", "ls(1)")
	got := []string{c.Cite(ls, "NAME"), c.Cite(cp, "NAME"), c.Cite(ls, "OPTIONS"), c.Cite(ls, "NAME"), c.Cite(other, "NAME")}
	if want := []string{"[1]", "[2]", "[1]", "[1]", "[3]"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("markers %v, want %v", got, want)
	}
	if refs := c.Refs(); len(refs) != 3 || refs[0].Label != "ls(1)" || refs[1].N != 2 || refs[2].Alias != "extra" {
		t.Errorf("references %+v", refs)
	}
	if cites := c.Cites(); len(cites) != 4 || cites[2].Section != "OPTIONS" {
		t.Errorf("citations %+v", cites)
	}
}

func indexMeta(alias, ref, label string) index.Meta {
	return index.Meta{Alias: alias, Ref: ref, Label: label, Type: "man"}
}

// fakeRetriever and fakeComposer stand in for other engines: the Engine
// joins any retriever and composer the same way.
type fakeRetriever struct{ ret answer.Retrieval }

func (f fakeRetriever) Retrieve(context.Context, string) (*answer.Retrieval, error) {
	r := f.ret
	return &r, nil
}

type fakeComposer struct{}

func (fakeComposer) Compose(_ context.Context, r *answer.Retrieval, _ *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	// cites the second page, then the first: numbering follows citation
	return answer.Draft{Summary: "Second " + cite.Cite(r.Hits[1].Meta, "NAME") + ". First " + cite.Cite(r.Hits[0].Meta, "NAME") + "."}, nil
}

func TestEngineJoinsParts(t *testing.T) {
	hits := []answer.Hit{{Meta: indexMeta("a", "one", "one(1)")}, {Meta: indexMeta("a", "two", "two(1)")}}
	e := &answer.Engine{Retriever: fakeRetriever{answer.Retrieval{Hits: hits, Confidence: 0.6}}, Composer: fakeComposer{}}
	ans, _, err := e.Answer(context.Background(), "q", 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if ans.NoAnswer || ans.Summary != "Second [1]. First [2]." || len(ans.References) != 2 || ans.References[0].Label != "two(1)" {
		t.Errorf("answer %+v", ans)
	}
	// a composer that writes no steps still gives the array DESIGN shows
	if b, _ := json.Marshal(ans); !strings.Contains(string(b), `"steps":[]`) {
		t.Errorf("steps not an empty array: %s", b)
	}
	ans, _, _ = e.Answer(context.Background(), "q", 0.7)
	if !ans.NoAnswer || ans.Summary != "" || len(ans.References) != 0 ||
		ans.Recommendations[len(ans.Recommendations)-1] != "Closest pages: one(1), two(1)." {
		t.Errorf("below the threshold: %+v", ans)
	}
}

// A question the scope model says the index cannot answer is refused,
// and says a confidence below the threshold, however sure the ranking is
// of its first page.
func TestScopeRefusalConfidence(t *testing.T) {
	hits := []answer.Hit{{Meta: indexMeta("a", "one", "one(1)")}, {Meta: indexMeta("a", "two", "two(1)")}}
	e := &answer.Engine{Retriever: fakeRetriever{answer.Retrieval{Hits: hits, Confidence: 0.6, Scope: 0.2}}, Composer: fakeComposer{}}
	ans, _, err := e.Answer(context.Background(), "q", 0.35)
	if err != nil {
		t.Fatal(err)
	}
	if !ans.NoAnswer || ans.Confidence >= ans.Threshold {
		t.Errorf("refused %v at confidence %v, threshold %v", ans.NoAnswer, ans.Confidence, ans.Threshold)
	}
}

func TestNegated(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "create", Alts: []analyse.Alt{{Stem: "creat", Weight: 1}}},
		{Word: "file", Alts: []analyse.Alt{{Stem: "file", Weight: 1}}},
	}}
	for _, tc := range []struct {
		text string
		want []int
	}{
		{"do not create any files", []int{0, 1}},
		{"don't create the file", []int{0, 1}},
		{"create a file unless it exists", nil},
		{"never follow links; create files as given", nil},
		// grep's -v "select non-matching lines"
		{"select non-created files", []int{0, 1}},
	} {
		var got []int
		q.Negated(tc.text, func(ci int) { got = append(got, ci) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("Negated(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	// a withholder in a page's text leaves out what follows it, as a
	// negator does; not where it pairs with its opposite, nor where the
	// question itself leaves a thing out
	merges := &answer.Question{Concepts: []analyse.Concept{
		{Word: "merge", Alts: []analyse.Alt{{Stem: "merg", Weight: 1}}},
		{Word: "commits", Alts: []analyse.Alt{{Stem: "commit", Weight: 1}}},
	}}
	for _, tc := range []struct {
		q    *answer.Question
		text string
		want []int
	}{
		{merges, "Show the whole commit history, but skip any merges", []int{0}},
		{merges, "excluding commits reachable from a merge", []int{1, 0}},
		{merges, "excludes or selects the merge commits", nil},
		{&answer.Question{Concepts: append(slices.Clone(merges.Concepts), analyse.Concept{Word: "skip", Alts: []analyse.Alt{{Stem: "skip", Weight: 1}}})},
			"Show the whole commit history, but skip any merges", nil},
	} {
		var got []int
		tc.q.Negated(tc.text, func(ci int) { got = append(got, ci) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("Negated(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	// a question's "non-blocking socket" names what it asks for
	answer.NegatedWords("make a socket non-blocking", func(w string) { t.Errorf("NegatedWords: %q negated in a question", w) })
	if !answer.Negates("do not sort; list entries in directory order") || answer.Negates("sort entries by name") {
		t.Error(`Negates: want "do not sort" negated and "sort entries by name" not`)
	}
	if answer.Negative([]string{"how", "do", "i", "create", "a", "file"}) {
		t.Error("a question about creating a file is negative")
	}
	if !answer.Negative([]string{"stop", "find", "from", "descending"}) {
		t.Error(`"stop find from descending" is not negative`)
	}
	// "no matter" negates nothing: the question asks to ignore case
	if answer.Negative([]string{"search", "no", "matter", "the", "case"}) {
		t.Error(`"search no matter the case" is negative`)
	}
	if !answer.Negative([]string{"no", "header"}) {
		t.Error(`"no header" is not negative`)
	}
	answer.NegatedWords("search notes.txt for meeting no matter if it is upper or lower case", func(w string) {
		t.Errorf("NegatedWords: %q negated after \"no matter\"", w)
	})
}

// NotWords are what a verb's negation reaches: what the thing asked
// for does not do; not what a "not" before a noun sets aside, nor what
// "without" or "no" name to do without.
func TestNotWords(t *testing.T) {
	for q, want := range map[string][]string{
		"print the lines that do not match the pattern":           {"match", "pattern"},
		"find the files that have not been read for a year":       {"read", "year"},
		"which files doesn't the backup touch":                    {"backup", "touch"},
		"keep only the addresses, not the whole line":             nil,
		"a file nobody, not even root, can delete":                nil,
		"copy the folder without following links":                 nil,
		"list the users with no password":                         nil,
		"processes that never finish are a problem for the shell": {"finish", "problem", "shell"},
		// a "not" before a verb in -ing negates the verb
		"show the lines not containing the word debug": {"containing", "word", "debug"},
	} {
		var got []string
		answer.NotWords(q, func(w string) { got = append(got, w) })
		if !slices.Equal(got, want) {
			t.Errorf("NotWords(%q) = %q, want %q", q, got, want)
		}
	}
}

// The inline name of a source is what a user types to read it: a
// call's page beside a program's of the same name needs its section.
func TestInline(t *testing.T) {
	for _, tc := range []struct {
		m    index.Meta
		want string
	}{
		{index.Meta{Type: "man", Title: "chmod", Section: "1"}, "(man chmod)"},
		{index.Meta{Type: "man", Title: "umount", Section: "8"}, "(man umount)"},
		{index.Meta{Type: "man", Title: "umount", Section: "2"}, "(man 2 umount)"},
		{index.Meta{Type: "man", Title: "fstab", Section: "5"}, "(man 5 fstab)"},
		{index.Meta{Type: "man", Title: "ls"}, "(man ls)"},
		{index.Meta{Type: "info", Label: "coreutils: ls invocation"}, "(info coreutils)"},
	} {
		if got := answer.Inline(tc.m); got != tc.want {
			t.Errorf("Inline(%+v) = %q, want %q", tc.m, got, tc.want)
		}
	}
}
