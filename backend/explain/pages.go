package explain

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/cmdline"
	"github.com/ragman-dev/ragman/backend/document"
)

// argKind says whether an option takes a value.
type argKind uint8

const (
	none     argKind = iota
	required         // "-f ARCHIVE", "--file=ARCHIVE", "-m <msg>"
	optional         // "--color[=WHEN]": only when attached
)

// option is what a page says of one option.
type option struct {
	arg     argKind
	desc    string
	section string
	mention bool // desc is a sentence that names it, not its entry
}

// open finds the page of program name: its command page (sections 1, 8,
// 6) first, and reads the options it documents. Nil without one: a page
// of another kind that has the name never explains a command word.
func (e *explainer) open(name string) *page {
	name = strings.ToLower(name)
	if p, ok := e.pages[name]; ok {
		return p
	}
	p := e.read(name)
	if e.pages == nil {
		e.pages = map[string]*page{}
	}
	e.pages[name] = p
	return p
}

// read opens the page of name, lowercase.
func (e *explainer) read(name string) *page {
	ids := e.lib.Pages(name)
	best := -1
	for _, id := range ids {
		if !commandSection(e.lib.Meta(id).Section) {
			continue
		}
		if best < 0 || answer.ProgramPage(e.lib.Meta(id)) && !answer.ProgramPage(e.lib.Meta(best)) {
			best = id
		}
	}
	if best < 0 {
		return nil
	}
	doc, err := e.lib.Load(best)
	if err != nil {
		e.out.Warnings = append(e.out.Warnings, "could not read the page of "+name+": "+err.Error())
		return nil
	}
	m := e.lib.Meta(best)
	return &page{meta: m, doc: doc, opts: options(doc), ops: exprOperators(doc), summary: m.Summary, summaryAt: "NAME"}
}

// commandSection says whether a man page of section sec may document a
// command: not one of the numbered sections of other things, where a
// command's name names a system call (read(2), kill(2)), a library
// function (printf(3), exec(3)), a device, a file format, a convention
// or an SQL statement (SET(7)), nor Tcl's commands (read(n)); "1p",
// "8", "l" and the unnumbered others may.
func commandSection(sec string) bool {
	if sec == "" {
		return true
	}
	return !strings.ContainsRune("0234579n", rune(sec[0]))
}

// options are the options a page's items document, by name: "-x",
// "--extract" and "--get" for "-x, --extract, --get". The first item that
// names an option is its description (OPTIONS comes before examples).
func options(d *document.Document) map[string]option {
	out := map[string]option{}
	add := func(term, desc, section string) {
		names, arg := optionTerm(term)
		for _, n := range names {
			if _, ok := out[n]; !ok {
				out[n] = option{arg: arg, desc: firstSentence(desc), section: section}
			}
		}
	}
	for _, s := range d.Sections {
		if termLike(s.Title) {
			// a heading per option (Perl's POD, "=head2 -f"): the
			// first paragraph under it describes it
			for _, b := range s.Blocks {
				if b.Kind == document.Para {
					add(s.Title, b.Text, s.Title)
					break
				}
			}
		}
		for i, b := range s.Blocks {
			if b.Kind != document.Code {
				// a list nested in an item reaches the index as lines of
				// its text: "-l, --list pattern" then what it does (dpkg's
				// dpkg-query actions)
				lines := strings.Split(b.Text, "\n")
				for j := 0; j+1 < len(lines); j++ {
					switch {
					case termLike(lines[j]) && !termLike(lines[j+1]):
						add(lines[j], lines[j+1], s.Title)
					case document.ListMark(lines[j]):
						// "•" then "-l displays the full package
						// name" (jps's -mlvV)
						if term, desc := leadingOption(lines[j+1]); term != "" {
							add(term, desc, s.Title)
						}
					}
				}
			}
			term, desc := b.Term, b.Text
			if b.Kind == document.Item && document.ListMark(term) {
				// a bulleted list of options, the option first in
				// each entry's text: "• -l displays the full package
				// name" (jps)
				term, desc = leadingOption(b.Text)
			}
			if b.Kind != document.Item {
				// asciidoctor's pages (util-linux) give an option as a
				// paragraph of its own, "-T, --log-timing file", and its
				// description as the next
				if b.Kind != document.Para || !termLike(b.Text) || i+1 >= len(s.Blocks) {
					continue
				}
				term, desc = b.Text, s.Blocks[i+1].Text
			}
			if t := strings.TrimSpace(term); strings.HasPrefix(t, "[-") && strings.HasSuffix(t, "]") {
				// unzip's "[-d exdir]": an optional option's entry
				term = t[1 : len(t)-1]
			}
			if t := strings.TrimSpace(term); strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+|-") || strings.HasPrefix(t, "-|+") {
				add(term, desc, s.Title)
			}
		}
	}
	return out
}

