package answer

import (
	"cmp"
	"container/heap"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/boost"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/priors"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/backend/wordvec"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Features of a candidate page. Each says one thing about how well the page
// answers the question, independent of the others' weights, so the final
// score is a weighted sum whose weights can be fitted (internal/rankeval
// -tune) on question sets.
const (
	FLex           = iota // BM25F over all fields, normalised by the question's idf mass
	FLexName              // the same, names alone
	FLexSummary           // NAME description alone
	FLexHeads             // section titles and option terms alone
	FLexBody              // body alone
	FNameLine             // share of the question in the page's names and NAME line
	FNameLineExact        // the same, counting only the question's own words
	FNamePrecision        // share of the NAME line's words the question has: how focused the page is on it
	FBlock                // share of the question in one block, counting the NAME line
	FDense                // FBlock discounted by the length of that block
	FItem                 // share of the question in one option or list item, counting the NAME line
	FCode                 // share of the question in one code block (examples, synopsis)
	FNamed                // the question names the page with a word the corpus keeps for names
	FNamedCommon          // ... with a word the corpus also uses as an ordinary word
	FNamedVerb            // ... with the verb of a how-to question ("how do I find ...")
	FNamedRest            // naming times the share of the rest of the question in one block
	FSubcommand           // the page documents a subcommand of a command the question names: git-stash for "git"
	FPurpose              // share of the question in the NAME line and the first paragraphs of DESCRIPTION
	FSense                // cosine of the word vectors of the question and of the names and NAME line
	FSenseWord            // how close, by word vectors, each question word comes to a word of the names and NAME line
	FInfoSupport          // best FBlock of an info node that documents this man page
	FInfoNameLine         // best FNameLine (title, summary, menu line) of such a node
	FCommand              // a section 1/6/8 page of a command on PATH
	FMissing              // a section 1/6/8 page whose command is not on PATH
	FPriority             // Debian priority levels above optional
	FInlinks              // log(1 + packages whose pages refer to this one)
	FMentions             // log(1 + pages that use a command's name), for section 1/6/8 pages
	FUses                 // log(1 + packages whose examples run the command)
	FFamily               // log of the number of pages its package ships: one of thousands is seldom the answer
	FEchoed               // log(1 + pages among the question's best lexical matches that use the page's name)
	NumFeatures
)

// FeatureNames name the features for tools and logs.
var FeatureNames = [NumFeatures]string{"Lex", "LexName", "LexSummary", "LexHeads", "LexBody", "NameLine", "NameLineExact", "NamePrecision", "Block", "Dense", "Item", "Code", "Named", "NamedCommon", "NamedVerb", "NamedRest", "Subcommand", "Purpose", "Sense", "SenseWord", "InfoSupport", "InfoNameLine", "Command", "Missing", "Priority", "Inlinks", "Mentions", "Uses", "Family", "Echoed"}

// Kinds of page, for the prior each scene gives them: manual sections,
// info nodes, and the rest.
const (
	Kind1 = iota
	Kind8
	Kind6
	Kind2
	Kind3
	Kind4
	Kind5
	Kind7
	KindInfo
	KindOther
	NumKinds
)

// KindNames name the kinds for tools.
var KindNames = [NumKinds]string{"1", "8", "6", "2", "3", "4", "5", "7", "info", "other"}

func kindOf(typ, section string) int {
	if typ == "info" {
		return KindInfo
	}
	// A ZIM article takes the prior of a section 1 page: the fitted prior
	// of KindOther comes from an index without articles, and lifts each
	// one 0.7 (how-to) to 2.7 (concept) above the man page of a command.
	if typ == "zim" {
		return Kind1
	}
	if typ == "man" && section != "" {
		for k, n := range KindNames[:KindInfo] {
			if section[:1] == n {
				return k
			}
		}
	}
	return KindOther
}

// Weights are the knobs of the ranking. They are set once for every
// question; tests hold them fixed.
type Weights struct {
	K1    float64
	Field [index.NumFields]float64
	B     [index.NumFields]float64
	// W weighs the features in the final score.
	W [NumFeatures]float64
	// Kind is each scene's prior for each kind of page.
	Kind [numScenes][NumKinds]float64
	// DenseLen is the block length, in distinct terms, at which FDense
	// halves a block's coverage, roughly.
	DenseLen float64
	// Topicality maps the share of a word's pages that have it in their
	// NAME line to its weight in the question: Floor at Low and below, 1
	// at High and above, log-linear between.
	Topicality struct{ Low, High, Floor float64 }
	Pool       int // candidates scored with every feature
	NameAdmit  int // more candidates for how much of the question their NAME line holds
	SenseAdmit int // more candidates for how close their NAME line is by word vectors
	// Trees, when set, give the model that scores the pool instead of W
	// and Kind.
	Trees func() *boost.Model
	// Vectors, when set, give the word vectors of FSense and FSenseWord.
	Vectors func() *wordvec.Table
	// AltMargin is how far behind the top page another page may be and
	// still be cited as an alternative, as a share of the gap between the
	// first and the tenth candidate.
	AltMargin float64
}

// DefaultWeights are the weights ragman ships with.
var DefaultWeights = Weights{
	K1:         1.2,
	Field:      [index.NumFields]float64{index.FieldName: 5, index.FieldSummary: 4, index.FieldHeads: 1.5, index.FieldSynopsis: 1, index.FieldBody: 1},
	B:          [index.NumFields]float64{index.FieldName: 0.2, index.FieldSummary: 0.4, index.FieldHeads: 0.6, index.FieldSynopsis: 0.5, index.FieldBody: 0.75},
	W:          fittedW,
	Kind:       fittedKind,
	DenseLen:   20,
	Topicality: struct{ Low, High, Floor float64 }{Low: 0.003, High: 0.05, Floor: 0.25},
	Pool:       100,
	NameAdmit:  20,
	SenseAdmit: 10,
	AltMargin:  0.8,
	Trees:      Trees,
	Vectors:    wordvec.Default,
}

// firstStage weighs what the first stage knows. It is set by hand and
// stays put when the final weights are refitted: the fit is made on the
// pools it selects, so a pool that moved with the fit would make the
// fitted weights wrong for it.
var firstStage = Weights{
	W: [NumFeatures]float64{FLex: 1, FNamed: 0.35, FNamedCommon: 0.2, FNamedVerb: 0.1, FCommand: 0.1, FMissing: -0.25, FPriority: 0.03, FInlinks: 0.03},
	Kind: [numScenes][NumKinds]float64{
		SceneHowTo:        {Kind1: 0.1, Kind8: 0.08, Kind6: -0.2, Kind2: -0.15, Kind3: -0.2, Kind4: -0.1, Kind5: -0.05, Kind7: -0.05, KindInfo: -0.05},
		SceneConcept:      {Kind1: 0.05, Kind8: 0.03, Kind6: -0.2, Kind2: -0.05, Kind3: -0.1, Kind7: 0.12, Kind5: 0.05, KindInfo: -0.05},
		SceneFormat:       {Kind5: 0.25, Kind7: 0.05, Kind2: -0.1, Kind3: -0.15, KindInfo: -0.05},
		SceneProgramming:  {Kind2: 0.15, Kind3: 0.15, Kind7: 0.05, Kind1: -0.05, KindInfo: -0.05},
		SceneTroubleshoot: {Kind1: 0.08, Kind8: 0.08, Kind6: -0.2, Kind2: -0.1, Kind3: -0.15, Kind5: 0.03, Kind7: 0.03, KindInfo: -0.05},
	},
}

// FirstStageKinds are the hand-set kind priors of the first stage, for
// tools that fit the final ones from a neutral start.
func FirstStageKinds() [numScenes][NumKinds]float64 { return firstStage.Kind }

// Score is the weighted sum of a candidate's features and the prior of
// its kind of page in the scene.
func (w *Weights) Score(f *[NumFeatures]float64, scene Scene, kind int) float64 {
	s := w.Kind[scene][kind]
	for i, x := range f {
		s += w.W[i] * x
	}
	return s
}

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
	Linear   float64
	Covered  []float64 // per concept: best weight found in the NAME line or the best block
	NameCov  []float64 // per concept: weight found in the names and NAME line
	Block    int       // the block that covers most of the question, -1 if none
	Coverage float64   // share of the question in the NAME line and the best block
}

