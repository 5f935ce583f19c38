package answer

import "testing"

func TestEmbeddedTrees(t *testing.T) {
	m := Trees()
	if m.Features != VectorLen || m.Trees() == 0 {
		t.Fatalf("embedded model: %d trees over %d features, want some over %d", m.Trees(), m.Features, VectorLen)
	}
}

func TestVectors(t *testing.T) {
	pool := make([]Candidate, 3)
	pool[0].F[FLex], pool[1].F[FLex], pool[2].F[FLex] = 0.5, 0.9, 0.5
	pool[0].Kind, pool[1].Kind, pool[2].Kind = Kind1, Kind5, KindInfo
	vs := Vectors(pool, SceneFormat)
	relAt := NumFeatures + int(numScenes)*NumKinds
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
		if ones != 1 || v[NumFeatures+int(SceneFormat)*NumKinds+pool[i].Kind] != 1 {
			t.Errorf("candidate %d: kind in scene not one-hot", i)
		}
	}
}
