package rank

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/boost"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// docPrior is what ranking needs of every document, kept in a compact
// array so the first stage never decodes metadata.
type docPrior struct {
	kind     int
	command  bool
	manual   bool // a section 1/6/8 man page
	priority int
	inlinks  int
	group    int
	mentions float64 // log(1 + weighted pages whose text has the page's name)
	uses     int
	family   float64 // log(pages of the same package)
	nameTerm int     // the term other pages use the page's name by, or -1
}

// Candidate is a ranked document and why it ranks where it does.
type Candidate struct {
	ID    int
	Meta  index.Meta
	F     [NumFeatures]float64
	Kind  int
	Score float64 // what ranks it
	// Linear is the weighted sum of its features: unlike the trees' score,
	// which says how it compares with the rest of the pool, it says how
	// well it matches the question, which confidence needs.
	Linear float64
	// Tree is its score by the trees, which confidence reads however the
	// pool is ordered: Score in an index the trees rank, the trees'
	// verdict beside the weighted sum's order in a small one, and Linear
	// without trees.
	Tree     float64
	Covered  []float64 // per concept: best weight found in the NAME line or the best block
	NameCov  []float64 // per concept: weight found in the names and NAME line
	Block    int       // the block that covers most of the question, -1 if none
	Coverage float64   // share of the question in the NAME line and the best block
}

// ranker holds a reader and what is precomputed from it.
type ranker struct {
	r       *index.Reader
	lib     *answer.Library
	w       Weights
	trees   *boost.Model // nil: the weighted sum ranks
	priors  []docPrior
	docLens [][index.NumFields]int
	// invNorm is 1 over BM25's length normalisation of each document's
	// fields, and firstPrior, per scene, the first stage's score of each
	// document before its words: both are the same for every question.
	invNorm    [][index.NumFields]float64
	firstPrior [analyse.NumScenes][]float64
	// denseDiv is denseDivisor of the common block lengths, which cover
	// would otherwise take a logarithm for in every block of every
	// candidate
	denseDiv []float64
	groups   map[int][]int // man page -> info nodes that document it

	treeDocs int // minTreeDocs, but for tests

	// tasks is the task model (nil: none), byName the section 1/6/8
	// pages by lowercase name, which its commands are resolved against:
	// made at the first question a task model reads, not for every
	// engine whether a model is used or not
	tasks  *tasks.Model
	byName func() map[string][]int
	// named is byName by every name a page's NAME line gives (pgrep(1)
	// for pkill too), for the tldr pages, whose commands' man pages may
	// be another's
	named func() map[string][]int

	linesOnce sync.Once
	lines     []float32 // lineVecs
	wordsOnce sync.Once
	words     lineWords // nameLineWords

	scratches sync.Pool
	// spare is a scratch the garbage collector does not take back, as
	// it does the pool's: a new one is megabytes to allocate and clear
	spare atomic.Pointer[scratch]

	// guests mark the articles of archives and the tldr pages in an
	// index that has manuals, or are nil. A guest is ranked as one more
	// page among the manuals' candidates and never changes how those
	// compare with each other (see placeGuests): a tldr page summarises a
	// man page, and the man pages' order is what the trees were fitted
	// on.
	guests []bool
}

func (rk *ranker) guest(id int) bool { return rk.guests != nil && rk.guests[id] }

