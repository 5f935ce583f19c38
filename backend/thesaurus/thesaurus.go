// Package thesaurus expands a question's words with the words the manuals
// use instead: a question says "folder" where the page says "directory".
//
// It merges two sources. WordNet gives general English synonyms (and a few
// hypernyms of verbs), reduced by gen/main.go to the usual senses of single
// words and embedded as wordnet.txt, so neither the build nor CI needs
// WordNet installed. The hand-written unix.txt gives the vocabulary of Unix
// documentation against everyday words and the abbreviations of command
// names. For a word in the Unix table, WordNet's relations count half (see
// wordnetUnderDomain); where both relate two words the higher weight wins.
//
// The tables are built on first use and are read-only after that, so every
// function is safe for concurrent use.
package thesaurus

//go:generate go run gen/main.go -stop stop.txt -out wordnet.txt

import (
	"cmp"
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Term is a related word and how close it is: 1 for a true synonym in this
// domain, lower for looser relations.
type Term struct {
	Word   string
	Weight float32
}

// Related returns the words related to w, a lowercase word as written in
// the question (not stemmed), from both sources, in decreasing weight and
// then alphabetically; w itself is not among them. A form the tables do not
// list is looked up by its lemma ("folders" as "folder", "ran" as "run").
// The result is shared: callers must not modify it.
func Related(w string) []Term {
	t := get()
	var buf keyBuf
	k, ok := t.resolve(w, &buf)
	if !ok {
		return nil
	}
	return t.related.get(k)
}

// Known says whether w is a word the tables list, with relations or
// without (see resolve).
func Known(w string) bool {
	if len(w) > maxWordLen {
		return false
	}
	var buf keyBuf
	return get().related.has(append(buf[:0], w...))
}

// Domain is Related restricted to the hand-written Unix table, for callers
// that trust it more than WordNet.
func Domain(w string) []Term {
	t := get()
	var buf keyBuf
	k, ok := t.resolve(w, &buf)
	if !ok {
		return nil
	}
	if r := t.domain.get(k); r != nil {
		return r
	}
	if l, ok := t.lemma(k); ok {
		return t.domain.get(append(buf[:0], l...))
	}
	return nil
}

// Lemma returns the dictionary form of w: the lemma WordNet's exception
// lists give an irregular form ("ran" -> "run", "bought" -> "buy"), or the
// word left by removing a regular ending if that word is in the thesaurus
// ("folders" -> "folder", "deleted" -> "delete"); otherwise w itself.
// Only the irregular forms of words with relations are kept ("mice" stays
// "mice": "mouse" has no synonyms here). A form with several lemmas gets
// the first WordNet lists.
func Lemma(w string) string {
	t := get()
	var buf keyBuf
	if l, ok := t.lemma(append(buf[:0], w...)); ok {
		return l
	}
	k, ok := t.resolve(w, &buf)
	if !ok || string(k) == w {
		return w
	}
	return string(k)
}

//go:embed wordnet.txt
var wordnetTxt string

//go:embed unix.txt
var unixTxt string

//go:embed stop.txt
var stopTxt string

// Weights given to a lemma that a form was mapped to through the exception
// lists: the only lemma of a plain irregular form ("ran"), or one of the
// readings of a form that is also a word of its own ("found", "left").
const (
	irregularWeight = 1.0
	ambiguousWeight = 0.8
	maxWordLen      = 64
)

// wordnetUnderDomain scales WordNet's relations of a word the domain table
// has too. Such a word is a Unix term, whose everyday senses are what
// WordNet knows and what a question about Linux seldom means: "daemon" ->
// "demon", "server" -> "waiter", "folder" -> "pamphlet" would otherwise
// stand at 0.8, as high as "daemon" -> "service". Where both sources name
// a pair, the higher weight still wins.
const wordnetUnderDomain = 0.5

type tables struct {
	related table // both sources merged
	domain  table // unix.txt alone
	// exception-list forms, sorted, and their lemmas separated by spaces
	irregular, lemmas []string
}

// A table is sorted keys with their lists of terms, found by binary
// search. WordNet's file comes sorted, so loading it is one pass with no
// hashing, which a map of its 28,000 keys made slower by half; and a key
// costs 24 bytes. All lists share one slice.
type table struct {
	keys  []string
	lists []span
	terms []Term
}

type span struct{ off, n uint32 }

// find takes the key as bytes so that resolve can build it on the stack:
// comparing with string(k) does not allocate.
func (t *table) find(k []byte) (int, bool) {
	lo, hi := 0, len(t.keys)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.keys[m] < string(k) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(t.keys) && t.keys[lo] == string(k)
}

func (t *table) has(k []byte) bool {
	_, ok := t.find(k)
	return ok
}

func (t *table) get(k []byte) []Term {
	if i, ok := t.find(k); ok {
		return t.at(t.lists[i])
	}
	return nil
}

func (t *table) at(s span) []Term {
	if s.n == 0 {
		return nil
	}
	return t.terms[s.off : s.off+s.n : s.off+s.n]
}

// add appends a list to the terms and returns its span.
func (t *table) add(ts []Term) span {
	off := len(t.terms)
	t.terms = append(t.terms, ts...)
	return span{uint32(off), uint32(len(ts))}
}

func (t *tables) lemma(form []byte) (string, bool) {
	lo, hi := 0, len(t.irregular)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.irregular[m] < string(form) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(t.irregular) && t.irregular[lo] == string(form) {
		return firstWord(t.lemmas[lo]), true
	}
	return "", false
}

var get = sync.OnceValue(func() *tables {
	t, err := load(wordnetTxt, unixTxt, stopTxt)
	if err != nil {
		// the data is embedded and checked by the tests: failing here
		// means the package was built from a broken checkout
		panic("thesaurus: " + err.Error())
	}
	return t
})

// load builds the tables. Keys and words are slices of the embedded text,
// which stays in the binary's read-only data, so only the index and the
// term slices take memory.
func load(wn, unix, stop string) (*tables, error) {
	dom, err := parseDomain(unix, parseStop(stop))
	if err != nil {
		return nil, err
	}

	for strings.HasPrefix(wn, "#") {
		_, wn, _ = strings.Cut(wn, "\n")
	}
	t := &tables{}
	r := &t.related
	nKeys := strings.Count(wn, "\n") + 1
	r.keys = make([]string, 0, nKeys)
	r.lists = make([]span, 0, nKeys)
	// every word follows a space; the rest is for what domain merges and
	// irregular forms append: one allocation when the guess is right
	wnTerms := strings.Count(wn, " ")
	r.terms = make([]Term, 0, wnTerms+wnTerms/8+4*len(dom))
	nIrr := strings.Count(wn, "\t=")
	t.irregular = make([]string, 0, nIrr)
	t.lemmas = make([]string, 0, nIrr)
	if err := scanWordNet(wn, func(key string, list span, lemmas string) error {
		if n := len(r.keys); n > 0 && key <= r.keys[n-1] {
			return fmt.Errorf("wordnet.txt: %q out of order", key)
		}
		if lemmas != "" {
			t.irregular = append(t.irregular, key)
			t.lemmas = append(t.lemmas, lemmas)
		}
		// a key with no relations is still entered: resolve must know the
		// word, so as not to read it as an inflection of another
		r.keys = append(r.keys, key)
		r.lists = append(r.lists, list)
		return nil
	}, &r.terms); err != nil {
		return nil, err
	}

	// The domain table overrides WordNet word by word, then the irregular
	// forms take their lemmas' lists. Each new list is computed from the
	// lists as they stand before the step and entered after it, so the
	// result does not depend on the order of visits.
	d := &t.domain
	d.terms = make([]Term, 0, len(dom))
	for i := 0; i < len(dom); {
		off := len(d.terms)
		j := i
		for j < len(dom) && dom[j].from == dom[i].from {
			d.terms = append(d.terms, Term{dom[j].to, dom[j].weight})
			j++
		}
		d.keys = append(d.keys, dom[i].from)
		d.lists = append(d.lists, span{uint32(off), uint32(j - i)})
		i = j
	}
	var ts, damped []Term
	var changed []change
	var added []string
	var addedLists []span
	for i, k := range d.keys {
		j, found := r.find([]byte(k))
		damped = damped[:0]
		if found {
			for _, x := range r.at(r.lists[j]) {
				damped = append(damped, Term{x.Word, x.Weight * wordnetUnderDomain})
			}
		}
		ts = mergeTerms(ts[:0], k, d.at(d.lists[i]), damped)
		if found {
			changed = append(changed, change{j, r.add(ts)})
		} else {
			added = append(added, k)
			addedLists = append(addedLists, r.add(ts))
		}
	}
	for _, c := range changed {
		r.lists[c.i] = c.list
	}
	r.insert(added, addedLists)

	// both lists are sorted: one walk finds every form's entry
	changed = changed[:0]
	j := 0
	for i, k := range t.irregular {
		for r.keys[j] != k {
			j++
		}
		own := r.at(r.lists[j])
		var add []Term
		for l := range strings.FieldsSeq(t.lemmas[i]) {
			if len(own) > 0 {
				add = append(add, Term{l, ambiguousWeight})
			} else {
				add = append(add, Term{l, irregularWeight})
				add = append(add, r.get([]byte(l))...)
			}
		}
		ts = mergeTerms(ts[:0], k, add, own)
		changed = append(changed, change{j, r.add(ts)})
	}
	for _, c := range changed {
		r.lists[c.i] = c.list
	}
	return t, nil
}

// scanWordNet calls fn for each line of wordnet.txt after the comments,
// with the span of its relations, appended to terms, and the lemmas if
// the key is an irregular form. It splits by hand: strings.Cut per word
// was a third of the load time.
func scanWordNet(text string, fn func(key string, list span, lemmas string) error, terms *[]Term) error {
	ts := *terms
	defer func() { *terms = ts }()
	for i := 0; i < len(text); {
		// key
		start := i
		for i < len(text) && text[i] != '\t' && text[i] != '\n' {
			i++
		}
		key := text[start:i]
		off := len(ts)
		lemmas := ""
		var wt float32
		for i < len(text) && text[i] != '\n' {
			c := text[i]
			i++
			switch {
			case c == '\t' && i < len(text) && text[i] == '=':
				i++
				start := i
				for i < len(text) && text[i] != '\t' && text[i] != '\n' {
					i++
				}
				lemmas = text[start:i]
			case c == '\t':
				n := 0
				for i < len(text) && '0' <= text[i] && text[i] <= '9' {
					n = 10*n + int(text[i]-'0')
					i++
				}
				if n <= 0 || n > 100 || i >= len(text) || text[i] != ' ' {
					return fmt.Errorf("wordnet.txt: bad weight in %q", key)
				}
				wt = float32(n) / 100
			case c == ' ':
				start := i
				for i < len(text) && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' {
					i++
				}
				if wt == 0 || i == start {
					return fmt.Errorf("wordnet.txt: bad word in %q", key)
				}
				ts = append(ts, Term{text[start:i], wt})
			default:
				return fmt.Errorf("wordnet.txt: bad line %q", key)
			}
		}
		i++ // newline
		if key == "" {
			return fmt.Errorf("wordnet.txt: empty key")
		}
		if err := fn(key, span{uint32(off), uint32(len(ts) - off)}, lemmas); err != nil {
			return err
		}
	}
	return nil
}

