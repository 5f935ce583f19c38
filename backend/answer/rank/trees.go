package rank

import (
	"cmp"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/boost"
)

// trees.txt is the ranking model tools/rankeval -tune -trees fits on our
// question sets. Trees rank better than the weighted sum of the features
// held out: they see each feature against the rest of the pool (a NAME line
// that covers the question is worth more where no other page's does) and
// combinations a sum cannot weigh (popularity only among close matches).
//
//go:embed trees.txt
var treesText string

// Trees is the shipped ranking model, read on first use.
var Trees = sync.OnceValues(func() (*boost.Model, error) {
	m, err := LoadTrees(treesText)
	if err != nil {
		return nil, fmt.Errorf("the embedded ranking model (trees.txt): %w", err)
	}
	return m, nil
})

// LoadTrees reads a ranking model and checks that it scores the vectors
// this code makes: a model fitted before a feature was added, removed or
// moved is refused, naming the first column that differs.
func LoadTrees(text string) (*boost.Model, error) {
	m, err := boost.Parse(text)
	if err != nil {
		return nil, err
	}
	want := Columns()
	if m.Columns == nil {
		return nil, fmt.Errorf("the model does not name its columns; refit it with tools/rankeval -tune -trees")
	}
	for i := range max(len(want), len(m.Columns)) {
		got, exp := "(none)", "(none)"
		if i < len(m.Columns) {
			got = m.Columns[i]
		}
		if i < len(want) {
			exp = want[i]
		}
		if got != exp {
			return nil, fmt.Errorf("column %d is %s in the model but %s in the code (%d columns against %d); refit it with tools/rankeval -tune -trees",
				i, got, exp, len(m.Columns), len(want))
		}
	}
	return m, nil
}

// Columns name the values of the vectors the trees score, in order: the
// features, the kinds of page in each scene, and each feature's gap to
// the pool's best and rank in the pool.
func Columns() []string {
	cols := make([]string, 0, VectorLen)
	cols = append(cols, FeatureNames[:]...)
	for sc := range analyse.NumScenes {
		for _, k := range KindNames {
			cols = append(cols, "kind:"+sc.String()+":"+k)
		}
	}
	for _, n := range FeatureNames {
		cols = append(cols, "gap:"+n)
	}
	for _, n := range FeatureNames {
		cols = append(cols, "rank:"+n)
	}
	return cols
}

// rankCap is where a candidate's rank within the pool stops mattering.
const rankCap = 20

// VectorLen is the length of the vectors the trees score.
const VectorLen = 3*NumFeatures + int(analyse.NumScenes)*NumKinds

// Vectors are what the trees see of each candidate of a pool: its
// features; its kind of page in the question's scene, one-hot; and per
// feature its gap to the pool's best value and its rank in the pool (how
// many candidates have more), up to rankCap.
func Vectors(pool []Candidate, scene analyse.Scene) [][]float64 {
	fr := newFrame(pool)
	out := make([][]float64, len(pool))
	slab := make([]float64, len(pool)*VectorLen)
	for i := range pool {
		out[i] = slab[i*VectorLen : (i+1)*VectorLen : (i+1)*VectorLen]
		fr.vector(&pool[i], scene, nil, out[i])
	}
	return out
}

// frame is a pool's values of each feature, sorted, against which a
// candidate's gaps and ranks are taken.
type frame struct {
	vals [NumFeatures][]float64
}

func newFrame(pool []Candidate) *frame {
	fr := &frame{}
	slab := make([]float64, NumFeatures*len(pool))
	for f := range NumFeatures {
		vals := slab[f*len(pool) : (f+1)*len(pool) : (f+1)*len(pool)]
		for i := range pool {
			vals[i] = pool[i].F[f]
		}
		slices.Sort(vals)
		fr.vals[f] = vals
	}
	return fr
}