// termLike says whether a paragraph reads as an option's term: short,
// starting with a dash, every word an option or a placeholder, no
// sentence.
func termLike(text string) bool {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "-") || len(text) > 160 {
		return false
	}
	// "pattern..." is a placeholder; a full stop ends a sentence
	t := strings.ReplaceAll(text, "...", "")
	if strings.Contains(t, ". ") || strings.HasSuffix(t, ".") || strings.Contains(t, ";") {
		return false
	}
	return len(strings.Fields(text)) <= 6
}

// optionTerm reads an item's term: the option names it lists and whether
// they take a value. "-f, --file=ARCHIVE" takes one; "--color[=WHEN]" may;
// "-k --keep" lists two names without a comma; "-o FILE" one name and
// its value.
func optionTerm(term string) ([]string, argKind) {
	var names []string
	arg := none
	// "-V or --verbose" (fish) lists two names as "-k, --keep" does
	for _, alt := range strings.Split(strings.ReplaceAll(term, " or -", ", -"), ",") {
		fields := strings.Fields(alt)
		for i := 0; i < len(fields); i++ {
			f := fields[i]
			if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "+|-") && !strings.HasPrefix(f, "-|+") || len(f) < 2 {
				switch {
				case i == 0:
					break
				case arg != none:
				case strings.HasPrefix(f, "["):
					arg = optional // "-b [ID]"
				default:
					arg = required // "-o FILE", "-m <msg>"
				}
				// docbook's pages give the names apart, each with its
				// value: "-i path --ignore=path"
				continue
			}
			if rest, ok := strings.CutPrefix(f, "+|-"); ok && rest != "" {
				// lsof's "+|-r [t]": -r and +r, the same entry
				f = "-" + rest
				names = append(names, "+"+strings.TrimRight(rest, ".:;"))
			} else if rest, ok := strings.CutPrefix(f, "-|+"); ok && rest != "" {
				f = "-" + rest
				names = append(names, "+"+strings.TrimRight(rest, ".:;"))
			}
			switch j := strings.IndexAny(f, "=[<"); {
			case j > 0 && f[j] == '[':
				arg = max(arg, optional)
				f = f[:j]
			case j > 0:
				arg = required
				f = f[:j]
			}
			f = strings.TrimRight(f, ".:;")
			names = append(names, f)
			if len(f) > 3 && f[1] >= 'A' && f[1] <= 'Z' && placeholders[f[2:]] {
				// "-Dname", "-Ttype": -D and -T with their value
				// glued on, as the page's fonts showed it
				names = append(names, f[:2])
				arg = required
			}
		}
	}
	return names, arg
}

// placeholders are the words a page glues to a one-letter option for its
// value ("-Dname[=value]", "-Ttype"): the option is the letter.
var placeholders = map[string]bool{"name": true, "type": true, "file": true, "filename": true, "dir": true, "directory": true,
	"path": true, "value": true, "num": true, "number": true, "size": true, "level": true, "dev": true, "device": true,
	"string": true, "arg": true, "expr": true, "list": true, "pattern": true, "word": true, "host": true, "port": true,
	"user": true, "mode": true, "format": true, "id": true, "key": true, "count": true, "width": true, "prog": true,
	"program": true, "char": true, "suffix": true, "prefix": true, "option": true, "options": true}

// firstSentence is the start of an item's text up to its first full
// stop, or its first 200 bytes, cut at a word.
func firstSentence(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i+1]
	}
	return document.Clip(text, 200, "…")
}

// sub is a subcommand a program's own page documents.
type sub struct{ desc, section string }

// subcommand finds what rest[0] is when it names a subcommand: a page of
// its own (git commit: git-commit(1); ip addr: ip-address(8), by a prefix
// of the shortest name it begins), or an item of the program's page whose term starts
// with it (systemctl restart).
func (e *explainer) subcommand(name string, p *page, rest []cmdline.Word) (*sub, *page) {
	if len(rest) == 0 || strings.HasPrefix(rest[0].Text, "-") || rest[0].Text == "" {
		return nil, nil
	}
	word := strings.ToLower(rest[0].Text)
	if sp := e.open(name + "-" + word); sp != nil {
		return &sub{}, sp
	}
	// an abbreviation names the shortest page it begins (ip addr:
	// ip-address, not ip-addrlabel), as the programs that take them
	// resolve them
	if c := e.lib.PagesWithPrefix(strings.ToLower(name) + "-" + word); len(c) > 0 {
		slices.SortStableFunc(c, func(a, b string) int { return len(a) - len(b) })
		if len(c) == 1 || len(c[0]) < len(c[1]) {
			if sp := e.open(c[0]); sp != nil {
				return &sub{}, sp
			}
		}
	}
	for _, s := range p.doc.Sections {
		for _, b := range s.Blocks {
			if b.Kind != document.Item {
				continue
			}
			if f := strings.Fields(b.Term); len(f) > 0 && strings.EqualFold(strings.TrimRight(f[0], ","), word) {
				return &sub{desc: firstSentence(b.Text), section: s.Title}, nil
			}
		}
	}
	return nil, nil
}

