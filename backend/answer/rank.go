package answer

import (
	"container/heap"
	"math"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/priors"
	"github.com/ragman-dev/ragman/backend/terms"
)

// Weights are the knobs of the ranking. They are set once for every
// question; tests hold them fixed.
type Weights struct {
	K1       float64
	Field    [index.NumFields]float64
	B        [index.NumFields]float64
	Lexical  float64 // BM25F, normalised to 0..1 by the question's idf mass
	Coverage float64 // share of the question found together in one place of the page
	Name     float64 // the question names the page ("gzip", "git stash")
	Command  float64 // documents a command on PATH
	Missing  float64 // a section 1/8 page whose command is not on PATH
	Priority float64 // per Debian priority level above optional
	Inlinks  float64 // per log of referring packages
	Section  map[Scene]map[string]float64
	Info     float64 // info nodes, next to man pages
	Pool     int     // candidates re-ranked with passages
}

// DefaultWeights are the weights ragman ships with.
var DefaultWeights = Weights{
	K1:       1.2,
	Field:    [index.NumFields]float64{index.FieldName: 5, index.FieldSummary: 4, index.FieldHeads: 1.5, index.FieldSynopsis: 1, index.FieldBody: 1},
	B:        [index.NumFields]float64{index.FieldName: 0.2, index.FieldSummary: 0.4, index.FieldHeads: 0.6, index.FieldSynopsis: 0.5, index.FieldBody: 0.75},
	Lexical:  1,
	Coverage: 0.6,
	Name:     0.35,
	Command:  0.1,
	Missing:  -0.25,
	Priority: 0.03,
	Inlinks:  0.03,
	Info:     -0.05,
	Pool:     150,
	Section: map[Scene]map[string]float64{
		SceneHowTo:        {"1": 0.1, "8": 0.08, "6": -0.2, "2": -0.15, "3": -0.2, "4": -0.1, "5": -0.05, "7": -0.05},
		SceneConcept:      {"1": 0.05, "8": 0.03, "7": 0.12, "5": 0.05, "2": -0.05, "3": -0.1, "6": -0.2},
		SceneFormat:       {"5": 0.25, "1": 0, "8": 0, "7": 0.05, "2": -0.1, "3": -0.15},
		SceneProgramming:  {"2": 0.15, "3": 0.15, "7": 0.05, "1": -0.05},
		SceneTroubleshoot: {"1": 0.08, "8": 0.08, "7": 0.03, "5": 0.03, "2": -0.1, "3": -0.15, "6": -0.2},
	},
}

// docPrior is what ranking needs of every document, kept in a compact
// array so the first stage never decodes metadata.
type docPrior struct {
	section  string
	typ      string
	command  bool
	manual   bool // a section 1/6/8 man page
	priority int
	inlinks  int
	group    int
}

// Candidate is a ranked document and why it ranks where it does.
type Candidate struct {
	ID       int
	Meta     index.Meta
	Lexical  float64
	Coverage float64
	Name     float64
	Prior    float64
	Score    float64
	Covered  []float64 // per concept: best weight found in name, summary or the best block
	Block    int       // the block that covers most of the question, -1 if none
}

// ranker holds a reader and what is precomputed from it.
type ranker struct {
	r       *index.Reader
	w       Weights
	priors  []docPrior
	names   map[string][]int // lowercase page name -> docs
	docLens [][index.NumFields]int
}

func newRanker(r *index.Reader, w Weights) *ranker {
	rk := &ranker{r: r, w: w, priors: make([]docPrior, r.NumDocs()), names: map[string][]int{},
		docLens: make([][index.NumFields]int, r.NumDocs())}
	for id := range rk.priors {
		m := r.Meta(id)
		rk.docLens[id] = m.Lens
		rk.priors[id] = docPrior{section: m.Section, typ: m.Type, command: m.Command, priority: m.Priority,
			inlinks: m.Inlinks, group: m.Group,
			manual: m.Type == "man" && (m.Section == "1" || m.Section == "8" || m.Section == "6")}
		seen := map[string]bool{}
		for _, n := range append([]string{m.Title}, m.Names...) {
			n = strings.ToLower(n)
			if m.Type == "man" && !seen[n] {
				seen[n] = true
				rk.names[n] = append(rk.names[n], id)
			}
		}
	}
	return rk
}

