package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
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
	nums, ops, ok := sumAsked(c.text)
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

// sumAsked reads the sum a question asks to work out: its numbers and
// the operators between them, as bc writes them ("17 times 23": 17, 23
// and "*"; "add 5 and 3": "+"; "subtract 4 from 10": 10 - 4).
func sumAsked(q string) (nums, ops []string, ok bool) {
	if m := verbSum().FindStringSubmatch(q); m != nil {
		switch strings.ToLower(m[1]) {
		case "add":
			return []string{m[2], m[3]}, []string{"+"}, true
		case "multiply":
			return []string{m[2], m[3]}, []string{"*"}, true
		case "divide":
			return []string{m[2], m[3]}, []string{"/"}, true
		case "subtract":
			return []string{m[3], m[2]}, []string{"-"}, true
		}
	}
	m := chainSum().FindString(q)
	if m == "" || dateLike().MatchString(strings.TrimSpace(strings.Trim(m, " ,;:?!()"))) {
		// (a date is no sum: "2023-01-05", "05/01/2023")
		return nil, nil, false
	}
	for _, t := range sumToken().FindAllString(m, -1) {
		if numberRE().MatchString(t) {
			nums = append(nums, t)
		} else {
			ops = append(ops, opSign(t))
		}
	}
	return nums, ops, len(nums) >= 2 && len(ops) == len(nums)-1
}

// opSign is bc's sign for an operator said in words or signs.
func opSign(w string) string {
	switch strings.Join(strings.Fields(strings.ToLower(w)), " ") {
	case "plus", "+":
		return "+"
	case "minus", "-":
		return "-"
	case "times", "multiplied by", "x", "*", "×":
		return "*"
	case "divided by", "over", "/", "÷":
		return "/"
	case "to the power of", "^", "**":
		return "^"
	case "mod", "modulo", "%":
		return "%"
	}
	return w
}

const (
	sumNumber = `\d+(?:\.\d+)?`
	sumOp     = `plus|minus|times|multiplied\s+by|divided\s+by|over|to\s+the\s+power\s+of|modulo|mod|[-+*/^%×÷x]|\*\*`
)

var (
	numberRE = lazyre.New(`^` + sumNumber + `$`)
	dateLike = lazyre.New(`^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})$`)
	// chainSum is a sum in words or signs: "17 times 23", "2^10",
	// "100 / 7 + 1"
	chainSum = lazyre.New(`(?i)(?:^|[^\w.])` + sumNumber + `(?:\s*(?:` + sumOp + `)\s*` + sumNumber + `)+(?:[^\w.]|$)`)
	// sumToken is a number or an operator of chainSum's match
	sumToken = lazyre.New(`(?i)` + sumNumber + `|` + sumOp)
	// verbSum is a sum said with its verb: "add 5 and 3", "multiply 17
	// by 23", "divide 100 by 7", "subtract 4 from 10"
	verbSum = lazyre.New(`(?i)\b(add|multiply|divide|subtract)\s+(` + sumNumber + `)\s+(?:and|by|to|from)\s+(` + sumNumber + `)\b`)
)
