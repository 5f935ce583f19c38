// Package rank is the embedded retriever: it resolves an analysed question
// against the index, gathers a pool of candidate pages (from the
// postings, the NAME lines, the word vectors and the names the question
// gives), computes every feature of each (features.go), orders them with
// the fitted trees (trees.go) and says how sure it is with a calibrated
// confidence model (confidence.go). What tools/rankeval tunes lives here
// and only here: Weights, the trees and the confidence model.
package rank

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Retriever ranks the pages of an index for a question. Safe for
// concurrent use.
type Retriever struct {
	lib    *answer.Library
	rk     *ranker
	expand analyse.Expander
	src    Source
	// tasks, when set, is the task model this retriever reads questions
	// with instead of the one its Weights gave (WithTasks)
	tasks *tasks.Model
}

// WithTasks returns a retriever that reads questions with the task model m
// instead of the shipped one: tools that fit the trees on task data's own
// descriptions give them a model fitted without those descriptions.
func (rt *Retriever) WithTasks(m *tasks.Model) *Retriever {
	c := *rt
	c.tasks = m
	return &c
}

// Tasks is the task model the retriever reads questions with, nil for none.
func (rt *Retriever) Tasks() *tasks.Model {
	if rt.tasks != nil {
		return rt.tasks
	}
	return rt.rk.tasks
}

// Source finds the candidates of a question in a search engine of its
// own (Weaviate) instead of the index's postings: the pages, by id in
// the index, that rank then measures, orders and is sure of as it does
// its own.
type Source interface {
	Candidates(ctx context.Context, a analyse.Analysis) ([]int, error)
}

// WithSource returns a retriever whose candidates src finds; the pages
// the question names and the man pages and info nodes that document each
// other still join them, as they join the postings' candidates.
func (rt *Retriever) WithSource(src Source) *Retriever {
	c := *rt
	c.src = src
	return &c
}

// New prepares a retriever over lib's index; expand may be nil. It fails
// when w's trees do not fit the features.
func New(lib *answer.Library, expand analyse.Expander, w Weights) (*Retriever, error) {
	rk, err := newRanker(lib, w)
	if err != nil {
		return nil, err
	}
	return &Retriever{lib: lib, rk: rk, expand: expand}, nil
}

// hitsShown is how many pages a retrieval returns: the references an
// answer may cite and the pages a no-answer recommends come from them.
const hitsShown = 12

// Detail is the embedded retriever's account of a retrieval: the pages it
// returned with their features and scores, and what the confidence model
// saw.
type Detail struct {
	Candidates []Candidate
	Confidence [NumConf]float64 // the inputs of the confidence model
}

// Retrieve ranks the pages for question.
func (rt *Retriever) Retrieve(ctx context.Context, question string) (*answer.Retrieval, error) {
	a := analyse.Analyse(question, rt.expand)
	var from *[]int
	if rt.src != nil {
		ids, err := rt.src.Candidates(ctx, a)
		if err != nil {
			return nil, err
		}
		from = &ids
	}
	cands, q := rt.rk.rank(a, 1<<30, from, rt.Tasks())
	cands = rt.rk.order(cands, q)
	d := &Detail{}
	if len(cands) > 0 {
		d.Confidence = confInputs(manualsOf(cands), q)
	}
	cands = cands[:min(hitsShown, len(cands))]
	d.Candidates = cands
	ret := &answer.Retrieval{Analysis: a, Question: q.question(rt.rk.r), Detail: d}
	for _, c := range cands {
		ret.Hits = append(ret.Hits, answer.Hit{Doc: c.ID, Meta: c.Meta, Score: c.Score, NameCov: c.NameCov, Block: c.Block, Entries: q.task[c.ID].entries})
	}
	if len(cands) > 0 {
		ret.Confidence = confidence(&rt.rk.w.Conf, &d.Confidence)
		// unrounded: a threshold of 1 withholds every answer
		ret.Scope = Logistic(&rt.rk.w.Scope, &d.Confidence)
	}
	return ret, nil
}

// Candidates ranks every candidate of the pool for question, best first,
// for tools that fit the weights.
func (rt *Retriever) Candidates(question string) (analyse.Analysis, []Candidate) {
	p := rt.Pool(question)
	return p.Analysis, p.Cands
}

