// Package compose is the extractive composer: it writes an answer's
// Summary and Steps from sentences, options and example lines of the
// pages a retriever found, each cited, and invents nothing.
package compose

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Composer composes extractively. Safe for concurrent use.
type Composer struct {
	// AltMargin is how far behind the top page another page may be and
	// still be cited as an alternative, as a share of the gap between the
	// first and the tenth page.
	AltMargin float64
	// Items weigh what an item's parts add to its block's share of the
	// question when steps are chosen (see ItemWeights).
	Items ItemWeights
	// Options is the option model (tasks.DefaultOptions; nil: none),
	// which ItemWeights.Usage weighs (see usage.go).
	Options *tasks.Model
}

// New returns the composer ragman ships with.
func New() *Composer {
	opts, _ := tasks.DefaultOptions() // embedded: it decodes, or tests fail
	return &Composer{AltMargin: 0.8, Items: DefaultItems, Options: opts}
}

// prefetched is how many pages behind the first are decoded ahead: the
// alternatives, at most two, come from the first few close behind.
const prefetched = 4

// closeBehind are the ids of the first n hits after the first that rank
// close enough to it to be cited as alternatives (see Compose).
func closeBehind(hits []answer.Hit, margin float64, n int) []int {
	if len(hits) < 2 {
		return nil
	}
	floor := closeFloor(hits, margin)
	var ids []int
	for _, h := range hits[1:] {
		if len(ids) == n || h.Score < floor {
			break
		}
		ids = append(ids, h.Doc)
	}
	return ids
}

// closeFloor is the least score of a hit close behind the first: "close"
// is relative to how far apart the top ten are, as scores have no scale
// of their own; margin is the share of that spread a hit may fall behind.
func closeFloor(hits []answer.Hit, margin float64) float64 {
	return hits[0].Score - margin*(hits[0].Score-hits[min(9, len(hits)-1)].Score)
}

// loads are documents being decoded ahead of need.
type loads map[int]func() (*document.Document, error)

// prefetch starts decoding the documents ids.
func prefetch(lib *answer.Library, ids []int) loads {
	l := loads{}
	for _, id := range ids {
		f := sync.OnceValues(func() (*document.Document, error) { return lib.Load(id) })
		l[id] = f
		go f()
	}
	return l
}

// load is document id, decoded ahead or now.
func (l loads) load(lib *answer.Library, id int) (*document.Document, error) {
	if f, ok := l[id]; ok {
		return f()
	}
	return lib.Load(id)
}

// source is a page chosen to be cited, loaded.
type source struct {
	hit answer.Hit
	doc *document.Document
	// valuedOpts: see valued
	valuedOpts map[string]bool
}

// composition is one answer being written.
type composition struct {
	q     *answer.Question
	lib   *answer.Library
	citer *answer.Citer
	items ItemWeights
	// negative: the question holds a "not" or asks to stop, skip or avoid
	// a thing (answer.Negative), so an item that negates one of its
	// words may be just what it asks for
	negative bool
	seq      []string // the question's words, stopwords included
	// status: the question asks about exit codes or failures, which
	// EXIT STATUS and the like answer (see statusSection)
	status bool
	// where: the question asks where a thing is kept, which a FILES
	// section answers (see asksWhere)
	where bool
	// ops are the question's arguments, which command lines are filled
	// with (see fill.go), and apart the same with files and their
	// folders apart
	ops, apart []operand
	// options, the option model, reads usageTerms; usages are what it
	// says of each page's items (see usage), of the first page's only:
	// usageOf
	options    *tasks.Model
	usageTerms []tasks.Term
	usages     map[int]map[string]float64
	usageOf    int
	// scores are the option model's scores of the first page's command
	// (see scoresOf), which usage and bundle both read
	scores map[string]float64
	scored bool
	// lossAsked: the question asks to delete, shrink or clean up (see
	// losesData)
	lossAsked bool
}

func (c *composition) cite(s *source, section string) string {
	return c.citer.Cite(s.hit.Meta, section)
}

