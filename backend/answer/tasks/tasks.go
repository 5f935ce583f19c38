// Package tasks scores commands for a task's words: which commands people
// reach for to do what a question asks. Its model is fitted (gen/main.go,
// make taskmodel) on task data other people wrote, pairs of a description
// and the command that does it (tldr pages, cheat/cheatsheets, navi cheats,
// cheat.sh sheets; see NOTICE), and holds only statistics: the commands'
// names, word stems and a weight for each stem of each command. No sentence
// of the data is stored.
//
// A command's weight for a stem is BM25's, the command taken as one
// document made of its descriptions: how many of its descriptions hold the
// stem (saturated by k1, normalised by b for commands with many
// descriptions) times the stem's rarity among commands. Each command keeps
// its top stems; pairs of adjacent content stems ("hard link", "disk
// usag") are stems of their own when Params.Pairs is set.
package tasks

import (
	_ "embed"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/terms"
)

//go:embed model.bin
var embedded []byte

// The option model has the same form: its "commands" are a command and
// one of its options ("rm -r"), fitted on the descriptions of the command
// lines that give the option (taskdata.OptionDocs).
//
//go:embed options.bin
var embeddedOptions []byte

// Scored is a command and its score for a question; higher is better.
type Scored struct {
	Command string
	Score   float64
}

// Default returns the embedded model, decoded on first use.
var Default = sync.OnceValues(func() (*Model, error) { return Decode(embedded) })

// DefaultOptions returns the embedded option model, decoded on first use.
var DefaultOptions = sync.OnceValues(func() (*Model, error) { return Decode(embeddedOptions) })

// Known says, per term of a question (as Options reads them), whether
// the option model has people say it of any option of command: Options'
// shares are of these terms alone, so that an option holding the one
// term of four the command's options are ever said with holds all of it.
// A repeated term, or one without stems, is not known.
func (m *Model) Known(command string, words []Term) []bool {
	out := make([]bool, len(words))
	if m == nil {
		return out
	}
	lo, hi := m.optionsOf(command)
	for i, t := range words {
		out[i] = lo < hi && !repeated(words, i) && m.said(t, lo, hi)
	}
	return out
}

// Subcommands scores, for a question's terms, the subcommands the task
// model knows of command: those the data files as "command-sub"
// ("systemctl-enable", from tldr's page of it), sub → its score as Match
// scores a command (pairs too, but not Prior: one page of
// descriptions each, mostly), for the subcommands that share
// a stem with the question. Where a page documents forty subcommands in
// words that hardly differ, what people say each is for tells them
// apart: "start automatically at boot" is enable.
func (m *Model) Subcommands(command string, words []Term) map[string]float64 {
	if m == nil || len(words) == 0 {
		return nil
	}
	lo, hi := m.runOf(command + "-")
	if lo == hi {
		return nil
	}
	score := make([]float64, hi-lo)
	term := make([]float64, hi-lo)
	add := func(st string, f float64) { m.raise(term, st, lo, hi, f) }
	flush := func() {
		for k, v := range term {
			score[k] += v
		}
		clear(term)
	}
	m.walk(words, add, flush)
	var out map[string]float64
	for k, v := range score {
		if v <= 0 {
			continue
		}
		if out == nil {
			out = map[string]float64{}
		}
		out[string(m.name(lo + k))[len(command)+1:]] = v
	}
	return out
}

// optionsOf is the run [lo,hi) of command's options ("rm -r") in the
// option model, which files them under "command option", sorted.
func (m *Model) optionsOf(command string) (lo, hi int) {
	return m.runOf(command + " ")
}

// raise raises term[c-lo], for each command c in [lo,hi) whose
// descriptions hold stem st, to f times the stem's weight for c, where
// that is more.
func (m *Model) raise(term []float64, st string, lo, hi int, f float64) {
	p, b, ok := m.postingsFrom(st, lo)
	if !ok {
		return
	}
	for ; p < b; p++ {
		c, w := m.posting(p)
		if int(c) >= hi {
			break
		}
		term[int(c)-lo] = max(term[int(c)-lo], f*float64(w))
	}
}

