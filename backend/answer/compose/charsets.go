package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A program that translates or deletes characters (tr) takes them as
// sets, "STRING1 [STRING2]", that a question names in words: "carriage
// return characters", "every tab", "all digits", "lowercase letters". It
// reads standard input only, so the file the question gives is
// redirected in. Unfilled, "delete all carriage returns from dos.txt and
// write unix.txt" was `tr -d STRING1 [STRING2]`; it is
// `tr -d '\r' < dos.txt > unix.txt`.

// charsVerb: what the question does with the characters it names.
var (
	charsDelete  = lazyre.New(`(?i)\b(?:delete|deletes|deleting|remove|removes|removing|strip|strips|stripping|drop|drops|get\s+rid\s+of)\b`)
	charsSqueeze = lazyre.New(`(?i)\b(?:squeeze|squeezes|squash|squashes|collapse|collapses)\b|\bruns\s+of\b`)
	charsUpper   = lazyre.New(`(?i)\b(?:upper[\s-]*case|capitals?|capital\s+letters)\b`)
	charsLower   = lazyre.New(`(?i)\b(?:lower[\s-]*case|small\s+letters)\b`)
)

// takesCharSets says whether a program's synopsis takes sets of
// characters: tr's "STRING1 [STRING2]", "SET1 [SET2]".
func takesCharSets(d *document.Document) bool {
	for _, l := range synopsisLines(d) {
		up := strings.ToUpper(l)
		if strings.Contains(up, "STRING1") || strings.Contains(up, "SET1") {
			return true
		}
	}
	return false
}

// charsLine is the command line that does to the characters the question
// names what it asks (deletes, squeezes, or translates them), on a page
// whose synopsis takes sets (takesCharSets), and the option it gives ("-d",
// "-s"; "" for a translation). ok is false where the question names no
// characters, or more than the line can take.
func (c *composition) charsLine(s *source) (line, opt string, ok bool) {
	if !takesCharSets(s.doc) {
		return "", "", false
	}
	sets := analyse.CharSets(c.text)
	var words []string
	switch {
	case len(sets) == 0:
		return "", "", false
	case charsDelete().MatchString(c.text) && len(sets) == 1:
		opt, words = "-d", []string{sets[0]}
	case charsSqueeze().MatchString(c.text) && len(sets) == 1:
		opt, words = "-s", []string{sets[0]}
	case !analyse.TranslateVerb().MatchString(c.text):
		return "", "", false
	case len(sets) == 2:
		words = []string{sets[0], sets[1]}
	case len(sets) == 1 && sets[0] == `'[:upper:]'` && charsUpper().MatchString(c.text):
		// "make every letter uppercase": from the others
		words = []string{`'[:lower:]'`, `'[:upper:]'`}
	case len(sets) == 1 && sets[0] == `'[:lower:]'` && charsLower().MatchString(c.text):
		words = []string{`'[:upper:]'`, `'[:lower:]'`}
	default:
		return "", "", false
	}
	line = typedName(s.doc, s.hit.Meta.Title)
	if opt != "" {
		line += " " + opt
	}
	line += " " + strings.Join(words, " ")
	// it reads standard input: the file the question works on is
	// redirected in, the one it writes to out
	var in, out string
	for _, op := range c.ops {
		if op.kind != analyse.ArgFile && op.kind != analyse.ArgPath {
			continue
		}
		switch {
		case op.to || op.named:
			if out != "" {
				return "", "", false
			}
			out = op.text
		case in == "":
			in = op.text
		default:
			return "", "", false
		}
	}
	if in != "" {
		line += " < " + in
	}
	if out != "" {
		line += " > " + out
	}
	return line, opt, true
}

// charsLead makes the line that does what the question asks to the
// characters it names (charsLine) the first step: as the line of its
// option (tr's -d, -s) where it gives one, or else in the synopsis's
// place. false where the page documents no such option.
func (c *composition) charsLead(pl *plan, line, opt string) bool {
	if opt != "" {
		i := slices.IndexFunc(pl.ps, func(p passage) bool {
			return p.block.Kind == document.Item && slices.Contains(optionNames(p.block.Term), opt)
		})
		if i < 0 {
			return false
		}
		p := pl.ps[i]
		pl.leadWith(p, line, itemDoes(p.block.Text))
		return true
	}
	pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, line
	return true
}