type change struct {
	i    int
	list span
}

// insert merges sorted keys new into the table's keys.
func (t *table) insert(keys []string, lists []span) {
	if len(keys) == 0 {
		return
	}
	ks := make([]string, 0, len(t.keys)+len(keys))
	ls := make([]span, 0, len(t.keys)+len(keys))
	i, j := 0, 0
	for i < len(t.keys) || j < len(keys) {
		if j == len(keys) || i < len(t.keys) && t.keys[i] < keys[j] {
			ks, ls = append(ks, t.keys[i]), append(ls, t.lists[i])
			i++
		} else {
			ks, ls = append(ks, keys[j]), append(ls, lists[j])
			j++
		}
	}
	t.keys, t.lists = ks, ls
}

// mergeTerms appends to dst the union of a and b without key, each word
// once with its highest weight, sorted.
func mergeTerms(dst []Term, key string, a, b []Term) []Term {
	start := len(dst)
	for _, src := range [2][]Term{a, b} {
	next:
		for _, x := range src {
			if x.Word == key {
				continue
			}
			for i := start; i < len(dst); i++ {
				if dst[i].Word == x.Word {
					dst[i].Weight = max(dst[i].Weight, x.Weight)
					continue next
				}
			}
			dst = append(dst, x)
		}
	}
	slices.SortFunc(dst[start:], compareTerms)
	return dst
}

func compareTerms(a, b Term) int {
	if a.Weight != b.Weight {
		return cmp.Compare(b.Weight, a.Weight)
	}
	return strings.Compare(a.Word, b.Word)
}

func parseStop(text string) map[string]bool {
	stop := map[string]bool{}
	for line := range strings.Lines(text) {
		line, _, _ = strings.Cut(line, "#")
		for _, w := range strings.Fields(line) {
			stop[w] = true
		}
	}
	return stop
}

func firstWord(s string) string {
	w, _, _ := strings.Cut(s, " ")
	return w
}