// runOf is the run [lo,hi) of the names that start with prefix: they
// are sorted.
func (m *Model) runOf(prefix string) (lo, hi int) {
	lo = sort.Search(m.nCmd, func(i int) bool { return string(m.name(i)) >= prefix })
	hi = lo
	for hi < m.nCmd && strings.HasPrefix(string(m.name(hi)), prefix) {
		hi++
	}
	return lo, hi
}

// postingsFrom is the run [p,b) of stem st's postings from command lo
// on: they are by command within a stem, so a command's options are a
// run; ok is false for a stem the model does not hold.
func (m *Model) postingsFrom(st string, lo int) (p, b int, ok bool) {
	si, ok := m.find(st)
	if !ok {
		return 0, 0, false
	}
	a, b := m.postings(si)
	return a + sort.Search(b-a, func(k int) bool { c, _ := m.posting(a + k); return int(c) >= lo }), b, true
}

// said says whether any of term t's stems is said of a command in [lo,hi).
func (m *Model) said(t Term, lo, hi int) bool {
	for _, st := range t.Stems {
		p, b, ok := m.postingsFrom(st, lo)
		if !ok {
			continue
		}
		if p < b {
			if c, _ := m.posting(p); int(c) < hi {
				return true
			}
		}
	}
	return false
}

// Options scores the options the option model knows of command for a
// question's terms (as Match reads them): option ("-r", "--recursive") →
// its share of the question, in (0,1], nil when none scores: the sum of
// its terms' weights over what it would be with each term at the best
// any option has. A term counts by how few of the command's options it
// is said of.
func (m *Model) Options(command string, words []Term) map[string]float64 {
	out, _ := m.OptionsBeyond(command, words)
	return out
}

// OptionsBeyond is Options, and per option what it says of the question
// beyond what the command without options says (the option ""): each
// term counts by how much more of it the option's descriptions hold
// than the plain command's. A difference of the two scores measures
// the same thing worse: the plain command of ls is said, by many people
// in many words, to list a folder's files, so for "show hidden files in
// a folder" its score is near -a's, whose descriptions say "hidden"
// where the plain ones do not; term by term, -a says what the question
// asks beyond listing, and -d ("list directories themselves") does not.
func (m *Model) OptionsBeyond(command string, words []Term) (scores, beyond map[string]float64) {
	if m == nil || len(words) == 0 {
		return nil, nil
	}
	lo, hi := m.optionsOf(command)
	if lo == hi {
		return nil, nil
	}
	plain := -1 // the command without options, first of the run if any
	if string(m.name(lo)) == command+" " {
		plain = 0
	}
	score := make([]float64, hi-lo)
	over := make([]float64, hi-lo)
	term := make([]float64, hi-lo)
	mass := 0.0 // what an option said of with every term at its best would score
	for i, t := range words {
		if len(t.Stems) == 0 || repeated(words, i) {
			continue
		}
		clear(term)
		for j, st := range t.Stems {
			m.raise(term, st, lo, hi, t.Weights[j])
		}
		// a word many of the command's options are used for ("archive"
		// for tar) tells them apart less than one few are ("list")
		df := 0
		for _, v := range term {
			if v > 0 {
				df++
			}
		}
		if df == 0 {
			continue
		}
		n := float64(hi - lo)
		idf := math.Log((n+1)/float64(df)) / math.Log(n+1)
		base := 0.0
		if plain >= 0 {
			base = term[plain]
		}
		for k, v := range term {
			score[k] += v * idf
			over[k] += max(0, v-base) * idf
		}
		mass += idf * slices.Max(term)
	}
	for i, v := range score {
		if v > 0 {
			if scores == nil {
				scores, beyond = map[string]float64{}, map[string]float64{}
			}
			name := string(m.name(lo + i))[len(command)+1:]
			scores[name] = v / mass
			if over[i] > 0 {
				beyond[name] = over[i] / mass
			}
		}
	}
	return scores, beyond
}

