package man

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

type trapKind uint8

const (
	trapNone  trapKind = iota
	trapTag            // next text line is the tag of a .TP/.TQ item
	trapTitle          // next text line is the title of a .SH/.SS heading
)

// out is the document being built and the state of the block being filled.
type out struct {
	doc      document.Document
	secIdx   int    // current section, -1 before the first heading
	inName   bool   // in the NAME section, whose text goes to nameBuf
	nameBuf  []byte // NAME section text: "gzip, gunzip - compress files"
	synopsis bool   // in SYNOPSIS: paragraphs are Code, .br keeps a newline
	cur      []byte // text of the block being filled
	curCode  bool   // cur is preformatted text
	nofill   bool   // .nf in force
	join     bool   // the last text ended with \c
	item     int    // open Item block of the current section, -1 for none
	itemDep  int    // depth at which the open item was started
	// tagged: the open item's tag is the paragraph before an .RS (see
	// indent), so the .RE that matches that .RS ends it
	tagged   bool
	depth    int // .RS, .Bl and .Bd nesting
	trap     trapKind
	trapLvl  int    // heading level for trapTitle
	trapBuf  []byte // text collected for the trap
	trapJoin bool
	total    int // bytes of text kept, for maxOutput
	linkURL  []string
	itemBuf  []byte // text of the open item
	// paraStart: cur began at a paragraph macro (.PP), so it is the whole
	// paragraph so far
	paraStart bool
}

func (o *out) init() {
	o.secIdx = -1
	o.item = -1
}

// textLine handles a line of running text (after interpolation).
func (p *parser) textLine(l string) {
	if strings.TrimSpace(l) == "" {
		if strings.IndexByte(l, '\\') < 0 {
			p.blankLine()
			return
		}
	}
	if !p.nofill && isSpace(l[0]) && p.trap == trapNone {
		// a line starting with a blank breaks the filled line in roff
		p.brk()
	}
	t, cont := p.conv(l)
	if p.md.on {
		p.mdocText(t, cont)
		return
	}
	p.emit(t, cont)
}

// blankLine is an empty input line: vertical space in fill mode, an empty
// line in preformatted text.
func (p *parser) blankLine() {
	if p.trap != trapNone {
		return
	}
	if p.nofill {
		if len(p.cur) > 0 {
			p.cur = append(p.cur, '\n')
		}
		return
	}
	p.flush()
}

// emit adds converted text to the document. cont means the text ended with
// \c and the next text joins it without a space.
func (p *parser) emit(t string, cont bool) {
	if p.trap != trapNone {
		if len(p.trapBuf) > 0 && !p.trapJoin {
			p.trapBuf = append(p.trapBuf, ' ')
		}
		p.trapBuf = append(p.trapBuf, t...)
		p.trapJoin = cont
		if !cont {
			p.fireTrap()
		}
		return
	}
	if p.nofill {
		if len(p.cur) > 0 && !p.curCode {
			p.flush()
		}
		p.curCode = true
		p.cur = append(p.cur, t...)
		if !cont {
			p.cur = append(p.cur, '\n')
		}
		p.join = cont
		return
	}
	if p.curCode && len(p.cur) > 0 {
		p.flush()
	}
	p.curCode = false
	if len(p.cur) > 0 && !p.join {
		if c := p.cur[len(p.cur)-1]; c != ' ' && c != '\n' {
			p.cur = append(p.cur, ' ')
		}
	}
	p.cur = append(p.cur, t...)
	p.join = cont
}

// emitWord adds text that attaches to what precedes it when attach is set.
func (p *parser) emitAttached(t string, attach bool) {
	if attach {
		p.join = true
		if p.trap != trapNone {
			p.trapJoin = true
		}
	}
	p.emit(t, false)
}

func (p *parser) fireTrap() {
	t := normSpace(string(p.trapBuf))
	kind := p.trap
	p.trap, p.trapBuf, p.trapJoin = trapNone, p.trapBuf[:0], false
	switch kind {
	case trapTag:
		p.startItem(t)
	case trapTitle:
		p.heading(t, p.trapLvl)
	}
}

