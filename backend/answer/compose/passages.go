package compose

import (
	"iter"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// passage is a block of a loaded document with how much of the question it
// holds.
type passage struct {
	sec, blk int
	block    document.Block
	title    string
	aside    bool // from a section about the page, not its subject
	score    float64
	// beyond is the share of what the page's names and NAME line do not
	// say of the question that the passage says; does, the same of what
	// an item does, where its first sentence runs into a second (see
	// whatItDoes; 1 otherwise)
	beyond, does float64
	// cov is what of each of the question's concepts an item holds (nil
	// for other blocks: only a bundle's letters, option items, are
	// weighed by it; see lettersAsked)
	cov []float64
}

// same says whether o is the same block of the page as p.
func (p passage) same(o passage) bool { return p.sec == o.sec && p.blk == o.blk }

// term is an option item's term as the question's values fill it (see
// unitTerm).
func (p passage) term() string { return pidTerm(unitTerm(p.block.Term, p.block.Text), p.block.Text) }

// passages scores every block of document id, loaded as d, against the
// question, from the terms the index keeps of each block; given is what
// of each concept the page's NAME line holds (nil: nothing), and entries
// the page's entries the retriever chose it for (answer.Hit.Entries).
func (c *composition) passages(id int, d *document.Document, given []float64, entries []string) []passage {
	q := c.q
	var out []passage
	shares := newPageShares(q, given, c.lookedFor)
	// the page's own sections, and those that answer another question
	// than this one (see statusSection, filesSection)
	asides := make([]bool, len(d.Sections))
	for i := range d.Sections {
		s := &d.Sections[i]
		asides[i] = Aside(s) || !c.status && statusSection(s.Title) || !c.where && filesSection(s.Title)
	}
	cov := make([]float64, len(q.Concepts))
	units := unitConcepts(q)
	lead := make([]float64, len(q.Concepts)) // the paragraph before, when there is one
	leadSec, leadBlk := -1, 0
	q.Blocks(id, cov, func(sec, bi int) {
		if sec >= len(d.Sections) || bi >= len(d.Sections[sec].Blocks) {
			return // the index and the stored document disagree: skip, never crash
		}
		s := &d.Sections[sec]
		blk := s.Blocks[bi]
		introduced := 0.0
		if blk.Kind == document.Code && leadSec == sec && leadBlk == bi-1 {
			// An example is introduced by the paragraph before it ("An
			// entire directory can be packed with one command:"), which
			// says in words what its code does.
			for ci, w := range lead {
				cov[ci] = max(cov[ci], w)
			}
			// as an item's first sentence says what it does
			introduced = c.items.First * shares.of(lead)
		}
		if blk.Kind == document.Para {
			leadSec, leadBlk = sec, bi
			copy(lead, cov)
		}
		first, plain := c.readItem(blk, cov)
		if blk.Kind == document.Item && len(units) > 0 {
			unitCovers(blk, units, cov)
		}
		done := append(c.statesDone(first), c.doesForbidden(blk, first)...)
		for _, ci := range done {
			cov[ci] = 0
		}
		shares.drop = done
		entry := entryRank(s.Title, blk, entries)
		if sc := shares.of(cov); sc > 0 || entry >= 0 {
			sc += introduced
			if entry >= 0 {
				sc += entryWeight / float64(1+entry)
			}
			if blk.Kind == document.Item {
				sc += c.itemScore(blk.Term, first, shares.text, !plain)
				if c.takesValue(blk.Term, false) {
					sc += c.items.Arg
				}
				sc += c.items.Usage * c.usage(id, d)[blk.Term]
			}
			does := 1.0
			if what := whatItDoes(first); what != first {
				does = shares.beyond(blk.Term+"\n"+what, plain, given)
			}
			var itemCov []float64
			if blk.Kind == document.Item {
				itemCov = slices.Clone(cov)
			}
			out = append(out, passage{sec: sec, blk: bi, block: blk, title: s.Title, aside: asides[sec], score: sc, beyond: beyondShare(q, cov, given), does: does, cov: itemCov})
		}
	})
	out = append(out, c.backedItems(id, d, out, asides)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// doesForbidden are the concepts the question says to do the task
// without (forbidden) that an item does: what it says of them answers
// nothing. Tar's -x, "Extract files from an archive", for "list a
// tarball without extracting it"; not one that says not to do them, as
// "do not overwrite files" for "unpack without overwriting".
func (c *composition) doesForbidden(blk document.Block, first string) []int {
	if c.forbidden == nil || blk.Kind != document.Item {
		return nil
	}
	negated := make([]bool, len(c.forbidden))
	c.q.Negated(first, func(ci int) { negated[ci] = true })
	var out []int
	for ci, f := range c.forbidden {
		if f && !negated[ci] {
			out = append(out, ci)
		}
	}
	return out
}

// unitConcepts are the question's concepts that are a unit of time
// unitTerm writes (unitWords), by that unit: "days" of "modified in the
// last 2 days" under DAYS. None for most questions, whose items
// unitCovers then need not read.
func unitConcepts(q *answer.Question) map[string][]int {
	var out map[string][]int
	for w := range unitWords {
		st := terms.Stem(strings.ToLower(w))
		for ci, con := range q.Concepts {
			if len(con.Alts) > 0 && con.Alts[0].Stem == st {
				if out == nil {
					out = map[string][]int{}
				}
				out[w] = append(out[w], ci)
			}
		}
	}
	return out
}

// unitCovers marks in cov the unit of time of the question (units, see
// unitConcepts) that an item counts its value in, as unitTerm reads it:
// find's -mtime, "n*24 hours ago", counts days, which "modified in the
// last 2 days" gives, and is no less an answer for it than -used, whose
// text says "days".
func unitCovers(blk document.Block, units map[string][]int, cov []float64) {
	u := unitTerm(blk.Term, blk.Text)
	if u == blk.Term {
		return
	}
	for _, w := range strings.FieldsFunc(u, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if strings.Contains(blk.Term, w) {
			continue
		}
		for _, ci := range units[w] {
			cov[ci] = 1
		}
	}
}

// forces is an item that overrides a safeguard: it forces, or never asks.
var forces = lazyre.New(`(?i)\b(?:force|forces|forcibly|never\s+prompt|without\s+(?:asking|prompting|confirmation))\b`)

// backedItems are the option items of page d that the option model has
// people give for the task (usage usageLead or more) though their text
// holds none of the question's words, so that the index's blocks never
// brought them (scored): ls's -a, "do not ignore entries starting with
// .", for hidden files. They score what the model gives them.
func (c *composition) backedItems(id int, d *document.Document, scored []passage, asides []bool) []passage {
	return c.usedItems(id, d, scored, asides, usageLead)
}

// unsaidItems are the option items of the first page that the option
// model gives at least least, which are not among the passages scored.
func (c *composition) unsaidItems(s *source, scored []passage, least float64) []passage {
	asides := make([]bool, len(s.doc.Sections))
	for i := range s.doc.Sections {
		asides[i] = Aside(&s.doc.Sections[i])
	}
	return c.usedItems(s.hit.Doc, s.doc, scored, asides, least)
}

// usedItems are the option items of page d, out of the sections asides
// says are the page's own, that the option model gives at least least,
// which are not among the passages scored; but one that forces.
func (c *composition) usedItems(id int, d *document.Document, scored []passage, asides []bool, least float64) []passage {
	u := c.usage(id, d)
	if len(u) == 0 {
		return nil
	}
	var out []passage
	for si := range d.Sections {
		if asides[si] {
			continue
		}
		for bi, b := range d.Sections[si].Blocks {
			if b.Kind != document.Item || u[b.Term] < least || slices.ContainsFunc(scored, func(p passage) bool { return p.sec == si && p.blk == bi }) {
				continue
			}
			if forces().MatchString(itemSentence(b.Text)) {
				// rm's -f, "never prompt", which people add to -r: not
				// where the question did not ask to force it
				continue
			}
			out = append(out, passage{sec: si, blk: bi, block: b, title: d.Sections[si].Title, score: c.items.Usage * u[b.Term], does: 1})
		}
	}
	return out
}

// pageShares are the shares of the question a page's texts hold, each
// concept weighing less where the page's names and NAME line hold it
// already (see givenDiscount).
type pageShares struct {
	q *answer.Question
	// per concept, its weight in this page's passages (a quarter of its
	// weight at least, so mass is 0 only where the question's is)
	w    []float64
	mass float64
	cov  []float64 // text's, reused
	// drop are concepts the texts of the block read now do not hold
	// (see statesDone)
	drop []int
}

// newPageShares weighs the question for a page whose names and NAME
// line hold given of each concept; a concept that stands for what the
// task looks for (lookedFor) weighs nothing.
func newPageShares(q *answer.Question, given []float64, lookedFor []bool) *pageShares {
	sh := &pageShares{q: q, w: slices.Clone(q.Weights), cov: make([]float64, len(q.Concepts))}
	for ci := range sh.w {
		if ci < len(lookedFor) && lookedFor[ci] {
			sh.w[ci] = 0
		}
		sh.w[ci] *= 1 - givenDiscount*givenOf(given, ci)
		sh.mass += sh.w[ci]
	}
	return sh
}

// of is the share of a passage with these concepts' coverage.
func (sh *pageShares) of(cov []float64) float64 { return answer.Share(cov, sh.w, sh.mass) }

// text is the share of a text, read as for a question that negates
// nothing when plain.
func (sh *pageShares) text(text string, plain bool) float64 {
	clear(sh.cov)
	sh.q.CoverText(text, sh.cov)
	if plain {
		// wget's --no-http-keep-alive, "Turn off the keep-alive
		// feature", is not how to keep a connection alive
		sh.q.Negated(text, func(ci int) { sh.cov[ci] = 0 })
		contrasted(sh.q, text, func(ci int) { sh.cov[ci] = 0 })
	}
	for _, ci := range sh.drop {
		sh.cov[ci] = 0
	}
	return sh.of(sh.cov)
}

// beyond is beyondShare of a text, read as text reads it.
func (sh *pageShares) beyond(text string, plain bool, given []float64) float64 {
	sh.text(text, plain)
	return beyondShare(sh.q, sh.cov, given)
}

// whatItDoes is an item's first sentence up to where a second sentence
// that starts with a command's name may begin: mount's -l is "Add the
// labels in the mount output. mount must have permission to read the
// disk device ...", which sentences (starting with a capital) take for
// one.
func whatItDoes(first string) string {
	if at := lowerStart(first); at >= 0 {
		return first[:at+1]
	}
	return first
}

// lowerStart is where a word of four lower-case letters or more ends a
// sentence (not "e.g." or "etc.") that the next starts in lower case: the
// index of its stop, or -1. The pattern `\b[a-z]{4,}\.\s+[a-z]`, scanned
// by hand as sentenceEnd is.
func lowerStart(text string) int {
	for i := strings.IndexByte(text, '.'); i >= 0; {
		w := i // the word-character run that ends at the stop
		for w > 0 && isWordChar(text[w-1]) {
			w--
		}
		lower := i-w >= 4
		for k := w; k < i && lower; k++ {
			lower = text[k] >= 'a' && text[k] <= 'z'
		}
		if j := spacesAfter(text, i); lower && j > i+1 && j < len(text) && text[j] >= 'a' && text[j] <= 'z' {
			return i
		}
		next := strings.IndexByte(text[i+1:], '.')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return -1
}

// isWordChar is RE2's \w.
func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// readItem reads an item block: what it says it does (first, see
// itemSentence), and whether it reads as for a question that negates
// nothing (plain), in which case the words first negates are taken out
// of its coverage (cov). Another block reads plain where the
// question negates nothing, and has no first sentence.
func (c *composition) readItem(blk document.Block, cov []float64) (first string, plain bool) {
	plain = !c.negative
	if blk.Kind != document.Item {
		return "", plain
	}
	first = itemSentence(blk.Text)
	// the question asks to ignore or skip a thing, and the item says
	// not to: grep's --no-ignore-case, "Do not ignore case
	// distinctions", is the opposite of "ignore case"
	plain = plain || answer.NegatesRefusal(first, c.seq)
	if plain {
		// "do not create any files" (touch -c) is not about creating
		// files, unless the question is about not doing something
		c.q.Negated(first, func(ci int) { cov[ci] = 0 })
		contrasted(c.q, first, func(ci int) { cov[ci] = 0 })
	}
	return first, plain
}

// negatesAsked says whether an item's first sentence negates what the
// question does: a concept it negates, where the question's negators
// reach some ("select non-matching lines" for "the lines that do not
// match", not "print only the matched (non-empty) parts"), or anything
// where they reach none (the question only asks to skip or stop).
func (c *composition) negatesAsked(first string) bool {
	if c.negated == nil {
		return answer.Negates(first)
	}
	return c.negatesOf(first, c.negated)
}

// negatesOf says whether text negates a concept one of marks marks.
func (c *composition) negatesOf(text string, marks ...[]bool) bool {
	found := false
	c.q.Negated(text, func(ci int) {
		found = found || slices.ContainsFunc(marks, func(m []bool) bool { return ci < len(m) && m[ci] })
	})
	return found
}

// unnegated takes out of cov the concepts the question negates (negated)
// that text says without negating them: grep's NAME line, "print lines
// that match patterns", says nothing of "the lines that do not match",
// which -v's "select non-matching lines" says.
func unnegated(q *answer.Question, negated []bool, text string, cov []float64) {
	if negated == nil {
		return
	}
	says := make([]bool, len(negated))
	q.Negated(text, func(ci int) { says[ci] = true })
	for ci, n := range negated {
		if n && !says[ci] && ci < len(cov) {
			cov[ci] = 0
		}
	}
}

// contrasted calls fn with each concept that text names only as what it
// does not do, after "instead of" or "rather than": ln's -s, "make
// symbolic links instead of hard links", is no answer to "make a hard
// link", but still one to "make a symbolic link".
func contrasted(q *answer.Question, text string, fn func(ci int)) {
	if !mayContrast(text) {
		return
	}
	loc := contrast().FindStringIndex(text)
	if loc == nil {
		return
	}
	before, after := make([]float64, len(q.Concepts)), make([]float64, len(q.Concepts))
	q.CoverText(text[:loc[0]], before)
	q.CoverText(text[loc[1]:], after)
	for ci := range after {
		if after[ci] > 0 && before[ci] == 0 {
			fn(ci)
		}
	}
}

// contrast is where a text turns to what it does not do.
var contrast = lazyre.New(`(?i)\b(?:instead\s+of|rather\s+than)\b`)

// mayContrast says whether text can hold contrast, as a page writes it
// (in lower case, capitalised or in capitals): most items cannot, and
// saying so costs a fraction of running the pattern over them.
func mayContrast(text string) bool {
	for _, w := range [...]string{"nstead", "NSTEAD", "ather", "ATHER"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

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
	// (find's -size for "larger than 100 MB", chmod's -m for "mode
	// 750"): the step can type it (see fill.go). Over the dev and style
	// sets (rankeval -steps -items), first steps with the expected
	// option were 188 of 540 at 0, 190 at 0.3, 189 at 0.6 and 188 at 1,
	// mention 12.500, 12.500, 12.490 and 12.484 summed. A bare number
	// adds nothing (takesValue): "10 comes after 9" led with sort's
	// --parallel N; the item's words find head's -n NUM for "the first
	// 20 lines" without it.
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
	if c.takesAskedFor(term) {
		sc -= askedForArg
	}
	if negative && c.negatesAsked(first) {
		// "don't follow symlinks": realpath -s's "don't expand symlinks"
		// before -L's "resolve '..' components before symlinks"
		sc += negMatch
	}
	return sc
}

// askedForArg is what an option loses whose argument is what the
// question asks to be shown (see takesAskedFor).
const askedForArg = 0.5

// takesAskedFor says whether the option of item term takes as its
// argument the very thing the question asks to be shown, which it does
// not give: blkid's "-U uuid", which looks a device up by its UUID, for
// "print the UUID of /dev/sda1"; ps's "-p pid" for "print the PID of
// nginx". The asker has no such value to type: they want it printed.
func (c *composition) takesAskedFor(term string) bool {
	// (the question first: every item of every page is scored)
	if c.verb < 0 || c.verb+1 >= len(c.q.Concepts) || !showVerbs[c.q.Concepts[c.verb].Word] || !strings.HasPrefix(strings.TrimSpace(term), "-") {
		return false
	}
	f := strings.Fields(optionArg(term))
	if len(f) == 0 {
		return false
	}
	key := slotName(f[0])
	obj := c.q.Concepts[c.verb+1]
	if key == "" || len(obj.Alts) == 0 || terms.Stem(key) != obj.Alts[0].Stem {
		return false
	}
	kinds := slotKinds(f[0])
	return !slices.ContainsFunc(c.ops, func(op operand) bool { return slices.Contains(kinds, op.kind) })
}

// showVerbs are the verbs that ask for a thing to be shown.
var showVerbs = map[string]bool{"print": true, "show": true, "display": true, "get": true, "tell": true, "output": true,
	"report": true, "see": true, "view": true, "list": true, "find": true, "determine": true, "identify": true, "know": true, "check": true}

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

// ownItems yields the items of page d's own sections (not its asides,
// see Aside) as passages, in the page's order.
func ownItems(d *document.Document) iter.Seq[passage] {
	return func(yield func(passage) bool) {
		for si := range d.Sections {
			sec := &d.Sections[si]
			if Aside(sec) {
				continue
			}
			for bi, b := range sec.Blocks {
				if b.Kind == document.Item && !yield(passage{sec: si, blk: bi, block: b, title: sec.Title, does: 1}) {
					return
				}
			}
		}
	}
}

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

// provenanceMax is the most text a HISTORY section about a program's
// origins has on this machine's pages, rounded up.
const provenanceMax = 2500

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
// FILES section tells, or is neither a how-to nor a format question: one
// about what a thing is may be answered by where it is. What the fields
// of /etc/passwd mean is not (passwd(5)'s FILES name /etc/passwd- and
// /etc/shadow); its words must ask, as a how-to's do.
func asksWhere(a analyse.Analysis) bool {
	if a.Scene != analyse.SceneHowTo && a.Scene != analyse.SceneFormat {
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

// statesDone are the concepts of the question that it names as a state
// ("installed packages", "mounted file systems", "if a package is
// installed") and that an item's first sentence commands as its first
// word ("Install the package.", "Mount all filesystems"): doing it is
// not finding what it was done to. Showing what was shown is showing it
// again, though: dmesg's -k, "Print kernel messages", for "the messages
// the kernel printed".
func (c *composition) statesDone(first string) []int {
	// only a concept the question says in the past can be one: most
	// questions have none, whose items need not be read
	if !slices.ContainsFunc(c.q.Concepts, func(con analyse.Concept) bool {
		return len(con.Alts) > 0 && strings.HasSuffix(strings.ToLower(con.Word), "ed")
	}) {
		return nil
	}
	lead := ""
	terms.Scan(first, false, func(w []byte) {
		if lead == "" {
			lead = string(w)
		}
	})
	if lead == "" || strings.HasSuffix(lead, "ed") || shows[lead] {
		return nil
	}
	st := terms.Stem(lead)
	var out []int
	for ci, con := range c.q.Concepts {
		if w := strings.ToLower(con.Word); len(con.Alts) > 0 && con.Alts[0].Stem == st && strings.HasSuffix(w, "ed") {
			out = append(out, ci)
		}
	}
	return out
}

// shows are the verbs whose doing shows a thing.
var shows = map[string]bool{"print": true, "show": true, "display": true, "list": true, "output": true, "write": true, "log": true}

// entryWeight is what the entry of a builtin the retriever chose the page
// for adds to its score, the best one whole: the task data says which
// builtin does the task ("unset" for removing a variable), which the
// words of bash(1)'s thousands of items seldom single out.
const entryWeight = 1.0

// entryRank is the place among entries of the builtin an item of a
// shell's builtins (builtinSection) documents ("unset [-fv] [-n] [name
// ...]"), or -1. Each of the shell's special parameters is an entry of
// "$", the task data's name for what the shell expands ("the exit status
// of the previous command", $?): which one, its words say.
func entryRank(section string, blk document.Block, entries []string) int {
	if len(entries) == 0 || blk.Kind != document.Item {
		return -1
	}
	if specialParameters(section) {
		return slices.Index(entries, "$")
	}
	if !builtinSection(section) {
		return -1
	}
	name, _, _ := strings.Cut(strings.TrimSpace(blk.Term), " ")
	return slices.Index(entries, name)
}

// specialParameters says whether a section is a shell's special
// parameters, an item each ("?", "#", "!"): bash's and dash's Special
// Parameters.
func specialParameters(title string) bool { return strings.EqualFold(title, "Special Parameters") }
