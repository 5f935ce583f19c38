// Package compose is the extractive composer: it writes an answer's
// Summary and Steps from sentences, options and example lines of the
// pages a retriever found, each cited, and invents nothing.
package compose

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
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
	// says of the items of the first page (usageOf, -1 until it is
	// chosen), the only one it reads (see usage), once read (usagesRead)
	options    *tasks.Model
	usageTerms []tasks.Term
	usageOf    int
	usages     map[string]float64
	usagesRead bool
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
