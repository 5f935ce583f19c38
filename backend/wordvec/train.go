package wordvec

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// Params shape a Train run.
type Params struct {
	Dim      int // vector length
	Window   int // words either side that count as company, the nearer the more
	MinDocs  int // a word must occur in this many documents
	MaxWords int // the most frequent words kept; the counts are a MaxWords² matrix
	Seed     uint64
}

// DefaultParams are those of the embedded table. 64 dimensions ranked as
// well as 100 in a trial on our question sets at two thirds of the size.
var DefaultParams = Params{Dim: 64, Window: 5, MinDocs: 5, MaxWords: 16384, Seed: 1}

// Train learns vectors from documents given as word sequences: positive
// pointwise mutual information of words within Window of each other
// (contexts smoothed with the usual 0.75 power), factored by a randomized
// truncated SVD; a word's vector is its row of U·√Σ, normalised.
func Train(docs [][]string, p Params) *Table {
	vocab := vocabulary(docs, p)
	index := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		index[w] = int32(i)
	}
	v := len(vocab)
	// Dense counts: simple and fast for an offline run (1 GiB at 16384
	// words); the matrix is symmetric.
	counts := make([]float32, v*v)
	ids := []int32{}
	for _, d := range docs {
		ids = ids[:0]
		for _, w := range d {
			i, ok := index[w]
			if !ok {
				i = -1
			}
			ids = append(ids, i)
		}
		for k, a := range ids {
			if a < 0 {
				continue
			}
			for o := 1; o <= p.Window && k+o < len(ids); o++ {
				b := ids[k+o]
				if b < 0 {
					continue
				}
				x := 1 / float32(o)
				counts[int(a)*v+int(b)] += x
				counts[int(b)*v+int(a)] += x
			}
		}
	}
	m := ppmi(counts, v)
	counts = nil
	u := topSingular(m, v, p.Dim, p.Seed)
	t := &Table{Dim: p.Dim, words: index, vecs: make([]int8, v*p.Dim)}
	for i := range v {
		row := u[i*p.Dim : (i+1)*p.Dim]
		var n float64
		for _, x := range row {
			n += x * x
		}
		n = math.Sqrt(n)
		if n == 0 {
			continue
		}
		for j, x := range row {
			t.vecs[i*p.Dim+j] = int8(math.Round(127 * x / n))
		}
	}
	return t
}

// vocabulary is the MaxWords words in most documents, at least MinDocs.
func vocabulary(docs [][]string, p Params) []string {
	df := map[string]int{}
	seen := map[string]bool{}
	for _, d := range docs {
		clear(seen)
		for _, w := range d {
			if !seen[w] {
				seen[w] = true
				df[w]++
			}
		}
	}
	var vocab []string
	for w, n := range df {
		if n >= p.MinDocs && len(w) < 256 {
			vocab = append(vocab, w)
		}
	}
	slices.SortFunc(vocab, func(a, b string) int {
		return cmp.Or(cmp.Compare(df[b], df[a]), cmp.Compare(a, b))
	})
	return vocab[:min(len(vocab), p.MaxWords)]
}

// sparse is a square matrix in compressed rows.
type sparse struct {
	start []int
	col   []int32
	val   []float64
}

// mul sets y (v×l, row-major) to m·x.
func (m *sparse) mul(x, y []float64, l int) {
	clear(y)
	for i := range len(m.start) - 1 {
		yi := y[i*l : (i+1)*l]
		for k := m.start[i]; k < m.start[i+1]; k++ {
			xc := x[int(m.col[k])*l : int(m.col[k]+1)*l]
			a := m.val[k]
			for j := range yi {
				yi[j] += a * xc[j]
			}
		}
	}
}

func ppmi(c []float32, v int) *sparse {
	rows := make([]float64, v)
	var total float64
	for i := range v {
		for _, x := range c[i*v : (i+1)*v] {
			rows[i] += float64(x)
		}
		total += rows[i]
	}
	ctx := make([]float64, v)
	var ctxTotal float64
	for i, r := range rows {
		ctx[i] = math.Pow(r, 0.75)
		ctxTotal += ctx[i]
	}
	m := &sparse{start: make([]int, 0, v+1)}
	for i := range v {
		m.start = append(m.start, len(m.col))
		for j, x := range c[i*v : (i+1)*v] {
			if x == 0 {
				continue
			}
			pmi := math.Log(float64(x) * ctxTotal / (rows[i] * ctx[j]))
			if pmi > 0 {
				m.col = append(m.col, int32(j))
				m.val = append(m.val, pmi)
			}
		}
	}
	m.start = append(m.start, len(m.col))
	return m
}

