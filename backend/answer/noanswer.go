package answer

import (
	"fmt"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/proto"
)

// The answers that are not answers: below the threshold (noAnswer), and
// from an index the sources moved away from (Stale).

func noAnswer(ans *proto.Answer, near []Hit) {
	ans.NoAnswer = true
	msg := proto.LowConfidence
	ans.Message = &msg
	ans.Recommendations = append(ans.Recommendations,
		"Rephrase the question with the words a manual would use: the command, the file or the action.",
		"See which sources are indexed with `ragadmin sources list`; add documentation with `ragadmin sources add PATH` and run `ragadmin reindex`.")
	if len(near) > 0 {
		var labels []string
		for _, h := range near[:min(3, len(near))] {
			labels = append(labels, h.Meta.Label)
		}
		ans.Recommendations = append(ans.Recommendations, "Closest pages: "+strings.Join(labels, ", ")+".")
	}
}

// StaleMessage is the FR-007 guidance.
const StaleMessage = "The index is out of date: the sources changed since it was built. Run `ragadmin reindex` to rebuild it."

// Stale replaces an answer from an index the catalog moved away from: no
// answer, the guidance to reindex and, when the question names a program
// the old index has a page of, that page's NAME line and SYNOPSIS as a
// deterministic fallback: the ranking of a stale index is not to be
// trusted, a page the user named is.
func (e *Engine) Stale(ans *proto.Answer, ret *Retrieval) {
	code, msg := proto.CodeIndexStale, StaleMessage
	ans.Meta.FreshnessState = "STALE"
	ans.Meta.Status = "ERROR"
	ans.Meta.Source = "NONE"
	ans.Meta.ErrorCode = &code
	ans.Meta.Message = &msg
	ans.NoAnswer = true
	ans.Message = &msg
	ans.Recommendations = []string{"Run `ragadmin reindex`, then ask again."}
	ans.Summary, ans.Steps, ans.References, ans.Citations = "", []string{}, []proto.Reference{}, []proto.Citation{}
	id := e.Library.Named(ret.Analysis)
	if id < 0 {
		return
	}
	doc, err := e.Library.Load(id)
	if err != nil {
		return
	}
	var c Citer
	m := e.Library.Meta(id)
	ans.Meta.Status = "FALLBACK"
	ans.Meta.Source = "LOCAL_FALLBACK"
	ans.Summary = fmt.Sprintf("%s: %s %s %s.", m.Title, strings.TrimSuffix(m.Summary, "."), Inline(m), c.Cite(m, "NAME"))
	if syn := document.Synopsis(doc); syn != "" {
		ans.Steps = append(ans.Steps, "`"+syn+"` "+c.Cite(m, "SYNOPSIS"))
	}
	ans.References, ans.Citations = c.Refs(), c.Cites()
}