// newRanker precomputes what ranking needs of lib's index. It fails when
// w's trees do not fit the features.
func newRanker(lib *answer.Library, w Weights) (*ranker, error) {
	r := lib.Reader()
	rk := &ranker{r: r, lib: lib, w: w, priors: make([]docPrior, r.NumDocs()),
		docLens: make([][index.NumFields]int, r.NumDocs()), groups: map[int][]int{},
		invNorm: make([][index.NumFields]float64, r.NumDocs()), treeDocs: minTreeDocs}
	if w.Trees != nil {
		m, err := w.Trees()
		if err != nil {
			return nil, err
		}
		rk.trees = m
	}
	if w.Tasks != nil {
		m, err := w.Tasks()
		if err != nil {
			return nil, fmt.Errorf("the task model: %w", err)
		}
		rk.tasks = m
	}
	family := map[string]int{}
	manuals := false
	for id := range rk.priors {
		m := r.Meta(id)
		family[m.Package]++
		if !index.Guest(m.Type) {
			manuals = true
			continue
		}
		if rk.guests == nil {
			rk.guests = make([]bool, r.NumDocs())
		}
		rk.guests[id] = true
	}
	if !manuals {
		rk.guests = nil // an index of archives alone: no guests
	}
	hosts := rk.hostDF()
	for id := range rk.priors {
		m := r.Meta(id)
		rk.docLens[id] = m.Lens
		rk.priors[id] = docPrior{kind: kindOf(m.Type, m.Section), command: m.Command, priority: m.Priority,
			inlinks: m.Inlinks, uses: m.Uses, group: m.Group,
			manual: answer.ProgramPage(m)}
		if m.Group >= 0 {
			rk.groups[m.Group] = append(rk.groups[m.Group], id)
		}
		if m.Package != "" {
			rk.priors[id].family = math.Log(float64(family[m.Package]))
		}
		rk.priors[id].nameTerm = -1
		if rk.priors[id].manual {
			if t, ok := r.Term(terms.Stem(strings.ToLower(m.Title))); ok {
				rk.priors[id].mentions = math.Log1p(r.WDF(t))
			}
		}
		if m.Type == "man" {
			rk.priors[id].nameTerm = nameTerm(r, hosts, m.Title)
		}
		for f := range index.NumFields {
			if avg := r.AvgLen(f); avg > 0 {
				rk.invNorm[id][f] = 1 / (1 - w.B[f] + w.B[f]*float64(m.Lens[f])/avg)
			}
		}
	}
	rk.denseDiv = make([]float64, denseLens)
	for n := range rk.denseDiv {
		rk.denseDiv[n] = 1 + math.Log1p(float64(n)/w.DenseLen)
	}
	rk.byName = sync.OnceValue(func() map[string][]int { return rk.manualNames(false) })
	rk.named = sync.OnceValue(func() map[string][]int { return rk.manualNames(true) })
	for sc := range rk.firstPrior {
		rk.firstPrior[sc] = make([]float64, r.NumDocs())
	}
	for id := range rk.priors {
		var f [NumFeatures]float64
		x := facts{rk: rk, id: id, prior: &rk.priors[id]}
		x.measure(stagePage, &f)
		for sc := range rk.firstPrior {
			rk.firstPrior[sc][id] = firstStage.Score(&f, analyse.Scene(sc), rk.priors[id].kind)
		}
	}
	return rk, nil
}

// denseLens is how many block lengths, from 0, denseDiv holds: most
// blocks are shorter.
const denseLens = 1024

// guestPool is how many of an archive's articles, best by the first stage,
// join a question's pool beside the manuals' pages.
const guestPool = 10

// echoPages is how many of the question's best lexical matches FEchoed
// looks in.
const echoPages = 30

// rareShare: a word on at most one page in rareShare is rare enough to
// stand for a page.
const rareShare = 100

// nameTerm is the term by which other pages mention a page: its name, or
// for "ssh-keygen" and "git-stash", which text splits at the hyphen, the
// last part when that part is rare enough to stand for the page ("keygen",
// "stash", but not "add"). -1 when no other page can be seen to use it.
// Rare is among the manuals (hosts): an archive that uses "daemon" on
// every page must not change which of their pages FEchoed reads.
func nameTerm(r *index.Reader, hosts hostCounts, title string) int {
	title = strings.ToLower(title)
	// the manuals' count is at most the index's, which needs no postings
	// read: a term on fewer than two pages is settled without it
	if t, ok := r.Term(terms.Stem(title)); ok && r.DF(t) >= 2 && hosts.df(t) >= 2 {
		return t
	}
	if i := strings.LastIndexAny(title, "-_."); i >= 0 {
		if t, ok := r.Term(terms.Stem(title[i+1:])); ok && r.DF(t) >= 2 {
			if df := hosts.df(t); df >= 2 && df <= hosts.docs/rareShare {
				return t
			}
		}
	}
	return -1
}

// hostCounts are document frequencies among the manuals' pages alone.
type hostCounts struct {
	docs int
	df   func(t int) int
}

// hostDF counts documents among the manuals' pages: the index's own
// counts when it has no archives, else by reading the postings (once per
// term).
func (rk *ranker) hostDF() hostCounts {
	r := rk.r
	if rk.guests == nil {
		return hostCounts{docs: r.NumDocs(), df: r.DF}
	}
	docs := 0
	for _, g := range rk.guests {
		if !g {
			docs++
		}
	}
	seen := map[int]int{}
	return hostCounts{docs: docs, df: func(t int) int {
		if n, ok := seen[t]; ok {
			return n
		}
		n := 0
		for p := range r.Postings(t) {
			if !rk.guests[p.Doc] {
				n++
			}
		}
		seen[t] = n
		return n
	}}
}

