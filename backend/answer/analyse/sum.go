package analyse

import (
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Sum reads the sum a question asks to work out, where it asks to
// calculate (calculate, compute, what is, add, ...): its numbers and the
// operators between them, in turn, as bc writes them ("17 times 23": 17,
// "*", 23; "add 5 and 3": 5, "+", 3; "subtract 4 from 10": 10, "-", 4).
func Sum(q string) (terms []string, ok bool) {
	if !sumVerb().MatchString(q) {
		return nil, false
	}
	if m := verbSum().FindStringSubmatch(q); m != nil {
		switch strings.ToLower(m[1]) {
		case "add":
			return []string{m[2], "+", m[3]}, true
		case "multiply":
			return []string{m[2], "*", m[3]}, true
		case "divide":
			return []string{m[2], "/", m[3]}, true
		case "subtract":
			return []string{m[3], "-", m[2]}, true
		}
	}
	m := chainSum().FindString(q)
	if m == "" || sumDateLike().MatchString(strings.TrimSpace(strings.Trim(m, " ,;:?!()"))) {
		// (a date is no sum: "2023-01-05", "05/01/2023")
		return nil, false
	}
	nums := 0
	for _, t := range sumToken().FindAllString(m, -1) {
		if sumNumberRE().MatchString(t) {
			nums++
			terms = append(terms, t)
		} else {
			terms = append(terms, opSign(t))
		}
	}
	return terms, nums >= 2 && len(terms) == 2*nums-1
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
	sumNumberRE = lazyre.New(`^` + sumNumber + `$`)
	sumDateLike = lazyre.New(`^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})$`)
	// chainSum is a sum in words or signs: "17 times 23", "2^10",
	// "100 / 7 + 1"
	chainSum = lazyre.New(`(?i)(?:^|[^\w.])` + sumNumber + `(?:\s*(?:` + sumOp + `)\s*` + sumNumber + `)+(?:[^\w.]|$)`)
	// sumToken is a number or an operator of chainSum's match
	sumToken = lazyre.New(`(?i)` + sumNumber + `|` + sumOp)
	// verbSum is a sum said with its verb: "add 5 and 3", "multiply 17
	// by 23", "divide 100 by 7", "subtract 4 from 10"
	verbSum = lazyre.New(`(?i)\b(add|multiply|divide|subtract)\s+(` + sumNumber + `)\s+(?:and|by|to|from)\s+(` + sumNumber + `)\b`)
)

// sumVerb is a question that asks to work a sum out: "resize it to
// 800x600" is no product.
var sumVerb = lazyre.New(`(?i)\b(?:calculat\w*|comput\w*|work\s+out|evaluat\w*|what\s+is|what's|how\s+much\s+is|add|multiply|divide|subtract|arithmetic|math|maths|sum)\b`)
