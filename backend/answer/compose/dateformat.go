package compose

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question that shows the form it wants a date in, as a pattern ("in
// the form YYYY-MM-DD") or by an example ("like 2024-01-31"), asks for
// date's +FORMAT: `date +%Y-%m-%d`. The example was read as no value
// (exampleBefore) and the placeholder stayed: `date [+FORMAT]`.

// datePattern is a date's form written with letters: YYYY-MM-DD,
// DD/MM/YYYY, HH:MM:SS, YYYY-MM-DD HH:MM.
var datePattern = lazyre.New(`\b(?:YYYY|YY|MM|DD|HH|SS)(?:[-/.: ]?(?:YYYY|YY|MM|DD|HH|SS))+\b`)

// formWords is a date's form written with words joined by the marks
// between them: year-month-day, day/month/year, hour:minute:second.
var formWords = lazyre.New(`(?i)\b(?:year|month|day|hours?|minutes?|seconds?)(?:[-/.:](?:year|month|day|hours?|minutes?|seconds?))+\b`)

// dateWordVerbs writes formWords' words as date's format.
var dateWordVerbs = strings.NewReplacer("year", "%Y", "month", "%m", "day", "%d", "hours", "%H", "hour", "%H", "minutes", "%M", "minute", "%M", "seconds", "%S", "second", "%S")

// dateExample is a date written out after words that show a form:
// "like 2024-01-31", "formatted as 31/01/2024".
var dateExample = lazyre.New(`(?i)\b(?:like|format|formatted\s+as|written\s+as|in\s+the\s+form|such\s+as|e\.g\.)\s*:?\s*["']?(\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?|\d{1,2}/\d{1,2}/\d{4})\b`)

// formatAsked is date's +FORMAT for the form the question shows, "" where
// it shows none.
func formatAsked(q string) string {
	if p := datePattern().FindString(q); p != "" {
		return "+" + strftimeOf(p)
	}
	if p := formWords().FindString(q); p != "" {
		return "+" + dateWordVerbs.Replace(strings.ToLower(p))
	}
	m := dateExample().FindStringSubmatch(q)
	if m == nil {
		return ""
	}
	ex := m[1]
	if i := strings.IndexAny(ex, " T"); i >= 0 {
		// a date and a time of day
		f := "%Y-%m-%d %H:%M"
		if strings.Count(ex[i:], ":") == 2 {
			f += ":%S"
		}
		return "+" + f
	}
	if strings.Contains(ex, "-") {
		return "+%Y-%m-%d"
	}
	// 31/01/2024 or 01/31/2024: which comes first only a day past 12
	// tells
	parts := strings.Split(ex, "/")
	a, _ := strconv.Atoi(parts[0])
	b, _ := strconv.Atoi(parts[1])
	switch {
	case a > 12 && b <= 12:
		return "+%d/%m/%Y"
	case b > 12 && a <= 12:
		return "+%m/%d/%Y"
	}
	return ""
}

// strftimeOf writes a lettered form as date's format: MM is the month,
// or the minutes after an hour.
func strftimeOf(p string) string {
	var b strings.Builder
	afterHour := false
	for i := 0; i < len(p); {
		l := slices.IndexFunc(dateLetters, func(dl [2]string) bool { return strings.HasPrefix(p[i:], dl[0]) })
		if l < 0 {
			if p[i] == ' ' {
				afterHour = false
			}
			b.WriteByte(p[i])
			i++
			continue
		}
		letters, verb := dateLetters[l][0], dateLetters[l][1]
		switch {
		case letters == "HH":
			afterHour = true
		case letters == "MM" && afterHour:
			verb = "%M"
		}
		b.WriteString(verb)
		i += len(letters)
	}
	return b.String()
}

// dateLetters are the letters of a lettered form and date's conversion
// of each, the longer first (YYYY before YY).
var dateLetters = [][2]string{{"YYYY", "%Y"}, {"YY", "%y"}, {"HH", "%H"}, {"MM", "%m"}, {"DD", "%d"}, {"SS", "%S"}}

// takeFormat adds the date format the question shows (formatAsked) to
// its operands, as a value given for a FORMAT placeholder.
func (c *composition) takeFormat() {
	f := formatAsked(c.text)
	if f == "" {
		return
	}
	c.ops = append(c.ops, operand{at: -1, kind: analyse.ArgQuoted, text: shellQuote(f), noun: "format", made: true})
}

// formatOverrides says whether the question shows the form it wants
// (takeFormat) and item p writes a form of its own: date's --rfc-3339
// and -I for "in YYYY-MM-DD format", which +%Y-%m-%d says as asked, or
// one conversion of the format, "%:z: +hh:mm numeric time zone" for
// "the time as HH:MM".
func (c *composition) formatOverrides(p passage) bool {
	return slices.ContainsFunc(c.ops, func(op operand) bool { return op.made && op.noun == "format" }) &&
		(strings.Contains(strings.ToLower(itemSentence(p.block.Text)), "format") || formatSeq().MatchString(p.term()))
}

// withDate writes into the lead's command line the date the question
// gives, where the lead prints a date in a form of its own and leaves
// the date to now: "the date 10 days from now in ISO format" is `date
// -d '10 days' -I`, by the option the page documents as --date (see
// givenDate), before the form, as date's synopsis puts options.
func (c *composition) withDate(s *source, pl *plan) {
	p, date, ok := c.givenDate(s, pl.line)
	if !ok || pl.chosen[0].same(p) {
		return
	}
	cmd, _ := c.optionCommand(s, pl.chosen[0])
	words := strings.Fields(pl.line)
	if !strings.HasPrefix(pl.line, cmd+" ") || len(words) <= len(strings.Fields(cmd)) {
		return
	}
	pl.line = joinAt(words, len(strings.Fields(cmd)), date)
	pl.runs(p)
}

// givenDate is the option item of page s that takes a date to show
// instead of now, date's "-d, --date=STRING", and the option with the
// date the question gives ("-d 2024-03-01"), where the page prints
// dates in a +FORMAT and line does not hold the date yet.
func (c *composition) givenDate(s *source, line string) (p passage, date string, ok bool) {
	if !plusFormat(s.doc) {
		return passage{}, "", false
	}
	i := slices.IndexFunc(c.ops, func(op operand) bool { return op.kind == analyse.ArgDate && !op.made })
	if i < 0 || strings.Contains(line, c.ops[i].text) {
		return passage{}, "", false
	}
	for p := range ownItems(s.doc) {
		if names := optionNames(p.block.Term); slices.Contains(names, "--date") {
			return p, names[0] + " " + c.ops[i].text, true
		}
	}
	return passage{}, "", false
}
