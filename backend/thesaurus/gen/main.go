//go:build ignore

// Command gen turns the WordNet database (Debian package wordnet-base) into
// the compact wordnet.txt that package thesaurus embeds, so that building
// ragman does not need WordNet installed. Run it through `go generate` in
// the package directory.
//
// The output keeps only what helps query expansion: single-word lemmas,
// the synonyms of their few most frequent senses (by the tag counts of
// cntlist.rev), optionally the direct hypernyms of verbs, and the irregular
// forms of the exception lists. It is plain text, so that a regeneration
// shows in review as a readable diff. After '#' comment lines (WordNet's
// license) each line is
//
//	key [TAB =lemma lemma ...] [TAB weight word word ...]...
//
// "=" lists the lemmas of an irregular form ("ran", "=run"); each further
// group is a weight in hundredths and the words related with it, groups in
// descending weight and words sorted. A key with nothing after it is a word
// WordNet knows that must not be taken for an inflection of another.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

var (
	dir       = flag.String("dir", defaultDir(), "WordNet dictionary directory (index.*, data.*, *.exc, cntlist.rev)")
	stopFile  = flag.String("stop", "stop.txt", "stoplist shared with the package")
	out       = flag.String("out", "wordnet.txt", "output file")
	hypernyms = flag.Bool("hypernyms", true, "add direct hypernyms of verb senses")
	explain   = flag.String("explain", "", "write here the synonyms dropped because the synset is a rare sense of the synonym")
)

// Tuning. A synonym's weight grows with its sense's share of the word's
// tag count, from minWeight to maxWeight, because a word's rarer senses are
// more often not the one a question means.
const (
	minWeight = 0.6
	maxWeight = 0.8
	// keep at most this many senses of a word in each part of speech, and
	// only those tagged at least minShare as often as its most frequent
	// sense in any part of speech: rarer ones are mostly literary or
	// technical uses of other fields
	maxSenses = 3
	minShare  = 0.10
	// a hypernym ("erase" -> "remove") is looser than a synonym, and is
	// taken only from a verb's dominant senses: the hypernyms of minor
	// senses drift far from what the word usually means
	hypernymWeight = 30
	hypernymShare  = 0.5
	// a verb with this many hyponyms ("change, alter, modify" has 401)
	// is too general to say anything about the word below it
	maxHyponyms = 150
	minLen      = 3
)

func defaultDir() string {
	if d := os.Getenv("WNHOME"); d != "" {
		return filepath.Join(d, "dict")
	}
	return "/usr/share/wordnet"
}

// pos is a WordNet part of speech as used in file names.
type pos struct {
	name   string // file suffix: noun, verb, adj
	letter byte   // synset type in data files and pointers
	sstype []byte // ss_type digits in sense keys (adjective satellites are 5)
}

