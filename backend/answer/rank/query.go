package rank

import (
	"math"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
)

// query is an analysis resolved against the index.
type query struct {
	a      analyse.Analysis
	idf    []float64          // per concept: idf of its own word (or its best alt if absent), weighted
	raw    []float64          // per concept: the same before the scene and topicality weights
	alts   [][]resolved       // per concept
	mass   float64            // sum of idf
	byTerm map[int]conceptAlt // term id -> the alternative it is (the first concept's)
	sorted []qterm            // the same, by term id, for merging with blocks' sorted terms
	// sortedIDs are sorted's term ids, unique: a term is one concept's
	sortedIDs []int
	// named: page -> how surely the question names it (0..1) and the
	// concept that names it (-1 for a joined pair)
	named map[int]naming
	// commands: lowercase names the question gives a command by (not as
	// its verb), and how surely
	commands map[string]float64
	// task: what the task model the question was read with says of the
	// section 1/6/8 pages of the commands it puts first for the
	// question's words (see taskPages)
	task map[int]taskFact
	// leads: per task lead (taskLeads), the commands it reads the
	// question as a task of, which the pool and the order both ask for;
	// read once (see leadTitles)
	leads [][]string
}

// leadTitles are, per task lead, the commands it reads q as a task of
// (taskLead.pages), read on first use. The pool (gather) and the order
// ask for them in turn, on the goroutine that ranks the question, never
// at once.
func (q *query) leadTitles() [][]string {
	if q.leads == nil {
		q.leads = make([][]string, len(taskLeads))
		for i, t := range taskLeads {
			q.leads[i] = t.pages(q)
		}
	}
	return q.leads
}

type conceptAlt struct{ ci, alt int }

// question is q for a composer: its concepts and weights, and the blocks
// of a page that hold them.
func (q *query) question(r *index.Reader) *answer.Question {
	return &answer.Question{Concepts: q.a.Concepts, Weights: q.idf, Mass: q.mass,
		Blocks: func(doc int, cov []float64, fn func(section, block int)) {
			for i := range r.NumBlocks(doc) {
				b := r.Block(doc, i)
				clear(cov)
				q.cover(b, cov)
				fn(b.Section, b.Index)
			}
		}}
}

// cover raises cov[ci] to the weight of every question term of concept
// ci that block b holds.
func (q *query) cover(b index.Block, cov []float64) {
	b.Match(q.sortedIDs, func(k int) {
		if qt := q.sorted[k]; qt.weight > cov[qt.ci] {
			cov[qt.ci] = qt.weight
		}
	})
}

type qterm struct {
	id     int
	ci     int
	weight float64
}

type naming struct {
	sure    float64 // 1 for a name-like word, 0 for a common word
	verb    bool    // the word is the question's verb
	concept int
}

type resolved struct {
	term   int
	idf    float64
	weight float64
}

func (rk *ranker) resolve(a analyse.Analysis) *query {
	q := &query{a: a, byTerm: map[int]conceptAlt{}, named: map[int]naming{}, commands: map[string]float64{}}
	rk.compounds(&a)
	rk.derivations(&a)
	q.a = a
	for ci, c := range a.Concepts {
		var alts []resolved
		best := 0.0
		// idf of the question's own word, when the index has it and is
		// big enough for the trees (the weighted sum, which ranks smaller
		// ones, was fitted without this cap)
		own := math.Inf(1)
		for ai, alt := range c.Alts {
			id, ok := rk.r.Term(alt.Stem)
			if !ok {
				continue
			}
			idf := rk.r.IDF(id)
			if ai == 0 && rk.treeSized() {
				own = idf
			}
			// A page that says "dir" where the question says "directory"
			// is not more about directories for the rarer word: an
			// alternative counts at most as much as the word it stands for.
			alts = append(alts, resolved{term: id, idf: min(idf, own) * c.Weight, weight: alt.Weight})
			if _, dup := q.byTerm[id]; !dup {
				q.byTerm[id] = conceptAlt{ci, ai}
			}
			if ai == 0 || best == 0 {
				best = max(best, idf*alt.Weight)
			}
		}
		switch {
		case best == 0 && identifier(c.Word):
			// A name no page has, letters and digits ("lan0", "web02"),
			// is the task's argument, which no page could hold: "rename
			// the interface eth1 to lan0" asks no less of ip-link(8)
			// for it. It counts for nothing.
		case best == 0:
			// A word no page has still counts against coverage: a question
			// about tomatoes is not answered by a page about files. Give it
			// the idf of a term seen once.
			best = rk.r.MaxIDF()
		}
		q.raw = append(q.raw, best)
		best *= c.Weight * rk.topical(c)
		q.idf = append(q.idf, best)
		q.alts = append(q.alts, alts)
		q.mass += best
	}
	for t, v := range q.byTerm {
		q.sorted = append(q.sorted, qterm{id: t, ci: v.ci, weight: q.a.Concepts[v.ci].Alts[v.alt].Weight})
	}
	slices.SortFunc(q.sorted, func(a, b qterm) int { return a.id - b.id })
	for _, t := range q.sorted {
		q.sortedIDs = append(q.sortedIDs, t.id)
	}
	rk.resolveNames(q)
	return q
}

