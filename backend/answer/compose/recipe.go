package compose

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// bundleShare is how close a bundle of option letters must come to the
// best single option the page documents to be the first step in its
// place: other people's command lines run du as "du -sh" for a folder's
// size, and a bundle that does the task nearly as well as -s alone says
// how it is typed.
const bundleShare = 0.9

// optionBundle is a bundle of option letters (see bundle) and the
// command line that runs it, and what it does (see bundleStep).
type optionBundle struct {
	letters    []passage
	line, desc string
}

// leadBundle is the bundle that leads the first page's steps and its
// Summary: options that do the task together, as other people's command
// lines run them, come first as one line: `tar -x -z -f data.tar.gz`,
// not -x alone; nil when there is none, or it is not one line.
func (c *composition) leadBundle(pl *plan) *optionBundle {
	var chosen []passage
	if pl.lead {
		chosen = pl.chosen[:pl.shown]
	}
	// the option that leaves out what the question leaves out joins
	// the bundle the rest make (exclusionJoins)
	if e, ok := c.exclusion(pl.s); ok && len(chosen) > 0 && e.same(chosen[0]) {
		chosen = chosen[1:]
	}
	opts := c.bundle(pl.s, pl.ps, chosen, true)
	if c.losesVerb(pl, opts) {
		// the option that says the verb, with its companions, or none
		opts = c.bundle(pl.s, pl.ps, toFront(slices.Clone(pl.chosen), c.verbOption(pl)), false)
		if c.losesVerb(pl, opts) {
			opts = nil
		}
	}
	if opts == nil {
		opts = c.compressedBundle(pl)
	}
	if opts == nil {
		opts = c.askedLetters(pl)
	}
	if c.otherCompressor(opts) {
		other := func(p passage) bool { return c.compresses(p, false) }
		switch filter := c.askedFilter(pl); {
		case c.compressions[analyse.PlainTar]:
			// tar's -czf for a plain .tar is its -cf
			opts = slices.DeleteFunc(opts, other)
		case filter != nil && !c.compressions[typedName(pl.s.doc, pl.s.hit.Meta.Title)]:
			// and for a .tar.bz2 its -cjf: the letter of the
			// compressor asked in the other's place (on a page of
			// an archiver; a compressor's own page compresses so
			// throughout)
			opts = slices.Clone(opts)
			if !slices.ContainsFunc(opts, filter.same) {
				opts[slices.IndexFunc(opts, other)] = *filter
			}
			opts = slices.DeleteFunc(opts, other)
		default:
			return nil
		}
	}
	// nor one that deletes what the question keeps: zip's -m, "move
	// the specified files into the zip archive", in a bundle people
	// give for zipping a folder
	if !c.lossAsked && slices.ContainsFunc(opts, c.losesData) {
		return nil
	}
	// nor one that makes or changes things where the question only
	// looks: dpkg-deb's -b, "creates a debian archive", beside -c for
	// "list the files inside a deb package" (see bundle)
	if c.looksOnly() && slices.ContainsFunc(opts, func(p passage) bool { return actsFirst(itemDoes(p.block.Text)) }) {
		return nil
	}
	// but an option the question's own words ask for, which the bundle
	// leaves out, keeps the lead (tar's -g for incremental backups,
	// which people seldom bundle), as does one that takes the count,
	// size or time the question gives (grep's -A 2, not -Hn)
	if opts == nil || (pl.asked || pl.lead && c.amountLeads(pl.chosen[0], pl.syn)) && !slices.ContainsFunc(opts, pl.chosen[0].same) {
		return nil
	}
	line, desc := c.bundleStep(pl.s, opts)
	if line == "" {
		return nil
	}
	if p, opt, ok := c.destination(pl.s, pl.ps, line); ok {
		var added bool
		if line, desc, added = placeDestination(p, opt, line, desc); added {
			opts = append(opts, p)
		}
	}
	// an option written into the line says what it does after the
	// bundle's letters
	joins := func(joined string, ps ...passage) {
		line = joined
		for _, p := range ps {
			desc = strings.TrimSuffix(desc, ".") + "; " + itemDoes(p.block.Text)
		}
		opts = append(opts, ps...)
	}
	if p, joined, ok := c.listFileJoins(pl.s, opts, line); ok {
		joins(joined, p)
	}
	if e, joined, ok := c.exclusionJoins(pl.s, opts, line); ok {
		joins(joined, e)
	}
	// "grep -rI TODO src/*.py" goes through src for its .py files as
	// the lead's line does (see includeGlob)
	if joined, added, ok := c.includeGlob(pl.s, line); ok {
		joins(joined, added...)
	}
	line = c.sendOut(pl.s, line)
	return &optionBundle{letters: opts, line: line, desc: desc}
}

