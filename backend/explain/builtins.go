package explain

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

// shellDoc is where a shell documents its builtins: a section of a page,
// an entry each.
type shellDoc struct{ page, section string }

// shellDocs are the shells whose builtins are explained, by the name
// $SHELL ends with.
var shellDocs = map[string]shellDoc{
	"bash": {"bash", "SHELL BUILTIN COMMANDS"},
	"zsh":  {"zshbuiltins", "SHELL BUILTIN COMMANDS"},
}

// Shell is the shell whose builtins the command words of a line may be,
// from the user's $SHELL: bash when it is unset, and for the POSIX shells
// that document no builtins of their own in a page of this layout (sh,
// dash, ksh), whose read, set, export and ulimit bash's entries describe
// better than the system call or the SQL statement of the same name. None
// for fish, which documents each builtin in a page of its own (its
// set(1)), found by name like a program's.
func Shell(env string) string {
	name := strings.TrimPrefix(path.Base(env), "-")
	switch {
	case env == "":
		return "bash"
	case name == "fish":
		return ""
	}
	if _, ok := shellDocs[name]; ok {
		return name
	}
	return "bash"
}

// builtins are a shell's builtins, from its page.
type builtins struct {
	shell   string // "bash"
	section string // of the page, where the entries are
	meta    index.Meta
	doc     *document.Document
	entries map[string]*entry // by each name an entry gives: "." and "source"
}

// entry is a builtin's entry: its synopsis and its text.
type entry struct {
	forms []string // "read [-ers] [-a aname] ... [name ...]", one a form
	text  string
}

// shellBuiltins reads the builtins of the line's shell once a command word
// may be one; nil when the shell documents none here.
func (e *explainer) shellBuiltins() *builtins {
	if e.builtinsRead {
		return e.builtins
	}
	e.builtinsRead = true
	sd, ok := shellDocs[e.shell]
	if !ok {
		return nil
	}
	best := -1
	for _, id := range e.lib.Pages(sd.page) {
		if answer.ProgramPage(e.lib.Meta(id)) {
			best = id
			break
		}
	}
	if best < 0 {
		return nil
	}
	doc, err := e.lib.Load(best)
	if err != nil {
		e.out.Warnings = append(e.out.Warnings, "could not read the page of "+sd.page+": "+err.Error())
		return nil
	}
	e.builtins = &builtins{shell: e.shell, section: sd.section, meta: e.lib.Meta(best), doc: doc, entries: builtinEntries(doc, sd.section)}
	return e.builtins
}

// builtinEntries reads the entries of a shell's section of builtins: an
// item each, its term the builtin's synopsis in one form or more ("export
// [-fn] [name[=word]] ..., export -p"), a form that starts with another
// name giving the builtin under that name too (". filename, source
// filename"; "declare ..., typeset ...").
func builtinEntries(d *document.Document, section string) map[string]*entry {
	out := map[string]*entry{}
	s := d.Find(section)
	if s == nil {
		return out
	}
	var last *entry
	lastName := ""
	for _, b := range s.Blocks {
		if b.Kind != document.Item {
			continue
		}
		forms := strings.Split(b.Term, ", ")
		first := strings.Fields(forms[0])
		if len(first) == 0 || strings.HasPrefix(first[0], "-") || strings.HasPrefix(first[0], "[") {
			// zsh's "- simple command", a precommand modifier, not a
			// command of its own
			continue
		}
		name := first[0]
		if name == lastName && last != nil {
			// bash's complete: a synopsis that overflowed its term into
			// the item's text, then a second item with another form and
			// the description
			last.forms = append(last.forms, forms...)
			if strings.HasPrefix(last.text, "[") {
				last.forms = append(last.forms, last.text)
				last.text = b.Text
			} else {
				last.text += "\n" + b.Text
			}
			continue
		}
		en := &entry{forms: forms, text: b.Text}
		names := []string{name}
		for _, f := range forms[1:] {
			w := strings.Fields(f)
			switch {
			case len(w) == 0 || w[0] == name:
			case w[0] == "[" && name == "test":
				// test's other name, the one a bracket gives it ("[ expr
				// ]"); any other form that opens with a bracket is the
				// rest of a synopsis that did not fit on a line
				names = append(names, "[")
			case strings.HasPrefix(w[0], "[") || slices.Contains(first, w[0]):
				// a placeholder of the first form (zsh's "bg [ job ...
				// ], job ... &"), not a name
			default:
				names = append(names, w[0])
			}
		}
		for _, n := range names {
			if _, ok := out[n]; !ok {
				out[n] = en
			}
		}
		last, lastName = en, name
	}
	return out
}

// builtin is the entry of builtin name of the line's shell as a page of
// its own, nil when the shell has no builtin of that name.
func (e *explainer) builtin(name string) *page {
	if p, ok := e.builtinPages[name]; ok {
		return p
	}
	b := e.shellBuiltins()
	if b == nil || b.entries[name] == nil {
		return nil
	}
	en := b.entries[name]
	doc := entryDoc(en, b.section)
	opts := options(doc)
	more := func(o map[string]option) {
		for n, opt := range o {
			if _, ok := opts[n]; !ok {
				opts[n] = opt
			}
		}
	}
	// after the entry's own options: those of the sections of the page it
	// says its words are described in (bash's test: "the primaries
	// described above under CONDITIONAL EXPRESSIONS"), and those of the
	// builtin it is the same as (zsh's "declare: Same as typeset.")
	for _, s := range b.referred(en.text) {
		more(options(&document.Document{Sections: []document.Section{*s}}))
	}
	if same := b.sameAs(en, name); same != nil {
		more(options(entryDoc(same, b.section)))
	}
	summary := b.shell + " builtin"
	if s := firstSentence(en.text); s != "" {
		summary += ": " + s
	}
	p := &page{meta: b.meta, doc: doc, opts: opts, summary: summary, summaryAt: b.section, builtin: true}
	if e.builtinPages == nil {
		e.builtinPages = map[string]*page{}
	}
	e.builtinPages[name] = p
	return p
}

// entryDoc is a builtin's entry as a page: its forms the synopsis, its
// text the one section, where the options it lists as lines of that
// text ("-r" then what it does) are read as any page's.
func entryDoc(en *entry, section string) *document.Document {
	return &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: strings.Join(en.forms, "\n")}}},
		{Title: section, Blocks: []document.Block{{Kind: document.Para, Text: en.text}}},
	}}
}

// underSection finds where an entry sends its reader to another section
// of its page: "described above under CONDITIONAL EXPRESSIONS".
var underSection = regexp.MustCompile(`(?:above|below) under ([A-Z][A-Z ]*[A-Z])\b`)

// referred are the sections of the shell's page an entry says its words
// are described in.
func (b *builtins) referred(text string) []*document.Section {
	var out []*document.Section
	for _, m := range underSection.FindAllStringSubmatch(text, -1) {
		if s := b.doc.Find(m[1]); s != nil && s.Title != b.section && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// sameAs is the entry of the builtin an entry says name is the same as
// ("Same as typeset.", "Equivalent to whence -v."), nil for none.
func (b *builtins) sameAs(en *entry, name string) *entry {
	for _, lead := range []string{"Same as ", "Equivalent to "} {
		rest, ok := strings.CutPrefix(en.text, lead)
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			return nil
		}
		other := strings.Trim(f[0], "`'.,;")
		if other != name && b.entries[other] != nil && b.entries[other] != en {
			return b.entries[other]
		}
	}
	return nil
}