// ranker holds a reader and what is precomputed from it.
type ranker struct {
	r       *index.Reader
	w       Weights
	priors  []docPrior
	names   map[string][]int // lowercase page name -> man pages
	docLens [][index.NumFields]int
	// invNorm is 1 over BM25's length normalisation of each document's
	// fields, and firstPrior, per scene, the first stage's score of each
	// document before its words: both are the same for every question.
	invNorm    [][index.NumFields]float64
	firstPrior [numScenes][]float64
	groups     map[int][]int // man page -> info nodes that document it

	treeDocs int // minTreeDocs, but for tests

	linesOnce sync.Once
	lines     []float32 // lineVecs

	scratches sync.Pool

	// guests mark the articles of archives in an index that has manuals,
	// or are nil. An article is ranked as one more page among the
	// manuals' candidates and never changes how those compare with each
	// other (see placeGuests).
	guests []bool
}

func (rk *ranker) guest(id int) bool { return rk.guests != nil && rk.guests[id] }

func newRanker(r *index.Reader, w Weights) *ranker {
	rk := &ranker{r: r, w: w, priors: make([]docPrior, r.NumDocs()), names: map[string][]int{},
		docLens: make([][index.NumFields]int, r.NumDocs()), groups: map[int][]int{},
		invNorm: make([][index.NumFields]float64, r.NumDocs()), treeDocs: minTreeDocs}
	family := map[string]int{}
	manuals := false
	for id := range rk.priors {
		m := r.Meta(id)
		family[m.Package]++
		manuals = manuals || m.Type != "zim"
	}
	for id := range rk.priors {
		m := r.Meta(id)
		rk.docLens[id] = m.Lens
		rk.priors[id] = docPrior{kind: kindOf(m.Type, m.Section), command: m.Command, priority: m.Priority,
			inlinks: m.Inlinks, uses: m.Uses, group: m.Group,
			manual: isProgramPage(m)}
		if manuals && m.Type == "zim" {
			if rk.guests == nil {
				rk.guests = make([]bool, r.NumDocs())
			}
			rk.guests[id] = true
		}
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
			rk.priors[id].nameTerm = nameTerm(r, m.Title)
		}
		for f := range index.NumFields {
			if avg := r.AvgLen(f); avg > 0 {
				rk.invNorm[id][f] = 1 / (1 - w.B[f] + w.B[f]*float64(m.Lens[f])/avg)
			}
		}
		seen := map[string]bool{}
		for _, n := range append([]string{m.Title}, m.Names...) {
			n = strings.ToLower(n)
			if m.Type == "man" && !seen[n] {
				seen[n] = true
				rk.names[n] = append(rk.names[n], id)
			}
		}
	}
	for sc := range rk.firstPrior {
		rk.firstPrior[sc] = make([]float64, r.NumDocs())
	}
	for id := range rk.priors {
		var f [NumFeatures]float64
		rk.priorFeatures(id, &f)
		for sc := range rk.firstPrior {
			rk.firstPrior[sc][id] = firstStage.Score(&f, Scene(sc), rk.priors[id].kind)
		}
	}
	return rk
}

