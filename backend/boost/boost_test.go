package boost

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// xorGroups are groups of ten candidates of two features in [0,1) where the
// right one is the only one with exactly one feature above 0.5: no weighted
// sum of the features can find it, trees can.
func xorGroups(n int, seed uint64) []Group {
	rng := rand.New(rand.NewPCG(seed, 1))
	gs := make([]Group, n)
	for gi := range gs {
		right := rng.IntN(10)
		for i := range 10 {
			hi0 := rng.IntN(2) == 1
			hi1 := hi0 != (i == right)
			x := []float64{rng.Float64() / 2, rng.Float64() / 2, rng.Float64()}
			if hi0 {
				x[0] += 0.5
			}
			if hi1 {
				x[1] += 0.5
			}
			gs[gi].X = append(gs[gi].X, x)
			gs[gi].Good = append(gs[gi].Good, i == right)
		}
	}
	return gs
}

func hit1(m *Model, gs []Group) float64 {
	h := 0
	for _, g := range gs {
		best := 0
		for i, x := range g.X {
			if m.Predict(x) > m.Predict(g.X[best]) {
				best = i
			}
		}
		if g.Good[best] {
			h++
		}
	}
	return float64(h) / float64(len(gs))
}

func TestTrainLearnsInteraction(t *testing.T) {
	for _, ndcg := range []bool{false, true} {
		p := DefaultParams
		p.Trees, p.NDCG = 50, ndcg
		m := Train(xorGroups(200, 1), p)
		if h := hit1(m, xorGroups(200, 2)); h < 0.95 {
			t.Errorf("NDCG %v: held-out hit@1 %.3f, want at least 0.95", ndcg, h)
		}
	}
}

func TestDiscounts(t *testing.T) {
	// ranks by score: 0, 2, 1; one right candidate, so the ideal DCG is 1
	got := discounts([]float64{3, 1, 2}, []bool{false, true, false})
	want := []float64{1, 1 / math.Log2(4), 1 / math.Log2(3)}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("discounts = %v, want %v", got, want)
		}
	}
	if got := discounts([]float64{1, 2}, []bool{false, false}); got[0] != 0 || got[1] != 0 {
		t.Errorf("a group with no right candidate: %v, want zeros", got)
	}
}

