package main

import (
	"fmt"
	"math"
	"sort"
	"strings"
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