func (rk *ranker) prior(id int, scene Scene) float64 {
	p := &rk.priors[id]
	w := &rk.w
	s := 0.0
	if p.typ == "man" {
		sec := p.section
		if len(sec) > 1 {
			sec = sec[:1]
		}
		s += w.Section[scene][sec]
	} else if p.typ == "info" {
		s += w.Info
	}
	if p.manual {
		if p.command {
			s += w.Command
		} else {
			s += w.Missing
		}
	}
	if p.priority > priors.PriorityOptional {
		s += w.Priority * float64(p.priority-priors.PriorityOptional)
	}
	s += w.Inlinks * math.Log1p(float64(p.inlinks))
	return s
}

// query is an analysis resolved against the index.
type query struct {
	a      Analysis
	idf    []float64     // per concept: idf of its own word (or its best alt if absent)
	alts   [][]resolved  // per concept
	mass   float64       // sum of idf
	byTerm map[int]int32 // term id -> concept<<8 | alt
}

type resolved struct {
	term   int
	idf    float64
	weight float64
}

func (rk *ranker) resolve(a Analysis) *query {
	n := float64(rk.r.NumDocs())
	q := &query{a: a, byTerm: map[int]int32{}}
	for ci, c := range a.Concepts {
		var alts []resolved
		best := 0.0
		for ai, alt := range c.Alts {
			id, ok := rk.r.Term(alt.Stem)
			if !ok {
				continue
			}
			df := float64(rk.r.DF(id))
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			alts = append(alts, resolved{term: id, idf: idf, weight: alt.Weight})
			if _, dup := q.byTerm[id]; !dup {
				q.byTerm[id] = int32(ci)<<8 | int32(min(ai, 255))
			}
			if ai == 0 || best == 0 {
				best = max(best, idf*alt.Weight)
			}
		}
		if best == 0 {
			// A word no page has still counts against coverage: a question
			// about tomatoes is not answered by a page about files. Give it
			// the idf of a term seen once.
			best = math.Log(1 + (n-0.5)/1.5)
		}
		q.idf = append(q.idf, best)
		q.alts = append(q.alts, alts)
		q.mass += best
	}
	return q
}