// Compose writes Summary and Steps from the best pages, extractively: the
// first page's NAME line and the sentence of its running text that holds
// most of the question, its synopsis and its best options or examples as
// steps, and up to two other pages that rank close behind.
func (cp *Composer) Compose(_ context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	c := &composition{q: r.Question, lib: lib, citer: cite, items: cp.Items, negative: answer.Negative(r.Analysis.Seq), seq: r.Analysis.Seq,
		status: asksStatus(r.Analysis), where: asksWhere(r.Analysis), ops: operands(r.Analysis.Question, r.Analysis.Args),
		apart: readOperands(r.Analysis.Question, r.Analysis.Args, false), options: cp.Options, usageTerms: usageTerms(r.Analysis), usageOf: -1}
	c.lossAsked = asksLoss(c.usageTerms)
	hits := r.Hits
	q := r.Question
	// The pages that rank close enough to be cited beside the first are
	// decoded on the other core while the first is read: decoding a big
	// page costs more than ranking.
	others := prefetch(lib, closeBehind(hits, cp.AltMargin, prefetched))
	if d, ok, err := c.tldrLed(hits, cp.AltMargin, r.Confidence, others); err != nil || ok {
		return d, err
	}
	primary := &source{hit: hits[0]}
	var err error
	if primary.doc, err = lib.Load(primary.hit.Doc); err != nil {
		return answer.Draft{}, err
	}
	m := primary.hit.Meta

	c.usageOf = primary.hit.Doc
	ps := c.passages(primary.hit.Doc, primary.doc, primary.hit.NameCov)
	// The steps of the first page: the options the question names of the
	// program it names come first, whatever else they say ("what does
	// grep -v do" is about -v), then its best options and examples.
	var chosen []passage
	shown := map[[2]int]bool{}
	for _, p := range namedOptions(primary, r.Analysis) {
		if len(chosen) < 3 {
			shown[[2]int{p.sec, p.blk}] = true
			chosen = append(chosen, p)
		}
	}
	named := len(chosen) > 0
	for _, p := range ps {
		if len(chosen) < 3 && c.stepWorthy(primary, p) && !p.aside && !strings.EqualFold(p.title, "SYNOPSIS") && !shown[[2]int{p.sec, p.blk}] {
			chosen = append(chosen, p)
		}
	}
	if !named && len(chosen) == 3 {
		chosen = c.withAskedOption(primary, ps, chosen)
	}
	if !named {
		chosen = c.valueFirst(primary, ps, chosen)
	}
	var steps []string
	said := map[string]bool{} // steps' text without their citations
	for _, p := range chosen {
		st := c.step(primary, p)
		said[st] = true
		steps = append(steps, st+" "+c.cite(primary, p.title))
	}

	name := m.Title
	if m.Summary != "" {
		name += ": " + strings.TrimSuffix(m.Summary, ".")
	}
	summary := []string{fmt.Sprintf("%s %s %s.", name, answer.Inline(m), c.cite(primary, "NAME"))}
	lead := len(chosen) > 0 && c.optionItem(primary, chosen[0])
	syn := answer.Synopsis(primary.doc)
	synopsis := syn // syn is emptied once a step shows it
	// the best passage says little of what the NAME line leaves, and
	// not much of the question either
	vague := len(chosen) > 0 && chosen[0].beyond < basicBeyond && chosen[0].score < vagueScore
	// or the NAME line says nearly all of it
	nameSays := beyondName(q, primary.hit.NameCov) < basicRest
	// An option named by a word of the question keeps the lead, unless
	// the NAME line says the question and the option's name says more:
	// env's --ignore-environment for "run a program with a modified
	// environment", which env's NAME line says word for word.
	asked := lead && c.termAsked(primary, chosen[0]) && (!nameSays || c.wholeAsked(chosen[0], true))
	// An option the option model backs keeps the lead too: people run
	// the command so for the task (mkdir's -p for nested folders); unless
	// it leaves a value the question never gave where the synopsis
	// takes the question's own (fillsBetter).
	backed := lead && c.usage(primary.hit.Doc, primary.doc)[chosen[0].block.Term] >= usageLead
	if lead && !named && syn != "" && (!asked && !backed && (chosen[0].score < basicScore || nameSays || vague) || c.fillsBetter(primary, chosen[0], syn)) {
		// The page's NAME line says most of the question ("list the
		// environment", "compute a file's MD5 sum"), or no option comes
		// close, or the synopsis takes the question's operands better:
		// the command as the synopsis runs it is the answer, and the
		// best options follow.
		steps = append([]string{c.basicStep(primary, syn)}, steps...)
		lead = false
		syn = ""
	}
	if lead {
		// The first step runs the command with the option, as the
		// synopsis writes the command: what one types.
		line, desc := c.invocationOf(primary, chosen[0])
		steps[0] = fmt.Sprintf("`%s`: %s %s", line, desc, c.cite(primary, chosen[0].title))
		if named || chosen[0].score-c.nextOption(primary, ps, chosen[0]) >= leadMargin {
			summary = append(summary, fmt.Sprintf("Use `%s`: %s %s.", line, strings.TrimSuffix(desc, "."), c.cite(primary, chosen[0].title)))
		}
	}
	if len(summary) == 1 {
		// The sentence of running text that holds most of the question;
		// not an example's caption, which says what the code under it
		// does ("Show the local time for 9AM next Friday") and nothing
		// without it.
		for _, p := range ps {
			if p.block.Kind == document.Para && !p.aside && !examples(p.title) {
				// what a thing is: the definition, though the NAME line
				// named it; how to do a thing: a sentence that tells more
				best := bestSentence(oneLine(p.block.Text), q)
				if r.Analysis.Scene == analyse.SceneConcept || adds(q, best, primary.hit.NameCov) || mentionsOption(best) || usage(best, primary.doc) {
					summary = append(summary, strings.TrimSuffix(sentence(best), ".")+" "+c.cite(primary, p.title)+".")
				}
				break
			}
		}
	}
	if syn != "" && !lead && (len(steps) < 3 || !named && (vague || nameSays)) {
		// and before an example that shows the command doing something
		// else than the question adds to its NAME line: mount's shared
		// subtrees for "mount a USB stick"
		steps = append([]string{c.basicStep(primary, syn)}, steps[:min(len(steps), 2)]...)
	}
	if r.Analysis.Scene == analyse.SceneConcept && !named {
		// a what-is question is answered in sentences: those of the
		// paragraphs that hold most of it, before any option (what an
		// option the question names does is that option's item)
		shown := strings.Join(summary, " ")
		var explain []string
		for _, p := range ps {
			if len(explain) == maxExplain {
				break
			}
			if p.block.Kind != document.Para || p.aside || examples(p.title) || p.score < explainScore {
				continue
			}
			raw := strings.TrimSpace(bestSentence(oneLine(p.block.Text), q))
			if introduces(raw) || c.commandLine(raw) {
				continue // ("mount --bind foo foo" in running text is no sentence)
			}
			best := sentence(raw)
			if said[best] || strings.Contains(shown, strings.TrimSuffix(best, ".")) {
				continue
			}
			said[best] = true
			explain = append(explain, best+" "+c.cite(primary, p.title))
		}
		// and the primary's other steps after them, as many as make
		// three in all: options are seldom what a what-is question asks
		steps = append(explain, steps[:min(len(steps), max(1, maxPrimarySteps-len(explain)))]...)
	}
	// Options that do the task together, as other people's command lines
	// run them, come first as one line: `tar -x -z -f data.tar.gz`, not
	// -x alone. They lead the steps and the summary, in the lead
	// option's place where it is one of them.
	if !named && r.Analysis.Scene != analyse.SceneConcept {
		// but an option the question's own words ask for, which the
		// bundle leaves out, keeps the lead (tar's -g for incremental
		// backups, which people seldom bundle)
		if opts := c.bundle(primary, ps); opts != nil && !(asked && !slices.ContainsFunc(opts, func(p passage) bool { return p.sec == chosen[0].sec && p.blk == chosen[0].blk })) {
			if line, desc, cites := c.bundleStep(primary, opts); line != "" {
				if st := fmt.Sprintf("`%s`: %s %s", line, desc, cites); lead {
					steps[0] = st
				} else {
					steps = append([]string{st}, steps...)
				}
				// a letter of the bundle is no step of its own after it
				steps = slices.DeleteFunc(steps, func(st string) bool { return bundles(opts, line, st) })
				use := fmt.Sprintf("Use `%s`: %s %s.", line, strings.TrimSuffix(desc, "."), cites)
				if len(summary) > 1 && strings.HasPrefix(summary[1], "Use `") {
					summary[1] = use
				} else {
					summary = slices.Insert(summary, 1, use)
				}
			}
		}
	}
	// The first sentence says which command does it and how: the option
	// that stands out, or else the command as its synopsis runs it, with
	// what the NAME line says it does. The NAME line alone leaves the
	// user to find the command line in the steps.
	if len(summary) > 1 && strings.HasPrefix(summary[1], "Use `") {
		summary[0], summary[1] = summary[1], summary[0]
	} else if line := plainRun(primary.doc, m, synopsis); line != "" && r.Analysis.Scene != analyse.SceneConcept {
		what := strings.TrimSuffix(m.Summary, ".")
		if what != "" {
			what = ": " + what
		}
		summary[0] = fmt.Sprintf("Use `%s`%s %s %s.", c.bestFill(primary, line), what, answer.Inline(m), c.cite(primary, "SYNOPSIS"))
	}

	altSummary, altSteps := c.alternatives(hits, m, hits[0].Doc, cp.AltMargin, r.Confidence, others, said, nil)
	summary = append(summary, altSummary...)
	steps = append(steps, altSteps...)
	return answer.Draft{Summary: strings.Join(summary, " "), Steps: steps}, nil
}

