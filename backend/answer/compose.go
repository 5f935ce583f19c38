package answer

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// source is a document chosen to be cited, loaded.
type source struct {
	cand Candidate
	doc  *document.Document
	n    int // citation number, 0 until cited
}

// citer numbers references in order of first citation, one number per
// {alias, document_ref}.
type citer struct {
	refs  []proto.Reference
	cites []proto.Citation
	seen  map[string]int
	cited map[string]bool
}

func (c *citer) cite(s *source, section string) string {
	m := s.cand.Meta
	key := m.Alias + "\x00" + m.Ref
	if c.seen == nil {
		c.seen, c.cited = map[string]int{}, map[string]bool{}
	}
	n, ok := c.seen[key]
	if !ok {
		n = len(c.refs) + 1
		c.seen[key] = n
		ref := proto.Reference{N: n, Alias: m.Alias, Label: m.Label, DocumentRefs: []string{m.Ref}}
		if m.URL != "" {
			u := m.URL
			ref.URL = &u
		}
		c.refs = append(c.refs, ref)
	}
	if ck := fmt.Sprintf("%d\x00%s", n, section); !c.cited[ck] {
		c.cited[ck] = true
		c.cites = append(c.cites, proto.Citation{N: n, Alias: m.Alias, DocumentRef: m.Ref, Section: section})
	}
	return fmt.Sprintf("[%d]", n)
}

// inline is the source alias shown in the text: "(man chmod)",
// "(info coreutils)".
func inline(m index.Meta) string {
	switch m.Type {
	case "man":
		return "(man " + m.Title + ")"
	case "info":
		manual, _, _ := strings.Cut(m.Label, ":")
		return "(info " + manual + ")"
	}
	return "(" + m.Alias + ")"
}

// passage is a block of a loaded document with how much of the question it
// holds.
type passage struct {
	sec, blk int
	block    document.Block
	title    string
	aside    bool // from a section about the page, not its subject
	score    float64
}

// termWeight is how much an option's name adds to its block's share of
// the question when steps are chosen: on testdata/eval it raised the rate
// of answers that mention the expected option from 0.613 to 0.620 (dev)
// and from 0.645 to 0.660 (dev2).
const termWeight = 0.5

// firstWeight is how much an item's first sentence adds. On the eight
// testdata/eval sets, answers that mention the expected option or command
// went from 691 to 702 of 895 with it at 0.5 (701 at 0.25 and 1, 695 at 2;
// 691 again if options are left out and only list entries get it).
const firstWeight = 0.5

// givenDiscount is how much less a question word counts in a page's
// passages when the page's names and NAME line already hold it: every
// passage of find(1) is about finding files, so for "find files larger
// than 100 MB" the passage to show is the one about size.
const givenDiscount = 0.75