// cancelTrap ends a pending trap that got no text; a tag trap still opens
// an (untagged) item so the description stays with it.
func (p *parser) cancelTrap() {
	if p.trap == trapNone {
		return
	}
	if len(p.trapBuf) > 0 {
		p.fireTrap()
		return
	}
	p.trap = trapNone
}

// brk is .br: a line break. Only SYNOPSIS keeps it; elsewhere running text
// is filled into one line per paragraph.
func (p *parser) brk() {
	if p.trap != trapNone {
		p.cancelTrap()
		return
	}
	p.join = false
	if p.nofill {
		return
	}
	if p.synopsis && len(p.cur) > 0 && p.cur[len(p.cur)-1] != '\n' {
		p.cur = append(p.cur, '\n')
	}
}

func (p *parser) setFill(fill bool) {
	if p.nofill == !fill {
		return
	}
	p.cancelTrap()
	p.flush()
	p.nofill = !fill
}

// flush ends the block being filled and stores it: in the NAME buffer, in
// the open item, or as a block of its own.
func (p *parser) flush() {
	p.join = false
	p.paraStart = false
	if len(p.cur) == 0 {
		return
	}
	code := p.curCode
	var t string
	if code {
		t = strings.TrimRight(string(p.cur), " \t\n")
		t = strings.TrimLeft(t, "\n")
	} else if p.synopsis && !p.inName {
		lines := strings.Split(string(p.cur), "\n")
		n := 0
		for _, l := range lines {
			if l = normSpace(l); l != "" {
				lines[n] = l
				n++
			}
		}
		t = strings.Join(lines[:n], "\n")
		code = true
	} else {
		t = normSpace(string(p.cur))
	}
	p.cur = p.cur[:0]
	p.curCode = false
	if t == "" {
		return
	}
	if p.inName {
		if len(p.nameBuf) > 0 {
			p.nameBuf = append(p.nameBuf, ' ')
		}
		p.nameBuf = append(p.nameBuf, t...)
		return
	}
	if !p.place(t) {
		return
	}
	sec := p.section()
	kind := document.Para
	if code {
		kind = document.Code
	}
	sec.Blocks = append(sec.Blocks, document.Block{Kind: kind, Text: t})
}

// section returns the current section, making an untitled one for text
// before the first heading.
func (p *parser) section() *document.Section {
	if p.secIdx < 0 {
		p.doc.Sections = append(p.doc.Sections, document.Section{Level: 1})
		p.secIdx = len(p.doc.Sections) - 1
	}
	return &p.doc.Sections[p.secIdx]
}

// heading starts a section of the given level (1 for .SH, 2 for .SS).
func (p *parser) heading(title string, level int) {
	p.flush()
	p.trap = trapNone
	p.closeItem()
	p.depth = 0
	p.nofill = false
	title = normSpace(title)
	if level == 1 {
		p.inName = strings.EqualFold(title, "NAME") || (len(p.doc.Sections) == 0 && p.secIdx < 0 && len(p.nameBuf) == 0 && strings.EqualFold(title, "NAMES"))
		p.synopsis = strings.EqualFold(title, "SYNOPSIS")
	} else if p.inName {
		p.inName = false
	}
	if p.inName {
		return
	}
	p.doc.Sections = append(p.doc.Sections, document.Section{Title: title, Level: level})
	p.secIdx = len(p.doc.Sections) - 1
}

