// Package answer runs one question: a Retriever finds and ranks the pages
// that answer it and says how sure it is, a Composer writes Summary and
// Steps from them, and the Engine puts the two together into the answer
// object, with the citations numbered the same way for every composer and
// the no-answer and stale-index paths in one place.
//
// The parts live in packages of their own: analyse reads the question,
// rank is the embedded retriever, compose the extractive composer. The
// service builds an Engine from config.yaml.
package answer

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Retriever finds the pages that answer a question, best first, and the
// probability that the first one does.
type Retriever interface {
	Retrieve(ctx context.Context, question string) (*Retrieval, error)
}

// Composer writes the text of an answer from a retrieval's hits: a Summary
// and Steps whose every sentence carries a marker from cite.
type Composer interface {
	Compose(ctx context.Context, r *Retrieval, lib *Library, cite *Citer) (Draft, error)
}

// Draft is what a composer writes.
type Draft struct {
	Summary string
	Steps   []string
	// Generator names the composer that wrote the draft, "ollama" or
	// "extractive", when one composer may hand over to another; empty: the
	// engine's configured generation engine wrote it.
	Generator string
	// Fallback, when not empty, says why generation fell back to another
	// composer. Engine.Answer answers as usual; the caller reports it
	// (meta.status FALLBACK).
	Fallback string
	// Warnings are for the reader and join the answer's warnings.
	Warnings []string
	// Grounding is the share, 0..1, of the draft's words that the passages
	// it cites hold; 0: not measured (the extractive composer quotes and
	// needs no measure).
	Grounding float64
}

type contextTokensKey struct{}

// WithContextTokens tells composers that write with a model how many
// tokens of context the request allows (ask's --context-tokens); n <= 0
// leaves the default.
func WithContextTokens(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, contextTokensKey{}, n)
}

// ContextTokens is the context budget WithContextTokens set, or
// proto.DefaultContextTokens.
func ContextTokens(ctx context.Context) int {
	if n, ok := ctx.Value(contextTokensKey{}).(int); ok && n > 0 {
		return n
	}
	return proto.DefaultContextTokens
}

// Tokens estimates the model tokens of words words of English: about
// four for every three. The service cuts a question and a composer plans
// its prompt by it, so that both read a budget the same way.
func Tokens(words int) int { return (words*4 + 2) / 3 }

// Words is how many words of English tokens tokens hold, by the same
// estimate as Tokens.
func Words(tokens int) int { return tokens * 3 / 4 }

// Retrieval is what a retriever found for one question.
type Retrieval struct {
	// Analysis is the question as analyse read it.
	Analysis analyse.Analysis
	// Question is the question as the retriever resolved it against the
	// index, for the composer to find it in the hits' text.
	Question *Question
	// Hits are the pages that answer it, best first.
	Hits []Hit
	// Confidence is the probability that Hits[0] answers the question.
	Confidence float64
	// Scope says how likely the index holds an answer at all, on the
	// threshold's scale: below the threshold a question gets no answer.
	// Confidence cannot tell an out-of-scope question from one whose
	// right page is second (both make Hits[0] wrong), and withholding
	// every answer it doubts would withhold those whose right page is
	// among the references. 0: the retriever does not tell, and
	// Confidence decides.
	Scope float64
	// Detail is the retriever's own account of how it ranked, for logs
	// and tools (the embedded retriever's is a *rank.Detail).
	Detail any
	// Fallback, when not empty, says why the retriever of choice did not
	// answer and another did; the caller reports it (meta.status
	// FALLBACK).
	Fallback string
	// Draft is what the composer wrote, set by Engine.Answer: its
	// Generator and Fallback are for the caller's meta, which the answer
	// object leaves to the caller. Nil when nothing was composed.
	Draft *Draft
}