// alternatives are the other pages that also answer, when they rank
// close behind the first (first, its document firstDoc): another command
// for the job, the section 2 call behind a command. At most two, each
// with its NAME line, for the Summary, and its best step; said holds the
// steps' text already given, and skip, when set, the hits to pass over.
// A page that does not load ends them.
func (c *composition) alternatives(hits []answer.Hit, first index.Meta, firstDoc int, margin, confidence float64, others loads, said map[string]bool, skip func(answer.Hit) bool) (summary, steps []string) {
	q := c.q
	alts := 0
	// nice(1) and nice(2) are two pages; nodes of two manuals with one
	// title ("Environment Variables", "Invoking") are one topic told twice
	// as far as a reader is concerned
	seen := map[string]bool{altKey(first): true}
	floor := closeFloor(hits, margin)
	for _, other := range hits[1:] {
		if alts == 2 || other.Score < floor {
			break
		}
		om := other.Meta
		key := altKey(om)
		if seen[key] || om.Group == firstDoc || other.Doc == firstDoc || skip != nil && skip(other) {
			continue // the same page elsewhere, or the manual's node about it
		}
		seen[key] = true
		s := &source{hit: other}
		var err error
		if s.doc, err = others.load(c.lib, other.Doc); err != nil {
			break
		}
		alts++
		summary = append(summary, fmt.Sprintf("See also %s: %s %s %s.", om.Title, strings.TrimSuffix(om.Summary, "."), answer.Inline(om), c.cite(s, "NAME")))
		stepped := false
		for _, p := range c.passages(other.Doc, s.doc, other.NameCov) {
			if c.stepWorthy(s, p) && !p.aside && p.score >= altStepScore {
				// git-diff-tree and git-rev-list share their format
				// placeholders: "%h: abbreviated commit hash" once
				if st := c.step(s, p); !said[st] {
					said[st] = true
					steps = append(steps, st+" "+c.cite(s, p.title))
				}
				stepped = true
				break
			}
		}
		if !stepped && confidence < doubtful && answer.ProgramPage(om) && 1-beyondName(q, other.NameCov) >= altNameShare {
			// the first page is likely not the answer, and this one,
			// whose NAME line says some of the question, may be: how to
			// run it, so that the user who wanted su(1) for "switch to
			// the root user" is not left with switch_root's options
			// alone
			if syn := answer.Synopsis(s.doc); syn != "" {
				steps = append(steps, c.basicStep(s, syn))
			}
		}
	}
	return summary, steps
}

// plainRun is how a program's page runs it, for the Summary's first
// sentence: the command and its operands as its synopsis writes them
// ("df [FILE]...", "deluser user"); "" when that says nothing a user
// can type: no operand ("mount"), a subcommand's first form (git
// stash's is "git stash list"), or a synopsis of symbols ("lsof [ +c c
// ] [ +|-d d ]"). syn is the page's answer.Synopsis.
func plainRun(d *document.Document, m index.Meta, syn string) string {
	cmd := typedName(d, m.Title)
	if !answer.ProgramPage(m) || strings.Contains(cmd, " ") || syn == "" {
		return ""
	}
	// the form the basic step shows, which does the NAME line's job: not
	// the first form, which may run an option of its own (umount's
	// "umount -a [-dflnrv] ..." unmounts everything)
	line := invocationFrom([]string{strings.Join(strings.Fields(syn), " ")}, cmd, "")
	rest, ok := strings.CutPrefix(line, cmd+" ")
	if !ok || strings.ContainsAny(rest, "+|") || strings.Contains(rest, "[ ") || len(line) > maxRun || strings.Trim(rest, "[]. ") == "" {
		return ""
	}
	for _, w := range strings.Fields(rest) {
		if strings.HasPrefix(w, "-") {
			return "" // a form that runs an option ("login -f username"): the steps tell it
		}
	}
	return line
}

// maxRun is the longest command line the Summary's first sentence shows.
const maxRun = 60

// maxExplain and explainScore: a what-is question's answer gives, as its
// first steps, the best sentences of at most maxExplain paragraphs that
// hold at least explainScore of the question. Over the dev sets (156
// what-is questions) mention went from 1048.2 to 1050.1 of 1498 and the
// answers that expect no option and lead with none from 460 to 465 of
// 531; one paragraph gave 1049.1 and 465, three 1050.1 and 465 with
// more steps, and a least share of 0.5 1049.1 and 464. The shared set
// and the held-out tldr questions did not change.
const (
	maxExplain      = 2
	explainScore    = 0.3
	maxPrimarySteps = 3
)

// introduces says whether a sentence only introduces or points elsewhere
// ("Linux supports the standard signals listed below.", "See
// landlock_add_rule(2) for more context."), which says nothing on its
// own.
func introduces(s string) bool {
	if strings.HasSuffix(s, ":") || strings.HasPrefix(s, "See ") || strings.HasPrefix(s, "•") {
		return true
	}
	l := strings.ToLower(s)
	return strings.Contains(l, " below") || strings.Contains(l, " following") || strings.Contains(l, "this section")
}

// withAskedOption makes the second of chosen an option whose long name is
// the question's own word (see termAsked) when none of them is one: mv's
// --verbose for "move files in verbose mode", whose first sentence
// ("explain what is being done") holds no word of the question and
// ranks below options that say "move" and "file".
func (c *composition) withAskedOption(s *source, ps, chosen []passage) []passage {
	for _, p := range chosen {
		if c.optionItem(s, p) && c.termAsked(s, p) {
			return chosen
		}
	}
	for _, p := range ps {
		if c.optionItem(s, p) && !p.aside && c.stepWorthy(s, p) && c.termAsked(s, p) && c.wholeAsked(p, false) && !slices.ContainsFunc(chosen, func(o passage) bool { return o.sec == p.sec && o.blk == p.blk }) {
			// second: it says what the question asks, in its words,
			// though its description may not; the first step stays
			// what decides whether the plain command leads
			return slices.Insert(chosen[:len(chosen)-1:len(chosen)-1], 1, p)
		}
	}
	return chosen
}

// wholeAsked says whether every word of one of an option's long names is
// a word of the question: --verbose, --ignore-case for "ignoring upper and
// lower case", but not --listed-incremental for "list". With single, a
// long name after one dash counts too (find's -empty), which holds
// "links" for find's -links (hard links) in "find symbolic links": strong
// enough to keep a lead the option has, not to make a step of it.
func (c *composition) wholeAsked(p passage, single bool) bool {
	for _, name := range optionNames(p.block.Term) {
		long, ok := strings.CutPrefix(name, "--")
		if !ok && single && len(name) > 2 {
			long, ok = name[1:], true // find's -empty, -newer
		}
		if !ok {
			continue
		}
		all := true
		for _, w := range strings.Split(long, "-") {
			all = all && c.asksWord(terms.Stem(w))
		}
		if all {
			return true
		}
	}
	return false
}

// namedOptions are the option items of a program's page that document an
// option the question writes ("-v" in "what does grep -v do"), when the
// question names the program: in the question's order, then the page's.
// Options match as typed, case and all: grep -v is not grep -V.
func namedOptions(s *source, a analyse.Analysis) []passage {
	m := s.hit.Meta
	if len(a.Options) == 0 || !answer.ProgramPage(m) || !slices.Contains(a.Words, strings.ToLower(m.Title)) {
		return nil
	}
	var out []passage
	for _, opt := range a.Options {
		for si := range s.doc.Sections {
			sec := &s.doc.Sections[si]
			if Aside(sec) {
				continue
			}
			for bi, b := range sec.Blocks {
				if b.Kind == document.Item && slices.Contains(optionNames(b.Term), opt) &&
					!slices.ContainsFunc(out, func(p passage) bool { return p.sec == si && p.blk == bi }) {
					out = append(out, passage{sec: si, blk: bi, block: b, title: sec.Title})
				}
			}
		}
	}
	return out
}

// optionNames are the options an item's term documents: "-v" and
// "--invert-match" for "-v, --invert-match", "--color" for
// "--color[=WHEN]".
func optionNames(term string) []string {
	var out []string
	for _, alt := range strings.Split(term, ",") {
		// "-k --keep" (gzip) lists two names without a comma; "-o FILE"
		// one name and its value
		for i, f := range strings.Fields(alt) {
			if end := strings.IndexAny(f, "=["); end >= 0 {
				f = f[:end]
			}
			if !strings.HasPrefix(f, "-") || len(f) < 2 {
				break
			}
			if i == 0 || strings.HasPrefix(f, "--") {
				out = append(out, f)
			}
		}
	}
	return out
}

