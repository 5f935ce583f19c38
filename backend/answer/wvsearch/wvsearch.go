// Package wvsearch finds a question's candidate pages in a Weaviate
// server (retrieval.engine: weaviate): it is the rank.Source that stands
// in for the index's postings, and rank measures, orders and is sure of
// what it finds as it is of its own.
package wvsearch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// Searcher is what Source asks; *wvindex.Store is one.
type Searcher interface {
	Search(ctx context.Context, query string, f wvindex.Filter, limit int) ([]wvindex.Hit, error)
	Hybrid(ctx context.Context, query string, vector []float32, alpha float64, f wvindex.Filter, limit int) ([]wvindex.Hit, error)
}

// Source finds candidates with a Searcher. Safe for concurrent use.
type Source struct {
	s      Searcher
	ids    map[string]int // alias NUL document_ref -> the index's id
	Filter wvindex.Filter
	// Limit is how many chunks a question asks for. 300 chunks, about
	// 250 pages, put the right page among rank's candidates about as
	// often as the postings do: on held-out questions 100 lost 2 points
	// of hit@1 to 300, and 800 gained nothing and cost twice the time.
	Limit int
	// Embed, when set, gives the question its vector, with the model the
	// chunks' vectors were made with, and the search is hybrid with
	// Alpha the share of vectors. A question it cannot embed is searched
	// by BM25 alone.
	Embed func(ctx context.Context, texts []string) ([][]float32, error)
	Alpha float64
	// Embedded reports a question's embedding's failure, for the log.
	Embedded func(err error)
}

// New returns a source over s whose pages are those of lib's index.
func New(s Searcher, lib *answer.Library) *Source {
	r := lib.Reader()
	ids := make(map[string]int, r.NumDocs())
	for id := range r.NumDocs() {
		m := r.Meta(id)
		ids[m.Alias+"\x00"+m.Ref] = id
	}
	return &Source{s: s, ids: ids, Limit: 300}
}

// Candidates are the pages of the chunks that best match the question,
// best first. A chunk of a page the local index does not hold (a build
// from other sources, on another machine) is passed over: rank measures
// what it can read.
func (src *Source) Candidates(ctx context.Context, a analyse.Analysis) ([]int, error) {
	q := Query(a)
	if q == "" {
		return nil, nil
	}
	var hits []wvindex.Hit
	var err error
	ctx, cancel := context.WithTimeout(ctx, searchWithin)
	defer cancel()
	if v := src.vector(ctx, a.Question); v != nil {
		hits, err = src.s.Hybrid(ctx, q, v, src.Alpha, src.Filter, src.Limit)
	} else {
		hits, err = src.s.Search(ctx, q, src.Filter, src.Limit)
	}
	if err != nil {
		return nil, err
	}
	var out []int
	seen := map[int]bool{}
	for _, h := range hits {
		if id, ok := src.ids[h.Alias+"\x00"+h.Ref]; ok && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// searchWithin bounds a question's search, its embedding included: a
// server that takes longer (busy removing a collection, loading a shard)
// is passed over for the embedded index, which answers at once.
const searchWithin = 5 * time.Second

// embedWithin bounds a question's embedding: Ollama on this machine
// answers in milliseconds, and BM25 alone is better than a wait.
const embedWithin = 5 * time.Second

// vector is the question's embedding, nil without one.
func (src *Source) vector(ctx context.Context, question string) []float32 {
	if src.Embed == nil {
		return nil
	}
	ectx, cancel := context.WithTimeout(ctx, embedWithin)
	defer cancel()
	vs, err := src.Embed(ectx, []string{question})
	if err == nil && len(vs) != 1 {
		err = fmt.Errorf("%d vectors for one question", len(vs))
	}
	if err != nil {
		if src.Embedded != nil {
			src.Embedded(err)
		}
		return nil
	}
	return vs[0]
}

// Query is the words a question is searched by. The server neither stems
// nor knows ragman's thesaurus, so the words come as typed and as stems
// ("files" and "file"), with the thesaurus' alternatives that stand for
// the question's words well enough to be searched in their place. Every
// word of the question is sent, stop words too: the server weighs them
// by its own statistics, and leaving them out lost 8 points of hit@1 on
// the shared questions.
func Query(a analyse.Analysis) string {
	var words []string
	seen := map[string]bool{}
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	for _, w := range a.Words {
		add(w)
	}
	for _, c := range a.Concepts {
		add(c.Word)
		for _, alt := range c.Alts {
			if alt.Weight >= altWeight {
				add(alt.Stem)
			}
		}
	}
	return strings.Join(words, " ")
}

// altWeight is the least weight of an alternative that is searched.
const altWeight = 0.5
