// Package rank is the embedded retriever: it resolves an analysed question
// against the index, gathers a pool of candidate pages (from the
// postings, the NAME lines, the word vectors and the names the question
// gives), computes every feature of each (features.go), orders them with
// the fitted trees (trees.go) and says how sure it is with a calibrated
// confidence model (confidence.go). What tools/rankeval tunes lives here
// and only here: Weights, the trees and the confidence model.
package rank

import (
	"cmp"
	"context"
	"slices"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
)

// Retriever ranks the pages of an index for a question. Safe for
// concurrent use.
type Retriever struct {
	lib    *answer.Library
	rk     *ranker
	expand analyse.Expander
	src    Source
	// tasks, when set, is the task model this retriever reads questions
	// with instead of the one its Weights gave (WithTasks)
	tasks *tasks.Model
}

// WithTasks returns a retriever that reads questions with the task model m
// instead of the shipped one: tools that fit the trees on task data's own
// descriptions give them a model fitted without those descriptions.
func (rt *Retriever) WithTasks(m *tasks.Model) *Retriever {
	c := *rt
	c.tasks = m
	return &c
}

// Tasks is the task model the retriever reads questions with, nil for none.
func (rt *Retriever) Tasks() *tasks.Model {
	if rt.tasks != nil {
		return rt.tasks
	}
	return rt.rk.tasks
}

// Source finds the candidates of a question in a search engine of its
// own (Weaviate) instead of the index's postings: the pages, by id in
// the index, that rank then measures, orders and is sure of as it does
// its own.
type Source interface {
	Candidates(ctx context.Context, a analyse.Analysis) ([]int, error)
}

// WithSource returns a retriever whose candidates src finds; the pages
// the question names and the man pages and info nodes that document each
// other still join them, as they join the postings' candidates.
func (rt *Retriever) WithSource(src Source) *Retriever {
	c := *rt
	c.src = src
	return &c
}

// New prepares a retriever over lib's index; expand may be nil. It fails
// when w's trees do not fit the features.
func New(lib *answer.Library, expand analyse.Expander, w Weights) (*Retriever, error) {
	rk, err := newRanker(lib, w)
	if err != nil {
		return nil, err
	}
	return &Retriever{lib: lib, rk: rk, expand: expand}, nil
}

// hitsShown is how many pages a retrieval returns: the references an
// answer may cite and the pages a no-answer recommends come from them.
const hitsShown = 12

// Detail is the embedded retriever's account of a retrieval: the pages it
// returned with their features and scores, and what the confidence model
// saw.
type Detail struct {
	Candidates []Candidate
	Confidence [NumConf]float64 // the inputs of the confidence model
}

// Retrieve ranks the pages for question.
func (rt *Retriever) Retrieve(ctx context.Context, question string) (*answer.Retrieval, error) {
	a := analyse.Analyse(question, rt.expand)
	var from *[]int
	if rt.src != nil {
		ids, err := rt.src.Candidates(ctx, a)
		if err != nil {
			return nil, err
		}
		from = &ids
	}
	cands, q := rt.rk.rank(a, 1<<30, from, rt.Tasks())
	cands = rt.rk.order(cands, q)
	d := &Detail{}
	if len(cands) > 0 {
		d.Confidence = confInputs(manualsOf(cands), q)
	}
	cands = cands[:min(hitsShown, len(cands))]
	d.Candidates = cands
	ret := &answer.Retrieval{Analysis: a, Question: q.question(rt.rk.r), Detail: d}
	for _, c := range cands {
		ret.Hits = append(ret.Hits, answer.Hit{Doc: c.ID, Meta: c.Meta, Score: c.Score, NameCov: c.NameCov, Block: c.Block, Entries: q.task[c.ID].entries})
	}
	if len(cands) > 0 {
		ret.Confidence = confidence(&rt.rk.w.Conf, &d.Confidence)
		// unrounded: a threshold of 1 withholds every answer
		ret.Scope = Logistic(&rt.rk.w.Scope, &d.Confidence)
	}
	return ret, nil
}

// Candidates ranks every candidate of the pool for question, best first,
// for tools that fit the weights.
func (rt *Retriever) Candidates(question string) (analyse.Analysis, []Candidate) {
	p := rt.Pool(question)
	return p.Analysis, p.Cands
}

// Pool is every candidate for a question, for tools that fit a model on
// folds: they score Cands with a model of their own and Order them with
// it, as Retrieve orders them with the shipped one.
type Pool struct {
	Analysis analyse.Analysis
	Cands    []Candidate // as the shipped model ranks them
	q        *query
	rk       *ranker
}

// Pool gathers and ranks every candidate for question.
func (rt *Retriever) Pool(question string) *Pool {
	a := analyse.Analyse(question, rt.expand)
	cands, q := rt.rk.rank(a, 1<<30, nil, rt.Tasks())
	return &Pool{Analysis: a, Cands: cands, q: q, rk: rt.rk}
}