// priorFeatures sets the features that do not depend on the question's
// words.
func (rk *ranker) priorFeatures(id int, f *[NumFeatures]float64) {
	p := &rk.priors[id]
	if p.manual {
		if p.command {
			f[FCommand] = 1
		} else {
			f[FMissing] = 1
		}
	}
	if p.priority > priors.PriorityOptional {
		f[FPriority] = float64(p.priority - priors.PriorityOptional)
	}
	f[FInlinks] = math.Log1p(float64(p.inlinks))
	f[FMentions] = p.mentions
	f[FUses] = math.Log1p(float64(p.uses))
	f[FFamily] = p.family
}

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
func nameTerm(r *index.Reader, title string) int {
	title = strings.ToLower(title)
	if t, ok := r.Term(terms.Stem(title)); ok && r.DF(t) >= 2 {
		return t
	}
	if i := strings.LastIndexAny(title, "-_."); i >= 0 {
		if t, ok := r.Term(terms.Stem(title[i+1:])); ok && r.DF(t) >= 2 && r.DF(t) <= r.NumDocs()/rareShare {
			return t
		}
	}
	return -1
}

// echoes sets FEchoed: the pages that match the question best tell which
// command does the job when they name it ("lock the account with usermod
// -L"), though their own topic is something else.
func (rk *ranker) echoes(pool []Candidate, total []float64) {
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
	for i := range pool {
		c := &pool[i]
		t := rk.priors[c.ID].nameTerm
		if t < 0 {
			continue
		}
		title, _ := rk.r.NameLine(c.ID)
		n := 0
		rk.r.Postings(t, func(p index.Posting) {
			if _, ok := slices.BinarySearch(top, p.Doc); !ok || p.Doc == c.ID || rk.priors[p.Doc].group == c.ID {
				return
			}
			if other, _ := rk.r.NameLine(p.Doc); strings.EqualFold(other, title) {
				return // the same name in another section
			}
			n++
		})
		c.F[FEchoed] = math.Log1p(float64(n))
	}
}

// query is an analysis resolved against the index.
type query struct {
	a      Analysis
	idf    []float64     // per concept: idf of its own word (or its best alt if absent), weighted
	raw    []float64     // per concept: the same before the scene and topicality weights
	alts   [][]resolved  // per concept
	mass   float64       // sum of idf
	byTerm map[int]int32 // term id -> concept<<8 | alt
	sorted []qterm       // the same, by term id, for merging with blocks' sorted terms
	// sortedIDs are sorted's term ids, unique: a term is one concept's
	sortedIDs []int
	// named: page -> how surely the question names it (0..1) and the
	// concept that names it (-1 for a joined pair)
	named map[int]naming
	// commands: lowercase names the question gives a command by (not as
	// its verb), and how surely
	commands map[string]float64
	// byStem: stem -> the concepts it is an alternative of, for text the
	// index holds no terms of; textCoverage fills it on first use (a
	// query is answered by one goroutine)
	byStem map[string][]conceptAlt
}

