package wvsearch

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

// searcher answers every search with its hits and keeps the queries.
type searcher struct {
	hits    []wvindex.Hit
	queries []string
	filter  wvindex.Filter
}

func (s *searcher) Search(_ context.Context, q string, f wvindex.Filter, limit int) ([]wvindex.Hit, error) {
	s.queries, s.filter = append(s.queries, q), f
	return s.hits[:min(limit, len(s.hits))], nil
}

func hit(alias, ref string) wvindex.Hit {
	return wvindex.Hit{Chunk: wvindex.Chunk{Alias: alias, Ref: ref}}
}

// Candidates are the index's ids of the pages of the chunks found, once
// each, best first; a page the index does not hold is passed over.
func TestCandidates(t *testing.T) {
	r := testindex.Must(t, testindex.Fixture)
	lib := answer.NewLibrary(r)
	id := map[string]int{}
	for i := range r.NumDocs() {
		id[r.Meta(i).Ref] = i
	}
	s := &searcher{hits: []wvindex.Hit{
		hit("man-pages", "man1/cp.1.gz"), hit("man-pages", "man1/mv.1.gz"), hit("man-pages", "man1/cp.1.gz"),
		hit("other-machine", "man1/cp.1.gz"), hit("man-pages", "man1/nosuch.1.gz"), hit("man-pages", "man1/ls.1.gz"),
	}}
	src := New(s, lib)
	src.Filter = wvindex.Filter{Language: "en"}
	got, err := src.Candidates(context.Background(), analyse.Analyse("How do I copy files?", analyse.Thesaurus))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{id["man1/cp.1.gz"], id["man1/mv.1.gz"], id["man1/ls.1.gz"]}; !slices.Equal(got, want) {
		t.Errorf("Candidates = %v, want %v", got, want)
	}
	if len(s.queries) != 1 || s.filter.Language != "en" {
		t.Errorf("searched %q with %+v", s.queries, s.filter)
	}
}

// The query holds the question's words as typed and as stems, since the
// server stems nothing, and the thesaurus' close alternatives.
func TestQuery(t *testing.T) {
	q := strings.Fields(Query(analyse.Analyse("How do I find files larger than 100 MB?", analyse.Thesaurus)))
	for _, w := range []string{"how", "files", "file", "larger", "100", "bigger"} {
		if !slices.Contains(q, w) {
			t.Errorf("query %q lacks %q", q, w)
		}
	}
	if len(q) != len(slices.Compact(slices.Sorted(slices.Values(q)))) {
		t.Errorf("query %q repeats a word", q)
	}
}
