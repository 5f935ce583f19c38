// Command taskeval measures the task → command model of backend/answer/tasks
// alone, as a retriever of commands:
//
//   - 5-fold cross-validation over the descriptions of ../shared/tasks
//     (new wording of a known task): fit on four fifths, ask each held-out
//     example description (not page summaries), hit@1 and hit@3 of its
//     command. A command whose descriptions all fell in the held-out fold
//     cannot be found; those count as misses ("known" leaves them out).
//   - the project's question sets, testdata/eval/dev*.tsv and
//     style-*.tsv when present, with the model fitted on all the data (or
//     the embedded model, -embedded, which learned those questions): a hit when a top command is an
//     expected page's name. The question's words are the analyser's concept
//     stems (analyse.Analyse without the thesaurus). "man" resolves the
//     commands against this machine's man pages (tasks.Resolve), as the
//     ranker would against its index.
//   - -final FILE: one line for a held-out set (../shared/eval/questions.tsv),
//     never used to choose anything.
//   - -crossfit FILE: a set of the data's own descriptions
//     (../shared/eval/tldr-train.tsv), scored by the full model, where each
//     question finds itself (hit@1 0.880 with man pages), and by the model
//     fitted without the descriptions whose stems hash to its fold, as
//     tools/rankeval reads that set (0.501, hit@3 0.650: about the dev and
//     style sets' 0.489, so folding by stems leaves little of the leak).
//
// -grid runs the parameter grid the shipped parameters were chosen on, one
// parameter at a time around the defaults; -grid2 b, top K and the pairs'
// weight together. What they showed (and why tasks.DefaultParams are what
// they are): page summaries in the fit help both measures (cv@1 0.340 ->
// 0.366); k1 hardly matters (0.5 to 3); b trades the two: the question sets
// ask mostly of common commands, which have many descriptions, so a small b
// helps them (how-to hit@1 with man pages 0.394 at b=0.75, 0.49 at 0 to
// 0.25) and costs cross-validation little (0.367 at 0.5, 0.364 at 0.25,
// 0.352 at 0): b=0.25. Pairs of adjacent stems help both at a weight of
// 0.1-0.25 (cv@1 +2.4 points, dev +0.3) and hurt the dev sets at 1;
// 0.25. Top K: 16 and 32 lose, 128 is as good as no pruning; a minimum
// support of 2 descriptions loses 4 points of cv. Figures of the shipped
// model: cv hit@1 0.364, hit@3 0.506; dev+style how-to, man pages, hit@1
// 0.489, hit@3 0.674. With tasks.Prior at 1 (-prior), cv 0.358/0.500
// and the how-to questions 0.503/0.687.
//
//	go run ./tools/taskeval [-data ../shared/tasks] [-grid] [-final ../shared/eval/questions.tsv]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/answer/tasks/taskdata"
)

type question struct {
	set      string
	text     string
	kind     string
	expected map[string]bool
	stems    []string
}