// Hit is a page a retriever found.
type Hit struct {
	Doc   int // its id in the index
	Meta  index.Meta
	Score float64 // what ranks it; no scale of its own
	// NameCov is, per concept of the Question, what of it the page's
	// names and NAME line hold.
	NameCov []float64
	// Block is the index, among the blocks Question.Blocks gives of the
	// page, of the one that holds most of the question; -1 when none
	// holds more than the NAME line.
	Block int
	// Entries are the entries of the page the task model chose it for,
	// best first, where the page documents many commands: the bash
	// builtins whose descriptions say the question ("unset" for removing
	// a variable, in bash(1)'s SHELL BUILTIN COMMANDS).
	Entries []string
}

// Question is a question resolved against the index.
type Question struct {
	// Concepts are the question's concepts with every alternative the
	// retriever counts: the analysis' and those it found in the index.
	Concepts []analyse.Concept
	// Weights are how much each concept counts, and Mass their sum.
	Weights []float64
	Mass    float64
	// Blocks calls fn for each block of document doc that the index
	// keeps, in order, with cov cleared and raised to the weight of each
	// concept the block holds; fn may change cov.
	Blocks func(doc int, cov []float64, fn func(section, block int))

	byStem map[string][]conceptAlt // see stems
	byWord map[string][]conceptAlt // see wordAlts
	// leaves says whether the question names a withholder among its
	// concepts' alternatives (see Negated); set with byStem
	leaves bool
}

type conceptAlt struct {
	ci     int
	weight float64
}

// stems maps each stem of the concepts' alternatives to the concepts it
// stands for, made on first use.
func (q *Question) stems() map[string][]conceptAlt {
	if q.byStem == nil {
		q.byStem = map[string][]conceptAlt{}
		for ci, c := range q.Concepts {
			for _, alt := range c.Alts {
				q.byStem[alt.Stem] = append(q.byStem[alt.Stem], conceptAlt{ci, alt.Weight})
				q.leaves = q.leaves || withholderStems[alt.Stem]
			}
		}
	}
	return q.byStem
}

// CoverText raises cov[ci] to the weight of every alternative of concept
// ci that text mentions, for text the index keeps no terms of. A question
// is answered by one goroutine.
func (q *Question) CoverText(text string, cov []float64) {
	terms.Scan(text, false, func(w []byte) {
		for _, a := range q.wordAlts(w) {
			cov[a.ci] = max(cov[a.ci], a.weight)
		}
	})
}

// wordAlts are the alternatives of the concepts that word w (lowercase,
// unstemmed) stands for by its stem. A composition reads the same words
// in many texts of a page: each is stemmed once per question, and kept
// by the word, so that a word seen before costs no string of its own
// and no turn at the shared stemmer's lock.
func (q *Question) wordAlts(w []byte) []conceptAlt {
	if alts, ok := q.byWord[string(w)]; ok {
		return alts
	}
	if q.byWord == nil {
		q.byWord = map[string][]conceptAlt{}
	}
	word := string(w)
	alts := q.stems()[terms.Stem(word)]
	q.byWord[word] = alts
	return alts
}

// Precision counts the words of text that are not stop words, and how
// many of them are alternatives of the question's concepts.
func (q *Question) Precision(text string) (words, hits int) {
	terms.Scan(text, false, func(w []byte) {
		if terms.Stop(string(w)) {
			return
		}
		words++
		if len(q.wordAlts(w)) > 0 {
			hits++
		}
	})
	return words, hits
}

// negators are the words that turn what follows into its opposite: an
// option that does "not create any files" (touch -c) is the last one a
// question about creating files wants.
var negators = map[string]bool{"not": true, "no": true, "never": true, "without": true, "don": true, "doesn": true, "cannot": true, "nor": true}

// nonPrefix is the negating prefix, a word of its own once split: grep's
// -v selects "non-matching lines", no answer to "print matching lines".
// It negates in a page's text only: a question's "non-blocking socket"
// names the thing it asks for.
const nonPrefix = "non"

// negator says whether w turns what follows into its opposite, the
// nonPrefix too where prefix (in a page's text).
func negator(w string, prefix bool) bool { return negators[w] || prefix && w == nonPrefix }

