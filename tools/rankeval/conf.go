package main

import (
	"bufio"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/boost"
)

var stackPath = flag.String("stack", "", "with -trees -cv, write each question's confidence inputs under the model of the fold that held it out, and whether its first page was right, to this file; with -conf, fit the confidence model on such a file")

// stacked is one question as the confidence model is fitted on it: what
// the model sees of its answer when the trees have not seen it.
type stacked struct {
	set, id string
	fold    int
	right   bool
	x       [rank.NumConf]float64
}

// stackOf answers p with the scores m gives its pool and returns what the
// confidence model sees; right says whether the first page is one of
// expected ("" for an out-of-scope question).
func stackOf(m *boost.Model, p *rank.Pool, expected string) (x [rank.NumConf]float64, right bool) {
	scores := make([]float64, len(p.Cands))
	for i, v := range rank.Vectors(p.Cands, p.Analysis.Scene) {
		scores[i] = m.Predict(v)
	}
	cands, x := p.Order(scores)
	if len(cands) == 0 || expected == "" {
		return x, false
	}
	return x, rightPagesWith(cands[:1], expected, aliasFit || aliasScore)[0]
}

func writeStack(path string, rows []stacked) error {
	return create(path, func(w *bufio.Writer) error {
		fmt.Fprintf(w, "set\tid\tfold\tright\t%s\n", strings.Join(rank.ConfNames[:], "\t"))
		for _, r := range rows {
			right := 0
			if r.right {
				right = 1
			}
			fmt.Fprintf(w, "%s\t%s\t%d\t%d", r.set, r.id, r.fold, right)
			for _, v := range r.x {
				fmt.Fprintf(w, "\t%.6g", v)
			}
			fmt.Fprintln(w)
		}
		return nil
	})
}

// readStack reads a file of writeStack; one written for other confidence
// inputs is refused.
func readStack(path string) ([]stacked, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	want := "set\tid\tfold\tright\t" + strings.Join(rank.ConfNames[:], "\t")
	if lines[0] != want {
		return nil, fmt.Errorf("%s: written for other confidence inputs (%q); run -trees -cv again", path, lines[0])
	}
	var out []stacked
	for n, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != 4+rank.NumConf {
			return nil, fmt.Errorf("%s:%d: %d fields", path, n+2, len(f))
		}
		r := stacked{set: f[0], id: f[1], right: f[3] == "1"}
		if r.fold, err = strconv.Atoi(f[2]); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+2, err)
		}
		for i := range r.x {
			if r.x[i], err = strconv.ParseFloat(f[4+i], 64); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n+2, err)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// fitLogistic fits logistic regression of right on x by Newton's method,
// with an L2 penalty on every weight but the bias.
func fitLogistic(rows []stacked, l2 float64) [rank.NumConf]float64 {
	return fitWeighted(rows, func(stacked) float64 { return 1 }, l2)
}

// fitWeighted is fitLogistic with each row weighed by weight.
func fitWeighted(rows []stacked, weight func(stacked) float64, l2 float64) [rank.NumConf]float64 {
	const n = rank.NumConf
	var w [n]float64
	for range 50 {
		var g [n]float64
		var h [n][n]float64
		for _, r := range rows {
			p := rank.Logistic(&w, &r.x)
			y := 0.0
			if r.right {
				y = 1
			}
			rw := weight(r)
			for i := range n {
				g[i] += rw * (p - y) * r.x[i]
				for j := range n {
					h[i][j] += rw * p * (1 - p) * r.x[i] * r.x[j]
				}
			}
		}
		for i := range n {
			if i != rank.CBias {
				g[i] += l2 * w[i]
				h[i][i] += l2
			}
			h[i][i] += 1e-9
		}
		step := solve(h, g)
		done := true
		for i := range n {
			w[i] -= step[i]
			done = done && math.Abs(step[i]) < 1e-7
		}
		if done {
			break
		}
	}
	return w
}

// solve solves h·s = g by Gaussian elimination with partial pivoting.
func solve(h [rank.NumConf][rank.NumConf]float64, g [rank.NumConf]float64) [rank.NumConf]float64 {
	const n = rank.NumConf
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(h[r][c]) > math.Abs(h[p][c]) {
				p = r
			}
		}
		h[c], h[p] = h[p], h[c]
		g[c], g[p] = g[p], g[c]
		for r := c + 1; r < n; r++ {
			f := h[r][c] / h[c][c]
			for k := c; k < n; k++ {
				h[r][k] -= f * h[c][k]
			}
			g[r] -= f * g[c]
		}
	}
	var s [n]float64
	for r := n - 1; r >= 0; r-- {
		v := g[r]
		for k := r + 1; k < n; k++ {
			v -= h[r][k] * s[k]
		}
		s[r] = v / h[r][r]
	}
	return s
}

