package rank

import "math"

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

// confidence is the probability, by the logistic model w (fitted by
// tools/rankeval -tune -conf on answerable and out-of-scope questions),
// that the top page answers the question whose inputs are x.
func confidence(w, x *[NumConf]float64) float64 {
	z := 0.0
	for i, v := range x {
		z += w[i] * v
	}
	return math.Round(1000/(1+math.Exp(-z))) / 1000
}
