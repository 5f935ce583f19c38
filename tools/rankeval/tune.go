package main

import (
	"flag"
	"fmt"
	"go/format"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/rank"
)

var (
	fitIters   = flag.Int("fit", 0, "with -tune, first fit by gradient descent for this many iterations")
	l2         = flag.Float64("l2", 0.001, "L2 penalty of -fit")
	hingeIters = flag.Int("hinge", 0, "with -tune, fit by a top-1 hinge loss for this many iterations")
	margin     = flag.Float64("margin", 0.1, "margin of -hinge")
	ascent     = flag.Bool("ascent", true, "with -tune, refine by coordinate ascent on hit@1")
	out        = flag.String("out", "", "with -tune, write the fitted weights as Go source to this file")
	restarts   = flag.Int("restarts", 20, "with -tune, perturbed restarts of the climb")
	cvFolds    = flag.Int("cv", 0, "with -tune, report the held-out score of fits on this many folds of the questions; with -trees -out, also fit and write the model on all of them")
)

// neutralW are hand-set weights to start a fit from.
var neutralW = [rank.NumFeatures]float64{rank.FLex: 1, rank.FNameLine: 0.5, rank.FBlock: 0.5, rank.FNamed: 0.3,
	rank.FCommand: 0.1, rank.FMissing: -0.3, rank.FPriority: 0.05, rank.FInlinks: 0.1}

// example is one answerable question's pool: features of every candidate
// and which candidates are right.
type example struct {
	id    string
	scene analyse.Scene
	kinds []int
	feats [][rank.NumFeatures]float64
	right []bool // see rightPages
}

// tune fits the weights W of the linear score, starting from base, by
// coordinate ascent on the rows' pools, maximising hit@1 with hit@3 and
// the reciprocal rank as tie breakers, and prints the weights it found.
func tune(ret *rank.Retriever, rows []row, base rank.Weights) {
	var exs []example
	reachable := 0
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			continue
		}
		a, cands := retFor(ret, rw).Candidates(rw.q)
		ex := example{id: rw.id, scene: a.Scene, right: rightPages(cands, rw.expected)}
		for _, c := range cands {
			ex.feats = append(ex.feats, c.F)
			ex.kinds = append(ex.kinds, c.Kind)
		}
		if slices.Contains(ex.right, true) {
			reachable++
		}
		exs = append(exs, ex)
	}
	w := base
	fmt.Printf("%d questions, %d with a right page in the pool\n", len(exs), reachable)
	if *cvFolds > 1 {
		crossValidate(exs, w, *cvFolds)
		return
	}
	winRates(exs, &w)
	if *fitIters > 0 {
		fit(exs, &w, *l2, *fitIters)
	}
	if *hingeIters > 0 {
		fitHinge(exs, &w, *l2, *hingeIters, *margin)
	}
	if *neutral {
		// start from hand-set weights, not the shipped fit: a fit that
		// starts from weights fitted on other questions learns from them
		w.W = neutralW
		w.Kind = rank.FirstStageKinds()
	}
	if *bag > 0 {
		// Bagging: fit on bootstrap samples and average the weights. The
		// fits disagree a lot on a few hundred questions; their mean
		// generalizes better than any one of them.
		var sum rank.Weights
		rng := rand.New(rand.NewPCG(7, 11))
		for b := 0; b < *bag; b++ {
			sample := make([]example, len(exs))
			for i := range sample {
				sample[i] = exs[rng.IntN(len(exs))]
			}
			wb := w
			climb(sample, &wb, uint64(b))
			for fi := range sum.W {
				sum.W[fi] += wb.W[fi] / float64(*bag)
			}
			for sc := range sum.Kind {
				for k := range sum.Kind[sc] {
					sum.Kind[sc][k] += wb.Kind[sc][k] / float64(*bag)
				}
			}
			fmt.Printf("bag %d: %s on its sample, %s on all\n", b, objective(sample, &wb), objective(exs, &wb))
		}
		w.W, w.Kind = sum.W, sum.Kind
	} else {
		climb(exs, &w, 2)
	}
	best := objective(exs, &w)
	fmt.Printf("final: %s (recomputed %s)\n", best, objective(exs, &w))
	if err := writeWeights(*out, &w, best, len(exs)); err != nil {
		fmt.Fprintln(os.Stderr, "rankeval:", err)
		os.Exit(1)
	}
}

