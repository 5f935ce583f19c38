package generate

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Reply is the model's answer as Schema asks for it.
type Reply struct {
	Summary          string      `json:"summary"`
	SummaryCitations []int       `json:"summary_citations"`
	Steps            []ReplyStep `json:"steps"`
}

// ReplyStep is one step of a Reply.
type ReplyStep struct {
	Text      string `json:"text"`
	Citations []int  `json:"citations"`
}

// parseReply reads the model's content. A fence around the JSON is
// forgiven: models trained on chat write one out of habit.
func parseReply(content string) (Reply, error) {
	s := strings.TrimSpace(content)
	if strings.HasPrefix(s, "```") {
		s = strings.TrimPrefix(strings.TrimPrefix(s, "```json"), "```")
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "```"))
	}
	var r Reply
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return Reply{}, fmt.Errorf("the model's reply is not the JSON asked for: %w", err)
	}
	return r, nil
}

// GroundingThreshold is the least grounding an answer has without a
// warning. A faithful answer restates its passages' words, stemmed alike
// ("changes" for "change"), and adds the few that phrase an instruction,
// which are not counted; below this share of its words, a reader cannot
// tell what it took from the pages from what it made up.
const GroundingThreshold = 0.6

// PartlySupported is the warning of a generated answer that its pages do
// not back in full.
const PartlySupported = "The generated answer is only partly supported by the cited pages; check them before running anything."

// part is a summary or a step as linked: its text without markers and the
// passages (indexes into the prompt's) that support it.
type part struct {
	text  string
	cites []int
	// dropped: it cited a number that is no passage given
	dropped bool
	// words and found: its content words, and those its passages hold
	words, found int
}

type linked struct {
	summary part
	steps   []part
}

// marker matches the citation markers a model writes into its text
// despite the rules: "[2]", "[1, 3]", "[1][2]" is two of them.
var marker = lazyre.New(`\s*\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]`)

// listNumber matches the numbering a model puts before a step, which
// the presenters add themselves.
var listNumber = lazyre.New(`^\s*(?:(?:step\s*)?\d+[.):]|[-*•])\s+`)

// spaceBefore matches a blank a removed marker leaves before punctuation.
var spaceBefore = lazyre.New(`\s+([.,;:!?])`)

// cleanPart takes the markers out of a model's text, counts what they
// cite with the citations it listed, and keeps those of passages given
// (1..k), each once, in order.
func cleanPart(text string, listed []int, k int, support func(string, []int) (int, int)) part {
	nums := slices.Clone(listed)
	for _, m := range marker().FindAllString(text, -1) {
		// a model that writes "[2]" means passage 2 as much as one that
		// lists it, and small models often do only the former
		for _, f := range strings.FieldsFunc(m, func(r rune) bool { return r < '0' || r > '9' }) {
			if n, err := strconv.Atoi(f); err == nil {
				nums = append(nums, n)
			}
		}
	}
	text = marker().ReplaceAllString(text, "")
	text = listNumber().ReplaceAllString(text, "")
	text = strings.Join(strings.Fields(spaceBefore().ReplaceAllString(text, "$1")), " ")
	p := part{text: text}
	for _, n := range nums {
		switch {
		case n < 1 || n > k:
			p.dropped = true
		case !slices.Contains(p.cites, n-1):
			p.cites = append(p.cites, n-1)
		}
	}
	if p.text != "" && len(p.cites) > 0 {
		p.words, p.found = support(p.text, p.cites)
	}
	return p
}

// link checks a reply against the passages it was given: citations of
// passages not given are dropped, and a step without a passage that
// supports it, or whose words none of its passages hold, goes. An error
// when what is left is no answer: the summary cites nothing given, or
// holds nothing its passages say, or neither a summary nor a step is left.
func link(r Reply, ps []passage) (linked, error) {
	g := newGrounder(ps)
	var l linked
	l.summary = cleanPart(r.Summary, r.SummaryCitations, len(ps), g.support)
	if l.summary.text != "" {
		if len(l.summary.cites) == 0 {
			return linked{}, fmt.Errorf("the model's summary cites none of the %d passages it was given", len(ps))
		}
		if l.summary.found == 0 {
			return linked{}, errors.New("the model's summary says nothing the passages it cites say")
		}
	}
	for _, s := range r.Steps {
		p := cleanPart(s.Text, s.Citations, len(ps), g.support)
		if p.text != "" && len(p.cites) > 0 && p.found > 0 {
			l.steps = append(l.steps, p)
		}
	}
	if l.summary.text == "" && len(l.steps) == 0 {
		return linked{}, errors.New("the model's answer holds nothing the passages support")
	}
	return l, nil
}

