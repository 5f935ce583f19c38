package answer

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/ragman-dev/ragman/backend/boost"
)

// trees.txt is the ranking model internal/rankeval -tune -trees fits on our
// question sets. Trees rank better than the weighted sum of the features
// held out: they see each feature against the rest of the pool (a NAME line
// that covers the question is worth more where no other page's does) and
// combinations a sum cannot weigh (popularity only among close matches).
//
//go:embed trees.txt
var treesText string

// Trees is the shipped ranking model, parsed on first use: only the backend
// ranks, and every ragman process links this package.
var Trees = sync.OnceValue(func() *boost.Model {
	m, err := boost.Parse(treesText)
	if err == nil && m.Features != VectorLen {
		err = fmt.Errorf("model is for vectors of %d values, not %d", m.Features, VectorLen)
	}
	if err != nil {
		// a test parses the embedded model; a broken one never ships
		panic("answer: embedded trees.txt: " + err.Error())
	}
	return m
})

// rankCap is where a candidate's rank within the pool stops mattering.
const rankCap = 20

// VectorLen is the length of the vectors the trees score.
const VectorLen = 3*NumFeatures + int(numScenes)*NumKinds

// Vectors are what the trees see of each candidate of a pool: its
// features; its kind of page in the question's scene, one-hot; and per
// feature its gap to the pool's best value and its rank in the pool (how
// many candidates have more), up to rankCap.
func Vectors(pool []Candidate, scene Scene) [][]float64 {
	return vectors(pool, len(pool), scene)
}

// vectors are Vectors with the first hosts candidates for the pool: each
// later one (an archive's article) is seen as it would be were it the one
// page added to them, so that articles never change how the hosts compare
// with each other. Without hosts, the pool is all of them.
func vectors(pool []Candidate, hosts int, scene Scene) [][]float64 {
	if hosts == 0 {
		hosts = len(pool)
	}
	out := make([][]float64, len(pool))
	slab := make([]float64, len(pool)*VectorLen)
	for i := range pool {
		v := slab[i*VectorLen : (i+1)*VectorLen : (i+1)*VectorLen]
		copy(v, pool[i].F[:])
		v[NumFeatures+int(scene)*NumKinds+pool[i].Kind] = 1
		out[i] = v
	}
	relAt := NumFeatures + int(numScenes)*NumKinds
	rankAt := relAt + NumFeatures
	vals := make([]float64, hosts)
	for f := range NumFeatures {
		for i := range hosts {
			vals[i] = pool[i].F[f]
		}
		slices.Sort(vals)
		best := vals[hosts-1]
		for i := range pool {
			x := pool[i].F[f]
			top := best
			if i >= hosts {
				top = max(top, x)
			}
			out[i][relAt+f] = x - top
			// candidates with more: those after the last equal value
			above := hosts - sort.Search(hosts, func(k int) bool { return vals[k] > x })
			out[i][rankAt+f] = float64(min(above, rankCap))
		}
	}
	return out
}
