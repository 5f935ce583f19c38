package compose

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// plan is the first page's part of an answer as it is planned:
// which of its passages are steps, in which order, and what leads them.
type plan struct {
	s      *source
	ps     []passage // its passages, best first
	chosen []passage // those that are steps, in their order
	// named: the question names the options chosen leads with (see
	// namedOptions)
	named bool
	// known: the option model knows the question's task of the command
	// (usageKnown)
	known bool
	// modelSub is the subcommand the task model chose for the task, ""
	// for none (see modelSubcommandFirst)
	modelSub string
	// other: chosen[0] does the other of the NAME line's two actions,
	// the one the question asks (otherActionFirst)
	other bool
	// shown is how many of chosen are written: fewer where the command
	// as its synopsis (syn) runs it is a step ahead of them (synopsis)
	shown    int
	syn      string
	synopsis synopsisStep
	// lead: chosen[0] is an option, whose step, and whose "Use"
	// sentence where it stands out, is the command line that runs it
	// (line) and what it does (desc); asked: its name is a word the
	// question asks with (see termAsked)
	lead, asked bool
	// kept: the lead stays an option for what the question says, not
	// its score alone: it is asked, backed by the option model, takes
	// the question's value, or negates or leaves out what the question
	// does (see decideLead); the Summary says to use it
	kept       bool
	line, desc string
	// typed, when set, is the command line the question's own values
	// fill, the first step in the synopsis's place: a copy to or from
	// another machine (remoteLead), characters translated (charsLead)
	typed string
	// bundle, when set, is the first step and the "Use" sentence, in
	// lead's place (see leadBundle)
	bundle *optionBundle
	// joined are the chosen passages the lead's line runs too, which
	// are no steps of their own (see withValues)
	joined []int
	// flag, when set, is the option the synopsis's line runs where the
	// synopsis leads (synopsisFlag)
	flag *passage
	// valued are the options, with the question's values, that the
	// synopsis's line runs where it leads (synopsisValues)
	valued []valuedOption
	// also is what the lead's line does that another page documents,
	// with its citation, after the lead's own: the g flag of a stream
	// editor's s command, which its info manual documents (replaceLead)
	also *alsoCited
	// whole: the lead's line is whole as a lead of its own wrote it (a
	// pipeline of the page's command into others, largestLead; du's
	// -sh over each folder, eachFolderLead), which no bundle of the
	// page's options replaces
	whole bool
}

// leadWith makes item p the lead, first of the chosen and shown, as
// command line line that does desc: the line a question's own values
// fill (linesLead, replaceLead, variableLead, charsLead).
func (pl *plan) leadWith(p passage, line, desc string) {
	pl.chosen = slices.Insert(slices.DeleteFunc(slices.Clone(pl.chosen), p.same), 0, p)
	pl.lead, pl.synopsis, pl.line, pl.desc, pl.kept = true, noSynopsis, line, desc, true
	pl.shown = min(max(pl.shown, 1), len(pl.chosen))
}

// runs records that the lead's line runs option item p too: what it
// does joins the lead's description, and it is no step of its own,
// chosen after the steps shown where it was not chosen.
func (pl *plan) runs(p passage) {
	pl.desc = withoutStop(pl.desc) + "; " + itemDoes(p.block.Text)
	if i := slices.IndexFunc(pl.chosen, p.same); i >= 0 {
		if !slices.Contains(pl.joined, i) {
			pl.joined = append(pl.joined, i)
		}
		return
	}
	pl.chosen = slices.Insert(pl.chosen, pl.shown, p)
	pl.joined = append(pl.joined, pl.shown)
	pl.shown++
}

// countAgainstRange says whether the question gives a range and option
// item p takes a number that is none of its ends nor a list of places.
func (c *composition) countAgainstRange(p passage) bool {
	if len(c.ends) == 0 {
		return false
	}
	arg := optionArg(p.term())
	key := slotName(arg)
	return arg != "" && slices.Contains(slotKinds(arg), analyse.ArgNumber) && !rangeSlots[key] && !placeSlots[key]
}

// synopsisStep is whether the command as its synopsis runs it is the
// first step of the first page, and why.
type synopsisStep int

const (
	noSynopsis synopsisStep = iota
	// in the place of the option that was to lead (see decideLead)
	synopsisForOption
	// ahead of the chosen passages, of which it leaves two
	synopsisAhead
)

// firstSteps is how many of the first page's passages are steps, for an
// answer of this confidence: one more where the first page is likely the
// answer, and another page's steps are not given (see sure).
func firstSteps(confidence float64) int {
	if confidence >= sure {
		return 4
	}
	return 3
}

// chooseSteps reads the first page's passages and chooses its steps:
// the options the question names of the program it names come first,
// whatever else they say ("what does grep -v do" is about -v), then its
// best options and examples.
func (c *composition) chooseSteps(s *source, a analyse.Analysis) *plan {
	pl := &plan{s: s, ps: c.passages(s.hit.Doc, s.doc, s.hit.NameCov, s.hit.Entries)}
	if strings.HasPrefix(c.exec, "chmod ") {
		pl.ps = slices.DeleteFunc(pl.ps, modeTests(s))
	}
	shown := map[[2]int]bool{}
	for _, p := range namedOptions(s, a) {
		if len(pl.chosen) < 3 {
			shown[[2]int{p.sec, p.blk}] = true
			pl.chosen = append(pl.chosen, p)
		}
	}
	pl.named = len(pl.chosen) > 0
	// Where the question gives amounts of more than one kind (a size and
	// a time), an option that takes only kinds an option chosen before
	// takes waits behind those that take another: "bigger than 10 MB and
	// modified in the last 2 days" wants find's -size beside -mtime, not
	// -mtime, -ctime and -used, which all count days.
	taken := map[analyse.ArgKind]bool{}
	several := c.amountKindsGiven() > 1
	var waiting []passage
	for _, p := range pl.ps {
		if len(pl.chosen) < c.steps && c.stepWorthy(s, p) && !p.aside && !strings.EqualFold(p.title, "SYNOPSIS") && !shown[[2]int{p.sec, p.blk}] {
			if ks := c.amountKinds(p.term()); several && len(ks) > 0 {
				if !slices.ContainsFunc(ks, func(k analyse.ArgKind) bool { return !taken[k] }) {
					waiting = append(waiting, p)
					continue
				}
				for _, k := range ks {
					taken[k] = true
				}
			}
			pl.chosen = append(pl.chosen, p)
		}
	}
	for _, p := range waiting {
		if len(pl.chosen) < c.steps {
			pl.chosen = append(pl.chosen, p)
		}
	}
	if !pl.named && len(pl.chosen) == c.steps {
		pl.chosen = c.withAskedOption(s, pl.ps, pl.chosen)
	}
	if !pl.named {
		pl.known = c.usageKnown(s, a.Verb)
		pl.chosen = c.usageFirst(s, pl.ps, pl.chosen, pl.known)
		pl.chosen = c.namedUsedFirst(s, pl.ps, pl.chosen, pl.known)
		pl.chosen, pl.other = c.otherActionFirst(s, pl.ps, pl.chosen)
		pl.chosen = c.valueFirst(s, pl.ps, pl.chosen)
		pl.chosen = c.operandOptionAfter(s, pl.chosen)
		pl.chosen = variantAfter(pl.chosen)
		pl.chosen = c.bindingAfter(s, pl.chosen)
		pl.chosen = c.namedValueFirst(s, pl.chosen)
		pl.chosen = c.valueOfLeadFirst(s, pl.chosen)
		if !pl.other {
			// (after operandOptionAfter: dpkg-deb's "-c archive" says
			// what it does)
			pl.chosen, pl.other = c.listingFirst(s, pl.ps, pl.chosen)
		}
		if chosen, ok := c.hiddenFirst(s, pl.chosen); ok {
			pl.chosen, pl.other = chosen, true
		}
		pl.chosen = c.versionFirst(s, pl.ps, pl.chosen)
		pl.chosen = c.askedSubcommandFirst(s, pl.ps, pl.chosen, a.Verb)
		pl.chosen, pl.modelSub = c.modelSubcommandFirst(s, pl.ps, pl.chosen)
		pl.chosen = c.signalFirst(s, pl.ps, pl.chosen)
		pl.chosen = c.negationFirst(s, pl.ps, pl.chosen)
		pl.chosen = c.levelFirst(s, pl.chosen)
		pl.chosen = c.scaleFirst(s, pl.chosen)
		pl.chosen = c.dryRunFirst(s, pl.chosen)
		pl.chosen = selectionBeforeDelete(pl.chosen)
	}
	pl.chosen = c.askedCompressor(s, pl.ps, pl.chosen)
	if !pl.named {
		pl.chosen = c.sortKeyFirst(s, pl.ps, pl.chosen)
	}
	pl.shown = len(pl.chosen)
	return pl
}

// selectionBeforeDelete puts first, before an action that deletes
// (find's -delete), the test chosen after it that says what of the
// question the NAME line does not (find's -empty for "the empty files"):
// the line then selects before it deletes (see withDelete). Led by the
// action alone, "find all empty files and delete them" was `find .
// -delete`, which deletes everything.
func selectionBeforeDelete(chosen []passage) []passage {
	if len(chosen) < 2 || !actionItem(chosen[0]) || !saysDestroys(firstSentence(chosen[0].block.Text)) {
		return chosen
	}
	for _, p := range chosen[1:] {
		if testItem(p) && p.beyond > 0 {
			return putFirst(chosen, p)
		}
	}
	return chosen
}

// askedCompressor makes the steps compress as the files the question
// names are compressed (analyse.Compressions): tar's --zstd is a step
// for a .tar.zst, and its -z, "Filter the archive through gzip(1)", is
// none, in the place the --zstd takes (after the lead, or first where
// the lead compressed otherwise). A question that names no compressed
// file, or a page with no option for its format or for another one,
// keeps its steps.
func (c *composition) askedCompressor(s *source, ps, chosen []passage) []passage {
	own := typedName(s.doc, s.hit.Meta.Title)
	plain := c.compressions[analyse.PlainTar]
	if len(c.compressions) == 0 || !answer.ProgramPage(s.hit.Meta) || c.compressions[own] && !plain || plain && own != analyse.PlainTar {
		// (xz's own page compresses as a .xz is compressed throughout)
		return chosen
	}
	names := func(p passage, asked bool) bool { return c.optionItem(s, p) && c.compresses(p, asked) }
	if !slices.ContainsFunc(ps, func(p passage) bool { return names(p, false) }) {
		// a page that compresses one way only (unzip's, whose options
		// all say ZIP) has no option to choose the format by
		return chosen
	}
	at := 1
	if len(chosen) > 0 && names(chosen[0], false) {
		at = 0
	}
	kept := slices.DeleteFunc(slices.Clone(chosen), func(p passage) bool { return names(p, false) })
	if slices.ContainsFunc(kept, func(p passage) bool { return names(p, true) }) {
		return kept
	}
	for _, p := range ps {
		if !p.aside && c.stepWorthy(s, p) && names(p, true) {
			return slices.Insert(kept, min(at, len(kept)), p)
		}
	}
	if plain && len(kept) > 0 {
		// a plain .tar is compressed by none of them
		return kept
	}
	return chosen
}