// topSingular returns U·√Σ (v×k, row-major) of the symmetric m's k
// largest singular values, by a randomized range finder with power
// iterations (Halko, Martinsson and Tropp 2011).
func topSingular(m *sparse, v, k int, seed uint64) []float64 {
	l := k + 10
	rnd := rand.New(rand.NewPCG(seed, 0))
	x := make([]float64, v*l)
	for i := range x {
		x[i] = rnd.NormFloat64()
	}
	y := make([]float64, v*l)
	m.mul(x, y, l)
	for range 5 {
		orthonormalize(y, v, l)
		m.mul(y, x, l)
		orthonormalize(x, v, l)
		m.mul(x, y, l)
	}
	q := y
	orthonormalize(q, v, l)
	// B = Qᵀm, and as m is symmetric Bᵀ = mQ; the eigenvectors W of
	// BBᵀ give m ≈ (QW)Σ(...)
	mq := x
	m.mul(q, mq, l)
	bbt := make([]float64, l*l)
	for i := range v {
		r := mq[i*l : (i+1)*l]
		for a := range l {
			for b := range l {
				bbt[a*l+b] += r[a] * r[b]
			}
		}
	}
	vals, vecs := jacobiEigen(bbt, l)
	order := make([]int, l)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	out := make([]float64, v*k)
	for i := range v {
		qi := q[i*l : (i+1)*l]
		for j := range k {
			e := order[j]
			var s float64
			for a := range l {
				s += qi[a] * vecs[a*l+e]
			}
			// σ = √λ; the vector is scaled by √σ
			out[i*k+j] = s * math.Pow(max(vals[e], 0), 0.25)
		}
	}
	return out
}

// orthonormalize makes the l columns of the v×l row-major a orthonormal
// (modified Gram–Schmidt).
func orthonormalize(a []float64, v, l int) {
	for j := range l {
		for p := range j {
			var d float64
			for i := range v {
				d += a[i*l+j] * a[i*l+p]
			}
			for i := range v {
				a[i*l+j] -= d * a[i*l+p]
			}
		}
		var n float64
		for i := range v {
			n += a[i*l+j] * a[i*l+j]
		}
		n = math.Sqrt(n)
		if n == 0 {
			continue
		}
		for i := range v {
			a[i*l+j] /= n
		}
	}
}

// jacobiEigen returns the eigenvalues and eigenvectors (as columns of a
// row-major n×n) of the symmetric n×n a, which it overwrites.
func jacobiEigen(a []float64, n int) ([]float64, []float64) {
	vecs := make([]float64, n*n)
	for i := range n {
		vecs[i*n+i] = 1
	}
	for range 100 {
		var off float64
		for p := range n {
			for q := p + 1; q < n; q++ {
				off += a[p*n+q] * a[p*n+q]
			}
		}
		if off < 1e-22 {
			break
		}
		for p := range n {
			for q := p + 1; q < n; q++ {
				apq := a[p*n+q]
				if math.Abs(apq) < 1e-300 {
					continue
				}
				theta := (a[q*n+q] - a[p*n+p]) / (2 * apq)
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := range n {
					akp, akq := a[k*n+p], a[k*n+q]
					a[k*n+p] = c*akp - s*akq
					a[k*n+q] = s*akp + c*akq
				}
				for k := range n {
					apk, aqk := a[p*n+k], a[q*n+k]
					a[p*n+k] = c*apk - s*aqk
					a[q*n+k] = s*apk + c*aqk
				}
				for k := range n {
					vkp, vkq := vecs[k*n+p], vecs[k*n+q]
					vecs[k*n+p] = c*vkp - s*vkq
					vecs[k*n+q] = s*vkp + c*vkq
				}
			}
		}
	}
	vals := make([]float64, n)
	for i := range n {
		vals[i] = a[i*n+i]
	}
	return vals, vecs
}