func altKey(m index.Meta) string { return m.Title + "\x00" + m.Type + "\x00" + m.Section }

// Aside says whether a section is about the page rather than its subject:
// pointers, credits, bugs, and where the program came from. A HISTORY that
// runs longer than provenance ever does here (tput's, at 2 kB, is the
// longest) is the subject itself: the shell's command history.
func Aside(s *document.Section) bool {
	switch strings.ToUpper(s.Title) {
	case "SEE ALSO", "AUTHOR", "AUTHORS", "COPYRIGHT", "REPORTING BUGS", "BUGS":
		return true
	case "HISTORY":
		n := 0
		for _, b := range s.Blocks {
			n += len(b.Text)
		}
		return n < provenanceMax
	}
	return false
}

// filesSection says whether a section lists the files a program reads
// and writes: "~/.ssh/known_hosts: Contains a list of host keys" does not
// say how to make a key pair, nor "/etc/passwd-: Backup file for
// /etc/passwd" what the fields of /etc/passwd mean.
func filesSection(title string) bool {
	switch strings.ToUpper(title) {
	case "FILES", "FILE":
		return true
	}
	return false
}

// asksWhere says whether a question asks where a thing is kept, which a
// FILES section tells, or is no how-to question at all: what the fields
// of /etc/passwd mean.
func asksWhere(a analyse.Analysis) bool {
	if a.Scene != analyse.SceneHowTo {
		return true
	}
	for _, w := range a.Seq {
		switch w {
		case "where", "location", "located", "stored", "kept", "saved", "path", "paths", "which":
			return true
		}
	}
	return false
}

// statusSection says whether a section lists what a program's exit codes
// or a call's return values mean: "Success: the user or group exists as
// specified" answers why usermod exited 6, not how to add a user to a
// group.
func statusSection(title string) bool {
	switch strings.ToUpper(title) {
	case "EXIT STATUS", "EXIT CODE", "EXIT CODES", "EXIT VALUE", "EXIT VALUES", "RETURN VALUE", "RETURN VALUES", "DIAGNOSTICS", "ERRORS":
		return true
	}
	return false
}

// asksStatus says whether a question asks what statusSection's sections
// tell: about a failure (a quoted message, a command that refuses), in
// code, or about exit codes and return values.
func asksStatus(a analyse.Analysis) bool {
	if a.Scene == analyse.SceneTroubleshoot || a.Scene == analyse.SceneProgramming || strings.ContainsAny(a.Question, "\"“") {
		return true
	}
	for _, w := range a.Seq {
		switch w {
		case "exit", "exits", "status", "return", "returns", "returned", "code", "codes", "refuse", "refuses", "refused", "complain", "complains", "says":
			return true
		}
	}
	return false
}

// provenanceMax is the most text a HISTORY section about a program's
// origins has on this machine's pages, rounded up.
const provenanceMax = 2500

// passage is a block of a loaded document with how much of the question it
// holds.
type passage struct {
	sec, blk int
	block    document.Block
	title    string
	aside    bool // from a section about the page, not its subject
	score    float64
	// beyond is the share of what the page's names and NAME line do not
	// say of the question that the passage says
	beyond float64
}

// leadMargin is how far an option's passage must score above the page's
// next option for the Summary to say "Use" it. Over the dev sets' answers
// whose expected mention is an option, the first step's option was that
// option for 37 of 203 (0.21) with a smaller lead and 47 of 84 (0.56)
// with this one; a plain high score did not tell (0.38).
const leadMargin = 0.3

// altStepScore is the least share of the question an alternative page's
// passage must hold to be a step. Blind graders named steps from loosely
// related pages the most common flaw ("rm -r" for getcap's recursion);
// from 0.5 to 0.7 the dev sets' answers went from 4.05 to 3.86 steps and
// their mentions from 1056 to 1050 of 1498, the shared set's from 4.29
// to 4.17 steps with mention unchanged (0.883). Higher cuts more steps
// and more mentions: 0.9, 3.60 steps and 1044, and 52 of 60 shared.
const altStepScore = 0.7

// doubtful is the confidence below which an alternative page's synopsis
// is a step when none of its passages is.
const doubtful = 0.5

// altNameShare is the least share of the question an alternative page's
// names and NAME line must hold for its synopsis to be such a step.
const altNameShare = 0.3

// basicScore and basicRest decide when the synopsis, not the best
// option, is the first step: when that option's passage holds less of the
// question than basicScore, or the page's names and NAME line hold all but
// basicRest of it. Over the dev sets' answers led by an option of the
// right page (374), the first step was what the question expected (the
// option it names, or none) for 107 with the option always first and 157
// with these two; neighbouring values give 152-157.
const (
	basicScore = 0.5
	basicRest  = 0.2
)

// basicBeyond: the synopsis also comes first when the best passage holds
// less than this share of what the NAME line leaves of the question:
// df's --total ("elide all entries insignificant to available space")
// for "how much free space is left on my disks", whose NAME line "report
// file system space usage" says the rest. Over the dev sets (rankeval
// -steps), first steps that are what the question expects, the option it
// names or none, went from 570 (131 + 439) to 585 (126 + 459) at 0.35
// for option items and to 591 (124 + 467) with examples too; 0.2 gave
// 577, 0.5 580, 0.65 584; mention unchanged (1049.0 of 1498). The
// option is still the next step. An option that holds vagueScore of the
// question keeps the lead though ("copy directories recursively", cp -R,
// for "copy a directory with everything in it"): 590 (127 + 463).
// Keeping it for every question that names the program instead put
// side options first again (sort -V, du --inodes, rm -I): 582.
const (
	basicBeyond = 0.35
	vagueScore  = 0.85
)

// termAsked says whether an option's long name is a word the question
// asks with: base64's --decode for "decode a base64 string", split's
// --lines for "pieces of 1000 lines". The NAME line may say it too
// ("encode/decode data"), but the option is what does it.
//
// Words of the program's name say nothing of the option (sort's --sort,
// useradd's --selinux-user), nor do --help and --version, nor the NAME
// line's first word, which the program does by itself: deluser's
// --remove-all-files for "remove a user", where the NAME line is "remove
// a user or group from the system".
func (c *composition) termAsked(s *source, p passage) bool {
	title := strings.ToLower(s.hit.Meta.Title)
	lead := ""
	terms.Words(s.hit.Meta.Summary, false, func(w string) {
		if lead == "" && !terms.Stop(w) {
			lead = terms.Stem(w)
		}
	})
	for _, name := range optionNames(p.block.Term) {
		if metaOptions[name] {
			return false
		}
		long, ok := strings.CutPrefix(name, "--")
		if !ok && len(name) > 2 {
			long = name[1:] // find's -empty, -newer
		}
		for _, w := range strings.Split(long, "-") {
			if st := terms.Stem(w); len(w) > 2 && !strings.Contains(title, w) && st != lead && c.asksWord(st) {
				return true
			}
		}
	}
	return false
}