// echoTop are the question's echoPages best lexical matches among the
// manuals' pages of the pool, by id, for FEchoed.
func (rk *ranker) echoTop(pool []Candidate, total []float64) []int {
	top := make([]int, 0, len(pool))
	for _, c := range pool {
		if !rk.guest(c.ID) {
			top = append(top, c.ID)
		}
	}
	slices.SortFunc(top, func(a, b int) int {
		if c := cmp.Compare(total[b], total[a]); c != 0 {
			return c
		}
		return a - b
	})
	top = top[:min(echoPages, len(top))]
	slices.Sort(top)
	return top
}

// echoed is FEchoed of page id: the pages that match the question best
// (top) tell which command does the job when they name it ("lock the
// account with usermod -L"), though their own topic is something else.
func (rk *ranker) echoed(id int, top []int) float64 {
	t := rk.priors[id].nameTerm
	if t < 0 || len(top) == 0 {
		return 0
	}
	title, _ := rk.r.NameLine(id)
	n := 0
	// both are in id order: one walk through them finds the pages of top
	// among the postings
	k := 0
	for doc := range rk.r.Docs(t) {
		for k < len(top) && top[k] < doc {
			k++
		}
		if k == len(top) {
			break // no later page is in top
		}
		if top[k] != doc || doc == id || rk.priors[doc].group == id {
			continue
		}
		if other, _ := rk.r.NameLine(doc); strings.EqualFold(other, title) {
			continue // the same name in another section
		}
		n++
	}
	return math.Log1p(float64(n))
}

// minTreeDocs is the smallest index the trees rank for. They were fitted on
// pools drawn from a machine's whole documentation (about 20,000 pages),
// and judge a candidate against the rest of its pool; in an index of a few
// hundred pages the pools are unlike any they saw, and the weighted sum
// ranks instead.
const minTreeDocs = 2000

// treeSized says whether the index is big enough for the trees to rank
// it. Its pools are then built as the trees were fitted on them, whether or
// not trees are set (they are not while they are being fitted).
func (rk *ranker) treeSized() bool {
	return rk.r.NumDocs() >= rk.treeDocs
}

// rank returns the best candidates, best first; from, when not nil,
// holds the candidates a Source found, and tm is the task model the
// question is read with (nil: none).
func (rk *ranker) rank(a analyse.Analysis, limit int, from *[]int, tm *tasks.Model) ([]Candidate, *query) {
	pool, q := rk.pool(a, from, tm)
	for i := range pool {
		pool[i].Linear = rk.w.Score(&pool[i].F, a.Scene, pool[i].Kind)
		pool[i].Score = pool[i].Linear
		pool[i].Tree = pool[i].Linear
	}
	if m := rk.trees; m != nil && !rk.treeSized() && len(pool) > 0 {
		for i, v := range Vectors(pool, a.Scene) {
			pool[i].Tree = m.Predict(v)
		}
	}
	if m := rk.trees; m != nil && rk.treeSized() && len(pool) > 0 {
		// the manuals' pages first, then the articles
		hosts := len(pool)
		if rk.guests != nil {
			slices.SortStableFunc(pool, func(x, y Candidate) int {
				gx, gy := rk.guest(x.ID), rk.guest(y.ID)
				switch {
				case gx == gy:
					return 0
				case gy:
					return -1
				}
				return 1
			})
			hosts = 0
			for hosts < len(pool) && !rk.guest(pool[hosts].ID) {
				hosts++
			}
		}
		if hosts == 0 || hosts == len(pool) {
			// no articles, or nothing but articles: one pool, whose
			// candidates the trees score apart, on every core
			vs := Vectors(pool, a.Scene)
			scores := make([]float64, len(pool))
			inParallel(len(pool), func(from, to int) {
				m.PredictAll(vs[from:to], scores[from:to])
			}, 32)
			for i := range pool {
				pool[i].Score = scores[i]
			}
		} else {
			placeGuests(m, pool, hosts, a.Scene)
		}
		for i := range pool {
			pool[i].Tree = pool[i].Score
		}
	}
	rk.byExample(pool, q)
	sort.Slice(pool, func(i, j int) bool {
		if pool[i].Score != pool[j].Score {
			return pool[i].Score > pool[j].Score
		}
		return pool[i].ID < pool[j].ID
	})
	if len(pool) > limit {
		pool = pool[:limit]
	}
	for i := range pool {
		pool[i].Meta = rk.r.Meta(pool[i].ID)
	}
	// the rules that read the first pages' titles and sections, once
	// their meta is read
	rk.byFrame(pool, q)
	rk.byFileFormat(pool, q)
	rk.byNamedTool(pool, q)
	rk.byNegated(pool, q)
	rk.byShell(pool, q)
	rk.byLibrary(pool, q)
	rk.byUserShell(pool, q)
	rk.byFileSearch(pool, q)
	rk.byProcessName(pool, q)
	rk.byMatchCount(pool, q)
	rk.byBatchRename(pool, q)
	rk.byEntryCount(pool, q)
	return pool, q
}

