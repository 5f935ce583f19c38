package compose

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

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
		if len(ids) == n {
			break
		}
		// (not break: a guest the ranker placed among the manuals keeps
		// its own score, and the pages after it may be close)
		if h.Score >= floor {
			ids = append(ids, h.Doc)
		}
	}
	return ids
}

// closeFloor is the least score of a hit close behind the first: "close"
// is relative to how far apart the top ten are, as scores have no scale
// of their own; margin is the share of that spread a hit may fall behind.
// The spread is the manuals': a tldr page is a guest placed among them
// with a score made for its place (see rank.placeGuests), and tldr pages
// placed in the top ten narrowed it, so that cp(1) fell out of the
// alternatives of "make a copy-on-write clone of a big file" once a
// tldr collection was added.
func closeFloor(hits []answer.Hit, margin float64) float64 {
	tenth, n := hits[len(hits)-1].Score, 0
	for _, h := range hits {
		if h.Meta.Type == "tldr" {
			continue
		}
		if tenth, n = h.Score, n+1; n == 10 {
			break
		}
	}
	return hits[0].Score - margin*(hits[0].Score-tenth)
}

// sameCommand says whether page om is the tldr page of the command whose
// man page first is. Where an alternative gets no step (confidence at
// sure or more), "See also cp: Copy files and directories (tldr cp)"
// under cp(1) names no other way to do the task, and takes the place of
// one that would; below, its example is a step (du -h, tldr_source.txtar).
func sameCommand(first, om index.Meta) bool {
	return om.Type == "tldr" && first.Type == "man" && strings.EqualFold(om.Title, first.Title)
}

// notInstalled says whether page om is the tldr page of a command this
// machine does not have: it is named as the alternative to install, never
// as a step to type.
func notInstalled(om index.Meta) bool { return om.Type == "tldr" && !om.Command }

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
	// the first command's own tldr page comes after the other commands
	// and takes none's place: with a tldr collection added, du(1) fell
	// out of the first three references of "show the size of every
	// file" behind stat's examples
	var rest, own []answer.Hit
	for _, h := range hits[1:] {
		if sameCommand(first, h.Meta) {
			own = append(own, h)
		} else {
			rest = append(rest, h)
		}
	}
	for _, other := range append(rest, own...) {
		mine := sameCommand(first, other.Meta)
		if alts == 2 && !mine {
			continue
		}
		if other.Score < floor {
			// a guest placed among the manuals (see rank.placeGuests)
			// keeps its own score: the pages after it may be close
			continue
		}
		om := other.Meta
		key := altKey(om)
		if seen[key] || om.Group == firstDoc || other.Doc == firstDoc || confidence >= sure && mine || skip != nil && skip(other) {
			continue // the same page elsewhere, or the manual's node or the tldr page about it
		}
		seen[key] = true
		s := &source{hit: other}
		var err error
		if s.doc, err = others.load(c.lib, other.Doc); err != nil {
			break
		}
		if !mine {
			alts++
		}
		title := om.Title
		if notInstalled(om) {
			title += " (not installed)"
		}
		if what := seeAlsoWhat(om); what != "" {
			summary = append(summary, fmt.Sprintf("See also %s: %s %s %s.", title, what, answer.Inline(om), c.cite(s, "NAME")))
		} else {
			summary = append(summary, fmt.Sprintf("See also %s %s %s.", title, answer.Inline(om), c.cite(s, "NAME")))
		}
		if confidence >= sure || notInstalled(om) {
			// its NAME line, no step (see sure); nor a command line
			// this machine cannot run
			continue
		}
		stepped := false
		for _, p := range c.passages(other.Doc, s.doc, other.NameCov, other.Entries) {
			if c.stepWorthy(s, p) && !p.aside && p.score >= altStepScore {
				// git-diff-tree and git-rev-list share their format
				// placeholders: "%h: abbreviated commit hash" once
				if st := c.step(s, p); !said[st] {
					said[st] = true
					if mine {
						// its example follows the first page's steps,
						// though it is cited after the other commands
						steps = slices.Insert(steps, 0, st+" "+c.cite(s, p.title))
					} else {
						steps = append(steps, st+" "+c.cite(s, p.title))
					}
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
			if syn := document.Synopsis(s.doc); syn != "" {
				steps = append(steps, c.basicStep(s, syn))
			}
		}
	}
	return summary, steps
}

func altKey(m index.Meta) string { return m.Title + "\x00" + m.Type + "\x00" + m.Section }

// altStepScore is the least share of the question an alternative page's
// passage must hold to be a step. Blind graders named steps from loosely
// related pages the most common flaw ("rm -r" for getcap's recursion);
// from 0.5 to 0.7 the dev sets' answers went from 4.05 to 3.86 steps and
// their mentions from 1056 to 1050 of 1498, the shared set's from 4.29
// to 4.17 steps with mention unchanged (0.883). Higher cuts more steps
// and more mentions: 0.9, 3.60 steps and 1044, and 52 of 60 shared.
const altStepScore = 0.7

// sure is the confidence from which another page close behind is named
// in the Summary, never a step: the first page is then likely the answer
// (about 94 times in 100 on the held-out sets), and another page's step
// one more line to read past. Blind graders named unrelated steps from
// other pages in nearly every answer, and a score of 5 asks for little
// noise; of 25 such steps drawn from confident answers to the dev sets,
// one or two helped ("ls -d" below coreutils' node on ls), the others
// did not ("du --time" for a grep of .py files, "sulogin -t" for bash's
// read with a time-out, "pr -i", spaces into tabs, under expand's tabs
// into spaces). Over the 2,370 dev, style and calibration questions, 1 in
// 6 of the steps went (9,827 to 8,253); mentions went from 1502.9 to
// 1486.0 of 1944 on the dev and style sets, 452 to 447 of 578 on the
// held-out ones, 56 to 55 of 60 on the shared set.
const sure = 0.9

// doubtful is the confidence below which an alternative page's synopsis
// is a step when none of its passages is: a first page wrong about one
// time in three or more. (It was 0.5 when confidence ran low on
// questions no model saw; rescaling it on calib-a, calib-b and
// style-everyday moved that point to 0.69, and the answers kept their
// alternatives.)
const doubtful = 0.69

// altNameShare is the least share of the question an alternative page's
// names and NAME line must hold for its synopsis to be such a step.
const altNameShare = 0.3

// seeAlsoWhat is what a "See also" says another page is about: its NAME
// line; for a manual's node its first sentence, unless that runs long,
// where a node often starts a story ("Normally, dates are interpreted
// using the rules of the current time zone, which ...") that graders
// called noise, and its title says enough. Over all sets 245 of 3,783
// Summaries named a node so; mentions went from 1788.0 to 1787.0 on the
// dev and style sets, unchanged on the others.
func seeAlsoWhat(m index.Meta) string {
	what := strings.TrimSuffix(m.Summary, ".")
	if m.Type == "info" && len(strings.Fields(what)) > seeAlsoWords && !namesProgram().MatchString(what) {
		return ""
	}
	return what
}

// namesProgram is a node's first sentence that starts with what a
// program does, as an invocation node's does: "‘du’ reports the amount
// of file system space used ...", "The ‘tee’ command copies ...".
var namesProgram = lazyre.New(`^(?:The\s+)?[‘'\x60"][\w.+-]+[’'"]`)

// seeAlsoWords: see seeAlsoWhat.
const seeAlsoWords = 20
