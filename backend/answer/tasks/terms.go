package tasks

import "github.com/ragman-dev/ragman/backend/answer/analyse"

// Terms are a question's concepts as the models read them: each its own
// stem, and its alternatives of at least weight near (0.7: the
// thesaurus's near synonyms, "folder" is a directory, not its looser
// senses, a pamphlet); above 1, its own stem alone. A concept skip says
// yes to is left out.
func Terms(a analyse.Analysis, near float64, skip func(c analyse.Concept) bool) []Term {
	var out []Term
	for _, c := range a.Concepts {
		if len(c.Alts) == 0 || c.Alts[0].Stem == "" || skip != nil && skip(c) {
			continue
		}
		t := Term{Stems: []string{c.Alts[0].Stem}, Weights: []float64{1}}
		for _, alt := range c.Alts[1:] {
			if alt.Weight >= near {
				t.Stems = append(t.Stems, alt.Stem)
				t.Weights = append(t.Weights, alt.Weight)
			}
		}
		out = append(out, t)
	}
	return out
}
