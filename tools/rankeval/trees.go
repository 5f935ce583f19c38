package main

import (
	"bufio"
	"flag"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/boost"
)

var (
	treesFlag = flag.Bool("trees", false, "with -tune, fit the ranking trees (written to -out) instead of the weights")
	treeCount = flag.Int("ntrees", boost.DefaultParams.Trees, "with -trees, number of trees")
	treeDepth = flag.Int("depth", boost.DefaultParams.Depth, "with -trees, depth of each tree")
	treeSeed  = flag.Uint64("treeseed", boost.DefaultParams.Seed, "with -trees, the seed of the fit's draws of questions and features (another one shows how much a fit moves by chance)")
	bags      = flag.Int("bags", 1, "with -trees, average this many fits with different seeds (each one costs a question 300 more trees)")
	ndcg      = flag.Bool("ndcg", boost.DefaultParams.NDCG, "with -trees, weigh pairs by their change of NDCG (LambdaMART)")
	minChild  = flag.Float64("mcw", boost.DefaultParams.MinChildWeight, "with -trees, least hessian mass a leaf may hold")
	augment   = flag.Bool("augment", true, "with -trees, also train on each pool without package priorities")
	byPage    = flag.Bool("bypage", false, "with -trees -cv, fold by the first expected page, so that no held-out question's page was an answer in training")
	balance   = flag.Float64("balance", 0, "with -trees, weigh each question by the number of questions with its first expected page to this negative power, so that pages asked for often (bash(1)) do not teach the trees their own features")
	setWeight = flag.String("setweight", "", "with -trees or -conf, SET=WEIGHT,...: the questions of the set of that file name weigh WEIGHT in the fit (1 otherwise)")
	drop      = flag.String("drop", "", "with -trees, comma-separated feature names the trees may not use (set to 0 in every vector); NAME:raw keeps the feature's rank in the pool")
)

// treeGroups are the rows' pools as the trees see them, one slice per
// question: the pool as it is, and, with -augment, the pool as a machine
// without Debian's package database would give it (no priorities, no
// package families), so that the trees learn to rank without them too.
func treeGroups(ret *rank.Retriever, rows []row) (out [][]boost.Group, pages, sets []string, kept []row, pools []*rank.Pool, scored [][]bool) {
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			continue
		}
		pool := retFor(ret, rw).Pool(rw.q)
		a, cands := pool.Analysis, pool.Cands
		if len(cands) == 0 {
			continue
		}
		kept = append(kept, rw)
		if *stackPath != "" {
			pools = append(pools, pool)
		}
		good := rightPagesWith(cands, rw.expected, aliasFit || aliasScore)
		scored = append(scored, rightPages(cands, rw.expected))
		gs := []boost.Group{{X: rank.Vectors(cands, a.Scene), Good: good}}
		if *augment {
			bare := slices.Clone(cands)
			for i := range bare {
				bare[i].F[rank.FPriority], bare[i].F[rank.FFamily] = 0, 0
			}
			gs = append(gs, boost.Group{X: rank.Vectors(bare, a.Scene), Good: good})
		}
		out = append(out, gs)
		pages = append(pages, command(rw))
		sets = append(sets, rw.set)
	}
	dropFeatures(out)
	for set, x := range setWeights() {
		for i, gs := range out {
			if sets[i] == set {
				for j := range gs {
					gs[j].Weight = x
				}
			}
		}
	}
	if *balance != 0 {
		n := map[string]int{}
		for _, p := range pages {
			n[p]++
		}
		for i, gs := range out {
			for j := range gs {
				gs[j].Weight = math.Pow(float64(n[pages[i]]), -*balance)
			}
		}
	}
	return out, pages, sets, kept, pools, scored
}