// usageFirst puts first the option the option model is sure people give
// for the task (usageSure of the question beyond the command without
// options), where it knows the task's words of the command (known, see
// usageKnown) and the option does nothing the question says to do
// without: dpkg's -l for "list every package installed", uname's -a for
// "all the system information uname knows", whose items' own words
// lose to -L ("List files installed") and -v ("print the kernel
// version"). Over the dev, style and calibration sets (rankeval -steps)
// first steps that are what the question expects went from 1153 to 1163
// of 1642 (mentions 2 fewer: touch's -c, which people write beside -m);
// held out, from 327 to 332 of 568. Over a lead no one gives for the
// task, less will do (usageOverUnused).
func (c *composition) usageFirst(s *source, ps, chosen []passage, known bool) []passage {
	if !known || len(chosen) > 0 && c.negated != nil && c.negatesAsked(itemSentence(chosen[0].block.Text)) {
		// the model reads the question without the words it negates:
		// for "the lines that do not match", grep's -v, "select
		// non-matching lines", keeps the lead over what people give to
		// list lines
		return chosen
	}
	u := c.usage(s.hit.Doc, s.doc)
	sure := usageSure
	if len(chosen) > 0 && c.optionItem(s, chosen[0]) && u[chosen[0].block.Term] == 0 {
		// an option no one gives for the task leads by its words alone:
		// ln's -t, "specify the DIRECTORY in which to create the links",
		// for a shortcut to a file in another folder, where people give
		// -s; one that says something the NAME line does not takes it
		// (not mount's -o, in many a mount line, for a USB stick)
		sure = usageOverUnused
	} else if len(chosen) > 0 && c.optionItem(s, chosen[0]) {
		// nor where people give another option twice as often: ls's
		// -t, "sort by time", for files sorted by modification time,
		// over -c, whose ctime is "time of last modification of file
		// status information". Over every set (rankeval -steps) first
		// steps that are what the question expects went up by 4 (7
		// better, 4 worse), held out by 2.
		sure = min(sure, max(usageOverUnused, 2*u[chosen[0].block.Term]))
	}
	best, bu := c.mostUsed(s, ps, u, sure, func(p passage, v float64) bool { return (v >= usageSure || p.beyond > 0) && !shellTest(s, p) })
	if best < 0 || len(chosen) > 0 && u[chosen[0].block.Term] >= bu {
		return chosen
	}
	if len(chosen) > 0 && builtinSection(chosen[0].title) && !builtinSection(ps[best].title) {
		// a shell's builtin leads over the shell's own options, which
		// people give to run the shell, not for what the builtin
		// does: alias, not bash's -r, for "list all aliases"
		return chosen
	}
	if len(chosen) > 0 && c.optionItem(s, chosen[0]) && c.wholeAsked(chosen[0], false) && !c.wholeAsked(ps[best], false) {
		// a lead whose long name the question says whole keeps its
		// place over one whose name it says a part of: wc's --lines,
		// not --max-line-length, for "show the line count of a file"
		return chosen
	}
	if len(chosen) > 0 && c.optionItem(s, chosen[0]) && c.sameAmount(chosen[0], ps[best]) && c.namedMore(chosen[0], ps[best]) {
		// of two options that take the amount the question gives, the
		// one named for a word of it the other does not say: chage's
		// --warndays, "set the number of days of warning", for "set
		// the password expiry warning to 7 days", not --maxdays, the
		// maximum age, which people give more. (Not find's -ctime,
		// whose "changed" is no name of it, over -mtime for files
		// changed in the last day.)
		return chosen
	}
	if len(chosen) > 0 && variants(itemDoes(chosen[0].block.Text), itemDoes(ps[best].block.Text)) && chosen[0].beyond > ps[best].beyond {
		// of two options that exclude each other, the question's
		// words choose: touch's -a, "change only the access time",
		// for "set the access time of notes.txt", though people give
		// -m more (see askedVariant)
		return chosen
	}
	return putFirst(chosen, ps[best])
}

// sameAmount says whether options a and b both take a kind of amount
// the question gives, and the same kinds.
func (c *composition) sameAmount(a, b passage) bool {
	ka, kb := c.amountKinds(a.term()), c.amountKinds(b.term())
	return len(ka) > 0 && slices.Equal(ka, kb)
}

// namedMore says whether option a's first sentence says a concept of the
// question that b's does not, and a's long name starts with it:
// --warndays, "set the number of days of warning", for "warning".
func (c *composition) namedMore(a, b passage) bool {
	ca, cb := c.coverOf(itemSentence(a.block.Text)), c.coverOf(itemSentence(b.block.Text))
	for ci, con := range c.q.Concepts {
		if ca[ci] < verbSaid || cb[ci] >= verbSaid || len(con.Alts) == 0 || len(con.Alts[0].Stem) < 4 {
			continue
		}
		for _, n := range optionNames(a.block.Term) {
			if long, ok := strings.CutPrefix(n, "--"); ok && strings.HasPrefix(strings.ToLower(long), con.Alts[0].Stem) {
				return true
			}
		}
	}
	return false
}

// namedUsedFirst puts first an option whose long name is the question's
// own words and that the option model is sure people give for the task,
// where the model knows too little of the question to lead by itself
// (usageKnown) and the lead's names are not the question's words:
// objdump's --disassemble, not -M's "Pass target specific information
// to the disassembler", for "disassemble a compiled program".
func (c *composition) namedUsedFirst(s *source, ps, chosen []passage, known bool) []passage {
	if known || len(chosen) == 0 || !c.optionItem(s, chosen[0]) || c.wholeAsked(chosen[0], false) {
		return chosen
	}
	best, _ := c.mostUsed(s, ps, c.usage(s.hit.Doc, s.doc), usageSure, func(p passage, _ float64) bool { return c.wholeAsked(p, false) })
	if best < 0 {
		return chosen
	}
	return putFirst(chosen, ps[best])
}

// usageShown makes a step of the option the option model backs best,
// where it says at least usageStep of the question, no step nor the
// lead's bundle is it, and the steps are the command's options (not
// bash's builtins, nor a page's examples): the second step, one more
// than would be shown. The options a page's words match best are not
// always those people give for the task; ls's -a, "do not ignore
// entries starting with .", says nothing of hidden files. Over the dev,
// style and calibration sets (rankeval -steps) answers that mention an
// expected option went up by 11, down by none; first steps the same.
func (c *composition) usageShown(pl *plan) {
	s := pl.s
	// where the steps are no options (bash's builtins, a page's
	// examples), an option of the command is none of them
	if len(pl.chosen) == 0 || pl.shown == 0 || !c.optionItem(s, pl.chosen[0]) && pl.synopsis == noSynopsis {
		return
	}
	u := c.usage(s.hit.Doc, s.doc)
	// of the passages scored, and the items whose words the question
	// does not say (ls's -a, "do not ignore entries starting with .",
	// for hidden files), the best the model backs
	ps := append(slices.Clip(pl.ps), c.unsaidItems(s, pl.ps, usageStep)...)
	best, _ := c.mostUsed(s, ps, u, usageStep, func(p passage, _ float64) bool {
		return c.optionItem(s, p) && !shellTest(s, p) &&
			// nor gzip's -z for a .tar.zst or a plain .tar
			!c.otherCompressor([]passage{p})
	})
	if best < 0 {
		return
	}
	p := ps[best]
	if slices.ContainsFunc(pl.chosen[:pl.shown], p.same) || pl.bundle != nil && slices.ContainsFunc(pl.bundle.letters, p.same) {
		return
	}
	// pl.joined holds places in chosen: they move with what moves
	chosen := slices.Clone(pl.chosen)
	if i := slices.IndexFunc(chosen, p.same); i >= 0 {
		if slices.Contains(pl.joined, i) {
			return // the lead's line runs it
		}
		chosen = slices.Delete(chosen, i, i+1)
		for k, j := range pl.joined {
			if j > i {
				pl.joined[k] = j - 1
			}
		}
	}
	const at = 1 // after the lead
	pl.chosen = slices.Insert(chosen, at, p)
	for k, j := range pl.joined {
		if j >= at {
			pl.joined[k] = j + 1
		}
	}
	pl.shown++
}

// mostUsed is the place in ps of the item the option model backs most
// (usages u), at least least, that is a step and does nothing the
// question says to do without, and that also says yes to; and its
// usage. -1 where there is none.
func (c *composition) mostUsed(s *source, ps []passage, u map[string]float64, least float64, also func(p passage, usage float64) bool) (int, float64) {
	best, bu := -1, 0.0
	for i, p := range ps {
		if v := u[p.block.Term]; p.block.Kind == document.Item && !p.aside && v >= least && v > bu && c.stepWorthy(s, p) &&
			len(c.doesForbidden(p.block, itemSentence(p.block.Text))) == 0 && also(p, v) {
			best, bu = i, v
		}
	}
	return best, bu
}

// shellTest says whether p is one of a shell's tests ("-a file", "True
// if file exists"), operators of its [[ ]], which the option model reads
// as the shell's options: bash's history led with -a for "the commands I
// typed previously".
func shellTest(s *source, p passage) bool {
	return strings.Contains(strings.ToUpper(chapter(s.doc, p.sec)), "CONDITIONAL")
}

// testLine is the shell's test of item p as a user types it, with the
// question's files for its operand: "[[ -e notes.txt ]]" for bash's "-e
// file", "True if file exists", which runs no command of its own (`bash
// -e file` runs a script named file); "[ ]" where the shell has no [[.
func (c *composition) testLine(s *source, p passage) string {
	cmd := typedName(s.doc, s.hit.Meta.Title)
	words := strings.Fields(optionForm(strings.TrimSpace(p.term())))
	if len(words) == 2 && strings.EqualFold(words[1], "file") {
		// the one file or path the question gives
		var files []string
		for _, op := range c.ops {
			if op.kind == analyse.ArgFile || op.kind == analyse.ArgPath || op.kind == analyse.ArgFolder {
				files = append(files, op.text)
			}
		}
		if len(files) == 1 {
			words[1] = shellQuote(files[0])
		}
	}
	test := strings.Join(words, " ")
	if cmd == "bash" || cmd == "zsh" || cmd == "ksh" {
		return "[[ " + test + " ]]"
	}
	return "[ " + test + " ]"
}

// usageStep: see usageShown. At 0.4 it made 8 answers mention an
// expected option; at 0.3, 11.
const usageStep = 0.3

// otherActionFirst puts first an option that does what the question
// asks where the page's NAME line says the program does one of two
// things, the question asks the second, and the command without options
// does the first: xz's -d, "Decompress.", for "decompress a .xz file",
// where xz's NAME line is "Compress or decompress .xz and .lzma files"
// and `xz file` compresses it. It keeps the lead, as an option the
// question asks for does (decideLead). Over the dev, style and
// calibration sets (rankeval -steps) first steps that are what the
// question expects went from 1165 to 1168 of 1643, held out from 334 to
// 336 of 570.
func (c *composition) otherActionFirst(s *source, ps, chosen []passage) ([]passage, bool) {
	if !answer.ProgramPage(s.hit.Meta) {
		return chosen, false
	}
	m := twoActions().FindStringSubmatch(strings.ToLower(s.hit.Meta.Summary))
	if m == nil {
		return chosen, false
	}
	first, second := terms.Stem(m[1]), terms.Stem(m[2])
	if first == second || c.asksWord(first) || !c.asksAction(second) {
		return chosen, false
	}
	// a word of the question's own says it anywhere in an option's
	// sentence; a word it reads as nearly the same only in its name
	// (tr's --delete for "remove"), as blkid's -D, "Don't print
	// information from partition table", is no way to "show" anything
	own := c.asksWord(second)
	// an option named for the action (xz's --decompress) does it, where
	// others only say it among what they do ("Decompress only the first
	// .xz stream", --memlimit-decompress); one that says it does either
	// ("the file format to compress or decompress") is no answer to which
	does := func(p passage, inName bool) bool {
		if !c.optionItem(s, p) || p.aside || !c.stepWorthy(s, p) {
			return false
		}
		if inName && !slices.ContainsFunc(optionNames(p.block.Term), func(o string) bool {
			return terms.Stem(strings.TrimLeft(o, "-")) == second
		}) {
			return false
		}
		// named for it, it may still say the other: tr's --delete,
		// "delete characters in ARRAY1, do not translate"
		holds := stemsOf(itemSentence(p.block.Text))
		return inName || holds[second] && !holds[first]
	}
	for _, inName := range []bool{true, false} {
		if !inName && !own {
			break
		}
		if len(chosen) > 0 && does(chosen[0], inName) {
			return chosen, true
		}
		for _, p := range ps {
			if does(p, inName) {
				return putFirst(chosen, p), true
			}
		}
	}
	return chosen, false
}

