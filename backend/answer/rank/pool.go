package rank

import (
	"cmp"
	"container/heap"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/backend/wordvec"
)

// pool selects the candidates worth every feature, or takes those from
// holds, and computes them; tm is the task model (nil: none).
func (rk *ranker) pool(a analyse.Analysis, from *[]int, tm *tasks.Model) ([]Candidate, *query) {
	q := rk.resolve(a)
	if len(a.Concepts) == 0 || q.mass == 0 {
		return nil, q
	}
	var admit []int
	q.task, admit = rk.taskPages(a, tm)
	sc := rk.scratch()
	defer rk.release(sc)
	lx := rk.sums(q, sc)
	sn := newSense(rk.w.Vectors, a, q)
	var ids []int
	if from != nil {
		ids = rk.joined(*from, q)
	} else {
		ids = rk.gather(q, lx, sn, admit)
	}
	return rk.measure(ids, q, lx, sn), q
}

// lexical is what the postings scan gives of every page: its BM25F
// score, over all fields and per field, and per concept what of it the
// page's names and NAME line hold (sparse; concepts first, then a flag
// per concept for the question's own word).
type lexical struct {
	total   []float64
	field   [][index.NumFields]float64
	nameSum *nameSums
}

// nameSums are, per document, what of each concept its names and NAME
// line hold: the concepts' weights, then a flag per concept for the
// question's own word. Rows are kept in one array and found through a
// per-document index: most documents match little, and a map of slices
// cost a question thousands of allocations.
type nameSums struct {
	width int     // numbers per row: twice the concepts
	at    []int32 // per document: 1 + its row, 0 for none
	docs  []int   // the documents with a row, in the order they got it
	vals  []float64
}

// of is document doc's row, or nil.
func (s *nameSums) of(doc int) []float64 {
	k := int(s.at[doc])
	if k == 0 {
		return nil
	}
	off := (k - 1) * s.width
	return s.vals[off : off+s.width : off+s.width]
}

// row is document doc's row, made (zero) if it has none. It is valid
// until the next row is made.
func (s *nameSums) row(doc int) []float64 {
	if ns := s.of(doc); ns != nil {
		return ns
	}
	s.docs = append(s.docs, doc)
	s.at[doc] = int32(len(s.docs))
	off := len(s.vals)
	s.vals = append(s.vals, make([]float64, s.width)...)
	return s.vals[off : off+s.width : off+s.width]
}

// reset empties s for rows of width numbers.
func (s *nameSums) reset(width int) {
	for _, d := range s.docs {
		s.at[d] = 0
	}
	s.width, s.docs, s.vals = width, s.docs[:0], s.vals[:0]
}

// sums scans the postings of the question's terms.
func (rk *ranker) sums(q *query, sc *scratch) lexical {
	// The concepts' postings are summed in two lanes, which the cores
	// may scan at once; the lanes depend on the question alone, so the
	// sums, and the pool, do not depend on how many cores there are.
	lanes := rk.lanes(q)
	inParallel(len(lanes), func(from, to int) {
		for l := from; l < to; l++ {
			rk.scan(q, lanes[l], &sc.lanes[l])
		}
	}, 1)
	lx := lexical{total: sc.lanes[0].total, field: sc.lanes[0].field, nameSum: &sc.lanes[0].nameSum}
	for l := range sc.lanes[1:len(lanes)] {
		ln := &sc.lanes[1+l]
		for d := range rk.r.NumDocs() {
			lx.total[d] += ln.total[d]
			for f := range index.NumFields {
				lx.field[d][f] += ln.field[d][f]
			}
		}
		for _, d := range ln.nameSum.docs {
			ns := ln.nameSum.of(d)
			mine := lx.nameSum.row(d)
			for i, x := range ns {
				mine[i] = max(mine[i], x)
			}
		}
	}
	return lx
}

// scanFacts are the facts of page id the postings scan gives.
func (rk *ranker) scanFacts(id int, q *query, lx lexical) facts {
	x := facts{rk: rk, id: id, prior: &rk.priors[id], q: q, total: lx.total[id], field: lx.field[id]}
	x.nm, x.named = q.named[id]
	return x
}