// lookup is what p says of option name: its entry, or else the first
// sentence of its running text that names it ("The command --list-domains
// prints all configured domains."), outside the synopsis and the
// examples, which name options without saying what they do. Never a
// word from another page.
func (p *page) lookup(name string) (option, bool) {
	if o, ok := p.opts[name]; ok {
		return o, true
	}
	if len(name) < 2 || name[0] != '-' || !unicode.IsLetter(rune(name[len(name)-1])) && !unicode.IsDigit(rune(name[len(name)-1])) {
		return option{}, false
	}
	if p.unnamed[name] {
		return option{}, false
	}
	re := regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(name) + `($|[^\w-])`)
	// the first sentence that names it, unless one after says what it is
	var first option
	found := false
	for _, s := range p.doc.Sections {
		switch strings.ToUpper(s.Title) {
		case "SYNOPSIS", "EXAMPLES", "EXAMPLE", "SEE ALSO":
			continue
		}
		for _, b := range s.Blocks {
			if b.Kind == document.Code {
				continue
			}
			for _, sentence := range strings.SplitAfter(strings.Join(strings.Fields(b.Text), " "), ". ") {
				if !re.MatchString(sentence) {
					continue
				}
				o := option{arg: synopsisArg(p.doc, name), desc: firstSentence(sentence), section: s.Title, mention: true}
				if defining(sentence, name) {
					// the page documents it in running text
					o.mention = false
					p.opts[name] = o
					return o, true
				}
				if !found {
					first, found = o, true
				}
			}
		}
	}
	if found {
		p.opts[name] = first
	} else {
		if p.unnamed == nil {
			p.unnamed = map[string]bool{}
		}
		p.unnamed[name] = true
	}
	return first, found
}

// definingLead are the words a sentence may open with before the options
// it is about: "The option -v or --version prints", "With the command
// --list-domains", "You can use -6 as".
var definingLead = map[string]bool{"the": true, "with": true, "also": true, "you": true, "can": true, "use": true,
	"option": true, "options": true, "command": true, "commands": true, "flag": true, "flags": true, "switch": true}

// defining says whether a sentence is the page's description of option
// name, in running text: the option is what it is about, its subject,
// not one named in passing ("Only used if -a or -l is specified", "If -T
// is specified, ..."): "The option -v or --version prints information on
// the version number", "The --recurse and --only-properties options can
// be useful ...", "You can use -6 as an alias for --inet6".
func defining(sentence, name string) bool {
	f := strings.Fields(sentence)
	i := 0
	for i < len(f) && definingLead[strings.ToLower(f[i])] {
		i++
	}
	named := false
	for ; i < len(f); i++ {
		w := strings.TrimRight(f[i], ",")
		switch {
		case strings.HasPrefix(w, "-") && len(w) > 1:
			named = named || w == name
		case w == "or" || w == "and" || w == "":
		default:
			// a word after the options: what they do
			return named && unicode.IsLetter([]rune(w)[0])
		}
	}
	return false
}

// leadingOption splits an entry's text that starts with the options it
// describes: "-l displays the full package name" gives "-l" and
// "displays the full package name"; "" when it does not start with one.
func leadingOption(text string) (term, desc string) {
	f := strings.Fields(text)
	n := 0
	for n < len(f) && strings.HasPrefix(f[n], "-") && len(f[n]) > 1 {
		n++
	}
	if n == 0 || n == len(f) {
		return "", text
	}
	return strings.Join(f[:n], " "), strings.Join(f[n:], " ")
}

// synopsisArg is whether the SYNOPSIS shows option name with a value, for
// an option the page has no entry of: grog's "[-T device]", so that
// "-Tdvi" is -T and its value, not -T -d -v -i.
func synopsisArg(d *document.Document, name string) argKind {
	s := d.Find("SYNOPSIS")
	if s == nil {
		return none
	}
	for _, b := range s.Blocks {
		f := strings.Fields(b.Text)
		for i := 0; i+1 < len(f); i++ {
			if strings.Trim(f[i], "[") != name {
				continue
			}
			next := f[i+1]
			if strings.HasSuffix(f[i], "]") || strings.HasPrefix(next, "-") || strings.HasPrefix(next, "|") || strings.HasPrefix(next, "]") || strings.HasPrefix(next, "[") {
				continue
			}
			return required
		}
	}
	return none
}

// exprWord is a placeholder of the expressions a program's operators
// join: "expr", "expr1".
var exprWord = regexp.MustCompile(`^expr\d*$`)