// listingFirst puts first an archiver's option that lists what an
// archive holds, for a question that only looks: tar's -t, "list the
// contents of an archive", for "list the files in x.tar.gz", and
// unzip's -l, "list archive files", for "show what is inside
// backup.zip". Without it the archiver creates or extracts: tar's
// -czf, the bundle people type most with a .tar.gz; unzip, which its
// NAME line says lists, tests and extracts, extracts.
func (c *composition) listingFirst(s *source, ps, chosen []passage) ([]passage, bool) {
	if !c.howto || !c.looksOnly() || !answer.ProgramPage(s.hit.Meta) || !stemsOf(s.hit.Meta.Summary)[archiveStem] {
		return chosen, false
	}
	lists := func(p passage) bool {
		return c.optionItem(s, p) && !p.aside && c.stepWorthy(s, p) && firstWordIn(itemDoes(p.block.Text), "list", "lists")
	}
	if len(chosen) > 0 && lists(chosen[0]) {
		return chosen, true
	}
	// the one people give most for the task (unzip's -l, "list archive
	// files (short format)", before -v, "list archive files (verbose
	// format) or show diagnostic version info"), or the best scored
	u := c.usage(s.hit.Doc, s.doc)
	best := -1
	for i, p := range ps {
		if lists(p) && (best < 0 || u[p.block.Term] > u[ps[best].block.Term]) {
			best = i
		}
	}
	if best < 0 {
		return chosen, false
	}
	return putFirst(chosen, ps[best]), true
}

var archiveStem = terms.Stem("archive")

// unaskedSecond says whether option item p is named for the second of
// two things the page's NAME line says its program does ("compute and
// check", "encode/decode"), where the question asks neither.
func (c *composition) unaskedSecond(s *source, p passage) bool {
	if !answer.ProgramPage(s.hit.Meta) || !c.optionItem(s, p) {
		return false
	}
	m := bothActions().FindStringSubmatch(strings.ToLower(s.hit.Meta.Summary))
	if m == nil {
		return false
	}
	first, second := terms.Stem(m[1]), terms.Stem(m[2])
	// (asked in any word the thesaurus relates: "verify" is a check)
	if first == second || c.asksAction(first) || c.saysStem(second) {
		return false
	}
	return slices.ContainsFunc(optionNames(p.block.Term), func(o string) bool {
		return terms.Stem(strings.TrimLeft(o, "-")) == second
	})
}

// bothActions is a NAME line that starts with two verbs joined: "compute
// and check", "encode/decode", "compress or decompress".
var bothActions = lazyre.New(`^([a-z]+)\s*(?:\bor\b|\band\b|/)\s*([a-z]+)\b`)

// twoActions is a NAME line that starts with two verbs, joined by "or"
// or a slash: "compress or decompress", "encode/decode", "print or set";
// bothActions without "and".
var twoActions = lazyre.New(`^([a-z]+)\s*(?:\bor\b|/)\s*([a-z]+)\b`)

// usageSure: see usageFirst. At 0.3 the option model's first option
// was the one expected in 77 more of the dev sets' first steps than
// today, and in 54 fewer; at 0.8, 23 and 8.
const usageSure = 0.8

// usageOverUnused: see usageFirst. Over the dev, style and calibration
// sets (rankeval -steps) first steps that are what the question expects
// went from 1169 to 1173 at 0.5 and 0.7, 1174 at 0.55 to 0.65; held out,
// 338 to 339 of 570.
const usageOverUnused = 0.6

// usageKnown says whether the option model knows of the first page's
// command most of the question's terms, the verb among them (see
// tasks.Model.Known): "clear the ARP cache" asks what people never say
// they do with arp, though arp -a's "arp cache" is all they say.
func (c *composition) usageKnown(s *source, verb string) bool {
	known := c.knownOf(s.hit.Doc, s.doc)
	if len(known) == 0 {
		return false
	}
	for i, t := range c.usageTerms {
		if !known[i] && verb != "" && t.Stems[0] == terms.Stem(verb) {
			return false
		}
	}
	return c.knownShare(s.hit.Doc, s.doc) >= knownLeast
}

// knownLeast: see usageKnown.
const knownLeast = 0.5

// askedSubcommandFirst puts first, where a subcommand leads, one whose
// name is all words of the question and that scores nearly as much, when
// the leading one's name holds it among other words or its name is the
// question's verb: systemctl's "restart PATTERN..." for "restart the
// service nginx", not "try-restart PATTERN..." (which restarts only what
// runs already), and not "reboot" ("Shut down and reboot the system")
// for "how do I restart a service"; "edit UNIT..." for "edit a systemd
// unit", not "link PATH...". A name the question says only in passing
// ("list" of "refresh the list of packages") does not move.
func (c *composition) askedSubcommandFirst(s *source, ps, chosen []passage, verb string) []passage {
	if len(chosen) > 0 && verb != "" && !listedVerb(chosen[0], verb) && !(c.subcommandItem(s, chosen[0]) && c.subcommandAsked(chosen[0])) {
		// or a list of them that holds the question's verb, whatever
		// leads: apt's "install, reinstall, remove, purge" for "remove
		// the package less", not "autoremove (apt-get(8))", which its
		// synopsis does not list
		for _, p := range ps {
			if p.score < subcommandShare*chosen[0].score {
				break
			}
			if !p.aside && c.subcommandItem(s, p) && listedVerb(p, verb) {
				return putFirst(chosen, p)
			}
		}
	}
	if len(chosen) == 0 || !c.subcommandItem(s, chosen[0]) || c.subcommandAsked(chosen[0]) {
		return chosen
	}
	for _, p := range ps {
		if p.score < subcommandShare*chosen[0].score {
			break
		}
		if !p.aside && c.subcommandItem(s, p) && c.subcommandAsked(p) && (slices.Contains(nameParts(chosen[0]), subcommandName(p)) || verb != "" && terms.Stem(nameParts(p)[0]) == terms.Stem(verb)) {
			return putFirst(chosen, p)
		}
	}
	return chosen
}

// modelSubcommandFirst puts first the subcommand item the task model
// says people use for the question's task (tasks.Model.Subcommands),
// where it says so by subcommandMargin over every other subcommand the
// page documents, and the steps lead with another subcommand whose name
// the question does not say, or with an option of a page that runs
// subcommands (its synopsis has a COMMAND): systemctl's "disable" for
// "stop the service apache2 now and keep it from starting at boot",
// where the items' own words put "--wait" first, and "status" for "show
// the status of the ssh service", where "list-units" led.
func (c *composition) modelSubcommandFirst(s *source, ps, chosen []passage) ([]passage, string) {
	if len(chosen) == 0 || c.tasks == nil || !answer.ProgramPage(s.hit.Meta) || chosen[0].block.Kind != document.Item || examples(chosen[0].title) {
		return chosen, ""
	}
	typed := typedName(s.doc, s.hit.Meta.Title)
	scores := c.tasks.Subcommands(typed, c.usageTerms)
	if len(scores) == 0 {
		return chosen, ""
	}
	switch {
	case c.subcommandItem(s, chosen[0]):
		// one the question names, or one the model knows nothing of
		// (apt's "update", which people write of apt-get), keeps its
		// place
		if c.subcommandAsked(chosen[0]) || c.listedAsked(chosen[0]) || !c.tasks.Has(typed+"-"+subcommandName(chosen[0])) {
			return chosen, ""
		}
	case !runsCommand().MatchString(document.PlainForm(s.doc)) || c.usage(s.hit.Doc, s.doc)[chosen[0].block.Term] >= usageLead || c.optionAsked(chosen[0]):
		// an option leads a page that runs no subcommands, or one
		// people give for the task, or one the question names
		// ("--failed" for "list everything that failed")
		return chosen, ""
	}
	// each subcommand's best item, and its score, best first
	type scored struct {
		name string
		v    float64
		at   int
	}
	var subs []scored
	seen := map[string]bool{}
	for i, p := range ps {
		if p.aside || !c.subcommandItem(s, p) || !c.stepWorthy(s, p) {
			continue
		}
		if name := subcommandName(p); !seen[name] {
			seen[name] = true
			subs = append(subs, scored{name, subcommandScore(scores, p), i})
		}
	}
	slices.SortStableFunc(subs, func(a, b scored) int { return cmp.Compare(b.v, a.v) })
	subs = append(subs, scored{}, scored{}) // none second or third
	// Opposites ("enable" and "disable", "mask" and "unmask") are said
	// in the same words, "start at boot": the question's negation
	// chooses between them, and the next subcommand is the one to beat.
	if opposites(subs[0].name, subs[1].name) {
		if negativeForm(subs[0].name) != c.negative {
			subs[0], subs[1] = subs[1], subs[0]
		}
		subs = slices.Delete(subs, 1, 2)
	}
	if subs[0].v <= 0 || subs[0].v < subcommandMargin*subs[1].v {
		return chosen, ""
	}
	return putFirst(chosen, ps[subs[0].at]), subs[0].name
}

// opposites says whether two subcommands undo each other by their
// names: "enable" and "disable", "mask" and "unmask".
func opposites(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if negativeForm(a) {
		a, b = b, a
	}
	return negativeForm(b) && !negativeForm(a) && (b == "un"+a || b == "dis"+a || strings.HasPrefix(a, "en") && b == "dis"+a[2:])
}

// negativeForm says whether a subcommand's name undoes another's:
// "unmask", "disable".
func negativeForm(name string) bool {
	return strings.HasPrefix(name, "un") || strings.HasPrefix(name, "dis")
}

// optionAsked says whether every word of an option item's long name is
// one the question asks with: "--failed" for "list the units that
// failed", not "--boot-loader-menu" for "start at boot".
func (c *composition) optionAsked(p passage) bool {
	for _, name := range optionNames(p.block.Term) {
		long, ok := strings.CutPrefix(name, "--")
		if !ok {
			continue
		}
		if !slices.ContainsFunc(strings.Split(long, "-"), func(w string) bool { return len(w) < 2 || !c.asksWord(terms.Stem(w)) }) {
			return true
		}
	}
	return false
}

// runsCommand is a synopsis whose first operand is the subcommand:
// systemctl's "systemctl [OPTIONS...] COMMAND [UNIT...]", not ip's "ip
// [ OPTIONS ] OBJECT { COMMAND | help }", whose objects' pages hold
// what the question asks of them.
var runsCommand = lazyre.New(`^\S+(?:\s+\[[^]]*\](?:\.\.\.)?)*\s+COMMAND\b`)

// listedAsked says whether an item documents a list of subcommands one
// of which the question asks with: apt's "install, reinstall, remove,
// purge" for "purge a package".
func (c *composition) listedAsked(p passage) bool {
	forms := strings.Split(subcommandTerm(p.block.Term), ", ")
	return subcommandList(forms) && slices.ContainsFunc(forms, func(f string) bool { return c.asksSubcommand(strings.ToLower(f)) })
}

// subcommandScore is the task model's score of a subcommand item: of its
// name, or the best of the names of a list of them ("install, reinstall,
// remove, purge").
func subcommandScore(scores map[string]float64, p passage) float64 {
	forms := strings.Split(subcommandTerm(p.block.Term), ", ")
	if !subcommandList(forms) {
		return scores[subcommandName(p)]
	}
	v := 0.0
	for _, f := range forms {
		v = max(v, scores[strings.ToLower(f)])
	}
	return v
}

// subcommandMargin is how far ahead of every other subcommand of the
// page the task model must put one for modelSubcommandFirst to lead
// with it.
var subcommandMargin = 1.2

// subcommandShare is how close to the first a subcommand the question
// names whole must score to lead in its place.
const subcommandShare = 0.8

// subcommandAsked says whether every part of a subcommand item's name is
// a word the question asks with: "restart", not "try-restart", for
// "restart the service nginx".
func (c *composition) subcommandAsked(p passage) bool {
	parts := nameParts(p)
	for _, part := range parts {
		if len(part) < 2 || !c.asksWord(terms.Stem(part)) {
			return false
		}
	}
	return len(parts) > 0
}

// subcommandName is a subcommand item's name, lower case: "try-restart"
// of "try-restart PATTERN...".
func subcommandName(p passage) string {
	f := strings.Fields(p.block.Term)
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(strings.TrimRight(f[0], ","))
}

// nameParts are the words of a subcommand item's name: "try", "restart".
func nameParts(p passage) []string {
	if n := subcommandName(p); n != "" {
		return strings.Split(n, "-")
	}
	return nil
}