func goName(n string) string { return "F" + n }

type score struct {
	h1, h3 int
	mrr    float64
	n      int
}

func (s score) String() string {
	return fmt.Sprintf("hit@1=%.3f hit@3=%.3f mrr=%.3f", float64(s.h1)/float64(s.n), float64(s.h3)/float64(s.n), s.mrr/float64(s.n))
}

func (s score) value() float64 { return float64(s.h1) + 0.3*float64(s.h3) + 0.2*s.mrr }

func (s score) better(o score) bool { return s.value() > o.value()+1e-9 }

func objective(exs []example, w *rank.Weights) score {
	s := score{n: len(exs)}
	for ei := range exs {
		ex := &exs[ei]
		g := math.Inf(-1)
		for i := range ex.feats {
			if ex.right[i] {
				g = max(g, w.Score(&ex.feats[i], ex.scene, ex.kinds[i]))
			}
		}
		if math.IsInf(g, -1) {
			continue
		}
		above := 0
		for i := range ex.feats {
			if !ex.right[i] && w.Score(&ex.feats[i], ex.scene, ex.kinds[i]) >= g {
				above++
			}
		}
		rank := above + 1
		if rank == 1 {
			s.h1++
		}
		if rank <= 3 {
			s.h3++
		}
		s.mrr += 1 / float64(rank)
	}
	return s
}

func sceneName(s analyse.Scene) string {
	switch s {
	case analyse.SceneHowTo:
		return "HowTo"
	case analyse.SceneConcept:
		return "Concept"
	case analyse.SceneFormat:
		return "Format"
	case analyse.SceneProgramming:
		return "Programming"
	}
	return "Troubleshoot"
}

// fit fits the weights by gradient descent on a listwise softmax loss: the
// probability mass the scores give the right candidates of each question,
// with an L2 penalty towards zero. Unlike coordinate ascent on hit@1 it has
// no plateaus, so it finds weights the greedy search cannot.
func fit(exs []example, w *rank.Weights, l2 float64, iters int) {
	type param struct {
		p    *float64
		m, v float64
	}
	var ps []*param
	idx := map[*float64]int{}
	add := func(p *float64) {
		idx[p] = len(ps)
		ps = append(ps, &param{p: p})
	}
	for fi := range rank.NumFeatures {
		add(&w.W[fi])
	}
	for sc := range w.Kind {
		for k := range w.Kind[sc] {
			add(&w.Kind[sc][k])
		}
	}
	grad := make([]float64, len(ps))
	const lr, b1, b2, eps = 0.01, 0.9, 0.999, 1e-8
	for it := 1; it <= iters; it++ {
		clear(grad)
		loss := 0.0
		for _, ex := range exs {
			good := ex.right
			if !slices.Contains(good, true) {
				continue
			}
			sc := make([]float64, len(ex.feats))
			mx := math.Inf(-1)
			for i := range ex.feats {
				sc[i] = w.Score(&ex.feats[i], ex.scene, ex.kinds[i])
				mx = max(mx, sc[i])
			}
			var zAll, zGood float64
			p := make([]float64, len(sc))
			for i := range sc {
				p[i] = math.Exp(sc[i] - mx)
				zAll += p[i]
				if good[i] {
					zGood += p[i]
				}
			}
			loss += math.Log(zAll) - math.Log(zGood)
			// d loss / d s_i = P_all(i) - [good] P_good(i)
			for i := range sc {
				g := p[i] / zAll
				if good[i] {
					g -= p[i] / zGood
				}
				if g == 0 {
					continue
				}
				for fi, x := range ex.feats[i] {
					grad[fi] += g * x
				}
				grad[idx[&w.Kind[ex.scene][ex.kinds[i]]]] += g
			}
		}
		n := float64(len(exs))
		for i, pr := range ps {
			if pr.p == &w.W[rank.FLex] {
				continue
			}
			g := grad[i]/n + l2**pr.p
			loss += 0
			pr.m = b1*pr.m + (1-b1)*g
			pr.v = b2*pr.v + (1-b2)*g*g
			mh := pr.m / (1 - math.Pow(b1, float64(it)))
			vh := pr.v / (1 - math.Pow(b2, float64(it)))
			*pr.p -= lr * mh / (math.Sqrt(vh) + eps)
		}
		if it%500 == 0 {
			fmt.Printf("iter %d: loss=%.4f %s\n", it, loss/n, objective(exs, w))
		}
	}
}