// asksWord says whether stem is the question's own word for one of its
// concepts (not an expansion).
func (c *composition) asksWord(stem string) bool {
	for _, con := range c.q.Concepts {
		if len(con.Alts) > 0 && con.Alts[0].Stem == stem && con.Alts[0].Weight == 1 {
			return true
		}
	}
	return false
}

// beyondName is the share of the question's weight that a page's names
// and NAME line do not hold, given what they hold of each concept.
func beyondName(q *answer.Question, given []float64) float64 {
	if q.Mass == 0 {
		return 0
	}
	return 1 - answer.Share(given, q.Weights, q.Mass)
}

// beyondShare is the share of what the page's names and NAME line
// (given) leave of the question that a passage (cov) holds; 1 when they
// leave nothing.
func beyondShare(q *answer.Question, cov, given []float64) float64 {
	num, den := 0.0, 0.0
	for ci, w := range q.Weights {
		g := givenOf(given, ci)
		den += w * (1 - g)
		num += w * max(0, cov[ci]-g)
	}
	if den <= 0 {
		return 1
	}
	return num / den
}

// givenOf is what of concept ci the page's names and NAME line hold:
// given[ci], 0 where given does not say (nil, or shorter).
func givenOf(given []float64, ci int) float64 {
	if ci < len(given) {
		return given[ci]
	}
	return 0
}

// adds says whether a sentence holds a word of the question that the
// page's names and NAME line (given) do not: a summary sentence that
// repeats them, or says nothing of the question ("Users other than the
// superuser may only alter the priority of processes they own" for
// "change the priority of a running process"), says nothing the first
// did not. The word must be one the user typed, not an expansion: df's
// "If an argument is the absolute file name of a device node ..., df
// shows the space available on that file system" says "available" for
// "how much free space is left" and nothing of it (dev mention 1046.0
// -> 1045.0 of 1498).
func adds(q *answer.Question, s string, given []float64) bool {
	cov := make([]float64, len(q.Concepts))
	q.CoverText(s, cov)
	for ci, x := range cov {
		if x >= 1 && x > givenOf(given, ci) {
			return true
		}
	}
	return false
}

// mentionsOption says whether a sentence names an option ("use xz -d
// or xz -dc"): what a user types.
func mentionsOption(s string) bool {
	return optionWord().MatchString(s)
}

// usage says whether a sentence tells how the synopsis's operands are
// used, naming them as it does: "Copy SOURCE to DEST, or multiple
// SOURCE(s) to DIRECTORY".
func usage(s string, d *document.Document) bool {
	operands := map[string]bool{}
	for _, l := range synopsisLines(d) {
		for _, w := range capsWord().FindAllString(l, -1) {
			operands[w] = true
		}
	}
	for _, w := range capsWord().FindAllString(s, -1) {
		if operands[w] && !genericOptions(w) {
			return true
		}
	}
	return false
}

var capsWord = lazyre.New(`\b[A-Z][A-Z_]{2,}\b`)

var optionWord = lazyre.New(`(?:^|[\s(])--?[A-Za-z][\w-]*\b`)

// ItemWeights are what an item's parts add to its block's share of the
// question when steps are chosen: its term's share (an option's long
// name is the manual's word for what it does: --keep, --invert-match),
// its first sentence's share (it says what the option does; the rest,
// how and in which cases, where a long description meets many words of
// a question it is not about), the share of the first sentence's words
// that are the question's (a short description that says just this
// beats a long one that says it among other things), and per doubling of
// the first sentence's length.
type ItemWeights struct {
	Term, First, Precision, Length float64
	// Arg is what an option adds whose argument the question gives
	// (find's -size for "larger than 100 MB", head's -n NUM for "the
	// first 20 lines"): the step can type it (see fill.go). Over the
	// dev and style sets (rankeval -steps -items), first steps with the
	// expected option were 188 of 540 at 0, 190 at 0.3, 189 at 0.6 and
	// 188 at 1, mention 12.500, 12.500, 12.490 and 12.484 summed.
	Arg float64
	// Usage weighs what the option model says of the item's option
	// (see usage.go).
	Usage float64
}

// DefaultItems: Term and First at 0.5 took the answers of the first
// testdata/eval sets that mention the expected option or command from
// 691 to 702 of 895. Precision 0.5 and Length -0.05 (a first sentence
// twice as long adds 0.05: terse items that match one word, "See
// --foo", lose to descriptions) raised the first steps that give the
// option the question expects, where the first page is right, from 67 to
// 72 of 204 on dev..dev7 and from 54 to 60 of 175 on dev8..dev14, with
// mention 0.774 -> 0.769 and 0.619 -> 0.633 (rankeval -steps -items).
var DefaultItems = ItemWeights{Term: 0.5, First: 0.5, Precision: 0.5, Length: -0.05, Arg: 0.3, Usage: 0.5}

// negMatch is what an item whose first sentence holds a negator adds for
// a question that asks for a thing not to happen: "list files without
// sorting them" wants ls -U's "do not sort". It raised the dev sets'
// mentions from 1050.0 to 1058.1 of 1498 with first steps unchanged
// (0.6: 1055.0), the shared set and the held-out tldr questions
// unchanged.
const negMatch = 0.3

// givenDiscount is how much less a question word counts in a page's
// passages when the page's names and NAME line already hold it: every
// passage of find(1) is about finding files, so for "find files larger
// than 100 MB" the passage to show is the one about size.
const givenDiscount = 0.75