// variantAfter puts an option that is another option but for a case
// ("The same as -type unless the file is a symbolic link": find's
// -xtype) behind that option, where both are chosen: the words of the
// case are what the question matched, and the option it names is the
// one that does the question ("find the symbolic links in /usr/bin" is
// find's -type l; -xtype l finds the broken ones).
func variantAfter(chosen []passage) []passage {
	if len(chosen) < 2 || chosen[0].block.Kind != document.Item {
		return chosen
	}
	m := variantOf().FindStringSubmatch(itemSentence(chosen[0].block.Text))
	if m == nil {
		return chosen
	}
	for i, p := range chosen[1:] {
		if p.block.Kind == document.Item && slices.Contains(optionNames(p.block.Term), m[1]) {
			return toFront(chosen, i+1)
		}
	}
	return chosen
}

// bindingAfter puts a key binding of a line editor that leads
// (bash's "display-shell-version (C-x C-v)", readline's) behind an
// option of the command chosen after it that says as much of the
// question beyond the NAME line: "print the bash version" is bash
// --version, typed, not a key pressed at a prompt. Not where the
// question asks for a key (keyAsked): "clear the screen with a
// keyboard shortcut" is readline's clear-screen (C-l).
func (c *composition) bindingAfter(s *source, chosen []passage) []passage {
	if len(chosen) < 2 || !keyBinding().MatchString(chosen[0].block.Term) || keyAsked().MatchString(c.text) {
		return chosen
	}
	for i, p := range chosen[1:] {
		if c.optionItem(s, p) && p.beyond >= chosen[0].beyond {
			return toFront(chosen, i+1)
		}
	}
	return chosen
}

// namedValueFirst puts first the value item the question names, where
// a value item it does not name leads: cksum's "sha256 (equivalent to
// sha256sum)" for "compute a SHA256 checksum", `cksum -a sha256`, not
// "crc (equivalent to cksum)", which matched the checksum every value
// of -a computes.
func (c *composition) namedValueFirst(s *source, chosen []passage) []passage {
	if len(chosen) < 2 || valueOf(s.doc, chosen[0].sec, chosen[0].blk) == "" || c.saysWord(valueName(chosen[0].block.Term)) {
		return chosen
	}
	for i, p := range chosen[1:] {
		if valueOf(s.doc, p.sec, p.blk) != "" && c.saysWord(valueName(p.block.Term)) {
			return toFront(chosen, i+1)
		}
	}
	return chosen
}

// valueOfLeadFirst puts first a format placeholder of the leading option
// chosen after it: stat's "%G group name of owner" before "-c --format=FORMAT", which
// the option model is sure people give for "show the group of the file
// data.db", so that the first step is `stat -c %G data.db`, not `stat -c
// FORMAT data.db`.
func (c *composition) valueOfLeadFirst(s *source, chosen []passage) []passage {
	if len(chosen) < 2 || !c.optionItem(s, chosen[0]) {
		return chosen
	}
	names := optionNames(chosen[0].block.Term)
	for i, p := range chosen[1:min(3, len(chosen))] {
		if !strings.HasPrefix(valueName(p.block.Term), "%") {
			// a format's placeholder only: cut's ranges ("N-") and
			// cp's backup methods are no answer the option leaves
			// open
			continue
		}
		v, _, _ := strings.Cut(valueOf(s.doc, p.sec, p.blk), " ")
		v, _, _ = strings.Cut(v, "=")
		if v != "" && slices.Contains(names, v) {
			return toFront(chosen, i+1)
		}
	}
	return chosen
}

// saysWord says whether the question has w as one of its words, in any
// case.
func (c *composition) saysWord(w string) bool {
	return w != "" && slices.ContainsFunc(c.seq, func(x string) bool { return strings.EqualFold(x, w) })
}

// keyAsked is a question that asks for a key to press.
var keyAsked = lazyre.New(`(?i)\b(?:keys?|keyboard|shortcuts?|hotkeys?|keystrokes?|press|pressing|ctrl|control-|alt|meta|bindings?|bound)\b`)

// variantOf is an option's text that says it is another option (group
// 1) but for a case.
var variantOf = lazyre.New(`(?i)^(?:the\s+)?same\s+as\s+(-[\w-]+)\s+(?:unless|except)\b`)

// operandOptionAfter puts an option that only names the file the
// command works on (tar's -f ARCHIVE, "Use archive file or device
// ARCHIVE"), which nearly every command line gives and which says
// nothing of what it does, behind the next option chosen, which then
// leads, with it as its companion: "compare an archive with the files on
// disk" is tar's -d, typed "tar -df ARCHIVE". Unless the question gives
// that file and no option else takes a value it gives.
func (c *composition) operandOptionAfter(s *source, chosen []passage) []passage {
	if len(chosen) < 2 || !c.optionItem(s, chosen[0]) || !c.optionItem(s, chosen[1]) || !fileOption(chosen[0].block.Term) || fileOption(chosen[1].block.Term) ||
		c.takesArg(chosen[0].term()) && !c.takesArg(chosen[1].term()) {
		return chosen
	}
	if _, sub := c.optionCommand(s, chosen[1]); sub {
		return chosen
	}
	return toFront(chosen, 1)
}

// fileOption says whether an option's argument is the file the command
// works on: tar's "-f ARCHIVE", "-f, --file=ARCHIVE".
func fileOption(term string) bool {
	f := strings.Fields(strings.ToLower(optionArg(term)))
	return len(f) == 1 && strings.Contains(f[0], "archive")
}

// decideLead decides whether the first page's steps lead with the best
// option, as the command line that runs it, or with the command as its
// synopsis runs it.
func (c *composition) decideLead(pl *plan) {
	s := pl.s
	pl.lead = len(pl.chosen) > 0 && c.optionItem(s, pl.chosen[0])
	// An option only the page knows of, where people run the command
	// without options for the task (see sideOption), does not lead: the
	// next option people give for it does (nextUsed), or the synopsis.
	// Nor does one that takes the unit or level the question gives
	// (scaleFirst, levelFirst): people rarely write df's --block-size,
	// but "in gigabytes" is its G. Nor one that leaves out what the
	// question leaves out (withholds): grep's --no-filename, for "leave
	// the file names out", not -H, which people give more.
	side := pl.lead && !pl.other && c.sideOption(s, pl.chosen[0]) && c.scaleOption(pl.chosen[0]) == "" && c.levelOption(pl.chosen[0]) == "" && !c.withholds(pl.chosen[0]) &&
		// nor one that takes the files the question keeps its result in
		// or leaves out (fileValueLeads): du's --exclude
		!c.fileValueLeads(s, pl.chosen[0])
	if side && !pl.named && c.nextUsed(s, pl.chosen) {
		// one the option model scores is no side option
		pl.chosen, side = toFront(pl.chosen, 1), false
	}
	// An option that sets or changes what a question only looks at does
	// not lead where one shown after it shows it: chage's -l ("Show
	// account aging information"), not -I ("Set the number of days of
	// inactivity ..."), for "see when a user's password expires". (Where
	// none shows, the synopsis is no better: gpasswd's sets the group's
	// password.)
	if pl.lead && !pl.named && c.howto && c.looksOnly() && setsFirst(itemDoes(pl.chosen[0].block.Text)) {
		if i := slices.IndexFunc(pl.chosen[:min(pl.shown, len(pl.chosen))], func(p passage) bool {
			return c.optionItem(s, p) && showsFirst(itemDoes(p.block.Text))
		}); i > 0 {
			pl.chosen = toFront(pl.chosen, i)
		}
	}
	pl.syn = document.PlainForm(s.doc)
	if !pl.named {
		if line, rec, ok := c.remoteCopy(s, pl.ps); ok {
			c.remoteLead(pl, line, rec)
			return
		}
		if line, opt, ok := c.charsLine(s); ok && c.charsLead(pl, line, opt) {
			return
		}
		if c.linesLead(s, pl) || c.replaceLead(s, pl) || c.renameLead(s, pl) || c.variableLead(s, pl) || c.countFilesLead(s, pl) || c.largestLead(s, pl) || c.newestLead(s, pl) || c.topProcessLead(s, pl) || c.ddLead(s, pl) || c.eachFolderLead(s, pl) || c.occurrencesLead(s, pl) || c.writtenLead(s, pl) || c.calcLead(s, pl) || c.emptiedLead(s, pl) || c.bySizeLead(s, pl) || c.longLinesLead(s, pl) || c.accountsLead(s, pl) || c.manualLead(s, pl) {
			return
		}
	}
	// the best passage says little of what the NAME line leaves, and
	// not much of the question either
	vague := len(pl.chosen) > 0 && (pl.chosen[0].beyond < basicBeyond && pl.chosen[0].score < vagueScore ||
		// or says it only after what the option does: mount's -l, "Add
		// the labels in the mount output", then a sentence of the disk
		// device, for "mount a disk"
		pl.chosen[0].does < offPoint ||
		// or takes a number of its own where the question gives a
		// range, whose ends it cannot take: "-l N", a line-wrap length,
		// for "lines 10 to 20"
		c.countAgainstRange(pl.chosen[0]))
	// or the NAME line says nearly all of it
	nameSays := beyondName(c.q, s.hit.NameCov) < basicRest
	// An option named by a word of the question keeps the lead, unless
	// the NAME line says the question and the option's name says more:
	// env's --ignore-environment for "run a program with a modified
	// environment", which env's NAME line says word for word.
	pl.asked = pl.lead && c.termAsked(s, pl.chosen[0]) && (!nameSays || c.wholeAsked(pl.chosen[0], true))
	// So does one that negates what the question negates: grep's -v,
	// "select non-matching lines", for "the lines that do not contain
	// draft", which no bundle people type for lines with a word has.
	negates := pl.lead && (c.negated != nil && c.negatesAsked(itemSentence(pl.chosen[0].block.Text)) ||
		// or keeps the lines a question that removes lines keeps:
		// grep's -v for "drop every line with TODO"
		c.removesLines && selectsUnmatched().MatchString(itemSentence(pl.chosen[0].block.Text)) ||
		// or leaves out what the question wants left out: lsblk's -n,
		// "Do not print a header line", though people run lsblk
		// without options to list block devices (plainBest)
		c.withholds(pl.chosen[0]))
	// A long name the question says only a part of ("lines" of sed's
	// --line-length, "specify the desired line-wrap length", for "print
	// lines 10 to 20") does not, unless the option takes a value the
	// question gives, or the option model has people give it for the
	// task (usage).
	if pl.asked && !versionItem(pl.chosen[0]) && !c.wholeAsked(pl.chosen[0], true) && !c.takesArg(pl.chosen[0].term()) && c.usage(s.hit.Doc, s.doc)[pl.chosen[0].block.Term] == 0 {
		pl.asked = false
	}
	pl.asked = pl.asked || negates
	// An option the option model backs keeps the lead too: people run
	// the command so for the task (mkdir's -p for nested folders); unless
	// it leaves a value the question never gave where the synopsis
	// takes the question's own (fillsBetter).
	// Not one that says nothing of what the NAME line leaves of the
	// question, though: mount's -o for "mount a usb stick", which people
	// write in many a mount line, but the stick wants none.
	// Unless the model is sure of it (usageFirst): ls's -t for "sort
	// files by modification time", which ls's NAME line and -t's words
	// hardly say.
	backed := false
	if pl.lead {
		used := c.usage(s.hit.Doc, s.doc)[pl.chosen[0].block.Term]
		backed = used >= usageLead && (pl.chosen[0].beyond > 0 || used >= usageSure && pl.known)
	}
	// And one that takes the count, size or time the question gives, or
	// the signal it names (signalTaken):
	// "wrap lines at 72 characters" is fold -w 72, though fold's NAME
	// line says the rest (see amountLeads).
	amount := pl.lead && (c.amountLeads(pl.chosen[0], pl.syn) || c.levelOption(pl.chosen[0]) != "" || c.scaleOption(pl.chosen[0]) != "" || c.dryRun && dryRunItem(pl.chosen[0]) || c.fileValueLeads(s, pl.chosen[0]) || pl.other || c.signalTaken(pl.chosen[0]) || c.nameLeads(s, pl.chosen[0]) || c.parentsLeads(s, pl.chosen[0]) || c.portLeads(s, pl.chosen[0]))
	// Nor any option, where people run the command without options for
	// the task, and no option chosen does it better (see plainBest).
	plainBest := len(pl.chosen) > 0 && c.plainBest(s, pl.chosen)
	// Nor one named for the second of two things the NAME line says the
	// program does, where the question asks neither: sha256sum's
	// --check, "read checksums from the FILEs and check them", for "show
	// the checksum of ubuntu.iso", which the command computes without
	// options (the mirror of otherActionFirst).
	second := pl.lead && c.unaskedSecond(s, pl.chosen[0])
	switch {
	case pl.lead && !pl.named && pl.syn != "" && (!pl.asked && !backed && !amount && (pl.chosen[0].score < basicScore || nameSays || vague || side || plainBest || second) || c.fillsBetter(s, pl.chosen[0], pl.syn)),
		// or writes a form of its own where the question shows one (a
		// conversion of date's format is no option, but leads as one)
		!pl.named && pl.syn != "" && len(pl.chosen) > 0 && c.formatOverrides(pl.chosen[0]):
		// The page's NAME line says most of the question ("list the
		// environment", "compute a file's MD5 sum"), or no option comes
		// close, or the synopsis takes the question's operands better:
		// the command as the synopsis runs it is the answer, and the
		// best options follow.
		pl.synopsis, pl.lead = synopsisForOption, false
		c.synopsisFlag(s, pl)
		c.synopsisValues(s, pl)
	case pl.lead:
		// The first step runs the command with the option, as the
		// synopsis writes the command: what one types.
		pl.kept = pl.asked || backed || amount
		pl.line, pl.desc = c.invocationOf(s, pl.chosen[0])
		c.withValues(s, pl)
		c.withBounds(s, pl)
		c.withName(s, pl)
		c.withDelete(s, pl)
		c.withExec(s, pl)
		c.withAction(s, pl)
		c.withNeeded(s, pl)
		c.withReversed(s, pl)
		c.withDestination(s, pl)
		c.withForward(s, pl)
		c.withFlag(s, pl)
		c.withDate(s, pl)
		if cmd, sub := c.optionCommand(s, pl.chosen[0]); !sub {
			var does, lead string
			if pl.line, does, lead = c.withRecursive(s, cmd, pl.line); does != "" {
				if lead != "" && !strings.HasPrefix(pl.desc, "-") {
					// the lead's letter, run together with -r, says
					// what it does as a bundle's letters do
					pl.desc = lead + ": " + lowerFirst(pl.desc)
				}
				pl.desc = withoutStop(pl.desc) + "; " + does
			}
		}
		if line, ok := c.portLine(s, pl.chosen[0], joinedOptions(pl)); ok {
			pl.line = line
		}
		pl.line = c.sendOut(s, s.runnable(c.chosenAlternative(pl.line, pl.chosen[0].block.Term)))
		if stdoutSaid().MatchString(itemDoes(pl.chosen[0].block.Text)) {
			pl.line = c.namedOut(pl.line)
		}
		if line, added, ok := c.includeGlob(s, pl.line); ok {
			pl.line = line
			for _, p := range added {
				if !p.same(pl.chosen[0]) {
					pl.runs(p)
				}
			}
		}
		if shellTest(s, pl.chosen[0]) {
			pl.line = c.testLine(s, pl.chosen[0])
		}
	case !pl.lead && !pl.named && pl.syn != "" && c.othersValues(s, pl):
		// An example that runs the command on other values than the
		// question's, where the synopsis takes the question's: "kill
		// the process with pid 4242" is `kill 4242`, not kill(1)'s
		// `kill 123 543 2341 3453`, which the user would have to
		// rewrite; the example follows.
		pl.synopsis, pl.shown = synopsisAhead, min(len(pl.chosen), 2)
	case pl.syn != "" && (len(pl.chosen) < 3 || !pl.named && (vague || nameSays || plainBest)) && !c.subcommandFirst(s, pl):
		// and before an example that shows the command doing something
		// else than the question adds to its NAME line: mount's shared
		// subtrees for "mount a USB stick"
		pl.synopsis, pl.shown = synopsisAhead, min(len(pl.chosen), 2)
		c.synopsisValues(s, pl)
	case pl.syn != "" && !pl.named && c.proseFirst(s, pl) && !c.subcommandFirst(s, pl):
		// the passages keep their places after it, since the question
		// and the page were read as close
		pl.synopsis = synopsisAhead
		c.synopsisValues(s, pl)
	}
}

