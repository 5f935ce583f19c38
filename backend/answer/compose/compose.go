// Package compose is the extractive composer: it writes an answer's
// Summary and Steps from sentences, options and example lines of the
// pages a retriever found, each cited, and invents nothing.
package compose

import (
	"context"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
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
	// Tasks is the task model (tasks.Default; nil: none), whose
	// subcommands choose a page's subcommand (see modelSubcommandFirst).
	Tasks *tasks.Model
}

// New returns the composer ragman ships with.
func New() *Composer {
	opts, _ := tasks.DefaultOptions() // embedded: it decodes, or tests fail
	tm, _ := tasks.Default()
	return &Composer{AltMargin: 0.8, Items: DefaultItems, Options: opts, Tasks: tm}
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
	q *answer.Question
	// steps is how many of the first page's passages are steps (see
	// firstSteps)
	steps int
	// text is the question as asked, and args its arguments (where
	// ops[i].at points)
	text  string
	args  []analyse.Arg
	lib   *answer.Library
	citer *answer.Citer
	items ItemWeights
	// negative: the question holds a "not" or asks to stop, skip or avoid
	// a thing (answer.Negative), so an item that negates one of its
	// words may be just what it asks for
	negative bool
	// negated marks the concepts a negator in the question reaches
	// ("lines that do not match"); nil where it reaches none
	negated []bool
	// withheld marks the concepts the question wants left out of what
	// the command does or prints (withheldConcepts)
	withheld []bool
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
	// ends are the ends of a range the question gives (see operand.end)
	ends []operand
	// excluded are the arguments the question leaves out, which an
	// option that leaves things out takes (see excludedOperands)
	excluded []operand
	// from is the command whose output the question gives the answer's
	// command to work on ("save the output of ./build.sh"), piped into
	// it (see pipeIn); "" where there is none
	from string
	// prog is the program the question runs under the answer's command
	// (see askedProgram); "" where it names none
	prog string
	// options, the option model, reads usageTerms; usages are what it
	// says of the items of the first page (usageOf, -1 until it is
	// chosen), the only one it reads (see usage), once read (usagesRead)
	options    *tasks.Model
	tasks      *tasks.Model
	usageTerms []tasks.Term
	usageOf    int
	usages     map[string]float64
	joinUsages map[string]float64 // usage of flagUsage
	usagesRead bool
	// dashValues are, per option item of the first page with a dash
	// slot, the value people give most for the task (see dashed)
	dashValues map[string]string
	// verb is the concept the question's verb is (analyse.Analysis.Verb),
	// -1 for none
	verb int
	// signal is the signal the question names, as a dash option ("-KILL";
	// see givenSignal), "" for none
	signal string
	// scale is the letter of the unit the question asks sizes in
	// (scaleAsked), "" for none; dryRun: it asks what a command would
	// do without doing it (dryRunAsk)
	scale  string
	dryRun bool
	// confident: the first page is likely the answer (confidence sure
	// or more; see firstSteps)
	confident bool
	// scores are the option model's scores of the first page's command
	// (see scoresOf), which usage and bundle both read
	scores map[string]float64
	beyond map[string]float64 // each option's score beyond the plain command's, term by term
	scored bool
	// known is which of usageTerms the option model knows of that
	// command (tasks.Model.Known), nil until read
	known []bool
	// lossAsked: the question asks to delete, shrink or clean up (see
	// losesData)
	lossAsked bool
	// howto: the question asks how to do something, which what a
	// program prints or reads (see shownSection) does not answer
	howto bool
	// compressions are the compression formats of the files the
	// question names (analyse.Analysis.Compressions)
	compressions map[string]bool
	// lookedFor: per concept, whether it stands for what the task looks
	// for ("a certain word", analyse.Analysis.LookedFor), which no
	// passage is chosen for: grep's -w, "whole words", is no answer to
	// "list the files that contain a certain word"
	lookedFor []bool
	// forbidden: per concept, whether the question says to do the task
	// without doing it ("list a tarball without extracting it"), nil
	// where it says of none (see forbiddenConcepts)
	forbidden []bool
	// versionOf: the program whose version the question asks for, ""
	// for none (analyse.VersionOf)
	versionOf string
	// removesLines: the question removes the lines that hold a thing,
	// and keeps those that do not (see analyse.RemovedLines)
	removesLines bool
	// exec: what an action of find's runs on each file found, for a
	// question that copies, moves or sets the mode of what it picks (see
	// execRun); "" for none
	exec string
	// replaced: per concept, whether the question names it as what the
	// task is instead of ("instead of the whole line"), nil where it
	// names none (see replacedConcepts)
	replaced []bool
}