var poses = []pos{
	{"noun", 'n', []byte{'1'}},
	{"verb", 'v', []byte{'2'}},
	{"adj", 'a', []byte{'3', '5'}},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("thesaurus/gen: ")
	flag.Parse()
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	if _, err := os.Stat(filepath.Join(*dir, "index.noun")); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("WordNet not found in %s: install the Debian package wordnet-base (apt-get install wordnet-base), or pass -dir or set WNHOME", *dir)
		}
		return err
	}
	stop, err := readStop(*stopFile)
	if err != nil {
		return err
	}
	counts, err := readCounts(filepath.Join(*dir, "cntlist.rev"))
	if err != nil {
		return err
	}

	// familiarity: how often a lemma was tagged in the sense-tagged corpus
	familiar := map[string]int{}
	for r, n := range counts {
		familiar[r.lemma] += n
	}

	type sense struct {
		p     pos
		data  []byte
		off   int64
		rank  int // in its part of speech
		count int
	}
	type lemma struct {
		senses []sense
		top    int // highest tag count over all its senses
	}
	lemmas := map[string]*lemma{}
	type synRef struct {
		lemma string
		pos   byte
		off   int64
	}
	senseOf := map[synRef]sense{}
	for _, p := range poses {
		data, err := os.ReadFile(filepath.Join(*dir, "data."+p.name))
		if err != nil {
			return err
		}
		idx, err := readIndex(filepath.Join(*dir, "index."+p.name))
		if err != nil {
			return err
		}
		for _, e := range idx {
			if !goodWord(e.lemma, stop) {
				continue
			}
			l := lemmas[e.lemma]
			if l == nil {
				l = &lemma{}
				lemmas[e.lemma] = l
			}
			for i, off := range e.offsets {
				n := 0
				for _, t := range p.sstype {
					n += counts[senseRef{e.lemma, t, i + 1}]
				}
				l.senses = append(l.senses, sense{p, data, off, i, n})
				senseOf[synRef{e.lemma, p.letter, off}] = l.senses[len(l.senses)-1]
				l.top = max(l.top, n)
			}
		}
	}

	rel := map[string]map[string]int{} // key -> related word -> weight
	add := func(k, w string, weight int) {
		if familiar[k] == 0 && familiar[w] == 0 {
			// neither word occurs in the tagged corpus: a relation between
			// two rare words ("salmagundi", "hodgepodge") never meets a
			// question about Linux, and half the data would be such pairs
			return
		}
		m := rel[k]
		if m == nil {
			m = map[string]int{}
			rel[k] = m
		}
		if weight > m[w] {
			m[w] = weight
		}
	}
	// keeps reports whether a lemma's sense s is one of its usual ones. The
	// test is applied from both ends of a synonym: "password" and "word"
	// share a synset, but it is a rare sense of "word", and a question
	// saying "word" almost never means a password.
	keeps := func(l *lemma, s sense, strict bool) (share float64, ok bool) {
		limit, least := maxSenses, minShare
		if !strict {
			limit, least = maxSenses+2, minShare/2
		}
		if s.rank >= limit {
			return 0, false
		}
		// One tag more than counted, so that a word seen five times in
		// one sense and never in another does not lose the other on that
		// little evidence; an untagged word keeps only its first sense in
		// each part of speech, WordNet's order being all there is to go on.
		share = float64(s.count+1) / float64(l.top+1)
		if l.top == 0 && s.rank > 0 && strict || share < least {
			return 0, false
		}
		return share, true
	}
	var nSenses, nSkippedProper, nOneSided int
	var oneSided []string
	for key, l := range lemmas {
		for _, s := range l.senses {
			share, ok := keeps(l, s, true)
			if !ok {
				continue
			}
			ss, err := parseSynset(s.data, s.off)
			if err != nil {
				return fmt.Errorf("data.%s: %v", s.p.name, err)
			}
			if ss.isProper(key) {
				// "bill" the name, "apple" the company: not what a
				// question means by the lowercase word
				nSkippedProper++
				continue
			}
			nSenses++
			w := int(math.Round(100 * (minWeight + (maxWeight-minWeight)*share)))
			for _, syn := range ss.words {
				if syn == key || !goodWord(syn, stop) {
					continue
				}
				if sl := lemmas[syn]; sl != nil {
					if _, ok := keeps(sl, senseOf[synRef{syn, s.p.letter, s.off}], false); !ok {
						nOneSided++
						oneSided = append(oneSided, key+" -> "+syn)
						continue
					}
				}
				add(key, syn, w)
			}
			if *hypernyms && s.p.letter == 'v' && share >= hypernymShare {
				for _, h := range ss.hypernyms {
					hs, err := parseSynset(s.data, h)
					if err != nil {
						return fmt.Errorf("data.%s: %v", s.p.name, err)
					}
					if hs.hyponyms > maxHyponyms {
						continue
					}
					for _, syn := range hs.words {
						if syn == key || !goodWord(syn, stop) {
							continue
						}
						if sl := lemmas[syn]; sl != nil {
							if _, ok := keeps(sl, senseOf[synRef{syn, s.p.letter, h}], false); !ok {
								nOneSided++
								oneSided = append(oneSided, key+" -> "+syn+" (hypernym)")
								continue
							}
						}
						add(key, syn, hypernymWeight)
					}
				}
			}
		}
	}

	irregular := map[string][]string{}
	for _, p := range poses {
		if err := readExceptions(filepath.Join(*dir, p.name+".exc"), stop, irregular); err != nil {
			return err
		}
	}

	// Keep an irregular form only where it helps: where its lemma has
	// relations to give, and the package's detachment rules would not
	// find the lemma anyway ("copied" is in the list, but so is the rule
	// "ied" -> "y"). A form with relations of its own ("found") is kept
	// as it is ambiguous. Most of the lists' forms go: Latin plurals and
	// comparatives of words with no synonyms.
	keys := map[string]bool{}
	for w := range rel {
		keys[w] = true
	}
	for w := range irregular {
		keys[w] = true
	}
	for _, form := range sortedKeys(irregular) {
		ls := irregular[form]
		if rel[form] != nil {
			continue
		}
		useful := false
		for _, l := range ls {
			useful = useful || rel[l] != nil
		}
		if !useful || len(ls) == 1 && resolve(form, func(w string) bool { return w != form && keys[w] }) == ls[0] {
			delete(irregular, form)
		}
	}

	// A word WordNet knows but relates to nothing is still written, with
	// no relations, where undoing a regular ending would turn it into
	// another word: the package looks a word up by its lemma only if the
	// word itself is missing, and "news" is not "new", nor "printer"
	// "print".
	var blocked []string
	for w := range lemmas {
		if rel[w] != nil || irregular[w] != nil {
			continue
		}
		for _, r := range detach {
			if stem, ok := strings.CutSuffix(w, r.suffix); ok && len(stem) >= 2 && lemmas[stem+r.repl] != nil {
				blocked = append(blocked, w)
				break
			}
		}
	}

	license, err := readLicense(filepath.Join(*dir, "index.noun"))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("# Generated by gen/main.go from WordNet; DO NOT EDIT. Format in gen/main.go.\n#\n")
	for _, l := range license {
		buf.WriteString(strings.TrimRight("# "+l, " "))
		buf.WriteByte('\n')
	}

	lines := make([]string, 0, len(rel)+len(irregular)+len(blocked))
	lines = append(lines, blocked...)
	for k := range rel {
		lines = append(lines, k)
	}
	for k := range irregular {
		if rel[k] == nil {
			lines = append(lines, k)
		}
	}
	slices.Sort(lines)
	var nRel int
	for _, k := range lines {
		buf.WriteString(k)
		// a word that is a lemma of its own ("found", "left") keeps its
		// own relations and also points to the lemma it inflects
		sep := "\t="
		for _, l := range irregular[k] {
			if _, ok := rel[k][l]; !ok {
				buf.WriteString(sep)
				buf.WriteString(l)
				sep = " "
			}
		}
		m := rel[k]
		words := make([]string, 0, len(m))
		for w := range m {
			words = append(words, w)
		}
		slices.SortFunc(words, func(a, b string) int {
			if m[a] != m[b] {
				return m[b] - m[a]
			}
			return strings.Compare(a, b)
		})
		last := -1
		for _, w := range words {
			if m[w] != last {
				last = m[w]
				fmt.Fprintf(&buf, "\t%d", last)
			}
			buf.WriteByte(' ')
			buf.WriteString(w)
			nRel++
		}
		buf.WriteByte('\n')
	}

	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	if *explain != "" {
		slices.Sort(oneSided)
		if err := os.WriteFile(*explain, []byte(strings.Join(oneSided, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	log.Printf("%s: %d keys (%d with relations, %d irregular forms, %d known words only), %d relations from %d senses; %d dropped as rare for the other word, %d proper-noun senses skipped; %d bytes",
		*out, len(lines), len(rel), len(irregular), len(blocked), nRel, nSenses, nOneSided, nSkippedProper, buf.Len())
	return nil
}

// readLicense returns WordNet's license, which must go with every copy of
// the database or part of it. It heads each index file as numbered lines
// that start with two spaces.
func readLicense(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines []string
	for line := range strings.Lines(string(b)) {
		if !strings.HasPrefix(line, "  ") {
			break
		}
		fs := strings.SplitN(strings.TrimSpace(line), " ", 2)
		if len(fs) == 2 {
			lines = append(lines, fs[1])
		} else {
			lines = append(lines, "")
		}
	}
	if len(lines) == 0 || !strings.Contains(strings.Join(lines, " "), "Princeton") {
		return nil, fmt.Errorf("%s: no license header", path)
	}
	return lines, nil
}

// goodWord reports whether w is worth a key or a value: a plain word, not
// a phrase, a number, a short or vowelless abbreviation ("dkm", "mph"), a
// stopword or a vulgarity.
func goodWord(w string, stop map[string]bool) bool {
	if len(w) < minLen || stop[w] || vulgar[w] {
		return false
	}
	vowel := false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y':
			vowel = true
		case c < 'a' || c > 'z':
			return false
		}
	}
	return vowel
}

// vulgar lists WordNet's slurs and obscenities, and the words whose most
// common senses are. WordNet marks no register, and they otherwise turn up
// as synonyms of plain words ("bottom", "cheat", "blunder", "slow").
var vulgar = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		arse ass asshole bastard bitch bollocks boob boobs bugger bullshit
		butt buttocks cock cocksucker coon crap cunt dick dickhead diddlyshit
		dogshit dyke fag faggot fuck fucked fucker fucking fuckup horseshit
		jigaboo knocker motherfucker nigga nigger nigra pecker piss prick
		pussy retard shit slut tit titty twat wank wanker whore whoreson`) {
		m[w] = true
	}
	return m
}()

func readStop(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	stop := map[string]bool{}
	for line := range strings.Lines(string(b)) {
		line, _, _ = strings.Cut(line, "#")
		for _, w := range strings.Fields(line) {
			stop[w] = true
		}
	}
	return stop, nil
}

type senseRef struct {
	lemma  string
	sstype byte
	sense  int
}

// readCounts reads cntlist.rev: "lemma%ss_type:... sense_number tag_cnt".
// The sense number is the lemma's rank in its index entry, which saves
// rebuilding sense keys from the data files.
func readCounts(path string) (map[senseRef]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	counts := map[senseRef]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 {
			continue
		}
		lemma, rest, ok := strings.Cut(fields[0], "%")
		if !ok || rest == "" {
			continue
		}
		sense, err1 := strconv.Atoi(fields[1])
		n, err2 := strconv.Atoi(fields[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		counts[senseRef{lemma, rest[0], sense}] += n
	}
	return counts, sc.Err()
}

type indexEntry struct {
	lemma   string
	offsets []int64 // synsets in WordNet's frequency order
}

// readIndex reads an index file: "lemma pos synset_cnt p_cnt [ptr...]
// sense_cnt tagsense_cnt offset...". License lines start with spaces.
func readIndex(path string) ([]indexEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var idx []indexEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 6 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		nSyn, _ := strconv.Atoi(fs[2])
		nPtr, _ := strconv.Atoi(fs[3])
		first := 4 + nPtr + 2
		if first+nSyn != len(fs) {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		e := indexEntry{lemma: fs[0]}
		for _, o := range fs[first:] {
			off, err := strconv.ParseInt(o, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: bad offset in %q", path, line)
			}
			e.offsets = append(e.offsets, off)
		}
		idx = append(idx, e)
	}
	return idx, sc.Err()
}

type synset struct {
	words     []string // lowercased, adjective markers removed
	cased     []string // as written, to tell proper nouns
	hypernyms []int64  // same part of speech
	hyponyms  int
}

func (s synset) isProper(lemma string) bool {
	for i, w := range s.words {
		if w == lemma {
			return s.cased[i] != w
		}
	}
	return false
}

// parseSynset reads the synset at byte offset off of a data file:
// "offset lex_filenum ss_type w_cnt word lex_id ... p_cnt ptr... | gloss",
// with w_cnt in hex and each pointer as "symbol offset pos source/target".
func parseSynset(data []byte, off int64) (synset, error) {
	if off < 0 || off >= int64(len(data)) {
		return synset{}, fmt.Errorf("offset %d out of range", off)
	}
	line := data[off:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if i := bytes.Index(line, []byte(" | ")); i >= 0 {
		line = line[:i]
	}
	fs := strings.Fields(string(line))
	if len(fs) < 4 || fs[0] != fmt.Sprintf("%08d", off) {
		return synset{}, fmt.Errorf("no synset at offset %d", off)
	}
	nw, err := strconv.ParseInt(fs[3], 16, 32)
	if err != nil || 4+2*int(nw) >= len(fs) {
		return synset{}, fmt.Errorf("bad synset at offset %d", off)
	}
	var s synset
	for i := 0; i < int(nw); i++ {
		w := fs[4+2*i]
		if j := strings.IndexByte(w, '('); j > 0 {
			w = w[:j] // adjective position marker: "galore(ip)"
		}
		s.cased = append(s.cased, w)
		s.words = append(s.words, strings.ToLower(w))
	}
	p := 4 + 2*int(nw)
	np, err := strconv.Atoi(fs[p])
	if err != nil || p+1+4*np > len(fs) {
		return synset{}, fmt.Errorf("bad pointers at offset %d", off)
	}
	for i := 0; i < np; i++ {
		ptr := fs[p+1+4*i : p+5+4*i]
		// "@" hypernym, "@i" instance hypernym (skipped: instances are
		// proper nouns); only hypernyms within the part of speech
		if ptr[0] == "@" && ptr[2] == fs[2] {
			o, err := strconv.ParseInt(ptr[1], 10, 64)
			if err != nil {
				return synset{}, fmt.Errorf("bad pointer at offset %d", off)
			}
			s.hypernyms = append(s.hypernyms, o)
		}
		if ptr[0] == "~" {
			s.hyponyms++
		}
	}
	return s, nil
}

// detach and resolve are the package's copies (thesaurus.go; a test
// there checks that they agree): WordNet's morphy detachment rules, plus
// "ied", "ier" and "iest", which morphy leaves to the exception lists.
var detach = []struct{ suffix, repl string }{
	{"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"},
	{"men", "man"}, {"ies", "y"}, {"s", ""},
	{"es", "e"}, {"es", ""}, {"ied", "y"}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""},
	{"ier", "y"}, {"iest", "y"}, {"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"},
}

func resolve(w string, known func(string) bool) string {
	for _, d := range detach {
		stem, ok := strings.CutSuffix(w, d.suffix)
		if !ok || len(stem) < 2 {
			continue
		}
		k := stem + d.repl
		if known(k) {
			return k
		}
		// "grepped" -> "grep", "bigger" -> "big"
		if n := len(k); doubles(d.suffix, d.repl) && n >= 3 && k[n-1] == k[n-2] && !strings.ContainsRune("aeiou", rune(k[n-1])) && known(k[:n-1]) {
			return k[:n-1]
		}
	}
	return ""
}

func doubles(suffix, repl string) bool {
	return repl == "" && (suffix == "ed" || suffix == "ing" || suffix == "er" || suffix == "est")
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// readExceptions reads an exception list: "form lemma [lemma...]", keeping
// the forms that differ from their lemma and are plain words.
func readExceptions(path string, stop map[string]bool, into map[string][]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for line := range strings.Lines(string(b)) {
		fs := strings.Fields(line)
		if len(fs) < 2 || !goodWord(fs[0], stop) {
			continue
		}
		for _, l := range fs[1:] {
			if l != fs[0] && goodWord(l, stop) && !slices.Contains(into[fs[0]], l) {
				into[fs[0]] = append(into[fs[0]], l)
			}
		}
	}
	return nil
}