// looksOnly says whether the question asks to look at something and
// not to change it: its verb is one of looking (show, see, list, ...),
// and no word of acting follows.
func (c *composition) looksOnly() bool {
	if c.verb < 0 || c.verb >= len(c.q.Concepts) || !lookingWords[c.q.Concepts[c.verb].Word] {
		return false
	}
	return !slices.ContainsFunc(c.seq, func(w string) bool { return actingWords[strings.ToLower(w)] })
}

var (
	lookingWords = map[string]bool{"show": true, "shows": true, "see": true, "list": true, "lists": true, "display": true, "displays": true,
		"print": true, "prints": true, "view": true, "check": true, "tell": true, "tells": true, "know": true, "when": true, "which": true}
	actingWords = map[string]bool{"set": true, "sets": true, "change": true, "changes": true, "modify": true, "make": true, "add": true,
		"remove": true, "delete": true, "create": true, "give": true, "force": true, "assign": true, "lock": true, "reset": true,
		"update": true, "switch": true, "switches": true, "enable": true, "disable": true, "lower": true, "raise": true, "increase": true,
		"reduce": true, "limit": true, "restrict": true, "restricted": true, "pin": true, "pins": true, "run": true, "runs": true, "start": true,
		"stop": true, "kill": true, "let": true, "allow": true, "turn": true, "put": true, "move": true, "copy": true, "rename": true,
		"install": true, "configure": true, "edit": true, "write": true, "replace": true, "compress": true, "lets": true}
)

// proseFirst says whether the best passage of a how-to question's page
// runs nothing: a sentence or a list item that is no option's ("The
// operation mode is set to compress and the file already has a suffix"
// of xz's list of files it skips), which tells the user nothing to type
// where the synopsis would.
func (c *composition) proseFirst(s *source, pl *plan) bool {
	return c.howto && answer.ProgramPage(s.hit.Meta) && len(pl.chosen) > 0 && stepCommand(c.step(s, pl.chosen[0])) == ""
}

// chosenSteps writes the first page's chosen passages as steps, as many
// as are shown, the lead as the command line that runs its option, but
// those the bundle covers; and what each one's step says without its
// citation (said), shown or not.
func (c *composition) chosenSteps(pl *plan) (steps []string, said map[string]bool) {
	s := pl.s
	said = map[string]bool{}
	for i, p := range pl.chosen {
		st := c.step(s, p)
		cmd := stepCommand(st)
		again := said[st] || cmd != "" && said[cmd]
		said[st] = true
		if cmd != "" {
			said[cmd] = true
		}
		// cited, shown or not: the references have listed every chosen
		// passage's section
		cite := c.cite(s, p.title)
		switch {
		case i >= pl.shown, again, slices.Contains(pl.joined, i):
			// shown once: a page that gives one example twice, in
			// two sections, is one step, and so is an option it
			// documents twice (useradd's -s, for new accounts and for
			// the defaults of -D)
		case pl.bundle != nil && (i == 0 && pl.lead || c.covers(s, pl.bundle, p)):
			// the bundle takes the lead option's place, and a letter of
			// it is no step of its own after it
		case i == 0 && pl.lead:
			steps = append(steps, fmt.Sprintf("`%s`: %s %s", pl.line, pl.desc, cite)+c.alsoSaid(pl))
		default:
			steps = append(steps, st+" "+cite)
		}
	}
	return steps, said
}

// stepCommand is the command line a step types, its text between the
// first two backquotes ("" where it has none).
func stepCommand(st string) string {
	_, rest, ok := strings.Cut(st, "`")
	if !ok {
		return ""
	}
	cmd, _, ok := strings.Cut(rest, "`")
	if !ok {
		return ""
	}
	return "`" + cmd + "`"
}

// subcommandItem says whether an item of a program's page documents one
// of its subcommands, typed after the command (systemctl's "enable
// UNIT..."); git-reset's "git reset [<mode>] [<commit>]" is typed as it
// is.
func (c *composition) subcommandItem(s *source, p passage) bool {
	term := subcommandTerm(p.block.Term)
	// of a list of them, "install, reinstall, remove, purge", the first
	first, _, _ := strings.Cut(term, ", ")
	// nor is the command's own name: free(1)'s column "free" (Unused
	// memory) is no "free free"
	typed := typedName(s.doc, s.hit.Meta.Title)
	return p.block.Kind == document.Item && commandish().MatchString(first) && !examples(p.title) && subcommand(s.doc, p.title, term) &&
		!strings.HasPrefix(term, typed+" ") && first != typed
}

// wholeSubcommand is the subcommand an item of a program's page writes
// the line of whole, the command's name first, where the question says
// it: "show" of ip-route's "ip route show" for "show the routing
// table", not "ip route replace" for "see" it. ok is false for any
// other item.
func (c *composition) wholeSubcommand(s *source, p passage) (sub string, ok bool) {
	typed := typedName(s.doc, s.hit.Meta.Title)
	rest, ok := strings.CutPrefix(strings.TrimSpace(p.block.Term), typed+" ")
	sub, _, _ = strings.Cut(rest, " ")
	return sub, ok && p.block.Kind == document.Item && !examples(p.title) && commandish().MatchString(sub) && !strings.HasPrefix(sub, "-") &&
		!strings.ContainsAny(rest, ",") && !strings.Contains(rest, " - ") && c.asksWord(terms.Stem(sub))
}

// subcommandFirst says whether the best passage of a command that runs
// subcommands (its synopsis has a COMMAND to fill) is one of them: then
// it is the first step, "systemctl enable nginx", not the synopsis,
// "systemctl COMMAND [UNIT...]", which leaves the very word to type.
//
// So is an item that writes its subcommand's whole line ("ip route
// show", "list routes"), where the synopsis leaves the subcommand to
// choose: `ip route show` for "show the routing table", not "ip route {
// COMMAND | help }".
func (c *composition) subcommandFirst(s *source, pl *plan) bool {
	if len(pl.chosen) == 0 || pl.named || !answer.ProgramPage(s.hit.Meta) {
		return false
	}
	if !c.subcommandItem(s, pl.chosen[0]) {
		_, whole := c.wholeSubcommand(s, pl.chosen[0])
		return strings.Contains(pl.syn, "COMMAND") && whole
	}
	if strings.Contains(pl.syn, "COMMAND") {
		return true
	}
	// A synopsis that lists the subcommands as a choice, apt's "{list |
	// search | show | ...}", runs nothing as written; the subcommand
	// the question says is the command line ("apt search" for "search
	// the package lists"), where one it does not say may well be wrong
	// ("apt upgrade" for "uninstall a package and its config files").
	sub, _, _ := strings.Cut(subcommandTerm(pl.chosen[0].block.Term)+" ", " ")
	return subcommandChoice().MatchString(pl.syn) && (c.asksWord(terms.Stem(strings.TrimSuffix(sub, ","))) || c.listedAsked(pl.chosen[0]))
}

// listedVerb says whether a subcommand item lists several subcommands,
// one of them the question's verb: "install, reinstall, remove, purge"
// for "remove".
func listedVerb(p passage, verb string) bool {
	forms := strings.Split(subcommandTerm(p.block.Term), ", ")
	verbs := append([]string{verb}, removeVerbs[strings.ToLower(verb)]...)
	return subcommandList(forms) && slices.ContainsFunc(forms, func(f string) bool {
		return slices.ContainsFunc(verbs, func(v string) bool { return terms.Stem(strings.ToLower(f)) == terms.Stem(v) })
	})
}

// asksSubcommand says whether the question says subcommand sub, or a
// verb of removing where sub is "remove" (removeVerbs).
func (c *composition) asksSubcommand(sub string) bool {
	if c.asksWord(terms.Stem(sub)) {
		return true
	}
	for verb, subs := range removeVerbs {
		if slices.Contains(subs, sub) && c.asksWord(terms.Stem(verb)) {
			return true
		}
	}
	return false
}