// negWindow is how many content words after a negator it still reaches: "do not
// create", "without following symbolic links".
const negWindow = 3

// Negated calls fn with each concept that text negates: one of whose
// words follows one of negators by at most negWindow words.
func (q *Question) Negated(text string, fn func(ci int)) {
	byStem := q.stems()
	each := func(w string) {
		for _, ca := range byStem[terms.Stem(w)] {
			fn(ca.ci)
		}
	}
	if q.leaves || !mayWithhold(text) {
		negatedWords(text, true, each)
		return
	}
	text = eitherWay().ReplaceAllString(text, "or")
	scanNegated(text, func(w []byte) bool { return negator(string(w), true) || withholders[string(w)] }, each)
}

// withholders are verbs that, in a page's text, leave out what follows
// them, as a negator does: git log's --no-merges, "skip any merges", is
// no way to show only the merges. Not where the question says one of
// them itself, or a word that stands for one ("skip the merge commits").
var withholders = map[string]bool{"skip": true, "skips": true, "skipping": true, "skipped": true,
	"exclude": true, "excludes": true, "excluding": true, "excluded": true,
	"omit": true, "omits": true, "omitting": true, "omitted": true,
	"suppress": true, "suppresses": true, "suppressing": true, "hide": true, "hides": true, "hiding": true}

// withholderStems are the stems of withholders, and of other words a
// question leaves a thing out with ("leave out", "hide", "except").
var withholderStems = map[string]bool{"skip": true, "exclud": true, "omit": true,
	"leav": true, "ignor": true, "hide": true, "hid": true, "suppress": true, "except": true}

// mayWithhold says whether text can hold one of withholders, each of
// which holds one of withholderParts.
func mayWithhold(text string) bool {
	return slices.ContainsFunc(withholderParts[:], func(part string) bool { return terms.ContainsFold(text, part) })
}

var withholderParts = [...]string{"skip", "exclud", "omit", "suppress", "hid"}

// eitherWay is a withholder that an "or" pairs with its opposite: lsof's
// -p "excludes or selects the listing of files" for the processes named.
var eitherWay = lazyre.New(`(?i)\b(?:skip|exclude|omit|suppress|hide)(?:e?s)?\s+or\b`)

// NegatedWords calls fn with each word of a question that a negator
// reaches.
func NegatedWords(question string, fn func(w string)) { negatedWords(question, false, fn) }

// WithoutWords calls fn with each word of a question that a "without"
// reaches: what the task is to be done without ("without opening an
// editor"), where a "not" may negate a verb of the thing asked for
// ("a process that will not die").
// The words after "without" end with its phrase: "without /etc itself
// using find" does without /etc, not without find.
func WithoutWords(question string, fn func(w string)) {
	if !terms.ContainsFold(question, "without") {
		return
	}
	in := false
	scanNegated(question, func(w []byte) bool {
		switch {
		case string(w) == "without":
			in = true
		case phraseEnds[string(w)]:
			in = false
		}
		return string(w) == "without"
	}, func(w string) {
		if in {
			fn(w)
		}
	})
}

// phraseEnds are words that end the phrase a "without" governs.
var phraseEnds = map[string]bool{"using": true, "with": true, "via": true, "by": true, "through": true, "and": true, "but": true,
	"or": true, "then": true, "so": true, "while": true, "in": true, "into": true, "to": true, "from": true, "for": true, "on": true, "instead": true}

// NotWords calls fn with each word of a question that a verb's negation
// reaches ("lines that do not match", "files that were never read"):
// what the thing asked for does not do, where "without" and "no" name
// what the task is to do without.
// A "not" after no auxiliary negates a noun, which the question
// contrasts with what it asks for: "just the addresses, not the whole
// line", "not even root".
func NotWords(question string, fn func(w string)) {
	// "not" before a verb in -ing negates that verb, auxiliary or not:
	// "lines not containing ERROR" are lines that do not contain it
	question = notIng().ReplaceAllString(question, "never $1")
	prev := ""
	scanNegated(question, func(w []byte) bool {
		after := prev
		prev = string(w)
		return verbNegators[prev] || prev == "not" && auxiliaries[after]
	}, fn)
}