// fitHinge fits the weights by subgradient descent on a top-1 hinge loss:
// per question, the best right candidate should outscore the best wrong
// one by a margin; the loss is the shortfall. With an L2 penalty it is a
// margin ranking model that aims at hit@1 directly.
func fitHinge(exs []example, w *rank.Weights, l2 float64, iters int, margin float64) {
	var ps []*float64
	idx := map[*float64]int{}
	for fi := range rank.NumFeatures {
		idx[&w.W[fi]] = len(ps)
		ps = append(ps, &w.W[fi])
	}
	for sc := range w.Kind {
		for k := range w.Kind[sc] {
			idx[&w.Kind[sc][k]] = len(ps)
			ps = append(ps, &w.Kind[sc][k])
		}
	}
	grad := make([]float64, len(ps))
	bestObj := objective(exs, w)
	bestW := *w
	for it := 1; it <= iters; it++ {
		clear(grad)
		lr := 0.05 / math.Sqrt(float64(it))
		for _, ex := range exs {
			gi, gs, bi, bs := bestPair(ex, w)
			if gi < 0 || bi < 0 || gs-bs >= margin {
				continue
			}
			for fi := range rank.NumFeatures {
				grad[fi] += ex.feats[bi][fi] - ex.feats[gi][fi]
			}
			grad[idx[&w.Kind[ex.scene][ex.kinds[bi]]]]++
			grad[idx[&w.Kind[ex.scene][ex.kinds[gi]]]]--
		}
		n := float64(len(exs))
		for i, p := range ps {
			*p -= lr * (grad[i]/n + l2**p)
		}
		if o := objective(exs, w); o.better(bestObj) {
			bestObj, bestW = o, *w
		}
		if it%500 == 0 {
			fmt.Printf("hinge iter %d: %s (best %s)\n", it, objective(exs, w), bestObj)
		}
	}
	*w = bestW
}

// winRates prints, per feature, how often the best right candidate has
// more of it than the wrong candidate that outranks it, and less: the
// features that tell right from wrong where the ranking fails.
func winRates(exs []example, w *rank.Weights) {
	var more, less [rank.NumFeatures]int
	n := 0
	for _, ex := range exs {
		gi, gs, bi, bs := bestPair(ex, w)
		if gi < 0 || bi < 0 || gs > bs {
			continue
		}
		n++
		for fi := range rank.NumFeatures {
			switch d := ex.feats[gi][fi] - ex.feats[bi][fi]; {
			case d > 1e-9:
				more[fi]++
			case d < -1e-9:
				less[fi]++
			}
		}
	}
	fmt.Printf("%d questions where a wrong page outranks every right one; per feature, right has more / less:\n", n)
	for fi := range rank.NumFeatures {
		fmt.Printf("  %-14s %3d / %3d\n", rank.FeatureNames[fi], more[fi], less[fi])
	}
}

// gaps prints, for each question a wrong page wins, the question's words
// its best right page has nowhere in its NAME line or best block.
func gaps(ret *rank.Retriever, rows []row) {
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			continue
		}
		a, cands := retFor(ret, rw).Candidates(rw.q)
		exp := split(rw.expected)
		if len(cands) == 0 || matches(cands[0].Meta.Label, exp) {
			continue
		}
		for _, c := range cands {
			if !matches(c.Meta.Label, exp) {
				continue
			}
			var miss []string
			for ci, x := range c.Covered {
				if x == 0 {
					miss = append(miss, a.Concepts[ci].Word)
				}
			}
			fmt.Printf("%s\t%s\tmissing %v\t(%s: %s)\n", rw.id, c.Meta.Label, miss, cands[0].Meta.Label, rw.q)
			break
		}
	}
}

var (
	onlyFeatures = flag.String("features", "", "with -tune, fit only these features (comma-separated names); the others are zero")
	bag          = flag.Int("bag", 0, "with -tune, average the fits of this many bootstrap samples")
	neutral      = flag.Bool("neutral", false, "with -tune, start from hand-set weights instead of the shipped ones")
	tieKindsFlag = flag.Bool("tiekinds", false, "with -tune, fit the how-to kind priors only; other scenes keep fixed offsets from them")
)