// removeVerbs are what a subcommand calls removing, by the verbs people
// say it with: "uninstall the package vlc" is apt's "remove".
var removeVerbs = map[string][]string{"uninstall": {"remove"}, "delete": {"remove"}, "erase": {"remove"}}

// subcommandChoice is a synopsis that lists its subcommands as a choice
// in braces: "{list | search | show | ...}".
var subcommandChoice = lazyre.New(`\{\s*[a-z][\w-]*(?:\s+\S+)*?\s+\|\s+[a-z][\w-]*[^|]*\|\s+[a-z]`)

// subcommandLine is the command line of a subcommand's item, typed
// after the command: of the forms its term lists, the one that takes
// the most of the question's operands, filled with them, else the first.
// systemctl's "enable UNIT..., enable PATH..." for "enable the service
// nginx" is "systemctl enable nginx".
func (c *composition) subcommandLine(s *source, typed, term string) string {
	term = subcommandTerm(term)
	forms := strings.Split(term, ", ")
	list := subcommandList(forms)
	operands := "" // what the forms of a list the synopsis writes take
	for i, f := range forms {
		// an item that names the subcommand alone, git remote's "add",
		// runs as the synopsis's form for it does, less the options
		// one may give: "git remote add <name> <URL>"
		if !strings.Contains(f, " ") && commandish().MatchString(f) {
			if form := subcommandForm(s.doc, typed, f); form != "" {
				forms[i] = form
				if _, rest, ok := strings.Cut(form, " "); ok && list {
					operands = cmp.Or(operands, rest)
				}
			}
		}
	}
	if operands != "" {
		// the others of a list, which the synopsis does not write,
		// take what those it writes take: apt's "purge" beside
		// "remove pkg..."
		for i, f := range forms {
			if !strings.Contains(f, " ") {
				forms[i] = f + " " + operands
			}
		}
	}
	for i, f := range forms {
		// its optional options are the steps' to give, not the
		// line's: "tmux new-window", not "tmux new-window [-abdkPS]
		// [-c start-directory] [-e environment] ... [shell-command]"
		// (git's are few and often the point: "git stash show
		// [-u|--include-untracked]")
		if word, rest, _ := strings.Cut(f, " "); hyphenatedWithOptions(word, rest) {
			forms[i] = strings.Join(strings.Fields(optionGroup().ReplaceAllString(f, " ")), " ")
		}
		// of operands one or another, the first, which the question's
		// fill: systemctl's "status [PATTERN...|PID...]]" (the page's
		// bracket too many) is "status [PATTERN...]"
		forms[i] = eitherPlaceholder().ReplaceAllString(forms[i], "[$1]")
	}
	best, most := typed+" "+forms[0], 0
	for i, f := range forms {
		sub := strings.Fields(f + " x")[0] // "x": an empty form has no subcommand but this
		if i > 0 && !commandish().MatchString(sub) {
			// a comma inside one form ("[A, B]"), not a list of them
			return typed + " " + term
		}
		// the subcommand is no placeholder, though it reads as one:
		// loginctl's "show-user [USER...]"
		line := typed + " " + f
		filled, n := fill(line, typed+" "+sub, c.opsFor(line), s.valued())
		if list && c.asksSubcommand(sub) {
			// the one the question says, of a list of them: apt's
			// "install, reinstall, remove, purge" for "remove a package"
			n += len(forms)
		}
		if i == 0 || n > most {
			best, most = filled, n
		}
	}
	return best
}

// subcommandForm is the synopsis's form of command typed's subcommand
// sub, after typed, without the options in brackets: git-remote(1)'s
// "add <name> <URL>"; "" where no form starts with it, or one gives
// nothing more.
func subcommandForm(d *document.Document, typed, sub string) string {
	for _, l := range synopsisLines(d) {
		rest, ok := strings.CutPrefix(strings.Join(strings.Fields(l), " "), typed+" "+sub+" ")
		if !ok {
			continue
		}
		out := []string{sub}
		for _, w := range synopsisWords(rest) {
			if bare := strings.TrimLeft(w, "[( "); strings.HasPrefix(w, "[") && (synopsisOption(bare) || genericOptions(bare)) {
				continue
			}
			out = append(out, w)
		}
		if len(out) > 1 {
			return strings.Join(out, " ")
		}
	}
	// or its alternative in a synopsis that lists the subcommands as a
	// choice, without its optional parts: apt's "{... | remove pkg...
	// | ...}" is "remove pkg..."
	for _, l := range synopsisLines(d) {
		if !subcommandChoice().MatchString(l) {
			continue // ifconfig's "options | address ...": a choice of operands
		}
		words := strings.Fields(l)
		for i := 1; i+1 < len(words); i++ {
			if words[i] != sub || !strings.HasSuffix(words[i-1], "|") && !strings.HasSuffix(words[i-1], "{") {
				continue
			}
			out := []string{sub}
			for _, w := range words[i+1:] {
				if w == "|" || strings.HasPrefix(w, "[") || strings.HasPrefix(w, "{") || strings.HasPrefix(w, "|") {
					break
				}
				out = append(out, strings.TrimRight(w, "}|"))
				if strings.ContainsAny(w, "}|") {
					break
				}
			}
			if len(out) > 1 {
				return strings.Join(out, " ")
			}
		}
	}
	return ""
}

// eitherPlaceholder is an optional operand that is one placeholder or
// another, "[PATTERN...|PID...]", with any brackets too many after it.
var eitherPlaceholder = lazyre.New(`\[([A-Z][A-Z0-9_-]*(?:\.\.\.)?)(?:\|[A-Z][A-Z0-9_-]*(?:\.\.\.)?)+\]+`)

// otherSubcommands are the subcommands of a list an item documents as
// one (apt's "install, reinstall, remove, purge") but the one its line
// types, each typed: "`apt install`, `apt reinstall`, `apt purge`"; ""
// where the item documents one.
func otherSubcommands(term, line, typed string) string {
	forms := strings.Split(subcommandTerm(term), ", ")
	if !subcommandList(forms) {
		return ""
	}
	// the one typed, though the question's operands follow it
	chosen, _, _ := strings.Cut(strings.TrimPrefix(line, typed+" "), " ")
	var out []string
	for _, f := range forms {
		if f != chosen {
			out = append(out, "`"+typed+" "+f+"`")
		}
	}
	return strings.Join(out, ", ")
}

// subcommandList says whether the forms of an item's term are a list of
// subcommands, a word each.
func subcommandList(forms []string) bool {
	return len(forms) > 1 && !slices.ContainsFunc(forms, func(f string) bool { return !commandish().MatchString(f) || strings.Contains(f, " ") })
}

// subcommandTerm is an item's term without the note after it that says
// where it is documented, or how far along it is: apt(8)'s "autoremove
// (apt-get(8))", "edit-sources (work-in-progress)".
func subcommandTerm(term string) string {
	return strings.TrimSpace(termNote().ReplaceAllString(strings.TrimSpace(term), ""))
}

var termNote = lazyre.New(`\s+\((?:[A-Za-z0-9_.+-]+\(\d[a-z]*\)|[a-z][a-z -]*)\)$`)

// hyphenatedWithOptions says whether a subcommand's term is a hyphenated
// word followed by options of its own, as tmux's are: "kill-session
// [-aC] [-t target-session]".
func hyphenatedWithOptions(word, rest string) bool {
	return strings.Contains(word, "-") && strings.HasPrefix(strings.TrimSpace(rest), "[-")
}

// optionGroup is a bracketed group of options in a synopsis, "[-dErx]",
// "[-c working-directory]".
var optionGroup = lazyre.New(`\[-[^][]*\]`)

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
				if b.Kind == document.Item && slices.Contains(optionNames(b.Term), opt) && !undoes(a.Verb, itemSentence(b.Text)) &&
					!slices.ContainsFunc(out, func(p passage) bool { return p.sec == si && p.blk == bi }) {
					out = append(out, passage{sec: si, blk: bi, block: b, title: sec.Title})
				}
			}
		}
	}
	return out
}

// undoes says whether verb undoes what a sentence says an option does,
// or the sentence undoes verb: "unlock" and passwd's -l, "Lock the
// password of the named account". A question that names such an option
// names what was done ("unlock a password that passwd -l locked"), not
// what to do.
func undoes(verb, sentence string) bool {
	if len(verb) < 4 {
		return false
	}
	v := terms.Stem(verb)
	undone := ""
	switch {
	case strings.HasPrefix(v, "un"):
		undone = v[2:]
	default:
		undone = "un" + v
	}
	holds := stemsOf(sentence)
	return holds[undone] && !holds[v]
}

// stemsOf is the set of the stems of text's words.
func stemsOf(text string) map[string]bool {
	out := map[string]bool{}
	terms.Words(text, false, func(w string) { out[terms.Stem(w)] = true })
	return out
}

// optionNames are the options an item's term documents: "-v" and
// "--invert-match" for "-v, --invert-match", "--color" for
// "--color[=WHEN]".
func optionNames(term string) []string {
	var out []string
	names := term
	if strings.Contains(term, "or") || strings.ContainsAny(term, "|/") {
		// what alternatives needs: most terms have none, and the
		// pattern costs most of this function, which composing calls
		// for every option item many times over
		names = alternatives().ReplaceAllString(term, ", -")
	}
	for _, alt := range strings.Split(names, ",") {
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

// optionItem says whether a passage documents an option of a program:
// what a command line can be written from.
func (c *composition) optionItem(s *source, p passage) bool {
	return p.block.Kind == document.Item && answer.ProgramPage(s.hit.Meta) && optionTerm(p.block.Term)
}

// optionTerm says whether an item's term starts with an option ("-a,
// --all"), not a subcommand's or a builtin's name.
func optionTerm(term string) bool { return strings.HasPrefix(strings.TrimSpace(term), "-") }

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
		if c.howto && answer.ProgramPage(s.hit.Meta) && shownSection(chapter(s.doc, p.sec)) && !optionTerm(p.block.Term) {
			// lsof's OUTPUT fields, netstat's socket states, a git
			// command's configuration keys: what the program prints
			// or reads, no step of how to do a thing with it, unless
			// the question asks about them
			return c.asks("output", "format", "field", "column", "state", "statu", "config", "configur", "set", "variabl", "mean")
		}
		if t := strings.ToUpper(p.title); strings.HasPrefix(t, "COLOR") || strings.HasPrefix(t, "COLOUR") {
			// dmesg's color scheme names ("time: The message
			// timestamp"): an answer to how to color its output alone
			return c.asks("color", "colour", "colorscheme")
		}
		return true
	case document.Code:
		line := c.step(s, p)
		if !c.lossAsked && deletingLine().MatchString(line) {
			// an example whose lines shown delete on their way (find's
			// "| xargs /bin/rm -f", git's "git rm goodbye.c") is no step
			// for a question that did not ask to delete
			return false
		}
		if c.undocumented(line) {
			// findutils' "find / -owner OLDUSER", an option find(1)
			// never had: a line that fails as typed
			return false
		}
		return !answer.ProgramPage(s.hit.Meta) || slices.ContainsFunc(strings.Split(p.block.Text, "\n"), c.commandLine)
	}
	return false
}

// undocumented says whether a step's typed lines give a program an
// option its manual page on this machine never writes: neither as an
// option of its items nor anywhere in its text, nor, bundled ("-la"),
// each letter. What -exec and its kin run is another program's line.
func (c *composition) undocumented(step string) bool {
	if c.lib == nil {
		return false
	}
	for _, typed := range typedSpans().FindAllStringSubmatch(step, -1) {
		for _, seg := range commandSeparators().Split(typed[1], -1) {
			words := strings.Fields(unprompted(seg))
			if len(words) < 2 {
				continue
			}
			prog := filepath.Base(words[0])
			if sub := prog + "-" + words[1]; len(c.lib.Pages(sub)) > 0 {
				prog = sub // git bisect's options are git-bisect(1)'s
			}
			po := c.lib.OptionsOf(prog)
			if po == nil {
				continue
			}
			for i := 1; i < len(words); i++ {
				w := words[i]
				if strings.HasPrefix(w, "'") || strings.HasPrefix(w, `"`) {
					break // a string the program reads: sh -c's line, awk's program
				}
				if runners[prog] && !strings.HasPrefix(w, "-") {
					break // the command xargs or nice runs, with its own options
				}
				if execLike[w] {
					for i < len(words) && words[i] != ";" && words[i] != `\;` && words[i] != "+" && words[i] != "';'" {
						i++
					}
					continue
				}
				name, _, _ := strings.Cut(w, "=")
				if !typedOption().MatchString(name) || po.Words[name] {
					continue
				}
				if short := strings.TrimPrefix(name, "-"); !po.Long && !strings.HasPrefix(short, "-") && po.Words["-"+short[:1]] {
					// a letter with its value or more letters: cut's
					// -f1, ls's -la; not where the page's options are
					// words after one dash (find's -owner is no -o)
					continue
				}
				return true
			}
		}
	}
	return false
}