// cover raises cov[ci] to the weight of every question term of concept
// ci that block b holds.
func (q *query) cover(b index.Block, cov []float64) {
	b.Match(q.sortedIDs, func(k int) {
		if qt := q.sorted[k]; qt.weight > cov[qt.ci] {
			cov[qt.ci] = qt.weight
		}
	})
}

type qterm struct {
	id     int
	ci     int
	weight float64
}

type naming struct {
	sure    float64 // 1 for a name-like word, 0 for a common word
	verb    bool    // the word is the question's verb
	concept int
}

// set puts the naming into the features.
func (nm naming) set(f *[NumFeatures]float64) {
	switch {
	case nm.verb:
		f[FNamedVerb] = 1
	default:
		f[FNamed] = nm.sure
		f[FNamedCommon] = 1 - nm.sure
	}
}

type resolved struct {
	term   int
	idf    float64
	weight float64
}

func (rk *ranker) resolve(a Analysis) *query {
	q := &query{a: a, byTerm: map[int]int32{}, named: map[int]naming{}, commands: map[string]float64{}}
	rk.compounds(&a)
	rk.derivations(&a)
	q.a = a
	for ci, c := range a.Concepts {
		var alts []resolved
		best := 0.0
		// idf of the question's own word, when the index has it and is
		// big enough for the trees (the weighted sum, which ranks smaller
		// ones, was fitted without this cap)
		own := math.Inf(1)
		for ai, alt := range c.Alts {
			id, ok := rk.r.Term(alt.Stem)
			if !ok {
				continue
			}
			idf := rk.r.IDF(id)
			if ai == 0 && rk.treeSized() {
				own = idf
			}
			// A page that says "dir" where the question says "directory"
			// is not more about directories for the rarer word: an
			// alternative counts at most as much as the word it stands for.
			alts = append(alts, resolved{term: id, idf: min(idf, own) * c.Weight, weight: alt.Weight})
			if _, dup := q.byTerm[id]; !dup {
				q.byTerm[id] = int32(ci)<<8 | int32(min(ai, 255))
			}
			if ai == 0 || best == 0 {
				best = max(best, idf*alt.Weight)
			}
		}
		if best == 0 {
			// A word no page has still counts against coverage: a question
			// about tomatoes is not answered by a page about files. Give it
			// the idf of a term seen once.
			best = rk.r.MaxIDF()
		}
		q.raw = append(q.raw, best)
		best *= c.Weight * rk.topical(c)
		q.idf = append(q.idf, best)
		q.alts = append(q.alts, alts)
		q.mass += best
	}
	for t, v := range q.byTerm {
		ci, ai := int(v>>8), int(v&0xff)
		alts := q.a.Concepts[ci].Alts
		q.sorted = append(q.sorted, qterm{id: t, ci: ci, weight: alts[min(ai, len(alts)-1)].Weight})
	}
	slices.SortFunc(q.sorted, func(a, b qterm) int { return a.id - b.id })
	for _, t := range q.sorted {
		q.sortedIDs = append(q.sortedIDs, t.id)
	}
	rk.resolveNames(q)
	return q
}

// derivedWeight is the weight of a word derived from the question's by a
// suffix: near the word's own, as "owner" to "own".
const derivedWeight = 0.8

// derivations adds to each concept the words the manuals derive from it
// or it from them, which the Porter stemmer keeps apart: "owns" and
// "owner", "create" and "creation", "compress" and "compressor". A form
// counts only if the index has it.
func (rk *ranker) derivations(a *Analysis) {
	for i := range a.Concepts {
		c := &a.Concepts[i]
		w := c.Word
		if len(w) < 3 || len(c.Alts) == 0 {
			continue
		}
		var forms []string
		base := strings.TrimSuffix(w, "s")
		stem := base
		for _, suf := range []string{"ership", "ation", "ment", "ion", "ship", "er", "or"} {
			if b, ok := strings.CutSuffix(base, suf); ok && len(b) >= 3 {
				stem = b
				forms = append(forms, b, b+"e")
				break
			}
		}
		for _, suf := range []string{"er", "ers", "ership", "ion", "ation", "ment", "or"} {
			forms = append(forms, stem+suf)
			if strings.HasSuffix(stem, "e") {
				forms = append(forms, stem[:len(stem)-1]+suf)
			}
		}
		for _, f := range forms {
			st := terms.Stem(f)
			if _, ok := rk.r.Term(st); !ok || slices.ContainsFunc(c.Alts, func(x Alt) bool { return x.Stem == st }) {
				continue
			}
			c.Alts = append(slices.Clip(c.Alts), Alt{Stem: st, Weight: derivedWeight})
		}
	}
}

