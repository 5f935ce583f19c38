package main

import (
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
)

var (
	fitIters = flag.Int("fit", 0, "with -tune, first fit by gradient descent for this many iterations")
	l2       = flag.Float64("l2", 0.001, "L2 penalty of -fit")
	ascent   = flag.Bool("ascent", true, "with -tune, refine by coordinate ascent on hit@1")
)

// example is one answerable question's pool: features of every candidate
// and which candidates are right.
type example struct {
	id    string
	scene answer.Scene
	kinds []int
	feats [][answer.NumFeatures]float64
	good  []bool
	group []int // index in the pool of the man page an info node documents, or -1
}

// tune fits answer.DefaultWeights.W by coordinate ascent on the rows'
// pools, maximising hit@1 with hit@3 and the reciprocal rank as tie
// breakers, and prints the weights it found.
func tune(eng *answer.Engine, rows []row) {
	var exs []example
	reachable := 0
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			continue
		}
		a, cands := eng.Candidates(rw.q)
		exp := split(rw.expected)
		ex := example{id: rw.id, scene: a.Scene}
		at := map[int]int{}
		for i, c := range cands {
			at[c.ID] = i
		}
		any := false
		for _, c := range cands {
			ex.feats = append(ex.feats, c.F)
			ex.kinds = append(ex.kinds, c.Kind)
			g := matches(c.Meta.Label, exp)
			any = any || g
			ex.good = append(ex.good, g)
			gi := -1
			if c.Meta.Type == "info" && c.Meta.Group >= 0 {
				if j, ok := at[c.Meta.Group]; ok {
					gi = j
				}
			}
			ex.group = append(ex.group, gi)
		}
		if any {
			reachable++
		}
		exs = append(exs, ex)
	}
	w := answer.DefaultWeights
	fmt.Printf("%d questions, %d with a right page in the pool\n", len(exs), reachable)
	for fi := range answer.NumFeatures {
		var one answer.Weights
		one.W[fi] = 1
		fmt.Printf("  alone %-12s %s\n", answer.FeatureNames[fi], objective(exs, &one))
	}
	if *fitIters > 0 {
		fit(exs, &w, *l2, *fitIters)
	}
	best := objective(exs, &w)
	fmt.Printf("start: %s\n", best)
	steps := []float64{-0.5, -0.2, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.2, 0.5, 1, -0.35, 0.35}
	for round := 0; round < 30 && *ascent; round++ {
		improved := false
		var params []*float64
		for fi := range answer.NumFeatures {
			params = append(params, &w.W[fi])
		}
		for sc := range w.Kind {
			for k := range w.Kind[sc] {
				params = append(params, &w.Kind[sc][k])
			}
		}
		for _, p := range params {
			cur := *p
			bestV := cur
			for _, d := range steps {
				*p = cur + d
				if d > 0.3 || d < -0.3 {
					*p = cur * (1 + d) // a factor, for weights far from zero
				}
				if o := objective(exs, &w); o.better(best) {
					best, bestV = o, *p
				}
			}
			*p = bestV
			if bestV != cur {
				improved = true
			}
		}
		fmt.Printf("round %d: %s\n", round, best)
		if !improved {
			break
		}
	}
	var parts []string
	for fi, x := range w.W {
		parts = append(parts, fmt.Sprintf("%s: %.3g", goName(answer.FeatureNames[fi]), x))
	}
	fmt.Println("W: [NumFeatures]float64{" + strings.Join(parts, ", ") + "},")
	fmt.Println("Kind: [numScenes][NumKinds]float64{")
	for sc := range w.Kind {
		parts = parts[:0]
		for k, x := range w.Kind[sc] {
			if x != 0 {
				parts = append(parts, fmt.Sprintf("Kind%s: %.3g", strings.ToUpper(answer.KindNames[k][:1])+answer.KindNames[k][1:], x))
			}
		}
		fmt.Printf("\tScene%s: {%s},\n", sceneName(answer.Scene(sc)), strings.Join(parts, ", "))
	}
	fmt.Println("},")
}

func goName(n string) string {
	for _, w := range []string{"name", "line", "rest", "support", "common", "verb", "summary", "heads", "body", "named"} {
		if i := strings.LastIndex(n, w); i > 0 {
			n = n[:i] + strings.ToUpper(w[:1]) + w[1:] + n[i+len(w):]
		}
	}
	return "F" + strings.ToUpper(n[:1]) + n[1:]
}

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

func objective(exs []example, w *answer.Weights) score {
	s := score{n: len(exs)}
	order := make([]int, 0, 512)
	sc := make([]float64, 0, 512)
	for _, ex := range exs {
		order, sc = order[:0], sc[:0]
		for i := range ex.feats {
			order = append(order, i)
			sc = append(sc, w.Score(&ex.feats[i], ex.scene, ex.kinds[i]))
		}
		sort.Slice(order, func(a, b int) bool { return sc[order[a]] > sc[order[b]] })
		// the man page of an info node goes before it, as the engine does
		placed := map[int]bool{}
		rank := 0
		found := 0
		visit := func(i int) bool {
			if placed[i] {
				return false
			}
			placed[i] = true
			rank++
			if ex.good[i] {
				found = rank
				return true
			}
			return false
		}
		for _, i := range order {
			if g := ex.group[i]; g >= 0 && visit(g) {
				break
			}
			if visit(i) {
				break
			}
			if rank > 50 {
				break
			}
		}
		if found == 1 {
			s.h1++
		}
		if found >= 1 && found <= 3 {
			s.h3++
		}
		if found > 0 {
			s.mrr += 1 / float64(found)
		}
	}
	return s
}

func sceneName(s answer.Scene) string {
	switch s {
	case answer.SceneHowTo:
		return "HowTo"
	case answer.SceneConcept:
		return "Concept"
	case answer.SceneFormat:
		return "Format"
	case answer.SceneProgramming:
		return "Programming"
	}
	return "Troubleshoot"
}

// fit fits the weights by gradient descent on a listwise softmax loss: the
// probability mass the scores give the right candidates of each question,
// with an L2 penalty towards zero. Unlike coordinate ascent on hit@1 it has
// no plateaus, so it finds weights the greedy search cannot.
func fit(exs []example, w *answer.Weights, l2 float64, iters int) {
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
	for fi := range answer.NumFeatures {
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
			good := make([]bool, len(ex.feats))
			anyGood := false
			for i := range ex.feats {
				good[i] = ex.good[i] || ex.group[i] >= 0 && ex.good[ex.group[i]]
				anyGood = anyGood || good[i]
			}
			if !anyGood {
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
			if pr.p == &w.W[answer.FLex] {
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
