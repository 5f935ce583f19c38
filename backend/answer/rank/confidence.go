package rank

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Inputs of the confidence model, which says how likely the first page is
// to answer the question. The trees' own scores say how sure they are of
// their order; the weighted sum and the coverage say how well the page
// matches the question at all, which an order alone cannot.
const (
	CTree         = iota // the first page's score by the trees
	CTreeMargin          // its lead over the best other page, by the trees
	CTreeThird           // its lead over the third best page, by the trees
	CShare               // its softmax share of the pool by the trees' scores
	CProgram             // 1 when it is a program's man page (sections 1, 6, 8)
	CConcepts            // log(1 + the question's concepts)
	CAgree               // 1 when the weighted sum puts the same page first
	CCoverage            // share of the question in the first page's NAME line and best block
	CNameLine            // share in its NAME line
	CDense               // its FDense
	CScore               // the weighted sum's best score
	CMargin              // that page's lead over the second, by the weighted sum
	CAbsent              // share of the question's weight in words no page has
	CNamed               // the question names the first page
	CTopical             // how topical the question's words are, on average
	CLexBest             // 1 when the first page is also the pool's best by BM25F
	CSenseBest           // 1 when it is also the best by word vectors
	CPopular             // its FMentions: how many pages use the command's name
	CSpread              // CTreeMargin over the trees' spread of the top ten: a lead on the pool's scale
	CSceneConcept        // the question's scene, one-hot (how-to is the base)
	CSceneFormat
	CSceneProgramming
	CSceneTroubleshoot
	CAsks // 1 when it is phrased as a question ("how do I ...?"), not as a terse task ("list open ports")
	CBias
	NumConf
)

// ConfNames name the inputs of the confidence model for tools.
var ConfNames = [NumConf]string{"Tree", "TreeMargin", "TreeThird", "Share", "Program", "Concepts", "Agree", "Coverage", "NameLine", "Dense", "Score", "Margin", "Absent", "Named", "Topical",
	"LexBest", "SenseBest", "Popular", "Spread", "SceneConcept", "SceneFormat", "SceneProgramming", "SceneTroubleshoot", "Asks", "Bias"}

// treeMarginAlone is CTreeMargin of a pool of one page.
const treeMarginAlone = 5

// confInputs are what the confidence model sees of an answer whose pages
// are cands, in the order they are given.
func confInputs(cands []Candidate, q *query) [NumConf]float64 {
	var x [NumConf]float64
	x[CBias] = 1
	if len(cands) == 0 || q.mass == 0 {
		x[CAbsent] = 1
		return x
	}
	top := cands[0]
	x[CTree] = top.Tree
	x[CTreeMargin] = treeMarginAlone
	// programsFirst may put a man page before the node it outranked, so
	// the best other page is not always the second
	others := make([]float64, 0, len(cands)-1)
	x[CLexBest], x[CSenseBest] = 1, 1
	for _, c := range cands[1:] {
		others = append(others, c.Tree)
		if c.F[FLex] > top.F[FLex] {
			x[CLexBest] = 0
		}
		if c.F[FSense] > top.F[FSense] {
			x[CSenseBest] = 0
		}
	}
	slices.SortFunc(others, func(a, b float64) int { return cmp.Compare(b, a) })
	// a page a lead put above the trees' best (programsFirst, the task
	// leads) counts as that page's equal, not less: the trees' margin
	// says how sure they are of the order, and a lead that overrules
	// them is no sign the first page is wrong ("print my user name",
	// whoami(1) before id(1))
	tree := top.Tree
	if len(others) > 0 {
		tree = max(tree, others[0])
		x[CTreeMargin] = tree - others[0]
	}
	x[CTreeThird] = treeMarginAlone
	if len(others) > 1 {
		x[CTreeThird] = tree - others[1]
	}
	// a page the trees put above it (see programsFirst) counts as its
	// equal, not more: the share stays that of a close race
	sum := 1.0 // the top's own exp(0)
	for _, s := range others {
		sum += math.Exp(min(0, s-top.Tree))
	}
	x[CShare] = 1 / sum
	if answer.ProgramPage(top.Meta) {
		x[CProgram] = 1
	}
	x[CConcepts] = math.Log1p(float64(len(q.a.Concepts)))
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
	if cands[ti].ID == top.ID {
		x[CAgree] = 1
	}
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
	x[CPopular] = top.F[FMentions]
	x[CSpread] = 1
	if len(others) > 0 {
		if spread := tree - others[min(8, len(others)-1)]; spread > 0 {
			x[CSpread] = min(1, x[CTreeMargin]/spread)
		}
	}
	if asks(q.a.Question) {
		x[CAsks] = 1
	}
	if sc := q.a.Scene; sc != analyse.SceneHowTo {
		x[CSceneConcept+int(sc)-int(analyse.SceneConcept)] = 1
	}
	return x
}

// interrogative matches the first word of a question phrased as one.
var interrogative = lazyre.New(`(?i)^(how|what|which|why|where|when|who|whom|whose|can|could|is|are|does|do|did|should|would|will|am|was|were|has|have|shall|may|might|must|i|i'm|my)\b`)

// asks says whether a question is phrased as one: it ends with a
// question mark or starts as questions do. The trees rank a terse task
// ("Create a zip archive from a directory") less surely than a question
// that says what it wants in full, and their scores alone do not show
// it.
func asks(question string) bool {
	q := strings.TrimSpace(question)
	return strings.HasSuffix(q, "?") || interrogative().MatchString(q)
}

// confidence is the probability, by the logistic model w, that the first
// page answers the question whose inputs are x. tools/rankeval fits w on
// the trees' scores of questions held out of their fit, right or wrong
// first pages and out-of-scope questions alike, so that it is calibrated
// for questions the trees have not seen.
func confidence(w, x *[NumConf]float64) float64 {
	return math.Round(1000*Logistic(w, x)) / 1000
}

// Logistic is the probability the logistic model w gives inputs x,
// unrounded: tools/rankeval fits w with it.
func Logistic(w, x *[NumConf]float64) float64 {
	z := 0.0
	for i, v := range x {
		z += w[i] * v
	}
	return 1 / (1 + math.Exp(-z))
}
