package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// usageNear is the least thesaurus weight of a concept's other stems the
// option model is asked with, as the ranking asks the task model.
const usageNear = 0.7

// usageLead is the least usage of a lead option that keeps the lead from
// the command as its synopsis runs it.
const usageLead = 0.5

// belowShare is how much of what the command without options says of the
// question, and an option does not, counts against the option. At 1 the
// usage is the option's score less the plain command's, where a plain
// command that people describe in many words (ls, "list the files of a
// folder") left little to the option that does the rest ("hidden": -a);
// at 0, an option that says one word more than the plain command, and
// lacks the rest, led (xxd's -r, "convert hexdump into binary", for
// "dump a binary file in hexadecimal"). First steps that are what the
// question expects, its option or none (rankeval -steps), over the dev
// and style sets: 1285 at 1 (the difference), 1283 at 0, 1288 at 0.25,
// 1286 at 0.5; held out, 587, 592, 591, 589; calibration 249, 257, 254,
// 253 (with the joins reading it too). With the joins on the difference
// (flagUsage), at 0.25: 1286, 590, 254, mentions 2 more in the dev sets,
// 8 more held out, 5 more in the calibration sets.
const belowShare = 0.25

// usageTerms are the question's concepts as the option model reads them,
// but those a negation governs: the descriptions say what an option does,
// and "list files without sorting them" is not a question about sorting.
func usageTerms(a analyse.Analysis) []tasks.Term {
	return termsBut(a, nil)
}

// termsBut are the question's concepts as the option model reads them,
// but those a negation governs and the words also left out.
func termsBut(a analyse.Analysis, also map[string]bool) []tasks.Term {
	negated := map[string]bool{}
	answer.NegatedWords(windowUnnegated(a.Question), func(w string) { negated[w] = true })
	return tasks.Terms(a, usageNear, func(c analyse.Concept) bool { return negated[c.Word] || also[c.Word] })
}

// usage is, per option item of page d (by its term), how well the option
// model says the option does the question's task: the share of the
// question its best name says beyond what the command without options
// says, term by term (tasks.Model.OptionsBeyond), less belowShare of
// what the plain command says that the option does not, in [0,1].
// Other people's command lines that give an option, and what they say
// those lines do, know which of a page's forty options is the one for
// "delete a folder and everything in it" (rm's -r) when the items' own
// words hardly differ.
//
// Only the first page's options are read so: an alternative's step shows
// how its page does the question, which its own words say better than
// the popularity of its options (chmod's -R, behind chown and chgrp, for
// "change the group of a file").
func (c *composition) usage(id int, d *document.Document) map[string]float64 {
	if id != c.usageOf {
		return nil
	}
	if c.usagesRead {
		return c.usages
	}
	var u, ju map[string]float64
	if scores := c.scoresOf(id, d); len(scores) > 0 {
		u, ju = map[string]float64{}, map[string]float64{}
		// the page's option names, each item's, and all of them, which
		// are no values of a dash slot (see dashUsage)
		type item struct {
			term  string
			names []string
			does  bool // what the question names as done
		}
		var items []item
		own := map[string]bool{}
		for si := range d.Sections {
			for _, b := range d.Sections[si].Blocks {
				if b.Kind == document.Item {
					it := item{b.Term, nil, c.doesState(itemSentence(b.Text))}
					// only an option's item names options of the page's
					// command: a builtin's synopsis ("kill [-s sigspec]
					// ... kill -l") or a test's operand ("string, -n
					// string") names none (bash's -l is no kill -l)
					if optionTerm(b.Term) {
						it.names = optionNames(b.Term)
					}
					for _, n := range it.names {
						own[n] = true
					}
					items = append(items, it)
				}
			}
		}
		beyond := c.beyond
		for _, it := range items {
			v, jv := 0.0, 0.0
			for _, n := range it.names {
				// beyond less the difference is what the plain command
				// says that the option does not
				diff := scores[n] - scores[""]
				jv = max(jv, diff)
				v = max(v, beyond[n]-belowShare*(beyond[n]-diff))
			}
			if slot := dashSlot(it.term); slot != "" {
				if dv, _ := dashUsage(scores, slot, own); dv > 0 {
					jv = max(jv, dv-scores[""])
				}
				if dv, name := dashUsage(beyond, slot, own); name != "" {
					v = max(v, dv)
					if c.dashValues == nil {
						c.dashValues = map[string]string{}
					}
					c.dashValues[it.term] = name
				}
			}
			// an option that does the task no better than the
			// command without options is no better answer; nor one
			// that does what the question names as the state of what
			// is there (doesState)
			if v > 0 && !it.does {
				u[it.term] = v
			}
			if jv > 0 && !it.does {
				ju[it.term] = jv
			}
		}
	}
	c.usages, c.joinUsages, c.usagesRead = u, ju, true
	return u
}