// kindOffset is how the other scenes' kind priors differ from how-to's
// when they are tied: set by hand from what each scene asks for.
var kindOffset = [5][rank.NumKinds]float64{
	analyse.SceneConcept:      {rank.Kind7: 0.6, rank.Kind5: 0.2, rank.Kind1: -0.2},
	analyse.SceneFormat:       {rank.Kind5: 1, rank.Kind1: -0.4, rank.Kind8: -0.4},
	analyse.SceneProgramming:  {rank.Kind2: 1.2, rank.Kind3: 1.2, rank.Kind1: -0.4, rank.Kind8: -0.4},
	analyse.SceneTroubleshoot: {},
}

// tieKinds sets, with -tiekinds, every scene's kind priors to how-to's
// plus the scene's fixed offset.
func tieKinds(w *rank.Weights) {
	if !*tieKindsFlag {
		return
	}
	for sc := range w.Kind {
		if sc != int(analyse.SceneHowTo) {
			for k := range w.Kind[sc] {
				w.Kind[sc][k] = w.Kind[analyse.SceneHowTo][k] + kindOffset[sc][k]
			}
		}
	}
}

// frozen says whether feature fi is left out of the fit.
func frozen(fi int) bool {
	if *onlyFeatures == "" {
		return false
	}
	for _, n := range strings.Split(*onlyFeatures, ",") {
		if strings.EqualFold(n, rank.FeatureNames[fi]) {
			return false
		}
	}
	return true
}

// ascend climbs coordinate by coordinate from w until no step improves.
func ascend(exs []example, w *rank.Weights, best score) score {
	if !*ascent {
		return best
	}
	steps := []float64{-0.2, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.2}
	factors := []float64{0, 0.5, 0.8, 1.25, 2}
	var params []*float64
	for fi := range rank.NumFeatures {
		if !frozen(fi) {
			params = append(params, &w.W[fi])
		}
	}
	for sc := range w.Kind {
		for k := range w.Kind[sc] {
			if !*tieKindsFlag || sc == int(analyse.SceneHowTo) {
				params = append(params, &w.Kind[sc][k])
			}
		}
	}
	tie := func() { tieKinds(w) }
	tie()
	for round := 0; round < 30; round++ {
		improved := false
		for _, p := range params {
			cur := *p
			bestV := cur
			try := func(v float64) {
				*p = v
				tie()
				if o := objective(exs, w); o.better(best) {
					best, bestV = o, v
				}
			}
			for _, d := range steps {
				try(cur + d)
			}
			for _, f := range factors {
				try(cur * f)
			}
			*p = bestV
			tie()
			improved = improved || bestV != cur
		}
		if !improved {
			break
		}
	}
	return best
}

// writeWeights writes the fitted weights as Go source, to path or, for
// "", to stdout.
func writeWeights(path string, w *rank.Weights, sc score, n int) error {
	ranking, confidence, scope := rank.Fitted()
	if n > 0 {
		ranking = fmt.Sprintf("%d questions, %s", n, sc)
	}
	if confNote != "" {
		confidence = confNote
	}
	if scopeNote != "" {
		scope = scopeNote
	}
	var b strings.Builder
	b.WriteString("// Code generated by go run ./tools/rankeval -tune; DO NOT EDIT.\n\n")
	b.WriteString("package rank\n\n")
	b.WriteString("import \"github.com/ragman-dev/ragman/backend/answer/analyse\"\n\n")
	b.WriteString("// Fitted on testdata/eval/dev*.tsv against this machine's index; see\n")
	b.WriteString("// tools/rankeval.\n")
	fmt.Fprintf(&b, "const (\n\tfittedRanking = %q\n\tfittedConfidence = %q\n\tfittedScopeNote = %q\n)\n\n", ranking, confidence, scope)
	b.WriteString("var fittedW = [NumFeatures]float64{\n")
	for fi, x := range w.W {
		fmt.Fprintf(&b, "\t%s: %.4g,\n", goName(rank.FeatureNames[fi]), x)
	}
	b.WriteString("}\n\nvar fittedKind = [analyse.NumScenes][NumKinds]float64{\n")
	for sc := range w.Kind {
		fmt.Fprintf(&b, "\tanalyse.Scene%s: {", sceneName(analyse.Scene(sc)))
		var parts []string
		for k, x := range w.Kind[sc] {
			parts = append(parts, fmt.Sprintf("%s: %.4g", kindName(k), x))
		}
		b.WriteString(strings.Join(parts, ", ") + "},\n")
	}
	b.WriteString("}\n\n")
	for _, m := range []struct {
		name string
		w    [rank.NumConf]float64
	}{{"fittedConf", w.Conf}, {"fittedScope", w.Scope}} {
		fmt.Fprintf(&b, "var %s = [NumConf]float64{\n", m.name)
		for i, x := range m.w {
			fmt.Fprintf(&b, "\tC%s: %.4g,\n", rank.ConfNames[i], x)
		}
		b.WriteString("}\n\n")
	}
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return err
	}
	if path == "" {
		_, err = os.Stdout.Write(src)
		return err
	}
	return os.WriteFile(path, src, 0o644)
}

