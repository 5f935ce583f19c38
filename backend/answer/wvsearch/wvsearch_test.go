package wvsearch

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

// searcher answers every search with its hits and keeps the queries.
type searcher struct {
	hits     []wvindex.Hit
	queries  []string
	filter   wvindex.Filter
	vector   []float32
	alpha    float64
	deadline time.Time
}

func (s *searcher) Hybrid(ctx context.Context, q string, v []float32, alpha float64, f wvindex.Filter, limit int) ([]wvindex.Hit, error) {
	s.vector, s.alpha = v, alpha
	return s.Search(ctx, q, f, limit)
}

func (s *searcher) Search(ctx context.Context, q string, f wvindex.Filter, limit int) ([]wvindex.Hit, error) {
	s.queries, s.filter = append(s.queries, q), f
	s.deadline, _ = ctx.Deadline()
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
	// a server that hangs is given up on while the embedded index can
	// still answer quickly
	if left := time.Until(s.deadline); left <= 0 || left > searchWithin {
		t.Errorf("search deadline %v away, want within %v", left, searchWithin)
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

// With an embedder the search is hybrid, with the question's vector and
// the configured alpha; a question the embedder fails on is searched by
// words alone, and the failure is told.
func TestHybrid(t *testing.T) {
	lib := answer.NewLibrary(testindex.Must(t, testindex.Fixture))
	s := &searcher{hits: []wvindex.Hit{hit("man-pages", "man1/cp.1.gz")}}
	src := New(s, lib)
	var embedded []string
	src.Embed = func(_ context.Context, texts []string) ([][]float32, error) {
		embedded = append(embedded, texts...)
		return [][]float32{{0.5, 0.25}}, nil
	}
	src.Alpha = 0.7
	a := analyse.Analyse("How do I copy files?", analyse.Thesaurus)
	if _, err := src.Candidates(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(embedded, []string{"How do I copy files?"}) || !slices.Equal(s.vector, []float32{0.5, 0.25}) || s.alpha != 0.7 {
		t.Errorf("embedded %q, searched with %v alpha %v", embedded, s.vector, s.alpha)
	}
	s.vector = nil
	var told error
	src.Embed = func(context.Context, []string) ([][]float32, error) { return nil, errors.New("refused") }
	src.Embedded = func(err error) { told = err }
	got, err := src.Candidates(context.Background(), a)
	if err != nil || len(got) != 1 || s.vector != nil || told == nil {
		t.Errorf("embedder failing: %v, %v, vector %v, told %v", got, err, s.vector, told)
	}
}
