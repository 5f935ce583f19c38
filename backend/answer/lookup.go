package answer

import (
	"fmt"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Find returns the stored document of a source by its document_ref, its
// label ("chmod(1)") or its name ("chmod"; commands first).
func (e *Engine) Find(alias, ref string) (*document.Document, error) {
	best, bestRank := -1, 99
	for id := range e.r.NumDocs() {
		m := e.r.Meta(id)
		if m.Alias != alias {
			continue
		}
		rank := 99
		switch {
		case m.Ref == ref:
			rank = 0
		case strings.EqualFold(m.Label, ref):
			rank = 1
		case strings.EqualFold(m.Title, ref):
			rank = 2
			if m.Section != "1" && m.Section != "8" {
				rank = 3
			}
		}
		if rank < bestRank {
			best, bestRank = id, rank
		}
	}
	if best < 0 {
		return nil, &proto.Error{Code: proto.CodeNotFound, Message: fmt.Sprintf("%s has no document %q", alias, ref),
			Hint: "give the document_ref of an answer's reference, a label such as chmod(1), or a page name"}
	}
	return e.r.Load(best)
}

// Fallback answers from the page the question names, deterministically:
// its NAME line and SYNOPSIS, for when the index cannot be trusted to rank
// (it is stale). Nil when the question names no page.
func (e *Engine) Fallback(tr Trace) *proto.Answer {
	var id = -1
	for _, w := range append(append([]string{}, tr.Analysis.Pairs...), tr.Analysis.Words...) {
		for _, d := range e.rk.names[w] {
			if p := e.rk.priors[d]; p.manual {
				id = d
				break
			}
		}
		if id >= 0 {
			break
		}
	}
	if id < 0 {
		return nil
	}
	s := &source{cand: Candidate{ID: id, Meta: e.r.Meta(id)}}
	doc, err := e.r.Load(id)
	if err != nil {
		return nil
	}
	s.doc = doc
	var c citer
	m := s.cand.Meta
	ans := &proto.Answer{Steps: []string{}}
	ans.Summary = fmt.Sprintf("%s: %s %s %s.", m.Title, strings.TrimSuffix(m.Summary, "."), inline(m), c.cite(s, "NAME"))
	if syn := synopsis(doc); syn != "" {
		ans.Steps = append(ans.Steps, "`"+syn+"` "+c.cite(s, "SYNOPSIS"))
	}
	ans.References, ans.Citations = c.refs, c.cites
	return ans
}
