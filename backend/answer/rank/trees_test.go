package rank

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/boost"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestEmbeddedTrees(t *testing.T) {
	m, err := Trees()
	if err != nil {
		t.Fatal(err)
	}
	if m.Features != VectorLen || m.Trees() == 0 {
		t.Fatalf("embedded model: %d trees over %d features, want some over %d", m.Trees(), m.Features, VectorLen)
	}
}

func TestVectors(t *testing.T) {
	pool := make([]Candidate, 3)
	pool[0].F[FLex], pool[1].F[FLex], pool[2].F[FLex] = 0.5, 0.9, 0.5
	pool[0].Kind, pool[1].Kind, pool[2].Kind = Kind1, Kind5, KindInfo
	vs := Vectors(pool, analyse.SceneFormat)
	relAt := NumFeatures + int(analyse.NumScenes)*NumKinds
	rankAt := relAt + NumFeatures
	for i, want := range []struct{ rel, rank float64 }{{-0.4, 1}, {0, 0}, {-0.4, 1}} {
		v := vs[i]
		if len(v) != VectorLen || v[FLex] != pool[i].F[FLex] {
			t.Fatalf("candidate %d: vector of %d values, Lex %v", i, len(v), v[FLex])
		}
		if d := v[relAt+FLex] - want.rel; d > 1e-9 || d < -1e-9 || v[rankAt+FLex] != want.rank {
			t.Errorf("candidate %d: Lex gap %v rank %v, want %v %v", i, v[relAt+FLex], v[rankAt+FLex], want.rel, want.rank)
		}
		// every candidate ties on the features left at zero
		if v[rankAt+FNamed] != 0 {
			t.Errorf("candidate %d: rank %v on a feature all share", i, v[rankAt+FNamed])
		}
		ones := 0
		for k := NumFeatures; k < relAt; k++ {
			if v[k] == 1 {
				ones++
			}
		}
		if ones != 1 || v[NumFeatures+int(analyse.SceneFormat)*NumKinds+pool[i].Kind] != 1 {
			t.Errorf("candidate %d: kind in scene not one-hot", i)
		}
	}
}

// TestPlaceGuests: the manuals' pages keep the scores they have among
// themselves, and an article goes where it ranks in the pool of those
// pages and it alone, though a strong article lowers them there: what
// the trees see of a page is relative to its pool. Articles placed
// between the same pages are in the order of the pool they all share.
func TestPlaceGuests(t *testing.T) {
	relLex := NumFeatures + int(analyse.NumScenes)*NumKinds + FLex
	// near the pool's best Lex: +1, else -1; a Sense of 0.5 or more: +0.5
	m, err := boost.Parse(fmt.Sprintf("boost 2 trees %d features\ntree\nsplit %d -0.25 1 2\nleaf -1\nleaf 1\ntree\nsplit %d 0.5 1 2\nleaf 0\nleaf 0.5\n",
		VectorLen, relLex, FSense))
	if err != nil {
		t.Fatal(err)
	}
	cand := func(id int, lex, sense float64) Candidate {
		c := Candidate{ID: id, Kind: Kind1}
		c.F[FLex], c.F[FSense] = lex, sense
		return c
	}
	pool := []Candidate{
		cand(1, 0.5, 0.9), // 1 + 0.5
		cand(2, 0.4, 0.2), // 1
		cand(3, 0.1, 0.9), // -1 + 0.5
		// Lex 0.8: beside it the three manual pages score -0.5, -1 and
		// -0.5; it scores 1, first
		cand(10, 0.8, 0.2),
		// Lex 0.45 leaves them as they are; it scores 1, the second
		// page's score, which wins the tie
		cand(11, 0.45, 0.2),
		// Lex 1.2: as alone as the first article, but ahead of it where
		// the two meet
		cand(12, 1.2, 0.2),
	}
	placeGuests(m, pool, 3, analyse.SceneHowTo)
	for i, want := range []float64{1.5, 1, -0.5} {
		if pool[i].Score != want {
			t.Errorf("manual page %d scores %.2f, want %.2f", pool[i].ID, pool[i].Score, want)
		}
	}
	slices.SortFunc(pool, func(a, b Candidate) int { return cmp.Compare(b.Score, a.Score) })
	var order []int
	for _, c := range pool {
		order = append(order, c.ID)
	}
	if want := []int{12, 10, 1, 2, 11, 3}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
}

// BenchmarkPlaceGuests: what ranking a pool costs when an archive's
// articles join it (placed) against ranking the same candidates as one
// pool, as an index without archives does; 130 candidates is a usual
// pool, 10 of them articles (guestPool).
func BenchmarkPlaceGuests(b *testing.B) {
	m, err := Trees()
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pool := make([]Candidate, 130)
	for i := range pool {
		pool[i] = Candidate{ID: i, Kind: Kind1}
		for f := range NumFeatures {
			pool[i].F[f] = rng.Float64()
		}
	}
	b.Run("one-pool", func(b *testing.B) {
		for b.Loop() {
			for _, v := range Vectors(pool, analyse.SceneHowTo) {
				m.Predict(v)
			}
		}
	})
	b.Run("placed", func(b *testing.B) {
		for b.Loop() {
			placeGuests(m, pool, len(pool)-guestPool, analyse.SceneHowTo)
		}
	})
}

// A model whose columns are not the vectors this code makes is refused
// when it loads, naming the first column that differs; a retriever is
// then not made (no panic at query time).
func TestLoadTreesRefusesMismatch(t *testing.T) {
	header, rest, _ := strings.Cut(treesText, "\n")
	cols, trees, _ := strings.Cut(rest, "\n")
	if !strings.HasPrefix(cols, "columns ") {
		t.Fatalf("trees.txt: second line %.40q is not the columns", cols)
	}
	names := strings.Fields(cols)[1:]
	renamed := slices.Clone(names)
	renamed[FNameLine] = "Renamed"
	swapped := slices.Clone(names)
	swapped[FDense], swapped[FItem] = swapped[FItem], swapped[FDense]
	// a model fitted before the code gained its last feature
	var older []string
	for _, c := range names {
		if !strings.HasSuffix(c, FeatureNames[NumFeatures-1]) {
			older = append(older, c)
		}
	}
	olderModel := fmt.Sprintf("boost 1 trees %d features\ncolumns %s\ntree\nleaf 0\n", len(older), strings.Join(older, " "))
	for _, tc := range []struct {
		name, text, want string
	}{
		{"renamed", header + "\ncolumns " + strings.Join(renamed, " ") + "\n" + trees, "column 5 is Renamed in the model but NameLine in the code"},
		{"swapped", header + "\ncolumns " + strings.Join(swapped, " ") + "\n" + trees, "column 9 is Item in the model but Dense in the code"},
		{"older", olderModel, fmt.Sprintf("column %d is %s in the model but %s in the code (%d columns against %d)",
			NumFeatures-1, names[NumFeatures], FeatureNames[NumFeatures-1], len(older), len(names))},
		{"unnamed", header + "\n" + trees, "does not name its columns"},
	} {
		_, err := LoadTrees(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	if _, err := LoadTrees(treesText); err != nil {
		t.Fatalf("the shipped model: %v", err)
	}

	w := DefaultWeights()
	w.Trees = func() (*boost.Model, error) {
		return LoadTrees(header + "\ncolumns " + strings.Join(renamed, " ") + "\n" + trees)
	}
	r := testindex.Must(t, testindex.Fixture)
	if _, err := New(answer.NewLibrary(r), nil, w); err == nil || !strings.Contains(err.Error(), "Renamed") {
		t.Errorf("New with a mismatched model: %v", err)
	}
}
