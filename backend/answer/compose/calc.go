package compose

import (
	"slices"
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
	sum, ok := analyse.Sum(c.text)
	if !ok {
		return false
	}
	var line string
	switch prog {
	case "bc":
		bc := "bc"
		if slices.Contains(sum, "/") {
			bc = "bc -l"
		}
		line = "echo " + shellQuote(strings.Join(sum, "")) + " | " + bc
	case "expr":
		if slices.Contains(sum, "^") {
			return false // expr has no power
		}
		words := append([]string{"expr"}, sum...)
		for i, w := range words {
			if w == "*" {
				words[i] = `\*`
			}
		}
		line = strings.Join(words, " ")
	}
	pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, line
	return true
}