func (c *composition) cite(s *source, section string) string {
	return c.citer.Cite(s.hit.Meta, section)
}

// Compose writes Summary and Steps from the best pages, extractively: the
// first page's NAME line and the sentence of its running text that holds
// most of the question, its synopsis and its best options or examples as
// steps, and up to two other pages that rank close behind.
func (cp *Composer) Compose(_ context.Context, r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) (answer.Draft, error) {
	c := cp.begin(r, lib, cite)
	hits := manFirst(r.Hits, r.Analysis)
	// The pages that rank close enough to be cited beside the first are
	// decoded on the other core while the first is read: decoding a big
	// page costs more than ranking.
	others := prefetch(lib, closeBehind(hits, cp.AltMargin, prefetched))
	primary := &source{hit: hits[0]}
	var err error
	if primary.doc, err = lib.Load(primary.hit.Doc); err != nil {
		return answer.Draft{}, err
	}
	if d, ok, err := c.tldrLed(primary, hits, r.Analysis, cp.AltMargin, r.Confidence, others); err != nil || ok {
		return d, err
	}
	summary, steps, said := c.firstPage(primary, r.Analysis)
	altSummary, altSteps := c.alternatives(hits, primary.hit.Meta, primary.hit.Doc, cp.AltMargin, r.Confidence, others, said, nil)
	summary = append(summary, altSummary...)
	steps = append(steps, altSteps...)
	return answer.Draft{Summary: strings.Join(summary, " "), Steps: steps}, nil
}

// firstPage writes the first page's part of the answer: its sentences of
// the Summary, its steps, and what the steps say (said, see chosenSteps).
func (c *composition) firstPage(s *source, a analyse.Analysis) (summary, steps []string, said map[string]bool) {
	c.usageOf = s.hit.Doc
	if c.negated != nil {
		// grep's "print lines that match patterns" says nothing of the
		// lines that do not match
		given := slices.Clone(s.hit.NameCov)
		unnegated(c.q, c.negated, s.hit.Meta.Summary, given)
		s.hit.NameCov = given
	}
	scene := a.Scene
	// What the first page's part of the answer says is decided before
	// any of it is written: which of its passages are steps, in which
	// order, and what leads them.
	c.nameArchive(typedName(s.doc, s.hit.Meta.Title))
	pl := c.chooseSteps(s, a)
	c.decideLead(pl)
	if !pl.named && scene != analyse.SceneConcept && !pl.whole {
		pl.bundle = c.leadBundle(pl)
		c.usageShown(pl)
	}
	// It is written in the order that numbers its citations, as the
	// references list the page's sections by first citation: a step of
	// the synopsis in the lead option's place cites SYNOPSIS before the
	// second sentence's section, one ahead of the chosen steps after it.
	steps, said = c.chosenSteps(pl)
	summary = []string{c.nameSentence(s)}
	if pl.synopsis == synopsisForOption {
		steps = withoutRun(c.synopsisStep(pl), steps)
	}
	if st := c.secondSentence(pl, scene); st != "" {
		summary = append(summary, st)
	}
	if pl.synopsis == synopsisAhead {
		steps = withoutRun(c.synopsisStep(pl), steps)
	}
	if scene == analyse.SceneConcept && !pl.named {
		// a what-is question is answered in sentences, before any
		// option (what an option the question names does is that
		// option's item), and the first page's other steps after them,
		// as many as make three in all: options are seldom what a
		// what-is question asks
		explain := c.explain(pl, summary, said)
		steps = append(explain, steps[:min(len(steps), max(1, maxPrimarySteps-len(explain)))]...)
	}
	if pl.bundle != nil {
		steps, summary = c.bundleFirst(pl, steps, summary)
	}
	if scene == analyse.SceneFormat && !pl.named && !(pl.lead && answer.ProgramPage(s.hit.Meta)) {
		// a file's format is its fields, which the page lists; not
		// where a program's option does the task ("print the second
		// field of each line separated by colons" is cut -f 2 -d :,
		// not cut's list of ranges)
		if st := c.listStep(pl); st != "" {
			steps = append([]string{st}, steps[:min(len(steps), maxPrimarySteps-1)]...)
		}
	}
	return c.useFirst(pl, summary, scene, steps), steps, said
}