// vector writes into v what the trees see of c in the frame's pool, or,
// with a guest, in the pool with the guest added (c may be the guest).
func (fr *frame) vector(c *Candidate, scene analyse.Scene, guest *Candidate, v []float64) {
	clear(v)
	copy(v, c.F[:])
	v[NumFeatures+int(scene)*NumKinds+c.Kind] = 1
	relAt := NumFeatures + int(analyse.NumScenes)*NumKinds
	rankAt := relAt + NumFeatures
	for f := range NumFeatures {
		vals := fr.vals[f]
		x := c.F[f]
		best := vals[len(vals)-1] // frames are of pools with candidates
		// candidates with more: those after the last equal value
		above := len(vals) - sort.Search(len(vals), func(k int) bool { return vals[k] > x })
		if guest != nil {
			best = max(best, guest.F[f])
			if guest.F[f] > x {
				above++
			}
		}
		v[relAt+f] = x - best
		v[rankAt+f] = float64(min(above, rankCap))
	}
}

// guestDepth is how many of the manuals' best pages an article is placed
// among; below them its place is only by score.
const guestDepth = 5

// placeGuests scores the manuals' pages, pool[:hosts], against each other
// alone, so that an archive never changes their order; and places each
// article, pool[hosts:], where it ranks in the pool of the manuals' pages
// and it alone: its Score falls between the scores of the manuals' pages it
// comes between there. Articles that fall between the same two pages are
// in the order they have in the pool of all candidates, where they meet.
// There is at least one manual page (0 < hosts): a pool of articles alone
// is one pool (Vectors).
func placeGuests(m *boost.Model, pool []Candidate, hosts int, scene analyse.Scene) {
	manuals := pool[:hosts]
	fr := newFrame(manuals)
	v := make([]float64, VectorLen)
	for i := range manuals {
		fr.vector(&manuals[i], scene, nil, v)
		manuals[i].Score = m.Predict(v)
	}
	order := make([]int, hosts)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(manuals[b].Score, manuals[a].Score); c != 0 {
			return c
		}
		return manuals[a].ID - manuals[b].ID
	})
	top := order[:min(guestDepth, hosts)]
	world := make([]float64, len(top)) // the top pages' scores beside one article
	gap := make([]int, len(pool))      // per article: the top pages ahead of it
	for gi := hosts; gi < len(pool); gi++ {
		g := &pool[gi]
		for j, mi := range top {
			fr.vector(&manuals[mi], scene, g, v)
			world[j] = m.Predict(v)
		}
		fr.vector(g, scene, g, v)
		own := m.Predict(v)
		// k of the top pages stay ahead of it (they win ties)
		k := 0
		for _, w := range world {
			if w >= own {
				k++
			}
		}
		gap[gi] = k
		slices.SortFunc(world, func(a, b float64) int { return cmp.Compare(b, a) })
		switch {
		case k == 0:
			g.Score = manuals[top[0]].Score + (own - world[0])
		case k == len(top):
			g.Score = manuals[top[k-1]].Score - (world[k-1] - own)
		default:
			hi, lo := manuals[top[k-1]].Score, manuals[top[k]].Score
			frac := 0.5
			if world[k-1] > world[k] {
				frac = min(0.95, max(0.05, (own-world[k])/(world[k-1]-world[k])))
			}
			g.Score = lo + (hi-lo)*frac
		}
	}
	if len(pool)-hosts < 2 {
		return
	}
	all := newFrame(pool)
	joint := make([]float64, len(pool))
	byGap := map[int][]int{}
	for gi := hosts; gi < len(pool); gi++ {
		all.vector(&pool[gi], scene, nil, v)
		joint[gi] = m.Predict(v)
		byGap[gap[gi]] = append(byGap[gap[gi]], gi)
	}
	// the scores a gap's articles were given, handed out in their joint order
	for _, gs := range byGap {
		scores := make([]float64, len(gs))
		for i, gi := range gs {
			scores[i] = pool[gi].Score
		}
		slices.SortFunc(scores, func(a, b float64) int { return cmp.Compare(b, a) })
		slices.SortFunc(gs, func(a, b int) int {
			if c := cmp.Compare(joint[b], joint[a]); c != 0 {
				return c
			}
			return pool[a].ID - pool[b].ID
		})
		for i, gi := range gs {
			if i > 0 && scores[i] >= scores[i-1] {
				scores[i] = math.Nextafter(scores[i-1], math.Inf(-1)) // ties keep the joint order
			}
			pool[gi].Score = scores[i]
		}
	}
}
