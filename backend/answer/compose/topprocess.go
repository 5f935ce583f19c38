package compose

import (
	"strconv"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// topProcessLead makes the first step ps's list of every process, the
// one that uses the most of what the question asks first, and the first
// lines of it (analyse.AsksTopProcess), where the first page is ps(1):
// `ps -eo pid,user,%mem,comm --sort=-%mem | head` for memory, %cpu
// else, citing --sort, -e and -o. Without it ps's "v" led ("Display
// virtual memory format"), which lists processes in no order of use.
func (c *composition) topProcessLead(s *source, pl *plan) bool {
	if !analyse.AsksTopProcess(c.text) || typedName(s.doc, s.hit.Meta.Title) != "ps" {
		return false
	}
	p, ok := itemWhere(s, optionNamed("--sort"))
	if !ok {
		return false
	}
	key := "%cpu"
	if memoryAsked().MatchString(c.text) {
		key = "%mem"
	}
	head := " | head"
	for _, op := range c.ops {
		if op.kind == analyse.ArgNumber {
			if n, err := strconv.Atoi(op.text); err == nil && n > 0 {
				// the header line comes first
				head = " | head -n " + strconv.Itoa(n+1)
			}
			break
		}
	}
	pl.leadWith(p, "ps -eo pid,user,"+key+",comm --sort=-"+key+head, itemDoes(p.block.Text))
	// every option the line runs is cited to its item
	for _, name := range []string{"-e", "-o"} {
		if p, ok := itemWhere(s, optionNamed(name)); ok {
			pl.runs(p)
		}
	}
	pl.whole = true
	return true
}

// memoryAsked is a question of the memory processes use, not the
// processor.
var memoryAsked = lazyre.New(`(?i)\b(?:memory|ram|mem)\b`)