// gather selects the pool: the best pages by the first stage, those whose
// NAME line holds the question in its words or in others, the pages the
// question names, and the man pages and info nodes that document each
// other, and the pages of the commands the task model puts first for the
// question (byTask, best first). Ids in order.
func (rk *ranker) gather(q *query, lx lexical, sn *sense, byTask []int) []int {
	// First stage: lexical score, names and priors, with fixed weights so
	// the pool does not move while the final weights are fitted.
	var f [NumFeatures]float64
	scene := q.a.Scene
	prior := rk.firstPrior[scene]
	first := func(id int) float64 {
		if _, ok := q.named[id]; !ok {
			return prior[id] + firstStage.W[FLex]*(lx.total[id]/q.mass)
		}
		f = [NumFeatures]float64{}
		x := rk.scanFacts(id, q, lx)
		x.measure(stagePage, &f)
		x.measure(stageScan, &f)
		return firstStage.Score(&f, scene, rk.priors[id].kind)
	}
	// Articles have places of their own, so that an archive never takes
	// a manual page's place in the pool.
	h, guests := &candHeap{}, &candHeap{}
	for id := range rk.r.NumDocs() {
		if lx.total[id] == 0 {
			continue
		}
		s := first(id)
		if rk.guest(id) {
			guests.offer(guestPool, scored{id, s})
		} else {
			h.offer(rk.w.Pool, scored{id, s})
		}
	}
	in := map[int]bool{}
	ids := make([]int, 0, h.Len()+guests.Len()+8)
	add := func(id int) {
		if !in[id] {
			in[id] = true
			ids = append(ids, id)
		}
	}
	for _, sc := range append(*h, *guests...) {
		add(sc.id)
	}
	// Pages whose NAME line says most of what the question asks: the
	// lexical score undersells a short page whose one line is the answer
	// ("print a sequence of numbers") among long pages that use the
	// question's common words everywhere. And pages whose NAME line says
	// it in other words: "stage changes" for git-add's "add file contents
	// to the index". Only the trees were fitted on pools with them; in an
	// index too small for the trees, the weighted sum keeps the pools it
	// was fitted on.
	if rk.treeSized() {
		for _, id := range rk.nameAdmits(lx.nameSum, q, in, first) {
			add(id)
		}
		for _, id := range rk.senseAdmits(sn, in) {
			add(id)
		}
		// And the pages of the commands people use for what it asks,
		// however the pages word it.
		for _, id := range byTask {
			add(id)
		}
	}
	// And the pages of the commands a task lead reads the question as a
	// task of, whose words the question may not say at all.
	for _, id := range rk.leadPages(q) {
		add(id)
	}
	return rk.join(ids, in, q)
}

// join adds to the pool ids (whose members in holds) what joins any
// pool: the pages the question names, and the man pages of info nodes in
// it, whatever their lexical score. Ids in order.
func (rk *ranker) join(ids []int, in map[int]bool, q *query) []int {
	add := func(id int) {
		if !in[id] {
			in[id] = true
			ids = append(ids, id)
		}
	}
	for id := range q.named {
		add(id)
	}
	for _, id := range ids[:len(ids):len(ids)] {
		if g := rk.priors[id].group; g >= 0 {
			add(g)
		}
		// and the info nodes about a man page, whose words support it
		for _, node := range rk.groups[id] {
			add(node)
		}
	}
	slices.Sort(ids)
	return ids
}

// joined is the pool of the candidates a Source found: those the index
// holds, joined as gather's are.
func (rk *ranker) joined(from []int, q *query) []int {
	in := map[int]bool{}
	var ids []int
	for _, id := range from {
		if id >= 0 && id < rk.r.NumDocs() && !in[id] {
			in[id] = true
			ids = append(ids, id)
		}
	}
	return rk.join(ids, in, q)
}

