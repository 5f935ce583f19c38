package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/rank"
)

// calibBins is how many equal-width bins ece and reliability read.
const calibBins = 10

// binned sums probabilities p and outcomes y in calibBins equal-width
// bins: the sum of p, the count of y and the count of answers in each.
func binned(p []float64, y []bool) (sumP, sumY, count [calibBins]float64) {
	for i, x := range p {
		b := min(int(x*calibBins), calibBins-1)
		sumP[b] += x
		if y[i] {
			sumY[b]++
		}
		count[b]++
	}
	return sumP, sumY, count
}

// ece is the expected calibration error of probabilities p for outcomes
// y over 10 equal-width bins: the mean, weighted by the bins' sizes, of
// |mean p - share of y| in each bin.
func ece(p []float64, y []bool) float64 {
	sumP, sumY, count := binned(p, y)
	e := 0.0
	for b := range calibBins {
		if count[b] > 0 {
			e += math.Abs(sumP[b]-sumY[b]) / float64(len(p))
		}
	}
	return e
}

// eceFloor is the ECE that sampling alone gives a perfectly calibrated
// model with confidences p: the mean, and the 95th percentile, of ece
// over draws where each answer is right with probability its p. An ECE
// within it cannot tell a calibrated model from one that is not.
func eceFloor(p []float64) (mean, p95 float64) {
	const draws = 2000
	r := rand.New(rand.NewPCG(1, 2))
	y := make([]bool, len(p))
	es := make([]float64, draws)
	for d := range es {
		for i, x := range p {
			y[i] = r.Float64() < x
		}
		es[d] = ece(p, y)
		mean += es[d] / draws
	}
	sort.Float64s(es)
	return mean, es[draws*95/100]
}

// platt fits a and b of p' = 1/(1+exp(-(a*logit(p)+b))) to outcomes y
// by Newton's method on the log loss: a scale and a shift, which keep the
// order of p (and so its AUROC) and only say how sure each p should be.
func platt(p []float64, y []bool) (a, b float64) {
	z := make([]float64, len(p))
	for i, x := range p {
		x = min(max(x, 1e-3), 1-1e-3)
		z[i] = math.Log(x / (1 - x))
	}
	a = 1
	for range 50 {
		// gradient and Hessian of the mean log loss in (a, b)
		var ga, gb, haa, hab, hbb float64
		for i, zi := range z {
			q := 1 / (1 + math.Exp(-(a*zi + b)))
			d := q
			if y[i] {
				d = q - 1
			}
			ga += d * zi
			gb += d
			w := q * (1 - q)
			haa += w * zi * zi
			hab += w * zi
			hbb += w
		}
		det := haa*hbb - hab*hab
		if det <= 0 {
			break
		}
		da, db := (hbb*ga-hab*gb)/det, (haa*gb-hab*ga)/det
		a, b = a-da, b-db
		if math.Abs(da)+math.Abs(db) < 1e-9 {
			break
		}
	}
	return a, b
}

// rescale is p under platt's a and b.
func rescale(p []float64, a, b float64) []float64 {
	out := make([]float64, len(p))
	for i, x := range p {
		x = min(max(x, 1e-3), 1-1e-3)
		out[i] = 1 / (1 + math.Exp(-(a*math.Log(x/(1-x)) + b)))
	}
	return out
}

// recalibrate fits platt on the first pages' confidences conf and
// whether they were right, says what it changes, and with -out writes
// the shipped confidence model so rescaled: its logit is linear in the
// weights, so a*w with b added to the bias is the rescaled model.
func recalibrate(conf []float64, right []bool, paths []string) error {
	if len(conf) == 0 {
		return fmt.Errorf("-recal: no answered questions")
	}
	a, b := platt(conf, right)
	after := rescale(conf, a, b)
	fmt.Printf("recalibration on %d first pages: logit x %.3f %+.3f; ece %.3f -> %.3f\n", len(conf), a, b, ece(conf, right), ece(after, right))
	if *out == "" {
		return nil
	}
	w := rank.DefaultWeights()
	for i := range w.Conf {
		w.Conf[i] *= a
	}
	w.Conf[rank.CBias] += b
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	_, old, _ := rank.Fitted()
	confNote = fmt.Sprintf("%s; then rescaled (logit x %.3f %+.3f) on %d first pages of %s: ece %.3f -> %.3f", strings.SplitN(old, "; then rescaled", 2)[0], a, b, len(conf), strings.Join(names, ", "), ece(conf, right), ece(after, right))
	return writeWeights(*out, &w, score{}, 0)
}

// auroc is the probability that a random positive of y gets a higher p
// than a random negative (ties count half); 0.5 is chance, NaN without
// both kinds.
func auroc(p []float64, y []bool) float64 {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	// rank sum of the positives, ties given their mean rank
	var rankSum, pos float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && p[idx[j]] == p[idx[i]] {
			j++
		}
		mean := float64(i+j+1) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			if y[idx[k]] {
				rankSum += mean
				pos++
			}
		}
		i = j
	}
	neg := float64(len(p)) - pos
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rankSum - pos*(pos+1)/2) / (pos * neg)
}

// reliability is ece's table: per bin, how many answers, their mean
// confidence and how many of them were right.
func reliability(p []float64, y []bool) string {
	sumP, sumY, count := binned(p, y)
	var out strings.Builder
	for b := range calibBins {
		if count[b] > 0 {
			fmt.Fprintf(&out, "  %.1f-%.1f: n=%d confidence=%.3f right=%.3f\n", float64(b)/calibBins, float64(b+1)/calibBins, int(count[b]), sumP[b]/count[b], sumY[b]/count[b])
		}
	}
	return out.String()
}