// Pool is every candidate for a question, for tools that fit a model on
// folds: they score Cands with a model of their own and Order them with
// it, as Retrieve orders them with the shipped one.
type Pool struct {
	Analysis analyse.Analysis
	Cands    []Candidate // as the shipped model ranks them
	q        *query
	rk       *ranker
}

// Pool gathers and ranks every candidate for question.
func (rt *Retriever) Pool(question string) *Pool {
	a := analyse.Analyse(question, rt.expand)
	cands, q := rt.rk.rank(a, 1<<30, nil, rt.Tasks())
	return &Pool{Analysis: a, Cands: cands, q: q, rk: rt.rk}
}

// Order ranks the pool by scores, one per candidate of Cands as a model
// gives them for Vectors(Cands, scene), and returns the pages in the
// order an answer cites them and the inputs of the confidence model.
func (p *Pool) Order(scores []float64) ([]Candidate, [NumConf]float64) {
	cands := slices.Clone(p.Cands)
	for i := range cands {
		cands[i].Score, cands[i].Tree = scores[i], scores[i]
	}
	slices.SortStableFunc(cands, func(x, y Candidate) int {
		if c := cmp.Compare(y.Score, x.Score); c != 0 {
			return c
		}
		return x.ID - y.ID
	})
	cands = p.rk.order(cands, p.q)
	return cands, confInputs(manualsOf(cands), p.q)
}

// manualsOf are the candidates confidence is read from: all of them when
// a tldr page leads (its example says the question, which answers it),
// and else all but the tldr pages, which the confidence and scope models
// were fitted without: pages that fit a question by chance (java(1) for
// an out-of-scope one) made it look answerable.
func manualsOf(cands []Candidate) []Candidate {
	if len(cands) == 0 || cands[0].Meta.Type == "tldr" {
		return cands
	}
	out := make([]Candidate, 0, len(cands))
	for _, c := range cands {
		if c.Meta.Type != "tldr" {
			out = append(out, c)
		}
	}
	return out
}

// order puts the ranked candidates in the order an answer cites them.
func (rk *ranker) order(cands []Candidate, q *query) []Candidate {
	cands = manPageLeads(programsFirst(cands))
	// byVerb reads the pages as they lead, not as they scored: a node of
	// a manual with no program of its own that scored first yields to
	// the page after it ("find: Size Directives" to truncate(1)). A node
	// it puts first ("du invocation") goes after its page again.
	if rk.byVerb(cands, q) {
		cands = programsFirst(cands)
	}
	return safeLead(rk.installedLeads(debLeads(lineLeads(charLeads(filterLeads(treeLeads(subjectLeads(cands, rk.subjectArticles(q)), q), q), q), q), q)), q, rk.notInstalled)
}

// treeLeads puts find(1) first, wherever the ranking put it, ahead of
// a command that takes the files a pattern matches in one folder only,
// where the question gives a pattern and works through the subfolders
// too: "delete the .bak files in backups and its subfolders" is find's
// -name and -delete, where `rm -rf backups/*.bak` removes only those at
// the top (and a whole folder whose name ends in .bak). So for chmod -R,
// which changes every file of the tree, not those the pattern names.
// So too where the question picks the files by a property find tests
// (analyse.PicksByProperty): "delete all empty files in tmp" is find's
// -empty and -delete, where rm takes only the files it is given. The
// words of such a question are the other command's, which may rank find
// low.
func treeLeads(cands []Candidate, q *query) []Candidate {
	if len(cands) < 2 || cands[0].Meta.Type != "man" || !oneLevel[strings.ToLower(cands[0].Meta.Title)] {
		return cands
	}
	patterned := slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return manyFiles(q.a.Question, a) }) && analyse.Descends(q.a.Question)
	if !patterned && !analyse.PicksByProperty(q.a.Question, q.a.Args) {
		return cands
	}
	return leadWithin(cands, len(cands), func(c *Candidate) bool { return c.Meta.Type == "man" && c.Meta.Title == "find" })
}

