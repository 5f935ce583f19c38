package rank

import (
	"github.com/ragman-dev/ragman/backend/index"
)

// subjectMaxPages is the most of the manuals' pages a word may be on and
// still be a subject they do not document: the name of a tool no package
// here ships a page for, which a page or two may still mention in
// passing.
const subjectMaxPages = 3

// subjectArticles are the archives' articles about a subject of the
// question that the manuals do not document: a question word that no
// manual page is named by and at most subjectMaxPages of them use, in
// the article's title (first) or its headings (a tldr page's title
// only). An article about the
// question's subject answers it better than a manual page that matched
// one of its generic words ("configure", "interface"). Nil in an index
// without archives or manuals.
func (rk *ranker) subjectArticles(q *query) map[int]int {
	if rk.guests == nil {
		return nil
	}
	var out map[int]int
	for _, c := range q.a.Concepts {
		if len(c.Alts) == 0 {
			continue
		}
		t, ok := rk.r.Term(c.Alts[0].Stem)
		if !ok {
			continue
		}
		manuals, named := 0, false
		var about map[int]int
		for p := range rk.r.Postings(t) {
			if !rk.guests[p.Doc] {
				manuals++
				named = named || p.TF[index.FieldName] > 0
				continue
			}
			switch {
			case p.TF[index.FieldName] > 0:
				about = set(about, p.Doc, 2)
			case p.TF[index.FieldHeads] > 0 && rk.r.Meta(p.Doc).Type != "tldr":
				// a tldr page is about its command: its headings are
				// what the command's examples do ("replay a
				// typescript" is scriptreplay's, not a page about
				// typescripts)
				about = set(about, p.Doc, 1)
			}
		}
		if named || manuals > subjectMaxPages {
			continue
		}
		for d, v := range about {
			out = set(out, d, v)
		}
	}
	return out
}

// set raises m[k] to v, making m when it is nil.
func set(m map[int]int, k, v int) map[int]int {
	if m == nil {
		m = map[int]int{}
	}
	m[k] = max(m[k], v)
	return m
}

// subjectLeads puts the best-placed article about the question's subject
// first (one titled by it before one with a heading of it); the rest keep
// their order. When no article is about the subject, nothing moves.
func subjectLeads(cands []Candidate, about map[int]int) []Candidate {
	if len(about) == 0 {
		return cands
	}
	lead := -1
	for i, c := range cands {
		if v := about[c.ID]; v > 0 && (lead < 0 || v > about[cands[lead].ID]) {
			lead = i
		}
	}
	if lead <= 0 {
		return cands
	}
	out := make([]Candidate, 0, len(cands))
	out = append(out, cands[lead])
	out = append(out, cands[:lead]...)
	return append(out, cands[lead+1:]...)
}
