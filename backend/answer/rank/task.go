package rank

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
)

// The task model (backend/answer/tasks) says which commands people use
// for what a question asks, learned from other people's descriptions of
// command lines. Its best commands, those the index has a section 1, 6
// or 8 page of, are what it says of those pages (taskFact, which FTask
// and FTaskRank read: its score over the best one's, its rank), and the first
// taskAdmit of them join the pool whatever their words: "make a file
// smaller" finds gzip(1), whose NAME line says "compress or expand files".
const (
	// taskTop is how many of the model's commands, among those with a
	// page here, the question keeps facts of.
	taskTop = 10
	// taskAdmit is how many of them join the pool.
	taskAdmit = 5
	// taskAsk is how many commands are asked of the model before they
	// are resolved against the index: many it knows have no page here.
	taskAsk = 60
	// taskAlt is the least weight of a concept's other stems the model
	// is asked with: the thesaurus's near synonyms ("folder" is a
	// directory), not its looser senses ("folder" is a pamphlet).
	taskAlt = 0.7
)

// taskFact is what the task model says of a page for a question.
type taskFact struct {
	rank  int     // its command's place among those with pages, 0 first
	share float64 // its command's score over the best one's
}

// taskPages reads the question's content words (as the analyser stems
// them) with model m and returns, per section 1/6/8 page of the commands
// it puts first, what it says of the page, and those commands' pages in
// the model's order.
func (rk *ranker) taskPages(a analyse.Analysis, m *tasks.Model) (map[int]taskFact, []int) {
	if m == nil {
		return nil, nil
	}
	byName := rk.byName()
	if len(byName) == 0 {
		return nil, nil
	}
	words := make([]tasks.Term, 0, len(a.Concepts))
	for _, c := range a.Concepts {
		if len(c.Alts) == 0 || c.Alts[0].Stem == "" {
			continue
		}
		var t tasks.Term
		for _, alt := range c.Alts {
			if alt.Weight >= taskAlt {
				t.Stems = append(t.Stems, alt.Stem)
				t.Weights = append(t.Weights, alt.Weight)
			}
		}
		words = append(words, t)
	}
	if len(words) == 0 {
		return nil, nil
	}
	has := func(name string) bool { return len(byName[name]) > 0 }
	top := tasks.Resolve(m.Match(words, taskAsk), has, taskTop)
	if len(top) == 0 || top[0].Score <= 0 {
		return nil, nil
	}
	out := make(map[int]taskFact, len(top))
	var admit []int
	for r, s := range top {
		for _, id := range byName[s.Command] {
			if _, ok := out[id]; ok {
				continue
			}
			out[id] = taskFact{rank: r, share: s.Score / top[0].Score}
			if r < taskAdmit {
				admit = append(admit, id)
			}
		}
	}
	return out, admit
}

// manualNames maps each section 1/6/8 page's lowercase name (its title,
// and with all the other names its NAME line gives) to the pages of that
// name: for the task model's commands, by title.
func (rk *ranker) manualNames(all bool) map[string][]int {
	out := map[string][]int{}
	for id := range rk.priors {
		if !rk.priors[id].manual || rk.guest(id) {
			continue
		}
		title, _ := rk.r.NameLine(id)
		if title == "" {
			continue
		}
		names := []string{title}
		if all {
			names = append(names, rk.r.Meta(id).Names...)
		}
		seen := map[string]bool{}
		for _, n := range names {
			if n = strings.ToLower(n); !seen[n] {
				seen[n] = true
				out[n] = append(out[n], id)
			}
		}
	}
	return out
}