// withoutRun puts first, the step of the synopsis's line, ahead of
// steps, but for those that run an option first already runs with its
// value: mke2fs's synopsis fills "-L new-volume-label" with the label
// the question gives, and `mke2fs -L new-volume-label` below `mke2fs -L
// backup /dev/sdc1` tells nothing more.
func withoutRun(first string, steps []string) []string {
	line := strings.Fields(strings.Trim(stepCommand(first), "`"))
	out := []string{first}
	for _, st := range steps {
		w := strings.Fields(strings.Trim(stepCommand(st), "`"))
		if len(line) > 2 && len(w) == 3 && w[0] == line[0] && strings.HasPrefix(w[1], "-") {
			if i := slices.Index(line, w[1]); i > 0 && i+1 < len(line) && line[i+1] != w[2] {
				continue
			}
		}
		out = append(out, st)
	}
	return out
}

// begin starts the answer to r's question.
func (cp *Composer) begin(r *answer.Retrieval, lib *answer.Library, cite *answer.Citer) *composition {
	a := r.Analysis
	c := &composition{q: r.Question, lib: lib, citer: cite, items: cp.Items, negative: answer.Negative(a.Seq), seq: a.Seq,
		status: asksStatus(a), where: asksWhere(a), ops: operands(a.Question, a.Args),
		apart: readOperands(a.Question, a.Args, false), excluded: excludedOperands(a.Question, a.Args), from: producer(a.Question, a.Args), options: cp.Options, tasks: cp.Tasks, usageTerms: usageTerms(a), usageOf: -1,
		text: a.Question, args: a.Args, versionOf: analyse.VersionOf(a.Question)}
	c.lossAsked = asksLoss(lossTerms(a, c.usageTerms))
	c.signal = givenSignal(a.Question)
	c.scale, c.dryRun = scaleAsked(a.Question), dryRunAsk().MatchString(a.Question)
	c.verb = slices.IndexFunc(r.Question.Concepts, func(k analyse.Concept) bool { return a.Verb != "" && k.Word == a.Verb })
	if c.negative {
		c.negated = negatedConcepts(r.Question, a.Question)
	}
	if negated, ok := removedLinesNegated(r.Question, a.Question, c.negated); ok {
		c.negative, c.negated, c.removesLines = true, negated, true
	}
	c.takeEnds()
	c.takeFormat()
	c.compressions = a.Compressions
	c.howto = a.Scene == analyse.SceneHowTo
	c.lookedFor = lookedFor(r.Question, a.LookedFor)
	c.forbidden = forbiddenConcepts(r.Question, a.Seq)
	c.replaced = replacedConcepts(r.Question, a.Question)
	c.withheld = withheldConcepts(r.Question, a.Question, c.forbidden)
	c.steps, c.confident = firstSteps(r.Confidence), r.Confidence >= sure
	c.exec = c.execRun()
	if c.from == "" {
		c.from = c.outputOfProgram()
	}
	var start, end int
	if c.prog, start, end = c.askedProgram(); c.prog != "" {
		programs := func(op operand) bool { return op.at >= 0 && c.args[op.at].Start >= start && c.args[op.at].End <= end }
		c.ops, c.apart = slices.DeleteFunc(c.ops, programs), slices.DeleteFunc(c.apart, programs)
	}
	return c
}

// negatedConcepts marks the concepts of q whose words a verb's negation
// in the question reaches (answer.NotWords: "lines that do not match");
// nil where it reaches none. What the question is to do without is
// another matter (forbiddenConcepts).
func negatedConcepts(q *answer.Question, question string) []bool {
	var out []bool
	// an error message quoted says what failed, not what to do
	question = quoted().ReplaceAllString(question, " ")
	answer.NotWords(windowUnnegated(question), func(w string) { out = markWord(q, w, out) })
	return out
}

