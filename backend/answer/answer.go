package answer

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Engine answers questions from one index version. Safe for concurrent
// use.
type Engine struct {
	r      *index.Reader
	rk     *ranker
	expand Expander
}

// New prepares an engine over r. expand may be nil.
func New(r *index.Reader, expand Expander, w Weights) *Engine {
	return &Engine{r: r, rk: newRanker(r, w), expand: expand}
}

// Reader is the index the engine answers from.
func (e *Engine) Reader() *index.Reader { return e.r }

// Candidates ranks every candidate of the pool for question with the
// engine's weights, best first, for tools that fit the weights.
func (e *Engine) Candidates(question string) (Analysis, []Candidate) {
	a := Analyse(question, e.expand)
	cands, _ := e.rk.rank(a, 1<<30)
	return a, cands
}

// Trace is what the engine did, for logs and for tuning.
type Trace struct {
	Analysis   Analysis
	Candidates []Candidate
}

// Answer answers question. The answer's meta, correlation id and threshold
// are the caller's to fill in; NoAnswer is set when confidence is below
// threshold.
func (e *Engine) Answer(question string, threshold float64) (*proto.Answer, Trace) {
	a := Analyse(question, e.expand)
	cands, q := e.rk.rank(a, 1<<30)
	cands = manPageLeads(programsFirst(cands))
	cands = cands[:min(12, len(cands))]
	tr := Trace{Analysis: a, Candidates: cands}
	ans := &proto.Answer{Question: question, Threshold: threshold, Steps: []string{}, References: []proto.Reference{},
		Citations: []proto.Citation{}, Recommendations: []string{}, Warnings: []string{}}
	if len(cands) == 0 {
		noAnswer(ans, nil)
		return ans, tr
	}
	ans.Confidence = confidence(cands, q)
	if ans.Confidence < threshold {
		noAnswer(ans, cands)
		return ans, tr
	}
	if err := e.compose(ans, cands, q); err != nil {
		noAnswer(ans, cands)
		ans.Warnings = append(ans.Warnings, "could not read the best page: "+err.Error())
	}
	return ans, tr
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
	lead := -1
	for i := 1; i < min(3, len(cands)); i++ {
		if m := cands[i].Meta; m.Type == "man" {
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

// Inputs of the confidence model.
const (
	CCoverage = iota // share of the question in the top page's NAME line and best block
	CNameLine        // share in its NAME line
	CDense           // its FDense
	CScore           // its score
	CMargin          // its lead over the second
	CAbsent          // share of the question's weight in words no page has
	CNamed           // the question names it
	CTopical         // how topical the question's words are, on average
	CBias
	NumConf
)

// ConfNames name the inputs of the confidence model for tools.
var ConfNames = [NumConf]string{"Coverage", "NameLine", "Dense", "Score", "Margin", "Absent", "Named", "Topical", "Bias"}

// confInputs are what the confidence model sees of an answer.
func confInputs(cands []Candidate, q *query) [NumConf]float64 {
	var x [NumConf]float64
	x[CBias] = 1
	if len(cands) == 0 || q.mass == 0 {
		x[CAbsent] = 1
		return x
	}
	// whether the index holds an answer at all is what the weighted sum
	// measures, on its own best match; the trees only order the pool
	ti, si := 0, -1
	for i := 1; i < len(cands); i++ {
		switch {
		case cands[i].Linear > cands[ti].Linear:
			ti, si = i, ti
		case si < 0 || cands[i].Linear > cands[si].Linear:
			si = i
		}
	}
	if si >= 0 {
		x[CMargin] = cands[ti].Linear - cands[si].Linear
	}
	x[CScore] = cands[ti].Linear
	top := cands[ti]
	x[CCoverage] = top.Coverage
	x[CNameLine] = top.F[FNameLine]
	x[CDense] = top.F[FDense]
	x[CNamed] = max(top.F[FNamed], top.F[FNamedCommon], top.F[FNamedVerb])
	raw, topical := 0.0, 0.0
	for ci := range q.a.Concepts {
		if len(q.alts[ci]) == 0 {
			x[CAbsent] += q.idf[ci]
		}
		raw += q.raw[ci]
		topical += q.idf[ci]
	}
	x[CAbsent] /= q.mass
	if raw > 0 {
		x[CTopical] = topical / raw
	}
	return x
}

// confidence is the probability, by a logistic model fitted on answerable
// and out-of-scope questions (internal/rankeval -tune), that the top page
// answers the question.
func confidence(cands []Candidate, q *query) float64 {
	x := confInputs(cands, q)
	z := 0.0
	for i, v := range x {
		z += fittedConf[i] * v
	}
	return math.Round(1000/(1+math.Exp(-z))) / 1000
}

// ConfidenceInputs returns the inputs of the confidence model for a
// question, for tools that fit it.
func (e *Engine) ConfidenceInputs(question string) [NumConf]float64 {
	a := Analyse(question, e.expand)
	cands, q := e.rk.rank(a, 1<<30)
	cands = programsFirst(cands)
	return confInputs(cands, q)
}

func noAnswer(ans *proto.Answer, near []Candidate) {
	ans.NoAnswer = true
	msg := proto.LowConfidence
	ans.Message = &msg
	ans.Recommendations = append(ans.Recommendations,
		"Rephrase the question with the words a manual would use: the command, the file or the action.",
		"See which sources are indexed with `ragadmin sources list`; add documentation with `ragadmin sources add PATH` and run `ragadmin reindex`.")
	if len(near) > 0 {
		var labels []string
		for _, c := range near[:min(3, len(near))] {
			labels = append(labels, c.Meta.Label)
		}
		ans.Recommendations = append(ans.Recommendations, "Closest pages: "+strings.Join(labels, ", ")+".")
	}
}

// compose writes Summary and Steps from the best sources, extractively.
func (e *Engine) compose(ans *proto.Answer, cands []Candidate, q *query) error {
	primary := &source{cand: cands[0]}
	var err error
	if primary.doc, err = e.r.Load(primary.cand.ID); err != nil {
		return err
	}
	var c citer
	m := primary.cand.Meta

	var summary []string
	lead := m.Title
	if m.Summary != "" {
		lead += ": " + strings.TrimSuffix(m.Summary, ".")
	}
	summary = append(summary, fmt.Sprintf("%s %s %s.", lead, inline(m), c.cite(primary, "NAME")))

	ps := e.passages(primary.cand.ID, primary.doc, q, primary.cand.NameCov)
	// The sentence of running text that holds most of the question.
	for _, p := range ps {
		if p.block.Kind == document.Para && !p.aside {
			summary = append(summary, strings.TrimSuffix(sentence(bestSentence(p.block.Text, q)), ".")+" "+c.cite(primary, p.title)+".")
			break
		}
	}

	var steps []string
	for _, p := range ps {
		if len(steps) == 3 {
			break
		}
		if e.stepWorthy(primary, p) && !p.aside && !strings.EqualFold(p.title, "SYNOPSIS") {
			steps = append(steps, e.step(primary, p, q)+" "+c.cite(primary, p.title))
		}
	}
	if syn := synopsis(primary.doc); syn != "" && len(steps) < 3 {
		steps = append([]string{"`" + syn + "` " + c.cite(primary, "SYNOPSIS")}, steps...)
	}

	// Other pages that also answer, when they rank close behind: another
	// command for the job, the section 2 call behind a command. At most
	// two, each with its NAME line and its best step.
	alts := 0
	// nice(1) and nice(2) are two pages; nodes of two manuals with one
	// title ("Environment Variables", "Invoking") are one topic told twice
	// as far as a reader is concerned
	seen := map[string]bool{altKey(m): true}
	// "close behind" is relative to how far apart the top ten are: scores
	// have no scale of their own
	spread := cands[0].Score - cands[min(9, len(cands)-1)].Score
	for _, other := range cands[1:] {
		if alts == 2 || other.Score < cands[0].Score-e.rk.w.AltMargin*spread {
			break
		}
		om := other.Meta
		key := altKey(om)
		if seen[key] || om.Group == cands[0].ID {
			continue // the same page elsewhere, or the manual's node about it
		}
		seen[key] = true
		s := &source{cand: other}
		if s.doc, err = e.r.Load(other.ID); err != nil {
			break
		}
		alts++
		summary = append(summary, fmt.Sprintf("See also %s: %s %s %s.", om.Title, strings.TrimSuffix(om.Summary, "."), inline(om), c.cite(s, "NAME")))
		for _, p := range e.passages(other.ID, s.doc, q, other.NameCov) {
			if e.stepWorthy(s, p) && !p.aside && p.score >= 0.5 {
				steps = append(steps, e.step(s, p, q)+" "+c.cite(s, p.title))
				break
			}
		}
	}

	ans.Summary = strings.Join(summary, " ")
	ans.Steps = steps
	ans.References = c.refs
	ans.Citations = c.cites
	return nil
}

func altKey(m index.Meta) string { return m.Title + "\x00" + m.Type + "\x00" + m.Section }

// aside says whether a section is about the page rather than its subject:
// pointers, credits, bugs, and where the program came from. A HISTORY that
// runs longer than provenance ever does here (tput's, at 2 kB, is the
// longest) is the subject itself: the shell's command history.
func aside(s *document.Section) bool {
	switch strings.ToUpper(s.Title) {
	case "SEE ALSO", "AUTHOR", "AUTHORS", "COPYRIGHT", "REPORTING BUGS", "BUGS":
		return true
	case "HISTORY":
		n := 0
		for _, b := range s.Blocks {
			n += len(b.Text)
		}
		return n < provenanceMax
	}
	return false
}

// provenanceMax is the most text a HISTORY section about a program's
// origins has on this machine's pages, rounded up.
const provenanceMax = 2500

// synopsis is the first synopsis line of a command page.
func synopsis(d *document.Document) string {
	s := d.Find("SYNOPSIS")
	if s == nil {
		return ""
	}
	for _, b := range s.Blocks {
		for _, l := range strings.Split(b.Text, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				return clip(l, 160)
			}
		}
	}
	return ""
}

// FittedConf returns the confidence model, for tools that refit it.
func FittedConf() [NumConf]float64 { return fittedConf }

// SetFittedConf replaces the confidence model, for tools that refit it.
func SetFittedConf(w [NumConf]float64) { fittedConf = w }

// Fitted says what the shipped weights were fitted on.
func Fitted() (ranking, confidence string) { return fittedRanking, fittedConfidence }