// filterLeads puts grep(1) or sed(1), whichever comes first among the
// first filterReach, first where the question removes lines by what they
// hold ("delete every line that contains TODO from notes.md"): that
// keeps the lines that do not hold it, a filter's work (grep -v, sed's d
// command), where the words of removal chose pages that delete other
// things: DELETE(7)'s rows, git-restore(1)'s changes. And grep first
// where it counts such lines ("count how many lines of access.log
// contain 404"), grep -c's work, where the words chose wc(1).
func filterLeads(cands []Candidate, q *query) []Candidate {
	ok := lineFilter
	switch {
	case analyse.RemovedLines().MatchString(q.a.Question):
	case analyse.CountsMatchingLines(q.a.Question):
		ok = func(c *Candidate) bool { return c.Meta.Type == "man" && c.Meta.Title == "grep" }
	default:
		return cands
	}
	if len(cands) < 2 || ok(&cands[0]) {
		return cands
	}
	return leadWithin(cands, filterReach, ok)
}

// filterReach is how far down filterLeads looks: the question's words
// say little of the task, so the filter may rank low.
const filterReach = 8

// lineFilter says whether c is the man page of a command that keeps the
// lines of a text that do not match a pattern.
func lineFilter(c *Candidate) bool {
	return c.Meta.Type == "man" && (c.Meta.Title == "grep" || c.Meta.Title == "sed")
}

// charLeads puts tr(1) first, wherever it ranks, where the question
// makes one set of characters it names into another ("swap every tab for
// a semicolon in export.tsv"): its words name the characters and the
// change, which chose swapon(8) for "swap" and expand(1) for tabs. But
// tabs made spaces, or spaces tabs, are expand's and unexpand's: they
// keep the columns where tr would not.
func charLeads(cands []Candidate, q *query) []Candidate {
	if len(cands) < 2 || !analyse.TranslatesChars(q.a.Question) {
		return cands
	}
	if sets := analyse.CharSets(q.a.Question); slices.Contains(sets, `'\t'`) && slices.Contains(sets, `' '`) {
		return cands
	}
	tr := func(c *Candidate) bool { return c.Meta.Type == "man" && c.Meta.Title == "tr" }
	if tr(&cands[0]) {
		return cands
	}
	return leadWithin(cands, len(cands), tr)
}

// lineLeads puts sed(1) first, wherever it ranks, where the question
// shows or removes lines of a file it numbers ("print line 42 of
// config.ini", "delete the last line of data.csv"), which a stream
// editor addresses: the words chose llvm-symbolizer(1) for "print ...
// lines 42" and uniq(1) for "show lines". A lead that takes lines by
// their place too (head, tail, awk) stays, and so does a page of git,
// whose lines are a history's ("who last changed lines 10 to 20" is
// git-blame's); but head and tail only show lines, and "delete the last
// line" is no `tail data.csv`.
func lineLeads(cands []Candidate, q *query) []Candidate {
	ok, removes := analyse.NumbersLines(q.a.Question, q.a.Args)
	if len(cands) < 2 || !ok {
		return cands
	}
	if c := cands[0]; c.Meta.Type == "man" && (lineTakers[c.Meta.Title] && !(removes && (c.Meta.Title == "head" || c.Meta.Title == "tail")) || strings.HasPrefix(c.Meta.Title, "git")) {
		return cands
	}
	return leadWithin(cands, len(cands), func(c *Candidate) bool { return c.Meta.Type == "man" && c.Meta.Title == "sed" })
}

// lineTakers are the commands that take a file's lines by their place.
var lineTakers = map[string]bool{"sed": true, "head": true, "tail": true, "awk": true, "mawk": true, "gawk": true, "original-awk": true, "ed": true}

// debLeads puts dpkg(1) first, from as far as filterReach, where the
// question installs a package file it names ("install the downloaded
// package file tool_1.2_amd64.deb"): its words are a package manager's
// (apt-get install), whose install takes the names of packages in the
// archive, where dpkg -i installs the file.
func debLeads(cands []Candidate, q *query) []Candidate {
	if len(cands) < 2 || !installs(q.a.Question) || !slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool {
		return (a.Kind == analyse.ArgFile || a.Kind == analyse.ArgPath) && strings.HasSuffix(strings.ToLower(a.Text), ".deb")
	}) {
		return cands
	}
	dpkg := func(c *Candidate) bool { return c.Meta.Type == "man" && c.Meta.Title == "dpkg" }
	if dpkg(&cands[0]) {
		return cands
	}
	return leadWithin(cands, filterReach, dpkg)
}

// installs says whether question q asks to install: "install", not
// "download a .deb without installing it".
func installs(q string) bool {
	for _, m := range installVerb().FindAllStringSubmatch(q, -1) {
		if m[1] == "" {
			return true
		}
	}
	return false
}