// dropFeatures zeroes the features -drop names, raw, relative and rank
// alike, so a fit shows what the ranking loses without them.
func dropFeatures(qs [][]boost.Group) {
	if *drop == "" {
		return
	}
	relAt := rank.NumFeatures + (rank.VectorLen - 3*rank.NumFeatures)
	for _, name := range strings.Split(*drop, ",") {
		name, rawOnly := strings.CutSuffix(name, ":raw")
		f := slices.IndexFunc(rank.FeatureNames[:], func(n string) bool { return strings.EqualFold(n, name) })
		if f < 0 {
			fmt.Fprintf(os.Stderr, "rankeval: no feature %q\n", name)
			os.Exit(2)
		}
		for _, gs := range qs {
			for _, g := range gs {
				for _, x := range g.X {
					x[f], x[relAt+f] = 0, 0
					if !rawOnly {
						x[relAt+rank.NumFeatures+f] = 0
					}
				}
			}
		}
	}
}

// pageFold is fold with whole pages held out: questions whose first
// expected page is the same fall in the same fold.
func pageFold[T any](xs []T, pages []string, k, f int) (train, test []T) {
	keys := slices.Clone(pages)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	at := map[string]int{}
	for i, p := range rand.New(rand.NewPCG(3, 5)).Perm(len(keys)) {
		at[keys[p]] = i % k
	}
	for i, x := range xs {
		if at[pages[i]] == f {
			test = append(test, x)
		} else {
			train = append(train, x)
		}
	}
	return train, test
}

// treeScore is hit@1 and hit@3 of m on gs, each question weighed by w
// (nil: equally).
func treeScore(m *boost.Model, gs []boost.Group, w []float64) (h1, h3 float64) {
	var total float64
	for qi, g := range gs {
		wq := 1.0
		if w != nil {
			wq = w[qi]
		}
		total += wq
		s := make([]float64, len(g.X))
		for i, x := range g.X {
			s[i] = m.Predict(x)
		}
		order := make([]int, len(s))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case s[a] > s[b]:
				return -1
			case s[a] < s[b]:
				return 1
			}
			return 0
		})
		if g.Good[order[0]] {
			h1 += wq
		}
		for _, i := range order[:min(3, len(order))] {
			if g.Good[i] {
				h3 += wq
				break
			}
		}
	}
	return h1 / total, h3 / total
}