func kindName(k int) string {
	n := rank.KindNames[k]
	return "Kind" + strings.ToUpper(n[:1]) + n[1:]
}

// confNote describes the confidence model fitConf made, for the file.
var confNote string

// climb fits w on exs: coordinate ascent, then restarts from perturbed
// copies of the best weights.
func climb(exs []example, w *rank.Weights, seed uint64) {
	for fi := range rank.NumFeatures {
		if frozen(fi) {
			w.W[fi] = 0
		}
	}
	tieKinds(w)
	best := objective(exs, w)
	fmt.Printf("start: %s\n", best)
	best = ascend(exs, w, best)
	rng := rand.New(rand.NewPCG(1, seed))
	for restart := 0; restart < *restarts; restart++ {
		// perturb the best weights and climb again: the objective has
		// plateaus and ridges a single climb stops on
		cand := *w
		for fi := range cand.W {
			if !frozen(fi) {
				cand.W[fi] += rng.NormFloat64() * 0.1 * (math.Abs(cand.W[fi]) + 0.1)
			}
		}
		for sc := range cand.Kind {
			for k := range cand.Kind[sc] {
				cand.Kind[sc][k] += rng.NormFloat64() * 0.05
			}
		}
		tieKinds(&cand)
		o := ascend(exs, &cand, objective(exs, &cand))
		if o.better(best) {
			best, *w = o, cand
			fmt.Printf("restart %d: %s\n", restart, best)
		}
	}
}

// bestPair returns the best-scoring right candidate of ex (a page the
// question expects, or an info node about one) and the best-scoring wrong
// one, with their scores; -1 when there is none.
func bestPair(ex example, w *rank.Weights) (gi int, gs float64, bi int, bs float64) {
	gi, bi = -1, -1
	gs, bs = math.Inf(-1), math.Inf(-1)
	for i := range ex.feats {
		good := ex.right[i]
		s := w.Score(&ex.feats[i], ex.scene, ex.kinds[i])
		if good && s > gs {
			gi, gs = i, s
		}
		if !good && s > bs {
			bi, bs = i, s
		}
	}
	return gi, gs, bi, bs
}

// crossValidate fits from neutral weights on all folds but one and scores
// the one left out, for each fold: the figure to compare another ranking
// model with, since the shipped weights have seen every question.
func crossValidate(exs []example, w rank.Weights, folds int) {
	total := score{}
	for f := range folds {
		train, test := fold(exs, folds, f)
		fw := w
		fw.W = neutralW
		fw.Kind = rank.FirstStageKinds()
		climb(train, &fw, uint64(f))
		s := objective(test, &fw)
		fmt.Printf("fold %d: held out %s, trained %s\n", f, s, objective(train, &fw))
		total.h1 += s.h1
		total.h3 += s.h3
		total.mrr += s.mrr
		total.n += s.n
	}
	fmt.Printf("cross-validated: %s\n", total)
}

// fold splits xs into fold f of k and the rest, after one fixed shuffle:
// the weights and the trees are held out on the same questions.
func fold[T any](xs []T, k, f int) (train, test []T) {
	for i, p := range rand.New(rand.NewPCG(3, 5)).Perm(len(xs)) {
		if i%k == f {
			test = append(test, xs[p])
		} else {
			train = append(train, xs[p])
		}
	}
	return train, test
}