// Tokens returns the content stems of a description or a question, in
// order: lowercase words without stopwords, one-letter words and numbers,
// stemmed with the index's stemmer.
func Tokens(text string) []string {
	var out []string
	terms.Words(text, false, func(w string) {
		if len(w) < 2 || terms.Stop(w) || extraStop[w] || isNumber(w) {
			return
		}
		out = append(out, terms.Stem(w))
	})
	return out
}

// extraStop are words of a question's or a description's frame rather than
// its task (the question analyser drops the same as filler).
var extraStop = map[string]bool{
	"how": true, "what": true, "which": true, "way": true, "ways": true, "want": true, "need": true,
	"command": true, "commands": true, "linux": true, "unix": true, "use": true, "using": true,
	"possible": true, "able": true, "given": true, "specific": true, "specified": true,
}

func isNumber(w string) bool {
	_, err := strconv.ParseFloat(w, 64)
	return err == nil
}

// pairKey is the stem under which a pair of adjacent stems is kept: stems
// hold no space.
func pairKey(a, b string) string { return a + " " + b }

// scratch is the per-question accumulator, pooled.
type scratch struct {
	score, term          []float32
	touched, termTouched []uint32
	best                 []cand
}

// Commands returns the n best commands for a question's content stems
// (Tokens, or the analyser's concept stems, in the question's order), best
// first; commands that share no stem with the question are left out.
func (m *Model) Commands(words []string, n int) []Scored {
	terms := make([]Term, len(words))
	for i, w := range words {
		terms[i] = Term{Stems: []string{w}, Weights: []float64{1}}
	}
	return m.Match(terms, n)
}

// Term is a word of a question with the stems that may stand for it, its
// own first, each at a weight in (0,1]: "folder" is also "directori" to a
// model fitted on descriptions that say directory.
type Term struct {
	Stems   []string
	Weights []float64
}

// own is the term's own stem, "" for none.
func (t Term) own() string {
	if len(t.Stems) == 0 {
		return ""
	}
	return t.Stems[0]
}

// repeated says whether words[i]'s own stem is an earlier term's: a
// question's word said twice counts once.
func repeated(words []Term, i int) bool {
	return slices.ContainsFunc(words[:i], func(v Term) bool { return v.own() == words[i].own() })
}

// Prior weighs, in Match, how much the data knows of a command: a
// command's score gains Prior times the log of one plus its number of
// descriptions. People ask of the commands many people write about: for
// "print today's calendar date", date, of 29 descriptions, before gcal,
// of six, whose words match "calendar" better. With the shipped model, man pages
// resolving (tools/taskeval -prior): the dev and style sets' how-to
// questions, hit@1 0.487 at 0, 0.503 at 1, 0.511 at 2; cross-validation
// over the data's own descriptions, where a rare command is asked of
// as often as its descriptions, 0.364, 0.358, 0.348. The ranking
// (rankeval over dev*, style-*, heldout-*, trees as fitted at 0):
// hit@1 1320 at 0, 1329 at 1, 1332 at 1.5; hit@3 1659, 1663, 1658.
var Prior = 1.0

// walk reads the keys a question's terms score by, as Match and
// Subcommands read them: each term's stems, at their weights (a term
// said twice once), and, where the model keeps pairs, each pair of
// adjacent terms' stems, at the product of their weights. After each
// term and each pair it calls flush, so that a term counts once however
// many of its stems a command's descriptions hold.
func (m *Model) walk(words []Term, add func(key string, f float64), flush func()) {
	for i, t := range words {
		if !repeated(words, i) {
			for j, st := range t.Stems {
				add(st, t.Weights[j])
			}
			flush()
		}
		if m.pairs && i > 0 && words[i-1].own() != t.own() {
			// a pair of any of the two terms' stems: "new folder" is
			// the pair the descriptions write "new directori"
			u := words[i-1]
			for a, sa := range u.Stems {
				for b, sb := range t.Stems {
					if sa != sb {
						add(pairKey(sa, sb), u.Weights[a]*t.Weights[b])
					}
				}
			}
			flush()
		}
	}
}