func main() {
	data := flag.String("data", "../shared/tasks", "the task collections")
	folds := flag.Int("folds", 5, "cross-validation folds")
	seed := flag.Uint64("seed", 1, "shuffle seed of the folds")
	flag.Float64Var(&tasks.Prior, "prior", tasks.Prior, "the weight of how much the data knows of a command (tasks.Prior)")
	grid := flag.Bool("grid", false, "run the tuning grid: one parameter at a time around the defaults")
	grid2 := flag.Bool("grid2", false, "run the second tuning grid: b, top K and pair weight together")
	embedded := flag.Bool("embedded", false, "score the question sets with the embedded model, which has learned the dev and style sets' questions (each finds itself there: use it for other sets)")
	final := flag.String("final", "", "a held-out question set, reported on one line")
	noCV := flag.Bool("nocv", false, "skip the cross-validation")
	crossfit := flag.String("crossfit", "", "a question set of the task data's own descriptions (../shared/eval/tldr-train.tsv): score it with the full model and with models fitted without each question's fold, as tools/rankeval reads it")
	flag.Parse()

	pairs, err := taskdata.Load(*data)
	check(err)
	if *crossfit != "" {
		crossFit(pairs, *crossfit)
		return
	}
	var qs []question
	sets, _ := filepath.Glob("testdata/eval/dev*.tsv")
	style, _ := filepath.Glob("testdata/eval/style-*.tsv")
	for _, f := range append(sets, style...) {
		q, err := readQuestions(f)
		check(err)
		qs = append(qs, q...)
	}
	man := manPages()
	fmt.Printf("data: %d pairs; questions: %d in %d sets; man pages here: %d names\n", len(pairs), len(qs), len(sets)+len(style), len(man))

	if *grid || *grid2 {
		runGrid(pairs, qs, man, *folds, *seed, *grid2)
		return
	}
	p := tasks.DefaultParams
	fmt.Printf("params: %+v summaries=%v\n", p, tasks.DefaultSummaries)
	if !*noCV {
		cv := crossValidate(pairs, tasks.DefaultSummaries, p, *folds, *seed)
		fmt.Printf("cv %d-fold over descriptions: %s\n", *folds, cv)
	}
	var m *tasks.Model
	if *embedded {
		m, err = tasks.Default()
	} else {
		m, err = tasks.Fit(taskdata.Docs(pairs, tasks.DefaultSummaries), p)
	}
	check(err)
	report(m, qs, man)
	if *final != "" {
		fq, err := readQuestions(*final)
		check(err)
		r := score(m, fq, man, func(q question) bool { return q.kind == "howto" })
		fmt.Printf("final (held out, not tuned on) %s howto, man pages: %s\n", filepath.Base(*final), r)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "taskeval:", err)
		os.Exit(1)
	}
}

type hits struct{ n, at1, at3, known, kat1, kat3 int }

func (h hits) String() string {
	s := fmt.Sprintf("n=%d hit@1=%.3f hit@3=%.3f", h.n, frac(h.at1, h.n), frac(h.at3, h.n))
	if h.known > 0 && h.known != h.n {
		s += fmt.Sprintf(" (command in training: n=%d hit@1=%.3f hit@3=%.3f)", h.known, frac(h.kat1, h.known), frac(h.kat3, h.known))
	}
	return s
}