// passages scores every block of document id, loaded as d, against the
// question, from the terms the index keeps of each block; given is what
// of each concept the page's NAME line holds (nil: nothing).
func (c *composition) passages(id int, d *document.Document, given []float64) []passage {
	q := c.q
	var out []passage
	// per concept, its weight in this page's passages (a quarter of its
	// weight at least, so mass is 0 only where the question's is)
	pw := slices.Clone(q.Weights)
	mass := 0.0
	for ci := range pw {
		pw[ci] *= 1 - givenDiscount*givenOf(given, ci)
		mass += pw[ci]
	}
	score := func(cov []float64) float64 { return answer.Share(cov, pw, mass) }
	tcov := make([]float64, len(q.Concepts))
	// plain: read text as for a question that negates nothing
	textScore := func(text string, plain bool) float64 {
		clear(tcov)
		q.CoverText(text, tcov)
		if plain {
			// wget's --no-http-keep-alive, "Turn off the keep-alive
			// feature", is not how to keep a connection alive
			q.Negated(text, func(ci int) { tcov[ci] = 0 })
		}
		return score(tcov)
	}
	asides := make([]bool, len(d.Sections))
	for i := range d.Sections {
		asides[i] = Aside(&d.Sections[i])
	}
	cov := make([]float64, len(q.Concepts))
	lead := make([]float64, len(q.Concepts)) // the paragraph before, when there is one
	leadSec, leadBlk := -1, 0
	q.Blocks(id, cov, func(sec, bi int) {
		if sec >= len(d.Sections) || bi >= len(d.Sections[sec].Blocks) {
			return // the index and the stored document disagree: skip, never crash
		}
		s := &d.Sections[sec]
		blk := s.Blocks[bi]
		if blk.Kind == document.Code && leadSec == sec && leadBlk == bi-1 {
			// An example is introduced by the paragraph before it ("An
			// entire directory can be packed with one command:"), which
			// says in words what its code does.
			for ci, w := range lead {
				cov[ci] = max(cov[ci], w)
			}
		}
		if blk.Kind == document.Para {
			leadSec, leadBlk = sec, bi
			copy(lead, cov)
		}
		first := "" // an item's first sentence, which says what it does
		// whether the item reads as for a question that negates nothing
		plain := !c.negative
		if blk.Kind == document.Item {
			first = firstSentence(blk.Text)
			// the question asks to ignore or skip a thing, and the item
			// says not to: grep's --no-ignore-case, "Do not ignore case
			// distinctions", is the opposite of "ignore case"
			plain = plain || answer.NegatesRefusal(first, c.seq)
			if plain {
				// "do not create any files" (touch -c) is not about
				// creating files, unless the question is about not
				// doing something
				q.Negated(first, func(ci int) { cov[ci] = 0 })
			}
		}
		if sc := score(cov); sc > 0 {
			if blk.Kind == document.Item {
				sc += c.itemScore(blk.Term, first, textScore, !plain)
				if c.takesArg(blk.Term) {
					sc += c.items.Arg
				}
				sc += c.items.Usage * c.usage(id, d)[blk.Term]
			}
			out = append(out, passage{sec: sec, blk: bi, block: blk, title: s.Title, aside: asides[sec] || !c.status && statusSection(s.Title) || !c.where && filesSection(s.Title), score: sc,
				beyond: beyondShare(q, cov, given)})
		}
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// itemScore is what an item's parts, its term and its first sentence,
// add to its block's share (see ItemWeights); textScore is a text's
// share of the question, read as for a question that negates nothing
// when plain; negative, whether a negation in the item may be what the
// question asks for (and the item is not read plain).
func (c *composition) itemScore(term, first string, textScore func(text string, plain bool) float64, negative bool) float64 {
	w := c.items
	sc := w.Term*textScore(term, !negative) + w.First*textScore(first, !negative)
	if w.Precision != 0 || w.Length != 0 {
		words, hits := c.q.Precision(first)
		if words > 0 {
			sc += w.Precision * float64(hits) / float64(words)
		}
		sc -= w.Length * math.Log2(float64(max(words, 1)))
	}
	if negative && answer.Negates(first) {
		// "don't follow symlinks": realpath -s's "don't expand symlinks"
		// before -L's "resolve '..' components before symlinks"
		sc += negMatch
	}
	return sc
}

var sentenceEnd = lazyre.New(`[.!?]\s+[A-Z(]`)

// sentences splits running text into sentences.
func sentences(text string) []string {
	var out []string
	for text != "" {
		var s string
		s, text = nextSentence(text)
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// nextSentence splits the first sentence off running text.
func nextSentence(text string) (first, rest string) {
	loc := sentenceEnd().FindStringIndex(text)
	if loc == nil {
		return strings.TrimSpace(text), ""
	}
	return strings.TrimSpace(text[:loc[0]+1]), text[loc[1]-1:]
}

// bestSentence is the sentence of text that holds most of the question.
func bestSentence(text string, q *answer.Question) string {
	best, bestScore := "", -1.0
	for _, s := range sentences(text) {
		if sc := q.Coverage(s); sc > bestScore {
			best, bestScore = s, sc
		}
	}
	return answer.Clip(best, 300)
}

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "...") {
		s += "."
	}
	r, size := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[size:]
}

// optionForm turns an option term into what one types: "-n, --lines=[-]NUM"
// becomes "-n NUM"; "-R, --recursive" becomes "-R".
func optionForm(term string) string {
	alts := strings.Split(term, ", ")
	if len(alts) == 1 {
		// "-l --list", "-S .suf --suffix .suf": alternatives a space apart
		alts = nil
		for _, f := range strings.Fields(term) {
			if strings.HasPrefix(f, "-") || len(alts) == 0 {
				alts = append(alts, f)
			} else {
				alts[len(alts)-1] += " " + f
			}
		}
	}
	first := strings.TrimSpace(alts[0])
	if strings.Contains(first, " ") {
		return first
	}
	if name, arg, ok := strings.Cut(first, "="); ok && !strings.HasSuffix(name, "[") {
		return name + " " + arg
	}
	if strings.Contains(first, "[") {
		return first // an optional argument: "--color[=WHEN]"
	}
	for _, a := range alts[1:] {
		if strings.Contains(a, "[=") {
			continue // an optional argument, which the short form may not take: diff's "-u, -U NUM, --unified[=NUM]"
		}
		_, arg, ok := strings.Cut(a, "=")
		if f := strings.Fields(a); !ok && len(f) == 2 && strings.HasPrefix(f[0], "--") {
			// "-U, --users USERS": the long form's argument a space
			// apart is the short form's too
			arg, ok = f[1], true
		}
		if ok {
			arg = optionalPart().ReplaceAllString(arg, "")
			if arg != "" && !strings.HasPrefix(first, "--") {
				return first + " " + arg
			}
		}
	}
	return first
}

// optionalPart is a bracketed part of an option's argument: "[-]NUM".
var optionalPart = lazyre.New(`\[[^\]]*\]`)

var commandish = lazyre.New(`^[a-z][a-z0-9-]*( |$)`)

// stepWorthy says whether a passage can be a step: an item, or a code
// block; on a program's page, only a code block that runs a command. Such
// pages also show what commands print (unit listings, log lines, tables of
// timers), and that is nothing a user can run.
func (c *composition) stepWorthy(s *source, p passage) bool {
	if c.sweeping(p) || c.losesData(p) {
		return false
	}
	switch p.block.Kind {
	case document.Item:
		if slices.ContainsFunc(optionNames(p.block.Term), func(o string) bool { return metaOptions[o] }) {
			// every program's "display this help and exit": a step
			// only for a question about help or versions
			return c.asks("help", "version", "usag")
		}
		if strings.HasPrefix(strings.ToUpper(p.title), "ENVIRONMENT") {
			// LC_ALL, POSIXLY_CORRECT: the answer to a question about
			// the environment, noise in any other
			return c.asks("environ", "variabl")
		}
		return true
	case document.Code:
		return !answer.ProgramPage(s.hit.Meta) || slices.ContainsFunc(strings.Split(p.block.Text, "\n"), c.commandLine)
	}
	return false
}

// examples says whether a section's title is that of a page's examples.
func examples(title string) bool {
	t := strings.ToUpper(title)
	return t == "EXAMPLES" || t == "EXAMPLE"
}

// metaOptions are the options about the program rather than its task.
var metaOptions = map[string]bool{"--help": true, "--version": true, "--usage": true}

// asks says whether the question holds any of these stems.
func (c *composition) asks(stems ...string) bool {
	for _, con := range c.q.Concepts {
		if len(con.Alts) > 0 && slices.Contains(stems, con.Alts[0].Stem) {
			return true
		}
	}
	return false
}

// commandLine says whether a line of code runs a program this machine has
// and documents, after any prompt and sudo: "$ git log", "# systemctl stop
// sshd", "find . -name '*.c'".
func (c *composition) commandLine(line string) bool {
	l := strings.TrimLeft(strings.TrimSpace(line), "$#%> ")
	l = strings.TrimPrefix(l, "sudo ")
	word, _, _ := strings.Cut(l, " ")
	return c.lib.IsProgram(strings.ToLower(word))
}

// step renders one passage as a step: a command line in backticks where the
// passage gives one, and its explanation.
func (c *composition) step(s *source, p passage) string {
	q := c.q
	m := s.hit.Meta
	b := p.block
	isCmd := answer.ProgramPage(m)
	switch b.Kind {
	case document.Item:
		term := strings.TrimSpace(b.Term)
		typed := typedName(s.doc, m.Title)
		if document.ListMark(term) {
			if line, what := c.example(m, b.Text); line != "" {
				return fmt.Sprintf("`%s`: %s", line, what)
			}
		}
		if !strings.HasPrefix(term, "-") && strings.HasPrefix(strings.TrimSpace(b.Text), "$ ") {
			// a session under its caption, git-reset(1)'s "Undo a
			// commit and redo: $ git commit ... $ git reset --soft
			// HEAD^ (1) ...": the commands typed that hold most of
			// the question, then the caption
			own := typed + " "
			lines := codeLines(b.Text, q, func(l string) bool { return strings.HasPrefix(l, "$ "+own) })
			if !strings.HasPrefix(lines[0], "$ "+own) {
				lines = codeLines(b.Text, q, func(l string) bool { return strings.HasPrefix(l, "$ ") })
			}
			return fmt.Sprintf("%s: %s", typedLines(lines), term)
		}
		desc := answer.Clip(shownSentence(b.Text), 240)
		value := ""
		if isCmd {
			value = valueOf(s.doc, p.sec, p.blk)
		}
		switch {
		case isCmd && strings.HasPrefix(term, "-"):
			cmd, _ := c.optionCommand(s, p)
			if opt, what := c.inlineValue(term, b.Text); opt != "" {
				return fmt.Sprintf("`%s %s`: %s", cmd, opt, what)
			}
			return fmt.Sprintf("`%s %s`: %s", cmd, optionForm(term), desc)
		case isCmd && value != "":
			return fmt.Sprintf("`%s %s`: %s", typed, value, desc)
		case isCmd && commandish().MatchString(term) && !examples(p.title) && subcommand(s.doc, p.title, term) &&
			!strings.HasPrefix(term, typed+" "):
			// (git-reset's "git reset [<mode>] [<commit>]" is typed as
			// it is, below)
			return fmt.Sprintf("`%s %s`: %s", typed, term, desc)
		case isCmd && formatSeq().MatchString(term) && plusFormat(s.doc):
			// date(1)'s "%s: seconds since the Epoch" is typed "date +%s"
			return fmt.Sprintf("`%s +%s`: %s", typed, term, desc)
		case looksLikeCommand(term, m):
			return fmt.Sprintf("`%s`: %s", term, desc)
		case document.ListMark(term):
			// a list's bullet or number ("•", "2."): the text is the step
			return sentence(desc)
		}
		return fmt.Sprintf("%s: %s", term, desc)
	case document.Code, document.Table:
		keep := func(l string) bool { return strings.HasPrefix(l, "$ ") }
		if isCmd {
			keep = func(l string) bool { return strings.HasPrefix(l, "$ ") || c.commandLine(l) }
		}
		return typedLines(codeLines(b.Text, q, keep))
	}
	return answer.Clip(bestSentence(oneLine(b.Text), q), 300)
}

// example finds the command a list entry shows among its prose, as
// find(1)'s examples do ("• Search for files in your home directory
// which have been modified in the last twenty-four hours. $ find $HOME
// -mtime 0 This command works this way because..."): the command line,
// after its prompt, and what the prose before it (or else after it)
// says it does. "" when the entry shows none, or one too long to read
// on a line.
func (c *composition) example(m index.Meta, text string) (line, what string) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		// after "$ " a command, even of a program the page makes up
		// ("$ proggy | find -files0-from - ..."); after "# " or none,
		// one of a program this machine has, not a comment or prose
		known := c.commandLine(t) && (strings.HasPrefix(t, "# ") || (i > 0 && looksLikeCommand(t, m)))
		if !strings.HasPrefix(t, "$ ") && !known {
			continue
		}
		cmd, used := continued(strings.TrimLeft(t, "$#"), lines[i+1:])
		end := i + 1 + used
		if len(cmd) > maxExample || strings.HasSuffix(cmd, "\\") {
			return "", ""
		}
		prose := strings.Join(lines[:i], "\n")
		if strings.TrimSpace(prose) == "" {
			prose = strings.Join(lines[end:], "\n")
		}
		what = answer.Clip(shownSentence(prose), 240)
		if !strings.ContainsAny(cmd, `'"`) {
			// the page's alignment; inside quotes blanks are data
			cmd = strings.Join(strings.Fields(cmd), " ")
		}
		return cmd, what
	}
	return "", ""
}

// continued is a command line with the lines after it (rest) that it
// continues with a trailing backslash, as one line ("mount -t overlay
// overlay \" alone runs nothing), and how many of rest it took.
func continued(first string, rest []string) (cmd string, used int) {
	cmd = strings.TrimSpace(first)
	for strings.HasSuffix(cmd, "\\") && used < len(rest) {
		cmd = strings.TrimSpace(strings.TrimSuffix(cmd, "\\")) + " " + strings.TrimSpace(rest[used])
		used++
	}
	return cmd, used
}

// typedLines shows lines of code as what one types: each in backticks,
// without the "$ " prompt and the callout numbers the page explains them
// by.
func typedLines(lines []string) string {
	for i, l := range lines {
		lines[i] = callout().ReplaceAllString(strings.TrimPrefix(l, "$ "), "")
	}
	return "`" + strings.Join(lines, "`; `") + "`"
}

// callout is the number a session's line ends with, which the text
// under it explains: "$ git reset --soft HEAD^      (1)".
var callout = lazyre.New(`\s+\(\d+\)$`)

// maxExample is the longest command line an example step shows: a longer
// one, cut, would not run.
const maxExample = 160

// formatSeq matches a conversion of a format string: "%s", "%:z", "%-d".
var formatSeq = lazyre.New(`^%[-_0^#:]*[A-Za-z%+]$`)

// plusFormat says whether a program's synopsis takes its output format as
// an operand after a plus, "date [OPTION]... [+FORMAT]", so that each of
// the format's conversions runs as "date +%s".
func plusFormat(d *document.Document) bool {
	for _, l := range synopsisLines(d) {
		if strings.Contains(l, "[+FORMAT]") || strings.Contains(l, " +FORMAT") {
			return true
		}
	}
	return false
}

// basicStep is the step that runs a page's command as its SYNOPSIS line
// writes it, with what its NAME line says it does. The line is kept as
// written: the options it lists are often the ones a question needs
// ("prlimit ... [--pid PID]").
func (c *composition) basicStep(s *source, line string) string {
	if f := c.bestFill(s, line); f != line {
		line = f
	} else {
		line = plainForm(s.doc, s.hit.Meta.Title, line)
	}
	if what := strings.TrimSuffix(s.hit.Meta.Summary, "."); what != "" {
		return fmt.Sprintf("`%s`: %s %s", line, what, c.cite(s, "SYNOPSIS"))
	}
	return fmt.Sprintf("`%s` %s", line, c.cite(s, "SYNOPSIS"))
}

// nextOption is the score of the best option item of ps other than p: how
// close the page's next best way of doing the task comes.
func (c *composition) nextOption(s *source, ps []passage, p passage) float64 {
	for _, o := range ps {
		if (o.sec != p.sec || o.blk != p.blk) && c.optionItem(s, o) {
			return o.score
		}
	}
	return 0
}

// optionItem says whether a passage documents an option of a program:
// what a command line can be written from.
func (c *composition) optionItem(s *source, p passage) bool {
	return p.block.Kind == document.Item && answer.ProgramPage(s.hit.Meta) && strings.HasPrefix(strings.TrimSpace(p.block.Term), "-")
}

// optionCommand is what an option item's option is given to: the page's
// command, or the subcommand whose section lists it ("git stash"), and
// which of the two it is.
func (c *composition) optionCommand(s *source, p passage) (cmd string, sub bool) {
	cmd = s.hit.Meta.Title
	if sc := subcommandOf(p.title, cmd, s.doc); sc != "" {
		return cmd + " " + sc, true
	}
	return typedName(s.doc, cmd), false
}

// itemDoes is what an option item's text says it does: its first
// sentence's first line, for a description that goes on into a list or
// a table ("list the following fields:") says what it does before it.
func itemDoes(text string) string {
	d, _, _ := strings.Cut(firstSentence(text), "\n")
	return strings.TrimSuffix(strings.TrimSpace(d), ":")
}

// invocationOf is the command line that runs an option item's option, as
// the page's synopsis writes the command, and what the option does.
func (c *composition) invocationOf(s *source, p passage) (line, desc string) {
	opt := optionForm(strings.TrimSpace(p.block.Term))
	desc = answer.Clip(itemDoes(p.block.Text), 240)
	if o, what := c.inlineValue(p.block.Term, p.block.Text); o != "" {
		opt, desc = o, what
	}
	cmd, sub := c.optionCommand(s, p)
	if sub {
		return cmd + " " + opt, desc
	}
	return c.withOperands(s, invocation(s.doc, cmd, opt), cmd), desc
}

// withOperands is a command line of cmd with the question's operands
// written in (fill), or line as it is when it takes none of them.
func (c *composition) withOperands(s *source, line, cmd string) string {
	f, _ := fill(line, cmd, c.opsFor(line), s.valued())
	return f
}

// subcommand says whether an item's lowercase term is one of the
// command's subcommands, to be run after its name ("systemctl
// restart"): the item is in a section about commands, or the SYNOPSIS
// runs the command with it. A list of output columns (free's "cache",
// "available") is not.
func subcommand(d *document.Document, section, term string) bool {
	switch sec := strings.ToUpper(section); {
	case strings.Contains(sec, "BUILTIN"):
		// a shell's builtins are typed at its prompt, not given to it:
		// printf, not "bash printf"
		return false
	case keyBinding().MatchString(term):
		// readline's "Commands for Changing Text" are bound to keys:
		// "capitalize-word (M-c)" is typed as M-c, not "bash
		// capitalize-word"
		return false
	case strings.Contains(sec, "COMMAND"):
		return true
	case strings.Contains(sec, "ARGUMENT") || strings.Contains(sec, "OPERAND"):
		// zipgrep's ARGUMENTS document "pattern", which its synopsis
		// writes as a word too: what one types there, not "zipgrep pattern"
		return false
	}
	word, _, _ := strings.Cut(term, " ")
	for _, l := range synopsisLines(d) {
		for _, w := range strings.Fields(l) {
			if strings.Trim(w, "[]{}|") == word {
				return true
			}
		}
	}
	return false
}

// keyBinding finds an Emacs-style key in an item's term: "(M-c)",
// "(C-x C-r)".
var keyBinding = lazyre.New(`\((?:[CM]-\S+)(?:\s+[CM]-\S+)*\)`)

// subcommandOf is the subcommand a section of a command's page is about,
// when its heading starts with one ("reindex [ALIAS...]" -> "reindex",
// "sources add PATH" -> "sources add") and the SYNOPSIS runs the command
// with it: the options listed there belong to "name subcommand", not to
// the bare command. "" otherwise.
func subcommandOf(title, name string, d *document.Document) string {
	lines := synopsisLines(d)
	if lines == nil {
		return ""
	}
	usage := " " + strings.Join(lines, " ") + " "
	words := strings.Fields(title)
	best := ""
	for i, w := range words {
		if !commandish().MatchString(w) || strings.ToLower(w) != w {
			break
		}
		sub := strings.Join(words[:i+1], " ")
		if !strings.Contains(usage, " "+name+" "+sub+" ") {
			break
		}
		best = sub
	}
	return best
}

func firstSentence(text string) string {
	if s, _ := nextSentence(text); s != "" {
		return s
	}
	return text
}

// shownSentence is the first sentence of a block as a step shows it: on
// one line, without the colon that introduced what the page set out
// under it.
func shownSentence(text string) string {
	return strings.TrimSuffix(firstSentence(oneLine(text)), ":")
}

// oneLine is the running text a block starts with, on one line: lines
// the page broke (lsof's "...resides;\nor the name of a file...") join,
// and what the page laid out line by line stops it: a table, a grammar,
// a command line, or a list under the line that introduces it ("Report
// in more detail:"), which cannot be read run together.
func oneLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	out := strings.TrimSpace(lines[0])
	if out == "" {
		return out
	}
	for _, l := range lines[1:] {
		if strings.ContainsAny(out[len(out)-1:], ".:!?") || laidOut(l) || listStart().MatchString(l) {
			break
		}
		out += " " + strings.TrimSpace(l)
	}
	return out
}