// grounding is the share of the content words of the answer's parts that
// the passages each cites hold.
func (l linked) grounding() float64 {
	words, found := l.summary.words, l.summary.found
	for _, s := range l.steps {
		words += s.words
		found += s.found
	}
	if words == 0 {
		return 0
	}
	return float64(found) / float64(words)
}

// draft writes the linked answer with the Citer's markers, the summary's
// passages cited first so references number as the extractive
// composer's do (FR-002).
func (l linked) draft(ps []passage, cite *answer.Citer) answer.Draft {
	marks := func(p part) string {
		var m []string
		for _, i := range p.cites {
			m = append(m, cite.Cite(ps[i].meta, ps[i].section))
		}
		return strings.Join(m, " ")
	}
	d := answer.Draft{Grounding: l.grounding(), Steps: []string{}}
	if t := l.summary.text; t != "" {
		// the marker goes before the full stop, as the extractive
		// composer writes it
		if body, ok := strings.CutSuffix(t, "."); ok {
			d.Summary = body + " " + marks(l.summary) + "."
		} else {
			d.Summary = t + " " + marks(l.summary)
		}
	}
	partly := l.summary.dropped
	for _, s := range l.steps {
		d.Steps = append(d.Steps, s.text+" "+marks(s))
		partly = partly || s.dropped
	}
	// Two signals, either enough: the words say more than the pages, or
	// the model claimed support from a page it was not given for text
	// that stays.
	if d.Grounding < GroundingThreshold || partly {
		d.Warnings = append(d.Warnings, PartlySupported)
	}
	return d
}

// phrasing are words an answer uses to tell how rather than what, which
// a faithful one adds to its pages' words: "Use the `-R` option", "Run
// the following command", "see passage 2".
var phrasing = map[string]bool{
	"use": true, "using": true, "run": true, "running": true, "type": true, "command": true, "commands": true,
	"option": true, "options": true, "following": true, "example": true, "see": true, "passage": true, "passages": true,
}

// grounder measures text against the passages' words.
type grounder struct {
	stemmer *terms.Stemmer
	stems   []map[string]bool // per passage, the stems of its words
}

func newGrounder(ps []passage) *grounder {
	g := &grounder{stemmer: terms.NewStemmer()}
	for _, p := range ps {
		set := map[string]bool{}
		// the header names the page too ("chmod(1)"): an answer may say
		// its name though the body does not
		terms.Words(p.meta.Label+" "+p.meta.Title+" "+p.section+"\n"+p.text, false, func(w string) { set[g.stemmer.Stem(w)] = true })
		g.stems = append(g.stems, set)
	}
	return g
}

// support counts the content words of text, and those that one of the
// passages cites holds.
func (g *grounder) support(text string, cites []int) (words, found int) {
	terms.Words(text, false, func(w string) {
		if terms.Stop(w) || phrasing[w] || len(w) < 2 {
			return
		}
		words++
		st := g.stemmer.Stem(w)
		for _, i := range cites {
			if g.stems[i][st] {
				found++
				return
			}
		}
	})
	return words, found
}

// Grounding is the share of the content words of text (stop words and
// the words that phrase an instruction aside, stemmed) that passages
// hold, or 0 when text has none: the measure a generated answer is
// checked with, for callers that hold text of their own.
func Grounding(text string, passages ...string) float64 {
	ps := make([]passage, len(passages))
	cites := make([]int, len(passages))
	for i, t := range passages {
		ps[i].text, cites[i] = t, i
	}
	words, found := newGrounder(ps).support(text, cites)
	if words == 0 {
		return 0
	}
	return float64(found) / float64(words)
}