// compounds adds to a concept the word it makes with its neighbour when
// the manuals write the two as one: "log out" is "logout", "time zone"
// "timezone", "file system" "filesystem".
func (rk *ranker) compounds(a *Analysis) {
	concept := map[string]int{}
	for i, c := range a.Concepts {
		concept[c.Word] = i
	}
	for i := 0; i+1 < len(a.Seq); i++ {
		x, y := a.Seq[i], a.Seq[i+1]
		joined := x + y
		if len(x) < 2 || len(y) < 2 || terms.Stop(x) || len(joined) > terms.MaxLen {
			continue
		}
		st := terms.Stem(joined)
		id, ok := rk.r.Term(st)
		// a compound the manuals use, not an identifier that happens to
		// join the two words: it must not be much rarer than its parts
		if !ok || rk.r.IDF(id) > rk.partIDF(x, y)+2.5 {
			continue
		}
		for _, w := range a.Seq[i : i+2] {
			ci, ok := concept[w]
			if !ok {
				continue
			}
			c := &a.Concepts[ci]
			if !slices.ContainsFunc(c.Alts, func(x Alt) bool { return x.Stem == st }) {
				// a copy: Alts may share its array with the analysis' caller
				c.Alts = append(slices.Clip(c.Alts), Alt{Stem: st, Weight: 0.9})
			}
		}
	}
}

// topical is how much a question word says what the question is about:
// 1 for words the manuals use to name what a page does ("copy",
// "partition"), down to Topicality.Floor for words of running text that
// almost never do ("whole", "another", "still"). It is learned from the
// index: the share of the pages with the word that have it in their NAME
// line, smoothed towards a neutral prior for rare words.
func (rk *ranker) topical(c Concept) float64 {
	t := rk.w.Topicality
	if t.Floor >= 1 || len(c.Alts) == 0 {
		return 1
	}
	id, ok := rk.r.Term(c.Alts[0].Stem)
	if !ok {
		return 1 // a word no page has: let it count against coverage
	}
	const prior, strength = 0.02, 20
	naming := (rk.r.Naming(id)*rk.r.WDF(id) + prior*strength) / (rk.r.WDF(id) + strength)
	m := (math.Log(naming) - math.Log(t.Low)) / (math.Log(t.High) - math.Log(t.Low))
	return math.Min(1, math.Max(t.Floor, m))
}

// partIDF is the larger idf of two words, the idf of a word seen once for a
// word no page has.
func (rk *ranker) partIDF(x, y string) float64 {
	m := 0.0
	for _, w := range []string{x, y} {
		idf := rk.r.MaxIDF()
		if id, ok := rk.r.Term(terms.Stem(w)); ok {
			idf = rk.r.IDF(id)
		}
		m = max(m, idf)
	}
	return m
}

// resolveNames finds the pages the question names: two adjacent words
// joined by a dash ("git stash" -> git-stash) surely do; a single word
// does as surely as the corpus uses it as a name rather than as an
// ordinary word, which its idf tells ("tmux" yes, "find" less, "file"
// hardly).
func (rk *ranker) resolveNames(q *query) {
	for _, w := range q.a.Pairs {
		for _, id := range rk.names[w] {
			q.named[id] = naming{sure: 1, concept: -1}
		}
	}
	for _, w := range q.a.Words {
		ids := rk.names[w]
		if len(ids) == 0 || terms.Stop(w) || q.a.Extensions[w] {
			continue
		}
		sure := 1.0
		ci := -1
		st := terms.Stem(w)
		for i, c := range q.a.Concepts {
			if c.Alts[0].Stem == st {
				ci = i
			}
		}
		// the question's verb, or a word that only sets the scene ("in a
		// bash script"), names a page by accident
		verb := w == q.a.Verb || ci >= 0 && q.a.Concepts[ci].Weight < 1
		if id, ok := rk.r.Term(st); ok {
			// 1 at idf >= 5 (df about 1 in 150 pages), 0 at idf <= 2 (1
			// in 8), linear between
			sure = math.Min(1, math.Max(0, (rk.r.IDF(id)-2)/3))
		}
		for _, id := range ids {
			old, ok := q.named[id]
			if !ok || old.verb && !verb || old.verb == verb && old.sure < sure {
				q.named[id] = naming{sure: sure, verb: verb, concept: ci}
			}
		}
		if !verb {
			q.commands[w] = max(q.commands[w], sure)
		}
	}
}

// subcommand is how surely the page of title documents a subcommand of a
// command the question names: "git-stash" or "git_stash" for "git".
func subcommand(title string, q *query) float64 {
	best := 0.0
	for w, sure := range q.commands {
		if len(title) > len(w)+1 && strings.HasPrefix(title, w) && (title[len(w)] == '-' || title[len(w)] == '_') {
			best = max(best, sure)
		}
	}
	return best
}