// listStart matches the start of a line that begins an entry of a list:
// an option, a bullet, a number, a term and its dash ("eui64 - use a
// Modified EUI-64 format").
var listStart = lazyre.New(`^(?:[-•·*]|\d+[.)]\s|\S+\s+-\s)`)

// laidOut says whether a line of a block is set out rather than running
// text: indented, aligned with runs of blanks, a prompt's command, or
// a grammar rule.
func laidOut(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || t != strings.TrimRight(line, " \t") || strings.Contains(t, "  ") || strings.Contains(t, "\t") ||
		strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "# ") || strings.Contains(t, ":=")
}

// looksLikeCommand says whether a term starts with the page's command
// ("find . -size +100M").
func looksLikeCommand(term string, m index.Meta) bool {
	t := strings.TrimLeft(term, "$# ")
	for _, n := range append([]string{m.Title}, m.Names...) {
		if n != "" && (t == n || strings.HasPrefix(t, n+" ")) {
			return true
		}
	}
	return false
}

// codeLines picks at most two lines of a code block: those that hold most
// of the question, in their order. When keep is set and passes some lines,
// only those compete.
func codeLines(text string, q *answer.Question, keep func(string) bool) []string {
	var lines, kept []string
	raw := strings.Split(text, "\n")
	for i := 0; i < len(raw); i++ {
		l, used := continued(raw[i], raw[i+1:])
		i += used
		if l == "" {
			continue
		}
		c := answer.Clip(l, 160)
		lines = append(lines, c)
		if keep != nil && keep(l) {
			kept = append(kept, c)
		}
	}
	if len(kept) > 0 {
		lines = kept
	}
	if len(lines) <= 2 {
		return lines
	}
	type scoredLine struct {
		i int
		s float64
	}
	sc := make([]scoredLine, len(lines))
	for i, l := range lines {
		sc[i] = scoredLine{i, q.Coverage(l)}
	}
	sort.SliceStable(sc, func(i, j int) bool { return sc[i].s > sc[j].s })
	two := []int{sc[0].i, sc[1].i}
	sort.Ints(two)
	return []string{lines[two[0]], lines[two[1]]}
}