// measure computes every feature of the pool's pages, ids.
func (rk *ranker) measure(ids []int, q *query, lx lexical, sn *sense) []Candidate {
	pool := make([]Candidate, len(ids))
	// Each candidate's features read only what is shared; reading its
	// blocks is most of a question's work, so the cores split it.
	inParallel(len(ids), func(from, to int) {
		sn := sn.fork()
		for i := from; i < to; i++ {
			id := ids[i]
			c := &pool[i]
			*c = Candidate{ID: id, Kind: rk.priors[id].kind}
			x := rk.scanFacts(id, q, lx)
			x.cov = rk.cover(id, q, lx.nameSum.of(id))
			x.title, _ = rk.r.NameLine(id)
			x.sense, x.senseWord = sn.of(rk.nameLineWords().of(id))
			x.measure(stagePage, &c.F)
			x.measure(stageScan, &c.F)
			x.measure(stageMatch, &c.F)
			c.Covered, c.NameCov, c.Block, c.Coverage = x.cov.covered, x.cov.nameCov, x.cov.at, x.cov.block
		}
	}, 16)
	pf := &poolFacts{pool: pool, byID: make(map[int]int, len(pool)), echoTop: rk.echoTop(pool, lx.total)}
	for i, c := range pool {
		pf.byID[c.ID] = i
	}
	// The pool's features read only the earlier stages' of the others
	// (and FEchoed the postings of each page's name): the cores split
	// them too.
	inParallel(len(pool), func(from, to int) {
		for i := from; i < to; i++ {
			x := facts{rk: rk, id: pool[i].ID, prior: &rk.priors[pool[i].ID], q: q, pool: pf}
			x.measure(stagePool, &pool[i].F)
		}
	}, 16)
	return pool
}

// senseAdmits returns the w.SenseAdmit pages not yet in the pool whose
// names and NAME line are closest to the question by word vectors.
func (rk *ranker) senseAdmits(sn *sense, in map[int]bool) []int {
	if sn == nil || rk.w.SenseAdmit <= 0 {
		return nil
	}
	lines := rk.lineVecs()
	dim := len(sn.mean)
	if len(lines) != rk.r.NumDocs()*dim {
		return nil
	}
	q := make([]float32, dim)
	for i, x := range sn.mean {
		q[i] = float32(x)
	}
	// The products, most of the work, on every core; the choice in id
	// order as before, so that the pages chosen do not depend on the
	// number of cores.
	nd := rk.r.NumDocs()
	dots := make([]float32, nd)
	inParallel(nd, func(from, to int) {
		// four pages at a time: their sums are apart, so the additions
		// of one need not wait for the last of another's, and each is
		// added in the order it always was
		id := from
		for ; id+4 <= to; id += 4 {
			v0 := lines[id*dim : (id+1)*dim][:len(q)]
			v1 := lines[(id+1)*dim : (id+2)*dim][:len(q)]
			v2 := lines[(id+2)*dim : (id+3)*dim][:len(q)]
			v3 := lines[(id+3)*dim : (id+4)*dim][:len(q)]
			var d0, d1, d2, d3 float32
			for i, x := range q {
				d0 += x * v0[i]
				d1 += x * v1[i]
				d2 += x * v2[i]
				d3 += x * v3[i]
			}
			dots[id], dots[id+1], dots[id+2], dots[id+3] = d0, d1, d2, d3
		}
		for ; id < to; id++ {
			v := lines[id*dim : (id+1)*dim][:len(q)]
			var dot float32
			for i, x := range q {
				dot += x * v[i]
			}
			dots[id] = dot
		}
	}, 4096)
	h := &candHeap{}
	k := rk.w.SenseAdmit
	for id, dot := range dots {
		// what the heap would turn away is not looked up in the pool
		if dot <= 0 || h.Len() >= k && float64(dot) <= (*h)[0].score || in[id] || rk.guest(id) {
			continue
		}
		h.offer(k, scored{id, float64(dot)})
	}
	out := make([]int, 0, h.Len())
	for _, c := range *h {
		out = append(out, c.id)
	}
	slices.Sort(out)
	return out
}

// vectors is the word vectors' table, nil where the weights have none.
func (rk *ranker) vectors() *wordvec.Table {
	if rk.w.Vectors == nil {
		return nil
	}
	return rk.w.Vectors()
}

// lineVecs are the mean word vectors of every page's names and NAME line,
// Dim per page (zero where the vectors know none of its words), made on
// first use.
func (rk *ranker) lineVecs() []float32 {
	rk.linesOnce.Do(func() {
		t := rk.vectors()
		if t == nil {
			return
		}
		nd := rk.r.NumDocs()
		out := make([]float32, nd*t.Dim)
		words := rk.nameLineWords()
		var line [][]int8
		for id := range nd {
			line = line[:0]
			for _, row := range words.of(id) {
				line = append(line, t.RowVec(row))
			}
			for i, x := range wordvec.Mean(line, nil) {
				out[id*t.Dim+i] = float32(x)
			}
		}
		rk.lines = out
	})
	return rk.lines
}

// lineWords are the words of every page's title and NAME line that the
// word vectors know, in order, by their rows in the vectors' table.
type lineWords struct {
	at   []int32 // per page, where its rows start; one more at the end
	rows []int32
}