// notIng is a "not" before a word in -ing.
var notIng = lazyre.New(`(?i)\bnot\s+([a-z]+ing)\b`)

// verbNegators negate a verb: "doesn't", "never", "cannot".
var verbNegators = map[string]bool{"never": true, "don": true, "doesn": true, "didn": true, "cannot": true}

// auxiliaries are the verbs a "not" that negates a verb follows.
var auxiliaries = map[string]bool{"do": true, "does": true, "did": true, "is": true, "are": true, "was": true, "were": true,
	"has": true, "have": true, "had": true, "can": true, "will": true, "should": true, "must": true, "may": true}

// negatedWords calls fn with each word of text that a negator reaches,
// nonPrefix among them where prefix.
func negatedWords(text string, prefix bool, fn func(w string)) {
	if !mayNegate(text) {
		return
	}
	scanNegated(text, func(w []byte) bool { return negator(string(w), prefix) }, fn)
}

// mayNegate says whether text can hold a negator (negators, nonPrefix).
// Composing asks what each item's texts negate several times over, and
// most hold none: a text of ASCII alone that has none of negatorParts
// in any case has no word that is one. Other text may lower-case into
// one (terms.Scan), and is read.
func mayNegate(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return true
		}
	}
	return slices.ContainsFunc(negatorParts[:], func(part string) bool { return terms.ContainsFold(text, part) })
}

// negatorParts are in every negator: "no" in not, no, nor, non and
// cannot.
var negatorParts = [...]string{"no", "never", "without", "don", "doesn"}