func frac(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// crossValidate fits on all folds but one and asks the held-out example
// descriptions.
func crossValidate(pairs []taskdata.Pair, summaries bool, p tasks.Params, k int, seed uint64) hits {
	docs, from := taskdata.DocPairs(pairs, summaries)
	idx := make([]int, len(docs))
	for i := range idx {
		idx[i] = i
	}
	r := rand.New(rand.NewPCG(seed, 0x7a5c))
	r.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	fold := make([]int, len(docs))
	for pos, i := range idx {
		fold[i] = pos % k
	}
	var h hits
	for f := 0; f < k; f++ {
		var train []tasks.Doc
		for i, d := range docs {
			if fold[i] != f {
				train = append(train, d)
			}
		}
		m, err := tasks.Fit(train, p)
		check(err)
		for i, d := range docs {
			if fold[i] != f || from[i].Summary {
				continue
			}
			top := m.Commands(d.Stems, 3)
			h.n++
			known := m.Has(d.Command)
			if known {
				h.known++
			}
			for r, s := range top {
				if s.Command == d.Command {
					if r == 0 {
						h.at1++
						if known {
							h.kat1++
						}
					}
					h.at3++
					if known {
						h.kat3++
					}
				}
			}
		}
	}
	return h
}

// score asks the questions q keeps; man resolves the commands against this
// machine's pages when not nil.
func score(m *tasks.Model, qs []question, man map[string]bool, keep func(question) bool) hits {
	var h hits
	for _, q := range qs {
		if !keep(q) {
			continue
		}
		h.n++
		var top []tasks.Scored
		if man != nil {
			top = tasks.Resolve(m.Commands(q.stems, 50), func(c string) bool { return man[c] }, 3)
		} else {
			top = m.Commands(q.stems, 3)
		}
		for r, s := range top {
			if q.expected[s.Command] {
				if r == 0 {
					h.at1++
				}
				h.at3++
				break
			}
		}
	}
	return h
}

func report(m *tasks.Model, qs []question, man map[string]bool) {
	bySet := map[string][]question{}
	var names []string
	for _, q := range qs {
		if bySet[q.set] == nil {
			names = append(names, q.set)
		}
		bySet[q.set] = append(bySet[q.set], q)
	}
	sort.Strings(names)
	howto := func(q question) bool { return q.kind == "howto" }
	all := func(q question) bool { return q.kind != "noanswer" }
	for _, s := range names {
		fmt.Printf("  %-16s howto %s | man %s\n", s, score(m, bySet[s], nil, howto), score(m, bySet[s], man, howto))
	}
	fmt.Printf("all sets, howto:       raw %s | man %s\n", score(m, qs, nil, howto), score(m, qs, man, howto))
	fmt.Printf("all sets, answerable:  raw %s | man %s\n", score(m, qs, nil, all), score(m, qs, man, all))
}

func readQuestions(path string) ([]question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []question
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 3 {
			continue
		}
		q := question{set: filepath.Base(path), text: cols[1], expected: map[string]bool{}}
		if len(cols) > 4 {
			q.kind = strings.TrimSpace(cols[4])
		}
		for _, e := range strings.Split(cols[2], "|") {
			e = strings.TrimSpace(e)
			if i := strings.IndexByte(e, '('); i > 0 {
				e = e[:i]
			}
			if e != "" {
				q.expected[e] = true
			}
		}
		th := analyse.Thesaurus
		if *altStems == 0 {
			th = nil
		}
		for _, c := range analyse.Analyse(q.text, th).Concepts {
			for k, a := range c.Alts {
				if k == 0 || k <= *altStems && a.Weight >= *altWeight {
					q.stems = append(q.stems, a.Stem)
				}
			}
		}
		out = append(out, q)
	}
	return out, sc.Err()
}

var (
	altStems  = flag.Int("alts", 0, "also read up to this many of each concept's thesaurus expansions")
	altWeight = flag.Float64("altweight", 0.5, "with -alts, the least weight of an expansion read")
)

// manPages lists the names of this machine's man pages (/usr/share/man).
func manPages() map[string]bool {
	out := map[string]bool{}
	dirs, _ := filepath.Glob("/usr/share/man/man*")
	for _, d := range dirs {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			n := strings.TrimSuffix(e.Name(), ".gz")
			if i := strings.LastIndexByte(n, '.'); i > 0 {
				n = n[:i]
			}
			out[n] = true
		}
	}
	return out
}