// exampleFits is the share of the question an example of a tldr page
// must say for the page to be placed by it.
const exampleFits = 0.75

// examplePrecision is the share of an example's description words that
// must be the question's: "Let nobody but the owner read or change a
// file" holds "change", "owner" and "file" but is not how to "change who
// owns a file".
const examplePrecision = 0.6

// placeBelow: a tldr page leads only for the command of the manuals'
// first page. Among the manuals' first three, it led for xzgrep where
// grep was asked and aria2c for "download a file" (near copies of one
// example fit one question); for the task model's first command when its
// example fit better than the first page's command's, basenc for "decode
// some base64 text", gzip for bzip2 and sha256sum for cksum, more often
// than it found the right command. Any other tldr page goes no higher
// than after the manuals' first placeBelow pages.
const placeBelow = 3

// otherCount says whether an example's description gives a count the
// question does not, where the question gives one: "Show last 10 lines
// in a file" is not how to print the final 20.
func otherCount(text string, counts map[string]bool) bool {
	if len(counts) == 0 {
		return false
	}
	for n := range numbers(text) {
		if !counts[n] {
			return true
		}
	}
	return false
}

// otherFormat says whether an example's command line compresses with
// another format than the question's file names, where it names one:
// "tar czf backup.tar.gz" is no way to make a .tar.zst.
func otherFormat(line string, formats map[string]bool) bool {
	// a plain .tar, on either side, compresses with nothing to differ in
	if len(formats) == 0 || formats[analyse.PlainTar] {
		return false
	}
	theirs := analyse.Compressions(line)
	if len(theirs) == 0 || theirs[analyse.PlainTar] {
		return false
	}
	for f := range theirs {
		if formats[f] {
			return false
		}
	}
	return true
}

// numbers are the whole numbers a text writes.
func numbers(text string) map[string]bool {
	var out map[string]bool
	for _, n := range number().FindAllString(text, -1) {
		if out == nil {
			out = map[string]bool{}
		}
		out[n] = true
	}
	return out
}

var number = lazyre.New(`\b\d+\b`)

// switchesOff says whether a text says to disable or deactivate a
// thing: a tldr example that does ("Disable password expiration") is no
// answer to a question that does not ask to (asksOff), however many of
// its words it holds ("see when a user's password expires").
func switchesOff(text string) bool { return holdsAny(text, offWords) }

// asksOff says whether a question's words, stopwords included, ask for
// a thing not to happen (answer.Negative: "make a password never
// expire") or to be switched off ("turn off all swap areas").
func asksOff(seq []string) bool {
	return answer.Negative(seq) || slices.ContainsFunc(seq, func(w string) bool { return w == "off" || offWords[terms.Stem(w)] })
}

var offWords = stems("disable", "deactivate")

// saysAction says whether the question says the first word of an
// example's description, the action it does ("Download ...", "List
// ..."); a description that starts with a stopword says none.
func saysAction(q *answer.Question, text string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	words, hits := q.Precision(first)
	return words == 0 || hits > 0
}

// notInstalledFit is the fit a tldr page of a command not installed here
// is held to: below exampleFits, so that it never leads.
const notInstalledFit = exampleFits - 0.01