// askedLetters is the lead option's letter with the letters of the
// other options chosen as steps that each do a part of the question
// the others do not (by askedShare; see lettersAsked), where people's
// command lines give no bundle for the task: "sort a file numerically in
// reverse order" is "sort -rn", "show all tcp and udp sockets" "ss -ut",
// and not "sort -r" with -n a step below. Letters only, of options that
// take no value, delete nothing and leave no file out; nil where fewer
// than two are asked.
func (c *composition) askedLetters(pl *plan) []passage {
	if !pl.lead || pl.named || len(pl.chosen) < 2 {
		return nil
	}
	letter := func(p passage) bool {
		if !c.optionItem(pl.s, p) || p.aside || c.sweeping(p) || c.losesData(p) || optionArg(p.block.Term) != "" {
			return false
		}
		name, _, _ := strings.Cut(optionForm(strings.TrimSpace(p.block.Term)), " ")
		return len(name) == 2 && name[1] != '-'
	}
	used := c.usage(pl.s.hit.Doc, pl.s.doc)
	scores := c.scoresOf(pl.s.hit.Doc, pl.s.doc)
	// a letter people give for the task at all beyond the command alone,
	// or one the question names whole that people give most (ss's -t
	// and -l for "list listening tcp ports", which people also run ss
	// alone for)
	given := func(p passage) bool {
		return used[p.block.Term] >= askedUsed || namesScore(scores, p.block.Term) >= usageLead && c.optionAsked(p)
	}
	if !letter(pl.chosen[0]) || !given(pl.chosen[0]) || !c.nameAsked(pl.s, pl.chosen[0]) {
		return nil
	}
	letters := []passage{pl.chosen[0]}
	// the other steps chosen, then the page's options the question
	// names whole
	cands := slices.Clone(pl.chosen[1:min(len(pl.chosen), pl.shown)])
	for _, p := range pl.ps {
		if c.optionItem(pl.s, p) && c.optionAsked(p) {
			cands = append(cands, p)
		}
	}
	// and those whose long name the question says half of, where what
	// they do says it too: grep's --ignore-case, "ignore case
	// distinctions", for "case insensitive"; not cat's --show-all,
	// "equivalent to -vET", for "show ... all lines"
	for _, p := range pl.ps {
		if c.optionItem(pl.s, p) && !c.optionAsked(p) && c.nameAsked(pl.s, p) && c.doesAsked(p) {
			cands = append(cands, p)
		}
	}
	// the share each adds is of what the page's options can say: no
	// option says the word the question searches for ("TODO")
	unsaid := make([]bool, len(c.q.Weights))
	for ci := range unsaid {
		said := givenOf(pl.s.hit.NameCov, ci)
		for _, p := range pl.ps {
			if said == 0 && c.optionItem(pl.s, p) {
				said = givenOf(p.cov, ci)
			}
		}
		unsaid[ci] = said == 0 || c.patternNoun(ci)
	}
	for _, p := range cands {
		if letter(p) && given(p) && c.nameAsked(pl.s, p) && !slices.ContainsFunc(letters, p.same) && c.lettersAskedSkip(append(slices.Clone(letters), p), pl.s.hit.NameCov, askedShare, unsaid) {
			letters = append(letters, p)
		}
	}
	if len(letters) < 2 || !withMode(pl.s, letters) {
		return nil
	}
	// and the archive the question names, as people give it: "tar -tzf
	// logs.tar.gz"
	if slices.ContainsFunc(c.ops, func(op operand) bool { return op.kind == analyse.ArgFile }) {
		for _, p := range pl.ps {
			if !c.optionItem(pl.s, p) || p.aside || !fileOption(p.block.Term) || used[p.block.Term] <= 0 {
				continue
			}
			if name, _, _ := strings.Cut(optionForm(strings.TrimSpace(p.block.Term)), " "); len(name) == 2 {
				return append(letters, p)
			}
		}
	}
	return letters
}

// doesAsked says whether what option item p does says a concept of the
// question that is no noun of the text it searches for (see
// patternNoun).
func (c *composition) doesAsked(p passage) bool {
	for ci, v := range c.coverOf(itemDoes(p.block.Text)) {
		if v >= verbSaid && !c.patternNoun(ci) {
			return true
		}
	}
	return false
}

// patternNoun says whether concept ci is the noun the question gives
// the text it searches for after: the "string" of "contain the string
// 404", which grep's --fixed-strings, "interpret PATTERNS as fixed
// strings", says of no task.
func (c *composition) patternNoun(ci int) bool {
	w := strings.ToLower(c.q.Concepts[ci].Word)
	if !patternNouns[strings.TrimSuffix(w, "s")] {
		return false
	}
	for _, op := range c.ops {
		if op.kind == analyse.ArgQuoted && len(op.intro) > 0 && op.intro[len(op.intro)-1] == terms.Stem(w) {
			return true
		}
	}
	return false
}

// patternNouns are the nouns a text searched for is given after.
var patternNouns = map[string]bool{"string": true, "word": true, "text": true, "pattern": true, "phrase": true, "term": true, "expression": true, "regex": true}

