// Package answer turns a question into a cited answer without a language
// model: analyse the question, retrieve and rank pages, condense to the
// best passages, compose Summary and Steps from their sentences, link the
// citations and score the confidence.
package answer

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/backend/thesaurus"
)

// Scene is the kind of question, which decides the sections that answer
// it best.
type Scene int

const (
	SceneHowTo        Scene = iota // "how do I ...": commands, sections 1 and 8
	SceneConcept                   // "what is ...": overviews, sections 7 and 5 too
	SceneFormat                    // "format of /etc/fstab": file formats, section 5
	SceneProgramming               // "in C", "system call": sections 2 and 3
	SceneTroubleshoot              // "why does ... fail", "error"
	numScenes
)

func (s Scene) String() string {
	return [...]string{"howto", "concept", "format", "programming", "troubleshoot"}[s]
}

// Alt is one way a concept may be written in a page.
type Alt struct {
	Stem   string
	Weight float64 // 1 for the question's own word
}

// Concept is one content word of the question and its expansions.
type Concept struct {
	Word string
	Alts []Alt
	// Weight scales the concept's share of the question: 1, less for a
	// word that only sets the scene ("in a shell script").
	Weight float64
}

// sceneRE finds phrases that say where the user works rather than what
// they want done: "in a shell script", "from the command line", "in the
// terminal". Their words weigh less than the task's.
var sceneRE = lazyRegexp(`(?i)\b(?:in|from|inside|within|on|at|using|with|via|through)\s+(?:a|an|the|my|your|our)?\s*((?:bash|shell|sh|linux|unix|debian|ubuntu|terminal|command|interactive)?\s*(?:scripts?|shell|terminal|command[- ]line|console|prompt|bash|linux|unix|debian|ubuntu|cli))\b`)

// sceneWeight is the weight of a word of such a phrase.
const sceneWeight = 0.3

// Analysis is what the answerer knows of a question.
type Analysis struct {
	Question string
	Scene    Scene
	Concepts []Concept
	// Words are the question's content words as typed, lowercase, for
	// matching page names ("gzip", "tmux") and joined pairs
	// ("git-commit" from "git commit").
	Words []string
	Pairs []string
	// Seq is every word of the question in order, stopwords included, for
	// compounds written apart ("log out" for "logout").
	Seq []string
	// Verb is the action the question asks how to do, lowercase: "find" in
	// "how do I find ...". A page named like it is named by accident.
	Verb string
}

// verbRE finds the verb of a how-to question: the word after "how do I",
// "how to", "I want to", "a way to" and the like.
var verbRE = lazyRegexp(`(?i)(?:\bhow (?:do|can|could|would|should|might|does|did|will)(?: i| you| we| one| someone)?|\bhow to|\b(?:want|need|like|trying|try|able|way|ways|possible|easiest|best|fastest|quickest) to|^(?:can|could|should) (?:i|you|we))\s+([a-z]+)`)

// frames are question phrases that ask for a kind of quantity a manual
// names with a noun: "how many cores" is the number of cores.
var frames = []struct {
	re   func() *regexp.Regexp
	alts []Alt
}{
	{lazyRegexp(`(?i)\bhow many\b`), []Alt{{"number", 1}, {"count", 0.8}}},
	{lazyRegexp(`(?i)\bhow much\b`), []Alt{{"amount", 1}, {"usage", 0.7}, {"size", 0.6}}},
	{lazyRegexp(`(?i)\bhow long\b`), []Alt{{"time", 1}, {"duration", 0.8}, {"elapsed", 0.7}}},
	{lazyRegexp(`(?i)\bhow (big|large)\b`), []Alt{{"size", 1}}},
	{lazyRegexp(`(?i)\bhow often\b`), []Alt{{"interval", 1}, {"frequency", 0.8}}},
}

// filler are words of the question's frame, not its topic: "how do I ...",
// "what is the way to ...".
var filler = map[string]bool{
	"how": true, "what": true, "which": true, "why": true, "way": true, "ways": true, "want": true,
	"need": true, "possible": true, "command": true, "commands": true, "linux": true, "unix": true,
	"use": true, "using": true, "able": true, "someone": true, "something": true, "somehow": true,
	"tell": true, "know": true, "there": true, "does": true, "mean": true, "means": true,
	"many": true, "much": true, "one": true, "thing": true, "things": true, "like": true, "given": true,
}