// scanNegated calls fn with each word of text that a word isNeg says is
// a negator reaches. isNeg sees every word, in order. Compositions ask
// it of most texts they weigh, and most words are reached by no
// negator: those are read in place, and only a word passed to fn is made
// a string.
func scanNegated(text string, isNeg func(w []byte) bool, fn func(w string)) {
	// a negation ends with its clause: "never follow links; create files"
	for text != "" {
		clause := text
		if i := strings.IndexAny(text, ".;,:()"); i >= 0 {
			clause, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		since := negWindow + 1
		afterNo := false // the word before was "no" (see idiomNo)
		terms.Scan(clause, false, func(w []byte) {
			if afterNo && noNegation[string(w)] {
				since = negWindow + 1
			}
			afterNo = string(w) == "no"
			if isNeg(w) {
				since = 0
				return
			}
			if since > negWindow {
				return // out of any negator's reach, counted or not
			}
			if terms.Stop(string(w)) || len(w) == 1 { // "any", "the", don't's "t"
				return
			}
			since++
			if since <= negWindow {
				fn(string(w))
			}
		})
	}
}

// NegatesRefusal says whether text negates a word with which seq (a
// question's words) asks for a thing not to happen: grep's "Do not
// ignore case distinctions" (--no-ignore-case) does the opposite of
// "ignore case".
func NegatesRefusal(text string, seq []string) bool {
	found := false
	negatedWords(text, true, func(w string) {
		found = found || refusals[w] && slices.Contains(seq, w)
	})
	return found
}

// Negates says whether text holds a negator.
func Negates(text string) bool {
	found := false
	terms.Words(text, false, func(w string) { found = found || negator(w, true) })
	return found
}

// refusals are the verbs of a question that asks for a thing not to
// happen: "stop find from descending" wants -xdev's "don't descend".
var refusals = map[string]bool{"stop": true, "prevent": true, "avoid": true, "disable": true, "skip": true, "exclude": true, "ignore": true, "suppress": true, "omit": true, "hide": true}

// Negative says whether a question's words, stopwords included, hold a
// negator or ask for a thing not to happen: such a question may want the
// option that does not do it.
func Negative(seq []string) bool {
	for i, w := range seq {
		if i+1 < len(seq) && idiomNo(w, seq[i+1]) {
			continue
		}
		if negators[w] || refusals[w] {
			return true
		}
	}
	return false
}

// noNegation are the words after which "no" negates nothing: "no matter
// whether it is upper or lower case" asks to ignore case, not to avoid
// anything.
var noNegation = map[string]bool{"matter": true}

// idiomNo says whether w, then next, is "no" in an idiom that negates
// nothing (noNegation).
func idiomNo(w, next string) bool { return w == "no" && noNegation[next] }

// Coverage is the weighted share of the question that text mentions.
func (q *Question) Coverage(text string) float64 {
	if q.Mass == 0 {
		return 0
	}
	cov := make([]float64, len(q.Concepts))
	q.CoverText(text, cov)
	return Share(cov, q.Weights, q.Mass)
}

// Share is the share of mass that cov holds, each concept weighing w.
func Share(cov, w []float64, mass float64) float64 {
	s := 0.0
	for ci, c := range cov {
		s += c * w[ci]
	}
	return s / mass
}

// Engine answers questions with one retriever and one composer. Safe for
// concurrent use when they are.
type Engine struct {
	Retriever Retriever
	Composer  Composer
	Library   *Library
	// Names say which engines answer, for meta.engine.
	Names proto.EngineNames
}

// Answer answers question. The answer's meta, correlation id and warnings
// about the request are the caller's to fill in; NoAnswer is set when
// the retrieval's Scope is below threshold. The retrieval is returned for the log
// and for Stale.
func (e *Engine) Answer(ctx context.Context, question string, threshold float64) (*proto.Answer, *Retrieval, error) {
	ret, err := e.Retriever.Retrieve(ctx, question)
	if err != nil {
		return nil, nil, err
	}
	ans := &proto.Answer{Question: question, Threshold: threshold, Steps: []string{}, References: []proto.Reference{},
		Citations: []proto.Citation{}, Recommendations: []string{}, Warnings: []string{}}
	if len(ret.Hits) == 0 {
		noAnswer(ans, nil)
		return ans, ret, nil
	}
	ans.Confidence = ret.Confidence
	scope := ret.Scope
	if scope == 0 {
		scope = ret.Confidence
	}
	if scope < threshold {
		// refused for the index's scope, the answer is no surer than
		// that: a refusal that says "confidence 0.54 (threshold 0.35)"
		// contradicts itself
		ans.Confidence = min(ans.Confidence, scope)
		noAnswer(ans, ret.Hits)
		return ans, ret, nil
	}
	var c Citer
	d, err := e.Composer.Compose(ctx, ret, e.Library, &c)
	var pe *proto.Error
	if errors.As(err, &pe) {
		return nil, ret, err // an engine the config chose is down: the caller's error
	}
	if err != nil {
		noAnswer(ans, ret.Hits)
		ans.Warnings = append(ans.Warnings, "could not read the best page: "+err.Error())
		return ans, ret, nil
	}
	ret.Draft = &d
	ans.Summary = d.Summary
	if d.Steps != nil { // DESIGN's object has an array, never null
		ans.Steps = d.Steps
	}
	ans.Warnings = append(ans.Warnings, d.Warnings...)
	if d.Grounding > 0 {
		// The retriever's confidence is that the first page answers; a
		// generated answer is right only as far as it says what the pages
		// say. Half the confidence stays whatever the grounding, so a
		// paraphrase the lexical measure undercounts keeps the ranking's
		// word.
		ans.Confidence = ret.Confidence * (0.5 + 0.5*min(d.Grounding, 1))
	}
	ans.References, ans.Citations = c.Refs(), c.Cites()
	return ans, ret, nil
}

// ProgramPage says whether m is the man page of a program
// (document.ProgramPage).
func ProgramPage(m index.Meta) bool { return document.ProgramPage(m.Type, m.Section) }