// derivedWeight is the weight of a word derived from the question's by a
// suffix: near the word's own, as "owner" to "own".
const derivedWeight = 0.8

// derivations adds to each concept the words the manuals derive from it
// or it from them, which the Porter stemmer keeps apart: "owns" and
// "owner", "create" and "creation", "compress" and "compressor". A form
// counts only if the index has it.
func (rk *ranker) derivations(a *analyse.Analysis) {
	for i := range a.Concepts {
		c := &a.Concepts[i]
		w := c.Word
		if len(w) < 3 || len(c.Alts) == 0 {
			continue
		}
		var forms []string
		base := strings.TrimSuffix(w, "s")
		stem := base
		for _, suf := range []string{"ership", "ation", "ment", "ion", "ship", "er", "or"} {
			if b, ok := strings.CutSuffix(base, suf); ok && len(b) >= 3 {
				stem = b
				forms = append(forms, b, b+"e")
				break
			}
		}
		for _, suf := range []string{"er", "ers", "ership", "ion", "ation", "ment", "or"} {
			forms = append(forms, stem+suf)
			if strings.HasSuffix(stem, "e") {
				forms = append(forms, stem[:len(stem)-1]+suf)
			}
		}
		for _, f := range forms {
			st := terms.Stem(f)
			if _, ok := rk.r.Term(st); !ok || slices.ContainsFunc(c.Alts, func(x analyse.Alt) bool { return x.Stem == st }) {
				continue
			}
			c.Alts = append(slices.Clip(c.Alts), analyse.Alt{Stem: st, Weight: derivedWeight})
		}
	}
}

// identifier says whether a word is a name made of letters and digits
// both, as hosts, interfaces and disks are named: lan0, web02, sdb2.
func identifier(w string) bool {
	letters, digits := false, false
	for _, r := range w {
		switch {
		case r >= 'a' && r <= 'z':
			letters = true
		case r >= '0' && r <= '9':
			digits = true
		case r != '-' && r != '_':
			return false
		}
	}
	return letters && digits
}

// compounds adds to a concept the word it makes with its neighbour when
// the manuals write the two as one: "log out" is "logout", "time zone"
// "timezone", "file system" "filesystem".
func (rk *ranker) compounds(a *analyse.Analysis) {
	concept := map[string]int{}
	for i, c := range a.Concepts {
		concept[c.Word] = i
	}
	for i := 0; i+1 < len(a.Seq); i++ {
		x, y := a.Seq[i], a.Seq[i+1]
		joined := x + y
		if len(x) < 2 || len(y) < 2 || terms.Stop(x) || len(joined) > terms.MaxLen {
			continue
		}
		st := terms.Stem(joined)
		id, ok := rk.r.Term(st)
		// a compound the manuals use, not an identifier that happens to
		// join the two words: it must not be much rarer than its parts
		if !ok || rk.r.IDF(id) > rk.partIDF(x, y)+2.5 {
			continue
		}
		for _, w := range a.Seq[i : i+2] {
			ci, ok := concept[w]
			if !ok {
				continue
			}
			c := &a.Concepts[ci]
			if !slices.ContainsFunc(c.Alts, func(x analyse.Alt) bool { return x.Stem == st }) {
				// a copy: Alts may share its array with the analysis' caller
				c.Alts = append(slices.Clip(c.Alts), analyse.Alt{Stem: st, Weight: 0.9})
			}
		}
	}
}

