package wordvec

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func TestEmbedded(t *testing.T) {
	tb := Default()
	if tb == nil {
		t.Fatal("embedded vectors.bin does not parse")
	}
	if tb.Dim != DefaultParams.Dim || tb.Len() < 5000 {
		t.Fatalf("embedded table: %d words of %d dimensions", tb.Len(), tb.Dim)
	}
}

// corpus is two topics whose words never meet: pets and vehicles. Within
// a topic the nouns share their company but not each other's documents.
func corpus() [][]string {
	rnd := rand.New(rand.NewPCG(3, 4))
	topics := [][]string{
		{"fur", "food", "vet", "leash", "bowl", "play"},
		{"engine", "wheel", "road", "fuel", "brake", "gear"},
	}
	nouns := [][]string{{"cat", "dog", "hamster"}, {"car", "truck", "bus"}}
	var docs [][]string
	for range 300 {
		k := rnd.IntN(2)
		d := []string{}
		for range 30 {
			if rnd.IntN(3) == 0 {
				d = append(d, nouns[k][rnd.IntN(3)])
			} else {
				d = append(d, topics[k][rnd.IntN(len(topics[k]))])
			}
		}
		docs = append(docs, d)
	}
	return docs
}

func TestTrainSeparatesTopics(t *testing.T) {
	tb := Train(corpus(), Params{Dim: 4, Window: 3, MinDocs: 2, MaxWords: 100, Seed: 1})
	if tb.Len() != 18 {
		t.Fatalf("vocabulary of %d words, want 18", tb.Len())
	}
	same := Cos(tb.Vec("cat"), tb.Vec("dog"))
	other := Cos(tb.Vec("cat"), tb.Vec("truck"))
	if same < 0.5 || same-other < 0.5 {
		t.Fatalf("cos(cat, dog) = %.2f, cos(cat, truck) = %.2f: topics not told apart", same, other)
	}
	if q := Cos(tb.Vec("bus"), tb.Vec("fuel")); q < Cos(tb.Vec("bus"), tb.Vec("fur"))+0.5 {
		t.Fatalf("bus is no closer to fuel (%.2f) than to fur", q)
	}
}

func TestJacobiEigen(t *testing.T) {
	const n = 7
	rnd := rand.New(rand.NewPCG(1, 2))
	a := make([]float64, n*n)
	for i := range n {
		for j := i; j < n; j++ {
			a[i*n+j] = rnd.NormFloat64()
			a[j*n+i] = a[i*n+j]
		}
	}
	orig := append([]float64(nil), a...)
	vals, vecs := jacobiEigen(a, n)
	for e := range n {
		for i := range n {
			var av float64
			for k := range n {
				av += orig[i*n+k] * vecs[k*n+e]
			}
			if d := av - vals[e]*vecs[i*n+e]; math.Abs(d) > 1e-9 {
				t.Fatalf("eigenpair %d: (Av - λv)[%d] = %g", e, i, d)
			}
		}
	}
}

func TestWriteParse(t *testing.T) {
	tb := Train(corpus(), Params{Dim: 3, Window: 2, MinDocs: 1, MaxWords: 10, Seed: 1})
	var buf bytes.Buffer
	if err := tb.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got.Dim != tb.Dim || got.Len() != tb.Len() {
		t.Fatalf("parsed %d×%d, wrote %d×%d", got.Len(), got.Dim, tb.Len(), tb.Dim)
	}
	for w := range tb.words {
		if fmt.Sprint(got.Vec(w)) != fmt.Sprint(tb.Vec(w)) {
			t.Fatalf("%s: parsed %v, wrote %v", w, got.Vec(w), tb.Vec(w))
		}
	}
}

func TestParseRejects(t *testing.T) {
	var buf bytes.Buffer
	Train(corpus(), Params{Dim: 3, Window: 2, MinDocs: 1, MaxWords: 4, Seed: 1}).Write(&buf)
	good := buf.Bytes()
	bad := map[string][]byte{
		"empty":      nil,
		"magic":      append([]byte("ragman-wordvec 2\n"), good[len(magic):]...),
		"truncated":  good[:len(good)-1],
		"trailing":   append(append([]byte(nil), good...), 0),
		"no words":   []byte(magic),
		"dimension":  append([]byte(magic), 0, 1),
		"count":      append([]byte(magic), 3, 0xff, 0xff, 0xff, 0x0f),
		"empty word": append([]byte(magic), 1, 1, 0, 5),
		"duplicate":  append([]byte(magic), 1, 2, 1, 'a', 5, 1, 'a', 6),
	}
	for name, b := range bad {
		if _, err := Parse(b); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