// startItem opens a tagged paragraph. Inside the description of another
// item (deeper .RS or a nested list) the tag becomes a line of that
// description instead, so nested lists stay with their parent entry;
// unless the tag is an option and the parent's a heading of options
// (dpkg's "dpkg-query actions", whose -L and -S are dpkg's options
// too), where each option is an item of its own.
func (p *parser) startItem(term string) {
	p.flush()
	term = unbracketed(term)
	if p.inName {
		p.emit(term, false)
		return
	}
	sec := p.section()
	if p.item >= 0 && p.item < len(sec.Blocks) {
		b := &sec.Blocks[p.item]
		// Nor an option with a letter of its own under another option,
		// whose .RS was never closed (ss(8)'s --tipcinfo, ".RS .P" and
		// no .RE, held -K, -s, -E and -Z); though an option's values
		// written as options stay with it (swapon's --discard=once
		// under --discard, dpkg's --always under --color).
		if p.depth > p.itemDep && optionTag(term) && (optionHeading(b.Term) || optionTag(b.Term) && shortOption(term) && !sharesOption(b.Term, term)) {
			p.closeItem()
			sec.Blocks = append(sec.Blocks, document.Block{Kind: document.Item, Term: term})
			p.openItem(len(sec.Blocks) - 1)
			return
		}
		if p.depth > p.itemDep {
			if term != "" {
				p.itemAppend(term)
			}
			return
		}
		if p.depth == p.itemDep && len(p.itemBuf) == 0 {
			// .TP with an empty body before another .TP, or .TQ: one
			// entry with several tags
			if term != "" {
				if b.Term != "" {
					b.Term += ", "
				}
				b.Term += term
			}
			return
		}
	}
	if term == "" {
		if p.item >= 0 && p.depth >= p.itemDep {
			return
		}
		p.closeItem()
		return
	}
	p.closeItem()
	sec = p.section()
	sec.Blocks = append(sec.Blocks, document.Block{Kind: document.Item, Term: term})
	p.openItem(len(sec.Blocks) - 1)
}

// unbracketed is an item's tag without the brackets a synopsis writes
// an optional option in: unzip(1) lists its arguments as "[-d exdir]"
// and "[-x xfile(s)]", which document the options -d and -x.
func unbracketed(tag string) string {
	if inner, ok := strings.CutPrefix(tag, "[-"); ok && strings.HasSuffix(inner, "]") && !strings.ContainsAny(inner[:len(inner)-1], "[]|") {
		return "-" + inner[:len(inner)-1]
	}
	return tag
}

// shortOption says whether an option tag names a one-letter option:
// "-K, --kill".
func shortOption(tag string) bool {
	for n := range optionTagNames(tag) {
		if len(n) == 2 && n[0] == '-' && n[1] != '-' {
			return true
		}
	}
	return false
}

// optionTagNames are the options an option tag names, without values:
// -d and --discard of "-d, --discard[=policy]".
func optionTagNames(tag string) map[string]bool {
	out := map[string]bool{}
	for _, f := range strings.FieldsFunc(tag, func(r rune) bool { return r == ',' || r == ' ' || r == '|' }) {
		if i := strings.IndexAny(f, "=["); i > 0 {
			f = f[:i]
		}
		if strings.HasPrefix(f, "-") {
			out[f] = true
		}
	}
	return out
}

// sharesOption says whether two option tags name an option in common:
// "-d, --discard[=policy]" and "--discard=once".
func sharesOption(a, b string) bool {
	na := optionTagNames(a)
	for n := range optionTagNames(b) {
		if na[n] {
			return true
		}
	}
	return false
}

// optionTag says whether an item's tag is a command-line option: "-L,
// --listfiles package-name...".
func optionTag(term string) bool {
	t := strings.TrimLeft(term, "-")
	return len(term)-len(t) >= 1 && len(term)-len(t) <= 2 && t != "" && (unicode.IsLetter(rune(t[0])) || unicode.IsDigit(rune(t[0])))
}

// optionHeading says whether an item's tag names a group of options
// rather than being one, or a command, or a list mark: "dpkg-query
// actions"; not "-o, --options",
// "set LOCATION ATTRIBUTE VALUE..." (a subcommand, whose options are its
// own) or "•".
func optionHeading(term string) bool {
	t := strings.TrimSpace(term)
	if t == "" || strings.HasPrefix(t, "-") || document.ListMark(t) || strings.ContainsAny(t, "[]<>{}|=@\\") {
		return false
	}
	// a label of a few words, not a sentence ("Level specification.",
	// gcloud's, whose options stay lines of it); a subcommand's tag is its
	// name, maybe with operands in capitals
	words := strings.Fields(t)
	if len(words) < 2 || len(words) > 4 || strings.ContainsAny(t[len(t)-1:], ".:;,") {
		return false
	}
	for _, w := range words[1:] {
		if strings.ToUpper(w) == w && strings.ToLower(w) != w {
			return false
		}
	}
	return true
}

// openItem makes block i of the current section the open item. Its text
// grows in itemBuf until it closes: appending to the string would be
// quadratic on long descriptions.
func (p *parser) openItem(i int) {
	p.closeItem()
	p.item = i
	p.itemDep = p.depth
	p.itemBuf = p.itemBuf[:0]
}