// Order ranks the pool by scores, one per candidate of Cands as a model
// gives them for Vectors(Cands, scene), and returns the pages in the
// order an answer cites them and the inputs of the confidence model.
func (p *Pool) Order(scores []float64) ([]Candidate, [NumConf]float64) {
	cands := slices.Clone(p.Cands)
	for i := range cands {
		cands[i].Score, cands[i].Tree = scores[i], scores[i]
	}
	slices.SortStableFunc(cands, func(x, y Candidate) int {
		if c := cmp.Compare(y.Score, x.Score); c != 0 {
			return c
		}
		return x.ID - y.ID
	})
	cands = p.rk.order(cands, p.q)
	return cands, confInputs(manualsOf(cands), p.q)
}

// manualsOf are the candidates confidence is read from: all of them when
// a tldr page leads (its example says the question, which answers it),
// and else all but the tldr pages, which the confidence and scope models
// were fitted without: pages that fit a question by chance (java(1) for
// an out-of-scope one) made it look answerable.
func manualsOf(cands []Candidate) []Candidate {
	if len(cands) == 0 || cands[0].Meta.Type == "tldr" {
		return cands
	}
	out := make([]Candidate, 0, len(cands))
	for _, c := range cands {
		if c.Meta.Type != "tldr" {
			out = append(out, c)
		}
	}
	return out
}

// order puts the ranked candidates in the order an answer cites them.
func (rk *ranker) order(cands []Candidate, q *query) []Candidate {
	cands = manPageLeads(programsFirst(cands))
	// byVerb reads the pages as they lead, not as they scored: a node of
	// a manual with no program of its own that scored first yields to
	// the page after it ("find: Size Directives" to truncate(1)). A node
	// it puts first ("du invocation") goes after its page again.
	if rk.byVerb(cands, q) {
		cands = programsFirst(cands)
	}
	cands = subjectLeads(cands, rk.subjectArticles(q))
	for i, t := range taskLeads {
		cands = t.lead(cands, q, q.leadTitles()[i])
	}
	cands = gitLeads(cands, q)
	return safeLead(rk.installedLeads(cands), q, rk.notInstalled)
}

// installedLeads puts the first other page ahead of a leading tldr page
// of a command that is not installed here: whatever placed it there (its
// example says the question, its title is the question's subject), the
// first line of an answer must be one the user can type. It stays among
// the references, the alternative to install.
func (rk *ranker) installedLeads(cands []Candidate) []Candidate {
	if len(cands) < 2 || !rk.notInstalled(&cands[0]) {
		return cands
	}
	c := cands[0]
	copy(cands, cands[1:2])
	cands[1] = c
	return cands
}

// notInstalled says whether c is a tldr page of a command not installed
// here, which may follow the manuals but never lead.
func (rk *ranker) notInstalled(c *Candidate) bool {
	return c.Meta.Type == "tldr" && !rk.priors[c.ID].command
}

// programsFirst puts a command's man page before the info node that
// documents the same command: the man page is the reference users know, the
// node supports it.
func programsFirst(cands []Candidate) []Candidate {
	at := map[int]int{}
	for i, c := range cands {
		at[c.ID] = i
	}
	out := make([]Candidate, 0, len(cands))
	placed := map[int]bool{}
	for _, c := range cands {
		if placed[c.ID] {
			continue
		}
		if g := c.Meta.Group; c.Meta.Type == "info" && g >= 0 && !placed[g] {
			if i, ok := at[g]; ok {
				// It ranks where its node ranked, so that what reads
				// the scores in order (compose's alternatives) sees it
				// there.
				m := cands[i]
				m.Score = max(m.Score, c.Score)
				out = append(out, m)
				placed[g] = true
			}
		}
		out = append(out, c)
		placed[c.ID] = true
	}
	return out
}

// manPageLeads lets a man page lead when the best candidate is a node of a
// manual that documents no program of its own ("diffutils: Side by Side")
// and a man page is among the next two: one of the same package (diff(1))
// if there is one, else the first. As with programsFirst, the man page is
// the reference users know, and its options make the steps; the node stays
// among the references. A page of another package leads too: such a node's
// title is often one any manual could have, and its manual is about a
// program the question need not be about ("bc: Environment Variables" for
// "How do I list all environment variables?", env(1) next).
func manPageLeads(cands []Candidate) []Candidate {
	if len(cands) < 2 {
		return cands
	}
	top := cands[0].Meta
	if top.Type != "info" || top.Group >= 0 {
		return cands
	}
	// the next two of the manuals' pages: an article between them (an
	// archive's, which ranks among them) leaves their order as it is
	// without the archive
	lead := -1
	for i, seen := 1, 0; i < len(cands) && seen < 2; i++ {
		m := cands[i].Meta
		if m.Type == "zim" {
			continue
		}
		seen++
		if m.Type == "man" {
			if top.Package != "" && m.Package == top.Package {
				lead = i
				break
			}
			if lead < 0 {
				lead = i
			}
		}
	}
	if lead < 0 {
		return cands
	}
	out := slices.Clone(cands)
	copy(out[1:lead+1], cands[:lead])
	out[0] = cands[lead]
	return out
}
