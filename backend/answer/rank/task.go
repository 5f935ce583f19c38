package rank

import (
	"slices"
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
	rank  int     // its command's place among those with pages, 0 first; -1 if not among them
	share float64 // its command's score over the best one's
	near  float64 // the same, the model asked with near synonyms too
	// lead is, for the first command's pages, how far it leads the
	// second, as a share of its score: a model sure of its command
	// ("make a file executable": chmod well ahead) against one that
	// ranks a dozen commands alike
	lead float64
	// entries are the builtins bash(1) stands for (see asShell), best
	// first: the entries of its page the answer leads with
	entries []string
}

// taskPages reads the question's content words (as the analyser stems
// them) with model m and returns, per section 1/6/8 page of the commands
// it puts first, what it says of the page, and those commands' pages in
// the model's order. The model is asked twice: with the question's own
// words, as the descriptions it was fitted on say them, and with their
// near synonyms too ("folder" is also a directory), which finds the
// commands of a task worded unlike any description and strays more.
func (rk *ranker) taskPages(a analyse.Analysis, m *tasks.Model) (map[int]taskFact, []int) {
	if m == nil {
		return nil, nil
	}
	byName := rk.byName()
	if len(byName) == 0 {
		return nil, nil
	}
	own := tasks.Terms(a, 2, nil)
	near := tasks.Terms(a, taskAlt, nil)
	if len(own) == 0 {
		return nil, nil
	}
	has := func(name string) bool { return len(byName[name]) > 0 }
	out := map[int]taskFact{}
	var admit []int
	for i, words := range [][]tasks.Term{own, near} {
		scored, builtins := asShell(m.Match(words, taskAsk), has)
		top := tasks.Resolve(scored, has, taskTop)
		if len(top) == 0 || top[0].Score <= 0 {
			continue
		}
		for r, s := range top {
			for _, id := range byName[s.Command] {
				f, ok := out[id]
				if !ok {
					f.rank = -1
				}
				if s.Command == "bash" && len(f.entries) == 0 {
					f.entries = builtins
				}
				share := s.Score / top[0].Score
				if i == 0 {
					f.rank, f.share = r, share
					if r == 0 {
						f.lead = 1
						if len(top) > 1 {
							f.lead = (top[0].Score - top[1].Score) / top[0].Score
						}
					}
				} else {
					f.near = share
				}
				out[id] = f
				if r < taskAdmit && !slices.Contains(admit, id) {
					admit = append(admit, id)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, nil
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
		} else if base, _, ok := strings.Cut(title, "."); ok && slices.Contains(rk.r.Meta(id).Names, base) {
			// Debian's page of one of the programs an alternative
			// chooses between, which.debianutils(1) and rename.ul(1),
			// is the command its NAME line names: people write which
			base = strings.ToLower(base)
			names = append(names, base)
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

// shellBuiltins are bash's builtins (compgen -b of bash 5.2) that have no
// page of their own, and its syntax: the task data describes them as
// commands (tldr has a page for alias, export, history, fg, trap...), and
// bash(1) documents them, in SHELL BUILTIN COMMANDS. "[", echo, kill, printf,
// pwd and test have programs' pages of their own, which keep them.
var shellBuiltins = map[string]bool{
	"alias": true, "bg": true, "bind": true, "break": true, "builtin": true, "caller": true, "cd": true,
	"command": true, "compgen": true, "complete": true, "compopt": true, "continue": true, "declare": true,
	"dirs": true, "disown": true, "enable": true, "eval": true, "exec": true, "exit": true, "export": true,
	"fc": true, "fg": true, "getopts": true, "hash": true, "help": true, "history": true, "jobs": true,
	"let": true, "local": true, "logout": true, "mapfile": true, "popd": true, "pushd": true, "read": true,
	"readarray": true, "readonly": true, "return": true, "set": true, "shift": true, "shopt": true,
	"source": true, "suspend": true, "times": true, "trap": true, "type": true, "typeset": true,
	"ulimit": true, "umask": true, "unalias": true, "unset": true, "wait": true,
	// and the shell's syntax, which tldr gives pages of its own: "!" for
	// history expansion ("!$", the last argument of the previous
	// command), "$" for parameters, "((" for arithmetic, "[[", "{", "~"
	"!": true, "$": true, "%": true, "((": true, "[[": true, "]]": true, "^": true, "{": true, "}": true, "~": true,
}

// entriesKept is how many of the builtins the task model scores the
// answer may lead with, and entryShare the least score of one against the
// best: the model's second builtin is often as right as its first
// ("export" beside "unset" for removing a variable), its tenth seldom.
const (
	entriesKept = 2
	entryShare  = 0.5
)

// asShell names each builtin the task model scores, that has no page of
// its own, by the shell that documents it, bash, where the index has
// bash's page: "make a short nickname for a long command" is alias, whose
// entry is in bash(1). Resolve then keeps the best of them. entries are
// the builtins so named that the answer may lead with: the first
// entriesKept within entryShare of the best (scored is best first).
func asShell(scored []tasks.Scored, has func(string) bool) (_ []tasks.Scored, entries []string) {
	if !has("bash") {
		return scored, nil
	}
	best := 0.0
	for i, s := range scored {
		if !shellBuiltins[s.Command] || has(s.Command) {
			continue
		}
		if best == 0 {
			best = s.Score
		}
		if s.Score >= entryShare*best && len(entries) < entriesKept {
			entries = append(entries, s.Command)
		}
		scored[i].Command = "bash"
	}
	return scored, entries
}
