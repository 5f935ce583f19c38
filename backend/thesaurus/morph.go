package thesaurus

import "strings"

// detach lists WordNet's detachment rules (as in its morphy), nouns then
// verbs then adjectives, plus "ied", "ier" and "iest", which morphy leaves
// to the exception lists; the first that gives a known word wins.
// gen/main.go has a copy, which must agree (TestGeneratorRules).
var detach = []struct{ suffix, repl string }{
	{"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"},
	{"men", "man"}, {"ies", "y"}, {"s", ""},
	{"es", "e"}, {"es", ""}, {"ied", "y"}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""},
	{"ier", "y"}, {"iest", "y"}, {"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"},
}

// doubles reports whether a rule may also undo a doubled final consonant:
// "grepped" -> "grep", "bigger" -> "big".
func doubles(suffix, repl string) bool {
	return repl == "" && (suffix == "ed" || suffix == "ing" || suffix == "er" || suffix == "est")
}

// comparative reports whether a rule undoes a comparative or superlative,
// which, unlike the other endings, can make another word: a "printer" is
// not a kind of printing.
func comparative(suffix string) bool {
	return strings.HasSuffix(suffix, "er") || strings.HasSuffix(suffix, "est")
}

// keyBuf holds a key made by resolve, on the caller's stack.
type keyBuf [maxWordLen + 4]byte

// resolve returns the key under which the tables list w: w itself, or the
// word left by undoing a regular inflection. A word WordNet knows is listed
// even when it has no relations, so that "news" is not read as "new".
func (t *tables) resolve(w string, buf *keyBuf) ([]byte, bool) {
	if len(w) > maxWordLen {
		return nil, false
	}
	r := &t.related
	if k := append(buf[:0], w...); r.has(k) {
		return k, true
	}
	for _, d := range detach {
		stem, ok := strings.CutSuffix(w, d.suffix)
		if !ok || len(stem) < 2 {
			continue
		}
		k := append(append(buf[:0], stem...), d.repl...)
		if r.has(k) {
			return k, true
		}
		if n := len(k); doubles(d.suffix, d.repl) && n >= 3 && k[n-1] == k[n-2] && !isVowel(k[n-1]) && r.has(k[:n-1]) {
			return k[:n-1], true
		}
	}
	return nil, false
}

func isVowel(c byte) bool {
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'
}

// inheritInflections returns, for each domain key that is a plural or a
// verb form of another domain key ("hosts", "routing"), that key's
// relations as its own. The inflected form is a key because it has a sense
// of its own (the hosts file), which should not hide the base word's
// relations from it, as being a key otherwise would. Only the domain table
// is treated so: it is hand-checked, while among WordNet's words "news" is
// not a form of "new".
func inheritInflections(rs []relation) []relation {
	byKey := map[string][]int{}
	for i, r := range rs {
		byKey[r.from] = append(byKey[r.from], i)
	}
	var out []relation
	for k := range byKey {
		for _, d := range detach {
			stem, ok := strings.CutSuffix(k, d.suffix)
			if !ok || len(stem) < 2 || comparative(d.suffix) {
				continue
			}
			base := byKey[stem+d.repl]
			if base == nil {
				continue
			}
			for _, i := range base {
				if rs[i].to != k {
					out = append(out, relation{k, rs[i].to, rs[i].weight})
				}
			}
			break
		}
	}
	return out
}