// topical is how much a question word says what the question is about:
// 1 for words the manuals use to name what a page does ("copy",
// "partition"), down to Topicality.Floor for words of running text that
// almost never do ("whole", "another", "still"). It is learned from the
// index: the share of the pages with the word that have it in their NAME
// line, smoothed towards a neutral prior for rare words.
func (rk *ranker) topical(c analyse.Concept) float64 {
	t := rk.w.Topicality
	if t.Floor >= 1 || len(c.Alts) == 0 {
		return 1
	}
	id, ok := rk.r.Term(c.Alts[0].Stem)
	if !ok {
		return 1 // a word no page has: let it count against coverage
	}
	const prior, strength = 0.02, 20
	naming := (rk.r.Naming(id)*rk.r.WDF(id) + prior*strength) / (rk.r.WDF(id) + strength)
	m := (math.Log(naming) - math.Log(t.Low)) / (math.Log(t.High) - math.Log(t.Low))
	return math.Min(1, math.Max(t.Floor, m))
}

// partIDF is the larger idf of two words, the idf of a word seen once for a
// word no page has.
func (rk *ranker) partIDF(x, y string) float64 {
	m := 0.0
	for _, w := range []string{x, y} {
		idf := rk.r.MaxIDF()
		if id, ok := rk.r.Term(terms.Stem(w)); ok {
			idf = rk.r.IDF(id)
		}
		m = max(m, idf)
	}
	return m
}

// resolveNames finds the pages the question names: two adjacent words
// joined by a dash ("git stash" -> git-stash) surely do; a single word
// does as surely as the corpus uses it as a name rather than as an
// ordinary word, which its idf tells ("tmux" yes, "find" less, "file"
// hardly).
func (rk *ranker) resolveNames(q *query) {
	for _, w := range q.a.Pairs {
		for _, id := range rk.lib.Pages(w) {
			q.named[id] = naming{sure: 1, concept: -1}
		}
	}
	for _, w := range q.a.Words {
		ids := rk.lib.Pages(w)
		if len(ids) == 0 || terms.Stop(w) || q.a.Extensions[w] {
			continue
		}
		sure := 1.0
		ci := -1
		st := terms.Stem(w)
		for i, c := range q.a.Concepts {
			if c.Alts[0].Stem == st {
				ci = i
			}
		}
		// the question's verb, or a word that only sets the scene ("in a
		// bash script"), names a page by accident
		verb := w == q.a.Verb || ci >= 0 && q.a.Concepts[ci].Weight < 1
		if id, ok := rk.r.Term(st); ok {
			// 1 at idf >= 5 (df about 1 in 150 pages), 0 at idf <= 2 (1
			// in 8), linear between
			sure = math.Min(1, math.Max(0, (rk.r.IDF(id)-2)/3))
		}
		for _, id := range ids {
			old, ok := q.named[id]
			if !ok || old.verb && !verb || old.verb == verb && old.sure < sure {
				q.named[id] = naming{sure: sure, verb: verb, concept: ci}
			}
		}
		if !verb {
			q.commands[w] = max(q.commands[w], sure)
		}
	}
}

// subcommand is how surely the page of title documents a subcommand of a
// command the question names: "git-stash" or "git_stash" for "git".
func subcommand(title string, q *query) float64 {
	best := 0.0
	for w, sure := range q.commands {
		if len(title) > len(w)+1 && strings.HasPrefix(title, w) && (title[len(w)] == '-' || title[len(w)] == '_') {
			best = max(best, sure)
		}
	}
	return best
}

// rest is the share of the question other than the naming word (concept
// named) that a page's NAME line and best block hold (covered).
func rest(covered []float64, q *query, named int) float64 {
	s, m := 0.0, 0.0
	for ci, w := range covered {
		if ci == named {
			continue
		}
		s += w * q.idf[ci]
		m += q.idf[ci]
	}
	if m == 0 {
		return 1
	}
	return s / m
}

// weigh is the share of the question cov holds.
func weigh(cov []float64, q *query) float64 {
	return answer.Share(cov, q.idf, q.mass)
}