// of are page id's rows (none without vectors).
func (lw lineWords) of(id int) []int32 {
	if lw.at == nil {
		return nil
	}
	return lw.rows[lw.at[id]:lw.at[id+1]]
}

// nameLineWords are the rows of every page's words in the word vectors,
// made on first use: FSense reads them for every candidate of every
// question, which would scan each line and look each word up again.
func (rk *ranker) nameLineWords() lineWords {
	rk.wordsOnce.Do(func() {
		t := rk.vectors()
		if t == nil {
			return
		}
		nd := rk.r.NumDocs()
		lw := lineWords{at: make([]int32, nd+1)}
		add := func(w []byte) {
			if row := t.Row(w); row >= 0 {
				lw.rows = append(lw.rows, row)
			}
		}
		for id := range nd {
			title, summary := rk.r.NameLine(id)
			terms.Scan(title, false, add)
			terms.Scan(summary, false, add)
			lw.at[id+1] = int32(len(lw.rows))
		}
		rk.words = lw
	})
	return rk.words
}

// nameAdmits returns the w.NameAdmit pages not yet in the pool whose NAME
// line covers the most of the question, the first-stage score breaking
// ties.
func (rk *ranker) nameAdmits(nameSum *nameSums, q *query, in map[int]bool, first func(int) float64) []int {
	if rk.w.NameAdmit <= 0 {
		return nil
	}
	nc := len(q.a.Concepts)
	var cands []scored
	for _, id := range nameSum.docs {
		ns := nameSum.of(id)
		if in[id] || rk.guest(id) {
			continue
		}
		if s := weigh(ns[:nc], q); s > 0 {
			cands = append(cands, scored{id, s})
		}
	}
	slices.SortFunc(cands, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	if len(cands) > rk.w.NameAdmit {
		// everything tied with the last place competes for it
		cut := cands[rk.w.NameAdmit-1].score
		n := rk.w.NameAdmit
		for n < len(cands) && cands[n].score == cut {
			n++
		}
		cands = cands[:n]
		above := 0 // pages that hold more of the question than the cut
		for above < len(cands) && cands[above].score > cut {
			above++
		}
		tied := cands[above:]
		for i := range tied {
			tied[i].score = first(tied[i].id)
		}
		slices.SortFunc(tied, func(a, b scored) int {
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
			return a.id - b.id
		})
		cands = cands[:rk.w.NameAdmit]
	}
	out := make([]int, len(cands))
	for i, c := range cands {
		out[i] = c.id
	}
	return out
}

// inParallel calls fn over contiguous parts of [0, n) that together cover
// it, on as many goroutines as cores but none for fewer than minPart
// items, and returns when all are done. The parts are small and handed
// out in turn to whichever goroutine is free: a question's work is
// uneven (one candidate may be bash(1), with a thousand blocks), and a
// core may be busy with another program, so that halves fixed ahead
// left the caller waiting on the slower one.
func inParallel(n int, fn func(from, to int), minPart int) {
	parts := min(runtime.GOMAXPROCS(0), maxParts, n/minPart)
	if parts <= 1 {
		fn(0, n)
		return
	}
	size := max(1, minPart/partsPerMin)
	var taken atomic.Int64
	work := func() {
		for {
			from := int(taken.Add(int64(size))) - size
			if from >= n {
				return
			}
			fn(from, min(from+size, n))
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed any
	for range parts - 1 {
		wg.Go(func() {
			// A fault reading a mapped index file that changed under
			// the backend, or any panic, belongs to the question: it is
			// raised again in the caller's goroutine, whose handler
			// recovers it, instead of killing the backend from here.
			debug.SetPanicOnFault(true)
			defer func() {
				if v := recover(); v != nil {
					mu.Lock()
					if failed == nil {
						failed = v
					}
					mu.Unlock()
				}
			}()
			work()
		})
	}
	work()
	wg.Wait()
	if failed != nil {
		panic(failed)
	}
}

// partsPerMin is how many parts inParallel hands out of minPart items:
// small enough to even out, large enough that taking one costs nothing
// beside it.
const partsPerMin = 4

// maxParts bounds inParallel: past a few cores the parts of a question's
// work are too small to pay for their goroutines.
const maxParts = 4

// scratch is the per-question working memory of pool: arrays with one
// entry per document, kept between questions so a question does not
// allocate and clear megabytes.
type scratch struct {
	lanes [numLanes]lane
}

// numLanes is how many parts pool's postings scan is split into.
const numLanes = 2

// lane is one part of the postings scan: sums over its concepts.
type lane struct {
	total, concept []float64
	// per document, per field: one cache line a document, as a
	// posting updates all its fields at once
	field, fieldConcept [][index.NumFields]float64
	// per document, per concept: weight of the best alternative seen in
	// the name or the summary
	nameSum nameSums
	touched []int
	posts   []index.Posting // of the term being scanned
}

func (rk *ranker) scratch() *scratch {
	if sc := rk.spare.Swap(nil); sc != nil {
		return sc
	}
	if sc, ok := rk.scratches.Get().(*scratch); ok {
		return sc
	}
	nd := rk.r.NumDocs()
	sc := &scratch{}
	for l := range sc.lanes {
		sc.lanes[l] = lane{total: make([]float64, nd), concept: make([]float64, nd),
			field: make([][index.NumFields]float64, nd), fieldConcept: make([][index.NumFields]float64, nd),
			nameSum: nameSums{at: make([]int32, nd)}}
	}
	return sc
}

// release clears what pool wrote (concept and fieldConcept are zero
// already) and keeps the scratch for the next question.
func (rk *ranker) release(sc *scratch) {
	for l := range sc.lanes {
		ln := &sc.lanes[l]
		clear(ln.total)
		clear(ln.field)
		ln.nameSum.reset(0)
	}
	if !rk.spare.CompareAndSwap(nil, sc) {
		rk.scratches.Put(sc)
	}
}

// lanes splits the question's concepts into at most numLanes parts of
// about as many postings, by the greedy rule: each concept, most
// postings first, to the lightest part. Concepts keep their order
// within a part.
func (rk *ranker) lanes(q *query) [][]int {
	type load struct{ ci, n int }
	loads := make([]load, len(q.alts))
	for ci, alts := range q.alts {
		loads[ci].ci = ci
		for _, alt := range alts {
			loads[ci].n += rk.r.DF(alt.term)
		}
	}
	slices.SortStableFunc(loads, func(a, b load) int { return b.n - a.n })
	var parts [numLanes][]int
	var weight [numLanes]int
	for _, ld := range loads {
		l := 0
		for k := range parts {
			if weight[k] < weight[l] {
				l = k
			}
		}
		parts[l] = append(parts[l], ld.ci)
		weight[l] += ld.n
	}
	out := make([][]int, 0, numLanes)
	for _, p := range parts {
		if len(p) > 0 {
			slices.Sort(p)
			out = append(out, p)
		}
	}
	return out
}

// scan sums the BM25 scores of concepts' best alternatives into ln, per
// document and per field, and what of each concept the NAME lines hold.
func (rk *ranker) scan(q *query, concepts []int, ln *lane) {
	nc := len(q.a.Concepts)
	total, concept := ln.total, ln.concept
	fieldTotal, fieldConcept := ln.field, ln.fieldConcept
	invNorm := rk.invNorm
	weightOf, k1 := &rk.w.Field, rk.w.K1
	nameSum := &ln.nameSum
	nameSum.reset(2 * nc) // concepts, then the exact-word flags after them
	touched, posts := ln.touched, ln.posts
	for _, ci := range concepts {
		touched = touched[:0]
		for _, alt := range q.alts[ci] {
			posts = rk.r.AppendPostings(posts[:0], alt.term)
			// the products below as they were written in full
			// (alt.weight * alt.idf * x), once per alternative
			wi := alt.weight * alt.idf
			// a page's name counts only in the question's own words:
			// "user" expanding to "useradd" does not name useradd
			names := alt.weight >= 1
			for _, p := range posts {
				inv, fc := &invNorm[p.Doc], &fieldConcept[p.Doc]
				tf := 0.0
				for f := range index.NumFields {
					if p.TF[f] == 0 {
						continue
					}
					ftf := float64(p.TF[f]) * inv[f]
					tf += weightOf[f] * ftf
					if f == index.FieldName && !names {
						continue
					}
					if fs := wi * ftf / (k1 + ftf); fs > fc[f] {
						fc[f] = fs
					}
				}
				s := wi * tf / (k1 + tf)
				if concept[p.Doc] == 0 {
					touched = append(touched, p.Doc)
				}
				if s > concept[p.Doc] {
					concept[p.Doc] = s
				}
				if p.TF[index.FieldName] > 0 || p.TF[index.FieldSummary] > 0 {
					ns := nameSum.row(p.Doc)
					if alt.weight > ns[ci] {
						ns[ci] = alt.weight
					}
					if alt.weight == 1 && alt.idf > 0 {
						ns[nc+ci] = 1
					}
				}
			}
		}
		for _, d := range touched {
			total[d] += concept[d]
			concept[d] = 0
			for f := range index.NumFields {
				fieldTotal[d][f] += fieldConcept[d][f]
			}
			fieldConcept[d] = [index.NumFields]float64{}
		}
	}
	ln.touched, ln.posts = touched, posts
}

// cover finds where in page id the question is: NAME line, the best
// block, the best dense block, option item and code.
func (rk *ranker) cover(id int, q *query, nameSum []float64) coverage {
	var cv coverage
	nc := len(q.a.Concepts)
	// one array for the five per-concept rows: nameCov and covered are
	// kept with the candidate, the rest is scratch
	rows := make([]float64, 5*nc)
	row := func(i int) []float64 { return rows[i*nc : (i+1)*nc : (i+1)*nc] }
	base, cur, purpose := row(0), row(1), row(2)
	if nameSum != nil {
		copy(base, nameSum[:nc])
		cv.nameLineExact = weigh(nameSum[nc:], q)
		found := 0.0
		for _, x := range nameSum[:nc] {
			found += x
		}
		cv.namePrecision = math.Min(1, found/float64(max(3, rk.docLens[id][index.FieldSummary])))
	}
	cv.nameLine = weigh(base, q)
	cv.nameCov, cv.covered = row(3), row(4)
	copy(cv.nameCov, base)
	best := cv.covered
	copy(best, base)
	bestScore := cv.nameLine
	cv.at = -1
	dense, item, code := bestScore, bestScore, bestScore
	copy(purpose, base)
	for bi := range rk.r.NumBlocks(id) {
		b := rk.r.Block(id, bi)
		copy(cur, base)
		q.cover(b, cur)
		s := weigh(cur, q)
		if s > bestScore {
			bestScore, cv.at = s, bi
			copy(best, cur)
		}
		// the NAME line's share is not discounted: only what the block adds
		ds := cv.nameLine + (s-cv.nameLine)/rk.denseDivisor(b.Len())
		dense = max(dense, ds)
		switch b.Kind {
		case document.Item:
			item = max(item, s)
		case document.Code:
			code = max(code, s)
		}
		if b.Purpose {
			for ci, x := range cur {
				purpose[ci] = max(purpose[ci], x)
			}
		}
	}
	cv.block = bestScore
	cv.purpose = weigh(purpose, q)
	cv.dense = dense
	cv.item = item
	cv.code = code
	return cv
}

// denseDivisor is what FDense divides a block's share by, for a block
// of n distinct terms.
func (rk *ranker) denseDivisor(n int) float64 {
	if n < len(rk.denseDiv) {
		return rk.denseDiv[n]
	}
	return 1 + math.Log1p(float64(n)/rk.w.DenseLen)
}

// coverage is where in a page the question is.
type coverage struct {
	nameLine      float64 // share of the question in the names and NAME line
	nameLineExact float64 // the same, the question's own words only
	namePrecision float64 // share of the NAME line's words the question has
	block         float64 // share in the NAME line and the best block
	dense         float64 // the same, the block discounted by its length
	item, code    float64 // the same, in the best option item, code block
	purpose       float64 // in the NAME line and the blocks that say what the page is for
	// per concept: the weight found in the names and NAME line, and in
	// them or the best block
	nameCov, covered []float64
	at               int // the best block, -1 if none beats the NAME line
}

type scored struct {
	id    int
	score float64
}

type candHeap []scored

func (h candHeap) Len() int           { return len(h) }
func (h candHeap) Less(i, j int) bool { return h[i].score < h[j].score }
func (h candHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *candHeap) Push(x any)        { *h = append(*h, x.(scored)) }

// offer keeps c if the heap holds fewer than k or c beats its least.
func (h *candHeap) offer(k int, c scored) {
	if h.Len() < k {
		heap.Push(h, c)
	} else if c.score > (*h)[0].score {
		(*h)[0] = c
		heap.Fix(h, 0)
	}
}

func (h *candHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