// closeItem stores the text of the open item and closes it.
func (p *parser) closeItem() {
	if p.item < 0 {
		return
	}
	if sec := p.section(); p.item < len(sec.Blocks) {
		b := &sec.Blocks[p.item]
		b.Text = string(p.itemBuf)
		b.Term = gluedValues(b.Term)
		if document.ListMark(b.Term) {
			// a bulleted list of options, the option on the bullet's
			// first line and what it does below it, as jq's page
			// writes them ("• --raw-output / -r:"): the option is
			// the item's term, as .TP's would be
			if first, rest, ok := strings.Cut(b.Text, "\n"); ok && bulletOption().MatchString(first) && strings.TrimSpace(rest) != "" {
				b.Term = strings.TrimSuffix(strings.TrimSpace(first), ":")
				b.Text = strings.TrimLeft(rest, "\n")
			}
		}
	}
	p.item = -1
	p.tagged = false
	p.itemBuf = p.itemBuf[:0]
}

// gluedValues writes apart a one-letter option and its value where a
// tag glues them as the manual's shorthand and its long form names the
// value: patch's "-pnum or --strip=num" is "-p num or --strip=num", ld's
// "-Ifile, --dynamic-linker=file" "-I file, ...". Glued, "-pnum" reads
// as an option of that name, which no program takes.
func gluedValues(tag string) string {
	if !strings.HasPrefix(tag, "-") {
		return tag
	}
	values := map[string]bool{}
	for _, m := range longValue().FindAllStringSubmatch(tag, -1) {
		values[strings.ToLower(m[1])] = true
	}
	if len(values) == 0 {
		return tag
	}
	return gluedShort().ReplaceAllStringFunc(tag, func(f string) string {
		opt := strings.TrimLeft(f, " ,")
		lead := f[:len(f)-len(opt)]
		if values[strings.ToLower(opt[2:])] {
			return lead + opt[:2] + " " + opt[2:]
		}
		return f
	})
}

// longValue is a long option's value name: "num" of "--strip=num".
var longValue = lazyre.New(`--[A-Za-z0-9][-A-Za-z0-9]*[= ]\[?([A-Za-z][-_A-Za-z]*)`)

// gluedShort is a one-letter option with letters glued on, at the
// start of a tag or after a comma: "-pnum".
var gluedShort = lazyre.New(`(?:^|,\s*)-[A-Za-z][A-Za-z][-_A-Za-z]*\b`)

// bulletOption is an option's line that a bullet lists, ending in a
// colon: "--raw-output / -r:", "--arg name value:", "-e, --exit-status:".
var bulletOption = lazyre.New(`^\s*--?[A-Za-z0-9][^\n]{0,78}:\s*$`)

// itemAppend adds a paragraph to the open item.
func (p *parser) itemAppend(t string) {
	if len(p.itemBuf) > 0 {
		p.itemBuf = append(p.itemBuf, '\n')
	}
	p.itemBuf = append(p.itemBuf, t...)
}

// endPara is a paragraph macro (.PP, .LP, .P, .HP): it ends an item opened
// at this depth or deeper.
func (p *parser) endPara() {
	p.cancelTrap()
	p.flush()
	if p.item >= 0 && p.depth <= p.itemDep {
		p.closeItem()
	}
	p.paraStart = true
}

// indent is .RS. A paragraph of one short line just before it is the tag
// of what it indents: DocBook writes its option and command lists (the
// shadow tools, systemd, git) as ".PP", the term, ".RS 4", the description,
// ".RE", where hand-written pages use .TP.
func (p *parser) indent() {
	p.cancelTrap()
	if p.paraTag(isTermLine) {
		p.tagged = p.item >= 0 && p.itemDep == p.depth
	}
	p.flush()
	p.depth++
}

// paraTag opens an item whose tag is the paragraph just begun, where it
// is one line that tag says is a tag (indent's .RS, optionTermAhead's
// untagged .IP), and says whether it did.
func (p *parser) paraTag(tag func(string) bool) bool {
	if !p.paraStart || p.curCode || p.synopsis || p.inName {
		return false
	}
	term := normSpace(string(p.cur))
	if !tag(term) {
		return false
	}
	p.cur = p.cur[:0]
	p.startItem(term)
	return true
}

