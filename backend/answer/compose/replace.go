package compose

import (
	"path"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A stream editor replaces the text a question gives ("replace foo with
// bar in notes.txt") with its s command, in place where the question
// names the file: `sed -i 's/foo/bar/g' notes.txt`. No item of sed(1)
// says it in one: its -i ("edit files in place") and its
// "s/regexp/replacement/" command do it together, and the g flag, which
// makes it replace every match on a line and not the first alone, is
// documented in its info manual's node on substitution, cited where the
// index has it and left out where it does not.

var (
	// substituteTerm is the s command's item: "s/regexp/replacement/"
	substituteTerm = lazyre.New(`^s/[^/\s]+/[^/\s]+/`)
	// firstOnly: the question replaces the first match on a line alone
	firstOnly = lazyre.New(`(?i)\b(?:first|1st)\s+(?:occurrence|instance|match|appearance)`)
	// keepsFile: the question shows the result and leaves the file as
	// it is: "print notes.txt with foo replaced by bar", "without
	// changing the file"
	keepsFile = lazyre.New(`(?i)\b(?:print|prints|show|shows|display|preview|stdout|screen|terminal)\b(?:[^.]|$)|\bwithout\s+(?:changing|modifying|editing|touching|altering|overwriting)\b|\b(?:do\s+not|don'?t|never)\s+(?:change|modify|edit|touch|alter|overwrite)\b`)
	// fileSaid: the question replaces in a file it does not name
	fileSaid = lazyre.New(`(?i)\b(?:in|inside|within|throughout)\s+(?:a|the|my|that|this|one)\s+(?:text\s+|config\s+|configuration\s+)?file\b`)
	// fileWord: the question speaks of a file
	fileWord = lazyre.New(`(?i)\bfiles?\b`)
	// inPlaceItem is what the option that edits files in place says
	inPlaceItem = lazyre.New(`(?i)^\s*edit\s+(?:the\s+)?files?\s+in[\s-]+place`)
	// allMatchesItem is what the s command's g flag says: "Apply the
	// replacement to _all_ matches to the REGEXP, not just the first"
	allMatchesItem = lazyre.New(`(?i)^\s*apply\s+the\s+replacement\s+to\s+_?all_?\s+matches`)
)

// replaced is the text a question replaces and the text it puts in its
// place (analyse.ArgOld and ArgNew); ok is false where it gives no pair.
func replaced(args []analyse.Arg) (old, new string, ok bool) {
	o := slices.IndexFunc(args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgOld })
	n := slices.IndexFunc(args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgNew })
	if o < 0 || n < 0 || args[o].Text == "" {
		return "", "", false
	}
	return args[o].Text, args[n].Text, true
}

// replaceLead makes the first step the stream editor's line that
// replaces the text the question gives, where page s documents the s
// command: the option that edits in place leads where the question
// names its file and no other file to write, the s command otherwise.
func (c *composition) replaceLead(s *source, pl *plan) bool {
	old, new, ok := replaced(c.args)
	if !ok && analyse.ReplacesText(c.text) {
		// "replace a word with another everywhere in a file": the
		// same line, with what the question leaves to the user named
		old, new, ok = "OLD", "NEW", true
	}
	if !ok {
		return false
	}
	sub, found := itemWhere(s, func(p passage) bool { return substituteTerm().MatchString(p.block.Term) })
	if !found {
		return false
	}
	inPlace, edits := c.editsInPlace(s)
	prog := typedName(s.doc, s.hit.Meta.Title)
	in, out := "", ""
	for _, op := range c.ops {
		switch {
		case op.to && op.kind == analyse.ArgFile && out == "":
			out = op.text
		case !op.to && (op.kind == analyse.ArgFile || op.kind == analyse.ArgGlob || op.kind == analyse.ArgPath && path.Ext(op.text) != "") && in == "":
			in = op.text
		}
	}
	if in == "" && (fileSaid().MatchString(c.text) || old == "OLD" && fileWord().MatchString(c.text)) {
		in = "FILE" // "directly inside a file", "edit a file in place replacing one word with another"
	}
	if out == in {
		out = "" // "saving the change into links.txt itself"
	}
	g, gOK := c.allMatchesFlag(prog)
	gOK = gOK && !firstOnly().MatchString(c.text)
	script := sedScript(old, new, gOK)
	line := prog + " " + script
	lead, runs := sub, passage{}
	switch {
	case in != "" && out != "":
		line += " " + in + " > " + out
	case in != "" && edits:
		line = prog + " " + optionNames(inPlace.block.Term)[0] + " " + script + " " + in
		lead, runs = inPlace, sub
	case in != "":
		line += " " + in
	}
	pl.leadWith(lead, line, itemDoes(lead.block.Text))
	if runs.block.Kind == document.Item {
		pl.runs(runs)
	}
	if gOK {
		pl.also = &g
	}
	return true
}