// passages scores every block of document id, loaded as d, against the
// question, from the terms the index keeps of each block; given is what
// of each concept the page's NAME line holds (nil: nothing).
func (e *Engine) passages(id int, d *document.Document, q *query, given []float64) []passage {
	var out []passage
	// per concept, its weight in this page's passages (a quarter of its
	// idf at least, so mass is 0 only where the question's is)
	pw := slices.Clone(q.idf)
	mass := 0.0
	for ci := range pw {
		if ci < len(given) {
			pw[ci] *= 1 - givenDiscount*given[ci]
		}
		mass += pw[ci]
	}
	score := func(cov []float64) float64 { return weighBy(cov, pw, mass) }
	tcov := make([]float64, len(q.a.Concepts))
	textScore := func(text string) float64 {
		clear(tcov)
		q.textCover(text, tcov)
		return score(tcov)
	}
	asides := make([]bool, len(d.Sections))
	for i := range d.Sections {
		asides[i] = aside(&d.Sections[i])
	}
	cov := make([]float64, len(q.a.Concepts))
	lead := make([]float64, len(q.a.Concepts)) // the paragraph before, when there is one
	leadAt := index.Block{Section: -1}
	for _, b := range e.r.Blocks(id) {
		if b.Section >= len(d.Sections) || b.Index >= len(d.Sections[b.Section].Blocks) {
			continue // the index and the stored document disagree: skip, never crash
		}
		clear(cov)
		q.cover(b, cov)
		s := &d.Sections[b.Section]
		blk := s.Blocks[b.Index]
		if blk.Kind == document.Code && leadAt.Section == b.Section && leadAt.Index == b.Index-1 {
			// An example is introduced by the paragraph before it ("An
			// entire directory can be packed with one command:"), which
			// says in words what its code does.
			for ci, w := range lead {
				cov[ci] = max(cov[ci], w)
			}
		}
		if blk.Kind == document.Para {
			leadAt = b
			copy(lead, cov)
		}
		if sc := score(cov); sc > 0 {
			if blk.Kind == document.Item {
				// an option's long name is the manual's word for what it
				// does: --keep, --invert-match, --follow
				sc += termWeight * textScore(blk.Term)
				// and its first sentence says what it does; the rest, how
				// it does it and in which cases, where a long description
				// meets many words of a question it is not about
				sc += firstWeight * textScore(firstSentence(blk.Text))
			}
			out = append(out, passage{sec: b.Section, blk: b.Index, block: blk, title: s.Title, aside: asides[b.Section], score: sc})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// textCoverage is the idf-weighted share of the question's concepts that
// text mentions.
func textCoverage(text string, q *query) float64 {
	if q.mass == 0 {
		return 0
	}
	cov := make([]float64, len(q.a.Concepts))
	q.textCover(text, cov)
	return weigh(cov, q)
}

// textCover raises cov[ci] to the weight of every alternative of concept
// ci that text mentions.
func (q *query) textCover(text string, cov []float64) {
	if q.byStem == nil {
		q.byStem = map[string][]conceptAlt{}
		for ci, c := range q.a.Concepts {
			for _, alt := range c.Alts {
				q.byStem[alt.Stem] = append(q.byStem[alt.Stem], conceptAlt{ci, alt.Weight})
			}
		}
	}
	terms.Words(text, false, func(w string) {
		for _, a := range q.byStem[terms.Stem(w)] {
			cov[a.ci] = max(cov[a.ci], a.weight)
		}
	})
}

type conceptAlt struct {
	ci     int
	weight float64
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
func bestSentence(text string, q *query) string {
	best, bestScore := "", -1.0
	for _, s := range sentences(text) {
		if sc := textCoverage(s, q); sc > bestScore {
			best, bestScore = s, sc
		}
	}
	return clip(best, 300)
}

// clip shortens s to at most n bytes at a word boundary.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut < n/2 {
		cut = n
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimRight(s[:cut], " ,;:") + " ..."
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
	first := strings.TrimSpace(alts[0])
	if strings.ContainsAny(first, " =") {
		return strings.Replace(first, "=", " ", 1)
	}
	for _, a := range alts[1:] {
		if _, arg, ok := strings.Cut(a, "="); ok {
			arg = strings.Trim(arg, "[]")
			if arg != "" && !strings.HasPrefix(first, "--") {
				return first + " " + arg
			}
		}
	}
	return first
}

var commandish = lazyre.New(`^[a-z][a-z0-9-]*( |$)`)

// isProgramPage says whether m is the man page of a program (sections 1, 6
// and 8).
func isProgramPage(m index.Meta) bool {
	return m.Type == "man" && (m.Section == "1" || m.Section == "8" || m.Section == "6")
}

// stepWorthy says whether a passage can be a step: an item, or a code
// block; on a program's page, only a code block that runs a command. Such
// pages also show what commands print (unit listings, log lines, tables of
// timers), and that is nothing a user can run.
func (e *Engine) stepWorthy(s *source, p passage) bool {
	switch p.block.Kind {
	case document.Item:
		return true
	case document.Code:
		return !isProgramPage(s.cand.Meta) || slices.ContainsFunc(strings.Split(p.block.Text, "\n"), e.commandLine)
	}
	return false
}

// commandLine says whether a line of code runs a program this machine has
// and documents, after any prompt and sudo: "$ git log", "# systemctl stop
// sshd", "find . -name '*.c'".
func (e *Engine) commandLine(line string) bool {
	l := strings.TrimLeft(strings.TrimSpace(line), "$#%> ")
	l = strings.TrimPrefix(l, "sudo ")
	word, _, _ := strings.Cut(l, " ")
	return e.rk.isProgram(strings.ToLower(word))
}

// step renders one passage as a step: a command line in backticks where the
// passage gives one, and its explanation.
func (e *Engine) step(s *source, p passage, q *query) string {
	m := s.cand.Meta
	b := p.block
	isCmd := isProgramPage(m)
	switch b.Kind {
	case document.Item:
		desc := clip(firstSentence(b.Text), 240)
		term := strings.TrimSpace(b.Term)
		switch {
		case isCmd && strings.HasPrefix(term, "-"):
			cmd := m.Title
			if sub := subcommandOf(p.title, m.Title, s.doc); sub != "" {
				cmd += " " + sub
			}
			return fmt.Sprintf("`%s %s`: %s", cmd, optionForm(term), desc)
		case isCmd && commandish().MatchString(term) && !strings.EqualFold(p.title, "EXAMPLES") && !strings.EqualFold(p.title, "EXAMPLE"):
			return fmt.Sprintf("`%s %s`: %s", m.Title, term, desc)
		case looksLikeCommand(term, m):
			return fmt.Sprintf("`%s`: %s", term, desc)
		}
		return fmt.Sprintf("%s: %s", term, desc)
	case document.Code, document.Table:
		var keep func(string) bool
		if isCmd {
			keep = e.commandLine
		}
		lines := codeLines(b.Text, q, keep)
		return "`" + strings.Join(lines, "`; `") + "`"
	}
	return clip(bestSentence(b.Text, q), 300)
}

// subcommandOf is the subcommand a section of a command's page is about,
// when its heading starts with one ("reindex [ALIAS...]" -> "reindex",
// "sources add PATH" -> "sources add") and the SYNOPSIS runs the command
// with it: the options listed there belong to "name subcommand", not to
// the bare command. "" otherwise.
func subcommandOf(title, name string, d *document.Document) string {
	if d == nil {
		return ""
	}
	syn := d.Find("SYNOPSIS")
	if syn == nil {
		return ""
	}
	var text strings.Builder
	for _, b := range syn.Blocks {
		text.WriteString(" " + b.Text)
	}
	usage := " " + strings.Join(strings.Fields(text.String()), " ") + " "
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
func codeLines(text string, q *query, keep func(string) bool) []string {
	var lines, kept []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		c := clip(l, 160)
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
		sc[i] = scoredLine{i, textCoverage(l, q)}
	}
	sort.SliceStable(sc, func(i, j int) bool { return sc[i].s > sc[j].s })
	two := []int{sc[0].i, sc[1].i}
	sort.Ints(two)
	return []string{lines[two[0]], lines[two[1]]}
}