// flagUsage is usage as the options a line joins to its lead read it:
// an option's score less the command's without options
// (tasks.Model.Options). An option said of one word more than the plain
// command is said of, its name one of the question's, joined the lead's
// line (grep's -a, --text, "process a binary file as if it were text",
// beside -v for lines that do not contain "the text 404").
func (c *composition) flagUsage(id int, d *document.Document) map[string]float64 {
	c.usage(id, d)
	if id != c.usageOf {
		return nil
	}
	return c.joinUsages
}

// scoresOf is the option model's scores of the options of page d's
// command for the question (tasks.Model.Options), for the first page
// only (usageOf), asked once.
func (c *composition) scoresOf(id int, d *document.Document) map[string]float64 {
	if id != c.usageOf || c.options == nil || d.Type != "man" {
		return nil
	}
	if !c.scored {
		c.scores, c.beyond = c.options.OptionsBeyond(typedName(d, d.Title), c.usageTerms)
		c.scored = true
	}
	return c.scores
}

// plainUsage and sidePrecision decide when an option is a side option
// (sideOption). Over the dev and style sets (rankeval -steps), first
// steps that are what the question expects, its option or none, went
// from 896 (329 + 567) to 926 (327 + 599) with the rule; plainUsage 0.2
// to 0.6 gave 920-926, and sidePrecision 0.7 the same as none (0.5:
// 920). On the held-out sets: 229 (128 + 101) before, 233 (124 + 109)
// after; mention and hit rates unchanged everywhere. With the option
// model learning our questions (plainBest and all), plainUsage 0.4 gave
// 951, 0.3 952, 0.2 953, 0 954 (held-out 246, 247, 244, 241): at 0.2,
// du's --time, "show time of the last modification", no longer leads
// for disk usage in human-readable units, where people's du lines have
// more options than plain ones (tldr_source.txtar).
const (
	plainUsage    = 0.2
	sidePrecision = 0.7
)

// sideOption says whether option item p of the first page is one that no
// command line of the task data gives while they run the page's command
// without options for the question's task, and whose first sentence
// says little else than the question: an option only the manual knows,
// which the question's words brushed, such as wget's --random-wait
// ("Some web sites may perform log analysis to identify retrieval
// programs...") for "download a file from a web address", is not the
// command line to type.
func (c *composition) sideOption(s *source, p passage) bool {
	if c.options == nil || c.scoresOf(s.hit.Doc, s.doc)[""] < plainUsage {
		return false
	}
	name := typedName(s.doc, s.doc.Title)
	for _, o := range optionNames(p.block.Term) {
		if c.options.Descriptions(name+" "+o) > 0 {
			return false
		}
	}
	first := itemSentence(p.block.Text)
	if c.negative && answer.Negates(first) || sameAs().MatchString(first) {
		// ls's -U, "do not sort", for "list files without sorting
		// them"; cp's -p, "same as --preserve=mode,ownership,timestamps",
		// whose words are another option's value, not a description
		return false
	}
	if slices.Contains(c.seq, "only") && onlyWord().MatchString(first) {
		// A question that narrows the task ("move files only if they
		// are newer") asks for an option that narrows it as the
		// command's purpose never does: mv's -u, "move only when the
		// SOURCE file is newer"; chmod's -c, "report only when a
		// change is made". Its other words are the command's.
		return false
	}
	if c.doesVerb(s, first) {
		// one that does what the question asks, in its verb, where
		// the program does another thing by itself: zip's -m, "Move
		// the specified files into the zip archive", for "move the
		// files into an archive"
		return false
	}
	words, hits := c.q.Precision(first)
	return words > 0 && float64(hits) < sidePrecision*float64(words)
}

// doesVerb says whether an item's first sentence starts with the
// question's verb, which is not the first word of the page's NAME line,
// nor a verb most options say (distinctVerb: du's --time, "show time of
// the last modification", for "show disk usage").
func (c *composition) doesVerb(s *source, first string) bool {
	verb, ok := c.distinctVerb()
	if !ok {
		return false
	}
	w, _, _ := strings.Cut(strings.TrimSpace(first), " ")
	return terms.Stem(strings.ToLower(w)) == verb && verb != nameLead(s.hit.Meta.Summary)
}