func TestWriteParse(t *testing.T) {
	p := DefaultParams
	p.Trees = 20
	m := Train(xorGroups(50, 3), p)
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Parse(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	if back.Trees() != 20 || back.Features != 3 || back.Columns != nil {
		t.Fatalf("parsed %d trees of %d features, columns %q, want 20 of 3, unnamed", back.Trees(), back.Features, back.Columns)
	}
	m.Columns = []string{"a", "b", "c"}
	buf.Reset()
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if back, err = Parse(buf.String()); err != nil || !slices.Equal(back.Columns, m.Columns) {
		t.Fatalf("named columns: parsed %q, %v; want %q", back.Columns, err, m.Columns)
	}
	for _, bad := range [][]string{{"a", "b"}, {"a", "b c", "d"}, {"a", "", "c"}} {
		m.Columns = bad
		if err := m.Write(&buf); err == nil {
			t.Errorf("Write with columns %q: no error", bad)
		}
	}
	for _, g := range xorGroups(20, 4) {
		for _, x := range g.X {
			// thresholds are written exactly; leaf values to 6 digits
			if a, b := m.Predict(x), back.Predict(x); a-b > 1e-4 || b-a > 1e-4 {
				t.Fatalf("Predict(%v) = %v before writing, %v after", x, a, b)
			}
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, text := range []string{
		"",
		"boost x trees 2 features\n",
		"boost 1 trees 2 features\n",         // no tree
		"boost 1 trees 2 features\nleaf 1\n", // node before tree
		"boost 1 trees 2 features\ntree\n",   // empty tree
		"boost 1 trees 2 features\ntree\nsplit 0 0.5 1 5\nleaf 1\nleaf 2\n", // child out of range
		"boost 1 trees 2 features\ntree\nsplit 0 0.5 0 2\nleaf 1\nleaf 2\n", // loop
		"boost 1 trees 2 features\ntree\nsplit 7 0.5 1 2\nleaf 1\nleaf 2\n", // feature out of range
		"boost 1 trees 2 features\ntree\nleaf one\n",
		"boost 1 trees 2 features\ntree\nbranch 0 0.5 1 2\n",
		"boost 1 trees 2 features\ncolumns a b c\ntree\nleaf 1\n", // three names for two features
		"boost 1 trees 2 features\ntree\ncolumns a b\nleaf 1\n",   // columns after the header only
	} {
		if _, err := Parse(text); err == nil {
			t.Errorf("Parse(%q): no error", text)
		} else if !strings.HasPrefix(err.Error(), "boost: ") {
			t.Errorf("Parse(%q): error %q does not say where it comes from", text, err)
		}
	}
}

func BenchmarkPredict(b *testing.B) {
	p := DefaultParams
	m := Train(xorGroups(200, 1), p)
	gs := xorGroups(10, 5)
	b.ResetTimer()
	for b.Loop() {
		for _, g := range gs {
			for _, x := range g.X {
				m.Predict(x)
			}
		}
	}
}

func TestBagAverages(t *testing.T) {
	p := DefaultParams
	p.Trees = 10
	gs := xorGroups(30, 6)
	bag := Bag(gs, p, 2)
	a := Train(gs, p)
	p.Seed++
	b := Train(gs, p)
	if bag.Trees() != 20 {
		t.Fatalf("bag of 2 x 10 trees has %d", bag.Trees())
	}
	for _, x := range gs[0].X {
		if d := bag.Predict(x) - (a.Predict(x)+b.Predict(x))/2; d > 1e-9 || d < -1e-9 {
			t.Fatalf("Predict(%v): bag %v, mean of its fits %v", x, bag.Predict(x), (a.Predict(x)+b.Predict(x))/2)
		}
	}
}

// conflicting are groups of two candidates where the right one has the
// higher feature f: groups for f=0 and f=1 teach opposite orders.
func conflicting(n, f int, w float64, seed uint64) []Group {
	rng := rand.New(rand.NewPCG(seed, 2))
	gs := make([]Group, n)
	for i := range gs {
		a := rng.Float64()
		hi, lo := []float64{a, 1 - a}, []float64{1 - a, a}
		if (a > 0.5) != (f == 0) {
			hi, lo = lo, hi
		}
		gs[i] = Group{X: [][]float64{lo, hi}, Good: []bool{false, true}, Weight: w}
	}
	return gs
}

func TestGroupWeight(t *testing.T) {
	p := DefaultParams
	p.Trees = 30
	// weight 1 is the default weight: the same model, byte for byte
	var one, unset bytes.Buffer
	gs := xorGroups(100, 4)
	Train(gs, p).Write(&unset)
	for i := range gs {
		gs[i].Weight = 1
	}
	Train(gs, p).Write(&one)
	if !bytes.Equal(one.Bytes(), unset.Bytes()) {
		t.Error("groups of weight 1 fit another model than groups of no weight")
	}
	// of two equally many groups that disagree, the heavier ones win
	for f := range 2 {
		heavy, light := conflicting(100, f, 4, 5), conflicting(100, 1-f, 0.25, 6)
		m := Train(append(heavy, light...), p)
		if h := hit1(m, conflicting(100, f, 1, 7)); h < 0.9 {
			t.Errorf("groups for feature %d weigh 16 times more, yet hit@1 on them is %.2f", f, h)
		}
	}
}

func TestPredictAll(t *testing.T) {
	m := Train(xorGroups(50, 1), DefaultParams)
	var xs [][]float64
	for _, g := range xorGroups(5, 7) {
		xs = append(xs, g.X...)
	}
	out := make([]float64, len(xs))
	for i := range out {
		out[i] = -1 // PredictAll writes over what out held
	}
	m.PredictAll(xs, out)
	for i, x := range xs {
		if out[i] != m.Predict(x) {
			t.Fatalf("PredictAll: vector %d scores %v, Predict %v", i, out[i], m.Predict(x))
		}
	}
}

// Predict and PredictAll read the trees laid out flat: the same leaves,
// summed in the same order, as the trees the fit made, whether a value
// is below a split, at it, above it or NaN.
func TestFlatPredictsAsTrees(t *testing.T) {
	gs := xorGroups(60, 7)
	p := DefaultParams
	p.Trees = 40
	var text bytes.Buffer
	bagged := Bag(gs, p, 2)
	if err := bagged.Write(&text); err != nil {
		t.Fatal(err)
	}
	parsed, err := Parse(text.String())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for name, m := range map[string]*Model{"trained": Train(gs, p), "bagged": bagged, "parsed": parsed} {
		var xs [][]float64
		for range 500 {
			x := make([]float64, m.Features)
			for i := range x {
				x[i] = rng.Float64()
				switch rng.IntN(8) {
				case 0:
					x[i] = math.NaN()
				case 1:
					// a split's own threshold
					tr := m.trees[rng.IntN(len(m.trees))]
					if n := tr[rng.IntN(len(tr))]; n.Feature >= 0 {
						x[i] = n.Threshold
					}
				}
			}
			xs = append(xs, x)
		}
		all := make([]float64, len(xs))
		m.PredictAll(xs, all)
		for i, x := range xs {
			want := 0.0
			for _, tr := range m.trees {
				want += predictTree(tr, x)
			}
			if got := m.Predict(x); got != want || all[i] != want {
				t.Fatalf("%s: Predict(%v) = %v, PredictAll %v, the trees %v", name, x, got, all[i], want)
			}
		}
	}
}