// markWord marks in out (made where nil and one is) the concepts of q
// whose own word is w.
func markWord(q *answer.Question, w string, out []bool) []bool {
	st := terms.Stem(w)
	for ci, con := range q.Concepts {
		if len(con.Alts) > 0 && con.Alts[0].Stem == st {
			if out == nil {
				out = make([]bool, len(q.Concepts))
			}
			out[ci] = true
		}
	}
	return out
}

// quoted is a quoted string of a question.
// An apostrophe within a word ("don't") opens none.
var quoted = lazyre.New(`"[^"]*"|(?:^|[\s(])'[^']*'|“[^”]*”|‘[^’]*’`)

// forbiddenConcepts marks the concepts of q that the question's words
// (seq) say to do without: the action after "without" ("without
// extracting it"), a verb in -ing.
func forbiddenConcepts(q *answer.Question, seq []string) []bool {
	var out []bool
	for i, w := range seq {
		if w != "without" || i+1 >= len(seq) || !strings.HasSuffix(seq[i+1], "ing") {
			continue
		}
		out = markCovered(q, seq[i+1], out)
	}
	return out
}

// windowUnnegated is question without the negators that negate a time
// window rather than what happened in it: files "not accessed in the
// last 30 days" are files last accessed more than 30 days ago, find's
// -atime +30 (the sign is fill's, see notWithinLast), and "accessed" is
// what the question asks of.
func windowUnnegated(question string) string {
	return notInWindow().ReplaceAllString(question, "$1")
}

// notInWindow is a negator and the time window it negates, the window
// the group: "not been accessed in the last", "never logged in for 90",
// "not modified since".
var notInWindow = lazyre.New(`(?i)\b(?:not|never)\b((?:\s+\w+){0,3}?\s+(?:(?:in|within|during|over|for)\s+(?:the\s+)?(?:last|past)|for\s+(?:over\s+|more\s+than\s+|at\s+least\s+)?[0-9]+|since)\b)`)

// coverOf is what of each concept of the question text holds (see
// answer.Question.CoverText).
func (c *composition) coverOf(text string) []float64 {
	cov := make([]float64, len(c.q.Concepts))
	c.q.CoverText(text, cov)
	return cov
}

// markCovered marks in out (made where nil and text covers any) the
// concepts of q that text covers.
func markCovered(q *answer.Question, text string, out []bool) []bool {
	cov := make([]float64, len(q.Concepts))
	q.CoverText(text, cov)
	for ci, v := range cov {
		if v > 0 {
			if out == nil {
				out = make([]bool, len(q.Concepts))
			}
			out[ci] = true
		}
	}
	return out
}

// lookedFor marks the concepts of q whose word is one of the phrases'.
func lookedFor(q *answer.Question, phrases []string) []bool {
	if len(phrases) == 0 {
		return nil
	}
	words := map[string]bool{}
	for _, p := range phrases {
		terms.Words(p, false, func(w string) { words[w] = true })
	}
	out := make([]bool, len(q.Concepts))
	for ci, con := range q.Concepts {
		out[ci] = words[con.Word]
	}
	return out
}

// manFirst puts the man page of a leading tldr page's command first,
// where it is among the pages close behind and the question gives values
// (files, names, sizes): the man page's options are typed with them,
// where a tldr example keeps its placeholders ("sudo chown user
// path/to/file_or_directory" for "make alice the owner of /srv/www and
// everything in it", where chown's page gives chown -R alice /srv/www).
func manFirst(hits []answer.Hit, a analyse.Analysis) []answer.Hit {
	if len(hits) < 2 || hits[0].Meta.Type != "tldr" || len(a.Args) == 0 {
		return hits
	}
	// the tldr page itself is no program page: i is past it
	i := manHit(hits, hits[0].Meta.Title)
	if i < 0 {
		return hits
	}
	out := append([]answer.Hit{hits[i]}, hits[:i]...)
	return append(out, hits[i+1:]...)
}