// Match is Commands for terms: a command scores, for each term, the best
// of its stems' weights times the stem's weight, so that a term counts
// once however many of its stems the command's descriptions hold; so does
// a pair of adjacent terms, of any of their stems.
func (m *Model) Match(words []Term, n int) []Scored {
	if m == nil || n <= 0 || len(words) == 0 {
		return nil
	}
	s, _ := m.pool.Get().(*scratch)
	if s == nil || len(s.score) != m.nCmd {
		s = &scratch{score: make([]float32, m.nCmd), term: make([]float32, m.nCmd)}
	}
	// add keeps, per command, the best weight of the term's stems in
	// s.term; flush adds them into s.score
	add := func(key string, f float32) {
		i, ok := m.find(key)
		if !ok {
			return
		}
		lo, hi := m.postings(i)
		for p := lo; p < hi; p++ {
			c, w := m.posting(p)
			if s.term[c] == 0 {
				s.termTouched = append(s.termTouched, c)
			}
			s.term[c] = max(s.term[c], f*w)
		}
	}
	flush := func() {
		for _, c := range s.termTouched {
			if s.score[c] == 0 {
				s.touched = append(s.touched, c)
			}
			s.score[c] += s.term[c]
			s.term[c] = 0
		}
		s.termTouched = s.termTouched[:0]
	}
	m.walk(words, func(key string, f float64) { add(key, float32(f)) }, flush)
	// the n best, kept sorted in best; ties go to the earlier command
	// (names are sorted, so the result does not depend on posting order)
	best := s.best[:0]
	for _, c := range s.touched {
		v := s.score[c]
		if Prior != 0 {
			v += float32(Prior * math.Log1p(float64(m.cmdDocs(int(c)))))
		}
		s.score[c] = 0
		if len(best) == n && !better(v, c, best[n-1]) {
			continue
		}
		if len(best) < n {
			best = append(best, cand{})
		}
		i := len(best) - 1
		for ; i > 0 && better(v, c, best[i-1]); i-- {
			best[i] = best[i-1]
		}
		best[i] = cand{c, v}
	}
	out := make([]Scored, len(best))
	for i, b := range best {
		out[i] = Scored{Command: m.Command(int(b.cmd)), Score: float64(b.score)}
	}
	s.best = best[:0]
	s.touched = s.touched[:0]
	m.pool.Put(s)
	return out
}

type cand struct {
	cmd   uint32
	score float32
}

func better(v float32, c uint32, than cand) bool {
	return v > than.score || v == than.score && c < than.cmd
}

// Resolve keeps the commands has reports (the pages of the index), a
// subcommand without a page of its own ("systemctl-list-units") standing
// for its command ("systemctl") when that has one, at the best score of
// the two; order and n as Commands.
func Resolve(scored []Scored, has func(name string) bool, n int) []Scored {
	var out []Scored
	seen := map[string]bool{}
	for _, s := range scored {
		name := s.Command
		if !has(name) {
			name = ""
			for c := s.Command; strings.Contains(c, "-"); {
				c = c[:strings.LastIndexByte(c, '-')]
				if has(c) {
					name = c
					break
				}
			}
			if name == "" {
				continue
			}
		}
		if seen[name] {
			continue // the one before scored at least as much
		}
		seen[name] = true
		out = append(out, Scored{Command: name, Score: s.Score})
		if len(out) == n {
			break
		}
	}
	return out
}

// Has reports whether the model knows the command.
func (m *Model) Has(name string) bool {
	_, ok := m.command(name)
	return ok
}

// Descriptions is how many descriptions of the command the model was fitted
// on: how much the data knows of it.
func (m *Model) Descriptions(name string) int {
	if i, ok := m.command(name); ok {
		return int(m.cmdDocs(i))
	}
	return 0
}

func (m *Model) command(name string) (int, bool) {
	n := m.nCmd
	i := sort.Search(n, func(i int) bool { return string(m.name(i)) >= name })
	return i, i < n && string(m.name(i)) == name
}