// itemWhere is the first of page s's own items that is.
func itemWhere(s *source, is func(p passage) bool) (passage, bool) {
	for p := range ownItems(s.doc) {
		if is(p) {
			return p, true
		}
	}
	return passage{}, false
}

// editsInPlace is the option of page s that edits files in place (sed's
// -i), where the question does not only show the result (keepsFile);
// ok is false where it does, or s has none.
func (c *composition) editsInPlace(s *source) (passage, bool) {
	if keepsFile().MatchString(c.text) {
		return passage{}, false
	}
	return itemWhere(s, func(p passage) bool {
		return len(optionNames(p.block.Term)) > 0 && inPlaceItem().MatchString(itemSentence(p.block.Text))
	})
}

// allMatchesFlag is the item of the s command's flag that replaces every
// match on a line, as program prog's info manual documents it (ok false
// where the index holds no such node): the node is found by its word
// for substitution.
func (c *composition) allMatchesFlag(prog string) (alsoCited, bool) {
	if c.lib == nil {
		return alsoCited{}, false
	}
	r := c.lib.Reader()
	t, ok := r.Term(terms.Stem("substitution"))
	if !ok {
		return alsoCited{}, false
	}
	for id := range r.Docs(t) {
		m := r.Meta(id)
		if m.Type != "info" || !strings.HasPrefix(m.Label, prog+": ") {
			continue
		}
		d, err := c.lib.Load(id)
		if err != nil {
			continue
		}
		for si := range d.Sections {
			for _, b := range d.Sections[si].Blocks {
				if b.Kind == document.Item && len(strings.Fields(b.Term)) == 1 && allMatchesItem().MatchString(b.Text) {
					does := strings.TrimSuffix(strings.ReplaceAll(itemDoes(b.Text), "_", ""), ".")
					return alsoCited{text: "with the " + b.Term + " flag: " + does, meta: m, section: d.Sections[si].Title}, true
				}
			}
		}
	}
	return alsoCited{}, false
}

// alsoSaid is what the lead's line does that another page documents,
// cited, to follow the line's own description: "; with the g flag: ...
// [2]"; "" where it does nothing more.
func (c *composition) alsoSaid(pl *plan) string {
	if pl.also == nil {
		return ""
	}
	return "; " + pl.also.text + " " + c.citer.Cite(pl.also.meta, pl.also.section)
}

// alsoCited is what a step's line does that another page than the
// step's documents, and where: cited after the step's own page, so that
// the references list that page first.
type alsoCited struct {
	text    string
	meta    index.Meta
	section string
}

// sedScript is the s command that replaces old with new, quoted for the
// shell: the delimiter one neither holds, old's characters that a basic
// regular expression reads as special escaped, and new's & and
// backslashes, so that both are taken as typed; g replaces every match
// on a line.
func sedScript(old, new string, g bool) string {
	delim := "/"
	for _, d := range []string{"/", "|", "#", ",", ":", "@"} {
		if !strings.Contains(old, d) && !strings.Contains(new, d) {
			delim = d
			break
		}
	}
	var b strings.Builder
	b.WriteString("s" + delim + literalRegexp(old, delim) + delim)
	for _, r := range new {
		if strings.ContainsRune(`\&`, r) || string(r) == delim {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteString(delim)
	if g {
		b.WriteString("g")
	}
	return "'" + strings.ReplaceAll(b.String(), "'", `'\''`) + "'"
}

// sedAddress is the address of the lines that hold text pat, as a stream
// editor reads it: between slashes, taken as typed.
func sedAddress(pat string) string { return "/" + literalRegexp(pat, "/") + "/" }

// literalRegexp is text as a basic regular expression between delimiters
// delim matches it: what it reads as special, and delim, escaped.
func literalRegexp(text, delim string) string {
	var b strings.Builder
	for _, r := range text {
		if strings.ContainsRune(`\.*[]^$`, r) || string(r) == delim {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