// optionTermAhead is .IP without a tag: a paragraph of one option's line
// just before it (help2man's old ".HP", "-E, -r, --regexp-extended",
// ".IP", "use extended regular expressions") is the tag of what it
// indents, as .RS makes it (indent); it opens that item, and says so.
func (p *parser) optionTermAhead() bool {
	return p.paraTag(func(term string) bool { return isTermLine(term) && optionTag(term) })
}

// isTermLine says whether a paragraph reads as the tag of a list entry
// (-e, --expire; enable UNIT..., enable PATH...; Restart=) rather than a
// sentence leading into an indented display ("For example:").
func isTermLine(t string) bool {
	if t == "" || utf8.RuneCountInString(t) > maxTermLine || strings.Contains(t, ". ") {
		return false
	}
	switch {
	case strings.HasSuffix(t, "..."):
		return true
	case strings.HasSuffix(t, ":"), strings.HasSuffix(t, "."):
		return false
	}
	return true
}

// maxTermLine is the longest tag isTermLine takes: DocBook's longest
// option lines ("--mount-image=IMAGE:PATH[:PARTITION[:OPTIONS]]...") stay
// under it, sentences mostly do not.
const maxTermLine = 100

func (p *parser) outdent() {
	p.cancelTrap()
	p.flush()
	if p.depth > 0 {
		p.depth--
	}
	if p.item >= 0 && (p.depth < p.itemDep || p.tagged && p.depth == p.itemDep) {
		p.closeItem()
	}
}

// addTable stores a table, into the open item if there is one.
func (p *parser) addTable(rows string) {
	p.flush()
	if rows == "" || p.inName {
		if p.inName {
			p.nameBuf = append(p.nameBuf, rows...)
		}
		return
	}
	if !p.place(rows) {
		return
	}
	sec := p.section()
	sec.Blocks = append(sec.Blocks, document.Block{Kind: document.Table, Text: rows})
}

// place counts text against the page's output bound and puts it into the
// open item if there is one. It reports whether the text still needs a
// block of its own.
func (p *parser) place(text string) bool {
	p.total += len(text)
	if p.total > maxOutput {
		p.stop = true
		return false
	}
	if p.item >= 0 {
		p.itemAppend(text)
		return false
	}
	return true
}

// normSpace collapses runs of blanks into one space and trims the ends.
func normSpace(s string) string {
	clean := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' {
			if prevSpace {
				clean = false
				break
			}
			prevSpace = true
			continue
		}
		if c == '\t' || c == '\n' || c == '\r' {
			clean = false
			break
		}
		prevSpace = false
	}
	if clean && !prevSpace {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// request handles requests and macros that the roff layer leaves to the
// formatter.
func (p *parser) request(name, rest string) {
	switch name {
	case "br":
		p.brk()
		return
	case "sp":
		if p.trap != trapNone {
			return
		}
		if p.nofill {
			if len(p.cur) > 0 {
				p.cur = append(p.cur, '\n')
			}
			return
		}
		p.flush()
		// Asciidoctor's pages (util-linux's dmesg, mount, lsblk) separate
		// paragraphs with .sp where DocBook writes .PP, and write each
		// option as .sp, the term, ".RS 4", the description, ".RE": the
		// term is a tag as after .PP (see indent). Unlike .PP it ends no
		// item, since it also parts the paragraphs inside one.
		p.paraStart = true
		return
	case "it":
		// DocBook's run-in headings (.sp, then ".it 1 an-trap" and a
		// bold title, then .RS 4 over its paragraphs) are no tags
		p.paraStart = false
		return
	case "nf":
		p.setFill(false)
		return
	case "fi":
		p.setFill(true)
		return
	case "ti", "in", "ce", "rj":
		if p.trap == trapNone {
			p.brk()
		}
		return
	case "bp":
		p.flush()
		return
	}
	if p.md.on {
		if p.mdocMacro(name, rest) {
			return
		}
	} else if p.manMacro(name, rest) {
		return
	}
	// a man page that uses mdoc macros or the other way round
	if !p.md.on && mdocMacros[name] && name == "Dd" {
		p.md.on = true
		return
	}
}