// fitStack fits the confidence model on a stack file and prints how well
// it is calibrated on each fold when fitted on the others, per question
// set: the figures for questions neither the trees nor it have seen.
func fitStack(path string, threshold float64) ([rank.NumConf]float64, error) {
	rows, err := readStack(path)
	if err != nil {
		return [rank.NumConf]float64{}, err
	}
	const l2 = 1
	// a set -setweight names weighs so in the fit: tldr-train's terse
	// descriptions, half the rows, would otherwise calibrate it for
	// themselves
	sw := setWeights()
	weight := func(r stacked) float64 {
		if x, ok := sw[r.set]; ok {
			return x
		}
		return 1
	}
	folds := 0
	for _, r := range rows {
		folds = max(folds, r.fold+1)
	}
	held := make([]float64, len(rows))
	for f := range folds {
		var train []stacked
		for _, r := range rows {
			if r.fold != f {
				train = append(train, r)
			}
		}
		w := fitWeighted(train, weight, l2)
		for i, r := range rows {
			if r.fold == f {
				held[i] = math.Round(1000*rank.Logistic(&w, &r.x)) / 1000
			}
		}
	}
	bySet := map[string][]int{"all": nil}
	for i, r := range rows {
		bySet[r.set] = append(bySet[r.set], i)
		bySet["all"] = append(bySet["all"], i)
		for _, pooled := range []string{"dev", "style-"} {
			if strings.HasPrefix(r.set, pooled) {
				bySet[pooled+"*.tsv"] = append(bySet[pooled+"*.tsv"], i)
			}
		}
	}
	fmt.Printf("confidence on questions held out of the trees and of it (%d folds):\n", folds)
	for _, s := range slices.Sorted(maps.Keys(bySet)) {
		var p []float64
		var y []bool
		withheld, wrongAnswered, right := 0, 0, 0
		for _, i := range bySet[s] {
			p = append(p, held[i])
			y = append(y, rows[i].right)
			if rows[i].right {
				right++
				if held[i] < threshold {
					withheld++
				}
			} else if held[i] >= threshold {
				wrongAnswered++
			}
		}
		mean := 0.0
		for _, x := range p {
			mean += x / float64(len(p))
		}
		fmt.Printf("  %s: n=%d right=%d (%.3f) mean confidence=%.3f ece=%.3f auroc=%.3f right withheld=%d wrong answered=%d\n",
			s, len(p), right, float64(right)/float64(len(p)), mean, ece(p, y), auroc(p, y), withheld, wrongAnswered)
	}
	w := fitWeighted(rows, weight, l2)
	var parts []string
	for i, v := range w {
		parts = append(parts, fmt.Sprintf("%s=%.3g", rank.ConfNames[i], v))
	}
	fmt.Printf("confidence model: %s\n", strings.Join(parts, " "))
	var p []float64
	var y []bool
	for i := range rows {
		p = append(p, held[i])
		y = append(y, rows[i].right)
	}
	confNote = fmt.Sprintf("%d questions held out of the trees by command: ece=%.3f auroc=%.3f", len(rows), ece(p, y), auroc(p, y))
	return w, nil
}

// scopeL2 keeps the scope model's weights small: 95 out-of-scope
// questions against 3,300 answerable ones are few to fit on, and it must
// hold for questions and indexes unlike them.
const scopeL2 = 0.01

// scopeNote describes the scope model fitScope made, for the file.
var scopeNote string

// fitScope fits the scope model on a stack file: logistic regression of
// "the question is answerable" (out-of-scope questions are those of kind
// noanswer among rows, by set and id), the two classes weighted equally,
// then its bias raised until the threshold keeps at least 98.5% of the
// answerable questions (the shared scorer allows two of sixty withheld).
func fitScope(path string, rows []row, threshold float64) ([rank.NumConf]float64, error) {
	stack, err := readStack(path)
	if err != nil {
		return [rank.NumConf]float64{}, err
	}
	out := map[[2]string]bool{}
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			out[[2]string{rw.set, rw.id}] = true
		}
	}
	var pos, neg float64
	for i := range stack {
		// right now means answerable
		stack[i].right = !out[[2]string{stack[i].set, stack[i].id}]
		if stack[i].right {
			pos++
		} else {
			neg++
		}
	}
	if neg == 0 {
		return [rank.NumConf]float64{}, fmt.Errorf("%s: no out-of-scope question among the sets given", path)
	}
	weight := func(r stacked) float64 {
		if r.right {
			return 0.5 / pos
		}
		return 0.5 / neg
	}
	// Only what says how well the best pages match the question at all:
	// the trees' scores and the question's length separate the two kinds
	// of question here too, but by how these question sets were written,
	// and they do not carry over to an index of another size (a few
	// hundred pages, an archive alone).
	for i := range stack {
		for _, c := range []int{rank.CTree, rank.CTreeMargin, rank.CTreeThird, rank.CShare, rank.CConcepts, rank.CAgree, rank.CProgram} {
			stack[i].x[c] = 0
		}
	}
	w := fitWeighted(stack, weight, scopeL2)
	lost := func() (withheld, answered int) {
		for _, r := range stack {
			p := rank.Logistic(&w, &r.x)
			if r.right && p < threshold {
				withheld++
			}
			if !r.right && p >= threshold {
				answered++
			}
		}
		return withheld, answered
	}
	for range 1000 {
		if l, _ := lost(); float64(l)/pos <= 0.015 {
			break
		}
		w[rank.CBias] += 0.01
	}
	withheld, answered := lost()
	scopeNote = fmt.Sprintf("%d questions: %d of %.0f answerable withheld, %d of %.0f out-of-scope answered", len(stack), withheld, pos, answered, neg)
	fmt.Println("scope model:", scopeNote)
	return w, nil
}
