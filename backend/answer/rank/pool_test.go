package rank

import (
	"cmp"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestNameAdmits(t *testing.T) {
	// two concepts, the second three times as telling as the first
	q := &query{a: analyse.Analysis{Concepts: make([]analyse.Concept, 2)}, idf: []float64{1, 3}, mass: 4}
	// per page: the concepts its NAME line holds, then the exact-word flags
	rows := map[int][]float64{
		1: {1, 0, 1, 0},   // 0.25
		2: {0, 1, 0, 1},   // 0.75
		3: {1, 1, 1, 1},   // 1, but already in the pool
		4: {0, 1, 0, 0},   // 0.75
		5: {0.5, 0, 0, 0}, // 0.125
		6: {0, 0, 0, 0},   // holds nothing
	}
	nameSum := &nameSums{at: make([]int32, 7)}
	nameSum.reset(4)
	for id, ns := range rows {
		copy(nameSum.row(id), ns)
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
		rk := &ranker{w: Weights{NameAdmit: tc.admit}, priors: make([]docPrior, 7)}
		got := rk.nameAdmits(nameSum, q, in, func(id int) float64 { return first[id] })
		slices.Sort(got[:min(2, len(got))]) // the order within a tie is free
		if !slices.Equal(got, tc.want) {
			t.Errorf("NameAdmit %d: got %v, want %v", tc.admit, got, tc.want)
		}
	}
}

func TestAlternativeNoRarerThanWord(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	rk.treeDocs = 0 // as if the index were big enough for the trees
	common, rare := "file", "chroot"
	ci, _ := rk.r.Term(common)
	ri, ok := rk.r.Term(rare)
	if !ok || rk.r.IDF(ri) <= rk.r.IDF(ci) {
		t.Fatalf("fixture index: want %q rarer than %q", rare, common)
	}
	a := analyse.Analysis{Concepts: []analyse.Concept{{Word: common, Weight: 1, Alts: []analyse.Alt{{Stem: common, Weight: 1}, {Stem: rare, Weight: 0.8}}}}}
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
	rk := newTestRanker(t, retriever(t))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, question := range []string{
		"how do I remove a directory with all the files in it",
		"how do I change the owner and group of a file",
		"how do I find files by name in a folder tree",
	} {
		a := analyse.Analyse(question, analyse.Thesaurus)
		if len(rk.lanes(rk.resolve(a))) < 2 {
			t.Fatalf("%q: one lane; the test needs a question that splits", question)
		}
		var want []Candidate
		for _, cores := range []int{1, 2, 3, 8} {
			runtime.GOMAXPROCS(cores)
			got, _ := rk.pool(a, nil, rk.tasks)
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

// FEchoed counts, among the question's best lexical matches, the other
// pages whose text uses a page's name: checked here against the pages'
// own text rather than the postings echoes reads.
func TestEchoes(t *testing.T) {
	e := retriever(t)
	a := analyse.Analyse("How do I change the owner and group of a file?", analyse.Thesaurus)
	pool, _ := e.rk.pool(a, nil, e.rk.tasks)
	top := slices.Clone(pool)
	slices.SortStableFunc(top, func(x, y Candidate) int { return cmp.Compare(y.F[FLex], x.F[FLex]) })
	top = top[:min(echoPages, len(top))]
	texts := map[int]map[string]bool{} // page -> the stems of its words
	for _, c := range top {
		d, err := e.lib.Load(c.ID)
		if err != nil {
			t.Fatal(err)
		}
		stems := map[string]bool{}
		terms.Words(d.Title+" "+d.Summary+" "+d.Text(), false, func(w string) { stems[terms.Stem(w)] = true })
		texts[c.ID] = stems
	}
	echoed := 0
	for _, c := range pool {
		if e.rk.priors[c.ID].nameTerm < 0 {
			continue
		}
		m := e.lib.Meta(c.ID)
		name := terms.Stem(strings.ToLower(m.Title))
		n := 0
		for id, text := range texts {
			if other := e.lib.Meta(id); id == c.ID || other.Group == c.ID || strings.EqualFold(other.Title, m.Title) {
				continue
			}
			if text[name] {
				n++
			}
		}
		if want := math.Log1p(float64(n)); math.Abs(c.F[FEchoed]-want) > 1e-9 {
			t.Errorf("%s: FEchoed %.3f, want %.3f (%d pages use %q)", m.Label, c.F[FEchoed], want, n, name)
		}
		if n > 0 {
			echoed++
		}
	}
	if echoed < 3 {
		t.Errorf("only %d pages of the pool are named by the others; the fixture's chown, chgrp and chmod name each other", echoed)
	}
}

func TestNameTerm(t *testing.T) {
	r := retriever(t).rk.r
	chown, _ := r.Term("chown")
	queue, _ := r.Term("queue") // on two of the fixture's 278 pages
	for title, want := range map[string]int{
		"chown":      chown,
		"CHOWN":      chown,
		"frobnicate": -1,    // no page uses it
		"git-queue":  queue, // the last part stands for a subcommand
		"git-chown":  -1,    // but not a part many pages have
	} {
		if got := nameTerm(r, hostCounts{docs: r.NumDocs(), df: r.DF}, title); got != want {
			t.Errorf("nameTerm(%q) = %d, want %d", title, got, want)
		}
	}
}

// The manuals' document frequencies, which decide the term a page is
// named by, are those of an index without the archive: a wiki that uses
// "daemon" on every article must not stop dbus-daemon(1) being named by
// "daemon".
func TestHostDFIgnoresArticles(t *testing.T) {
	base := retriever(t).rk
	with := newRetriever(t, testindex.Must(t, testindex.Wiki)).rk
	hosts := with.hostDF()
	if want := base.r.NumDocs(); hosts.docs != want {
		t.Errorf("%d manual pages counted, want %d", hosts.docs, want)
	}
	shared, raised := 0, 0
	for t0 := range base.r.NumTerms() {
		stem := base.r.TermString(t0)
		w, ok := with.r.Term(stem)
		if !ok {
			t.Fatalf("%q is not in the index with the archive", stem)
		}
		shared++
		if with.r.DF(w) > base.r.DF(t0) {
			raised++
		}
		if got, want := hosts.df(w), base.r.DF(t0); got != want {
			t.Errorf("%q: on %d manual pages with the archive, %d without", stem, got, want)
		}
	}
	if raised == 0 {
		t.Errorf("the archive uses none of the manuals' %d terms: the test shows nothing", shared)
	}
	// the threshold of rare is among the manuals too
	r := base.r
	queue, _ := r.Term("queue")
	for docs, want := range map[int]int{r.NumDocs(): queue, r.NumDocs() / 2: -1} {
		if got := nameTerm(r, hostCounts{docs: docs, df: r.DF}, "git-queue"); got != want {
			t.Errorf("with %d manual pages: nameTerm(git-queue) = %d, want %d", docs, got, want)
		}
	}
}

// senseAdmits takes the pages closest to the question by FSense, the
// cosine the candidates' features give, leaving out those in the pool.
func TestSenseAdmits(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	rk.w.SenseAdmit = 5
	a := analyse.Analyse("How do I alter who owns a file?", analyse.Thesaurus)
	q := rk.resolve(a)
	sn := newSense(rk.w.Vectors, a, q)
	if sn == nil {
		t.Fatal("no word vectors for the question")
	}
	in := map[int]bool{}
	got := rk.senseAdmits(sn, in)
	if len(got) != 5 {
		t.Fatalf("admitted %v, want 5 pages", got)
	}
	sense := func(id int) float64 {
		s, _ := sn.of(rk.nameLineWords().of(id))
		return s
	}
	least := math.Inf(1)
	for _, id := range got {
		least = min(least, sense(id))
	}
	for id := range rk.r.NumDocs() {
		if !slices.Contains(got, id) && sense(id) > least+1e-5 {
			t.Errorf("page %d (FSense %.4f) left out for one at %.4f", id, sense(id), least)
		}
	}
	// pages in the pool are not admitted again
	in[got[0]] = true
	if again := rk.senseAdmits(sn, in); slices.Contains(again, got[0]) {
		t.Errorf("page %d admitted though in the pool", got[0])
	}
}

// TestArticlesLeaveManualsScores: with an archive added, every page of the
// manuals scores exactly what it scored without it, by the trees, on
// questions whose words the manuals have; so an article moves a man page
// down only by outranking it. The question only the archive answers (its
// words are the archive's alone, which changes the question's weight) is
// answered by its article.
func TestArticlesLeaveManualsScores(t *testing.T) {
	with := newRetriever(t, testindex.Must(t, testindex.Wiki))
	base := retriever(t)
	rankers := make([]*ranker, 2)
	for i, e := range []*Retriever{base, with} {
		rankers[i] = newTestRanker(t, e)
		rankers[i].treeDocs = 0 // as if the index were big enough for the trees
	}
	guests := 0
	for _, question := range []string{
		"How do I change the permissions of all files in a directory recursively?",
		"what do the permission bits of a file mean",
		"how do I see which systemd units failed",
		"how do I make the terminal show colors",
		"how do I read the info manual of a program",
		"how do I rank the download mirrors by speed",
	} {
		a := analyse.Analyse(question, analyse.Thesaurus)
		alone, _ := rankers[0].rank(a, 1<<30, nil, rankers[0].tasks)
		mixed, _ := rankers[1].rank(a, 1<<30, nil, rankers[1].tasks)
		want := map[string]float64{}
		for _, c := range alone {
			want[c.Meta.Label] = c.Score
		}
		for _, c := range mixed {
			if c.Meta.Type == "zim" {
				guests++
				continue
			}
			if s, ok := want[c.Meta.Label]; !ok || s != c.Score {
				t.Errorf("%q: %s scores %.4f with the archive, %.4f (found %v) without", question, c.Meta.Label, c.Score, s, ok)
			}
			delete(want, c.Meta.Label)
		}
		for l := range want {
			t.Errorf("%q: %s is a candidate only without the archive", question, l)
		}
	}
	if guests == 0 {
		t.Error("no article was a candidate: the test shows nothing")
	}
	// Each article comes after as many of the manuals' best pages as
	// score above it in the pool of the manuals' pages and it alone,
	// scored there as one pool.
	model, err := Trees()
	if err != nil {
		t.Fatal(err)
	}
	placed := 0
	for _, question := range []string{
		"How do I change the permissions of all files in a directory recursively?",
		"what do the permission bits of a file mean",
		"how do I make the terminal show colors",
		"How do I rank pacman mirrors by download speed?",
		"how do systemd timers replace cron jobs",
		"how do I read a file with less and search in it",
		"what does chmod 755 mean for a file",
		"how do I choose the fastest mirror",
	} {
		a := analyse.Analyse(question, analyse.Thesaurus)
		mixed, _ := rankers[1].rank(a, 1<<30, nil, rankers[1].tasks)
		var manuals []Candidate
		for _, c := range mixed {
			if c.Meta.Type != "zim" {
				manuals = append(manuals, c)
			}
		}
		top := manuals[:min(guestDepth, len(manuals))]
		for pos, g := range mixed {
			if g.Meta.Type != "zim" {
				continue
			}
			world := append(slices.Clone(manuals), g)
			vs := Vectors(world, a.Scene)
			own := model.Predict(vs[len(world)-1])
			want := 0
			for i := range top {
				if model.Predict(vs[i]) >= own {
					want++
				}
			}
			got := 0
			for _, c := range mixed[:pos] {
				if c.Meta.Type != "zim" && slices.ContainsFunc(top, func(t Candidate) bool { return t.ID == c.ID }) {
					got++
				}
			}
			if got != want {
				t.Errorf("%q: %s comes after %d of the manuals' first %d pages, want %d", question, g.Meta.Label, got, len(top), want)
			}
			placed++
		}
	}
	if placed == 0 {
		t.Error("no article was placed: the test shows nothing")
	}
	q := "How do I rank pacman mirrors by download speed?"
	if mixed, _ := rankers[1].rank(analyse.Analyse(q, analyse.Thesaurus), 3, nil, rankers[1].tasks); len(mixed) == 0 || mixed[0].Meta.Label != "Reflector" {
		t.Errorf("%q: first %v, want the article Reflector", q, mixed)
	}
}

// A panic in one of inParallel's workers, a fault reading a mapped file
// among them, is raised again in the caller, whose handler recovers it.
func TestInParallelPanics(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func() {
		if v := recover(); v != "a worker's part" {
			t.Errorf("recovered %v, want the worker's panic", v)
		}
	}()
	inParallel(64, func(from, to int) {
		if from > 0 { // not the caller's own part
			panic("a worker's part")
		}
	}, 1)
	t.Error("inParallel returned")
}

// A name of letters and digits no page has ("lan0") is the task's
// argument and counts for nothing; a word no page has ("tomatoes") still
// counts against coverage, as the least common word would.
func TestIdentifierNotAbsent(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	concept := func(w string) analyse.Concept {
		return analyse.Concept{Word: w, Weight: 1, Alts: []analyse.Alt{{Stem: w, Weight: 1}}}
	}
	a := analyse.Analysis{Concepts: []analyse.Concept{concept("lan0"), concept("tomatoes"), concept("ext4")}}
	for _, w := range []string{"lan0", "tomatoes"} {
		if _, ok := rk.r.Term(w); ok {
			t.Fatalf("fixture index: want no %q", w)
		}
	}
	q := rk.resolve(a)
	if q.idf[0] != 0 {
		t.Errorf("lan0 counts idf %.2f, want 0", q.idf[0])
	}
	if q.idf[1] == 0 {
		t.Errorf("tomatoes counts nothing; a word no page has counts against coverage")
	}
	for w, want := range map[string]bool{"lan0": true, "web-02": true, "sdb2": true, "ext4": true, "tomatoes": false, "100": false, "v": false, "e.g": false} {
		if got := identifier(w); got != want {
			t.Errorf("identifier(%q) = %v, want %v", w, got, want)
		}
	}
}

// nameLineWords holds, per page, the rows of the words of its title and
// NAME line the word vectors know, in order.
func TestNameLineWords(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	tab := rk.w.Vectors()
	lw := rk.nameLineWords()
	known := 0
	for id := range rk.r.NumDocs() {
		var want []int32
		title, summary := rk.r.NameLine(id)
		for _, text := range []string{title, summary} {
			terms.Words(text, false, func(w string) {
				if v := tab.Vec(w); v != nil {
					want = append(want, tab.Row([]byte(w)))
					if !slices.Equal(tab.RowVec(want[len(want)-1]), v) {
						t.Errorf("page %d: the row of %q is not its vector", id, w)
					}
				}
			})
		}
		if got := lw.of(id); !slices.Equal(got, want) {
			t.Errorf("page %d (%s): rows %v, want %v", id, title, got, want)
		}
		known += len(want)
	}
	if known == 0 {
		t.Error("the vectors know no word of any NAME line: the test shows nothing")
	}
}

// The page of a command a task lead reads the question as a task of is
// in the pool, though the question's words brought others: "wait 5
// seconds, then list the directory with ls" is sleep's first, in a pool
// the words fill with ls(1) alone.
func TestPoolTakesLeadPages(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	rk.w.Pool = 1 // the words' own pool: one page
	a := analyse.Analyse("wait 5 seconds, then list the directory with ls", analyse.Thesaurus)
	cands, q := rk.pool(a, nil, nil)
	ids := rk.leadPages(q)
	if len(ids) != 1 || rk.r.Meta(ids[0]).Label != "sleep(1)" {
		t.Fatalf("lead pages %v, want sleep(1)'s", ids)
	}
	if !slices.ContainsFunc(cands, func(c Candidate) bool { return c.ID == ids[0] }) {
		t.Errorf("sleep(1) not in the pool of %d", len(cands))
	}
}