// onlyWord is "only" in an item's first sentence.
var onlyWord = lazyre.New(`(?i)\bonly\b`)

// sameAs is an item's first sentence that sends to another option.
var sameAs = lazyre.New(`(?i)^\s*(?:same\s+as|equivalent\s+to|alias\s+for)\s+-`)

// plainFirst and plainBeyond decide when the command without options is
// the first step because people run it so for the task (plainBest): when
// the option model's share of the question for it is plainFirst or more,
// no option chosen scores beyond it, and the best passage holds less
// than plainBeyond of what the NAME line leaves of the question. With
// the option model learning the dev and style questions, over the dev
// and style sets (rankeval -steps, cross-fitted), first steps that are
// what the question expects went from 933 (323 options + 610 none) to
// 946 (320 + 626); plainFirst 0.8 gave 944, 0.6 938. plainBeyond keeps
// date's +%s, "seconds since the Epoch", first for the seconds since
// the epoch (at 0.9 and above, 947, it did not). Held-out sets: 239 ->
// 246.
const (
	plainFirst  = 0.9
	plainBeyond = 0.7
)

// plainBest says whether the option model has people run the page's
// command without options for the question's task (mount's for "mount a
// USB stick"), no chosen passage doing it better, and the best passage
// says little of what the NAME line leaves. Better is scoring above the
// plain command (flagUsage), not saying a word more than it does (usage):
// badblocks's -w, the write-mode test, which destroys what is on the
// disk, led for checking a disk for bad blocks. Over the dev and style
// sets (rankeval -steps), first steps that are what the question expects
// went from 1292 to 1294, the probes 229 to 230, the held-out and
// calibration sets the same.
func (c *composition) plainBest(s *source, chosen []passage) bool {
	if c.scoresOf(s.hit.Doc, s.doc)[""] < plainFirst || chosen[0].beyond >= plainBeyond {
		return false
	}
	u := c.flagUsage(s.hit.Doc, s.doc)
	for _, p := range chosen {
		if u[p.block.Term] > 0 {
			return false
		}
	}
	return true
}

// nextUsed says whether the passage chosen after a side option that
// leads is an option people give for the task (its usage is above
// none), to lead in its place: du's -h, not --time, for the disk usage
// of each folder in human-readable units (tldr_source.txtar). Over the
// dev and style sets, first steps that are what the question expects
// went from 953 to 955; on the held-out sets from 244 to 242.
func (c *composition) nextUsed(s *source, chosen []passage) bool {
	return len(chosen) >= 2 && c.optionItem(s, chosen[1]) && c.usage(s.hit.Doc, s.doc)[chosen[1].block.Term] > 0
}

// knownOf is which of the question's terms (usageTerms) the option model
// has people say of the options of page d's command, for the first page
// only (usageOf), read once.
func (c *composition) knownOf(id int, d *document.Document) []bool {
	if id != c.usageOf || c.options == nil || d.Type != "man" {
		return nil
	}
	if c.known == nil {
		c.known = c.options.Known(typedName(d, d.Title), c.usageTerms)
	}
	return c.known
}

// knownShare is the share of the question's terms knownOf knows. (An
// option's usage weighed by it, as the share of the whole question,
// took the dev sets' first steps from 1165 to 1161 of 1643, and with
// ItemWeights.Usage at 0.75 left them at 1165.)
func (c *composition) knownShare(id int, d *document.Document) float64 {
	k := c.knownOf(id, d)
	if len(k) == 0 {
		return 0
	}
	n := 0
	for _, ok := range k {
		if ok {
			n++
		}
	}
	return float64(n) / float64(len(k))
}

// doesState says whether an item's first sentence does what the
// question names as the state of the things it asks about (statesDone),
// where that state is one things are in, not one an answer puts them in:
// dpkg's -i, "Install the package", for "which installed package holds
// this file", which the option model backs for the word all the same.
// "Sorted", "compressed" or "created" name what the answer is to make
// ("list the files sorted by size": ls's -S, "sort by file size").
func (c *composition) doesState(first string) bool {
	for _, ci := range c.statesDone(first) {
		if existing[c.q.Concepts[ci].Alts[0].Stem] {
			return true
		}
	}
	return false
}

// existing are the stems of states that things are found in: installed
// packages, mounted file systems, loaded modules, logged-in users.
var existing = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"install", "mount", "load", "log", "connect", "attach", "plug", "run", "enable", "activate"} {
		m[terms.Stem(w)] = true
	}
	return m
}()