// minTreeDocs is the smallest index the trees rank for. They were fitted on
// pools drawn from a machine's whole documentation (about 20,000 pages),
// and judge a candidate against the rest of its pool; in an index of a few
// hundred pages the pools are unlike any they saw, and the weighted sum
// ranks instead.
const minTreeDocs = 2000

// isProgram says whether name is a program this machine has (on PATH)
// with a man page in sections 1, 6 or 8. The pages of daemons also name
// their units ("systemd-tmpfiles-clean.timer"), which are no commands.
func (rk *ranker) isProgram(name string) bool {
	if unitName().MatchString(name) {
		return false
	}
	return slices.ContainsFunc(rk.names[name], func(id int) bool { return rk.priors[id].manual && rk.priors[id].command })
}

var unitName = lazyre.New(`\.(service|socket|timer|target|mount|automount|path|slice|scope|device|swap)$`)

// treeSized says whether the index is big enough for the trees to rank
// it. Its pools are then built as the trees were fitted on them, whether or
// not trees are set (they are not while they are being fitted).
func (rk *ranker) treeSized() bool {
	return rk.r.NumDocs() >= rk.treeDocs
}

// rank returns the best candidates, best first.
func (rk *ranker) rank(a Analysis, limit int) ([]Candidate, *query) {
	pool, q := rk.pool(a)
	for i := range pool {
		pool[i].Linear = rk.w.Score(&pool[i].F, a.Scene, pool[i].Kind)
		pool[i].Score = pool[i].Linear
	}
	if rk.w.Trees != nil && rk.treeSized() && len(pool) > 0 {
		m := rk.w.Trees()
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
			// no articles, or nothing but articles: one pool
			for i, v := range Vectors(pool, a.Scene) {
				pool[i].Score = m.Predict(v)
			}
		} else {
			placeGuests(m, pool, hosts, a.Scene)
		}
	}
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
	return pool, q
}