// byExample places the tldr pages of the pool by their examples. One
// with an example that says most of the question (exampleFits), of an
// installed command the manuals put first, goes ahead of every manual
// page, the best fit first: the example is the answer a user types, and the man page of its command comes with it (see
// compose). The page of the first manual page's command goes no higher
// than second, and any other no higher than after the manuals' first
// few: the trees were fitted on manual pages, and a tldr page that
// mentions the question's words here and there (mount's "disk image"
// for "write an ISO image onto a USB stick with dd") is not the answer
// they take it for. The manuals' order is not changed.
func (rk *ranker) byExample(pool []Candidate, q *query) {
	top, topTree := math.Inf(-1), math.Inf(-1)
	var at, manuals []int
	for i := range pool {
		// tldr pages are guests (see newRanker): the manuals' pages,
		// most of the pool, are told apart without reading their meta
		if id := pool[i].ID; rk.guest(id) && rk.r.Meta(id).Type == "tldr" {
			at = append(at, i)
			continue
		}
		manuals = append(manuals, i)
		top, topTree = max(top, pool[i].Score), max(topTree, pool[i].Tree)
	}
	if len(at) == 0 || math.IsInf(top, -1) {
		return // no tldr page, or nothing but: the ranking stands
	}
	sort.Slice(manuals, func(x, y int) bool { return pool[manuals[x]].Score > pool[manuals[y]].Score })
	// the command the manuals put first: an example that fits the
	// question leads only for it, for a description's words fit many
	// questions by chance ("list the files in this folder" is what some
	// tool's example says of its own files)
	fm := rk.r.Meta(pool[manuals[0]].ID)
	first := map[string]bool{strings.ToLower(fm.Title): true}
	for _, n := range fm.Names {
		first[strings.ToLower(n)] = true
	}
	// below the manuals' first placeBelow, where a page that is not
	// their command's goes
	below := pool[manuals[min(placeBelow, len(manuals))-1]].Score
	fit := make(map[int]float64, len(at))
	title := make(map[int]string, len(at)) // of each tldr page, lowercase
	aq := q.question(rk.r)
	counts := numbers(q.a.Question)
	asksDelete := slices.ContainsFunc(q.a.Seq, func(w string) bool { return deleteWords[terms.Stem(w)] })
	asksOff := asksOff(q.a.Seq)
	cov := make([]float64, len(q.a.Concepts))
	for _, i := range at {
		d, err := rk.r.Load(pool[i].ID)
		if err != nil {
			continue
		}
		name := strings.ToLower(rk.r.Meta(pool[i].ID).Title)
		title[i] = name
		manual := len(rk.named()[name]) > 0
		f := 0.0
		for _, s := range d.Sections {
			for _, b := range s.Blocks {
				if b.Kind != document.Item {
					continue
				}
				// the description says the question, and not much
				// else: its words are the question's for the most part
				words, hits := aq.Precision(b.Text)
				if words == 0 || float64(hits) < examplePrecision*float64(words) || otherCount(b.Text, counts) || !asksDelete && deletes(b.Text) || !asksOff && switchesOff(b.Text) || otherFormat(b.Term, q.a.Compressions) {
					continue
				}
				clear(cov)
				aq.CoverText(b.Text, cov)
				// a command with no manual page here has its example
				// alone to say the question, all of it and with its
				// verb: "Download all the packages listed as
				// dependencies" (npm) is not how to "list the
				// dependencies of a package"
				if !manual && (slices.Contains(cov, 0) || !saysAction(aq, b.Text)) {
					continue
				}
				f = max(f, weigh(cov, q))
			}
		}
		// hundredths: a share that differs in rounding is no better fit
		fit[i] = math.Round(f*100) / 100
		if !rk.priors[pool[i].ID].command || !first[name] && manual || q.a.Scene == analyse.SceneConcept {
			// a command that is not installed never leads: its page
			// may follow the manuals, as an alternative to install;
			// nor does one whose manual page the manuals leave behind
			// (a command with no manual page has its examples alone
			// to go by), nor any where the question asks what a thing
			// is: an example is a task, not the explanation ("What is
			// a loop device?" is losetup(8)'s and loop(4)'s to say)
			fit[i] = min(fit[i], notInstalledFit)
		}
	}
	sort.SliceStable(at, func(x, y int) bool {
		a, b := at[x], at[y]
		fa, fb := fit[a] >= exampleFits, fit[b] >= exampleFits
		switch {
		case fa != fb:
			return fa
		case fa && fit[a] != fit[b]:
			return fit[a] > fit[b]
		}
		return pool[a].Score > pool[b].Score
	})
	for k, i := range at {
		step := 1e-6 * float64(k+1)
		switch {
		case fit[i] >= exampleFits:
			pool[i].Score = top + 1 + fit[i] - step
			// the trees' doubt about a page they were not fitted on
			// is not the confidence's: it starts from the best manual
			// page's
			pool[i].Tree = max(pool[i].Tree, topTree)
		case first[title[i]]:
			// the first manual page's command: its examples come with
			// it, second (compose leads with them, citing the man page)
			pool[i].Score = min(pool[i].Score, top-step)
		case pool[i].Score >= below:
			pool[i].Score = below - step
		}
	}
}
