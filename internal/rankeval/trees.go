package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/boost"
)

var (
	treesFlag = flag.Bool("trees", false, "with -tune, fit the ranking trees (written to -out) instead of the weights")
	treeCount = flag.Int("ntrees", boost.DefaultParams.Trees, "with -trees, number of trees")
	treeDepth = flag.Int("depth", boost.DefaultParams.Depth, "with -trees, depth of each tree")
	bags      = flag.Int("bags", 1, "with -trees, average this many fits with different seeds (each one costs a question 300 more trees)")
	ndcg      = flag.Bool("ndcg", boost.DefaultParams.NDCG, "with -trees, weigh pairs by their change of NDCG (LambdaMART)")
	minChild  = flag.Float64("mcw", boost.DefaultParams.MinChildWeight, "with -trees, least hessian mass a leaf may hold")
	augment   = flag.Bool("augment", true, "with -trees, also train on each pool without package priorities")
)

// treeGroups are the rows' pools as the trees see them, one slice per
// question: the pool as it is, and, with -augment, the pool as a machine
// without Debian's package database would give it (no priorities, no
// package families), so that the trees learn to rank without them too.
func treeGroups(eng *answer.Engine, rows []row) [][]boost.Group {
	var out [][]boost.Group
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			continue
		}
		a, cands := eng.Candidates(rw.q)
		if len(cands) == 0 {
			continue
		}
		good := rightPages(cands, rw.expected)
		gs := []boost.Group{{X: answer.Vectors(cands, a.Scene), Good: good}}
		if *augment {
			bare := slices.Clone(cands)
			for i := range bare {
				bare[i].F[answer.FPriority], bare[i].F[answer.FFamily] = 0, 0
			}
			gs = append(gs, boost.Group{X: answer.Vectors(bare, a.Scene), Good: good})
		}
		out = append(out, gs)
	}
	return out
}

// treeScore is hit@1 and hit@3 of m on gs, over n questions (those whose
// pool is empty count as misses).
func treeScore(m *boost.Model, gs []boost.Group, n int) (h1, h3 float64) {
	for _, g := range gs {
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
			h1++
		}
		for _, i := range order[:min(3, len(order))] {
			if g.Good[i] {
				h3++
				break
			}
		}
	}
	return h1 / float64(n), h3 / float64(n)
}

func tuneTrees(eng *answer.Engine, rows []row) {
	p := boost.DefaultParams
	p.Trees, p.Depth, p.NDCG, p.MinChildWeight = *treeCount, *treeDepth, *ndcg, *minChild
	qs := treeGroups(eng, rows)
	fmt.Printf("%d questions with candidates\n", len(qs))
	// evaluation is on the pools as they are
	first := func(qs [][]boost.Group) []boost.Group {
		var out []boost.Group
		for _, g := range qs {
			out = append(out, g[0])
		}
		return out
	}
	// The folds, and the fit on every question that -out writes, are
	// independent: they run at once, one per core, and print in order.
	type result struct{ h1, h3 float64 }
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
			train, test := fold(qs, *cvFolds, f)
			m := boost.Bag(slices.Concat(train...), p, *bags)
			res[f].h1, res[f].h3 = treeScore(m, first(test), len(test))
		})
	}
	wg.Wait()
	if folds > 0 {
		var h1, h3 float64
		for f, r := range res {
			_, test := fold(qs, *cvFolds, f)
			fmt.Printf("fold %d: held out hit@1=%.3f hit@3=%.3f\n", f, r.h1, r.h3)
			h1 += r.h1 * float64(len(test))
			h3 += r.h3 * float64(len(test))
		}
		fmt.Printf("cross-validated: hit@1=%.3f hit@3=%.3f\n", h1/float64(len(qs)), h3/float64(len(qs)))
	}
	if full == nil {
		return
	}
	a, b := treeScore(full, first(qs), len(qs))
	fmt.Printf("trained: hit@1=%.3f hit@3=%.3f\n", a, b)
	if *out == "" {
		return
	}
	f, err := os.Create(*out)
	if err == nil {
		err = full.Write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankeval:", err)
		os.Exit(1)
	}
}