// pool selects the candidates worth every feature and computes them.
func (rk *ranker) pool(a Analysis) ([]Candidate, *query) {
	q := rk.resolve(a)
	if len(a.Concepts) == 0 || q.mass == 0 {
		return nil, q
	}
	nd := rk.r.NumDocs()
	sc := rk.scratch()
	defer rk.release(sc)
	// The concepts' postings are summed in two lanes, which the cores
	// may scan at once; the lanes depend on the question alone, so the
	// sums, and the pool, do not depend on how many cores there are.
	lanes := rk.lanes(q)
	inParallel(len(lanes), func(from, to int) {
		for l := from; l < to; l++ {
			rk.scan(q, lanes[l], &sc.lanes[l])
		}
	}, 1)
	total, fieldTotal, nameSum := sc.lanes[0].total, sc.lanes[0].field, sc.lanes[0].nameSum
	for _, ln := range sc.lanes[1:len(lanes)] {
		for d := range nd {
			total[d] += ln.total[d]
			for f := range index.NumFields {
				fieldTotal[d][f] += ln.field[d][f]
			}
		}
		for d, ns := range ln.nameSum {
			if mine := nameSum[d]; mine != nil {
				for i, x := range ns {
					mine[i] = max(mine[i], x)
				}
			} else {
				nameSum[d] = ns
			}
		}
	}

	// First stage: lexical score, names and priors, with fixed weights so
	// the pool does not move while the final weights are fitted.
	var f [NumFeatures]float64
	prior := rk.firstPrior[a.Scene]
	first := func(id int) float64 {
		nm, ok := q.named[id]
		if !ok {
			return prior[id] + firstStage.W[FLex]*(total[id]/q.mass)
		}
		f = [NumFeatures]float64{}
		rk.priorFeatures(id, &f)
		f[FLex] = total[id] / q.mass
		nm.set(&f)
		return firstStage.Score(&f, a.Scene, rk.priors[id].kind)
	}
	// Articles have places of their own, so that an archive never takes
	// a manual page's place in the pool.
	h, guests := &candHeap{}, &candHeap{}
	for id := range nd {
		if total[id] == 0 {
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
	for _, sc := range append(*h, *guests...) {
		in[sc.id] = true
		ids = append(ids, sc.id)
	}
	// Pages whose NAME line says most of what the question asks: the
	// lexical score undersells a short page whose one line is the answer
	// ("print a sequence of numbers") among long pages that use the
	// question's common words everywhere. Only the trees were fitted on
	// pools with them; in an index too small for the trees, the weighted
	// sum keeps the pools it was fitted on.
	if rk.treeSized() {
		for _, id := range rk.nameAdmits(nameSum, q, in, first) {
			in[id] = true
			ids = append(ids, id)
		}
	}
	sn := newSense(rk.w.Vectors, a, q)
	// Pages whose NAME line says what the question says in other words:
	// "stage changes" for git-add's "add file contents to the index".
	if rk.treeSized() {
		for _, id := range rk.senseAdmits(sn, in) {
			in[id] = true
			ids = append(ids, id)
		}
	}
	// Pages the question names, and the man pages of info nodes in the
	// pool, are candidates whatever their lexical score.
	for id := range q.named {
		if !in[id] {
			in[id] = true
			ids = append(ids, id)
		}
	}
	for _, id := range ids[:len(ids):len(ids)] {
		if g := rk.priors[id].group; g >= 0 && !in[g] {
			in[g] = true
			ids = append(ids, g)
		}
		// and the info nodes about a man page, whose words support it
		for _, node := range rk.groups[id] {
			if !in[node] {
				in[node] = true
				ids = append(ids, node)
			}
		}
	}
	slices.Sort(ids)

	pool := make([]Candidate, len(ids))
	// Each candidate's features read only what is shared; reading its
	// blocks is most of a question's work, so the cores split it.
	inParallel(len(ids), func(from, to int) {
		sn := sn.fork()
		for i := from; i < to; i++ {
			id := ids[i]
			c := &pool[i]
			*c = Candidate{ID: id, Kind: rk.priors[id].kind}
			rk.priorFeatures(id, &c.F)
			c.F[FLex] = total[id] / q.mass
			c.F[FLexName] = fieldTotal[id][index.FieldName] / q.mass
			c.F[FLexSummary] = fieldTotal[id][index.FieldSummary] / q.mass
			c.F[FLexHeads] = fieldTotal[id][index.FieldHeads] / q.mass
			c.F[FLexBody] = fieldTotal[id][index.FieldBody] / q.mass
			rk.cover(c, q, nameSum[id])
			if nm, ok := q.named[id]; ok {
				nm.set(&c.F)
				c.F[FNamedRest] = rk.rest(c, q, nm.concept)
			}
			title, summary := rk.r.NameLine(id)
			if len(q.commands) > 0 && rk.priors[id].manual {
				c.F[FSubcommand] = subcommand(strings.ToLower(title), q)
			}
			sn.set(&c.F, title, summary)
		}
	}, 16)
	byID := make(map[int]int, len(pool))
	for i, c := range pool {
		byID[c.ID] = i
	}
	for i := range pool {
		for _, node := range rk.groups[pool[i].ID] {
			if j, ok := byID[node]; ok {
				pool[i].F[FInfoSupport] = max(pool[i].F[FInfoSupport], pool[j].F[FBlock])
				pool[i].F[FInfoNameLine] = max(pool[i].F[FInfoNameLine], pool[j].F[FNameLine])
			}
		}
	}
	rk.echoes(pool, total)
	return pool, q
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
	h := &candHeap{}
	for id := range rk.r.NumDocs() {
		if in[id] || rk.guest(id) {
			continue
		}
		v := lines[id*dim : (id+1)*dim]
		var dot float32
		for i, x := range q {
			dot += x * v[i]
		}
		if dot <= 0 {
			continue
		}
		s := float64(dot)
		h.offer(rk.w.SenseAdmit, scored{id, s})
	}
	out := make([]int, 0, h.Len())
	for _, c := range *h {
		out = append(out, c.id)
	}
	slices.Sort(out)
	return out
}

// lineVecs are the mean word vectors of every page's names and NAME line,
// Dim per page (zero where the vectors know none of its words), made on
// first use.
func (rk *ranker) lineVecs() []float32 {
	rk.linesOnce.Do(func() {
		if rk.w.Vectors == nil {
			return
		}
		t := rk.w.Vectors()
		if t == nil {
			return
		}
		nd := rk.r.NumDocs()
		out := make([]float32, nd*t.Dim)
		var line [][]int8
		add := func(w []byte) {
			if v := t.VecBytes(w); v != nil {
				line = append(line, v)
			}
		}
		for id := range nd {
			line = line[:0]
			title, summary := rk.r.NameLine(id)
			terms.Scan(title, false, add)
			terms.Scan(summary, false, add)
			for i, x := range wordvec.Mean(line, nil) {
				out[id*t.Dim+i] = float32(x)
			}
		}
		rk.lines = out
	})
	return rk.lines
}

// nameAdmits returns the w.NameAdmit pages not yet in the pool whose NAME
// line covers the most of the question, the first-stage score breaking
// ties.
func (rk *ranker) nameAdmits(nameSum map[int][]float64, q *query, in map[int]bool, first func(int) float64) []int {
	if rk.w.NameAdmit <= 0 {
		return nil
	}
	nc := len(q.a.Concepts)
	var cands []scored
	for id, ns := range nameSum {
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
// it, one part per core but none of fewer than minPart items, and
// returns when all are done.
func inParallel(n int, fn func(from, to int), minPart int) {
	parts := min(runtime.GOMAXPROCS(0), maxParts, n/minPart)
	if parts <= 1 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	for p := 1; p < parts; p++ {
		wg.Go(func() { fn(p*n/parts, (p+1)*n/parts) })
	}
	fn(0, n/parts)
	wg.Wait()
}

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
	// the name or the summary. Kept sparse: most documents match little.
	nameSum map[int][]float64
	touched []int
}

func (rk *ranker) scratch() *scratch {
	if sc, ok := rk.scratches.Get().(*scratch); ok {
		return sc
	}
	nd := rk.r.NumDocs()
	sc := &scratch{}
	for l := range sc.lanes {
		sc.lanes[l] = lane{total: make([]float64, nd), concept: make([]float64, nd),
			field: make([][index.NumFields]float64, nd), fieldConcept: make([][index.NumFields]float64, nd)}
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
		ln.nameSum = nil
	}
	rk.scratches.Put(sc)
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
	nameSum := map[int][]float64{}
	ln.nameSum = nameSum
	touched := ln.touched
	for _, ci := range concepts {
		touched = touched[:0]
		for _, alt := range q.alts[ci] {
			rk.r.Postings(alt.term, func(p index.Posting) {
				inv := &invNorm[p.Doc]
				tf := 0.0
				for f := range index.NumFields {
					if p.TF[f] == 0 {
						continue
					}
					ftf := float64(p.TF[f]) * inv[f]
					tf += rk.w.Field[f] * ftf
					// a page's name counts only in the question's own words:
					// "user" expanding to "useradd" does not name useradd
					if f == index.FieldName && alt.weight < 1 {
						continue
					}
					if fs := alt.weight * alt.idf * ftf / (rk.w.K1 + ftf); fs > fieldConcept[p.Doc][f] {
						fieldConcept[p.Doc][f] = fs
					}
				}
				s := alt.weight * alt.idf * tf / (rk.w.K1 + tf)
				if concept[p.Doc] == 0 {
					touched = append(touched, p.Doc)
				}
				if s > concept[p.Doc] {
					concept[p.Doc] = s
				}
				if p.TF[index.FieldName] > 0 || p.TF[index.FieldSummary] > 0 {
					ns := nameSum[p.Doc]
					if ns == nil {
						// concepts, then the exact-word flags after them
						ns = make([]float64, 2*nc)
						nameSum[p.Doc] = ns
					}
					if alt.weight > ns[ci] {
						ns[ci] = alt.weight
					}
					if alt.weight == 1 && alt.idf > 0 {
						ns[nc+ci] = 1
					}
				}
			})
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
	ln.touched = touched
}

// rest is the share of the question other than the naming word that the
// candidate's NAME line and best block hold.
func (rk *ranker) rest(c *Candidate, q *query, named int) float64 {
	s, m := 0.0, 0.0
	for ci, w := range c.Covered {
		if ci == named {
			continue
		}
		s += w * q.idf[ci]
		m += q.idf[ci]
	}
	if m == 0 {
		return 1
	}
	return s / m
}

// cover computes the features of where in the page the question is:
// NAME line, the best block, the best dense block, option item and code.
func (rk *ranker) cover(c *Candidate, q *query, nameSum []float64) {
	nc := len(q.a.Concepts)
	base := make([]float64, nc)
	if nameSum != nil {
		copy(base, nameSum[:nc])
		c.F[FNameLineExact] = weigh(nameSum[nc:], q)
		found := 0.0
		for _, x := range nameSum[:nc] {
			found += x
		}
		c.F[FNamePrecision] = math.Min(1, found/float64(max(3, rk.docLens[c.ID][index.FieldSummary])))
	}
	c.F[FNameLine] = weigh(base, q)
	c.NameCov = slices.Clone(base)
	best := append([]float64(nil), base...)
	bestScore := c.F[FNameLine]
	c.Block = -1
	dense, item, code := bestScore, bestScore, bestScore
	cur := make([]float64, nc)
	purpose := append([]float64(nil), base...)
	for bi, b := range rk.r.Blocks(c.ID) {
		copy(cur, base)
		q.cover(b, cur)
		s := weigh(cur, q)
		if s > bestScore {
			bestScore, c.Block = s, bi
			copy(best, cur)
		}
		// the NAME line's share is not discounted: only what the block adds
		ds := c.F[FNameLine] + (s-c.F[FNameLine])/(1+math.Log1p(float64(b.Len())/rk.w.DenseLen))
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
	c.F[FBlock] = bestScore
	c.F[FPurpose] = weigh(purpose, q)
	c.F[FDense] = dense
	c.F[FItem] = item
	c.F[FCode] = code
	c.Covered = best
	c.Coverage = bestScore
}

func weigh(cov []float64, q *query) float64 {
	return weighBy(cov, q.idf, q.mass)
}

// weighBy is the share of mass that cov holds, each concept weighing w.
func weighBy(cov, w []float64, mass float64) float64 {
	s := 0.0
	for ci, c := range cov {
		s += c * w[ci]
	}
	return s / mass
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