// exprOperators are what a page's OPERATORS section says of each operator of
// the expression the program reads: find's "expr1 -or expr2" gives -or,
// "( expr )" both parentheses. One said to be the same as another ("Same
// as expr1 -o expr2, but not POSIX compliant.") is said what that one is
// too.
func exprOperators(d *document.Document) map[string]option {
	s := d.Find("OPERATORS")
	if s == nil {
		return nil
	}
	said := map[string]string{} // an item's term, as a sentence would give it: its first sentence
	for _, b := range s.Blocks {
		if b.Kind == document.Item {
			said[strings.Join(strings.Fields(b.Term), " ")] = firstSentence(b.Text)
		}
	}
	out := map[string]option{}
	for _, b := range s.Blocks {
		if b.Kind != document.Item {
			continue
		}
		var ops []string
		joins := false
		for _, w := range strings.Fields(b.Term) {
			if exprWord.MatchString(w) {
				joins = true
			} else {
				ops = append(ops, w)
			}
		}
		if !joins {
			continue
		}
		desc := firstSentence(b.Text)
		if rest, ok := strings.CutPrefix(desc, "Same as "); ok {
			same := ""
			for term := range said {
				if len(term) > len(same) && strings.HasPrefix(rest, term) && !startsWord(rest[len(term):]) {
					same = term
				}
			}
			if same != "" {
				desc = strings.TrimSuffix(desc, ".") + ": " + said[same]
			}
		}
		for _, op := range ops {
			if _, ok := out[op]; !ok {
				out[op] = option{desc: desc, section: s.Title}
			}
		}
	}
	return out
}

// startsWord says whether s starts with a letter, a digit or a dash: the
// rest of a word, not what follows one.
func startsWord(s string) bool {
	return s != "" && (unicode.IsLetter(rune(s[0])) || unicode.IsDigit(rune(s[0])) || s[0] == '-')
}

// variant is the entry of option name in the form that ends with the word
// end ("-exec command {} +" for -exec ... +), when the page gives that
// form an entry of its own.
func variant(p *page, name, end string) (option, bool) {
	for _, s := range p.doc.Sections {
		for _, b := range s.Blocks {
			f := strings.Fields(b.Term)
			if b.Kind == document.Item && len(f) > 1 && f[0] == name && f[len(f)-1] == end {
				return option{desc: firstSentence(b.Text), section: s.Title}, true
			}
		}
	}
	return option{}, false
}

// placeholder reads word as the form of p's synopsis that stands for a
// value of its own: in "kill [-s sigspec | -n signum | -sigspec]", -9 and
// -KILL are -sigspec, not an unknown -9 or the options -K -I -L -L. Only
// a word that is no option the synopsis names, and a form whose
// placeholder the synopsis gives as a value too ("-s sigspec"); described
// by the sentence of the page that says what the placeholder is
// ("sigspec is either a case-insensitive signal name ..."), else by the
// sentence that names the word, else by the form in its synopsis.
func (p *page) placeholder(word string) (option, bool) {
	syn := p.doc.Find("SYNOPSIS")
	if syn == nil || strings.HasPrefix(word, "--") || len(word) < 2 {
		return option{}, false
	}
	var fields []string
	for _, b := range syn.Blocks {
		fields = append(fields, strings.FieldsFunc(b.Text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("[]{}|", r) })...)
	}
	if slices.Contains(fields, word) {
		return option{}, false
	}
	form := ""
	for _, f := range fields {
		if name, ok := strings.CutPrefix(f, "-"); ok && placeholderName.MatchString(name) && slices.Contains(fields, name) {
			form = f
			break
		}
	}
	if form == "" {
		return option{}, false
	}
	if o, ok := p.lookup(word); ok {
		return o, true
	}
	o := option{desc: form + " of the synopsis", section: "SYNOPSIS", mention: true}
	for _, b := range syn.Blocks {
		for _, l := range strings.Split(b.Text, "\n") {
			if strings.Contains(l, form) {
				o.desc = form + " in " + firstSentence(l)
				break
			}
		}
	}
	for _, s := range p.doc.Sections {
		if s.Title == "SYNOPSIS" {
			continue
		}
		for _, b := range s.Blocks {
			for _, sentence := range strings.SplitAfter(strings.Join(strings.Fields(b.Text), " "), ". ") {
				if strings.HasPrefix(sentence, form[1:]+" ") {
					o.desc, o.section = form+": "+firstSentence(sentence), s.Title
					return o, true
				}
			}
		}
	}
	return o, true
}

// placeholderName is how a synopsis names a value: lowercase, more than
// a letter ("sigspec", "signal_name"), where "-n" is an option.
var placeholderName = regexp.MustCompile(`^[a-z][a-z_]+$`)