// rank returns the best candidates, best first.
func (rk *ranker) rank(a Analysis, limit int) ([]Candidate, *query) {
	q := rk.resolve(a)
	if len(a.Concepts) == 0 || q.mass == 0 {
		return nil, q
	}
	r := rk.r
	nd := r.NumDocs()
	total := make([]float64, nd)
	concept := make([]float64, nd)
	var avg [index.NumFields]float64
	for f := range index.NumFields {
		avg[f] = r.AvgLen(f)
	}
	docLens := rk.docLens
	// per document, per concept: weight of the best alternative seen in
	// the name or the summary. Kept sparse: most documents match little.
	nameSum := map[int][]float64{}
	var touched []int
	for ci := range a.Concepts {
		touched = touched[:0]
		for _, alt := range q.alts[ci] {
			r.Postings(alt.term, func(p index.Posting) {
				l := &docLens[p.Doc]
				tf := 0.0
				for f := range index.NumFields {
					if p.TF[f] == 0 {
						continue
					}
					norm := 1 - rk.w.B[f] + rk.w.B[f]*float64(l[f])/avg[f]
					tf += rk.w.Field[f] * float64(p.TF[f]) / norm
				}
				s := alt.weight * alt.idf * tf / (rk.w.K1 + tf)
				if concept[p.Doc] == 0 {
					touched = append(touched, p.Doc)
				}
				if s > concept[p.Doc] {
					concept[p.Doc] = s
				}
				if p.TF[index.FieldName] > 0 || p.TF[index.FieldSummary] > 0 {
					ns := nameSum[p.Doc]
					if ns == nil {
						ns = make([]float64, len(a.Concepts))
						nameSum[p.Doc] = ns
					}
					if alt.weight > ns[ci] {
						ns[ci] = alt.weight
					}
				}
			})
		}
		for _, d := range touched {
			total[d] += concept[d]
			concept[d] = 0
		}
	}

	// First stage: lexical score, names and priors.
	h := &candHeap{}
	for id := range nd {
		if total[id] == 0 {
			continue
		}
		lex := total[id] / q.mass
		s := rk.w.Lexical*lex + rk.prior(id, a.Scene) + rk.w.Name*rk.nameMatch(id, a)
		if h.Len() < rk.w.Pool {
			heap.Push(h, scored{id, s})
		} else if s > (*h)[0].score {
			(*h)[0] = scored{id, s}
			heap.Fix(h, 0)
		}
	}
	pool := make([]Candidate, 0, h.Len())
	for _, sc := range *h {
		id := sc.id
		c := Candidate{ID: id, Lexical: total[id] / q.mass, Prior: rk.prior(id, a.Scene), Name: rk.nameMatch(id, a)}
		c.Coverage, c.Covered, c.Block = rk.cover(id, q, nameSum[id])
		c.Score = rk.w.Lexical*c.Lexical + rk.w.Coverage*c.Coverage + rk.w.Name*c.Name + c.Prior
		pool = append(pool, c)
	}
	sort.Slice(pool, func(i, j int) bool {
		if pool[i].Score != pool[j].Score {
			return pool[i].Score > pool[j].Score
		}
		return pool[i].ID < pool[j].ID
	})
	if len(pool) > limit {
		pool = pool[:limit]
	}
	for i := range pool {
		pool[i].Meta = r.Meta(pool[i].ID)
	}
	return pool, q
}

// nameMatch is 1 when the question names the page: one of its words, or
// two adjacent words joined by a dash ("git stash" -> git-stash), is the
// page's name.
func (rk *ranker) nameMatch(id int, a Analysis) float64 {
	best := 0.0
	for _, w := range a.Pairs {
		if contains(rk.names[w], id) {
			return 1
		}
	}
	for _, w := range a.Words {
		if terms.Stop(w) {
			continue
		}
		if contains(rk.names[w], id) {
			best = 1
		}
	}
	return best
}

func contains(ids []int, id int) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// cover finds the block of document id that holds the most of the
// question, counting what the name and summary already hold.
func (rk *ranker) cover(id int, q *query, nameSum []float64) (float64, []float64, int) {
	nc := len(q.a.Concepts)
	base := make([]float64, nc)
	copy(base, nameSum)
	best := append([]float64(nil), base...)
	bestScore := weigh(base, q)
	bestBlock := -1
	cur := make([]float64, nc)
	for bi, b := range rk.r.Blocks(id) {
		copy(cur, base)
		b.Terms(func(t int) {
			if v, ok := q.byTerm[t]; ok {
				ci, ai := int(v>>8), int(v&0xff)
				w := q.a.Concepts[ci].Alts[min(ai, len(q.a.Concepts[ci].Alts)-1)].Weight
				if w > cur[ci] {
					cur[ci] = w
				}
			}
		})
		if s := weigh(cur, q); s > bestScore {
			bestScore, bestBlock = s, bi
			copy(best, cur)
		}
	}
	return bestScore, best, bestBlock
}

func weigh(cov []float64, q *query) float64 {
	s := 0.0
	for ci, w := range cov {
		s += w * q.idf[ci]
	}
	return s / q.mass
}

type scored struct {
	id    int
	score float64
}

type candHeap []scored

func (h candHeap) Len() int           { return len(h) }
func (h candHeap) Less(i, j int) bool { return h[i].score < h[j].score }
func (h candHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *candHeap) Push(x any)        { *h = append(*h, x.(scored)) }
func (h *candHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
