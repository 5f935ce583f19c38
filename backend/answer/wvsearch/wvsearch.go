// Package wvsearch finds a question's candidate pages in a Weaviate
// server (retrieval.engine: weaviate): it is the rank.Source that stands
// in for the index's postings, and rank measures, orders and is sure of
// what it finds as it is of its own.
package wvsearch

import (
	"context"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// Searcher is what Source asks; *wvindex.Store is one.
type Searcher interface {
	Search(ctx context.Context, query string, f wvindex.Filter, limit int) ([]wvindex.Hit, error)
}

// Source finds candidates with a Searcher. Safe for concurrent use.
type Source struct {
	s      Searcher
	ids    map[string]int // alias NUL document_ref -> the index's id
	Filter wvindex.Filter
	// Limit is how many chunks a question asks for: about one per page,
	// and twice the pool the postings give rank, since BM25 alone orders
	// them less well than rank's first stage.
	Limit int
}

// New returns a source over s whose pages are those of lib's index.
func New(s Searcher, lib *answer.Library) *Source {
	r := lib.Reader()
	ids := make(map[string]int, r.NumDocs())
	for id := range r.NumDocs() {
		m := r.Meta(id)
		ids[m.Alias+"\x00"+m.Ref] = id
	}
	return &Source{s: s, ids: ids, Limit: 200}
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
	hits, err := src.s.Search(ctx, q, src.Filter, src.Limit)
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