var installVerb = lazyre.New(`(?i)(\b(?:without|not|never|n't)\s+)?\binstall(?:s|ing)?\b`)

// manyFiles says whether argument a of question q names files by a
// pattern: a glob ("*.tmp"), or an extension said of files ("all .jpg
// files", "the files ending in .bak"), where ".bashrc" is one file.
func manyFiles(q string, a analyse.Arg) bool {
	if a.Kind == analyse.ArgGlob {
		return true
	}
	if a.Kind != analyse.ArgFile || !strings.HasPrefix(a.Text, ".") || strings.Count(a.Text, ".") != 1 || a.Start > len(q) || a.End > len(q) {
		return false
	}
	return extensionBefore().MatchString(q[:a.Start]) || extensionAfter().MatchString(q[a.End:])
}

var (
	extensionBefore = lazyre.New(`(?i)\b(?:end(?:s|ing)?\s+(?:in|with)|extension)\s+$`)
	extensionAfter  = lazyre.New(`(?i)^\s+files?\b`)
)

// oneLevel are the commands that work on the files a shell pattern
// matches, which the shell expands in one folder only.
var oneLevel = map[string]bool{"rm": true, "rmdir": true, "cp": true, "mv": true, "chmod": true, "chown": true, "chgrp": true, "touch": true}

// installedLeads puts the first other page ahead of a leading tldr page
// of a command that is not installed here: whatever placed it there (its
// example says the question, its title is the question's subject), the
// first line of an answer must be one the user can type. It stays among
// the references, the alternative to install.
func (rk *ranker) installedLeads(cands []Candidate) []Candidate {
	if len(cands) < 2 || !rk.notInstalled(&cands[0]) {
		return cands
	}
	c := cands[0]
	copy(cands, cands[1:2])
	cands[1] = c
	return cands
}

// notInstalled says whether c is a tldr page of a command not installed
// here, which may follow the manuals but never lead.
func (rk *ranker) notInstalled(c *Candidate) bool {
	return c.Meta.Type == "tldr" && !rk.priors[c.ID].command
}

// programsFirst puts a command's man page before the info node that
// documents the same command: the man page is the reference users know, the
// node supports it.
func programsFirst(cands []Candidate) []Candidate {
	at := map[int]int{}
	for i, c := range cands {
		at[c.ID] = i
	}
	out := make([]Candidate, 0, len(cands))
	placed := map[int]bool{}
	for _, c := range cands {
		if placed[c.ID] {
			continue
		}
		if g := c.Meta.Group; c.Meta.Type == "info" && g >= 0 && !placed[g] {
			if i, ok := at[g]; ok {
				// It ranks where its node ranked, so that what reads
				// the scores in order (compose's alternatives) sees it
				// there.
				m := cands[i]
				m.Score = max(m.Score, c.Score)
				out = append(out, m)
				placed[g] = true
			}
		}
		out = append(out, c)
		placed[c.ID] = true
	}
	return out
}

// manPageLeads lets a man page lead when the best candidate is a node of a
// manual that documents no program of its own ("diffutils: Side by Side")
// and a man page is among the next two: one of the same package (diff(1))
// if there is one, else the first. As with programsFirst, the man page is
// the reference users know, and its options make the steps; the node stays
// among the references. A page of another package leads too: such a node's
// title is often one any manual could have, and its manual is about a
// program the question need not be about ("bc: Environment Variables" for
// "How do I list all environment variables?", env(1) next).
func manPageLeads(cands []Candidate) []Candidate {
	if len(cands) < 2 {
		return cands
	}
	top := cands[0].Meta
	if top.Type != "info" || top.Group >= 0 {
		return cands
	}
	// the next two of the manuals' pages: an article between them (an
	// archive's, which ranks among them) leaves their order as it is
	// without the archive
	lead := -1
	for i, seen := 1, 0; i < len(cands) && seen < 2; i++ {
		m := cands[i].Meta
		if m.Type == "zim" {
			continue
		}
		seen++
		if m.Type == "man" {
			if top.Package != "" && m.Package == top.Package {
				lead = i
				break
			}
			if lead < 0 {
				lead = i
			}
		}
	}
	if lead < 0 {
		return cands
	}
	out := slices.Clone(cands)
	copy(out[1:lead+1], cands[:lead])
	out[0] = cands[lead]
	return out
}
