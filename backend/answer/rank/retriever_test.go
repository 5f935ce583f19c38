package rank

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

// retriever ranks the fixture index (testutil/testindex) with the shipped
// weights.
func retriever(t testing.TB) *Retriever {
	t.Helper()
	return newRetriever(t, testindex.Must(t, testindex.Fixture))
}

func newRetriever(t testing.TB, r *index.Reader) *Retriever {
	t.Helper()
	rt, err := New(answer.NewLibrary(r), analyse.Thesaurus, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// newTestRanker is a ranker of the index of rt with the shipped weights.
func newTestRanker(t testing.TB, rt *Retriever) *ranker {
	t.Helper()
	rk, err := newRanker(rt.lib, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	return rk
}

func TestRetrieveTopPages(t *testing.T) {
	rt := retriever(t)
	for _, tc := range []struct{ q, top string }{
		{"How do I change file permissions?", "chmod(1)"},
		{"How do I change the owner of a file?", "chown(1)"},
		{"How do I remove a directory and everything in it?", "rm(1)"},
		{"How do I delay for a few seconds?", "sleep(1)"},
		{"How do I see the last lines of a log file as it grows?", "tail(1)"},
		{"How do I mount a file system?", "mount(8)"},
		{"How much free space is left on the file system?", "df(1)"},
	} {
		ret, err := rt.Retrieve(context.Background(), tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if ret.Scope < 0.35 || len(ret.Hits) == 0 || ret.Hits[0].Meta.Label != tc.top {
			var got []string
			for _, h := range ret.Hits[:min(3, len(ret.Hits))] {
				got = append(got, fmt.Sprintf("%s %.2f", h.Meta.Label, h.Score))
			}
			t.Errorf("%q: scope=%.2f top %v, want %s answered", tc.q, ret.Scope, got, tc.top)
		}
	}
}

// Questions no manual answers get a confidence and a scope below the
// threshold.
func TestRetrieveOutOfScope(t *testing.T) {
	rt := retriever(t)
	for _, q := range []string{
		"What is the boiling point of water at sea level?",
		"Who painted the Mona Lisa?",
		"How do I grow tomatoes on a balcony?",
	} {
		ret, err := rt.Retrieve(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if ret.Confidence < 0 || ret.Confidence >= 0.35 || ret.Scope >= 0.35 {
			t.Errorf("%q: confidence %v, scope %v, want both in [0, 0.35)", q, ret.Confidence, ret.Scope)
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
// node's score, so a composer, which reads scores in order, still offers
// the candidates behind it as alternatives.
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

// An article whose title or headings name the question's subject, a word
// the manuals do not document, leads; where no article is about the
// subject, the manuals' pages keep their order.
func TestSubjectArticleLeads(t *testing.T) {
	wiki := newRetriever(t, testindex.Must(t, testindex.Wiki))
	base := retriever(t)
	// as if the indexes were big enough for the trees, where a manual
	// page that matches a generic word outranks the article
	wiki.rk.treeDocs, base.rk.treeDocs = 0, 0
	labels := func(rt *Retriever, q string) []string {
		ret, err := rt.Retrieve(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range ret.Hits {
			if h.Meta.Type != "zim" {
				out = append(out, h.Meta.Label)
			}
		}
		if len(ret.Hits) > 0 && ret.Hits[0].Meta.Type == "zim" {
			out = append([]string{"article " + ret.Hits[0].Meta.Title}, out...)
		}
		return out
	}
	for _, tc := range []struct{ q, lead string }{
		{"can reflector change file permissions", "article Reflector"},
		{"how do I install reflector", "article Reflector"},
		{"How do I change the permissions of all files in a directory recursively?", "chmod(1)"},
		{"how do I make the terminal show colors", ""},
	} {
		got := labels(wiki, tc.q)
		if len(got) == 0 || tc.lead != "" && got[0] != tc.lead {
			t.Errorf("%q: first %v, want %s", tc.q, got[:min(3, len(got))], tc.lead)
			continue
		}
		if strings.HasPrefix(got[0], "article ") {
			// the archive's words weigh in the question too (see
			// TestArticlesLeaveManualsScores): not comparable
			continue
		}
		want := labels(base, tc.q)
		n := min(len(got), len(want), 5)
		if !slices.Equal(got[:n], want[:n]) {
			t.Errorf("%q: the manuals' pages are %v with the archive, %v without", tc.q, got[:n], want[:n])
		}
	}
}

// A tldr page is about its command, not about what its examples' command
// lines say: find's tldr page, whose line finds '*.jpg', a word few
// manual pages use, is not an article about jpg pictures that leads the
// manuals' pages (scriptreplay's, whose line replays a typescript, led a
// question about recording one with script).
func TestSubjectNotFromExampleHeadings(t *testing.T) {
	rt := newRetriever(t, testindex.Must(t, testindex.Examples))
	a := analyse.Analyse("find every jpg picture under my home folder", analyse.Thesaurus)
	_, q := rt.rk.pool(a, nil, rt.rk.tasks)
	tldr := false
	for id := range rt.rk.guests {
		tldr = tldr || rt.rk.guests[id] && rt.rk.r.Meta(id).Type == "tldr"
	}
	if !tldr {
		t.Fatal("no tldr page in the index")
	}
	for id := range rt.rk.subjectArticles(q) {
		if m := rt.rk.r.Meta(id); m.Type == "tldr" {
			t.Errorf("%s is about the question's subject by its headings", m.Label)
		}
	}
}

// source is a Source that finds the pages it was given, or fails.
type source struct {
	ids []int
	err error
}

func (s source) Candidates(context.Context, analyse.Analysis) ([]int, error) { return s.ids, s.err }

// A retriever with a Source ranks what the source finds, with the pages
// the question names, and passes on the source's failure.
func TestRetrieveWithSource(t *testing.T) {
	rt := retriever(t)
	r := rt.lib.Reader()
	byLabel := map[string]int{}
	for id := range r.NumDocs() {
		byLabel[r.Meta(id).Label] = id
	}
	q := "How do I change file permissions?"
	// chmod(1) is what the postings find first; a source that does not
	// find it keeps it out
	found := []int{byLabel["chown(1)"], byLabel["chgrp(1)"], -1, r.NumDocs() + 5}
	ret, err := rt.WithSource(source{ids: found}).Retrieve(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range ret.Hits {
		got = append(got, h.Meta.Label)
	}
	slices.Sort(got)
	// and the info nodes that document them
	if want := []string{"chgrp(1)", "chown(1)", "coreutils: chgrp invocation", "coreutils: chown invocation"}; !slices.Equal(got, want) {
		t.Errorf("hits %v, want %v", got, want)
	}
	// a page the question names joins what the source finds
	ret, err = rt.WithSource(source{ids: found}).Retrieve(context.Background(), "what does chmod -R do")
	if err != nil {
		t.Fatal(err)
	}
	if len(ret.Hits) == 0 || !slices.ContainsFunc(ret.Hits, func(h answer.Hit) bool { return h.Meta.Label == "chmod(1)" }) {
		t.Errorf("the named chmod(1) is not among %d hits", len(ret.Hits))
	}
	if _, err := rt.WithSource(source{err: fmt.Errorf("refused")}).Retrieve(context.Background(), q); err == nil || err.Error() != "refused" {
		t.Errorf("a failing source: err = %v", err)
	}
}

// byVerb reads the pages in the order they lead: a node of a manual with
// no program of its own that scored first yields to the changing page
// after it (manPageLeads), which must yield in turn to a looking one.
func TestOrderVerbOnLeads(t *testing.T) {
	rk := &ranker{priors: make([]docPrior, 4)}
	rk.priors[2].manual, rk.priors[3].manual = true, true
	cands := []Candidate{
		{ID: 1, Meta: index.Meta{Type: "info", Package: "findutils", Group: -1, Title: "Size Directives"}},
		{ID: 2, Meta: index.Meta{Type: "man", Package: "coreutils", Group: -1, Title: "ln", Section: "1", Summary: "make links between files"}},
		{ID: 3, Meta: index.Meta{Type: "man", Package: "coreutils", Group: -1, Title: "stat", Section: "1", Summary: "display file or file system status"}},
	}
	q := &query{a: analyse.Analyse("print how many hard links point to a file", analyse.Thesaurus)}
	var got []int
	for _, c := range rk.order(cands, q) {
		got = append(got, c.ID)
	}
	if want := []int{3, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("order = %v, want %v", got, want)
	}
}

// An example places its tldr page only where it is what the question asks
// for: not where the question asks what a thing is (an example is a task,
// the manual page explains), and, for a command with no manual page here,
// only where the example says all of the question, its verb included
// (pnpm's fixture page, whose first example downloads "the packages
// listed as dependencies", is no answer to listing them).
func TestExamplesLeadOnlyForTheirTask(t *testing.T) {
	rt := newRetriever(t, testindex.Must(t, testindex.Examples))
	for _, tc := range []struct {
		q    string
		lead bool // whether the tldr page leads
		page string
	}{
		{"mount a partition on a folder", true, "mount"},
		{"What does mounting a partition on a folder mean?", false, "mount"},
		{"download the packages listed as dependencies", true, "pnpm"},
		{"list the dependencies of a package", false, "pnpm"},
	} {
		ret, err := rt.Retrieve(context.Background(), tc.q)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range ret.Hits[:min(3, len(ret.Hits))] {
			got = append(got, h.Meta.Label)
		}
		leads := len(ret.Hits) > 0 && ret.Hits[0].Meta.Type == "tldr" && ret.Hits[0].Meta.Title == tc.page
		if leads != tc.lead {
			t.Errorf("%q: %s (tldr) leads: %v, want %v (first pages %v)", tc.q, tc.page, leads, tc.lead, got)
		}
	}
}