// runners are programs that run the command line after their own
// options, whose options are that program's.
var runners = map[string]bool{"xargs": true, "sudo": true, "env": true, "nice": true, "ionice": true, "nohup": true, "timeout": true,
	"watch": true, "time": true, "strace": true, "ltrace": true, "chroot": true, "stdbuf": true, "taskset": true, "chrt": true,
	"flock": true, "setsid": true, "unshare": true, "nsenter": true, "systemd-run": true, "exec": true, "command": true, "builtin": true}

// execLike are find's actions that run another program's line, up to
// ";" or "+".
var execLike = map[string]bool{"-exec": true, "-execdir": true, "-ok": true, "-okdir": true}

var (
	// typedSpans are the lines a step shows typed, in backticks
	typedSpans = lazyre.New("`([^`]+)`")
	// commandSeparators split a typed line into the commands it runs
	commandSeparators = lazyre.New(`\s(?:\||\|\||&&|;)\s|[$<>]\(|\)`)
	// typedOption is an option as typed: a dash and a letter
	typedOption = lazyre.New(`^--?[A-Za-z][\w-]*$`)
)

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

// chapter is the title of the top-level section that section sec of d
// is in: netstat's "State" is a part of its OUTPUT.
func chapter(d *document.Document, sec int) string {
	for i := min(sec, len(d.Sections)-1); i >= 0; i-- {
		if d.Sections[i].Level <= 1 {
			return d.Sections[i].Title
		}
	}
	return ""
}

// shownSection says whether a section of a program's page describes
// what the program prints or reads rather than what it does: its
// output's fields, the states it reports, its configuration keys.
func shownSection(title string) bool {
	t := strings.ToUpper(strings.TrimSpace(title))
	switch {
	case t == "OUTPUT", t == "CONFIGURATION", t == "FORMATS",
		strings.HasPrefix(t, "PROCESS STATE"), strings.Contains(t, "DESCRIPTIONS OF FIELDS"),
		strings.HasSuffix(t, "FIELDS"), strings.HasPrefix(t, "OUTPUT FIELDS"):
		return true
	}
	return false
}

// withAskedOption makes the second of chosen an option whose long name is
// the question's own word (see termAsked) when none of them is one: mv's
// --verbose for "move files in verbose mode", whose first sentence
// ("explain what is being done") holds no word of the question and
// ranks below options that say "move" and "file". One chosen already
// moves up to second, where it is later, so that a step put first
// after this (usageFirst) does not push it out: tar's --extract for
// "extract the archive release.tar.xz", after four options that say
// "extracted".
func (c *composition) withAskedOption(s *source, ps, chosen []passage) []passage {
	for i, p := range chosen {
		if c.optionItem(s, p) && c.termAsked(s, p) {
			if i > 1 {
				chosen = slices.Insert(slices.Delete(chosen, i, i+1), 1, p)
			}
			return chosen
		}
	}
	for _, p := range ps {
		if c.optionItem(s, p) && !p.aside && c.stepWorthy(s, p) && c.termAsked(s, p) && c.wholeAsked(p, false) && !slices.ContainsFunc(chosen, p.same) {
			// second: it says what the question asks, in its words,
			// though its description may not; the first step stays
			// what decides whether the plain command leads
			return slices.Insert(chosen[:len(chosen)-1:len(chosen)-1], 1, p)
		}
	}
	return chosen
}

// nameLead is the stem of a NAME line's first content word: "remov" of
// "remove a user or group from the system".
func nameLead(summary string) string {
	lead := ""
	terms.Words(summary, false, func(w string) {
		if lead == "" && !terms.Stop(w) {
			lead = terms.Stem(w)
		}
	})
	return lead
}

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
	title, lead := strings.ToLower(s.hit.Meta.Title), nameLead(s.hit.Meta.Summary)
	if versionItem(p) {
		// the program's version is what it shows, where the question
		// asks for it (versionAsked)
		return c.versionAsked(s)
	}
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

// versionAsked says whether the question asks for the version of page
// s's program, by its name (versionOf).
func (c *composition) versionAsked(s *source) bool {
	return c.versionOf != "" && c.versionOf == strings.ToLower(s.hit.Meta.Title)
}

// versionItem says whether option item p shows the program's version
// and exits: --version, or ssh's -V, "Display the version number and
// exit".
func versionItem(p passage) bool {
	return p.block.Kind == document.Item && (slices.Contains(optionNames(p.block.Term), "--version") ||
		strings.HasPrefix(p.block.Term, "-") && showsVersion().MatchString(p.block.Text))
}

// showsVersion is an option's text that shows the version and exits.
var showsVersion = lazyre.New(`(?is)^\W*(?:(?:display|print|show|output)s?\s+(?:the\s+)?)?(?:program\s+)?version\b.*\b(?:exits?|quits?)\b`)