// synopsisText is the lines of a page's SYNOPSIS and of the
// subsections under it (tar's "Traditional usage", "UNIX-style usage"),
// trimmed.
func synopsisText(d *document.Document) []string {
	var out []string
	in := false
	for _, sec := range d.Sections {
		switch {
		case strings.EqualFold(sec.Title, "SYNOPSIS"):
			in = true
		case sec.Level <= 1:
			in = false
		}
		if !in {
			continue
		}
		for _, b := range sec.Blocks {
			for _, l := range strings.Split(b.Text, "\n") {
				if l = strings.Join(strings.Fields(l), " "); l != "" {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// withMode says whether a bundle holds one of the options every command
// line of the page starts with, where its synopsis runs it so: tar's
// "tar -c [-f ARCHIVE] ...", "tar -t ...", "tar -x ...", of which
// "tar -za" has none.
func withMode(s *source, letters []passage) bool {
	modes := synopsisModes(s)
	if len(modes) < 2 {
		return true
	}
	return slices.ContainsFunc(letters, func(p passage) bool { return isMode(modes, p) })
}

// synopsisModes are the letters the synopsis's command lines start with
// ("-c", "-t", "-x" of tar's), where at least two do.
func synopsisModes(s *source) map[string]bool {
	typed := typedName(s.doc, s.hit.Meta.Title)
	modes := map[string]bool{}
	for _, l := range synopsisText(s.doc) {
		if f := strings.Fields(strings.TrimPrefix(l, typed+" ")); strings.HasPrefix(l, typed+" ") && len(f) > 0 && len(f[0]) == 2 && f[0][0] == '-' && f[0][1] != '-' {
			modes[f[0]] = true
		}
	}
	if len(modes) < 2 {
		return nil
	}
	return modes
}

// isMode says whether option item p is one of modes.
func isMode(modes map[string]bool, p passage) bool {
	return slices.ContainsFunc(optionNames(p.block.Term), func(n string) bool { return modes[n] })
}

// askedShare is the least share of the question each letter of a
// bundle askedLetters makes must add to the others and the NAME line:
// more than a bundle people type needs (letterShare), as no one's
// command line vouches for this one.
const askedShare = 0.1

// askedUsed is the least usage (see usage) of each letter askedLetters
// bundles: people give it for the task at all.
const askedUsed = 0.1

// nameAsked says whether the question asks with at least half the words
// of an option's long name, and one at least, leaving out the program's
// name, words that start with it (uniq's --unique, which "count the
// unique lines" does not ask for) and its NAME line's first word (as
// termAsked does): sort's
// "--numeric-sort" for "sort numerically", ss's "--listening" for
// "listening ports"; not diff's "--report-identical-files" for
// "compare two files".
func (c *composition) nameAsked(s *source, p passage) bool {
	title, lead := strings.ToLower(s.hit.Meta.Title), nameLead(s.hit.Meta.Summary)
	for _, name := range optionNames(p.block.Term) {
		long, ok := strings.CutPrefix(name, "--")
		if !ok || metaOptions[name] {
			continue
		}
		asked, words := 0, 0
		for _, w := range strings.Split(long, "-") {
			st := terms.Stem(w)
			if len(w) <= 2 || strings.Contains(title, w) || len(title) >= 3 && strings.HasPrefix(w, title) || st == lead {
				continue
			}
			words++
			if c.asksWord(st) {
				asked++
			}
		}
		if asked > 0 && 2*asked >= words {
			return true
		}
	}
	return false
}

// compressedBundle is the bundle of a page that chooses among
// compressors (see askedCompressor) for a question that names the
// compressed archive it works on, where people's command lines give no
// bundle for it: the option that says the question's verb, the
// compressor's letter and the option people give the archive with, as
// "tar -xJf" extracts a .tar.xz. nil where any of them is missing.
func (c *composition) compressedBundle(pl *plan) []passage {
	if len(c.compressions) == 0 {
		return nil
	}
	var verb passage
	if v := c.verbOption(pl); v >= 0 {
		verb = pl.chosen[v]
	} else if p, ok := c.packingOption(pl); ok {
		verb = p
	} else {
		return nil
	}
	u := c.usage(pl.s.hit.Doc, pl.s.doc)
	var takes *passage
	for i := range pl.ps {
		p := &pl.ps[i]
		if !c.shortOption(pl.s, *p) || p.same(verb) {
			continue
		}
		if optionArg(p.block.Term) != "" && u[p.block.Term] > 0 && (takes == nil || u[p.block.Term] > u[takes.block.Term]) {
			takes = p
		}
	}
	filter := c.askedFilter(pl)
	if filter == nil || filter.same(verb) || takes == nil || filter.same(*takes) || !c.shortOption(pl.s, verb) {
		return nil
	}
	return []passage{verb, *filter, *takes}
}

// packingOption is the option of the first page that creates an archive
// ("create a new archive"), where the question's verb compresses or
// packs what it names into one ("compress the folder photos into
// photos.tar.xz"): no option says that verb but the compressor's own
// (-Z, "--compress"), and the archive is created. ok is false where
// the verb is another, or the page has no such option.
func (c *composition) packingOption(pl *plan) (passage, bool) {
	verb, ok := c.distinctVerb()
	if !ok || !packingVerbs[verb] {
		return passage{}, false
	}
	return itemWhere(pl.s, func(p passage) bool {
		return c.shortOption(pl.s, p) && createsArchive().MatchString(itemSentence(p.block.Text))
	})
}

// packingVerbs are the stems of verbs that put files into an archive.
var packingVerbs = map[string]bool{terms.Stem("compress"): true, terms.Stem("pack"): true, terms.Stem("bundle"): true}

var createsArchive = lazyre.New(`(?i)^\s*create\s+(?:a\s+)?(?:new\s+)?archive\b`)

// askedFilter is the first of the first page's passages scored, or else
// of its option items, that is an option letter compressing as the
// question's files are compressed (tar's -j for a .tar.bz2), or nil.
func (c *composition) askedFilter(pl *plan) *passage {
	for i := range pl.ps {
		if p := &pl.ps[i]; c.shortOption(pl.s, *p) && c.compresses(*p, true) {
			return p
		}
	}
	for p := range ownItems(pl.s.doc) {
		if c.shortOption(pl.s, p) && c.compresses(p, true) {
			return &p
		}
	}
	return nil
}

// shortOption says whether passage p is an option item of a single
// letter.
func (c *composition) shortOption(s *source, p passage) bool {
	if !c.optionItem(s, p) || p.aside {
		return false
	}
	name, _, _ := strings.Cut(optionForm(strings.TrimSpace(p.block.Term)), " ")
	return len(name) == 2
}

// losesVerb says whether a bundle leaves out the question's verb where
// an option chosen says it that people give for the task too (see
// verbOption): the -czf people type to make a tarball, whose -c creates
// one, is no answer to "extract the archive files.tar.gz into the folder
// /tmp/x", which tar's -x says.
func (c *composition) losesVerb(pl *plan, letters []passage) bool {
	return len(letters) > 0 && c.verbOption(pl) >= 0 && !slices.ContainsFunc(letters, c.saysVerb)
}

// verbOption is the option chosen that says the question's verb and that
// people give most for the task (usage, more than none), -1 for none.
func (c *composition) verbOption(pl *plan) int {
	u := c.usage(pl.s.hit.Doc, pl.s.doc)
	best := -1
	for i, p := range pl.chosen {
		if c.optionItem(pl.s, p) && c.saysVerb(p) && u[p.block.Term] > 0 && (best < 0 || u[p.block.Term] > u[pl.chosen[best].block.Term]) {
			best = i
		}
	}
	return best
}

// saysVerb says whether a passage says the question's verb, where that
// is no verb every other option says (distinctVerb).
func (c *composition) saysVerb(p passage) bool {
	_, ok := c.distinctVerb()
	return ok && givenOf(p.cov, c.verb) >= verbSaid
}

// distinctVerb is the stem of the question's verb, where it has one and
// it is no verb every other option says (lightVerbs): what tells one of
// a page's options apart from the others.
func (c *composition) distinctVerb() (string, bool) {
	if c.verb < 0 {
		return "", false
	}
	verb := terms.Stem(c.q.Concepts[c.verb].Word)
	return verb, !lightVerbs()[verb]
}

// lightVerbs are verbs that most options of a page say, of what they
// print or how: ls's -c "show ctime" says no more "display file
// metadata" than its -l. By stem: "shows" is "show".
var lightVerbs = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range []string{"show", "display", "print", "list", "see", "view", "get", "find", "check", "give", "make", "do", "use", "run", "output"} {
		out[terms.Stem(w)] = true
	}
	return out
})

// verbSaid is the least share of the question's verb an option says to
// say it (an alternative the thesaurus weighs 0.8, "remove" for
// "delete", does).
const verbSaid = 0.8

// otherCompressor says whether a letter of a bundle compresses with
// another format than the question's file names, where it names one:
// the -czf people type to make a tarball is no way to make a .tar.zst.
func (c *composition) otherCompressor(letters []passage) bool {
	asked := c.compressions
	if len(asked) == 0 {
		return false
	}
	return slices.ContainsFunc(letters, func(p passage) bool { return c.compresses(p, false) })
}

// compresses says whether what passage p does names a compressor the
// question's files are compressed with (asked), or one they are not
// (!asked): tar's -z, "Filter the archive through gzip(1)", for a
// .tar.gz or for a .tar.zst.
func (c *composition) compresses(p passage, asked bool) bool {
	for f := range analyse.Compressors(itemDoes(p.block.Text)) {
		if c.compressions[f] == asked {
			return true
		}
	}
	return false
}

// bundleFirst makes the bundle the first step, ahead of the steps
// written without the passages it covers (see chosenSteps), and the
// Summary's "Use" sentence, in the lead option's place.
func (c *composition) bundleFirst(pl *plan, steps, summary []string) ([]string, []string) {
	b := pl.bundle
	var cited []string
	for _, p := range b.letters {
		if ct := c.cite(pl.s, p.title); !slices.Contains(cited, ct) {
			cited = append(cited, ct)
		}
	}
	cites := strings.Join(cited, " ")
	steps = append([]string{fmt.Sprintf("`%s`: %s %s", b.line, b.desc, cites)}, steps...)
	use := fmt.Sprintf("Use `%s`: %s %s.", b.line, strings.TrimSuffix(b.desc, "."), cites)
	if saysUse(summary) {
		summary[1] = use
	} else {
		summary = slices.Insert(summary, 1, use)
	}
	return steps, summary
}

// bundle is the letters of the first page's options that other people's
// command lines run together for the task (tasks.Model.Options knows
// "du -sh" as an option of its own): the bundle that scores best, each of
// its letters an option item of the page, when it scores at least
// usageLead beyond the command without options and bundleShare of the
// best single option the page documents; else the lead option chosen
// with its companions (see companions); nil otherwise. Without people,
// only the latter.
func (c *composition) bundle(s *source, ps []passage, chosen []passage, people bool) []passage {
	scores := c.scoresOf(s.hit.Doc, s.doc)
	if len(scores) < 2 {
		return nil
	}
	items := map[string]passage{} // option name → its item
	looks := c.looksOnly()
	for _, p := range ps {
		// a shell's test is no letter of its command line (see shellTest)
		if !c.optionItem(s, p) || c.sweeping(p) || c.losesData(p) || shellTest(s, p) || c.contradicts(p) {
			continue
		}
		// A question that only looks ("list the files in
		// archive.tar.gz") runs no letter that makes or changes
		// things: tar's -c, "create a new archive", of the -czf people
		// type most with a .tar.gz.
		if looks && actsFirst(itemDoes(p.block.Text)) {
			continue
		}
		if _, sub := c.optionCommand(s, p); sub {
			continue
		}
		for _, n := range optionNames(p.block.Term) {
			if _, ok := items[n]; !ok {
				items[n] = p
			}
		}
	}
	best, most := bestBundle(scores, items)
	if !people || slices.ContainsFunc(best, c.valueLeft) || slices.ContainsFunc(best, valued) && !c.lettersAsked(best, s.hit.NameCov) || c.siblingsUnasked(best, chosen, scores) {
		best = nil
	}
	// the best single option the bundle leaves out: one of its own
	// letters alone (rm's -r) is the bundle as people type it (-rf)
	single := 0.0
	for n, p := range items {
		if !slices.ContainsFunc(best, p.same) {
			single = max(single, scores[n])
		}
	}
	// A bundle scores as its best letter that takes no value: people
	// type rm's -r, the option for "delete a folder with its files", as
	// -rf, which the data's lines for the task seldom say in its words.
	// Not as its -f ARCHIVE, which every tar line gives.
	for _, b := range best {
		if optionArg(b.block.Term) != "" {
			continue
		}
		for _, n := range optionNames(b.block.Term) {
			most = max(most, scores[n])
		}
	}
	if best != nil && most-scores[""] >= usageLead && most >= bundleShare*single {
		return best
	}
	// or where it beats the command alone and the question asks for
	// what each of its letters does: "the total ... as one
	// human-readable number" is du's -s, "display only a total", and
	// its -h, "human readable format", typed -sh
	if best != nil && most > scores[""] && most >= bundleShare*single && c.lettersAsked(best, s.hit.NameCov) {
		return best
	}
	if req := required(items, chosen, c.q.Weights, scores); req != nil {
		return req
	}
	return c.companions(s, scores, items, chosen)
}

// siblingsUnasked says whether a bundle holds, beside the lead option
// (chosen[0]), only letters that do what the lead does to other things
// the question does not ask for: uname's -s, "print the kernel name",
// and -v, "print the kernel version", beside -r, "print the kernel
// release", for "print the kernel release", which people type as
// "uname -srv" for all three. Letters that change how the lead does its
// task (du's -h beside -s, rm's -f beside -r) are no siblings.
func (c *composition) siblingsUnasked(letters, chosen []passage, scores map[string]float64) bool {
	if len(letters) < 2 || len(chosen) == 0 || !slices.ContainsFunc(letters, chosen[0].same) {
		return false
	}
	// where people give another letter of it for the task more than the
	// lead, the bundle is how they ask for that one: "uname -srv" for
	// "which kernel version am I running", whose -r people mean, where
	// the lead is -v, "print the kernel version"
	lead := namesScore(scores, chosen[0].block.Term)
	if slices.ContainsFunc(letters, func(p passage) bool { return !p.same(chosen[0]) && namesScore(scores, p.block.Term) > lead }) {
		return false
	}
	words := leadWords(itemDoes(chosen[0].block.Text))
	if words == "" {
		return false
	}
	for _, p := range letters {
		if !p.same(chosen[0]) && (leadWords(itemDoes(p.block.Text)) != words || saysMore(p, chosen[0])) {
			return false
		}
	}
	return true
}

// saysMore says whether passage p says a concept of the question (at
// verbSaid) that passage than says less of: uname's -v says "version",
// which -r, "print the kernel release", says only as the thesaurus'
// "release".
func saysMore(p, than passage) bool {
	for ci := range p.cov {
		if givenOf(p.cov, ci) >= verbSaid && givenOf(than.cov, ci) < verbSaid {
			return true
		}
	}
	return false
}

// leadWords are the first three words of what an option does,
// lowercase: "print the kernel"; "" for fewer.
func leadWords(does string) string {
	f := strings.Fields(strings.ToLower(does))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// valueLeft says whether a letter of a bundle takes a value the
// question does not give, other than the archive it works on: wget's
// -O FILE of "-qcO", which people type with "-" to print what they
// fetch, for "resume a download" would write it all to a file named
// FILE.
func (c *composition) valueLeft(p passage) bool {
	return valued(p) && !c.takesArg(p.term())
}

// valued says whether a letter of a bundle takes a value other than
// the archive it works on. A bundle with one is typed only where the
// question asks for each of its letters (lettersAsked): wget's "-qcO
// today.csv" for "download URL and store it as today.csv" asks for -O
// alone, and quiets and resumes what it did not ask to.
func valued(p passage) bool {
	return optionArg(p.block.Term) != "" && !fileOption(p.block.Term)
}

// lettersAsked says whether each letter of a bundle says a share of
// the question (at least letterShare of what the page's names and NAME
// line, given, leave of it) that they and its other letters do not:
// uname's -r, "print the kernel release", is the question "print the
// running kernel release", whose -s, "print the kernel name", adds
// nothing to it.
func (c *composition) lettersAsked(letters []passage, given []float64) bool {
	return c.lettersAskedBy(letters, given, letterShare)
}

// lettersAskedBy is lettersAsked with the least share each letter adds.
func (c *composition) lettersAskedBy(letters []passage, given []float64, least float64) bool {
	return c.lettersAskedSkip(letters, given, least, nil)
}

// lettersAskedSkip is lettersAskedBy counting no concept skip marks.
func (c *composition) lettersAskedSkip(letters []passage, given []float64, least float64, skip []bool) bool {
	for i, p := range letters {
		if num, den := c.saysBeyond(p, letters, i, given, skip); den <= 0 || num < least*den {
			return false
		}
	}
	return true
}

// saysBeyond is what passage p says of the question, weighed by its
// concepts' weights, that neither the NAME line (given) nor any of others
// but others[self] says (num), of what the NAME line leaves (den); a
// concept skip marks counts in neither.
func (c *composition) saysBeyond(p passage, others []passage, self int, given []float64, skip []bool) (num, den float64) {
	for ci, w := range c.q.Weights {
		if ci < len(skip) && skip[ci] {
			continue
		}
		g := givenOf(given, ci)
		most := g
		for j, o := range others {
			if j != self {
				most = max(most, givenOf(o.cov, ci))
			}
		}
		den += w * (1 - g)
		num += w * max(0, givenOf(p.cov, ci)-most)
	}
	return num, den
}

// letterShare is the least share of the question a letter of a bundle
// adds to the others and the NAME line (see lettersAsked).
const letterShare = 0.05

// required is the lead option (chosen[0]) with the option its page says
// it is used only with, where the page documents that one: usermod's
// -a, "Use only with the -G option.", typed alone adds to no group. Or,
// where its text ends saying which options it modifies ("print a name
// instead of a number, for -ugG"), with the one of those that says most
// of the question, of those alike the one other people's command lines
// for the task run most (scores), else the first: id's -n alone is an
// error, "id -un" prints the user's name. nil where it says of none.
func required(items map[string]passage, chosen []passage, weights []float64, scores map[string]float64) []passage {
	if len(chosen) == 0 {
		return nil
	}
	lead := chosen[0]
	var names []string
	needs := onlyWith().FindStringSubmatch(lead.block.Text)
	if needs != nil {
		names = []string{needs[1]}
	} else if m := modifies().FindStringSubmatch(lead.block.Text); m != nil {
		for _, l := range m[1] {
			names = append(names, "-"+string(l))
		}
	}
	var best *passage
	most, bestName := -1.0, ""
	for _, n := range names {
		other, ok := items[n]
		if !ok || other.same(lead) {
			continue
		}
		said := 0.0
		for ci, w := range weights {
			said += w * givenOf(other.cov, ci)
		}
		if said > most || said == most && scores[n] > scores[bestName] {
			best, most, bestName = &other, said, n
		}
	}
	switch {
	case best == nil:
		return nil
	case needs != nil:
		return []passage{lead, *best} // its value last: "-aG GROUP"
	}
	return []passage{*best, lead} // as typed: "-un"
}

// onlyWith is an option's text saying which option it needs.
var onlyWith = lazyre.New(`(?i)\b(?:use|used|valid|meaningful|works)\s+only\s+(?:with|together\s+with|in\s+combination\s+with)\s+(?:the\s+)?(-{1,2}[A-Za-z][A-Za-z0-9-]*)\b`)

// modifies is an option's text ending with the options it modifies, run
// together: id's "..., for -ugG".
var modifies = lazyre.New(`,\s+(?:for|with)\s+-([A-Za-z]{1,4})\.?$`)

// companions is the lead option's letter (chosen[0]) with the letter
// people give the file it works on with, and the letters of the other
// options chosen as steps, as they type them: tar's -x as "tar -xzf
// bundle.tar.gz", its -z chosen too; of such bundles other people's
// command lines run for the task (at least companionLead), the one of
// the most letters, the best scoring of those. A letter of any other
// kind is no companion (zip's -r is no "-rs splitsize"); nil where there
// is none.
func (c *composition) companions(s *source, scores map[string]float64, items map[string]passage, chosen []passage) []passage {
	if len(chosen) == 0 || !c.optionItem(s, chosen[0]) {
		return nil
	}
	lead := chosen[0]
	if optionArg(lead.block.Term) != "" {
		// tar's -f, which every tar line gives, says nothing of what
		// the line does: -cf is no way to append to an archive
		return nil
	}
	asked := map[byte]passage{}
	for _, p := range chosen[1:] {
		if c.optionItem(s, p) {
			for _, n := range optionNames(p.block.Term) {
				if len(n) == 2 && n[1] != '-' {
					asked[n[1]] = p
				}
			}
		}
	}
	for _, n := range optionNames(lead.block.Term) {
		if len(n) != 2 || n[1] == '-' {
			continue
		}
		var best []passage
		most := 0.0
		for _, o := range slices.Sorted(maps.Keys(scores)) {
			if !letterBundle(o) || o[1] != n[1] || scores[o] < companionLead {
				continue
			}
			p, ok := items["-"+o[len(o)-1:]]
			if !ok {
				continue
			}
			if f := strings.Fields(optionArg(p.block.Term)); len(f) == 0 || !slices.Contains(slotKinds(f[0]), analyse.ArgFile) {
				continue
			}
			letters := []passage{lead}
			for i := 2; i < len(o)-1 && letters != nil; i++ {
				if a, ok := asked[o[i]]; ok {
					letters = append(letters, a)
				} else {
					letters = nil
				}
			}
			if letters != nil && (len(letters) >= len(best) || len(letters)+1 == len(best) && scores[o] > most) {
				best, most = append(letters, p), scores[o]
			}
		}
		if best != nil {
			return best
		}
	}
	// the archive the option that names it names, which the lead went
	// ahead of (operandOptionAfter), is its companion where the option
	// model knows no bundle of the two: "tar -df ARCHIVE"
	if len(chosen) > 1 && c.optionItem(s, chosen[1]) && fileOption(chosen[1].block.Term) && shortName(lead.block.Term) && shortName(chosen[1].block.Term) {
		return []passage{lead, chosen[1]}
	}
	return nil
}

// shortName says whether an option item documents a one-letter option,
// which a bundle can take: "-d, --diff, --compare".
func shortName(term string) bool {
	return slices.ContainsFunc(optionNames(term), func(n string) bool { return len(n) == 2 && n[1] != '-' })
}

// companionLead is the least score of the bundle of the lead option's
// letter and the letter of its file for it to take the lead option's
// place.
const companionLead = 0.3

// bestBundle is the letter bundle of scores that scores best (the first
// in order of ties), each of its letters an option item of items; and
// its score.
func bestBundle(scores map[string]float64, items map[string]passage) (best []passage, most float64) {
	for _, o := range slices.Sorted(maps.Keys(scores)) {
		if v := scores[o]; !letterBundle(o) || v <= most {
			continue
		}
		if _, ok := items[o]; ok {
			continue // find's -name is an option, not n, a, m and e
		}
		var ps []passage
		for _, l := range o[1:] {
			p, ok := items["-"+string(l)]
			if !ok {
				ps = nil
				break
			}
			ps = append(ps, p)
		}
		if ps != nil {
			best, most = ps, scores[o]
		}
	}
	return best, most
}

// letterBundle says whether an option is single-dash letters run
// together: "-sh", "-xzf".
func letterBundle(o string) bool {
	if len(o) < 3 || o[0] != '-' || o[1] == '-' {
		return false
	}
	for _, r := range o[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// bundleStep is the command line that runs a bundle's letters as one
// option, its value last ("du -sh videos", "tar -xzf data.tar.gz"), as
// the synopsis writes the command with the question's operands written
// in; and what each letter does. "" where a letter that takes a value is
// not the last.
func (c *composition) bundleStep(s *source, letters []passage) (line, desc string) {
	var opt, value string
	for i, p := range letters {
		name, arg, _ := strings.Cut(optionForm(strings.TrimSpace(p.block.Term)), " ")
		if len(name) != 2 {
			return "", ""
		}
		if arg != "" {
			if i < len(letters)-1 {
				return "", ""
			}
			// its placeholder alone, a list kept one: "GROUP1,..." of
			// "GROUP1[,GROUP2,...]"
			value = " " + strings.Trim(listPlaceholder(strings.Fields(arg)[0]), "[]")
		}
		opt += name[1:]
	}
	form, cmd := c.bundledForm(s, letters, "-"+opt+value)
	valued := s.valued()
	if value != "" {
		// the bundle takes its last letter's value: "-czf ARCHIVE"
		valued = maps.Clone(valued)
		if valued == nil {
			valued = map[string]bool{}
		}
		valued["-"+opt] = true
	}
	line, _ = fill(form, cmd, c.opsFor(form), valued)
	// what the question works on, where no operand of the synopsis took
	// it, goes last, as it does on most command lines: "tar -czf
	// ARCHIVE photos"
	for _, op := range c.opsFor(line) {
		switch op.kind {
		case analyse.ArgFolder, analyse.ArgFile, analyse.ArgPath, analyse.ArgGlob:
			if !op.to && !slices.Contains(strings.Fields(line), op.text) {
				line += " " + op.text
			}
		}
	}
	return line, document.ClipLine(lettersSaid(letters), 300) + "."
}

// lettersSaid is what each of a bundle's letters does, named by the
// letter: which of "-cJf" filters through xz is no guess ("-c: create a
// new archive; -J: filter the archive through xz(1); -f: ...").
func lettersSaid(letters []passage) string {
	var what []string
	for _, p := range letters {
		name, _, _ := strings.Cut(optionForm(strings.TrimSpace(p.block.Term)), " ")
		if d := strings.TrimSuffix(itemDoes(p.block.Text), "."); d != "" {
			what = append(what, name+": "+lowerFirst(d))
		}
	}
	return strings.Join(what, "; ")
}

// bundledForm is the synopsis's form that shows a bundle's first letter
// ("tar -c [-f ARCHIVE] [FILE...]"), the bundle as typed (bundled, "-czf
// ARCHIVE") in its place and the other letters, with their values, out;
// and the command the letters are given to (cmd).
func (c *composition) bundledForm(s *source, letters []passage, bundled string) (form, cmd string) {
	cmd, _ = c.optionCommand(s, letters[0])
	first := optionForm(strings.TrimSpace(letters[0].block.Term))
	firstName, _, _ := strings.Cut(first, " ")
	words := strings.Fields(invocation(s.doc, cmd, first))
	out := []string{words[0]}
	for i := 1; i < len(words); i++ {
		w := words[i]
		name := strings.Trim(w, "[]")
		if name == firstName && !slices.Contains(out, bundled) {
			out = append(out, bundled)
			i += len(strings.Fields(first)) - 1
			continue
		}
		if l := itemOf(letters, name); l != nil {
			if optionArg(l.block.Term) != "" {
				i++ // and its value: "[-f ARCHIVE]"
			}
			continue
		}
		out = append(out, w)
	}
	if !slices.Contains(out, bundled) {
		out = slices.Insert(out, 1, bundled)
	}
	return strings.Join(out, " "), cmd
}

// lowerFirst lowercases a description's first letter where it starts a
// sentence only ("Filter the archive"), not a name ("GNU", "PID").
func lowerFirst(s string) string {
	if len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'a' && s[1] <= 'z' {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}

// itemOf is the item of option name ("-f") among a bundle's letters,
// nil if none is.
func itemOf(letters []passage, name string) *passage {
	for i, p := range letters {
		if slices.Contains(optionNames(p.block.Term), name) {
			return &letters[i]
		}
	}
	return nil
}

// covers says whether a passage is an option item of the command itself
// that documents one of the bundle's letters, by any of its names ("-z",
// "--gzip"): its own step would run alone what the bundle runs.
func (c *composition) covers(s *source, b *optionBundle, p passage) bool {
	if !c.optionItem(s, p) {
		return false
	}
	if _, sub := c.optionCommand(s, p); sub {
		return false
	}
	names := optionNames(p.block.Term)
	for _, l := range b.letters {
		if slices.ContainsFunc(optionNames(l.block.Term), func(n string) bool { return slices.Contains(names, n) }) {
			return true
		}
	}
	return false
}

// contradicts says whether option item p's first sentence negates, by
// the word right after a negator, what the question asks for and does
// not negate itself: rm's -f, "never prompt", for "delete them, but ask
// before each one", which people's rm -rf would not. Not a negation
// that reaches further ("will not be written to the appropriate
// files"), which says how, not whether.
func (c *composition) contradicts(p passage) bool {
	first := itemSentence(p.block.Text)
	// most sentences hold no negator, which is quicker to see than to
	// match: "no" and "not" hold "no", "do not" too
	if l := strings.ToLower(first); !strings.Contains(l, "no") && !strings.Contains(l, "never") && !strings.Contains(l, "without") && !strings.Contains(l, "don") {
		return false
	}
	for _, m := range negatedWord().FindAllStringSubmatch(first, -1) {
		for ci, x := range c.coverOf(m[1]) {
			if x > 0 && !(ci < len(c.negated) && c.negated[ci]) && !(ci < len(c.withheld) && c.withheld[ci]) {
				return true
			}
		}
	}
	return false
}

// negatedWord is a word right after a negator.
var negatedWord = lazyre.New(`(?i)\b(?:never|not|no|without|don't|do\s+not)\s+([a-z]+)`)