func runGrid(pairs []taskdata.Pair, qs []question, man map[string]bool, k int, seed uint64, combos bool) {
	howto := func(q question) bool { return q.kind == "howto" }
	base := tasks.DefaultParams
	type variant struct {
		name string
		p    tasks.Params
		sum  bool
	}
	var vs []variant
	add := func(name string, f func(p *tasks.Params), sum bool) {
		p := base
		f(&p)
		vs = append(vs, variant{name, p, sum})
	}
	if combos {
		for _, b := range []float64{0, 0.15, 0.25, 0.35} {
			for _, t := range []int{128, 0} {
				for _, w := range []float64{0, 0.1, 0.25} {
					add(fmt.Sprintf("b=%.2f,k=%d,pw=%.2f", b, t, w), func(p *tasks.Params) {
						p.B, p.TopK, p.Pairs, p.PairWeight = b, t, w > 0, w
					}, tasks.DefaultSummaries)
				}
			}
		}
	} else {
		add("default", func(*tasks.Params) {}, tasks.DefaultSummaries)
		add("no summaries", func(*tasks.Params) {}, !tasks.DefaultSummaries)
		for _, k1 := range []float64{0.5, 0.8, 1.2, 2.0, 3.0} {
			add(fmt.Sprintf("k1=%.1f", k1), func(p *tasks.Params) { p.K1 = k1 }, tasks.DefaultSummaries)
		}
		for _, b := range []float64{0, 0.25, 0.5, 0.75, 0.9, 1} {
			add(fmt.Sprintf("b=%.2f", b), func(p *tasks.Params) { p.B = b }, tasks.DefaultSummaries)
		}
		for _, t := range []int{16, 32, 64, 128, 0} {
			add(fmt.Sprintf("topk=%d", t), func(p *tasks.Params) { p.TopK = t }, tasks.DefaultSummaries)
		}
		add("minsupport=2", func(p *tasks.Params) { p.MinSupport = 2 }, tasks.DefaultSummaries)
		add("no pairs", func(p *tasks.Params) { p.Pairs = false }, tasks.DefaultSummaries)
		for _, w := range []float64{0.25, 0.5, 1} {
			add(fmt.Sprintf("pairweight=%.2f", w), func(p *tasks.Params) { p.Pairs, p.PairWeight = true, w }, tasks.DefaultSummaries)
		}
		add("pairmin=2", func(p *tasks.Params) { p.Pairs, p.PairMin = true, 2 }, tasks.DefaultSummaries)
	}
	for _, v := range vs {
		cv := crossValidate(pairs, v.sum, v.p, k, seed)
		docs := taskdata.Docs(pairs, v.sum)
		b, err := tasks.FitEncode(docs, v.p)
		check(err)
		m, err := tasks.Decode(b)
		check(err)
		d := score(m, qs, nil, howto)
		dm := score(m, qs, man, howto)
		fmt.Printf("%-22s cv@1=%.3f cv@3=%.3f | dev howto raw @1=%.3f @3=%.3f man @1=%.3f @3=%.3f | %.2f MB\n", v.name,
			frac(cv.at1, cv.n), frac(cv.at3, cv.n), frac(d.at1, d.n), frac(d.at3, d.n), frac(dm.at1, dm.n), frac(dm.at3, dm.n), float64(len(b))/1e6)
	}
}

// crossFit scores a set of the data's own descriptions with the full model
// (each finds itself) and cross-fitted (each read by the model fitted on
// the descriptions whose stems hash to other folds, as tools/rankeval
// does): how much the full model would flatter them.
func crossFit(pairs []taskdata.Pair, path string) {
	const k = 5
	key := func(text string) int {
		return int(crc32.ChecksumIEEE([]byte(strings.Join(tasks.Tokens(text), " "))) % k)
	}
	docs, from := taskdata.DocPairs(pairs, tasks.DefaultSummaries)
	full, err := tasks.Fit(docs, tasks.DefaultParams)
	check(err)
	folds := make([]*tasks.Model, k)
	for f := range k {
		var train []tasks.Doc
		for i, d := range docs {
			if key(from[i].Desc) != f {
				train = append(train, d)
			}
		}
		folds[f], err = tasks.Fit(train, tasks.DefaultParams)
		check(err)
	}
	qs, err := readQuestions(path)
	check(err)
	man := manPages()
	var h, hc hits
	for _, q := range qs {
		for _, c := range []struct {
			m *tasks.Model
			h *hits
		}{{full, &h}, {folds[key(q.text)], &hc}} {
			c.h.n++
			top := tasks.Resolve(c.m.Commands(q.stems, 50), func(s string) bool { return man[s] }, 3)
			for r, s := range top {
				if q.expected[s.Command] {
					if r == 0 {
						c.h.at1++
					}
					c.h.at3++
					break
				}
			}
		}
	}
	fmt.Printf("%s, man pages: full model %s | cross-fitted %s\n", filepath.Base(path), h, hc)
}
