package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// calcLead makes the first step, on bc's page, the line that works out
// the sum the question says in words or signs: "calculate 17 times 23" is
// `echo '17*23' | bc`, with -l (its math library, which divides to 20
// places) where the sum divides. bc reads the sum on its standard input;
// its page's EXAMPLES are programs in its language, a checkbook and a
// power series, no line to type for one sum. On expr's page, its own
// form: `expr 17 \* 23`.
func (c *composition) calcLead(s *source, pl *plan) bool {
	prog := typedName(s.doc, s.hit.Meta.Title)
	if prog != "bc" && prog != "expr" {
		return false
	}
	nums, ops, ok := analyse.Sum(c.text)
	if !ok {
		return false
	}
	var line string
	switch prog {
	case "bc":
		var b strings.Builder
		for i, n := range nums {
			if i > 0 {
				b.WriteString(ops[i-1])
			}
			b.WriteString(n)
		}
		bc := "bc"
		if strings.Contains(b.String(), "/") {
			bc = "bc -l"
		}
		line = "echo " + shellQuote(b.String()) + " | " + bc
	case "expr":
		words := []string{"expr"}
		for i, n := range nums {
			if i > 0 {
				op := ops[i-1]
				if op == "*" {
					op = `\*`
				}
				if op == "^" {
					return false // expr has no power
				}
				words = append(words, op)
			}
			words = append(words, n)
		}
		line = strings.Join(words, " ")
	}
	pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, line
	return true
}