var (
	programmingRE  = lazyRegexp(`(?i)\b(in c|c program|c code|system call|syscall|library function|function call|api|header file)\b`)
	formatRE       = lazyRegexp(`(?i)\b(format of|syntax of|fields? of|file format|configuration file|config file|entries in)\b|/etc/`)
	conceptRE      = lazyRegexp(`(?i)^\s*(what (is|are|does|do)|what's|explain|difference between|meaning of)\b`)
	troubleshootRE = lazyRegexp(`(?i)^\s*why\b|\b(error|fails?|failing|failed|not working|denied|cannot|can't|won't|broken)\b`)
)

func classify(q string) Scene {
	switch {
	case programmingRE().MatchString(q):
		return SceneProgramming
	case formatRE().MatchString(q):
		return SceneFormat
	case troubleshootRE().MatchString(q):
		return SceneTroubleshoot
	case conceptRE().MatchString(q):
		return SceneConcept
	}
	return SceneHowTo
}

// Expander returns words related to a word, weights in (0,1].
type Expander func(word string) []Alt

// Thesaurus expands a word with the embedded thesaurus.
func Thesaurus(w string) []Alt {
	rel := thesaurus.Related(w)
	out := make([]Alt, len(rel))
	for i, t := range rel {
		out[i] = Alt{Stem: t.Word, Weight: float64(t.Weight)}
	}
	return out
}

// Analyse splits the question into concepts and expands each.
func Analyse(q string, expand Expander) Analysis {
	a := Analysis{Question: q, Scene: classify(q)}
	seen := map[string]bool{}
	terms.Words(q, true, func(joined string) {
		// joined keeps "git-add" and "/etc/fstab" parts together for name
		// matching; concepts use the parts.
		a.Words = append(a.Words, joined)
	})
	var words []string
	terms.Words(q, false, func(w string) { words = append(words, w) })
	a.Seq = words
	sceneWords := map[string]bool{}
	for _, m := range sceneRE().FindAllStringSubmatch(q, -1) {
		terms.Words(m[1], false, func(w string) { sceneWords[w] = true })
	}
	if m := verbRE().FindStringSubmatch(q); m != nil {
		a.Verb = strings.ToLower(m[1])
	}
	for i, w := range words {
		if i > 0 && !terms.Stop(words[i-1]) && !terms.Stop(w) {
			a.Pairs = append(a.Pairs, words[i-1]+"-"+w)
		}
		if terms.Stop(w) || filler[w] || len(w) < 2 {
			continue
		}
		stem := terms.Stem(w)
		if seen[stem] {
			continue
		}
		seen[stem] = true
		c := Concept{Word: w, Alts: []Alt{{Stem: stem, Weight: 1}}, Weight: 1}
		if sceneWords[w] {
			c.Weight = sceneWeight
		}
		if expand != nil {
			have := map[string]bool{stem: true}
			for _, r := range expand(w) {
				// Phrases would need positions the index does not keep.
				if strings.ContainsAny(r.Stem, " _") || terms.Stop(r.Stem) {
					continue
				}
				s := terms.Stem(r.Stem)
				if !have[s] {
					have[s] = true
					c.Alts = append(c.Alts, Alt{Stem: s, Weight: r.Weight})
				}
			}
		}
		a.Concepts = append(a.Concepts, c)
	}
	for _, f := range frames {
		if !f.re().MatchString(q) {
			continue
		}
		c := Concept{Word: f.alts[0].Stem, Weight: 1}
		for _, alt := range f.alts {
			if st := terms.Stem(alt.Stem); !seen[st] {
				seen[st] = true
				c.Alts = append(c.Alts, Alt{Stem: st, Weight: alt.Weight})
			}
		}
		if len(c.Alts) > 0 && c.Alts[0].Weight == 1 {
			a.Concepts = append(a.Concepts, c)
		}
	}
	return a
}

// lazyRegexp compiles a pattern on first use: every ragman process links
// this package, and only the backend answers questions.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
