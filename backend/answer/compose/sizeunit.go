package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question may ask for sizes in a unit ("the free space in
// megabytes", "du in kilobytes"). Pages take the unit as an option's
// value, in one of three forms: du's -m, "like --block-size=1M"; df's
// and ls's --block-size=SIZE, "e.g., '-BM' prints sizes in units of
// 1,048,576 bytes"; vmstat's "-S, --unit character", "Switches outputs
// between 1000 (k), 1024 (K), 1000000 (m), or 1048576 (M) bytes". The
// option's words say nothing of megabytes, so no word of the question
// finds it; the line one types gives the unit's letter.

// scaleAsked is the letter of the unit the question asks sizes in (K, M,
// G, T), "" where it asks for none. A size it gives ("larger than 100
// MB") asks for no unit, nor do two ("in gigabytes and megabytes").
func scaleAsked(question string) string {
	m := askedUnit().FindStringSubmatch(question)
	if m == nil || unitsEither().MatchString(question) {
		return ""
	}
	return strings.ToUpper(m[1][:1])
}

// askedUnit is "in megabytes", "in MB", "in MiB", "in units of GB".
var askedUnit = lazyre.New(`(?i)\b(?:in|as)\s+(?:units\s+of\s+)?((?:kilo|mega|giga|tera|kibi|mebi|gibi|tebi)(?:bytes?)?|[kmgt]i?b)\b`)

// unitsEither is two units, which sizes written each in its own unit
// are in: "in gigabytes and megabytes" asks for human-readable sizes.
var unitsEither = lazyre.New(`(?i)\b(?:kilo|mega|giga|tera)bytes,?\s+(?:and|or)\s+(?:kilo|mega|giga|tera)bytes\b`)

// sizeLike is the block size an option is like: "like --block-size=1M".
var sizeLike = lazyre.New(`\blike\s+--block-size=1([KMGT])\b`)

// blockSize is an option term that takes a block size.
var blockSize = lazyre.New(`--block-size[= ]SIZE\b`)

// scaleOption is the option, with its value, that shows sizes in the unit
// the question asks for, of item p: "-m" (du), "--block-size=M" (df,
// ls), "-S M" (vmstat); "" where p takes no unit or the question asks
// for none.
func (c *composition) scaleOption(p passage) string {
	letter := c.scale
	if letter == "" {
		return ""
	}
	term, text := p.block.Term, p.block.Text
	if m := sizeLike().FindStringSubmatch(text); m != nil {
		if m[1] != letter {
			return ""
		}
		if names := optionNames(term); len(names) > 0 {
			return names[0]
		}
		return ""
	}
	if blockSize().MatchString(term) {
		return "--block-size=" + letter
	}
	// a value of one character the text lists, the asked unit's among
	// them in parentheses
	if f := strings.Fields(term); len(f) > 0 && strings.Contains(text, "("+letter+")") && strings.Contains(strings.ToLower(term), " character") {
		if names := optionNames(term); len(names) > 0 && !strings.HasPrefix(names[0], "--") {
			return names[0] + " " + letter
		}
	}
	return ""
}

// scaleFirst puts first, where the question asks for sizes in a unit, the
// page's item that shows them in it: an option that is the unit alone
// (du's -m) before one that takes it as its value (-B).
func (c *composition) scaleFirst(s *source, chosen []passage) []passage {
	if c.scale == "" {
		return chosen
	}
	var valued *passage
	for p := range ownItems(s.doc) {
		if !c.optionItem(s, p) {
			continue
		}
		switch u := c.scaleOption(p); {
		case u == "":
		case !strings.Contains(u, "=") && !strings.Contains(u, " "):
			return putFirst(chosen, p)
		case valued == nil:
			valued = &p
		}
	}
	if valued != nil {
		return putFirst(chosen, *valued)
	}
	return chosen
}
