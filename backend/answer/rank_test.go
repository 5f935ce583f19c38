package answer

import (
	"reflect"
	"runtime"
	"slices"
	"testing"
)

func TestNameAdmits(t *testing.T) {
	// two concepts, the second three times as telling as the first
	q := &query{a: Analysis{Concepts: make([]Concept, 2)}, idf: []float64{1, 3}, mass: 4}
	// per page: the concepts its NAME line holds, then the exact-word flags
	nameSum := map[int][]float64{
		1: {1, 0, 1, 0},   // 0.25
		2: {0, 1, 0, 1},   // 0.75
		3: {1, 1, 1, 1},   // 1, but already in the pool
		4: {0, 1, 0, 0},   // 0.75
		5: {0.5, 0, 0, 0}, // 0.125
		6: {0, 0, 0, 0},   // holds nothing
	}
	in := map[int]bool{3: true}
	first := map[int]float64{1: 0, 2: 1, 4: 2, 5: 9, 6: 9}
	for _, tc := range []struct {
		admit int
		want  []int
	}{
		{0, nil},
		{1, []int{4}},       // tied with 2 on the NAME line, ahead in the first stage
		{2, []int{2, 4}},    // both tied pages fit
		{3, []int{2, 4, 1}}, // then by how much the NAME line holds
		{9, []int{2, 4, 1, 5}},
	} {
		rk := &ranker{w: Weights{NameAdmit: tc.admit}}
		got := rk.nameAdmits(nameSum, q, in, func(id int) float64 { return first[id] })
		slices.Sort(got[:min(2, len(got))]) // the order within a tie is free
		if !slices.Equal(got, tc.want) {
			t.Errorf("NameAdmit %d: got %v, want %v", tc.admit, got, tc.want)
		}
	}
}

func TestAlternativeNoRarerThanWord(t *testing.T) {
	rk := newRanker(engine(t).rk.r, DefaultWeights)
	rk.treeDocs = 0 // as if the index were big enough for the trees
	common, rare := "file", "chroot"
	ci, _ := rk.r.Term(common)
	ri, ok := rk.r.Term(rare)
	if !ok || rk.r.IDF(ri) <= rk.r.IDF(ci) {
		t.Fatalf("fixture index: want %q rarer than %q", rare, common)
	}
	a := Analysis{Concepts: []Concept{{Word: common, Weight: 1, Alts: []Alt{{Stem: common, Weight: 1}, {Stem: rare, Weight: 0.8}}}}}
	q := rk.resolve(a)
	if got, own := q.alts[0][1].idf, q.alts[0][0].idf; got > own {
		t.Errorf("alternative %q counts idf %.2f, more than the question's %q at %.2f", rare, got, common, own)
	}
}

// The pool's sums are split into lanes by the question alone, so the
// cores a machine has do not change an answer; a lane split by core
// count would add the concepts in another order and move scores by a
// rounding.
func TestPoolSameOnAnyCores(t *testing.T) {
	e := engine(t)
	rk := newRanker(e.rk.r, DefaultWeights)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, question := range []string{
		"how do I remove a directory with all the files in it",
		"how do I change the owner and group of a file",
		"how do I find files by name in a folder tree",
	} {
		a := Analyse(question, e.expand)
		if len(rk.lanes(rk.resolve(a))) < 2 {
			t.Fatalf("%q: one lane; the test needs a question that splits", question)
		}
		var want []Candidate
		for _, cores := range []int{1, 2, 3, 8} {
			runtime.GOMAXPROCS(cores)
			got, _ := rk.pool(a)
			if len(got) == 0 {
				t.Fatalf("%q: empty pool", question)
			}
			if want == nil {
				want = got
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q: the pool on %d cores differs from the pool on one", question, cores)
			}
		}
	}
}