func tuneTrees(ret *rank.Retriever, rows []row) {
	p := boost.DefaultParams
	p.Trees, p.Depth, p.NDCG, p.MinChildWeight, p.Seed = *treeCount, *treeDepth, *ndcg, *minChild, *treeSeed
	qs, pages, sets, kept, pools, scored := treeGroups(ret, rows)
	// out-of-scope questions train no trees; for the confidence model each
	// is scored by the model of one fold
	var outOfScope []row
	var outPools []*rank.Pool
	if *stackPath != "" {
		for _, rw := range rows {
			if rw.kind == "noanswer" {
				outOfScope = append(outOfScope, rw)
				outPools = append(outPools, retFor(ret, rw).Pool(rw.q))
			}
		}
	}
	stacks := make([][]stacked, max(*cvFolds, 1))
	// a page's questions weigh 1/n in the balanced score, as if each
	// page had been asked for once
	perPage := map[string]int{}
	for _, p := range pages {
		perPage[p]++
	}
	split := func(f int) (train, test [][]boost.Group, testW []float64, testSets []string, testIdx []int) {
		idx := make([]int, len(qs))
		for i := range idx {
			idx[i] = i
		}
		var tr, te []int
		if *byPage {
			tr, te = pageFold(idx, pages, *cvFolds, f)
		} else {
			tr, te = fold(idx, *cvFolds, f)
		}
		for _, i := range tr {
			train = append(train, qs[i])
		}
		for _, i := range te {
			test = append(test, qs[i])
			testW = append(testW, 1/float64(perPage[pages[i]]))
			testSets = append(testSets, sets[i])
		}
		return train, test, testW, testSets, te
	}
	fmt.Printf("%d questions with candidates\n", len(qs))
	// evaluation is on the pools as they are, by the labels scores count
	// (see -aliasfit)
	first := func(idx []int) []boost.Group {
		var out []boost.Group
		for _, i := range idx {
			g := qs[i][0]
			g.Good = scored[i]
			out = append(out, g)
		}
		return out
	}
	// The folds, and the fit on every question that -out writes, are
	// independent: they run at once, one per core, and print in order.
	type result struct {
		h1, h3, b1, b3, n, bn float64
		bySet                 map[string][3]float64 // per question set: hits at 1 and 3, questions
	}
	folds := 0
	if *cvFolds > 1 {
		folds = *cvFolds
	}
	res := make([]result, folds)
	var full *boost.Model
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	run := func(job func()) { // in the order given, as cores free up
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			job()
		}()
	}
	if folds == 0 || *out != "" {
		run(func() { full = boost.Bag(slices.Concat(qs...), p, *bags) })
	}
	for f := range folds {
		run(func() {
			train, test, w, testSets, testIdx := split(f)
			m := boost.Bag(slices.Concat(train...), p, *bags)
			if *stackPath != "" {
				for _, i := range testIdx {
					x, right := stackOf(m, pools[i], kept[i].expected)
					stacks[f] = append(stacks[f], stacked{set: kept[i].set, id: kept[i].id, fold: f, right: right, x: x})
				}
				for j, rw := range outOfScope {
					if j%folds == f {
						x, _ := stackOf(m, outPools[j], "")
						stacks[f] = append(stacks[f], stacked{set: rw.set, id: rw.id, fold: f, x: x})
					}
				}
			}
			r := &res[f]
			held := first(testIdx)
			r.h1, r.h3 = treeScore(m, held, nil)
			r.bySet = map[string][3]float64{}
			for i, g := range held {
				a, b := treeScore(m, []boost.Group{g}, nil)
				x := r.bySet[testSets[i]]
				r.bySet[testSets[i]] = [3]float64{x[0] + a, x[1] + b, x[2] + 1}
			}
			r.b1, r.b3 = treeScore(m, held, w)
			r.n = float64(len(test))
			for _, x := range w {
				r.bn += x
			}
		})
	}
	wg.Wait()
	if folds > 0 {
		var h1, h3, b1, b3, bn float64
		for f, r := range res {
			fmt.Printf("fold %d: held out hit@1=%.3f hit@3=%.3f\n", f, r.h1, r.h3)
			h1 += r.h1 * r.n
			h3 += r.h3 * r.n
			b1 += r.b1 * r.bn
			b3 += r.b3 * r.bn
			bn += r.bn
		}
		fmt.Printf("cross-validated: hit@1=%.3f hit@3=%.3f\n", h1/float64(len(qs)), h3/float64(len(qs)))
		bySet := map[string][3]float64{}
		for _, r := range res {
			for s, x := range r.bySet {
				y := bySet[s]
				bySet[s] = [3]float64{y[0] + x[0], y[1] + x[1], y[2] + x[2]}
			}
		}
		names := slices.Sorted(maps.Keys(bySet))
		for _, s := range names {
			x := bySet[s]
			fmt.Printf("  held out, %s: n=%.0f hit@1=%.3f hit@3=%.3f\n", s, x[2], x[0]/x[2], x[1]/x[2])
		}
		fmt.Printf("page-balanced: hit@1=%.3f hit@3=%.3f (each expected page weighs as one question)\n", b1/bn, b3/bn)
		if *stackPath != "" {
			if err := writeStack(*stackPath, slices.Concat(stacks...)); err != nil {
				fmt.Fprintln(os.Stderr, "rankeval:", err)
				os.Exit(1)
			}
		}
	}
	if full == nil {
		return
	}
	all := make([]int, len(qs))
	for i := range all {
		all[i] = i
	}
	a, b := treeScore(full, first(all), nil)
	fmt.Printf("trained: hit@1=%.3f hit@3=%.3f\n", a, b)
	if *out == "" {
		return
	}
	full.Columns = rank.Columns()
	if err := create(*out, func(w *bufio.Writer) error { return full.Write(w) }); err != nil {
		fmt.Fprintln(os.Stderr, "rankeval:", err)
		os.Exit(1)
	}
}

// setWeights reads -setweight: set file name → weight.
func setWeights() map[string]float64 {
	out := map[string]float64{}
	for _, sw := range strings.Split(*setWeight, ",") {
		if sw == "" {
			continue
		}
		set, v, _ := strings.Cut(sw, "=")
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x <= 0 {
			fmt.Fprintf(os.Stderr, "rankeval: bad -setweight %q: want SET=WEIGHT, a positive weight\n", sw)
			os.Exit(2)
		}
		out[set] = x
	}
	return out
}
