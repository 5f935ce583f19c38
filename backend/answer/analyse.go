// Package answer turns a question into a cited answer without a language
// model: analyse the question, retrieve and rank pages, condense to the
// best passages, compose Summary and Steps from their sentences, link the
// citations and score the confidence.
package answer

import (
	"regexp"
	"strings"

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
}

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
	programmingRE  = regexp.MustCompile(`(?i)\b(in c|c program|c code|system call|syscall|library function|function call|api|header file)\b`)
	formatRE       = regexp.MustCompile(`(?i)\b(format of|syntax of|fields? of|file format|configuration file|config file|entries in)\b|/etc/`)
	conceptRE      = regexp.MustCompile(`(?i)^\s*(what (is|are|does|do)|what's|explain|difference between|meaning of)\b`)
	troubleshootRE = regexp.MustCompile(`(?i)^\s*why\b|\b(error|fails?|failing|failed|not working|denied|cannot|can't|won't|broken)\b`)
)

func classify(q string) Scene {
	switch {
	case programmingRE.MatchString(q):
		return SceneProgramming
	case formatRE.MatchString(q):
		return SceneFormat
	case troubleshootRE.MatchString(q):
		return SceneTroubleshoot
	case conceptRE.MatchString(q):
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
		c := Concept{Word: w, Alts: []Alt{{Stem: stem, Weight: 1}}}
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
	return a
}