// versionFirst puts first, where the question asks for the program's
// version (versionAsked), the item that shows it: tar's --version, not
// -t ("List the contents of an archive") for "show the version of tar".
func (c *composition) versionFirst(s *source, ps, chosen []passage) []passage {
	if len(chosen) > 0 && versionItem(chosen[0]) || !c.versionAsked(s) {
		return chosen
	}
	for _, p := range ps {
		if !p.aside && versionItem(p) {
			return putFirst(chosen, p)
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

// asksAction says whether the question asks for the action stem names,
// in its own word or one the analysis reads as nearly the same: "remove"
// asks tr's "delete", "unpack" xz's "decompress".
func (c *composition) asksAction(stem string) bool { return c.saysStemAt(stem, sameAction) }

// saysStem says whether any alternative of a concept of the question is
// stem, however little it weighs.
func (c *composition) saysStem(stem string) bool { return c.saysStemAt(stem, 0) }

// saysStemAt says whether an alternative of a concept of the question
// that weighs least or more is stem.
func (c *composition) saysStemAt(stem string, least float64) bool {
	for _, con := range c.q.Concepts {
		for _, alt := range con.Alts {
			if alt.Stem == stem && alt.Weight >= least {
				return true
			}
		}
	}
	return false
}

// sameAction: see asksAction. Over the dev, style, calibration and
// held-out sets (rankeval -steps) it moved two first steps, tr's -d for
// "remove a particular character from every line" and xz's -d for "how
// big a .xz file is once uncompressed" (which wants -l, as the plain xz
// before it did not give either).
const sameAction = 0.7

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
	offPoint    = 0.01
	vagueScore  = 0.85
)

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
		if line := captionedLine(term, b.Text, typed); isCmd && line != "" {
			// an example under its caption, ps(1)'s "To print a process
			// tree:" over "ps -ejH" and "ps axjf": the first command
			// line is the step, the caption what it does
			return fmt.Sprintf("`%s`: %s", line, strings.TrimSuffix(term, ":"))
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
		desc := document.ClipLine(shownSentence(b.Text), 240)
		value := ""
		if isCmd {
			value = valueOf(s.doc, p.sec, p.blk)
		}
		switch {
		case isCmd && strings.HasPrefix(term, "-") && shellTest(s, p):
			return fmt.Sprintf("`%s`: %s", c.testLine(s, p), desc)
		case isCmd && strings.HasPrefix(term, "-"):
			cmd, _ := c.optionCommand(s, p)
			if v := c.dashed(p); v != "" {
				return fmt.Sprintf("`%s %s`: %s", cmd, v, desc)
			}
			if opt, what := c.inlineValue(term, b.Text); opt != "" {
				return fmt.Sprintf("`%s %s`: %s", cmd, opt, what)
			}
			return fmt.Sprintf("`%s %s`: %s", cmd, withoutOptional(optionForm(term), itemDoes(b.Text)), desc)
		case isCmd && value != "":
			return fmt.Sprintf("`%s %s%s`: %s", typed, value, c.filesTaken(s), desc)
		case isCmd && c.subcommandItem(s, p):
			// (git-reset's "git reset [<mode>] [<commit>]" is typed as
			// it is, below)
			line := c.subcommandLine(s, typed, term)
			if others := otherSubcommands(term, line, typed); others != "" {
				// a list of them documented as one: what the others
				// are is the step's too ("remove" for "uninstall" may
				// be "purge")
				return fmt.Sprintf("`%s` (or %s): %s", line, others, desc)
			}
			return fmt.Sprintf("`%s`: %s", line, desc)
		case isCmd && bareOption(s.doc, p.sec, term):
			// ps(1)'s BSD options, "H: Show threads as if they were
			// processes", typed without a dash
			return fmt.Sprintf("`%s %s`: %s", typed, term, desc)
		case isCmd && modeLetter(s.doc, term):
			// chattr(1)'s attributes, "i: A file with the 'i'
			// attribute cannot be modified", set by a symbolic mode
			return fmt.Sprintf("`%s +%s%s`: %s", typed, term, modeOperands(s.doc), desc)
		case isCmd && formatSeq().MatchString(term) && plusFormat(s.doc):
			// date(1)'s "%s: seconds since the Epoch" is typed "date +%s",
			// of the date the question gives where it gives one
			if _, date, ok := c.givenDate(s, ""); ok {
				return fmt.Sprintf("`%s %s +%s`: %s", typed, date, term, desc)
			}
			return fmt.Sprintf("`%s +%s`: %s", typed, term, desc)
		case isCmd && takesOperands(s.doc) && operandTerm(term) != "":
			// stty's "* size", dd's "count=N": a SETTING or OPERAND
			// its synopsis takes, typed after the command
			return fmt.Sprintf("`%s %s`: %s", typed, operandTerm(term), desc)
		case isCmd && builtinSection(p.title):
			// a shell builtin's entry, "alias [-p] [name[=value] ...]",
			// is its synopsis, typed at the prompt, form by form
			// ("export [-fn] [name[=word]] ..., export -p")
			forms := strings.Split(term, ", ")
			// the first form that takes the question's values is
			// what one types: "history [n]" is `history 5` for the
			// last 5 commands
			for _, f := range forms {
				name, _, _ := strings.Cut(f, " ")
				if filled, n := fill(f, name, c.ops, nil); n > 0 {
					return fmt.Sprintf("`%s`: %s", filled, desc)
				}
			}
			return fmt.Sprintf("`%s`: %s", strings.Join(forms, "`; `"), desc)
		case isCmd && specialParameters(p.title) && len(term) == 1:
			// a special parameter, "?": what it expands to is seen as
			// one sees it, "echo $?"
			return fmt.Sprintf("`echo $%s`: %s", term, desc)
		case looksLikeCommand(term, m) || isCmd && ofProgram(term, typed):
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
	return document.ClipLine(bestSentence(oneLine(b.Text), q), 300)
}

// ofProgram says whether an item's term is a command line of the program
// whose subcommand a page documents (typed "ip address"): ip-address(8)'s
// "ip address show", ip-route(8)'s "ip ro", which run ip.
func ofProgram(term, typed string) bool {
	prog, _, ok := strings.Cut(typed, " ")
	return ok && strings.HasPrefix(term, prog+" ")
}

// captionedLine is the first line of an item's text that runs the
// page's command (typed), where the item's term is a caption that ends
// with a colon; "" for any other item.
func captionedLine(term, text, typed string) string {
	if !strings.HasSuffix(term, ":") || strings.HasPrefix(term, "-") {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if first = strings.TrimSpace(first); first != typed && !strings.HasPrefix(first, typed+" ") {
		return ""
	}
	// the lines of an example may reach the index as one ("ps -e ps -ef
	// ps -eF"): the first is up to where the command starts again
	if i := strings.Index(first[len(typed):], " "+typed+" "); i >= 0 {
		first = strings.TrimSpace(first[:len(typed)+i])
	}
	return first
}

// builtinSection says whether a section is a shell's builtins, an entry
// each: bash's SHELL BUILTIN COMMANDS.
func builtinSection(title string) bool {
	return strings.Contains(strings.ToUpper(title), "BUILTIN")
}

// subcommand says whether an item's lowercase term is one of the
// command's subcommands, to be run after its name ("systemctl
// restart"): the item is in a section about commands, or the SYNOPSIS
// runs the command with it. A list of output columns (free's "cache",
// "available") is not.
func subcommand(d *document.Document, section, term string) bool {
	switch sec := strings.ToUpper(section); {
	case builtinSection(section):
		// a shell's builtins are typed at its prompt, not given to it:
		// printf, not "bash printf"
		return false
	case keyBinding().MatchString(term):
		// readline's "Commands for Changing Text" are bound to keys:
		// "capitalize-word (M-c)" is typed as M-c, not "bash
		// capitalize-word"
		return false
	case strings.Contains(sec, "COMMAND") && !strings.Contains(sec, "COMMAND LINE"):
		// (a KERNEL COMMAND LINE's "rw, ro" are no commands)
		return true
	case strings.Contains(sec, "ARGUMENT") || strings.Contains(sec, "OPERAND"):
		// zipgrep's ARGUMENTS document "pattern", which its synopsis
		// writes as a word too: what one types there, not "zipgrep pattern"
		return false
	}
	word, rest, _ := strings.Cut(term, " ")
	word = strings.TrimSuffix(word, ",") // the first of a list
	// tmux(1)'s "kill-session [-aC] [-t target-session]", under
	// CLIENTS AND SESSIONS: a hyphenated word with options of its own,
	// on the page of a command whose synopsis takes "[command [flags]]"
	ownOptions := hyphenatedWithOptions(word, rest)
	for _, l := range synopsisLines(d) {
		for _, w := range strings.Fields(l) {
			w = strings.Trim(w, "[]{}|")
			if w == word || ownOptions && strings.EqualFold(w, "command") {
				return true
			}
		}
	}
	return false
}

// keyBinding finds an Emacs-style key in an item's term: "(M-c)",
// "(C-x C-r)".
var keyBinding = lazyre.New(`\((?:[CM]-\S+)(?:\s+[CM]-\S+)*\)`)

var commandish = lazyre.New(`^[a-z][a-z0-9-]*( |$)`)

// formatSeq matches a conversion of a format string: "%s", "%:z", "%-d".
var formatSeq = lazyre.New(`^%[-_0^#:]*[A-Za-z%+]$`)

// bareOption says whether an item's term is an option written without a
// dash, as ps(1)'s BSD options are ("H", "p pidlist"): a letter or two,
// maybe with its argument, among the dashed options of its section. A
// section of values alone (ps's PROCESS STATE CODES) has none dashed.
func bareOption(d *document.Document, sec int, term string) bool {
	name, _, _ := strings.Cut(term, " ")
	if len(name) > 2 || !bareLetters().MatchString(name) || sec >= len(d.Sections) {
		return false
	}
	return slices.ContainsFunc(d.Sections[sec].Blocks, func(b document.Block) bool {
		return b.Kind == document.Item && strings.HasPrefix(b.Term, "-")
	})
}

var bareLetters = lazyre.New(`^[A-Za-z]+$`)

// symbolicMode is a page's symbolic mode and the letters it sets:
// chattr(1)'s "The format of a symbolic mode is +-=[aAcCdDeFijmPsStTux]."
var symbolicMode = lazyre.New(`[-+=]{2,3}\[([A-Za-z]{3,})\]`)

// modeLetter says whether term is one of the letters the page's
// symbolic mode sets.
func modeLetter(d *document.Document, term string) bool {
	if len(term) != 1 {
		return false
	}
	for si := range d.Sections {
		for _, b := range d.Sections[si].Blocks {
			if b.Kind != document.Para {
				continue
			}
			if m := symbolicMode().FindStringSubmatch(b.Text); m != nil {
				return strings.Contains(m[1], term)
			}
		}
	}
	return false
}

// modeOperands are what the synopsis gives after the mode, " files...",
// or "".
func modeOperands(d *document.Document) string {
	for _, l := range synopsisLines(d) {
		if _, after, ok := strings.Cut(l, "mode"); ok {
			if rest := strings.TrimSpace(strings.TrimLeft(after, " ]")); rest != "" && !strings.ContainsAny(rest, "[]") {
				return " " + rest
			}
		}
	}
	return ""
}

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

// othersValues says whether the first chosen passage of pl is an example
// that runs the page's command on values alone, none the question's,
// where the synopsis, filled, takes one at least.
func (c *composition) othersValues(s *source, pl *plan) bool {
	if len(pl.chosen) == 0 || len(c.ops) == 0 {
		return false
	}
	line := c.step(s, pl.chosen[0])
	cmd := typedName(s.doc, s.hit.Meta.Title)
	typed, _, ok := strings.Cut(strings.TrimPrefix(line, "`"), "`")
	if !strings.HasPrefix(line, "`"+cmd+" ") || !ok || c.holds(line) > 0 {
		return false
	}
	// values alone: an example's options or subcommand, or a form with
	// placeholders ("chattr +i files...", "comm -3 file1 file2"), say
	// how to do the task, and stay
	for _, w := range strings.Fields(strings.TrimPrefix(typed, cmd+" ")) {
		if !valueWord().MatchString(w) {
			return false
		}
	}
	_, n, _ := c.bestFillN(s, pl.syn)
	return n > 0
}

// basicStep is the step that runs a page's command as its SYNOPSIS line
// writes it, with what its NAME line says it does. The line is kept as
// written: the options it lists are often the ones a question needs
// ("prlimit ... [--pid PID]").
func (c *composition) basicStep(s *source, line string) string {
	return c.flaggedStep(s, line, nil, nil)
}

// flaggedStep is basicStep with option item flag, where set, and the
// valued options (synopsisValues) run by the line after the command's
// name, and what each does after what the command does.
func (c *composition) flaggedStep(s *source, line string, flag *passage, valued []valuedOption) string {
	// a long form, filled or not (see runLine), is shown with the
	// options it lists left out and clipped: the steps after it name
	// the options
	line, does := c.runLineDoes(s, line)
	line = plainForm(s.doc, s.hit.Meta.Title, line)
	what := strings.TrimSuffix(s.hit.Meta.Summary, ".")
	if does != "" {
		what = strings.TrimPrefix(withoutStop(what)+"; "+does, "; ")
	}
	if flag != nil {
		valued = append([]valuedOption{{[]string{optionNames(flag.block.Term)[0]}, itemDoes(flag.block.Text)}}, valued...)
	}
	for _, v := range valued {
		words := strings.Fields(line)
		at := min(len(strings.Fields(typedName(s.doc, s.hit.Meta.Title))), len(words))
		line = joinAt(words, at, v.words...)
		what = strings.TrimPrefix(withoutStop(what+"; "+v.does), "; ")
	}
	line = document.ClipLine(s.runnable(line), document.SynopsisWidth)
	if what != "" {
		return fmt.Sprintf("`%s`: %s %s", line, what, c.cite(s, "SYNOPSIS"))
	}
	return fmt.Sprintf("`%s` %s", line, c.cite(s, "SYNOPSIS"))
}

// runLine is a synopsis line filled with the question's operands and
// sent where it sends the result, unless the command acts on what it is
// given and the question says what not to do: "check whether process
// 5120 exists, without sending it any signal" is no `kill 5120`, which
// sends SIGTERM.
func (c *composition) runLine(s *source, line string) string {
	l, _ := c.runLineDoes(s, line)
	return l
}

// runLineDoes is runLine, and what an option it writes into the line
// does (see withRecursive), for the step to say.
func (c *composition) runLineDoes(s *source, line string) (out, does string) {
	if c.forbids() && acts(s.hit.Meta.Summary) {
		return line, ""
	}
	out, does, _ = c.withRecursive(s, typedName(s.doc, s.hit.Meta.Title), c.bestFill(s, line))
	return c.sendOut(s, out), does
}

// forbids says whether the question says what not to do: "without",
// "not", "never". Not answer.Negative: it also holds asking to stop,
// which kill does, and "no", which qualifies a noun ("files with no
// extension"). The question's words are uncontracted ("don't" is "do
// not"); "dont" is as typed.
func (c *composition) forbids() bool {
	return slices.ContainsFunc(c.seq, func(w string) bool {
		return w == "without" || w == "not" || w == "never" || w == "dont"
	})
}

// acts says whether a NAME line starts with a verb that does something
// to what the command is given that cannot be taken back: kill's "send a
// signal to a process", rm's "remove files or directories".
func acts(summary string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(summary)), " ")
	return actingVerbs[first]
}

var actingVerbs = map[string]bool{"send": true, "kill": true, "remove": true, "delete": true, "terminate": true,
	"erase": true, "overwrite": true, "shred": true, "truncate": true, "shrink": true, "wipe": true, "destroy": true,
	"unlink": true, "halt": true, "reboot": true, "shutdown": true, "stop": true, "format": true}

// takesOperands says whether a program's synopsis takes settings or
// operands that its page lists as items: stty's "[SETTING]...", dd's
// "[OPERAND]...".
func takesOperands(d *document.Document) bool {
	for _, l := range synopsisLines(d) {
		for _, w := range synopsisWords(l) {
			switch strings.ToLower(slotName(w)) {
			case "setting", "settings", "operand", "operands":
				return true
			}
		}
	}
	return false
}

// operandTerm is an item's term as one types the setting or operand it
// lists: "size" of stty's "* size" (the star marks what POSIX lacks),
// "echo" of "[-]echo", "rows N", "count=N"; "" for a term that is none.
func operandTerm(term string) string {
	t := strings.TrimPrefix(strings.TrimSpace(term), "* ")
	t = strings.TrimPrefix(t, "[-]")
	t, _, _ = strings.Cut(t, ", ")
	if !operandWord().MatchString(t) {
		return ""
	}
	return t
}

// operandWord is a setting or operand as pages list them: a word, with
// a value after "=" or a space.
var operandWord = lazyre.New(`^[a-z][a-z0-9_]*(?:=[A-Z][A-Z_]*| [A-Z][A-Z_]*)?$`)

// amountLeads says whether option passage p takes a count, size or time
// the question gives, which the command as its synopsis (syn) runs it
// does not: timeout's "DURATION COMMAND" for "stop a command after 10
// seconds" takes the time as well as its --kill-after=DURATION.
func (c *composition) amountLeads(p passage, syn string) bool {
	kinds := c.amountKinds(p.term())
	if len(kinds) == 0 && c.takesUnit(p) {
		// or the size a SIZE takes (unitOption)
		kinds = c.unitGiven()
	}
	if takesMode(p.block) && c.givesMode() {
		// or the mode: mkdir -m 700
		kinds = append(kinds, analyse.ArgMode)
	}
	return len(kinds) > 0 && !synopsisTakes(syn, kinds)
}

// synopsisTakes says whether a synopsis has an operand of one of kinds:
// timeout's "DURATION COMMAND" takes the time the question gives, which
// its --kill-after takes no better.
func synopsisTakes(syn string, kinds []analyse.ArgKind) bool {
	words := synopsisWords(syn)
	if len(words) > 0 {
		// the command's own name is no placeholder: date(1)'s "date"
		// takes no date
		words = words[1:]
	}
	for _, w := range words {
		w = strings.Trim(w, "[]{}.")
		for _, k := range slotKinds(w) {
			if slices.Contains(kinds, k) {
				return true
			}
		}
	}
	return false
}

// joinAt is a command line's words with ins written in before words[at]:
// an option after the command's name, a value after its option.
func joinAt(words []string, at int, ins ...string) string {
	return strings.Join(slices.Concat(words[:at], ins, words[at:]), " ")
}

// valueWord is a word of a command line that is a value of its own: a
// number, or a path or file name with a dot or a slash in it.
var valueWord = lazyre.New(`^(?:[0-9]+|[A-Za-z0-9_~-]*[./][A-Za-z0-9_./~-]+)$`)
